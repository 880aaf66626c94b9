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
    #expect(held.count == released.count && held.allSatisfy { released[$0.key] == $0.value }, "the release moved an element")
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
}
#endif
