#if canImport(UIKit) && !os(watchOS)
import Harmonic
import UIKit

// An example app screen: a photo grid that pinches between 3 and 5 columns,
// deletes a photo on tap, snaps a fling to a row and springs through a
// rotation — every animation a Harmonic spring. Not built by this package
// (UIKit is not available where its CI runs); copy it into an iOS app target
// that depends on the `Harmonic` product. Each call into Harmonic here is one
// that LayoutAnimatorTests makes on Linux in UIKit's order.

final class PhotoGridViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
  private var photos = Array(0..<120)
  private var columns = 3
  private var pinch: (gesture: LayoutAnimator.Pinch, from: Int, to: Int)?
  private var layout: HarmonicCollectionViewLayout!
  private var driver: HarmonicDisplayLinkDriver!
  private var collectionView: UICollectionView!

  /// The app's layout: `columns` square photos across `width` points, 2 pt apart.
  private func grid(columns: Int, width: CGFloat) throws(HarmonicError) -> GridLayout {
    let side = (Double(width) - 2 * Double(columns - 1)) / Double(columns)
    let section = GridLayout.Section(
      itemCount: photos.count, itemSize: CGSize(width: side, height: side), lineSpacing: 2, interitemSpacing: 2)
    return try GridLayout(sections: [section], viewportCrossExtent: Double(width))
  }

  /// The offset at which `grid` shows the first visible photo in the top row
  /// (the anchor of pinches and rotations).
  private func offset(keepingTopPhotoIn grid: GridLayout, viewport: Viewport) -> CGPoint {
    guard let anchor = collectionView.indexPathsForVisibleItems.min() else { return .zero }
    return (try? grid.placement(of: [ItemIndexPath(anchor)], .top, viewport: viewport, current: collectionView.contentOffset)) ?? .zero
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    do {
      var engine = try LayoutAnimator(
        layout: grid(columns: columns, width: view.bounds.width), viewport: Viewport(size: view.bounds.size),
        contentOffset: .zero, springs: .shared(.snappy))
      engine.snapping = { layout, viewport throws(HarmonicError) in try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport) }
      layout = HarmonicCollectionViewLayout(engine: engine, clock: try FrameClock(origin: CACurrentMediaTime())) { [unowned self] in
        (try? self.grid(columns: self.columns, width: self.collectionView.bounds.width)) ?? self.layout.engine.layout
      }
    } catch {
      fatalError("the grid's sizes are positive and finite: \(error)")
    }
    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "photo")
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.decelerationRate = .fast
    collectionView.addGestureRecognizer(UIPinchGestureRecognizer(target: self, action: #selector(pinched(_:))))
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
    driver.start()
  }

  func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { driver.scrollViewWillBeginDragging() }

  func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
    driver.scrollViewWillEndDragging(withVelocity: velocity, targetContentOffset: targetContentOffset)
  }

  /// Pinching in goes to 5 columns, out to 3; a second pinch catches a released one.
  @objc private func pinched(_ recognizer: UIPinchGestureRecognizer) {
    layout.advanceToNow()
    do {
      switch recognizer.state {
      case .began:
        if var caught = pinch, let progress = try? layout.engine.grabInteractiveTransition() {
          caught.gesture.baseProgress = progress
          (pinch, columns) = (caught, caught.from)
        } else {
          let (from, to) = (columns, columns == 3 ? 5 : 3)
          let gesture = try LayoutAnimator.Pinch(completionScale: to > from ? 0.6 : 1 / 0.6)
          let target = try grid(columns: to, width: collectionView.bounds.width)
          try layout.engine.startInteractiveTransition(
            to: target, contentOffset: offset(keepingTopPhotoIn: target, viewport: layout.engine.viewport))
          pinch = (gesture, from, to)
        }
      case .changed:
        if let pinch { layout.engine.transitionProgress = pinch.gesture.progress(scale: recognizer.scale) }
      case .ended, .cancelled:
        guard let pinch else { return }
        let rate = pinch.gesture.rate(scale: recognizer.scale, velocity: recognizer.velocity)
        if recognizer.state == .ended, LayoutAnimator.shouldFinish(progress: layout.engine.transitionProgress, rate: rate) {
          try layout.engine.finishInteractiveTransition(velocity: rate)
          columns = pinch.to
        } else {
          try layout.engine.cancelInteractiveTransition(velocity: rate)
        }
      default:
        return
      }
    } catch {
      assertionFailure("\(error)")  // a pinch's scale and velocity are finite; nothing here is out of range
    }
    layout.invalidateLayout()
    driver.start()
  }

  /// A rotation springs every photo to the new width's grid, keeping the top row in view.
  override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
    super.viewWillTransition(to: size, with: coordinator)
    layout.advanceToNow()
    if let viewport = try? Viewport(size: size), let rotated = try? grid(columns: columns, width: size.width) {
      let anchored = offset(keepingTopPhotoIn: rotated, viewport: viewport)
      try? layout.engine.prepare(forAnimatedBoundsChange: viewport, layout: rotated, contentOffset: anchored)
      driver.start()
    }
  }
}
#endif
