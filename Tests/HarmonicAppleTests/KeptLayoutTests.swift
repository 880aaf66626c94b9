#if HARMONIC_APPLE_INTERFACE
import Foundation
import Harmonic
import Testing
import _AppleInterface

/// An app's own grid layout (100-pt cells, 105 apart, three across) that
/// keeps it and takes Harmonic's springs with the forwarding recipe of
/// ``HarmonicLayoutSprings``, one line per override. It counts its own
/// `prepare()` runs and can answer a NaN frame on purpose.
@MainActor
final class RecipeGridLayout: UICollectionViewLayout {
  lazy var springs = HarmonicLayoutSprings(layout: self)
  var nanItem: Int?
  private(set) var prepared = 0
  private var count = 0

  func frame(ofItem i: Int) -> CGRect { CGRect(x: Double(i % 3) * 105, y: Double(i / 3) * 105, width: 100, height: 100) }

  override func invalidateLayout() { springs.invalidate { super.invalidateLayout() } }
  override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    springs.invalidate { super.invalidateLayout(with: context) }
  }
  override func prepare() {
    springs.prepare {
      prepared += 1
      count = collectionView?.numberOfItems(inSection: 0) ?? 0
    }
  }
  override var collectionViewContentSize: CGSize {
    springs.collectionViewContentSize { CGSize(width: 310, height: Double((count + 2) / 3) * 105 - 5) }
  }
  override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    springs.layoutAttributesForElements(in: rect) {
      (0..<count).filter { frame(ofItem: $0).intersects(rect) }.map { own(IndexPath(item: $0, section: 0))! }
    }
  }
  override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.layoutAttributesForItem(at: indexPath) { own(indexPath) }
  }
  override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    springs.shouldInvalidateLayout(forBoundsChange: newBounds) { false }
  }
  override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    springs.prepare(forCollectionViewUpdates: updateItems)
  }
  override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.initialLayoutAttributesForAppearingItem(at: itemIndexPath) { own(itemIndexPath) }
  }
  override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.finalLayoutAttributesForDisappearingItem(at: itemIndexPath) { nil }
  }

  private func own(_ indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.section == 0, (0..<count).contains(indexPath.item) else { return nil }
    let cell = UICollectionViewLayoutAttributes(forCellWith: indexPath)
    cell.frame = frame(ofItem: indexPath.item)
    if indexPath.item == nanItem { cell.center.x = .nan }
    return cell
  }
}

/// Springs on a layout the app keeps (issue 71, its third part), under the
/// scripted host: ``HarmonicFlowLayout`` (a flow layout with the springs)
/// and an app's own layout with the forwarding recipe, through UIKit's
/// batch updates, with the display link at 60 Hz, 120 Hz or irregularly.
@MainActor
@Suite("Apple shims: springs on a layout the app keeps")
struct KeptLayoutTests {
  static let origin = 700.0

  @MainActor final class Host: NSObject, UICollectionViewDataSource {
    var count: Int
    let collectionView: UICollectionView
    let springs: HarmonicLayoutSprings
    var errors: [HarmonicError] = []

    init(count: Int, layout: UICollectionViewLayout, springs: HarmonicLayoutSprings, offset: CGPoint) {
      self.count = count
      self.springs = springs
      collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
      super.init()
      collectionView.dataSource = self
      collectionView.contentOffset = offset
      springs.onError = { [unowned self] in self.errors.append($0) }
      _scriptedMediaTime = KeptLayoutTests.origin
      layout.invalidateLayout()
      layout.prepare()
      _ = pass()
    }

    static func flow(count: Int, offset: CGPoint = .zero) -> Host {
      let flow = HarmonicFlowLayout()
      (flow.itemSize, flow.minimumLineSpacing, flow.minimumInteritemSpacing) = (CGSize(width: 100, height: 100), 5, 5)
      return Host(count: count, layout: flow, springs: flow.springs, offset: offset)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
      UICollectionViewCell(frame: .zero)
    }

    /// A layout pass: what UIKit asks for the visible area, by item.
    func pass() -> [Int: LayoutAttributes] {
      var shown: [Int: LayoutAttributes] = [:]
      for a in collectionView.collectionViewLayout.layoutAttributesForElements(in: collectionView.bounds) ?? [] {
        shown[a.indexPath.item] = LayoutSnapshot._attributes(a)
      }
      return shown
    }

    /// Frames at `times` (seconds after the origin) while the springs run.
    func frames(_ times: [Double], record: (Double) -> Void = { _ in }) {
      for t in times where springs.isAnimating {
        _scriptedMediaTime = KeptLayoutTests.origin + t
        springs.frame(atTimestamp: KeptLayoutTests.origin + t)
        record(t)
      }
    }
  }

