#if HARMONIC_APPLE_INTERFACE
import Foundation
import Harmonic
import Testing
import _AppleInterface

/// HarmonicScreenTransition under the scripted host, through the example's
/// screens (Examples/UIKit/ScreenTransitionExample.swift): the seed's
/// 50-row list pushing a three-across grid and popped back by an edge pan,
/// a grid-to-detail hero, grabs, Reduce Motion and bad input.
@MainActor
@Suite("Apple shims: transitions between screens under a scripted host")
struct ScreenTransitionShimTests {
  /// A window holding a navigation controller over the list, the example's navigator as its delegate.
  @MainActor final class Host {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let list = RowListViewController()
    let nav: UINavigationController
    let navigator = ScreenNavigator()
    var container: UIView { nav.view }
    /// The media time of the last event or frame.
    var now = 100.0

    init(listOffset: CGFloat = 300) {
      _scriptedMediaTime = now
      nav = UINavigationController(rootViewController: list)
      nav.view.frame = window.bounds
      window.addSubview(nav.view)
      nav.delegate = navigator
      list.tableView.contentOffset = CGPoint(x: 0, y: listOffset)
      list.tableView.layoutIfNeeded()
    }

    /// Moves the media clock to `time`.
    func at(_ time: Double) {
      now = time
      _scriptedMediaTime = time
    }

    /// Display-link frames at `times` while a transition runs; `each` sees every one.
    func frames(_ times: [Double], each: (Double) -> Void = { _ in }) {
      for t in times {
        guard let transition = navigator.transition else { return }
        at(t)
        transition.frame(atTimestamp: t)
        each(t)
      }
    }

    /// Frames every `step` seconds until the transition completes (at most 4 s).
    func run(step: Double = 1.0 / 60, each: (Double) -> Void = { _ in }) {
      frames(Array(stride(from: now + step, through: now + 4, by: step)), each: each)
      #expect(navigator.transition == nil, "the transition came to rest within 4 s")
    }

    /// The snapshot views in the container, with the view each shows.
    var snapshots: [(snapshot: UIView, of: UIView)] {
      container._subviews.compactMap { v in v._snapshotOf.map { (v, $0) } }
    }
  }

  /// `view`'s frame in `container`.
  static func frame(_ view: UIView, in container: UIView) -> CGRect { view.convert(view.bounds, to: container) }

  /// The model id of a view: a list row's or grid cell's item, or the detail header's.
  static func ids(_ host: Host, grid: ItemGridViewController?) -> [ObjectIdentifier: Int] {
    var ids: [ObjectIdentifier: Int] = [:]
    for path in host.list.tableView.indexPathsForVisibleRows ?? [] {
      if let cell = host.list.tableView.cellForRow(at: path) { ids[ObjectIdentifier(cell)] = path.item }
    }
    if let grid {
      for path in grid.collectionView.indexPathsForVisibleItems {
        if let cell = grid.collectionView.cellForItem(at: path) { ids[ObjectIdentifier(cell)] = path.item }
      }
    }
    return ids
  }

  /// Every element's pose in the model now, by model id, wherever it is (on screen or not).
  static func modelPoses(_ host: Host) -> [Int: LayoutAttributes] {
    guard let model = host.navigator.transition?.model else { return [:] }
    let all = CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
    var poses: [Int: LayoutAttributes] = [:]
    for a in model.engine.layoutAttributesForElements(in: all) + model.engine.leavingAttributes { poses[model.ids[a.elementID]!] = a }
    return poses
  }

  /// Every snapshot's pose as raw bits, in container order (a hidden one: a marker only).
  static func poseBits(_ host: Host) -> [UInt64] {
    host.snapshots.flatMap { s in
      s.snapshot.isHidden
        ? [UInt64.max]
        : [s.snapshot.center.x, s.snapshot.center.y, s.snapshot.bounds.width, s.snapshot.bounds.height, s.snapshot.alpha].map { Double($0).bitPattern }
    }
  }

  /// Taps row 20 of the list at offset 300; returns the grid pushed.
  static func tapRow20(_ host: Host) throws -> ItemGridViewController {
    host.list.tableView(host.list.tableView, didSelectRowAt: IndexPath(item: 20, section: 0))
    return try #require(host.nav._context?.viewController(forKey: .to) as? ItemGridViewController)
  }

