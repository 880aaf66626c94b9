#if HARMONIC_APPLE_INTERFACE
// Compiled on Linux in HarmonicAppleTests against Tests/AppleInterface.
import Harmonic
import _AppleInterface
#elseif canImport(UIKit) && !os(watchOS)
import Harmonic
import UIKit
#endif
#if HARMONIC_APPLE_INTERFACE || (canImport(UIKit) && !os(watchOS))

// An example app screen: a photo grid that pinches between 3 and 5 columns,
// deletes a photo on tap, snaps a fling to the top of a row and springs
// through a rotation — every animation a Harmonic spring. Copy it into an iOS
// app target that depends on the `Harmonic` product. Harmonic's tests compile
// it on Linux against an interface of UIKit's API and drive it as UIKit
// would (HarmonicAppleTests); the two lines that need the Objective-C
// runtime (the pinch's target and action) are compiled on Apple platforms only.

final class PhotoGridViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
  private(set) var photos = Array(0..<120)
  private(set) var columns = 3
  private var pinch: (gesture: LayoutAnimator.Pinch, from: Int, to: Int)?
  private(set) var layout: HarmonicCollectionViewLayout!
  private(set) var driver: HarmonicDisplayLinkDriver!
  private(set) var collectionView: UICollectionView!

  /// The app's layout: `columns` square photos across `width` points, 2 pt apart.
  private func grid(columns: Int, width: CGFloat) throws(HarmonicError) -> GridLayout {
    let side = (Double(width) - 2 * Double(columns - 1)) / Double(columns)
    let section = GridLayout.Section(
      itemCount: photos.count, itemSize: CGSize(width: side, height: side), lineSpacing: 2, interitemSpacing: 2)
    return try GridLayout(sections: [section], viewportCrossExtent: Double(width))
  }

  /// The offset at which `grid` shows the first visible photo in the top row
  /// (the anchor of a pinch).
  private func offset(keepingTopPhotoIn grid: GridLayout, viewport: Viewport) -> CGPoint {
    guard let anchor = collectionView.indexPathsForVisibleItems.min() else { return .zero }
    return (try? grid.placement(of: [ItemIndexPath(anchor)], .top, viewport: viewport, current: collectionView.contentOffset)) ?? .zero
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    do {
      let grid = try grid(columns: columns, width: view.bounds.width)
      var engine = try LayoutAnimator(layout: grid, viewport: Viewport(size: view.bounds.size), contentOffset: .zero, springs: .shared(.snappy))
      // Rows snap to the top of the screen: the grid's own snap options (leading alignment).
      engine.snapping = { layout, viewport throws(HarmonicError) in try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport) }
      engine.snappingOptions = grid.snapOptions()
      layout = HarmonicCollectionViewLayout(engine: engine, clock: try FrameClock(origin: CACurrentMediaTime())) { [unowned self] in
        (try? self.grid(columns: self.columns, width: self.collectionView.bounds.width)) ?? self.layout.engine.layout
      }
    } catch {
      fatalError("the grid's sizes are positive and finite: \(error)")
    }
    // A refused event is a bug of this controller: stop in debug builds (the layout then shows the data at once).
    layout.onError = { error in assertionFailure("Harmonic refused an event: \(error)") }
    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "photo")
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.decelerationRate = .fast
    #if canImport(ObjectiveC)
    collectionView.addGestureRecognizer(UIPinchGestureRecognizer(target: self, action: #selector(pinched(_:))))
    #endif
    view.addSubview(collectionView)
    driver = HarmonicDisplayLinkDriver(layout: layout, collectionView: collectionView)
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { photos.count }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
    cell.backgroundColor = UIColor(hue: CGFloat(photos[indexPath.item] % 12) / 12, saturation: 0.5, brightness: 0.9, alpha: 1)
    return cell
  }

  /// A tap deletes the photo: the layout's `prepare(forCollectionViewUpdates:)`
  /// hands the update to the engine, which springs every photo to its new place.
  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    photos.remove(at: indexPath.item)
    collectionView.performBatchUpdates { collectionView.deleteItems(at: [indexPath]) }
  }

  func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { driver.scrollViewWillBeginDragging() }

  func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
    driver.scrollViewWillEndDragging(withVelocity: velocity, targetContentOffset: targetContentOffset)
  }

  #if canImport(ObjectiveC)
  @objc private func pinched(_ recognizer: UIPinchGestureRecognizer) { pinchChanged(recognizer) }
  #endif

  /// Pinching in goes to 5 columns, out to 3; a second pinch catches a released one.
  func pinchChanged(_ recognizer: UIPinchGestureRecognizer) {
    switch recognizer.state {
    case .began:
      // Grab only a released pinch still in flight; a settled one is a new pinch.
      if var caught = pinch, layout.engine.activity == .released,
        let progress = layout.perform({ engine throws(HarmonicError) in try engine.grabInteractiveTransition() })
      {
        caught.gesture.baseProgress = progress
        (pinch, columns) = (caught, caught.from)
      } else {
        let (from, to) = (columns, columns == 3 ? 5 : 3)
        guard let gesture = try? LayoutAnimator.Pinch(completionScale: to > from ? 0.6 : 1 / 0.6),
          let target = try? grid(columns: to, width: collectionView.bounds.width)
        else { return }
        let offset = offset(keepingTopPhotoIn: target, viewport: layout.engine.viewport)
        layout.perform { engine throws(HarmonicError) in try engine.startInteractiveTransition(to: target, contentOffset: offset) }
        pinch = (gesture, from, to)
      }
    case .changed:
      guard let pinch else { return }
      layout.perform { engine in engine.transitionProgress = pinch.gesture.progress(scale: recognizer.scale) }
    case .ended, .cancelled:
      guard let pinch else { return }
      let velocity = pinch.gesture.progressVelocity(scale: recognizer.scale, velocity: recognizer.velocity)
      if recognizer.state == .ended, LayoutAnimator.shouldFinish(progress: layout.engine.transitionProgress, progressVelocity: velocity) {
        layout.perform { engine throws(HarmonicError) in try engine.finishInteractiveTransition(velocity: velocity) }
        columns = pinch.to
      } else {
        layout.perform { engine throws(HarmonicError) in try engine.cancelInteractiveTransition(velocity: velocity) }
      }
    default:
      return
    }
  }

  /// A rotation springs every photo to the new width's grid; the engine
  /// keeps the first fully visible photo at the same place on screen (its
  /// anchor policy) and ends on a row of the new grid.
  override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
    super.viewWillTransition(to: size, with: coordinator)
    guard let viewport = try? Viewport(size: size), let rotated = try? grid(columns: columns, width: size.width) else { return }
    layout.perform { engine throws(HarmonicError) in try engine.prepare(forAnimatedBoundsChange: viewport, layout: rotated) }
  }
}
#endif
