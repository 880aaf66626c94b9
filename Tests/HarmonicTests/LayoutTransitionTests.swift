import Foundation
import Testing

@testable import Harmonic

@Suite("Layout transitions")
struct LayoutTransitionTests {
  let viewport = try! Viewport(size: CGSize(width: 320, height: 480))
  let grid = try! GridLayout(
    sections: [.init(itemCount: 60, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)],
    viewportCrossExtent: 320)
  let list = try! GridLayout.list(rowHeights: [Array(repeating: 44, count: 60)], width: 320)

  func flowToList(velocity: LayoutTransition.Velocity = .none, springs: LayoutTransition.Springs = .shared(.snappy)) throws -> LayoutTransition {
    let end = try list.placement(of: [ItemIndexPath(item: 9, section: 0)], .top, viewport: viewport, current: .zero)
    return try LayoutTransition(
      from: grid, offset: CGPoint(x: 0, y: 315), to: list, offset: end, viewport: viewport,
      springs: springs, velocity: velocity)
  }

  func values(_ attributes: [LayoutAttributes]) -> [Double] { LayoutChannels.values(of: attributes) }

  @Test(
    "a frame's attributes are its values applied afterwards, for any thread count, springs, transform interpolation and 3-D",
    .splittingEveryBatch)
  func attributesAreTheValuesApplied() throws {
    // 20,000 elements: three blocks of attributes built as their values are written.
    let count = 20_000
    let cross = Double(Int(Double(count).squareRoot().rounded(.up))) * 12
    let grid = try GridLayout(
      sections: [.init(itemCount: count, itemSize: CGSize(width: 10, height: 10), lineSpacing: 2, interitemSpacing: 2)], viewportCrossExtent: cross)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 4, count: count)], width: cross)
    let viewport = try Viewport(size: CGSize(width: cross, height: max(grid.contentSize.height, list.contentSize.height)))
    let mixed = try mixedSprings(5, seed: 9)
    let cases: [(LayoutTransition.Springs, TransformInterpolation, Bool)] = [
      (.shared(.snappy), .componentwise, false), (.perItem { mixed[$0.item % 5] }, .decomposed, false), (.shared(.bouncy), .componentwise, true),
    ]
    func bits(_ attributes: [LayoutAttributes]) -> UInt64 {
      var hasher = BitHasher()
      for e in attributes {
        for v in [e.center.x, e.center.y, e.size.width, e.size.height] { hasher.combine(Double(v)) }
        for v in [e.transform.a, e.transform.b, e.transform.c, e.transform.d, e.transform.tx, e.transform.ty, e.alpha] { hasher.combine(v) }
        for entry in 0..<16 { hasher.combine(e.transform3D.m[entry]) }
        hasher.combine(Double(e.zIndex))
        hasher.combine(e.isHidden ? 1 : 0)
      }
      return hasher.value
    }
    for (springs, transforms, include3D) in cases {
      let transition = try LayoutTransition(
        from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport, springs: springs, velocity: .gesture(CGPoint(x: 0, y: -800)),
        include3D: include3D, transforms: transforms)
      #expect(transition.elements.count == count)
      var channels = transition.makeFrame(attributes: false)
      var frame = transition.makeFrame()
      let ticks = [1, AnimationTime.ticksPerSecond / 5, transition.endTick.ticks - 1].map { AnimationTime(ticks: $0) }
      for tick in ticks {
        try transition.frame(at: tick, into: &channels, threads: 1)
        var expected = transition.makeFrame().attributes
        try LayoutChannels.apply(channels.values, to: &expected, transforms: transforms, threads: 1)
        for threads in [1, 2, 3] {
          try transition.frame(at: tick, into: &frame, threads: threads)
          let context = "\(transforms), 3-D \(include3D), tick \(tick.ticks), \(threads) threads"
          #expect(bits(frame.attributes) == bits(expected), "\(context)")
          #expect(frame.values.map(\.bitPattern) == channels.values.map(\.bitPattern), "\(context)")
        }
      }
    }
  }

  @Test("starts exactly at the old layout and ends exactly at the new one, offset included")
  func endpoints() throws {
    let transition = try flowToList(velocity: .gesture(CGPoint(x: 0, y: -1200)))
    var frame = transition.makeFrame()
    try transition.frame(at: .zero, into: &frame)
    #expect(values(frame.attributes) == values(transition.startAttributes))
    #expect(frame.contentOffset == CGPoint(x: 0, y: 315) && frame.progress == 0)
    try transition.frame(at: transition.endTick, into: &frame)
    #expect(frame.hasEnded && frame.progress == 1)
    #expect(frame.attributes == transition.endAttributes)
    #expect(frame.contentOffset == transition.endOffset && frame.contentSize == list.contentSize)
    // One tick earlier it is still in flight, and nothing visible would jump:
    // every element is already within its tolerance of the end.
    try transition.frame(at: transition.endTick - AnimationTime(ticks: 1), into: &frame)
    #expect(!frame.hasEnded)
    let tolerances = transition.tolerances.perChannel(include3D: false)
    let now = values(frame.attributes), end = values(transition.endAttributes)
    let n = transition.elements.count
    for e in 0..<now.count { #expect((now[e] - end[e]).magnitude <= tolerances[e / n] * (1 + 1e-9)) }
    print("flow → list, \(n) items: completes after \(transition.endTick.seconds) s")
  }

  @Test("items are paired by index path over those visible at the start or the end")
  func pairing() throws {
    let transition = try flowToList()
    let startVisible = Set(grid.visibleIndexPaths(in: viewport.visibleRect(at: CGPoint(x: 0, y: 315))))
    let endVisible = Set(list.visibleIndexPaths(in: viewport.visibleRect(at: transition.endOffset)))
    #expect(Set(transition.elements.map(\.id.indexPath)) == startVisible.union(endVisible))
    for (k, indexPath) in transition.elements.map(\.id.indexPath).enumerated() {
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
    let schedules: [[Int64]] =
      try [30, 60, 120, 144].map { rate in
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
    let wider = try GridLayout(
      sections: [.init(itemCount: 60, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)],
      viewportCrossExtent: 330)
    let transition = try LayoutTransition(from: grid, offset: .zero, to: wider, offset: .zero, viewport: viewport)
    #expect(transition.startAttributes[0] == transition.endAttributes[0])
    #expect(transition.batch.averageProgress(at: transition.endTick) == 1)
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
      let released =
        towardsEnd
        ? try transition.finish(fromProgress: p, velocity: rate, at: handOff)
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
      try released.frame(at: released.endTick, into: &frame)
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
    let third = try GridLayout(
      sections: [.init(itemCount: 60, itemSize: CGSize(width: 150, height: 150), lineSpacing: 10, interitemSpacing: 10)],
      viewportCrossExtent: 320)
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 5)
    var before = transition.batch.makeFrame()
    try transition.batch.evaluate(at: tick, into: &before)
    let oldPaths = transition.elements.map(\.id.indexPath)
    let offsetBefore = { () throws -> CGPoint in
      var f = transition.makeFrame(); try transition.frame(at: tick, into: &f); return f.contentOffset
    }
    let offset = try offsetBefore()
    try transition.retarget(to: third, offset: CGPoint(x: 0, y: 0), viewport: viewport, at: tick)
    var after = transition.batch.makeFrame()
    try transition.batch.evaluate(at: tick, into: &after)
    let n0 = oldPaths.count, n1 = transition.elements.count
    for (k, indexPath) in oldPaths.enumerated() {
      let j = try #require(transition.elements.map(\.id.indexPath).firstIndex(of: indexPath))
      for channel in 0..<11 {
        #expect(after.values[channel * n1 + j].bitPattern == before.values[channel * n0 + k].bitPattern)
        #expect(after.velocities[channel * n1 + j].bitPattern == before.velocities[channel * n0 + k].bitPattern)
      }
    }
    var frame = transition.makeFrame()
    try transition.frame(at: tick, into: &frame)
    #expect(frame.contentOffset == offset)
    try transition.frame(at: transition.endTick, into: &frame)
    #expect(frame.attributes == transition.elements.map(\.id.indexPath).map { try! third.attributes(of: $0) })
  }

  @Test("inserted items appear from their initial pose; undeclared missing items are refused")
  func insertionsAndBadInput() throws {
    let more = try GridLayout(
      sections: [.init(itemCount: 61, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)],
      viewportCrossExtent: 320)
    let smaller = try GridLayout(sections: [.init(itemCount: 3, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    // From a 3-item grid to 61 items: 58 inserted at the end (batch-update
    // semantics: the update must account for the counts, as UIKit's does).
    let transition = try LayoutTransition(
      from: smaller, offset: .zero, to: more, offset: .zero, viewport: viewport,
      update: LayoutUpdate(inserted: Set((3..<61).map { ItemIndexPath(item: $0, section: 0) })))
    let k = transition.elements.map(\.id.indexPath).firstIndex(of: ItemIndexPath(item: 5, section: 0))!
    #expect(transition.startAttributes[k].alpha == 0 && transition.endAttributes[k].alpha == 1)
    #expect(throws: HarmonicError.self) { try LayoutTransition(from: smaller, offset: .zero, to: more, offset: .zero, viewport: viewport) }
    #expect(throws: HarmonicError.self) {
      try LayoutTransition(
        from: smaller, offset: .zero, to: more, offset: .zero, viewport: viewport,
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
    let first = transition.batch.spring(ofItem: 0), last = transition.batch.spring(ofItem: transition.elements.count - 1)
    #expect(last.response > first.response && last.dampingRatio == first.dampingRatio)
  }
}

@Suite("Transition setup: deferred completion and id queries")
struct TransitionSetupTests {
  let viewport = try! Viewport(size: CGSize(width: 320, height: 480))

  @Test("a retarget that derives and checks its columns as it copies them, across cores, builds the batch the separate passes build, bit for bit")
  func retargetPreparedColumns() throws {
    // In order (every element continues itself: 60 cells, all visible) and
    // through the index (300 cells, a target far down: new elements).
    var paths = 0
    for count in [60, 300] {
      let (grid, list, viewport) = try ContinuingTransitionTests.gridAndList(count)
      let wide = try GridLayout(
        sections: [.init(itemCount: count, itemSize: CGSize(width: 30, height: 30), lineSpacing: 4, interitemSpacing: 4)], viewportCrossExtent: 120)
      let running = try LayoutTransition(
        from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport, springs: .shared(.bouncy), velocity: .gesture(CGPoint(x: 0, y: -700)))
      let time = try AnimationTime(seconds: 0.1)
      var now = running.makeFrame(velocities: true)
      try running.frame(at: time, into: &now)
      let old = Dictionary(uniqueKeysWithValues: running.elements.enumerated().map { ($1.id, $0) })
      for (target, offset) in [(grid as any CollectionLayout, CGPoint.zero), (wide, CGPoint(x: 0, y: 2_500))] {
        for springs in [LayoutTransition.Springs.shared(.snappy), .perItem({ _ in .smooth })] {
          var retargeted = running
          try retargeted.retarget(to: target, offset: offset, viewport: viewport, at: time, springs: springs)
          let columns = retargeted.batch._columns
          // Split across every core, each worker given any number of items: the same bits.
          var split = running
          try _Parallel.workerMinimum.withValue(1) {
            try split.retarget(to: target, offset: offset, viewport: viewport, at: time, springs: springs)
          }
          #expect(zip(split.batch._columns, columns).allSatisfy { $0.bitPattern == $1.bitPattern }, "a split changed the columns")
          let n = retargeted.elements.count
          let m = n * LayoutChannels.count2D
          // Each continuing element's velocity is running's rate at the tick.
          var (continuing, differing) = (0, 0)
          for (k, element) in retargeted.elements.enumerated() {
            guard let j = old[element.id] else { continue }
            continuing += 1
            for channel in 0..<LayoutChannels.count2D {
              let rate = try #require(now.velocity(ofElement: j, channel: channel))
              if columns[2 * m + channel * n + k].bitPattern != rate.bitPattern { differing += 1 }
            }
          }
          #expect(continuing > 0 && differing == 0, "\(differing) rates of \(continuing) continuing elements differ")
          if n == running.elements.count, continuing == n { paths |= 1 } else { paths |= 2 }
          // The restoring terms as the batch's own pass derives them.
          var rebuilt = retargeted.batch
          rebuilt._updateDerivedColumns(threads: 1)
          let derived = zip(rebuilt._columns, columns).filter { $0.bitPattern != $1.bitPattern }.count
          #expect(derived == 0, "\(derived) restoring terms differ")
          #expect(columns[(3 * m)...].contains { $0 != 0 }, "a retarget at rest")
        }
      }
    }
    #expect(paths == 3, "both the in-order and the indexed copy")
  }

  @Test("completion is computed on first read, never by frames before batch.progressEndTick, shared by copies and the same from concurrent readers")
  func deferredCompletion() throws {
    let grid = try GridLayout(
      sections: [.init(itemCount: 120, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)],
      viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 120)], width: 320)
    let transition = try LayoutTransition(
      from: grid, offset: CGPoint(x: 0, y: 200), to: list, offset: CGPoint(x: 0, y: 900),
      viewport: viewport, springs: .shared(.bouncy), velocity: .gesture(CGPoint(x: 0, y: -900)))
    #expect(!transition._completion.isResolved)
    // Frames (attribute and channel) and offset velocities up to the lower bound leave it alone.
    var frame = transition.makeFrame(velocities: true), columns = transition.makeFrame(attributes: false)
    let bound = transition.batch.progressEndTick
    for tick in [AnimationTime.zero, AnimationTime(ticks: bound.ticks / 3), bound - AnimationTime(ticks: 1)] {
      try transition.frame(at: tick, into: &frame)
      try transition.frame(at: tick, into: &columns)
      _ = transition.contentOffsetVelocity(at: tick)
      #expect(!frame.hasEnded && !columns.hasEnded)
    }
    #expect(!transition._completion.isResolved)
    // The value: the elements' latest exact settle tick (the batch's own
    // search, public API) or the progress completion, whichever is later.
    let settled = try transition.batch.endTick(valueTolerances: transition.tolerances.perChannel(include3D: false))
    let expected = max(try #require(settled), bound)
    let copy = transition
    let readers = 8
    let results = _ResultSlots<Int64>(count: readers, initial: -1)
    DispatchQueue.concurrentPerform(iterations: readers) { k in results.store((k % 2 == 0 ? copy : transition).endTick.ticks, at: k) }
    #expect(results.values.allSatisfy { $0 == expected.ticks })
    #expect(transition._completion.isResolved && copy._completion.isResolved)
    try transition.frame(at: expected, into: &frame)
    #expect(frame.hasEnded && frame.attributes == transition.endAttributes)
    try transition.frame(at: expected - AnimationTime(ticks: 1), into: &frame)
    #expect(!frame.hasEnded)
  }

  @Test("completion tolerances are checked at setup: a typed error naming the one that is not finite and > 0")
  func badTolerances() throws {
    let grid = try GridLayout(sections: [.init(itemCount: 10, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    for (name, bad) in [("points", 0.0), ("alpha", -1), ("scale", .nan), ("points", .infinity)] {
      var tolerances = LayoutTransition.Tolerances()
      switch name {
      case "points": tolerances.points = bad
      case "alpha": tolerances.alpha = bad
      default: tolerances.scale = bad
      }
      #expect(throws: HarmonicError.self) {
        try LayoutTransition(from: grid, offset: .zero, to: grid, offset: .zero, viewport: viewport, tolerances: tolerances)
      }
      do {
        _ = try LayoutTransition(from: grid, offset: .zero, to: grid, offset: .zero, viewport: viewport, tolerances: tolerances)
      } catch {
        guard case let .invalidParameter(parameter, _, accepted) = error else { Issue.record("\(error)"); continue }
        #expect(parameter == "tolerances.\(name)" && accepted.contains("> 0"))
      }
    }
  }

  @Test("GridLayout.elementIDs(in:) names exactly the elements attributes(in:) returns, in order, for random layouts and rects")
  func elementIDsMatchAttributes() throws {
    var random = SeededGenerator(seed: 4242)
    for trial in 0..<60 {
      let sections = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        GridLayout.Section(
          itemCount: Int.random(in: 0...30, using: &random),
          itemSize: CGSize(width: Double.random(in: 10...90, using: &random), height: Double.random(in: 10...90, using: &random)),
          lineSpacing: Double.random(in: 0...8, using: &random), interitemSpacing: Double.random(in: 0...8, using: &random),
          headerExtent: Bool.random(using: &random) ? Double.random(in: 10...40, using: &random) : 0,
          footerExtent: Bool.random(using: &random) ? Double.random(in: 10...40, using: &random) : 0)
      }
      guard sections.contains(where: { $0.itemCount > 0 }) else { continue }
      let layout = try GridLayout(
        sections: sections, scrollAxis: trial % 3 == 0 ? .horizontal : .vertical, viewportCrossExtent: 320,
        isRightToLeft: trial % 4 == 1, pinsSectionHeaders: trial % 2 == 0)
      for _ in 0..<20 {
        let rect = CGRect(
          x: Double.random(in: -100...1500, using: &random), y: Double.random(in: -100...1500, using: &random),
          width: Double.random(in: 0...600, using: &random), height: Double.random(in: 0...600, using: &random))
        let ids = layout.elementIDs(in: rect)
        #expect(ids == layout.attributes(in: rect).map(\.elementID), "trial \(trial), rect \(rect)")
        // A snapshot's own and the protocol's default (through attributes) give the same.
        #expect(ids == LayoutSnapshot._unchecked(layout.attributes(in: rect), contentSize: layout.contentSize).elementIDs(in: rect))
        #expect(ids == Inconsistent.Plain(base: layout).elementIDs(in: rect))
      }
    }
  }

  @Test("GridLayout and LayoutSnapshot transitions (their own compiled paths) equal the generic path bit for bit: updates, reloads, moves, decorations, 3-D")
  func specializedEqualsGeneric() throws {
    var random = SeededGenerator(seed: 1807)
    func grid(_ count: Int, _ size: Double, header: Bool) throws -> GridLayout {
      try GridLayout(
        sections: [
          .init(
            itemCount: count, itemSize: CGSize(width: size, height: size * 0.8), lineSpacing: 4, interitemSpacing: 4,
            headerExtent: header ? 30 : 0)
        ], viewportCrossExtent: 320)
    }
    let tilt = LayoutTransition.Decoration { attributes, rect in
      attributes.transform3D.m[11] = -1 / 500 * (1 + Double(attributes.indexPath.item % 3))
      attributes.alpha = attributes.center.y < rect.midY ? 0.5 : 1
    }
    var (checked, threeD, crossing) = (0, 0, 0)
    let bits = TransitionSetupTests.bits
    for trial in 0..<40 {
      let oldCount = Int.random(in: 4...80, using: &random)
      var update = LayoutUpdate()
      var newCount = oldCount
      if trial % 4 != 0 {
        update.deleted = Set((0..<oldCount).filter { _ in Int.random(in: 0..<6, using: &random) == 0 }.map { ip($0) })
        newCount -= update.deleted.count
        let inserts = Int.random(in: 0...6, using: &random)
        update.inserted = Set((0..<inserts).map { _ in ip(Int.random(in: 0..<(newCount + inserts), using: &random)) })
        newCount += update.inserted.count
        let kept = (0..<oldCount).filter { !update.deleted.contains(ip($0)) }
        if trial % 3 == 0, let r = kept.randomElement(using: &random) { update.reloaded = [ip(r)] }
      }
      let old = try grid(oldCount, Double.random(in: 30...120, using: &random), header: trial % 2 == 0)
      let new = try grid(newCount, Double.random(in: 30...120, using: &random), header: trial % 5 != 0)
      let offsets = (CGPoint(x: 0, y: Double.random(in: 0...400, using: &random)), CGPoint(x: 0, y: Double.random(in: 0...400, using: &random)))
      let decoration = trial % 3 == 1 ? tilt : nil
      func make(_ a: some CollectionLayout, _ b: some CollectionLayout) throws -> LayoutTransition {
        try LayoutTransition(
          from: a, offset: offsets.0, to: b, offset: offsets.1, viewport: viewport, update: update,
          appearance: trial % 2 == 0 ? .fade : .flyIn(distance: 200, rotation: 0.3), decoration: decoration, springs: .shared(.snappy),
          velocity: .gesture(CGPoint(x: 0, y: -300)))
      }
      func same(_ x: LayoutTransition, _ y: LayoutTransition) {
        #expect(x.elements == y.elements && x.include3D == y.include3D, "trial \(trial)")
        #expect(x.startAttributes == y.startAttributes && x.endAttributes == y.endAttributes, "trial \(trial)")
        #expect(x.batch._columns.map(\.bitPattern) == y.batch._columns.map(\.bitPattern), "trial \(trial)")
      }
      guard let specialized = try? make(old, new) else { continue }
      same(specialized, try make(Inconsistent.Plain(base: old), Inconsistent.Plain(base: new)))
      // The columns and what is kept beside them equal the attribute arrays
      // (the path of decomposed transforms) bit for bit, crossing elements
      // and refills for 3-D included.
      let (startRect, endRect) = (viewport.visibleRect(at: offsets.0), viewport.visibleRect(at: offsets.1))
      let context = LayoutTransition._Ends(
        startRect: startRect, endRect: endRect, viewportSizes: (viewport.size, viewport.size), viewports: (viewport, viewport),
        mapping: update.isEmpty && old.itemCounts == new.itemCounts
          ? LayoutUpdate.IndexMapping(identity: old.itemCounts) : try update.mapping(oldItemCounts: old.itemCounts, newItemCounts: new.itemCounts),
        update: update, appearance: trial % 2 == 0 ? .fade : .flyIn(distance: 200, rotation: 0.3), decoration: decoration,
        include3D: false, transforms: .decomposed)
      let raw = try LayoutTransition._endpoints(old, new, context)
      #expect(raw.elements == specialized.elements && raw.include3D == specialized.include3D, "trial \(trial)")
      #expect(
        raw.starts.map(bits) == specialized.startAttributes.map(bits) && raw.ends.map(bits) == specialized.endAttributes.map(bits),
        "trial \(trial)")
      threeD += specialized.include3D ? 1 : 0
      crossing +=
        raw.elements.filter { element in
          guard let from = element.from, let to = element.to, let start = old.attributes(of: from), let end = new.attributes(of: to) else { return false }
          return !start.frame.intersects(startRect) && !end.frame.intersects(endRect)
        }.count
      let rect = CGRect(x: -1000, y: -1000, width: 4000, height: 8000)
      let snapshots = (
        try LayoutSnapshot(elements: old.attributes(in: rect), contentSize: old.contentSize),
        try LayoutSnapshot(elements: new.attributes(in: rect), contentSize: new.contentSize)
      )
      same(try make(snapshots.0, snapshots.1), try make(AnyLayout(base: snapshots.0), AnyLayout(base: snapshots.1)))
      same(try make(snapshots.0, snapshots.1), specialized)
      checked += 1
    }
    #expect(checked >= 30 && threeD >= 5 && crossing >= 10, "\(checked) checked, \(threeD) with 3-D, \(crossing) crossing elements")
  }

  /// An element's attributes as bits: every field, every 3-D entry.
  static func bits(_ a: LayoutAttributes) -> [UInt64] {
    [
      UInt64(bitPattern: Int64(a.indexPath.section)), UInt64(bitPattern: Int64(a.indexPath.item)), UInt64(a.kind._raw),
      Double(a.center.x).bitPattern, Double(a.center.y).bitPattern, Double(a.size.width).bitPattern, Double(a.size.height).bitPattern,
      a.transform.a.bitPattern, a.transform.b.bitPattern, a.transform.c.bitPattern, a.transform.d.bitPattern,
      a.transform.tx.bitPattern, a.transform.ty.bitPattern, a.alpha.bitPattern, UInt64(bitPattern: Int64(a.zIndex)), a.isHidden ? 1 : 0,
    ]
      + (0..<16).map { a.transform3D.m[$0].bitPattern }
  }

  @Test(
    "start and end attributes kept compact rebuild bit for bit: ids, zIndex, hidden, −0 entries and changed ids kept whole; frames at the start and at completion use them"
  )
  func compactEndpoints() throws {
    let bits = TransitionSetupTests.bits
    let grid = try GridLayout(
      sections: [
        .init(
          itemCount: 40, itemSize: CGSize(width: 60, height: 60), lineSpacing: 4, interitemSpacing: 4,
          headerExtent: 20)
      ], viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 30, count: 40)], width: 320, headerHeight: 24)
    // Decorations that the compact form cannot rebuild from channels and ids
    // (a −0 entry of an identity 3-D transform, a changed index path) and
    // ones it keeps per element (zIndex, hidden), and a real 3-D one.
    let odd = LayoutTransition.Decoration { attributes, _ in
      let item = attributes.indexPath.item
      if item % 7 == 1 { attributes.transform3D.m[4] = -0.0 }
      if item % 11 == 2 { attributes.indexPath.item += 1000 }
      attributes.zIndex = item % 5 - 2
      attributes.isHidden = item % 3 == 0
      attributes.alpha = item % 2 == 0 ? -0.0 : 0.75
    }
    let tilt = LayoutTransition.Decoration { attributes, _ in attributes.transform3D.m[11] = -1.0 / 600 }
    var update = LayoutUpdate()
    update.deleted = [ip(3), ip(9)]
    update.inserted = [ip(0), ip(20)]
    for (decoration, appearance) in [
      (odd, AppearanceStyle.fade), (tilt, .flyIn(distance: 80, rotation: 0.2)),
      (
        nil,
        .custom {
          var a = $0; a.zIndex = 99; a.isHidden = true; a.indexPath.item = -1; return a
        }
      ),
    ] {
      let viewport = try Viewport(size: CGSize(width: 320, height: 700))
      let context = LayoutTransition._Ends(
        startRect: viewport.visibleRect(at: .zero), endRect: viewport.visibleRect(at: .zero),
        viewportSizes: (viewport.size, viewport.size), viewports: (viewport, viewport),
        mapping: try update.mapping(oldItemCounts: grid.itemCounts, newItemCounts: list.itemCounts),
        update: update, appearance: appearance, decoration: decoration, include3D: false,
        transforms: .decomposed)
      // The attribute arrays (the path of decomposed transforms).
      let raw = try LayoutTransition._endpoints(grid, list, context)
      let (elements, starts, ends) = (raw.elements, raw.starts, raw.ends)
      let transition = try LayoutTransition(
        from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport, update: update,
        appearance: appearance, decoration: decoration, springs: .shared(.snappy))
      guard case .compact = transition._endpoints else { Issue.record("not compact"); continue }
      #expect(transition.elements == elements)
      #expect(transition.startAttributes.map(bits) == starts.map(bits))
      #expect(transition.endAttributes.map(bits) == ends.map(bits))
      for k in elements.indices {
        #expect(bits(transition._startAttributes(k)) == bits(starts[k]) && bits(transition._endAttributes(k)) == bits(ends[k]))
      }
      var frame = transition.makeFrame()
      try transition.frame(at: transition.batch.start, into: &frame)
      var inFlight = starts
      for k in inFlight.indices { (inFlight[k].zIndex, inFlight[k].isHidden) = (ends[k].zIndex, starts[k].isHidden && ends[k].isHidden) }
      // The channels at the start go through the springs (−0 + 0 = +0): equal by value.
      #expect(frame.attributes == inFlight)
      try transition.frame(at: transition.endTick, into: &frame)
      #expect(frame.hasEnded && frame.attributes.map(bits) == ends.map(bits))
    }
  }

  /// Any layout, forwarding every requirement (the generic path).
  struct AnyLayout<Base: CollectionLayout>: CollectionLayout {
    let base: Base
    var contentSize: CGSize { base.contentSize }
    var itemCounts: [Int] { base.itemCounts }
    func attributes(in rect: CGRect) -> [LayoutAttributes] { base.attributes(in: rect) }
    func attributes(of element: ElementID) -> LayoutAttributes? { base.attributes(of: element) }
    func elementIDs(in rect: CGRect) -> [ElementID] { base.elementIDs(in: rect) }
  }

  @Test("cells paired as keys equal the general pairing: the same elements, order and tags, with deletes, inserts, moves, reloads and shuffled lists")
  func cellPairs() throws {
    var random = SeededGenerator(seed: 5150)
    var (checked, reloads) = (0, 0)
    for trial in 0..<200 {
      let sections = Int.random(in: 1...3, using: &random)
      let oldCounts = (0..<sections).map { _ in Int.random(in: 0...30, using: &random) }
      var update = LayoutUpdate()
      for section in 0..<sections where oldCounts[section] > 0 {
        for item in 0..<oldCounts[section] {
          switch Int.random(in: 0..<8, using: &random) {
          case 0: update.deleted.insert(ip(item, section))
          case 1: update.reloaded.insert(ip(item, section))
          default: break
          }
        }
      }
      var newCounts = oldCounts
      for section in 0..<sections { newCounts[section] -= update.deleted.filter { $0.section == section }.count }
      for section in 0..<sections {
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          newCounts[section] += 1
          update.inserted.insert(ip(Int.random(in: 0..<newCounts[section], using: &random), section))
          newCounts[section] =
            oldCounts[section] - update.deleted.filter { $0.section == section }.count
            + update.inserted.filter { $0.section == section }.count
        }
      }
      guard let mapping = try? update.mapping(oldItemCounts: oldCounts, newItemCounts: newCounts) else { continue }
      func visible(_ counts: [Int]) -> [ElementID] {
        var ids = (0..<counts.count).flatMap { section in (0..<counts[section]).map { ElementID(.cell, ip($0, section)) } }
          .filter { _ in Int.random(in: 0..<3, using: &random) != 0 }
        if trial % 4 == 3 { ids.shuffle(using: &random) }  // not in order: sorted, not merged
        return ids
      }
      let (old, new) = (visible(oldCounts), visible(newCounts))
      let cells = LayoutTransition._CellPairing.visible(old: old, new: new, mapping: mapping)
      var pairing = LayoutTransition._Pairing()
      LayoutTransition._pairVisible(old: old, new: new, mapping: mapping, into: &pairing)
      let general = LayoutTransition._sortedUnique(pairing) { $0 | $1 }
      #expect(cells.elements == general.elements && cells.tags == general.tags, "trial \(trial)")
      #expect(cells.elements == cells.elements.sorted() && Set(cells.elements).count == cells.elements.count, "trial \(trial)")
      checked += 1
      reloads += update.reloaded.isEmpty ? 0 : 1
    }
    #expect(checked >= 150 && reloads >= 100, "\(checked) checked, \(reloads) with reloads")
  }

  @Test("with no update, the visible cells' union (one merge, no keys) equals the general pairing; unsorted or out-of-range lists take the keys")
  func identityUnion() {
    var random = SeededGenerator(seed: 6021)
    var merged = 0
    for trial in 0..<300 {
      let counts = (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 0...40, using: &random) }
      let mapping = LayoutUpdate.IndexMapping(identity: counts)
      func visible() -> [ElementID] {
        let keep = Int.random(in: 1...4, using: &random)  // every id, or about a half, a third, a quarter
        var ids = (0..<counts.count).flatMap { section in (0..<counts[section]).map { ElementID(.cell, ip($0, section)) } }
          .filter { _ in Int.random(in: 0..<keep, using: &random) == 0 }
        switch trial % 5 {
        case 3: ids.shuffle(using: &random)  // not in order
        case 4: ids.append(ElementID(.cell, ip(counts.last!, counts.count - 1)))  // one past the last section's count
        default: break
        }
        return ids
      }
      let (old, new) = (visible(), visible())
      var pairing = LayoutTransition._Pairing()
      LayoutTransition._pairVisible(old: old, new: new, mapping: mapping, into: &pairing)
      let general = LayoutTransition._sortedUnique(pairing) { $0 | $1 }
      let cells = LayoutTransition._CellPairing.visible(old: old, new: new, mapping: mapping)
      #expect(cells.elements == general.elements && cells.tags == general.tags, "trial \(trial)")
      let union = LayoutTransition._CellPairing.identityUnion(old: old, new: new, mapping: mapping)
      let ordered = old == old.sorted() && new == new.sorted()
      let inRange = (old + new).allSatisfy { $0.indexPath.item < counts[$0.indexPath.section] }
      #expect((union != nil) == (ordered && inRange), "trial \(trial)")
      merged += union == nil ? 0 : 1
    }
    #expect(merged >= 150, "\(merged) of 300 merged")
  }

  @Test("pair order: two ascending runs merged, anything else sorted — always the stable sorted order")
  func pairOrder() {
    var random = SeededGenerator(seed: 77)
    for trial in 0..<300 {
      let n = trial < 3 ? trial : Int.random(in: 2...60, using: &random)
      func key() -> LayoutTransition._PairKey {
        LayoutTransition._PairKey(
          idRank: Int.random(in: 0...2, using: &random), section: Int.random(in: 0...2, using: &random),
          item: Int.random(in: 0...9, using: &random), leaving: Bool.random(using: &random), fromRank: 0, fromSection: 0,
          fromItem: Int.random(in: 0...1, using: &random))
      }
      var keys = (0..<n).map { _ in key() }
      switch trial % 3 {
      case 0:  // two ascending runs, ties across them
        let split = Int.random(in: 0...n, using: &random)
        keys[..<split].sort(by: <)
        keys[split...].sort(by: <)
      case 1: keys.sort(by: <)
      default: break  // arbitrary
      }
      let expected = keys.indices.sorted { keys[$0] < keys[$1] || (!(keys[$1] < keys[$0]) && $0 < $1) }
      #expect(keys.withUnsafeBufferPointer { LayoutTransition._sortedOrder($0) } == expected, "trial \(trial)")
    }
  }

  /// A layout whose attributes(in:) lists a header that attributes(of:) lacks.
  struct Inconsistent: CollectionLayout {
    let base: GridLayout
    var contentSize: CGSize { base.contentSize }
    var itemCounts: [Int] { base.itemCounts }
    func attributes(in rect: CGRect) -> [LayoutAttributes] {
      base.attributes(in: rect) + [
        LayoutAttributes(
          indexPath: ItemIndexPath(item: 0, section: 0), kind: .supplementary("badge"),
          frame: CGRect(x: 0, y: 0, width: 20, height: 20))
      ]
    }
    func attributes(of element: ElementID) -> LayoutAttributes? { base.attributes(of: element) }

    /// Only the four requirements: the protocol's defaults for the rest.
    struct Plain: CollectionLayout {
      let base: GridLayout
      var contentSize: CGSize { base.contentSize }
      var itemCounts: [Int] { base.itemCounts }
      func attributes(in rect: CGRect) -> [LayoutAttributes] { base.attributes(in: rect) }
      func attributes(of element: ElementID) -> LayoutAttributes? { base.attributes(of: element) }
    }
  }

  @Test("snapshots refuse bad elements with a typed error naming the element and the field")
  func snapshotChecks() throws {
    func cell(_ item: Int) -> LayoutAttributes {
      LayoutAttributes(indexPath: ItemIndexPath(item: item, section: 0), frame: CGRect(x: 0, y: 44 * Double(item), width: 320, height: 40))
    }
    var cases: [(LayoutAttributes, String)] = []
    var a = cell(1); a.indexPath = ItemIndexPath(item: -1, section: 0); cases.append((a, "index path"))
    a = cell(1); a.size.width = -2; cases.append((a, "width"))
    a = cell(1); a.size.height = .nan; cases.append((a, "height"))
    a = cell(1); a.center.y = .infinity; cases.append((a, "center, transform or alpha"))
    a = cell(1); a.transform.ty = 2e12; cases.append((a, "center, transform or alpha"))
    a = cell(1); a.alpha = .nan; cases.append((a, "alpha"))
    a = cell(1); a.alpha = 2e12; cases.append((a, "alpha"))
    a = cell(1); a.transform3D.m[14] = -.infinity; cases.append((a, "center, transform or alpha"))
    a = cell(0); cases.append((a, "a unique kind + index path"))
    for (bad, expected) in cases {
      do {
        _ = try LayoutSnapshot(elements: [cell(0), bad, cell(2)], contentSize: CGSize(width: 320, height: 200))
        Issue.record("accepted \(expected)")
      } catch {
        guard case let .invalidParameter(name, _, accepted) = error else { Issue.record("\(error)"); continue }
        #expect(name.contains(expected) || accepted.contains(expected), "\(name): \(accepted)")
      }
    }
    #expect(try LayoutSnapshot(elements: [cell(0), cell(1)], contentSize: CGSize(width: 320, height: 200)).itemCounts == [2])
    // An alpha a bouncy spring overshoots in flight is a pose like any other.
    var overshoot = cell(1)
    overshoot.alpha = 1.3
    #expect(try LayoutSnapshot(elements: [cell(0), overshoot], contentSize: CGSize(width: 320, height: 200)).elements[1].alpha == 1.3)
  }

  @Test("the snapshot's one-sum check never accepts what the checks one by one refuse: 20,000 elements of edge values in every field")
  func snapshotFastCheckAgrees() throws {
    let edges: [Double] = [0, -0.0, 1, -1, 0.5, 1e12, -1e12, 1e12.nextUp, -1e12.nextDown, 9.9e11, 5e11, 2e12, .nan, .infinity, -.infinity, 1e300, 5e-324]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func pick() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Mostly ordinary values, one field in eight from the edges.
      let r = state >> 33
      return r % 8 == 0 ? edges[Int(r / 8) % edges.count] : Double(Int(r % 2001) - 1000) * 0.25
    }
    var (accepted, refused, fast) = (0, 0, 0)
    for k in 0..<20_000 {
      var a = LayoutAttributes(indexPath: ItemIndexPath(item: k % 7 == 0 ? -1 : k, section: 0), frame: .zero)
      (a.center, a.size) = (CGPoint(x: pick(), y: pick()), CGSize(width: abs(pick()) * (k % 5 == 0 ? -1 : 1), height: abs(pick())))
      a.transform = AffineTransform2D(a: pick(), b: pick(), c: pick(), d: pick(), tx: pick(), ty: pick())
      a.alpha = pick()
      for m in 0..<16 where k % 3 == 0 { a.transform3D.m[m] = pick() }
      let oneByOne = Result { () throws(HarmonicError) in try LayoutSnapshot._checkNamed(a) }
      let whole = Result { () throws(HarmonicError) in try LayoutSnapshot.check(a) }
      #expect((try? oneByOne.get()) != nil || (try? whole.get()) == nil, "element \(k): accepted by the sum, refused one by one")
      #expect(String(describing: oneByOne) == String(describing: whole), "element \(k): \(oneByOne) vs \(whole)")
      if (try? oneByOne.get()) != nil { accepted += 1 } else { refused += 1 }
      if LayoutSnapshot._isPlainlyValid(a) { fast += 1 }
    }
    // Both outcomes are well represented, and the sum takes most of the accepted ones.
    #expect(accepted > 2_000 && refused > 2_000 && fast > accepted / 2, "\(accepted) accepted, \(refused) refused, \(fast) by the sum")
  }

  @Test("snapshot lookups find every element as a scan does: dense cells, sparse cells, other kinds; duplicates refused in each")
  func snapshotLookups() throws {
    func cell(_ item: Int, _ section: Int) -> LayoutAttributes {
      LayoutAttributes(indexPath: ItemIndexPath(item: item, section: section), frame: CGRect(x: 0, y: Double(item), width: 10, height: 1))
    }
    var header = cell(0, 1)
    header.kind = .supplementary("header")
    let grid = try GridLayout(
      sections: [
        .init(itemCount: 7, itemSize: CGSize(width: 10, height: 10), headerExtent: 20), .init(itemCount: 30, itemSize: CGSize(width: 10, height: 10)),
      ],
      viewportCrossExtent: 100)
    let layouts: [[LayoutAttributes]] = [
      grid.attributes(in: CGRect(origin: .zero, size: grid.contentSize)),  // every cell: the flat table
      [cell(0, 0), cell(5, 3), cell(1_000_000, 3), header],  // sparse cells: the dictionary
      [cell(3, 0), cell(1, 0), header, cell(0, 2), cell(2, 2)],  // gaps, out of order
    ]
    for elements in layouts {
      let snapshot = try LayoutSnapshot(elements: elements, contentSize: CGSize(width: 100, height: 100))
      var probes = elements.map(\.elementID)
      for section in -1...4 { for item in [-1, 0, 1, 2, 4, 6, 7, 999_999, 1_000_001] { probes.append(.cell(ItemIndexPath(item: item, section: section))) } }
      probes.append(ElementID(.supplementary("header"), ItemIndexPath(item: 0, section: 0)))
      for id in probes {
        let scan = elements.last { $0.elementID == id }
        #expect(snapshot.attributes(of: id)?.center == scan?.center && (snapshot.attributes(of: id) == nil) == (scan == nil), "\(id)")
      }
      // A duplicate of any element is refused, naming the later one.
      for k in elements.indices {
        do {
          _ = try LayoutSnapshot(elements: elements + [elements[k]], contentSize: CGSize(width: 100, height: 100))
          Issue.record("accepted a duplicate of \(elements[k].elementID)")
        } catch {
          guard case let .invalidParameter(name, _, accepted) = error else { Issue.record("\(error)"); continue }
          #expect(name.hasPrefix("elements[\(elements.count)]") && accepted.contains("unique"), "\(name)")
        }
      }
    }
  }

  @Test("layouts that disagree with themselves get a typed error naming the element, not a trap")
  func inconsistentLayout() throws {
    let grid = try GridLayout(sections: [.init(itemCount: 10, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let layout = Inconsistent(base: grid)
    do {
      _ = try LayoutTransition(from: layout, offset: .zero, to: layout, offset: .zero, viewport: viewport)
      Issue.record("no error")
    } catch {
      guard case let .invalidParameter(parameter, _, accepted) = error else { Issue.record("\(error)"); return }
      #expect(parameter.contains("badge") && accepted.contains("attributes(of:)"))
    }
  }
}

@Suite("The engine's snap is a Motion")
struct EngineSnapMotionTests {
  @Test("driven by a ValueAnimator at tick 10⁹: the snap started at 0, shifted, bit for bit, ending exactly on its target")
  func shiftedAndDriven() throws {
    let layout = try SnapLayout.uniform(count: 40, itemExtent: 300, spacing: 10, viewport: 390)
    for velocity in [1800.0, -(620 - 310) * 1000 * log(ScrollDeceleration.normal), 40] {
      let decision = try Snapping.target(layout: layout, offset: 620, velocity: velocity)
      func snap(_ start: AnimationTime) throws -> LayoutAnimator._ScrollMotion {
        try LayoutAnimator._ScrollMotion(try decision.motion(), target: decision.target, axis: .horizontal, across: 0, at: start)
      }
      let shift = AnimationTime(ticks: 1_000_000_000)
      let (atZero, shifted) = (try snap(.zero), try snap(shift))
      var (a, b) = (try ValueAnimator(value: 620.0), try ValueAnimator(value: 620.0))
      a.run(atZero)
      b.run(shifted)
      #expect(a.endTick == atZero.end && b.endTick == shift + atZero.end && a.endValue == decision.target)
      for ticks: Int64 in [0, 1, 7_056_000, 70_560_000, atZero.end.ticks - 1, atZero.end.ticks, atZero.end.ticks + 5] {
        let t = AnimationTime(ticks: ticks)
        let (x, y) = (a.frame(at: t), b.frame(at: shift + t))
        #expect(x.value.bitPattern == y.value.bitPattern && x.velocity.bitPattern == y.velocity.bitPattern, "\(velocity) at \(ticks)")
        #expect(x.value == atZero.offset(at: t).x && x.velocity == atZero.velocity(at: t))
      }
    }
  }
}
