import Foundation
import Testing
@testable import Harmonic

@Suite("Layout transitions")
struct LayoutTransitionTests {
  let viewport = try! Viewport(size: CGSize(width: 320, height: 480))
  let grid = try! GridLayout(sections: [.init(itemCount: 60, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)],
                             viewportCrossExtent: 320)
  let list = try! GridLayout.list(rowHeights: [Array(repeating: 44, count: 60)], width: 320)

  func flowToList(velocity: TransitionVelocity = .none, springs: TransitionSprings = .shared(.snappy)) throws -> LayoutTransition {
    let end = try list.placement(of: [ItemIndexPath(item: 9, section: 0)], .top, viewport: viewport, current: .zero)
    return try LayoutTransition(from: grid, offset: CGPoint(x: 0, y: 315), to: list, offset: end, viewport: viewport,
                                springs: springs, velocity: velocity)
  }

  func values(_ attributes: [LayoutAttributes]) -> [Double] { LayoutChannels.values(of: attributes) }

  @Test("starts exactly at the old layout and ends exactly at the new one, offset included")
  func endpoints() throws {
    let transition = try flowToList(velocity: .gesture(CGPoint(x: 0, y: -1200)))
    var frame = transition.makeFrame()
    try transition.frame(at: .zero, into: &frame)
    #expect(values(frame.attributes) == values(transition.startAttributes))
    #expect(frame.contentOffset == CGPoint(x: 0, y: 315) && frame.progress == 0)
    try transition.frame(at: transition.completion, into: &frame)
    #expect(frame.isComplete && frame.progress == 1)
    #expect(frame.attributes == transition.endAttributes)
    #expect(frame.contentOffset == transition.endOffset && frame.contentSize == list.contentSize)
    // One tick earlier it is still in flight, and nothing visible would jump:
    // every element is already within its tolerance of the end.
    try transition.frame(at: transition.completion - AnimationTime(ticks: 1), into: &frame)
    #expect(!frame.isComplete)
    let tolerances = transition.tolerances.perChannel(include3D: false)
    let now = values(frame.attributes), end = values(transition.endAttributes)
    let n = transition.indexPaths.count
    for e in 0..<now.count { #expect((now[e] - end[e]).magnitude <= tolerances[e / n] * (1 + 1e-9)) }
    print("flow → list, \(n) items: completes after \(transition.completion.seconds) s")
  }

  @Test("items are paired by index path over those visible at the start or the end")
  func pairing() throws {
    let transition = try flowToList()
    let startVisible = Set(grid.visibleIndexPaths(in: viewport.visibleRect(at: CGPoint(x: 0, y: 315))))
    let endVisible = Set(list.visibleIndexPaths(in: viewport.visibleRect(at: transition.endOffset)))
    #expect(Set(transition.indexPaths) == startVisible.union(endVisible))
    for (k, indexPath) in transition.indexPaths.enumerated() {
      #expect(transition.startAttributes[k] == (try grid.attributes(of: indexPath)))
      #expect(transition.endAttributes[k] == (try list.attributes(of: indexPath)))
    }
  }

  @Test("frames have the same bits at 30, 60, 120, 144 Hz and on irregular frames")
  func frameRateIndependence() throws {
    let transition = try flowToList(velocity: .gesture(CGPoint(x: 40, y: -900)), springs: .staggered(base: .bouncy, step: 0.05, origin: nil))
    let probes: [Int64] = [0, 1, 2].map { $0 * AnimationTime.ticksPerSecond / 2 }  // frames at every rate
    var reference: [UInt64]? = nil
    var random = SeededGenerator(seed: 12)
    var irregular: [Int64] = [0]
    while irregular.last! < AnimationTime.ticksPerSecond {
      irregular.append(irregular.last! + Int64.random(in: 1...(AnimationTime.ticksPerSecond / 25), using: &random))
    }
    let schedules: [[Int64]] = try [30, 60, 120, 144].map { rate in
      try (0...rate).map { try AnimationTime(frame: $0, framesPerSecond: rate).ticks }
    } + [Array(Set(irregular + probes)).sorted()]
    for schedule in schedules {
      var frame = transition.makeFrame()
      var hashes: [UInt64] = []
      for tick in schedule {
        try transition.frame(at: AnimationTime(ticks: tick), into: &frame)
        if probes.contains(tick) {
          var hasher = BitHasher()
          for v in values(frame.attributes) { hasher.combine(v) }
          hasher.combine(Double(frame.contentOffset.y))
          hashes.append(hasher.value)
        }
      }
      if let reference { #expect(hashes == reference) } else { reference = hashes }
    }
  }

  @Test("average progress reaches exactly 1 even when some items do not move")
  func stillItems() throws {
    // The same layout with one more column of width: items 0…2 keep their frames.
    let wider = try GridLayout(sections: [.init(itemCount: 60, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)],
                               viewportCrossExtent: 330)
    let transition = try LayoutTransition(from: grid, offset: .zero, to: wider, offset: .zero, viewport: viewport)
    #expect(transition.startAttributes[0] == transition.endAttributes[0])
    #expect(transition.batch.averageProgress(at: transition.completion) == 1)
    var frame = transition.makeFrame()
    try transition.frame(at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 10), into: &frame)
    #expect(frame.progress > 0 && frame.progress < 1)
  }

  @Test("scrubbing is linear, reversible and rubber-bands beyond the ends if asked")
  func scrub() throws {
    let transition = try flowToList()
    var frame = transition.makeFrame()
    try transition.scrub(progress: 0, into: &frame)
    #expect(values(frame.attributes) == values(transition.startAttributes))
    try transition.scrub(progress: 1, into: &frame)
    #expect(values(frame.attributes) == values(transition.endAttributes))
    try transition.scrub(progress: 0.3, into: &frame)
    let forward = values(frame.attributes)
    try transition.scrub(progress: 0.8, into: &frame)
    try transition.scrub(progress: 0.3, into: &frame)
    #expect(values(frame.attributes) == forward)
    try transition.scrub(progress: 3, rubberBand: true, into: &frame)
    #expect(frame.progress > 1 && frame.progress < 2)
    try transition.scrub(progress: -3, rubberBand: true, into: &frame)
    #expect(frame.progress < 0 && frame.progress > -1)
    #expect(throws: HarmonicError.self) { try transition.scrub(progress: .nan, into: &frame) }
  }

  @Test("finish and cancel hand over position and velocity without a jump, and end exactly")
  func finishAndCancel() throws {
    let transition = try flowToList()
    var scrubbed = transition.makeFrame()
    let (p, rate) = (0.4, 1.5)
    try transition.scrub(progress: p, into: &scrubbed)
    let handOff = AnimationTime(ticks: 2_000_000_000)
    for towardsEnd in [true, false] {
      let released = towardsEnd ? try transition.finish(fromProgress: p, velocity: rate, at: handOff)
                                : try transition.cancel(fromProgress: p, velocity: rate, at: handOff)
      var frame = released.makeFrame()
      try released.frame(at: handOff, into: &frame)
      #expect(values(frame.attributes) == values(scrubbed.attributes))  // position: bit for bit
      #expect(frame.contentOffset == scrubbed.contentOffset)
      var velocities = released.batch.makeFrame()
      try released.batch.evaluate(at: handOff, into: &velocities)
      let from = values(transition.startAttributes), to = values(transition.endAttributes)
      for e in 0..<from.count { #expect(velocities.velocities[e] == rate * (to[e] - from[e])) }
      let offsetVelocity = released.contentOffsetVelocity(at: handOff)
      #expect((Double(offsetVelocity.y) - rate * Double(transition.endOffset.y - transition.startOffset.y)).magnitude < 1e-9)
      try released.frame(at: released.completion, into: &frame)
      #expect(frame.attributes == (towardsEnd ? transition.endAttributes : transition.startAttributes))
      #expect(frame.contentOffset == (towardsEnd ? transition.endOffset : transition.startOffset))
    }
  }

  @Test("letting go at rest does not force an overshoot")
  func noForcedOvershoot() throws {
    let released = try flowToList().finish(fromProgress: 0.5, velocity: 0, at: .zero)
    var frame = released.makeFrame()
    for step in 0...240 {
      try released.frame(at: try AnimationTime(frame: Int64(step), framesPerSecond: 120), into: &frame)
      #expect(frame.progress <= 1)
    }
  }

  @Test("interrupting mid-flight keeps every item's position and velocity (C¹) and ends at the third layout")
  func interrupt() throws {
    var transition = try flowToList(velocity: .gesture(CGPoint(x: 0, y: 600)), springs: .shared(.bouncy))
    let third = try GridLayout(sections: [.init(itemCount: 60, itemSize: CGSize(width: 150, height: 150), lineSpacing: 10, interitemSpacing: 10)],
                               viewportCrossExtent: 320)
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 5)
    var before = transition.batch.makeFrame()
    try transition.batch.evaluate(at: tick, into: &before)
    let oldPaths = transition.indexPaths
    let offsetBefore = { () throws -> CGPoint in var f = transition.makeFrame(); try transition.frame(at: tick, into: &f); return f.contentOffset }
    let offset = try offsetBefore()
    try transition.retarget(to: third, offset: CGPoint(x: 0, y: 0), viewport: viewport, at: tick)
    var after = transition.batch.makeFrame()
    try transition.batch.evaluate(at: tick, into: &after)
    let n0 = oldPaths.count, n1 = transition.indexPaths.count
    for (k, indexPath) in oldPaths.enumerated() {
      let j = try #require(transition.indexPaths.firstIndex(of: indexPath))
      for channel in 0..<11 {
        #expect(after.values[channel * n1 + j].bitPattern == before.values[channel * n0 + k].bitPattern)
        #expect(after.velocities[channel * n1 + j].bitPattern == before.velocities[channel * n0 + k].bitPattern)
      }
    }
    var frame = transition.makeFrame()
    try transition.frame(at: tick, into: &frame)
    #expect(frame.contentOffset == offset)
    try transition.frame(at: transition.completion, into: &frame)
    #expect(frame.attributes == transition.indexPaths.map { try! third.attributes(of: $0) })
  }

  @Test("inserted items appear from their initial pose; undeclared missing items are refused")
  func insertionsAndBadInput() throws {
    let more = try GridLayout(sections: [.init(itemCount: 61, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)],
                              viewportCrossExtent: 320)
    let smaller = try GridLayout(sections: [.init(itemCount: 3, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    // From a 3-item grid to 61 items: 58 inserted at the end (batch-update
    // semantics: the update must account for the counts, as UIKit's does).
    let transition = try LayoutTransition(from: smaller, offset: .zero, to: more, offset: .zero, viewport: viewport,
                                          update: LayoutUpdate(inserted: Set((3..<61).map { ItemIndexPath(item: $0, section: 0) })))
    let k = transition.indexPaths.firstIndex(of: ItemIndexPath(item: 5, section: 0))!
    #expect(transition.startAttributes[k].alpha == 0 && transition.endAttributes[k].alpha == 1)
    #expect(throws: HarmonicError.self) { try LayoutTransition(from: smaller, offset: .zero, to: more, offset: .zero, viewport: viewport) }
    #expect(throws: HarmonicError.self) {
      try LayoutTransition(from: smaller, offset: .zero, to: more, offset: .zero, viewport: viewport,
                           update: LayoutUpdate(inserted: Set((3..<15).map { ItemIndexPath(item: $0, section: 0) })))
    }
    #expect(throws: HarmonicError.self) { try LayoutTransition(from: grid, offset: CGPoint(x: CGFloat.nan, y: 0), to: list, offset: .zero, viewport: viewport) }
    #expect(throws: HarmonicError.self) { try flowToList(velocity: .gesture(CGPoint(x: CGFloat.nan, y: 0))) }
    #expect(throws: HarmonicError.self) { try flowToList(velocity: .perElement([1, 2, 3])) }
    #expect(throws: HarmonicError.self) { try flowToList().finish(fromProgress: .infinity, velocity: 0, at: .zero) }
  }

  @Test("staggered springs: items further along arrive later")
  func stagger() throws {
    let transition = try flowToList(springs: .staggered(base: .smooth, step: 0.1, origin: nil))
    let first = transition.batch.spring(ofItem: 0), last = transition.batch.spring(ofItem: transition.indexPaths.count - 1)
    #expect(last.response > first.response && last.dampingRatio == first.dampingRatio)
  }
}
