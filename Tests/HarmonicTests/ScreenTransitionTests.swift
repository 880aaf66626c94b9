import Foundation
import Testing

@testable import Harmonic

/// ``ScreenTransition``: the seed's table-to-grid push and edge-pan pop with
/// 50 rows, and a grid-to-detail hero, in container coordinates (issue 72,
/// its model).
@Suite("Screen transitions")
struct ScreenTransitionTests {
  static let container = CGSize(width: 390, height: 844)
  static let rows = 50

  /// Row `i` of the table (44-pt rows) and cell `i` of the grid (three
  /// 128-pt squares across, 3 pt apart), in their content coordinates.
  static func row(_ i: Int) -> CGRect { CGRect(x: 0, y: Double(i) * 44, width: 390, height: 44) }
  static func cell(_ i: Int) -> CGRect { CGRect(x: Double(i % 3) * 131, y: Double(i / 3) * 131, width: 128, height: 128) }
  static let gridContent = CGSize(width: 390, height: Double((rows + 2) / 3) * 131 - 3)

  /// A container scrolled to `offset`: what it shows, and where it has any id, in container coordinates.
  static func side(_ frame: @escaping @Sendable (Int) -> CGRect, offset: Double) -> ScreenTransition<Int>.Side {
    func placed(_ i: Int) -> LayoutAttributes {
      LayoutAttributes(indexPath: ItemIndexPath(item: i, section: 0), frame: frame(i).offsetBy(dx: 0, dy: -offset))
    }
    let visible = CGRect(origin: .zero, size: container)
    let shown = (0..<rows).filter { frame($0).offsetBy(dx: 0, dy: -offset)._overlaps(visible) }.map { (id: $0, attributes: placed($0)) }
    return ScreenTransition<Int>.Side(shown: shown) { id in (0..<rows).contains(id) ? placed(id) : nil }
  }

  /// The seed's push: a tap on row `tapped` of the table at `tableOffset`;
  /// the grid opens with the tapped item on its first row, clamped.
  static func push(
    tapped: Int, tableOffset: Double, springs: LayoutTransition.Springs = .shared(.smooth), reducesMotion: Bool = false
  ) throws -> (
    ScreenTransition<Int>, gridOffset: Double
  ) {
    let viewport = try Viewport(size: container)
    let gridOffset = Double(ScreenTransition<Int>.destinationOffset(bringing: cell(tapped), contentSize: gridContent, viewport: viewport).y)
    let transition = try ScreenTransition(
      from: side(row, offset: tableOffset), to: side(cell, offset: gridOffset), container: container, springs: springs,
      reducesMotion: reducesMotion)
    return (transition, gridOffset)
  }

  /// Every element the engine animates or fades now (on screen or not), by id.
  static func everything(_ transition: ScreenTransition<Int>) -> [Int: [LayoutAttributes]] {
    let all = CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
    var result: [Int: [LayoutAttributes]] = [:]
    for a in transition.engine.layoutAttributesForElements(in: all) + transition.engine.leavingAttributes {
      if let id = transition.ids[a.elementID] { result[id, default: []].append(a) }
    }
    return result
  }

