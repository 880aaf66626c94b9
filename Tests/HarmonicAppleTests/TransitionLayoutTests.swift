#if HARMONIC_APPLE_INTERFACE
import Foundation
import Harmonic
import Testing
import _AppleInterface

/// A custom layout as apps write them: every element's attributes computed
/// once in `prepare()` from the collection view's data and bounds, answered
/// by scanning. `place` makes item `i` of `count` in a view of `size`.
@MainActor
final class CachedLayout: UICollectionViewLayout {
  let place: (_ i: Int, _ count: Int, _ size: CGSize) -> UICollectionViewLayoutAttributes
  let content: (_ count: Int, _ size: CGSize) -> CGSize
  private var cache: [UICollectionViewLayoutAttributes] = []
  private var size = CGSize.zero

  init(
    content: @escaping (Int, CGSize) -> CGSize = { _, size in size },
    place: @escaping (_ i: Int, _ count: Int, _ size: CGSize) -> UICollectionViewLayoutAttributes
  ) {
    (self.place, self.content) = (place, content)
    super.init()
  }

  required init?(coder: NSCoder) { nil }

  override func prepare() {
    guard let collectionView else { return }
    let count = collectionView.numberOfItems(inSection: 0)
    size = content(count, collectionView.bounds.size)
    cache = (0..<count).map { place($0, count, collectionView.bounds.size) }
  }
  override var collectionViewContentSize: CGSize { size }
  override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { cache.filter { $0.frame.intersects(rect) } }
  override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    cache.indices.contains(indexPath.item) && indexPath.section == 0 ? cache[indexPath.item] : nil
  }

  static func cell(_ i: Int, center: CGPoint, size: CGSize) -> UICollectionViewLayoutAttributes {
    let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
    (cell.center, cell.size) = (center, size)
    return cell
  }

  /// The classic circle layout: 70-pt items evenly on a circle of radius
  /// min(width, height) / 2.5 about the view's center.
  static func circle() -> CachedLayout {
    CachedLayout { i, count, size in
      let radius = min(size.width, size.height) / 2.5
      let angle = 2 * Double.pi * Double(i) / Double(count)
      return cell(i, center: CGPoint(x: size.width / 2 + radius * cos(angle), y: size.height / 2 + radius * sin(angle)), size: CGSize(width: 70, height: 70))
    }
  }

  /// A stack of cards: the first on top in the middle, the next four peeking
  /// 8 pt lower each, smaller by 5 %, the rest hidden behind at alpha 0.
  static func stackedCards() -> CachedLayout {
    CachedLayout { i, count, size in
      let depth = Double(min(i, 4))
      let card = cell(i, center: CGPoint(x: size.width / 2, y: size.height / 2 + 8 * depth), size: CGSize(width: 280, height: 380))
      card.transform = CGAffineTransform(a: 1 - 0.05 * depth, b: 0, c: 0, d: 1 - 0.05 * depth, tx: 0, ty: 0)
      (card.zIndex, card.alpha) = (count - i, i < 5 ? 1 : 0)
      return card
    }
  }

  /// A springy list (UIKit Dynamics style) caught mid-scroll: 60-pt rows,
  /// each lagging behind the touch at y = 600 by up to 30 pt, more the farther it is.
  static func springy() -> CachedLayout {
    CachedLayout(
      content: { count, size in CGSize(width: size.width, height: Double(count) * 64) },
      place: { i, _, size in
        let y = Double(i) * 64 + 30
        let lag = 30 * min(1, abs(y - 600) / 1500)
        return cell(i, center: CGPoint(x: size.width / 2, y: y - lag), size: CGSize(width: size.width - 20, height: 60))
      })
  }
}

/// ``HarmonicTransitionLayout`` between any two of the app's layouts
/// (issue 71, its second part), under the scripted host: UIKit's
/// `startInteractiveTransition(to:completion:)` with the delegate's
/// transition layout, a gesture's progress, a release with its velocity, a
/// grab, and the display link at 60 Hz, 120 Hz or irregularly.
@MainActor
@Suite("Apple shims: a transition between any two of the app's layouts")
struct TransitionLayoutTests {
  static let origin = 500.0  // the media time the transition starts, seconds

  @MainActor final class Host: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    let count: Int
    let collectionView: UICollectionView
    var springs = LayoutTransition.Springs.shared(.smooth)
    var errors: [HarmonicError] = []
    var completions: [Bool] = []