  @Test("the push: row 20 to the grid's first row; every row of the union drawn at 40 instants; exact ends")
  func push() throws {
    let host = Host()
    let listIDs = Set((host.list.tableView.indexPathsForVisibleRows ?? []).map(\.item))
    let grid = try Self.tapRow20(host)
    let context = try #require(host.nav._context)
    // The seed's rule, computed from the grid's own layout: item 20's row on top, clamped to the content.
    let row = try #require(grid.collectionView.layoutAttributesForItem(at: IndexPath(item: 20, section: 0))).frame.minY
    let expected = min(row, grid.collectionView.contentSize.height - grid.collectionView.bounds.height)
    #expect(grid.collectionView.contentOffset == CGPoint(x: 0, y: expected))
    #expect(expected == row, "row 20 of 50 can reach the top: no clamp")
    let gridIDs = Set(grid.collectionView.indexPathsForVisibleItems.map(\.item))
    let union = listIDs.union(gridIDs)
    #expect(listIDs == Set(6...25) && gridIDs.contains(20) && union.count > listIDs.count)
    let ids = Self.ids(host, grid: grid)
    // The first pose: each row's snapshot exactly on its row.
    let first = host.snapshots
    for (snapshot, view) in first where view is UITableViewCell && listIDs.contains(ids[ObjectIdentifier(view)] ?? -1) {
      #expect(snapshot.frame == Self.frame(view, in: host.container))
      #expect(snapshot.alpha == 1 && !snapshot.isHidden)
    }
    // Every id of the union has a snapshot; the real views are hidden.
    #expect(Set(first.compactMap { ids[ObjectIdentifier($0.of)] }) == union)
    #expect(first.allSatisfy { $0.of.isHidden })
    var instants = 0
    var previous: [ObjectIdentifier: CGPoint] = [:]
    var largestStep = 0.0
    host.run { _ in
      guard host.navigator.transition != nil else { return }
      instants += 1
      // Brute force: each id of the union whose pose (the model's) meets the
      // screen is drawn there, its two snapshots' alphas summing to 1.
      let poses = Self.modelPoses(host)
      for id in union {
        let pose = try! #require(poses[id], "id \(id) has a pose")
        guard pose.frame.intersects(host.container.bounds) else { continue }
        let drawn = host.snapshots.filter { ids[ObjectIdentifier($0.of)] == id }
        #expect(!drawn.isEmpty && drawn.allSatisfy { !$0.snapshot.isHidden && $0.snapshot.frame == pose.frame }, "id \(id) meets the screen: drawn on its pose")
        let alpha = drawn.reduce(0.0) { $0 + Double($1.snapshot.alpha) }
        #expect(abs(alpha - 1) < 1e-12, "id \(id): the cross-fade sums to \(alpha)")
      }
      for (snapshot, _) in host.snapshots where !snapshot.isHidden {
        let step = previous[ObjectIdentifier(snapshot)].map { hypot(Double($0.x - snapshot.center.x), Double($0.y - snapshot.center.y)) } ?? 0
        largestStep = max(largestStep, step)
        previous[ObjectIdentifier(snapshot)] = snapshot.center
      }
    }
    #expect(instants >= 40, "at least 40 instants checked (\(instants))")
    #expect(largestStep < 120, "no snapshot jumps: largest step per frame \(largestStep) pt")
    // The end: UIKit's push completed once, the list gone, the grid's own cells shown where the snapshots ended.
    #expect(context._calls == ["complete true"])
    #expect(host.nav.viewControllers.count == 2 && host.nav.topViewController === grid)
    #expect(host.list.view.superview == nil && grid.view.alpha == 1 && host.snapshots.isEmpty)
    for (snapshot, view) in first where view is UICollectionViewCell {
      #expect(snapshot.frame == Self.frame(view, in: host.container), "item \(ids[ObjectIdentifier(view)]!) ends on its cell exactly")
      #expect(!view.isHidden)
    }
  }

  /// An edge pan on the grid: `.began`, then each translation a frame
  /// apart, then `.ended` at `velocity` (points per second).
  static func edgePan(_ host: Host, on grid: ItemGridViewController, _ translations: [CGFloat], velocity: CGFloat) -> UIPanGestureRecognizer {
    let pan = UIScreenEdgePanGestureRecognizer(target: nil, action: nil)
    grid.view.addGestureRecognizer(pan)
    pan._setScriptedState(.began)
    grid.edgePan(pan)
    for x in translations {
      host.at(host.now + 1.0 / 60)
      host.navigator.transition?.frame(atTimestamp: host.now)
      (pan._scriptedTranslation, pan._scriptedVelocity) = (CGPoint(x: x, y: 0), CGPoint(x: velocity, y: 0))
      pan._setScriptedState(.changed)
      grid.edgePan(pan)
    }
    host.at(host.now + 1.0 / 60)
    pan._setScriptedState(.ended)
    grid.edgePan(pan)
    return pan
  }