  @Test("the push: the grid's offset is the seed's rule, every cell of the union flies from its row to its cell, none missing at 40 instants, each end exact")
  func push() throws {
    // Row 20 tapped with the table at 300: the grid brings item 20 (its
    // row 6, y = 786) to the top; and near the end, clamped to the content.
    let (transition, gridOffset) = try Self.push(tapped: 20, tableOffset: 300)
    #expect(gridOffset == 786)
    #expect(try Self.push(tapped: 49, tableOffset: 1400).gridOffset == Double(Self.gridContent.height) - 844)
    #expect(try Self.push(tapped: 1, tableOffset: 0).gridOffset == 0)
    // The union of both visible ranges: rows 6…25 of the table, items 18…38 of the grid.
    let source = Set(Self.side(Self.row, offset: 300).shown.map(\.id))
    let destination = Set(Self.side(Self.cell, offset: gridOffset).shown.map(\.id))
    let union = source.union(destination)
    #expect(source == Set(6...25) && destination == Set(18...38) && union == Set(6...38))
    #expect(Set(transition.ids.values) == union)
    // Progress 0 is the table exactly.
    let start = Dictionary(uniqueKeysWithValues: transition.shown.map { ($0.id, $0.attributes) })
    #expect(Set(start.keys) == source && start.allSatisfy { $0.value.frame == Self.row($0.key).offsetBy(dx: 0, dy: -300) })
    // Released at once; 40 instants to the end: no element of the union missing.
    var released = transition
    try released.finish(velocity: 0, at: .zero)
    for k in 1...40 {
      var frame = released
      try frame.advance(to: AnimationTime(ticks: AnimationTime.ticksPerSecond * Int64(k) / 40))
      let shown = Self.everything(frame)
      #expect(union.allSatisfy { shown[$0] != nil }, "instant \(k): missing \(union.filter { shown[$0] == nil }.sorted())")
    }
    try released.advance(to: AnimationTime(ticks: AnimationTime.ticksPerSecond * 3))
    #expect(!released.isAnimating)
    let landed = Dictionary(uniqueKeysWithValues: released.shown.map { ($0.id, $0.attributes) })
    #expect(Set(landed.keys) == destination && landed.allSatisfy { $0.value.frame == Self.cell($0.key).offsetBy(dx: 0, dy: -gridOffset) })
  }

  /// The pop by an edge pan, as the seed drives it: progress = translation /
  /// width at each event, released at `releaseAt` seconds with the pan's
  /// velocity / width; frames every `period` (nil: irregular). Returns the
  /// bits of the shown elements at every 1/60 s.
  static func pop(period: Double?, pans: [(t: Double, x: Double)], releaseVelocity: Double) throws -> (bits: [Int: [UInt64]], finished: Bool) {
    // The grid as the push left it; back to the table with the grid's first
    // visible item on the table's first row (the seed's "back shows the first visible cell first").
    let viewport = try Viewport(size: container)
    let gridOffset = 786.0
    let first = side(cell, offset: gridOffset).shown.map(\.id).min()!
    let tableContent = CGSize(width: 390, height: Double(rows) * 44)
    let tableOffset = Double(ScreenTransition<Int>.destinationOffset(bringing: row(first), contentSize: tableContent, viewport: viewport).y)
    var transition = try ScreenTransition(from: side(cell, offset: gridOffset), to: side(row, offset: tableOffset), container: container)
    var bits: [Int: [UInt64]] = [:]
    let frames = TransitionFrames.times(period: period, until: 3)
    var pending = pans[...]
    var finished: Bool?
    for t in frames {
      while let pan = pending.first, pan.t < t {
        let at = try AnimationTime(seconds: pan.t)
        try transition.setProgress(min(max(pan.x / 390, 0), 1), at: at)
        pending = pending.dropFirst()
      }
      if finished == nil, pending.isEmpty {
        let at = try AnimationTime(seconds: pans.last!.t + 0.004)
        let p = transition.progress
        finished = LayoutAnimator.shouldFinish(progress: p, progressVelocity: releaseVelocity / 390)
        if finished! { try transition.finish(velocity: releaseVelocity / 390, at: at) } else { try transition.cancel(velocity: releaseVelocity / 390, at: at) }
      }
      try transition.advance(to: try AnimationTime(seconds: t))
      let sixtieth = (t * 60).rounded()
      if abs(t * 60 - sixtieth) < 1e-9 {
        bits[Int(sixtieth)] = transition.shown.sorted { $0.id < $1.id }.flatMap { id, a in
          [Double(id), Double(a.center.x), Double(a.center.y), Double(a.size.width), Double(a.size.height), a.alpha].map(\.bitPattern)
        }
      }
    }
    #expect(!transition.isAnimating)
    let landed = Dictionary(uniqueKeysWithValues: transition.shown.map { ($0.id, $0.attributes.frame) })
    let expected = finished! ? side(row, offset: tableOffset).shown : side(cell, offset: gridOffset).shown
    #expect(landed == Dictionary(uniqueKeysWithValues: expected.map { ($0.id, $0.attributes.frame) }), "the pop did not land on its end exactly")
    return (bits, finished!)
  }