    init(count: Int, layout: UICollectionViewLayout, offset: CGPoint = .zero) {
      self.count = count
      collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
      super.init()
      (collectionView.dataSource, collectionView.delegate) = (self, self)
      collectionView.contentOffset = offset
      layout.prepare()
      _scriptedMediaTime = TransitionLayoutTests.origin
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
      UICollectionViewCell(frame: .zero)
    }
    func collectionView(
      _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout, newLayout toLayout: UICollectionViewLayout
    ) -> UICollectionViewTransitionLayout {
      let transition = HarmonicTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout, springs: springs)
      transition.onError = { [unowned self] in self.errors.append($0) }
      return transition
    }

    /// `startInteractiveTransition(to:)`, as the app calls it when a gesture begins.
    func start(to layout: UICollectionViewLayout) throws -> HarmonicTransitionLayout {
      let started = collectionView.startInteractiveTransition(to: layout) { [unowned self] _, finished in self.completions.append(finished) }
      return try #require(started as? HarmonicTransitionLayout)
    }

    /// Every element UIKit would show in `rect` of the layout installed now, by id.
    func shown(in rect: CGRect? = nil) -> [ElementID: LayoutAttributes] {
      let rect = rect ?? collectionView.bounds
      var result: [ElementID: LayoutAttributes] = [:]
      for a in collectionView.collectionViewLayout.layoutAttributesForElements(in: rect) ?? [] {
        let element = LayoutSnapshot._attributes(a)
        result[element.elementID] = element
      }
      return result
    }
  }

  /// The channels a pose moves: center, size, transforms, alpha.
  static func pose(_ a: LayoutAttributes) -> [Double] {
    let t = a.transform
    return [Double(a.center.x), Double(a.center.y), Double(a.size.width), Double(a.size.height), t.a, t.b, t.c, t.d, t.tx, t.ty, a.alpha]
      + a.transform3D.m.indices.map { a.transform3D.m[$0] }
  }

  /// The four app layouts, each a fresh instance.
  static var layouts: [(name: String, make: () -> UICollectionViewLayout)] {
    [
      ("grid", { AppGridLayout(count: 60, columns: 3) }), ("circle", { CachedLayout.circle() }), ("cards", { CachedLayout.stackedCards() }),
      ("springy", { CachedLayout.springy() }),
    ]
  }

  /// Frame times in seconds after the origin up to `end`: every `period`,
  /// or irregular (3–25 ms apart) with every 1/60 s among them.
  static func frames(period: Double?, until end: Double) -> [Double] {
    if let period { return (1...Int((end / period).rounded())).map { Double($0) * period } }
    var times = Set((1...Int(end * 60)).map { Double($0) / 60 })
    var (t, k): (Double, UInt64) = (0, 11)
    while t < end {
      k = k &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      t += 0.003 + Double(k >> 40) / Double(1 << 24) * 0.022
      times.insert(t)
    }
    return times.sorted()
  }

  /// A gesture from `from` to `to` and back part way, released towards the
  /// end with 1.5 progress a second at 0.2 s, then frames until UIKit has
  /// the next layout. Returns the raw bits of every pose at each 1/60 s
  /// after the release, and checks continuity at the release and the landing.
  static func run(
    from: () -> UICollectionViewLayout, to: () -> UICollectionViewLayout, period: Double?, towardsEnd: Bool = true, fromOffset: CGPoint = .zero
  ) throws -> [Int: [UInt64]] {
    let (start, next) = (from(), to())
    let host = Host(count: 60, layout: start, offset: fromOffset)
    let before = host.shown()
    let transition = try host.start(to: next)
    #expect(transition.engine != nil && host.errors.isEmpty, "\(host.errors)")
    // Progress 0 is the current layout exactly: nothing moves when the gesture begins.
    let atStart = host.shown()
    // (zIndex and hidden follow the transition's rules: the end's stacking, shown while either end shows it.)
    #expect(before.allSatisfy { atStart[$0.key].map(pose) == pose($0.value) }, "the first pose moved an element")
    for (t, p) in [(0.05, 0.2), (0.1, 0.45), (0.15, 0.6), (0.19, 0.55), (0.2, 0.58)] {
      _scriptedMediaTime = origin + t
      transition.transitionProgress = CGFloat(p)
    }
    // The gesture's velocity, measured: the pose 1e-4 progress further on.
    let velocity = towardsEnd ? 1.5 : -1.5
    transition.transitionProgress = CGFloat(0.58 + (towardsEnd ? 1e-4 : -1e-4))
    let ahead = host.shown()
    transition.transitionProgress = 0.58
    // The release: the same pose at its instant, the same velocity on.
    let held = host.shown()
    towardsEnd ? transition.finish(velocity: velocity) : transition.cancel(velocity: velocity)
    let released = host.shown()
    // (zIndex is the stacking of where the release heads: a cancel restacks as the current layout.)
    #expect(held.count == released.count && held.allSatisfy { released[$0.key].map(pose) == pose($0.value) }, "the release moved an element")
    // 0.1 ms after it every center has moved as the gesture was moving it
    // (the springs' pull adds well under 0.001 pt in that time).
    transition.frame(atTimestamp: origin + 0.2 + 1e-4)
    let probe = host.shown()
    for (id, was) in held {
      guard let now = probe[id], let next = ahead[id] else { continue }
      for (moved, predicted) in [(now.center.x - was.center.x, next.center.x - was.center.x), (now.center.y - was.center.y, next.center.y - was.center.y)] {
        let (m, e) = (Double(moved), Double(predicted) * abs(velocity))
        #expect(abs(m - e) <= 2e-3 + 0.02 * abs(e), "\(id): moved \(m) pt in 0.1 ms, the gesture \(e)")
      }
    }
    var seen: [Int: [UInt64]] = [:]
    for t in frames(period: period, until: 3) where transition.heading != nil {
      _scriptedMediaTime = origin + 0.2 + t
      transition.frame(atTimestamp: origin + 0.2 + t)
      let now = host.shown()
      let sixtieth = (t * 60).rounded()
      if abs(t * 60 - sixtieth) < 1e-9 {
        seen[Int(sixtieth)] = now.sorted { "\($0.key)" < "\($1.key)" }.flatMap { id, a in
          ([Double(id.indexPath.item), Double(a.zIndex), a.isHidden ? 1 : 0] + pose(a)).map(\.bitPattern)
        }
      }
    }
    #expect(transition.heading == nil, "still springing after 3 s")
    // UIKit now shows the layout the release went to, from the last frame's poses exactly.
    let landed = towardsEnd ? next : start
    #expect(host.collectionView.collectionViewLayout === landed && host.completions == [towardsEnd])
    let last = transition.engine!.layoutAttributesForElements(in: host.collectionView.bounds)
    let truth = host.shown()
    #expect(!truth.isEmpty && truth.allSatisfy { id, a in last.contains { $0.elementID == id && $0 == a } }, "the last frame is not the layout's poses")
    #expect(host.errors.isEmpty, "\(host.errors)")
    return seen
  }

  @Test(
    "each pair of four app layouts (grid, circle, stacked cards, springy): starts where it is, releases in place, lands exactly, the same bits at 60 Hz, 120 Hz and irregular frames"
  )
  func everyPair() throws {
    let layouts = Self.layouts
    for (k, from) in layouts.enumerated() {
      let to = layouts[(k + 1) % layouts.count]
      let offset = from.name == "grid" ? CGPoint(x: 0, y: 300) : .zero
      let at60 = try Self.run(from: from.make, to: to.make, period: 1.0 / 60, fromOffset: offset)
      let at120 = try Self.run(from: from.make, to: to.make, period: 1.0 / 120, fromOffset: offset)
      let irregular = try Self.run(from: from.make, to: to.make, period: nil, fromOffset: offset)
      #expect(at60.count > 20, "\(from.name) → \(to.name): \(at60.count) frames")
      // Each run stops at its first frame at rest; up to then, the instants all three show.
      let common = Set(at60.keys).intersection(at120.keys).intersection(irregular.keys)
      #expect(common.count >= min(at60.count, at120.count, irregular.count) - 1)
      #expect(common.allSatisfy { at60[$0] == at120[$0] && at60[$0] == irregular[$0] }, "\(from.name) → \(to.name): the poses depend on the frame rate")
    }
  }

  @Test("a cancel springs back: the current layout exactly, installed again, the completion told it did not finish")
  func cancelReturns() throws {
    let at60 = try Self.run(from: { CachedLayout.circle() }, to: { CachedLayout.stackedCards() }, period: 1.0 / 60, towardsEnd: false)
    let irregular = try Self.run(from: { CachedLayout.circle() }, to: { CachedLayout.stackedCards() }, period: nil, towardsEnd: false)
    let common = Set(at60.keys).intersection(irregular.keys)
    #expect(common.count > 10 && common.allSatisfy { at60[$0] == irregular[$0] })
  }

  /// A grid → circle transition released towards the end at 0.2 s, run at
  /// 60 Hz until `grabAt` seconds after the release.
  static func released(grabAt: Double) throws -> (Host, HarmonicTransitionLayout, UICollectionViewLayout) {
    let next = CachedLayout.circle()
    let host = Host(count: 60, layout: AppGridLayout(count: 60, columns: 3), offset: CGPoint(x: 0, y: 300))
    let transition = try host.start(to: next)
    _scriptedMediaTime = origin + 0.1
    transition.transitionProgress = 0.3
    _scriptedMediaTime = origin + 0.2
    transition.finish(velocity: 2)
    for t in frames(period: 1.0 / 60, until: grabAt) {
      _scriptedMediaTime = origin + 0.2 + t
      transition.frame(atTimestamp: origin + 0.2 + t)
    }
    return (host, transition, next)
  }

  @Test("a touch mid-flight grabs the release where it shows it, the frames stop, and a new gesture carries it on to land exactly")
  func grabMidFlight() throws {
    let (host, transition, next) = try Self.released(grabAt: 0.1)
    #expect(transition._link?._isRunning == true)
    // The touch lands between frames; the pose at that instant, from the springs.
    _scriptedMediaTime = Self.origin + 0.2 + 0.108
    transition.frame(atTimestamp: Self.origin + 0.2 + 0.108)
    let flying = host.shown()
    let progress = try #require(transition.grab())
    #expect(progress > 0.3 && progress < 1 && transition.transitionProgress == progress && transition._link == nil)
    let held = host.shown()
    #expect(flying.count == held.count)
    for (id, a) in flying {
      let b = try #require(held[id])
      // One shared spring: the same pose, to rounding.
      #expect(zip(Self.pose(a), Self.pose(b)).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0)) }, "\(id) jumped at the grab")
    }
    // The new gesture moves it on and lets go; it lands exactly.
    _scriptedMediaTime = Self.origin + 0.35
    transition.transitionProgress = progress + 0.1
    transition.finish(velocity: 0.5)
    for t in Self.frames(period: 1.0 / 60, until: 3) where transition.heading != nil {
      _scriptedMediaTime = Self.origin + 0.35 + t
      transition.frame(atTimestamp: Self.origin + 0.35 + t)
    }
    #expect(host.collectionView.collectionViewLayout === next && host.completions == [true] && host.errors.isEmpty)
    let truth = host.shown()
    let last = transition.engine!.layoutAttributesForElements(in: host.collectionView.bounds)
    #expect(!truth.isEmpty && truth.allSatisfy { id, a in last.contains { $0.elementID == id && $0 == a } })
    #expect(transition.grab() == nil, "nothing left to grab")
  }

  @Test("per-item springs: a snappy spring for even items and a slow one for odd items; the even ones are further along mid-flight, all land")
  func perItemSprings() throws {
    let host = Host(count: 60, layout: CachedLayout.circle())
    let slow = try Spring(response: 1.2, dampingRatio: 1)
    host.springs = .perItem { $0.item % 2 == 0 ? .snappy : slow }
    let next = CachedLayout.stackedCards()
    let start = host.shown()
    let transition = try host.start(to: next)
    transition.finish()
    _scriptedMediaTime = Self.origin + 0.25
    transition.frame(atTimestamp: Self.origin + 0.25)
    let mid = host.shown()
    next.prepare()
    func travelled(_ id: ElementID) -> Double? {
      guard let a = start[id], let b = next.layoutAttributesForItem(at: id.indexPath.uiKitIndexPath), let m = mid[id] else { return nil }
      let whole = hypot(Double(b.center.x - a.center.x), Double(b.center.y - a.center.y))
      return whole > 50 ? hypot(Double(m.center.x - a.center.x), Double(m.center.y - a.center.y)) / whole : nil
    }
    let even = start.keys.filter { $0.indexPath.item % 2 == 0 }.compactMap(travelled)
    let odd = start.keys.filter { $0.indexPath.item % 2 == 1 }.compactMap(travelled)
    #expect(even.count > 5 && odd.count > 5)
    #expect(even.min()! > odd.max()!, "snappy \(even.min()!) vs slow \(odd.max()!)")
    for t in Self.frames(period: 1.0 / 60, until: 4) where transition.heading != nil {
      _scriptedMediaTime = Self.origin + t
      transition.frame(atTimestamp: Self.origin + t)
    }
    #expect(host.collectionView.collectionViewLayout === next && host.completions == [true] && host.errors.isEmpty)
  }

  @Test("setCollectionViewLayout on springs: transition(_:to:) runs to the end without a gesture and calls the completion")
  func withoutAGesture() throws {
    let host = Host(count: 60, layout: CachedLayout.springy(), offset: CGPoint(x: 0, y: 900))
    let next = AppGridLayout(count: 60, columns: 2)
    var done: [Bool] = []
    let transition = try #require(HarmonicTransitionLayout.transition(host.collectionView, to: next) { done.append($0) })
    #expect(transition._link?._isRunning == true && done.isEmpty)
    for t in Self.frames(period: 1.0 / 120, until: 3) where transition.heading != nil {
      _scriptedMediaTime = Self.origin + t
      transition.frame(atTimestamp: Self.origin + t)
    }
    #expect(host.collectionView.collectionViewLayout === next && done == [true] && host.errors.isEmpty)
    // The next layout's target offset (its own, clamped to its content) is where the content rests.
    let bottom = next.collectionViewContentSize.height - 480
    #expect(host.collectionView.contentOffset == CGPoint(x: 0, y: min(900, bottom)))
  }

  @Test("bad answers and bad input: typed errors through onError naming the element; nothing on screen jumps; nothing traps")
  func badInput() throws {
    // The next layout answers a NaN frame for a cell it shows: no engine, the current layout stays on screen.
    let grid = AppGridLayout(count: 60, columns: 3)
    let broken = AppGridLayout(count: 60, columns: 2)
    broken.fault = .nanFrame(item: 10)
    let host = Host(count: 60, layout: grid, offset: CGPoint(x: 0, y: 300))
    let before = host.shown()
    let transition = try host.start(to: broken)
    guard case .invalidParameter(let name, _, _) = try #require(host.errors.first) else { throw CancellationError() }
    #expect(name.hasPrefix("cell [0, 10] center") && transition.engine == nil)
    transition.transitionProgress = 0.5
    #expect(host.shown() == before, "the screen moved")
    transition.finish(velocity: 3)
    #expect(host.collectionView.collectionViewLayout === broken && host.completions == [true])

    // An item the data lacks, a content size that is not finite, an index path twice: each named, none installed.
    for (fault, prefix) in [(AppGridLayout.Fault.extraItem, "itemCounts[0]"), (.nanContentSize, "contentSize.width"), (.repeatedItem(12), "elements[")] {
      let bad = AppGridLayout(count: 60, columns: 2)
      bad.fault = fault
      let other = Host(count: 60, layout: AppGridLayout(count: 60, columns: 3), offset: CGPoint(x: 0, y: 300))
      let refused = try other.start(to: bad)
      let error = try #require(other.errors.first)
      guard case .invalidParameter(let name, _, _) = error else { throw CancellationError() }
      #expect(name.hasPrefix(prefix) && refused.engine == nil, "\(fault): \(error)")
    }

    // A NaN progress and a NaN velocity: reported; the pose holds, then the release runs at rest velocity and lands.
    let fine = Host(count: 60, layout: AppGridLayout(count: 60, columns: 3), offset: CGPoint(x: 0, y: 300))
    let next = CachedLayout.circle()
    let transition2 = try fine.start(to: next)
    transition2.transitionProgress = 0.4
    let posed = fine.shown()
    transition2.transitionProgress = .nan
    #expect(fine.shown() == posed)
    transition2.transitionProgress = 0.4
    transition2.finish(velocity: .infinity)
    #expect(fine.errors.count == 2 && fine.errors.allSatisfy { if case .invalidParameter = $0 { true } else { false } })
    #expect(fine.shown() == posed, "the refused release moved the screen")
    for t in Self.frames(period: 1.0 / 60, until: 3) where transition2.heading != nil {
      _scriptedMediaTime = Self.origin + t
      transition2.frame(atTimestamp: Self.origin + t)
    }
    #expect(fine.collectionView.collectionViewLayout === next && fine.completions == [true])
  }
}
#endif
