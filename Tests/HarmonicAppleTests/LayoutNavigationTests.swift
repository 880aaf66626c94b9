#if HARMONIC_APPLE_INTERFACE
import Foundation
import Harmonic
import Testing
import _AppleInterface

/// Layout-to-layout navigation (`useLayoutToLayoutNavigationTransitions`)
/// made interactive and interruptible by HarmonicTransitionLayout.push and
/// .pop, under the scripted host: a list controller pushing a grid
/// controller over one shared collection view, and popping back.
@MainActor
@Suite("Apple shims: layout-to-layout navigation, interactive and interruptible")
struct LayoutNavigationTests {
  /// A collection view controller as an app writes one: 60 items, Harmonic's transition layout.
  final class FlowScreen: UICollectionViewController {
    var errors: [String] = []
    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 60 }
    override func collectionView(
      _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout, newLayout toLayout: UICollectionViewLayout
    ) -> UICollectionViewTransitionLayout {
      let transition = HarmonicTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout, springs: .shared(.snappy))
      transition.onError = { [weak self] in self?.errors.append("\($0)") }
      return transition
    }
  }

  static func flow(grid: Bool) -> UICollectionViewFlowLayout {
    let flow = UICollectionViewFlowLayout()
    flow.itemSize = grid ? CGSize(width: 128, height: 128) : CGSize(width: 390, height: 64)
    (flow.minimumLineSpacing, flow.minimumInteritemSpacing) = grid ? (2, 2) : (1, 0)
    return flow
  }

  /// Each visible item's frame in `layout`, by item.
  static func frames(_ layout: UICollectionViewLayout, in rect: CGRect) -> [Int: CGRect] {
    Dictionary((layout.layoutAttributesForElements(in: rect) ?? []).map { ($0.indexPath.item, $0.frame) }, uniquingKeysWith: { a, _ in a })
  }

  /// Frames every 1/60 s until the collection view no longer shows `transition` (at most 4 s).
  static func run(_ transition: HarmonicTransitionLayout, on view: UICollectionView, from start: Double) -> Double {
    var t = start
    while view.collectionViewLayout === transition, t < start + 4 {
      t += 1.0 / 60
      _scriptedMediaTime = t
      transition.frame(atTimestamp: t)
    }
    return t
  }

  @Test("a pinch pushes the grid controller, a grab holds it, a pop cancels then finishes; each end exact")
  func pushAndPop() throws {
    _scriptedMediaTime = 10
    let list = FlowScreen(collectionViewLayout: Self.flow(grid: false))
    let nav = UINavigationController(rootViewController: list)
    let view = try #require(list.collectionView)
    view.layoutIfNeeded()
    let grid = FlowScreen(collectionViewLayout: Self.flow(grid: true))
    let listFrames = Self.frames(view.collectionViewLayout, in: view.bounds)
    let push = try #require(HarmonicTransitionLayout.push(grid, from: list))
    #expect(grid.useLayoutToLayoutNavigationTransitions)
    // The first pose is the list exactly.
    #expect(Self.frames(push, in: view.bounds).filter { listFrames[$0.key] != nil } == listFrames)
    // A pinch: progress from the gesture, then a grab-free release with its velocity.
    for (k, p) in [0.1, 0.25, 0.4].enumerated() {
      _scriptedMediaTime = 10 + Double(k + 1) / 60
      push.transitionProgress = CGFloat(p)
    }
    push.finish(velocity: 2)
    // Five frames in, a second touch grabs it: the pose holds.
    var t = 10 + 3.0 / 60
    for _ in 0..<5 {
      t += 1.0 / 60
      _scriptedMediaTime = t
      push.frame(atTimestamp: t)
    }
    let before = push.layoutAttributesForElements(in: view.bounds.insetBy(dx: -400, dy: -400)) ?? []
    let grabbed = try #require(push.grab())
    let after = push.layoutAttributesForElements(in: view.bounds.insetBy(dx: -400, dy: -400)) ?? []
    #expect(before.count == after.count && grabbed > 0.4)
    for (a, b) in zip(before, after) {
      #expect(abs(Double(a.center.x - b.center.x)) < 1e-9 && abs(Double(a.center.y - b.center.y)) < 1e-9)
    }
    #expect(nav.viewControllers.count == 1, "not pushed while the gesture holds it")
    push.finish(velocity: 0)
    t = Self.run(push, on: view, from: t)
    // Pushed without animation, sharing the collection view, which now has the grid's layout.
    #expect(nav.viewControllers.count == 2 && nav.topViewController === grid)
    #expect(grid.collectionView === view && view.collectionViewLayout === grid.collectionViewLayout)
    #expect(
      Self.frames(view.collectionViewLayout, in: view.bounds) == Self.frames(grid.collectionViewLayout, in: view.bounds)
        && Self.frames(push, in: view.bounds).filter { Self.frames(grid.collectionViewLayout, in: view.bounds)[$0.key] != nil }
          == Self.frames(grid.collectionViewLayout, in: view.bounds),
      "the last frame is the grid's exactly")
    // A pop begun and cancelled: still the grid.
    let back = try #require(HarmonicTransitionLayout.pop(grid))
    _scriptedMediaTime = t + 1.0 / 60
    back.transitionProgress = 0.3
    back.cancel(velocity: -1)
    t = Self.run(back, on: view, from: t + 1.0 / 60)
    #expect(nav.viewControllers.count == 2 && view.collectionViewLayout === grid.collectionViewLayout)
    // A pop finished: the list again, its own layout.
    let pop = try #require(HarmonicTransitionLayout.pop(grid))
    pop.finish(velocity: 0)
    _ = Self.run(pop, on: view, from: t)
    #expect(nav.viewControllers.count == 1 && nav.topViewController === list)
    #expect(view.collectionViewLayout === list.collectionViewLayout && list.collectionView === view)
    #expect(list.errors.isEmpty && grid.errors.isEmpty, "\(list.errors) \(grid.errors)")
    // Nothing to pop beneath the root.
    #expect(HarmonicTransitionLayout.pop(list) == nil)
  }
}
#endif