  /// The list and grid after a completed push.
  static func pushed() throws -> (Host, ItemGridViewController) {
    let host = Host()
    let grid = try Self.tapRow20(host)
    host.run()
    return (host, grid)
  }

  @Test("the pop: progress = translation / width; past half finishes, a fast swipe finishes, a pan back cancels")
  func pop() throws {
    for (translations, velocity, finishes) in [
      (Array(stride(from: 12.5, through: 250, by: 12.5)), 100.0, true),  // slow, past half
      (Array(stride(from: 10.0, through: 100, by: 10)), 2400, true),  // a swipe at 26 %
      (Array(stride(from: 15.0, through: 150, by: 15)) + [120, 90, 60, 40], -300, false),  // back
    ] as [([CGFloat], CGFloat, Bool)] {
      let (host, grid) = try Self.pushed()
      let offset = host.list.tableView.contentOffset
      let ids = Self.ids(host, grid: grid)
      _ = Self.edgePan(host, on: grid, translations, velocity: velocity)
      let transition = try #require(host.navigator.transition)
      let context = try #require(host.nav._context)
      // Each update was the translation over the width, handed to UIKit too.
      let updates = context._calls.filter { $0.hasPrefix("update") }
      #expect(updates == translations.map { (x: CGFloat) -> String in "update \(x / 390)" })
      #expect(context._calls.last == (finishes ? "finish" : "cancel"))
      // The release hands the pan's velocity on: in the first 0.1 ms each
      // element travels velocity ÷ width × its whole way × 0.1 ms (0.002 pt + 2 %).
      let before = Self.modelPoses(host)
      host.frames([host.now + 0.0001])
      let after = Self.modelPoses(host)
      let speed = Double(velocity) / 390
      var compared = 0
      for (id, a) in before {
        guard let b = after[id], let row = Optional(host.list.tableView.rectForRow(at: IndexPath(item: id, section: 0))),
          let cell = grid.collectionView.layoutAttributesForItem(at: IndexPath(item: id, section: 0))?.frame
        else { continue }
        let way = Double(row.midY - host.list.tableView.contentOffset.y) - Double(cell.midY - grid.collectionView.contentOffset.y)
        let expected = speed * way * 0.0001
        let travelled = Double(b.center.y - a.center.y)
        #expect(abs(travelled - expected) <= 0.002 + 0.02 * abs(expected), "id \(id): \(travelled) pt against \(expected)")
        compared += 1
      }
      #expect(compared > 20)
      _ = transition
      var shown: [ObjectIdentifier: (UIView, UIView)] = [:]
      host.run { _ in for (s, v) in host.snapshots { shown[ObjectIdentifier(s)] = (s, v) } }
      #expect(context._calls.last == "complete \(finishes)")
      #expect(host.nav.viewControllers.count == (finishes ? 1 : 2))
      #expect(host.list.tableView.contentOffset == offset, "the list keeps the reader's place")
      // Each snapshot ends exactly on the real view of the side the pop rests on.
      let side: AnyClass = finishes ? UITableViewCell.self : UICollectionViewCell.self
      for (snapshot, view) in shown.values where type(of: view) == side && ids[ObjectIdentifier(view)] != nil {
        #expect(snapshot.frame == Self.frame(view, in: host.container))
      }
      #expect((finishes ? host.list.view : grid.view).superview === host.container)
      #expect((finishes ? grid.view : host.list.view).superview == nil)
    }
  }