  /// Delete item 7 at 0.1 s and insert two at the top at 0.25 s (mid-flight),
  /// frames every `period` (nil: irregular). Checks that nothing moves at
  /// either update and that the springs land exactly on the layout's own
  /// answers; returns the bits of every pass at each 1/60 s.
  static func run(period: Double?, host make: () -> Host) throws -> [Int: [UInt64]] {
    let host = make()
    let times = TransitionLayoutTests.frames(period: period, until: 3)
    var seen: [Int: [UInt64]] = [:]
    func record(_ t: Double) {
      let sixtieth = (t * 60).rounded()
      guard abs(t * 60 - sixtieth) < 1e-9 else { return }
      seen[Int(sixtieth)] = host.pass().sorted { $0.key < $1.key }.flatMap { item, a in
        ([Double(item)] + TransitionLayoutTests.pose(a)).map(\.bitPattern)
      }
    }
    // The delete, between frames.
    _scriptedMediaTime = origin + 0.1
    let before = host.pass()
    host.count -= 1
    host.collectionView.performBatchUpdates { host.collectionView.deleteItems(at: [IndexPath(item: 7, section: 0)]) }
    #expect(host.springs.isAnimating && host.errors.isEmpty, "\(host.errors)")
    let atDelete = host.pass()
    for (item, a) in atDelete where item >= 0 {
      let old = item >= 7 ? item + 1 : item
      guard let was = before[old] else { continue }
      #expect(TransitionLayoutTests.pose(a) == TransitionLayoutTests.pose(was), "item \(item) jumped at the delete")
    }
    host.frames(times.filter { $0 < 0.25 }, record: record)
    // The insert, mid-flight: the pose holds, and so does the velocity
    // (each center's travel in the 0.1 ms before and after it agree, to the
    // springs' pull over that time).
    _scriptedMediaTime = origin + 0.25 - 1e-4
    host.springs.frame(atTimestamp: origin + 0.25 - 1e-4)
    let earlier = host.pass()
    _scriptedMediaTime = origin + 0.25
    host.springs.frame(atTimestamp: origin + 0.25)
    let flying = host.pass()
    host.count += 2
    host.collectionView.performBatchUpdates {
      host.collectionView.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
    }
    let atInsert = host.pass()
    for (item, a) in atInsert where item >= 2 {
      guard let was = flying[item - 2] else { continue }
      #expect(TransitionLayoutTests.pose(a) == TransitionLayoutTests.pose(was), "item \(item) jumped at the insert")
    }
    _scriptedMediaTime = origin + 0.25 + 1e-4
    host.springs.frame(atTimestamp: origin + 0.25 + 1e-4)
    let later = host.pass()
    var compared = 0
    for (item, a) in atInsert where item >= 2 {
      guard let before = earlier[item - 2], let after = later[item] else { continue }
      let (inBefore, inAfter) = (Double(a.center.y - before.center.y), Double(after.center.y - a.center.y))
      #expect(abs(inAfter - inBefore) <= 1e-3 + 0.02 * abs(inBefore), "item \(item): \(inBefore) pt then \(inAfter) pt in 0.1 ms")
      if abs(inBefore) > 1e-3 { compared += 1 }
    }
    #expect(compared > 3, "\(compared) moving items compared")
    host.frames(times.filter { $0 > 0.25 }, record: record)
    #expect(!host.springs.isAnimating && host.errors.isEmpty, "\(host.errors)")
    // At rest the answers are the layout's own; the last frame was exactly them.
    let last = host.springs.engine!.layoutAttributesForElements(in: host.collectionView.bounds)
    // (Elements that only touch the visible area's edge are the layout's answer alone: the engine answers positive-area overlaps.)
    let own = host.pass().filter { $0.value.frame._overlaps(host.collectionView.bounds) }
    #expect(!own.isEmpty && own.allSatisfy { item, a in last.contains { $0.indexPath.item == item && $0 == a } })
    return seen
  }

  @Test(
    "HarmonicFlowLayout: a delete and an insert mid-flight spring from what is on screen, land exactly, the same bits at 60 Hz, 120 Hz and irregular frames")
  func flowLayoutUpdates() throws {
    let make = { Host.flow(count: 60, offset: CGPoint(x: 0, y: 100)) }
    let at60 = try Self.run(period: 1.0 / 60, host: make)
    let at120 = try Self.run(period: 1.0 / 120, host: make)
    let irregular = try Self.run(period: nil, host: make)
    let common = Set(at60.keys).intersection(at120.keys).intersection(irregular.keys)
    #expect(common.count > 20 && common.count >= min(at60.count, at120.count, irregular.count) - 1)
    #expect(common.allSatisfy { at60[$0] == at120[$0] && at60[$0] == irregular[$0] }, "the poses depend on the frame rate")
  }