  @Test("the edge-pan pop: past half way or a fast swipe finishes, else it cancels; each lands exactly, the same bits at 60 Hz, 120 Hz and irregular frames")
  func pop() throws {
    let slowPastHalf: [(t: Double, x: Double)] = [(0.05, 40), (0.1, 120), (0.15, 200), (0.2, 230)]
    let fastSwipe: [(t: Double, x: Double)] = [(0.02, 30), (0.04, 90), (0.06, 150)]
    let backOff: [(t: Double, x: Double)] = [(0.05, 60), (0.1, 150), (0.2, 90)]
    for (pans, velocity, finishes) in [(slowPastHalf, 100.0, true), (fastSwipe, 2400, true), (backOff, -300, false)] {
      let at60 = try Self.pop(period: 1.0 / 60, pans: pans, releaseVelocity: velocity)
      let at120 = try Self.pop(period: 1.0 / 120, pans: pans, releaseVelocity: velocity)
      let irregular = try Self.pop(period: nil, pans: pans, releaseVelocity: velocity)
      #expect(at60.finished == finishes && at120.finished == finishes && irregular.finished == finishes)
      #expect(at60.bits.count > 30 && at60.bits == at120.bits && at60.bits == irregular.bits, "the pop depends on the frame rate")
    }
  }

