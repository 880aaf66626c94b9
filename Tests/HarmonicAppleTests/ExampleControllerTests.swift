#if HARMONIC_APPLE_INTERFACE
import Foundation
import Harmonic
import Testing
import _AppleInterface

/// Examples/UIKit/PhotoGridViewController.swift, compiled here against the
/// interface, driven as UIKit would: load, tap to delete, pinch, rotate.
@MainActor
@Suite("Apple shims: the example photo grid under a scripted host")
struct ExampleControllerTests {
  /// Frames every 1/60 s from `start` while `running` (at most 4 s), each
  /// at its own media time. Returns the time of the last.
  static func frames(from start: Double, while running: () -> Bool, frame: (Double) -> Void) -> Double {
    var t = start
    while running(), t < start + 4 {
      t += 1.0 / 60
      _scriptedMediaTime = t
      frame(t)
    }
    return t
  }

  /// A pinch as UIKit reports it: one state and scale per 1/60 s from
  /// `start`, each handed to `change`, then `frame` at its time. Returns the time.
  static func pinch(
    _ recognizer: UIPinchGestureRecognizer, _ steps: [(UIGestureRecognizer.State, Double)], from start: Double,
    change: (UIPinchGestureRecognizer) -> Void, frame: (Double) -> Void
  ) -> Double {
    var t = start
    for (state, scale) in steps {
      t += 1.0 / 60
      _scriptedMediaTime = t
      recognizer._setScriptedState(state)
      recognizer.scale = CGFloat(scale)
      change(recognizer)
      frame(t)
    }
    return t
  }

  /// Display-link frames of the photo grid until its driver stops.
  static func runFrames(_ controller: PhotoGridViewController, from start: Double) -> Double {
    frames(from: start, while: { controller.driver.isRunning }, frame: { controller.driver.frame(atTimestamp: $0) })
  }

  /// A pinch on the photo grid, each step followed by its frame, then frames until rest.
  static func pinch(
    _ controller: PhotoGridViewController, _ recognizer: UIPinchGestureRecognizer, _ steps: [(UIGestureRecognizer.State, Double)],
    from start: Double
  ) -> Double {
    let t = pinch(
      recognizer, steps, from: start, change: controller.pinchChanged,
      frame: { t in if controller.driver.isRunning { controller.driver.frame(atTimestamp: t) } })
    return runFrames(controller, from: t)
  }

  @Test("a tap deletes with a spring, a pinch goes to five columns, a rotation re-lays the grid; nothing refused")
  func photoGrid() throws {
    _scriptedMediaTime = 500
    let controller = PhotoGridViewController()
    controller.viewDidLoad()
    var errors: [HarmonicError] = []
    controller.layout.onError = { errors.append($0) }
    #expect(controller.layout.engine.snappingOptions.alignment == .leading)  // rows snap to the top, as the grid says
    // A tap on photo 4.
    controller.collectionView(controller.collectionView, didSelectItemAt: IndexPath(item: 4, section: 0))
    #expect(controller.driver.isRunning && controller.photos.count == 119)
    var t = Self.runFrames(controller, from: 500)
    // A pinch in, released past half way: five columns.
    let recognizer = UIPinchGestureRecognizer(target: nil, action: nil)
    t = Self.pinch(controller, recognizer, [(.began, 1.0), (.changed, 0.9), (.changed, 0.7), (.ended, 0.65)], from: t)
    #expect(controller.columns == 5 && controller.layout.engine.activity == .resting)
    // A second pinch after the first has settled: nothing to grab, a new
    // transition (it tried a grab, whose refusal tripped onError's assertion).
    t = Self.pinch(controller, recognizer, [(.began, 1.0), (.changed, 1.3), (.changed, 1.6), (.ended, 1.65)], from: t)
    let (columns, activity) = (controller.columns, controller.layout.engine.activity)
    #expect(columns == 3 && activity == .resting && errors.isEmpty, "\(columns) columns, \(activity), \(errors)")
    // And back to five columns, for the rotation below.
    t = Self.pinch(controller, recognizer, [(.began, 1.0), (.changed, 0.8), (.changed, 0.65), (.ended, 0.62)], from: t)
    #expect(controller.columns == 5)
    let side = (390.0 - 8) / 5
    #expect(Double(controller.layout.engine.layoutAttributesForItem(at: ItemIndexPath(item: 0, section: 0))!.size.width) == side)
    // A rotation to landscape.
    _scriptedMediaTime = t + 0.2
    controller.viewWillTransition(to: CGSize(width: 844, height: 390), with: Coordinator())
    _ = Self.runFrames(controller, from: t + 0.2)
    #expect(controller.layout.engine.viewport.size == CGSize(width: 844, height: 390) && !controller.driver.isRunning)
    #expect(errors.isEmpty, "\(errors)")
  }

  final class Coordinator: UIViewControllerTransitionCoordinator {}

  /// Frames of the layout-switch example's release until UIKit has its layout.
  static func runFrames(_ controller: LayoutSwitchViewController, from start: Double) -> Double {
    frames(from: start, while: { controller.transition?.isReleased == true }, frame: { controller.transition?.frame(atTimestamp: $0) })
  }

  /// A pinch on the layout-switch example, a frame after each step while a release runs.
  static func pinch(
    _ controller: LayoutSwitchViewController, _ recognizer: UIPinchGestureRecognizer, _ steps: [(UIGestureRecognizer.State, Double)],
    from start: Double
  ) -> Double {
    pinch(
      recognizer, steps, from: start, change: controller.pinchChanged,
      frame: { t in if let transition = controller.transition, transition.isReleased { transition.frame(atTimestamp: t) } })
  }