  @Test("an app's own layout with the recipe: the same, and the layout is not prepared again while the springs run")
  func recipeLayout() throws {
    let layout = RecipeGridLayout()
    let make = { Host(count: 60, layout: layout, springs: layout.springs, offset: CGPoint(x: 0, y: 100)) }
    let preparedBefore = layout.prepared
    _ = try Self.run(period: 1.0 / 60, host: make)
    // One prepare per batch update (two), none for the ~40 frames.
    #expect(layout.prepared - preparedBefore == 3, "\(layout.prepared - preparedBefore) prepares")
  }

  @Test("the reader's place: six items inserted above the screen keep the first visible row where it is; the offset lands two rows down")
  func readersPlace() throws {
    let host = Host.flow(count: 60, offset: CGPoint(x: 0, y: 1050))
    let anchor = try #require(host.pass()[30])  // the first fully visible row: items 30–32 at y = 1050
    host.count += 6
    _scriptedMediaTime = Self.origin + 0.1
    host.collectionView.performBatchUpdates { host.collectionView.insertItems(at: (0..<6).map { IndexPath(item: $0, section: 0) }) }
    host.frames(TransitionLayoutTests.frames(period: 1.0 / 60, until: 3).map { $0 + 0.1 })
    #expect(host.collectionView.contentOffset == CGPoint(x: 0, y: 1050 + 2 * 105) && host.errors.isEmpty)
    let moved = try #require(host.pass()[36])
    #expect(moved.center.y - host.collectionView.contentOffset.y == anchor.center.y - 1050, "the anchor row moved on screen")
  }