  @Test("a pan scrubs linearly: every element between its grid cell and its row, drawn where the model poses it")
  func scrubIsLinear() throws {
    let (host, grid) = try Self.pushed()
    let pan = UIScreenEdgePanGestureRecognizer(target: nil, action: nil)
    grid.view.addGestureRecognizer(pan)
    pan._setScriptedState(.began)
    grid.edgePan(pan)
    let ids = Self.ids(host, grid: grid)
    let (table, collection) = (host.list.tableView!, grid.collectionView!)
    /// Each end from the containers themselves: the grid cell's frame and the list row's, in the container.
    func ends(_ id: Int) throws -> (CGPoint, CGPoint) {
      let cell = try #require(collection.layoutAttributesForItem(at: IndexPath(item: id, section: 0))).frame
      let row = table.rectForRow(at: IndexPath(item: id, section: 0))
      return (
        CGPoint(x: cell.midX - collection.contentOffset.x, y: cell.midY - collection.contentOffset.y),
        CGPoint(x: row.midX - table.contentOffset.x, y: row.midY - table.contentOffset.y)
      )
    }
    var checked = 0
    for x in [39.0, 117, 195, 312] as [CGFloat] {
      host.at(host.now + 1.0 / 60)
      pan._scriptedTranslation = CGPoint(x: x, y: 0)
      pan._setScriptedState(.changed)
      grid.edgePan(pan)
      let p = Double(x / 390)
      for (id, pose) in Self.modelPoses(host) {
        let (a, b) = try ends(id)
        let (ex, ey) = (Double(a.x) + p * Double(b.x - a.x), Double(a.y) + p * Double(b.y - a.y))
        #expect(abs(Double(pose.center.x) - ex) < 1e-9 && abs(Double(pose.center.y) - ey) < 1e-9, "id \(id) at \(p)")
        checked += 1
      }
      for (snapshot, view) in host.snapshots where !snapshot.isHidden {
        let id = try #require(ids[ObjectIdentifier(view)])
        let pose = try #require(Self.modelPoses(host)[id])
        #expect(snapshot.center == pose.center && snapshot.bounds.size == pose.size)
      }
    }
    #expect(checked > 80)
    // Let go (a slow release past half finishes), to rest: a transition left in flight keeps UIKit's context.
    host.at(host.now + 1.0 / 60)
    pan._setScriptedState(.ended)
    grid.edgePan(pan)
    host.run()
    #expect(host.nav.viewControllers.count == 1)
  }

  @Test("a touch mid-push grabs it: the pose held, UIKit's transition paused, then panned back and cancelled")
  func grabMidPush() throws {
    let host = Host()
    let grid = try Self.tapRow20(host)
    let context = try #require(host.nav._context)
    host.frames((1...8).map { host.now + Double($0) / 60 })
    let before = host.snapshots.map { ($0.snapshot.center, $0.snapshot.bounds.size) }
    let pan = UIScreenEdgePanGestureRecognizer(target: nil, action: nil)
    grid.view.addGestureRecognizer(pan)
    pan._setScriptedState(.began)
    grid.edgePan(pan)  // at the same instant as the last frame
    let after = host.snapshots.map { ($0.snapshot.center, $0.snapshot.bounds.size) }
    #expect(context._calls.first == "pause")
    for ((c0, s0), (c1, s1)) in zip(before, after) {
      #expect(abs(Double(c0.x - c1.x)) < 1e-9 && abs(Double(c0.y - c1.y)) < 1e-9 && s0 == s1, "the grab holds the pose")
    }
    // Rightwards takes a push back towards the list: progress falls.
    let grabbed = try #require(host.navigator.transition?.model?.progress)
    host.at(host.now + 1.0 / 60)
    pan._scriptedTranslation = CGPoint(x: 78, y: 0)
    pan._setScriptedState(.changed)
    grid.edgePan(pan)
    #expect(abs((host.navigator.transition?.model?.progress ?? 0) - (grabbed - 0.2)) < 1e-12)
    host.at(host.now + 1.0 / 60)
    (pan._scriptedVelocity, pan._scriptedTranslation) = (CGPoint(x: 800, y: 0), CGPoint(x: 90, y: 0))
    pan._setScriptedState(.ended)
    grid.edgePan(pan)
    host.run()
    #expect(context._calls.last == "complete false" && context._calls.contains("cancel"))
    #expect(host.nav.viewControllers.count == 1 && host.list.view.superview === host.container && grid.view.superview == nil)
    #expect(host.list.tableView.cellForRow(at: IndexPath(item: 20, section: 0))?.isHidden == false)
  }

  /// Every snapshot pose at each 1/60 s instant of a push, frames coming every `step`s (or at irregular times).
  static func pushBits(times: (Double) -> [Double]) throws -> [Int: [UInt64]] {
    let host = Host()
    _ = try Self.tapRow20(host)
    let start = host.now
    var bits: [Int: [UInt64]] = [:]
    host.frames(times(start)) { t in
      let k = ((t - start) * 60).rounded()
      if abs((t - start) * 60 - k) < 1e-6 { bits[Int(k)] = Self.poseBits(host) }
    }
    return bits
  }