  /// Every cell on screen, as the installed layout answers: index, frame.
  static func cells(_ controller: LayoutSwitchViewController) -> [Int: CGRect] {
    let layout = controller.collectionView.collectionViewLayout
    return Dictionary(
      uniqueKeysWithValues: (layout.layoutAttributesForElements(in: controller.collectionView.bounds) ?? []).map { ($0.indexPath.item, $0.frame) })
  }

  @Test(
    "the app's own flow layouts: a pinch springs the list into the grid, a second pinch catches a release, a tap switches back; UIKit ends on the flow layout's frames"
  )
  func layoutSwitch() throws {
    _scriptedMediaTime = 800
    let controller = LayoutSwitchViewController()
    controller.viewDidLoad()
    let recognizer = UIPinchGestureRecognizer(target: nil, action: nil)
    // Pinch in past half way: the grid, its cells exactly where the grid flow layout puts them.
    var t = Self.pinch(controller, recognizer, [(.began, 1.0), (.changed, 0.9), (.changed, 0.75), (.ended, 0.72)], from: 800)
    #expect(controller.transition?.isReleased == true)
    t = Self.runFrames(controller, from: t)
    #expect(controller.isGrid && controller.transition == nil)
    let grid = try #require(controller.collectionView.collectionViewLayout as? UICollectionViewFlowLayout)
    #expect(grid.itemSize.width == (390 - 4) / 3 && Self.cells(controller).count == 3 * 7)
    // Pinch out and let go; a second pinch catches it mid-flight and takes it back to the grid.
    t = Self.pinch(controller, recognizer, [(.began, 1.0), (.changed, 1.3), (.changed, 1.55), (.ended, 1.6)], from: t)
    for _ in 0..<6 {
      t += 1.0 / 60
      _scriptedMediaTime = t
      controller.transition?.frame(atTimestamp: t)
    }
    let flying = try #require(controller.transition)
    #expect(flying.isReleased)
    t = Self.pinch(controller, recognizer, [(.began, 1.0)], from: t)
    #expect(!flying.isReleased, "the second pinch grabbed the release")
    t = Self.pinch(controller, recognizer, [(.changed, 0.8), (.changed, 0.6), (.ended, 0.55)], from: t)
    t = Self.runFrames(controller, from: t)
    #expect(controller.isGrid && controller.transition == nil && controller.collectionView.collectionViewLayout === grid, "cancelled: the grid again")
    // A tap: back to the list without a gesture.
    controller.collectionView(controller.collectionView, didSelectItemAt: IndexPath(item: 0, section: 0))
    _ = Self.runFrames(controller, from: t)
    let list = try #require(controller.collectionView.collectionViewLayout as? UICollectionViewFlowLayout)
    #expect(!controller.isGrid && list.itemSize == CGSize(width: 390, height: 64))
    let shown = Self.cells(controller)
    #expect(!shown.isEmpty && shown.allSatisfy { $0.value == list.layoutAttributesForItem(at: IndexPath(item: $0.key, section: 0))!.frame })
  }

  @Test("layout-to-layout navigation: a pinch pushes the grid controller, a second pinch catches it, a pinch out pops; one collection view")
  func layoutNavigation() throws {
    _scriptedMediaTime = 900
    let list = AlbumController(grid: false, width: 390)
    let nav = UINavigationController(rootViewController: list)
    let view = try #require(list.collectionView)
    view.layoutIfNeeded()
    let recognizer = UIPinchGestureRecognizer(target: nil, action: nil)
    func run(from t: Double) -> Double {
      Self.frames(from: t, while: { list.transition?.isReleased == true }, frame: { list.transition?.frame(atTimestamp: $0) })
    }
    let release = { (t: Double) in if let transition = list.transition, transition.isReleased { transition.frame(atTimestamp: t) } }
    // Pinch in and let go; a second pinch catches the push mid-flight and finishes it.
    var t = Self.pinch(recognizer, [(.began, 1.0), (.changed, 0.9), (.changed, 0.8), (.ended, 0.78)], from: 900, change: list.pinchChanged, frame: release)
    for _ in 0..<4 {
      t += 1.0 / 60
      _scriptedMediaTime = t
      list.transition?.frame(atTimestamp: t)
    }
    let flying = try #require(list.transition)
    t = Self.pinch(recognizer, [(.began, 1.0)], from: t, change: list.pinchChanged, frame: release)
    #expect(!flying.isReleased && nav.viewControllers.count == 1, "caught before it landed")
    t = Self.pinch(recognizer, [(.changed, 0.7), (.changed, 0.6), (.ended, 0.55)], from: t, change: list.pinchChanged, frame: release)
    t = run(from: t)
    let grid = try #require(nav.topViewController as? AlbumController)
    #expect(grid.isGrid && grid.collectionView === view && view.collectionViewLayout === grid.collectionViewLayout)
    let flow = try #require(grid.collectionViewLayout as? UICollectionViewFlowLayout)
    let shown = (flow.layoutAttributesForElements(in: view.bounds) ?? []).count
    #expect(flow.itemSize.width == (390 - 4) / 3 && shown == 3 * 7)
    // Pinch out on the grid: back to the list, its own layout.
    t = Self.pinch(recognizer, [(.began, 1.0), (.changed, 1.3), (.changed, 1.6), (.ended, 1.7)], from: t, change: list.pinchChanged, frame: release)
    _ = run(from: t)
    #expect(nav.viewControllers.count == 1 && view.collectionViewLayout === list.collectionViewLayout && list.transition == nil)
  }
}
#endif