  @Test("a touch mid-flight grabs the release: position held to rounding, the velocity on; a new gesture carries it on")
  func grab() throws {
    var (transition, _) = try Self.push(tapped: 20, tableOffset: 300)
    try transition.setProgress(0.3, at: try AnimationTime(seconds: 0.1))
    try transition.finish(velocity: 1.2, at: try AnimationTime(seconds: 0.15))
    let touch = try AnimationTime(seconds: 0.31)
    try transition.advance(to: touch)
    let flying = Dictionary(uniqueKeysWithValues: transition.shown.map { ($0.id, $0.attributes) })
    let progress = try transition.grab(at: touch)
    #expect(progress > 0.3 && progress < 1 && !transition.isAnimating)
    let held = Dictionary(uniqueKeysWithValues: transition.shown.map { ($0.id, $0.attributes) })
    #expect(Set(held.keys) == Set(flying.keys))
    for (id, a) in flying {
      let b = held[id]!
      #expect(
        abs(Double(a.center.y - b.center.y)) < 1e-9 * 1000 && abs(Double(a.center.x - b.center.x)) < 1e-6 && abs(a.alpha - b.alpha) < 1e-9, "\(id) jumped")
    }
    try transition.setProgress(min(1, progress + 0.2), at: try AnimationTime(seconds: 0.4))
    try transition.finish(velocity: 0.5, at: try AnimationTime(seconds: 0.45))
    try transition.advance(to: try AnimationTime(seconds: 4))
    #expect(!transition.isAnimating)
  }

  @Test("Reduce Motion: every element cross-fades in place — nothing moves, the table fades out, the grid fades in")
  func reduceMotion() throws {
    var (transition, gridOffset) = try Self.push(tapped: 20, tableOffset: 300, reducesMotion: true)
    try transition.finish(velocity: 0, at: .zero)
    var fading = 0
    for k in 1...20 {
      try transition.advance(to: AnimationTime(ticks: AnimationTime.ticksPerSecond * Int64(k) / 40))
      let all = Self.everything(transition)
      // The table's 20 rows leave and the grid's 21 cells arrive: rows 18…25 are both.
      #expect(all.values.map(\.count).reduce(0, +) == 20 + 21, "instant \(k)")
      fading += all.values.joined().filter { $0.alpha > 0 && $0.alpha < 1 }.count
      for (id, elements) in all {
        for a in elements {
          let places = [Self.row(id).offsetBy(dx: 0, dy: -300), Self.cell(id).offsetBy(dx: 0, dy: -gridOffset)]
          #expect(places.contains(a.frame), "\(id) moved to \(a.frame)")
        }
      }
    }
    #expect(fading > 100, "\(fading) partly faded poses")
  }

  @Test("a hero: a grid cell becomes the detail screen's header image; the other cells leave, the title appears")
  func hero() throws {
    // The grid at 0; the detail shows photo 4 as a 390 × 300 header and a title (id 1000).
    let grid = Self.side(Self.cell, offset: 0)
    let header = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 0, y: 91, width: 390, height: 300))
    let title = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 16, y: 407, width: 358, height: 30))
    var transition = try ScreenTransition(from: grid, to: .init(shown: [(4, header), (1000, title)]), container: Self.container, springs: .shared(.snappy))
    #expect(transition.ids.values.filter { $0 == 4 }.count == 1, "the photo is one element")
    try transition.finish(velocity: 0.8, at: .zero)
    try transition.advance(to: try AnimationTime(seconds: 0.12))
    let mid = Self.everything(transition)
    let photo = try #require(mid[4]?.first)
    #expect(photo.frame != Self.cell(4) && photo.frame != header.frame, "the photo is in flight")
    #expect((mid[7]?.first?.alpha ?? 0) < 1 && (mid[1000]?.first?.alpha ?? 1) > 0, "the other cells fade out, the title in")
    try transition.advance(to: try AnimationTime(seconds: 3))
    let landed = Dictionary(uniqueKeysWithValues: transition.shown.map { ($0.id, $0.attributes.frame) })
    #expect(landed == [4: header.frame, 1000: title.frame])
  }

  @Test("bad input: a NaN frame on an id both sides show, an id twice, progress outside [0, 1], no element — typed errors naming them; nothing changes")
  func badInput() throws {
    var broken = Self.side(Self.cell, offset: 786)
    broken.shown[3].attributes.center.y = .nan
    let nanID = broken.shown[3].id
    #expect(throws: HarmonicError.self) { _ = try ScreenTransition(from: Self.side(Self.row, offset: 300), to: broken, container: Self.container) }
    do {
      _ = try ScreenTransition(from: Self.side(Self.row, offset: 300), to: broken, container: Self.container)
    } catch {
      guard case .invalidParameter(let name, _, _) = error else { throw error }
      #expect(name.hasPrefix("destination (\(nanID)) center"), "\(name)")
    }
    var twice = Self.side(Self.row, offset: 300)
    twice.shown.append(twice.shown[2])
    do {
      _ = try ScreenTransition(from: twice, to: Self.side(Self.cell, offset: 786), container: Self.container)
      Issue.record("an id twice was accepted")
    } catch {
      guard case .invalidParameter(let name, _, _) = error else { throw error }
      #expect(name == "source.shown[20] (\(twice.shown[2].id))", "\(name)")
    }
    #expect(throws: HarmonicError.self) { _ = try ScreenTransition<Int>(from: .init(shown: []), to: .init(shown: []), container: Self.container) }
    var (transition, _) = try Self.push(tapped: 20, tableOffset: 300)
    try transition.setProgress(0.4, at: try AnimationTime(seconds: 0.1))
    let before = transition.shown.map(\.attributes)
    for bad in [-0.01, 1.01, .nan, .infinity] {
      #expect(throws: HarmonicError.self) { try transition.setProgress(bad, at: try AnimationTime(seconds: 0.2)) }
    }
    let tick = try AnimationTime(seconds: 0.1)
    #expect(transition.shown.map(\.attributes) == before && transition.engine.time == tick)
  }
}

/// Frame times shared by the screen-transition tests: every `period`, or
/// irregular (3–25 ms apart) with every 1/60 s among them.
enum TransitionFrames {
  static func times(period: Double?, until end: Double) -> [Double] {
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
}