  @Test("Reduce Motion: the update cross-fades and lands; a bad answer is reported, named, and the layout's own answers show at once")
  func reduceMotionAndBadInput() throws {
    _scriptedReduceMotion = true
    defer { _scriptedReduceMotion = false }
    let host = Host.flow(count: 30)
    host.count -= 1
    host.collectionView.performBatchUpdates { host.collectionView.deleteItems(at: [IndexPath(item: 2, section: 0)]) }
    #expect(host.springs.engine?.isMotionReduced == true && host.springs.isAnimating)
    host.frames(TransitionLayoutTests.frames(period: 1.0 / 60, until: 3))
    #expect(!host.springs.isAnimating && host.errors.isEmpty)
    _scriptedReduceMotion = false

    let layout = RecipeGridLayout()
    let bad = Host(count: 30, layout: layout, springs: layout.springs, offset: .zero)
    layout.nanItem = 4
    bad.count -= 1
    bad.collectionView.performBatchUpdates { bad.collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)]) }
    guard case .invalidParameter(let name, _, _) = try #require(bad.errors.first) else { throw CancellationError() }
    #expect(name.hasPrefix("cell [0, 4] center") && !layout.springs.isAnimating, "\(bad.errors)")
    // The layout's own answers, as the data now is (item 3 sits where item 4 sat).
    #expect(bad.pass()[3]?.frame == layout.frame(ofItem: 3))
  }

  @Test(
    "a rotation: every element springs from the portrait grid to the landscape one, nothing moves at the event, the reader's row stays in view, it lands exactly"
  )
  func rotation() throws {
    let host = Host.flow(count: 90, offset: CGPoint(x: 0, y: 630))
    let before = host.pass()
    // UIKit's order: the bounds change, the layout invalidated and prepared, then told the old bounds.
    _scriptedMediaTime = Self.origin + 0.1
    let oldBounds = host.collectionView.bounds
    host.collectionView.bounds = CGRect(origin: oldBounds.origin, size: CGSize(width: 568, height: 320))
    let layout = host.collectionView.collectionViewLayout
    layout.invalidateLayout()
    layout.prepare()
    layout.prepare(forAnimatedBoundsChange: oldBounds)
    #expect(host.springs.isAnimating && host.errors.isEmpty, "\(host.errors)")
    let atEvent = host.pass()
    for (item, a) in atEvent {
      guard let was = before[item] else { continue }
      #expect(TransitionLayoutTests.pose(a) == TransitionLayoutTests.pose(was), "item \(item) jumped at the rotation")
    }
    host.frames(TransitionLayoutTests.frames(period: 1.0 / 60, until: 3).map { $0 + 0.1 })
    #expect(!host.springs.isAnimating && host.errors.isEmpty)
    let last = host.springs.engine!.layoutAttributesForElements(in: host.collectionView.bounds)
    let own = host.pass().filter { $0.value.frame._overlaps(host.collectionView.bounds) }
    #expect(!own.isEmpty && own.allSatisfy { item, a in last.contains { $0.indexPath.item == item && $0 == a } })
    // Item 18, the first fully visible cell in portrait, is on screen in landscape.
    let anchor = try #require(own[18])
    #expect(host.collectionView.bounds.contains(anchor.frame), "\(anchor.frame) in \(host.collectionView.bounds)")
  }

  @Test("snapping a release on a kept layout: the target among the rows the layout's cells fill, as brute force over every row finds it")
  func snapping() throws {
    let options = Snapping.Options(alignment: .leading)
    // Brute force: every row of the 3-across grid of 100-pt cells 105 apart, 200 items.
    let rows = (0..<67).map { Double($0) * 105 }
    let every = try SnapLayout(starts: rows, ends: rows.map { $0 + 100 }, contentExtent: 66 * 105 + 100, viewport: 480)
    for (offset, velocity) in [(300.0, 0.0), (300, 0.4), (1000, -0.8), (2000, 2.5), (40, -3.0), (6500, 1.2)] {
      let host = Host.flow(count: 200, offset: CGPoint(x: 0, y: offset))
      host.springs.snapping = options
      // UIKit's proposal: its own deceleration's end (0.998 per millisecond).
      let proposed = CGPoint(x: 0, y: offset + velocity * 0.998 / 0.002)
      let layout = host.collectionView.collectionViewLayout
      let target = layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: CGPoint(x: 0, y: velocity))
      let expected = try Snapping.target(layout: every, offset: offset, velocity: velocity * 1000, options: options).target
      #expect(target == CGPoint(x: 0, y: expected) && host.errors.isEmpty, "from \(offset) at \(velocity) pt/ms: \(target.y), brute force \(expected)")
    }
    let host = Host.flow(count: 200, offset: CGPoint(x: 0, y: 300))
    host.springs.snapping = options
    let refused = host.collectionView.collectionViewLayout.targetContentOffset(
      forProposedContentOffset: CGPoint(x: 0, y: 700), withScrollingVelocity: CGPoint(x: 0, y: CGFloat.nan))
    #expect(refused == CGPoint(x: 0, y: 700) && host.errors.count == 1, "a NaN velocity: UIKit's proposal, reported")
  }

  @Test("a scroll effect on a kept layout: applied to the layout's answers at every scroll, without preparing the layout again")
  func scrollEffect() throws {
    let layout = RecipeGridLayout()
    let host = Host(count: 90, layout: layout, springs: layout.springs, offset: .zero)
    let effect = ScrollEffect.scaleAndFade(minimumScale: 0.8, minimumAlpha: 0.5)
    layout.springs.scrollEffect = effect
    let prepared = layout.prepared
    for y in stride(from: 0.0, through: 1200, by: 150) {
      let bounds = CGRect(x: 0, y: y, width: 320, height: 480)
      // UIKit on a scroll: ask, invalidate when told to, prepare, ask for the pass.
      #expect(layout.shouldInvalidateLayout(forBoundsChange: bounds))
      host.collectionView.contentOffset = bounds.origin
      layout.invalidateLayout()
      layout.prepare()
      let shown = try #require(layout.layoutAttributesForElements(in: bounds))
      // The reference: the layout's own frames with the effect applied at this offset.
      var expected = shown.map { a in LayoutAttributes(indexPath: ItemIndexPath(a.indexPath), frame: layout.frame(ofItem: a.indexPath.item)) }
      try effect.apply(to: &expected, in: bounds, phase: try ScrollPhase(axis: .vertical))
      #expect(shown.map(LayoutSnapshot._attributes) == expected, "at y = \(y)")
      #expect(Set(shown.map { $0.alpha }).count > 1, "the effect changes something at y = \(y)")
    }
    #expect(layout.prepared == prepared, "a scroll prepared the layout again")
  }

  @Test("a layout the app drops while its springs run: the next frame stops the display link, nothing traps")
  func droppedMidFlight() throws {
    var springs: HarmonicLayoutSprings?
    do {
      let host = Host.flow(count: 30)
      host.count -= 1
      host.collectionView.performBatchUpdates { host.collectionView.deleteItems(at: [IndexPath(item: 2, section: 0)]) }
      springs = host.springs
      #expect(host.springs.isAnimating && host.springs._link?._isRunning == true)
      host.collectionView.collectionViewLayout = UICollectionViewLayout()  // the app swaps the layout out
    }
    let link = try #require(springs?._link)
    springs?.frame(atTimestamp: Self.origin + 0.1)
    #expect(springs?._link == nil && !link._isRunning)
  }
}
#endif
