#if HARMONIC_APPLE_INTERFACE
// Compiled on Linux in HarmonicAppleTests against Tests/AppleInterface.
import Harmonic
import _AppleInterface
#elseif canImport(UIKit) && !os(watchOS)
import Harmonic
import UIKit
#endif
#if HARMONIC_APPLE_INTERFACE || (canImport(UIKit) && !os(watchOS))

// Layout-to-layout navigation, as the view-controller transitions seed
// describes it, made interactive: two collection view controllers over one
// collection view (useLayoutToLayoutNavigationTransitions), a list and a
// grid. Pinching in on the list pushes the grid, following the fingers; a
// release springs on with their velocity; a second pinch catches it; pinching
// out on the grid pops back the same way. UIKit's own layout-to-layout push
// runs for a fixed duration and cannot be caught. Harmonic's tests compile it
// on Linux and drive it as UIKit would (HarmonicAppleTests); the pinch's
// target and action need the Objective-C runtime, Apple platforms only.

/// One screen of the pair: the app's own flow layout, Harmonic's transition
/// layout between screens. The list, at the root, owns the pinch: the grid
/// shares its collection view once pushed.
final class AlbumController: UICollectionViewController {
  /// Whether this is the grid or the list.
  let isGrid: Bool
  /// The push or pop in flight (the list's), from the pinch's start until it lands.
  private(set) var transition: HarmonicTransitionLayout?
  private var pinch: LayoutAnimator.Pinch?

  init(grid: Bool, width: CGFloat) {
    isGrid = grid
    let flow = UICollectionViewFlowLayout()
    flow.itemSize = grid ? CGSize(width: (width - 4) / 3, height: (width - 4) / 3) : CGSize(width: width, height: 64)
    (flow.minimumLineSpacing, flow.minimumInteritemSpacing) = grid ? (2, 2) : (1, 0)
    super.init(collectionViewLayout: flow)
  }
  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    #if canImport(ObjectiveC)
    if !isGrid { collectionView.addGestureRecognizer(UIPinchGestureRecognizer(target: self, action: #selector(pinched(_:)))) }
    #endif
  }

  override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 120 }

  /// UIKit asks for the layout between the two screens' layouts: Harmonic's.
  override func collectionView(
    _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout, newLayout toLayout: UICollectionViewLayout
  ) -> UICollectionViewTransitionLayout {
    let transition = HarmonicTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout, springs: .shared(.snappy))
    transition.onError = { error in assertionFailure("Harmonic: \(error)") }
    return transition
  }

  #if canImport(ObjectiveC)
  @objc private func pinched(_ recognizer: UIPinchGestureRecognizer) { pinchChanged(recognizer) }
  #endif

  /// The list's pinch: in pushes the grid, out on the grid pops back to the
  /// list; a pinch while one springs catches it where it is.
  func pinchChanged(_ recognizer: UIPinchGestureRecognizer) {
    switch recognizer.state {
    case .began:
      if let transition {
        if let progress = transition.grab() { pinch?.baseProgress = Double(progress) }
        return
      }
      // The screen on top decides: the grid pops, the list pushes.
      let top = navigationController?.topViewController as? AlbumController ?? self
      guard let gesture = try? LayoutAnimator.Pinch(completionScale: top.isGrid ? 1 / 0.6 : 0.6) else { return }
      pinch = gesture
      let done: (Bool) -> Void = { [weak self] _ in self?.landed() }
      transition =
        top.isGrid
        ? HarmonicTransitionLayout.pop(top, completion: done)
        : HarmonicTransitionLayout.push(AlbumController(grid: true, width: view.bounds.width), from: self, completion: done)
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

  private func landed() { (transition, pinch) = (nil, nil) }
}
#endif