  @Test("the same bits at 60 Hz, 120 Hz and irregular frames")
  func sameBitsAtAnyRate() throws {
    let at60 = try Self.pushBits { s in (1...90).map { s + Double($0) / 60 } }
    let at120 = try Self.pushBits { s in (1...180).map { s + Double($0) / 120 } }
    // Irregular: 3–25 ms apart, every 1/60 s among them (the transition-layout tests' schedule).
    let irregular = try Self.pushBits { s in TransitionLayoutTests.frames(period: nil, until: 1.5).map { s + $0 } }
    let common = Set(at60.keys).intersection(at120.keys).intersection(irregular.keys).filter { $0 > 0 }
    #expect(common.count >= 30)
    for k in common.sorted() {
      #expect(at60[k] == at120[k] && at60[k] == irregular[k], "instant \(k)/60 s")
    }
  }

  @Test("the hero: a grid cell grows into the detail header and back, cross-fading, the others fading out")
  func hero() throws {
    let (host, grid) = try Self.pushed()
    let cell = try #require(grid.collectionView.cellForItem(at: IndexPath(item: 22, section: 0)))
    let cellFrame = Self.frame(cell, in: host.container)
    grid.collectionView(grid.collectionView, didSelectItemAt: IndexPath(item: 22, section: 0))
    let detail = try #require(host.nav._context?.viewController(forKey: .to) as? ItemDetailViewController)
    let pair = host.snapshots.filter { $0.of === cell || $0.of === detail.header }
    #expect(pair.count == 2, "both ends of the hero drawn")
    let others = host.snapshots.filter { $0.of !== cell && $0.of !== detail.header }
    #expect(others.count == grid.collectionView.indexPathsForVisibleItems.count - 1)
    var alphas: [Double] = []
    host.run { _ in
      if host.navigator.transition != nil { alphas.append(Double(pair[0].snapshot.alpha + pair[1].snapshot.alpha)) }
    }
    #expect(alphas.allSatisfy { abs($0 - 1) < 1e-12 })
    #expect(pair.allSatisfy { $0.snapshot.frame == Self.frame(detail.header, in: host.container) }, "ends on the header exactly")
    #expect(others.allSatisfy { $0.snapshot.alpha < 0.01 }, "the other cells faded out")
    // Back: a tap's pop, on springs, to the cell exactly.
    _ = host.nav.popViewController(animated: true)
    let back = host.snapshots.filter { $0.of === cell || $0.of === detail.header }
    host.run()
    #expect(back.count == 2 && back.allSatisfy { $0.snapshot.frame == cellFrame })
    #expect(host.nav.topViewController === grid && !cell.isHidden)
  }

  @Test("Reduce Motion: every element cross-fades in place")
  func reduceMotion() throws {
    _scriptedReduceMotion = true
    defer { _scriptedReduceMotion = false }
    let host = Host()
    _ = try Self.tapRow20(host)
    let start = host.snapshots.map { ($0.snapshot, $0.snapshot.center) }
    #expect(start.count > 20)
    var moved = 0
    host.run { _ in moved += start.filter { $0.0.center != $0.1 }.count }
    #expect(moved == 0)
    #expect(host.nav.viewControllers.count == 2)
  }

