#if HARMONIC_APPLE_INTERFACE
// Compiled on Linux in HarmonicAppleTests against Tests/AppleInterface.
import Harmonic
import _AppleInterface
#elseif canImport(UIKit) && !os(watchOS)
import Harmonic
import UIKit
#endif
#if HARMONIC_APPLE_INTERFACE || (canImport(UIKit) && !os(watchOS))

// An example app screen that keeps its own layouts: two
// UICollectionViewFlowLayouts, a list and a grid. A pinch moves between them
// on Harmonic's springs, following the fingers, released with their velocity,
// caught again by a second pinch; a tap switches without a gesture. The only
// Harmonic in it is the delegate method that returns HarmonicTransitionLayout
// and the few lines that drive its progress. Harmonic's tests compile it on
// Linux against an interface of UIKit's API and drive it as UIKit would
// (HarmonicAppleTests); the pinch's target and action need the Objective-C
// runtime and are compiled on Apple platforms only.

/// A list that pinches into a grid and back: the app's own flow layouts, Harmonic's springs.
final class LayoutSwitchViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
  private(set) var collectionView: UICollectionView!
  private(set) var isGrid = false
  /// The transition in flight, from its start until UIKit's completion.
  private(set) var transition: HarmonicTransitionLayout?
  private var pinch: LayoutAnimator.Pinch?

  /// The app's two layouts: full-width rows 64 pt tall, or three squares across.
  func makeLayout(grid: Bool) -> UICollectionViewFlowLayout {
    let flow = UICollectionViewFlowLayout()
    let width = view.bounds.width
    flow.itemSize = grid ? CGSize(width: (width - 4) / 3, height: (width - 4) / 3) : CGSize(width: width, height: 64)
    (flow.minimumLineSpacing, flow.minimumInteritemSpacing) = grid ? (2, 2) : (1, 0)
    return flow
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout(grid: false))
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "row")
    collectionView.dataSource = self
    collectionView.delegate = self
    #if canImport(ObjectiveC)
    collectionView.addGestureRecognizer(UIPinchGestureRecognizer(target: self, action: #selector(pinched(_:))))
    #endif
    view.addSubview(collectionView)
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 200 }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
    cell.backgroundColor = UIColor(hue: CGFloat(indexPath.item % 12) / 12, saturation: 0.5, brightness: 0.9, alpha: 1)
    return cell
  }

  /// UIKit asks for the layout between the two: Harmonic's, over the app's own.
  func collectionView(
    _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout, newLayout toLayout: UICollectionViewLayout
  ) -> UICollectionViewTransitionLayout {
    let transition = HarmonicTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout, springs: .shared(.snappy))
    // A refused answer is a bug of this app's layouts: stop in debug builds (the list then stays as it is).
    transition.onError = { error in assertionFailure("Harmonic: \(error)") }
    return transition
  }

  /// A tap switches between list and grid without a gesture, on springs.
  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { toggle() }

  func toggle() {
    guard transition == nil else { return }
    let grid = !isGrid
    transition = HarmonicTransitionLayout.transition(collectionView, to: makeLayout(grid: grid)) { [weak self] finished in
      self?.ended(finished: finished, grid: grid)
    }
  }

  #if canImport(ObjectiveC)
  @objc private func pinched(_ recognizer: UIPinchGestureRecognizer) { pinchChanged(recognizer) }
  #endif

  /// Pinching in goes from the list to the grid, out from the grid to the
  /// list; a second pinch catches a released one where it is.
  func pinchChanged(_ recognizer: UIPinchGestureRecognizer) {
    switch recognizer.state {
    case .began:
      if let transition {
        if let progress = transition.grab() { pinch?.baseProgress = Double(progress) }
        return
      }
      let grid = !isGrid
      guard let gesture = try? LayoutAnimator.Pinch(completionScale: grid ? 0.6 : 1 / 0.6) else { return }
      pinch = gesture
      let started = collectionView.startInteractiveTransition(to: makeLayout(grid: grid)) { [weak self] _, finished in
        self?.ended(finished: finished, grid: grid)
      }
      transition = started as? HarmonicTransitionLayout
    case .changed:
      guard let transition, let pinch, !transition.isReleased else { return }
      transition.transitionProgress = CGFloat(pinch.progress(scale: Double(recognizer.scale)))
    case .ended, .cancelled:
      guard let transition, let pinch, !transition.isReleased else { return }
      let velocity = pinch.progressVelocity(scale: Double(recognizer.scale), velocity: Double(recognizer.velocity))
      if recognizer.state == .ended, LayoutAnimator.shouldFinish(progress: Double(transition.transitionProgress), progressVelocity: velocity) {
        transition.finish(velocity: velocity)
      } else {
        transition.cancel(velocity: velocity)
      }
    default:
      return
    }
  }

  private func ended(finished: Bool, grid: Bool) {
    if finished { isGrid = grid }
    (transition, pinch) = (nil, nil)
  }
}
#endif