  /// A transitioning delegate for a presentation: a tap's present on
  /// springs, an interactive dismissal, both grid ↔ detail heroes.
  @MainActor final class Presenter: NSObject, UIViewControllerTransitioningDelegate {
    let grid: ItemGridViewController
    private(set) var transition: HarmonicScreenTransition<Int>?
    var errors: [String] = []
    init(grid: ItemGridViewController) { self.grid = grid }
    private func made(_ next: HarmonicScreenTransition<Int>) -> HarmonicScreenTransition<Int> {
      next.onError = { [weak self] in self?.errors.append("\($0)") }
      next.completion = { [weak self] _ in self?.transition = nil }
      transition = next
      return next
    }
    func animationController(
      forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
      guard let detail = presented as? ItemDetailViewController else { return nil }
      return made(HarmonicScreenTransition(from: grid.screen, to: detail.screen, wantsInteractiveStart: false))
    }
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
      guard let detail = dismissed as? ItemDetailViewController else { return nil }
      return made(HarmonicScreenTransition(from: detail.screen, to: grid.screen))
    }
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? {
      animator as? HarmonicScreenTransition<Int>
    }
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? {
      animator as? HarmonicScreenTransition<Int>
    }
  }

  @Test("a presentation over full screen: a cell grows into the detail, an edge pan dismisses it back; the presenter's view never moves")
  func presentation() throws {
    _scriptedMediaTime = 300
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let grid = ItemGridViewController(opening: 0)
    grid.loadViewIfNeeded()
    window.addSubview(grid.view)
    grid.collectionView.layoutIfNeeded()
    let cell = try #require(grid.collectionView.cellForItem(at: IndexPath(item: 4, section: 0)))
    let cellFrame = Self.frame(cell, in: window)
    let presenter = Presenter(grid: grid)
    let detail = ItemDetailViewController(item: 4)
    detail.modalPresentationStyle = .overFullScreen
    detail.transitioningDelegate = presenter
    /// Frames every 1/60 s until the transition completes; the hero's snapshots as the last frame left them.
    func run(from start: Double) -> (Double, [UIView]) {
      var (t, hero) = (start, [UIView]())
      while let transition = presenter.transition, t < start + 4 {
        t += 1.0 / 60
        _scriptedMediaTime = t
        hero = window._subviews.filter { $0._snapshotOf === cell || $0._snapshotOf === detail.header }
        transition.frame(atTimestamp: t)
      }
      return (t, hero)
    }
    grid.present(detail, animated: true)
    let presenting = try #require(detail._presentationContext)
    var (t, hero) = run(from: 300)
    #expect(presenting._calls == ["complete true"] && grid.presentedViewController === detail)
    #expect(detail.view.superview === window && grid.view.superview === window, "over full screen: the grid stays beneath")
    #expect(hero.count == 2 && hero.allSatisfy { $0.frame == Self.frame(detail.header, in: window) }, "the cell landed on the header")
    // An edge pan on the detail dismisses it: UIKit gives no .to view (the grid never left), and the shim leaves it alone.
    let gridIndex = window._subviews.firstIndex { $0 === grid.view }
    let pan = UIScreenEdgePanGestureRecognizer(target: nil, action: nil)
    detail.view.addGestureRecognizer(pan)
    pan._setScriptedState(.began)
    detail.dismiss(animated: true)
    let dismissal = try #require(presenter.transition)
    let context = try #require(detail._presentationContext)
    #expect(context.view(forKey: .to) == nil && context.isInteractive)
    dismissal.follow(pan, distance: 390)
    for x in [60.0, 120, 180] as [CGFloat] {
      t += 1.0 / 60
      _scriptedMediaTime = t
      (pan._scriptedTranslation, pan._scriptedVelocity) = (CGPoint(x: x, y: 0), CGPoint(x: 1500, y: 0))
      pan._setScriptedState(.changed)
      dismissal.follow(pan, distance: 390)
    }
    t += 1.0 / 60
    _scriptedMediaTime = t
    pan._setScriptedState(.ended)
    dismissal.follow(pan, distance: 390)
    #expect(window._subviews.firstIndex { $0 === grid.view } == gridIndex && grid.view.alpha == 1, "the presenter's view is not moved or faded")
    (t, hero) = run(from: t)
    #expect(context._calls.first == "update 0.15384615384615385" && context._calls.suffix(2) == ["finish", "complete true"])
    #expect(detail.view.superview == nil && grid.presentedViewController == nil && grid.view.superview === window)
    #expect(hero.count == 2 && hero.allSatisfy { $0.frame == cellFrame } && !cell.isHidden, "back on the cell exactly")
    #expect(presenter.errors.isEmpty, "\(presenter.errors)")
  }

  /// A navigation delegate handing out one prepared transition.
  @MainActor final class Fixed: NSObject, UINavigationControllerDelegate {
    let transition: HarmonicScreenTransition<Int>
    init(_ transition: HarmonicScreenTransition<Int>) { self.transition = transition }
    func navigationController(
      _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
      from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { transition }
    func navigationController(
      _ navigationController: UINavigationController, interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? { transition }
  }

  /// Pushes a detail of item 22 over the list with `transition`, errors collected.
  static func pushDetail(
    _ host: Host, _ transition: (RowListViewController, ItemDetailViewController) -> HarmonicScreenTransition<Int>
  ) -> (
    HarmonicScreenTransition<Int>, [String], Fixed
  ) {
    let detail = ItemDetailViewController(item: 22)
    let made = transition(host.list, detail)
    var errors: [String] = []
    made.onError = { errors.append("\($0)") }
    let fixed = Fixed(made)
    host.nav.delegate = fixed
    host.nav.pushViewController(detail, animated: true)
    return (made, errors, fixed)
  }

  @Test("bad input: a NaN frame, an id twice, a progress outside [0, 1], a container leaving its window")
  func badInput() throws {
    // A NaN frame on the destination: named, and the push completes without a trap.
    do {
      let host = Host()
      var errors: [String] = []
      let detail = ItemDetailViewController(item: 22)
      detail.loadViewIfNeeded()
      detail.header.frame = CGRect(x: Double.nan, y: 0, width: 10, height: 10)
      let transition = HarmonicScreenTransition(from: host.list.screen, to: detail.screen, wantsInteractiveStart: false)
      transition.onError = { errors.append("\($0)") }
      let fixed = Fixed(transition)
      host.nav.delegate = fixed
      host.nav.pushViewController(detail, animated: true)
      #expect(errors.count == 1 && errors[0].contains("destination (22) center"), "\(errors)")
      #expect(host.nav.viewControllers.count == 2 && host.snapshots.isEmpty)
      #expect(host.list.tableView.cellForRow(at: IndexPath(item: 22, section: 0))?.isHidden == false)
    }
    // One id twice on a screen: named by side, index and id.
    do {
      let host = Host()
      var errors: [String] = []
      let (a, b) = (UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)), UIView(frame: CGRect(x: 0, y: 20, width: 10, height: 10)))
      let detail = ItemDetailViewController(item: 22)
      detail.view.addSubview(a)
      detail.view.addSubview(b)
      let transition = HarmonicScreenTransition(from: host.list.screen, to: .views([(22, a), (22, b)]), wantsInteractiveStart: false)
      transition.onError = { errors.append("\($0)") }
      let fixed = Fixed(transition)
      host.nav.delegate = fixed
      host.nav.pushViewController(detail, animated: true)
      #expect(errors.count == 1 && errors[0].contains("destination.shown[1] (22)"), "\(errors)")
      #expect(host.nav.viewControllers.count == 2)
    }
    // A progress outside [0, 1] from a gesture: named, the pose unchanged.
    do {
      let (host, grid) = try Self.pushed()
      let pan = Self.edgePan(host, on: grid, [40, 80], velocity: 0)
      _ = pan
      let transition = try #require(host.navigator.transition)
      var errors: [String] = []
      transition.onError = { errors.append("\($0)") }
      // Released (a slow release before half cancels): a progress now is refused too.
      transition.update(progress: 0.5)
      #expect(errors.count == 1 && errors[0].contains("progress"))
      host.run()
    }
    do {
      let (host, grid) = try Self.pushed()
      let pan = UIScreenEdgePanGestureRecognizer(target: nil, action: nil)
      grid.view.addGestureRecognizer(pan)
      pan._setScriptedState(.began)
      grid.edgePan(pan)
      let transition = try #require(host.navigator.transition)
      var errors: [String] = []
      transition.onError = { errors.append("\($0)") }
      transition.update(progress: 0.25)
      let pose = Self.poseBits(host)
      for bad in [1.5, -0.01, .nan] as [CGFloat] { transition.update(progress: bad) }
      #expect(errors.count == 3 && errors.allSatisfy { $0.contains("progress") }, "\(errors)")
      #expect(Self.poseBits(host) == pose, "a refused progress moves nothing")
      transition.cancel()
      host.run()
      #expect(host.nav.viewControllers.count == 2)
    }
    // The container leaves its window mid-flight: named, and UIKit's transition completes where it headed.
    do {
      let host = Host()
      let grid = try Self.tapRow20(host)
      let transition = try #require(host.navigator.transition)
      let context = try #require(host.nav._context)
      var errors: [String] = []
      transition.onError = { errors.append("\($0)") }
      host.frames((1...5).map { host.now + Double($0) / 60 })
      host.nav.view.removeFromSuperview()
      host.frames([host.now + 1.0 / 60])
      #expect(errors.count == 1 && errors[0].contains("transitionContext.containerView"), "\(errors)")
      #expect(context._calls == ["complete true"] && host.nav.topViewController === grid && host.snapshots.isEmpty)
    }
  }
}

#endif
