import Foundation
import Harmonic
import Testing

@Suite("Changes in flight: LayoutTransition(continuing:) through the same setup")
struct ContinuingTransitionTests {
  static let viewport = try! Viewport(size: CGSize(width: 320, height: 900))

  /// A 3-column grid of two sections with these item counts (100×100, spacing 10, header 30).
  static func grid(_ counts: [Int]) throws -> GridLayout {
    try GridLayout(
      sections: counts.map { .init(itemCount: $0, itemSize: CGSize(width: 100, height: 100), lineSpacing: 10, interitemSpacing: 10, headerExtent: 30) },
      viewportCrossExtent: 320)
  }

  /// Every channel's value and rate of every element of `running` that
  /// `next` continues, compared at `time`: the worst difference.
  static func continuity(_ running: LayoutTransition, _ next: LayoutTransition, at time: AnimationTime) throws -> (Double, Int) {
    var (before, after) = (running.makeFrame(velocities: true), next.makeFrame(velocities: true))
    try running.frame(at: time, into: &before)
    try next.frame(at: time, into: &after)
    var index: [ElementID: Int] = [:]
    for (k, element) in running.elements.enumerated() { if let to = element.to { index[to] = k } }
    let channels = running.include3D ? LayoutChannels.count3D : LayoutChannels.count2D
    // Running's own leaving elements, kept by a retarget, name an id of
    // running's start layout: not compared here.
    let leaving = Set(running.elements.filter { $0.to == nil })
    var (worst, compared) = (0.0, 0)
    for (k, element) in next.elements.enumerated() where !leaving.contains(element) {
      guard let from = element.from, let old = index[from] else { continue }
      compared += 1
      let (a, b) = (LayoutChannels.values(of: [before.attributes[old]], include3D: false), LayoutChannels.values(of: [after.attributes[k]], include3D: false))
      for channel in 0..<channels {
        worst = max(worst, (a[channel] - b[channel]).magnitude)
        worst = max(worst, (before.velocity(ofElement: old, channel: channel)! - after.velocity(ofElement: k, channel: channel)!).magnitude)
      }
    }
    return (worst, compared)
  }

  @Test("a reorder across two sections, 6 moves, 5 of them in flight: every element C¹ at every move, exactly in its slot at the end")
  func reorderInFlight() throws {
    var counts = [12, 12]
    var layout = try Self.grid(counts)
    // The moves of a drag across the sections: (from, to) in the layout before each.
    let moves: [(ItemIndexPath, ItemIndexPath)] = [
      (ItemIndexPath(item: 2, section: 0), ItemIndexPath(item: 5, section: 0)),
      (ItemIndexPath(item: 5, section: 0), ItemIndexPath(item: 1, section: 1)),
      (ItemIndexPath(item: 1, section: 1), ItemIndexPath(item: 4, section: 1)),
      (ItemIndexPath(item: 4, section: 1), ItemIndexPath(item: 9, section: 0)),
      (ItemIndexPath(item: 9, section: 0), ItemIndexPath(item: 0, section: 1)),
      (ItemIndexPath(item: 0, section: 1), ItemIndexPath(item: 7, section: 0)),
    ]
    func apply(_ move: (ItemIndexPath, ItemIndexPath)) throws -> (GridLayout, LayoutUpdate) {
      counts[move.0.section] -= 1
      counts[move.1.section] += 1
      return (try Self.grid(counts), LayoutUpdate(moved: [move.0: move.1]))
    }
    let (first, update) = try apply(moves[0])
    var transition = try LayoutTransition(
      from: layout, offset: .zero, to: first, offset: .zero, viewport: Self.viewport, update: update, springs: .shared(.snappy))
    layout = first
    var worst = 0.0
    var instants = 0
    for (k, ms) in [60, 140, 230, 310, 400].enumerated() {
      let time = try AnimationTime(seconds: Double(ms) / 1000)
      let (next, update) = try apply(moves[k + 1])
      let continuing = try LayoutTransition(
        continuing: transition, at: time, to: next, offset: .zero, viewport: Self.viewport, update: update, springs: .shared(.snappy))
      let (difference, compared) = try Self.continuity(transition, continuing, at: time)
      #expect(compared >= 24, "move \(k + 1): only \(compared) elements continue")
      worst = max(worst, difference)
      #expect(continuing.overallProgressRange.start > 0)
      (transition, layout) = (continuing, next)
      instants += 1
    }
    #expect(instants == 5)
    #expect(worst == 0, "a continuing element jumps by \(worst) in value or rate")
    var end = transition.makeFrame()
    try transition.frame(at: transition.endTick, into: &end)
    for (k, element) in transition.elements.enumerated() where element.id.kind == .cell {
      #expect(end.attributes[k].frame == layout.attributes(of: element.id)?.frame, "\(element.id) is not in its slot")
    }
  }

  @Test("a delete while in flight: the deleted cell leaves from where it is, moving, and fades out")
  func deleteInFlight() throws {
    let (grid, list) = (
      try Self.grid([12, 12]), try GridLayout.list(rowHeights: [Array(repeating: 44, count: 12), Array(repeating: 44, count: 12)], width: 320)
    )
    let running = try LayoutTransition(from: grid, offset: .zero, to: list, offset: .zero, viewport: Self.viewport, springs: .shared(.smooth))
    let time = try AnimationTime(seconds: 0.12)
    let shorter = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 11), Array(repeating: 44, count: 12)], width: 320)
    let doomed = ItemIndexPath(item: 4, section: 0)
    let next = try LayoutTransition(
      continuing: running, at: time, to: shorter, offset: .zero, viewport: Self.viewport, update: LayoutUpdate(deleted: [doomed]))
    let k = try #require(next.elements.firstIndex { $0.from == ElementID(.cell, doomed) && $0.to == nil })
    let (difference, _) = try Self.continuity(running, next, at: time)
    #expect(difference == 0)
    var frame = next.makeFrame(velocities: true)
    try next.frame(at: time, into: &frame)
    #expect(frame.attributes[k].alpha > 0.99 && frame.centerVelocity(ofElement: k) != .zero)
    try next.frame(at: next.endTick, into: &frame)
    #expect(frame.attributes[k].alpha == 0)
    #expect(throws: HarmonicError.self) {
      try LayoutTransition(continuing: next, at: .zero, to: shorter, offset: .zero, viewport: Self.viewport)  // before its start
    }
  }

  /// The raw bits of an element's channels (center, size, affine transform, alpha).
  /// A grid of `count` 10-pt cells and a list of the same cells (4-pt rows),
  /// 120 pt across, seen through a 120 × 200 viewport.
  static func gridAndList(_ count: Int) throws -> (GridLayout, GridLayout, Viewport) {
    let grid = try GridLayout(
      sections: [.init(itemCount: count, itemSize: CGSize(width: 10, height: 10), lineSpacing: 2, interitemSpacing: 2)], viewportCrossExtent: 120)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 4, count: count)], width: 120)
    return (grid, list, try Viewport(size: CGSize(width: 120, height: 200)))
  }

  /// The independent construction a retarget is checked against: a
  /// snapshot of what `running` shows in `now` (a frame with velocities at
  /// `time`: every element of `base`, its target, those in flight at their
  /// poses) and a fresh transition from it to `target` at `offset`, with
  /// the snappy spring, carrying the in-flight rates. Also the poses by id.
  static func freshFromPose(
    _ running: LayoutTransition, _ now: LayoutTransition.Frame, at time: AnimationTime, base: GridLayout, to target: GridLayout, offset: CGPoint
  ) throws -> (LayoutTransition, [ElementID: LayoutAttributes]) {
    var poses: [ElementID: LayoutAttributes] = [:]
    for (k, element) in running.elements.enumerated() {
      var pose = now.attributes[k]
      (pose.kind, pose.indexPath) = (element.id.kind, element.id.indexPath)
      poses[element.id] = pose
    }
    let everything = CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
    let shown = base.attributes(in: everything).map { poses[$0.elementID] ?? $0 }
    let snapshot = try LayoutSnapshot(elements: shown, contentSize: now.contentSize, itemCounts: base.itemCounts)
    func fresh(_ velocity: LayoutTransition.Velocity) throws -> LayoutTransition {
      try LayoutTransition(
        from: snapshot, offset: now.contentOffset, to: target, offset: offset, viewport: viewport, springs: .shared(.snappy), velocity: velocity,
        start: time)
    }
    let shape = try fresh(.none)
    var rates = [Double](repeating: 0, count: shape.elements.count * LayoutChannels.count2D)
    for (k, element) in shape.elements.enumerated() {
      guard let old = running.elements.firstIndex(where: { $0.id == element.id }) else { continue }
      for channel in 0..<LayoutChannels.count2D {
        rates[channel * shape.elements.count + k] = try #require(now.velocity(ofElement: old, channel: channel))
      }
    }
    return (try fresh(.perElement(rates)), poses)
  }

  static func bits(_ element: LayoutAttributes) -> [UInt64] {
    LayoutChannels.values(of: [element], include3D: false).map(\.bitPattern)
  }

  @Test("a retarget with crossing elements animates every element as a fresh transition from the in-flight pose, bit for bit")
  func retargetEqualsFreshTransition() throws {
    let (grid, list) = (
      try Self.grid([120, 80]), try GridLayout.list(rowHeights: [Array(repeating: 60, count: 120), Array(repeating: 60, count: 80)], width: 320)
    )
    let wide = try GridLayout(
      sections: [120, 80].map { .init(itemCount: $0, itemSize: CGSize(width: 150, height: 150), lineSpacing: 10, interitemSpacing: 10) },
      viewportCrossExtent: 320)
    let running = try LayoutTransition(
      from: grid, offset: .zero, to: list, offset: CGPoint(x: 0, y: 300), viewport: Self.viewport, springs: .shared(.bouncy))
    let time = try AnimationTime(seconds: 0.15)
    var now = running.makeFrame(velocities: true)
    try running.frame(at: time, into: &now)
    // Far down the third layout: the rows between fly across the screen.
    let endOffset = CGPoint(x: 0, y: 4_000)
    var retargeted = running
    try retargeted.retarget(to: wide, offset: endOffset, viewport: Self.viewport, at: time, springs: .shared(.snappy))

    for k in running.elements.indices { _ = try #require(now.centerVelocity(ofElement: k)) }
    let (reference, poses) = try Self.freshFromPose(running, now, at: time, base: list, to: wide, offset: endOffset)

    // Crossing elements: visible neither in flight nor at the end, animated by both.
    let (startRect, endRect) = (Self.viewport.visibleRect(at: now.contentOffset), Self.viewport.visibleRect(at: endOffset))
    let crossing = reference.elements.filter { element in
      guard let end = wide.attributes(of: element.id), let start = poses[element.id] ?? list.attributes(of: element.id) else { return false }
      return !start.frame.intersects(startRect) && !end.frame.intersects(endRect)
    }
    #expect(crossing.count >= 20, "only \(crossing.count) crossing elements")
    let position = Dictionary(uniqueKeysWithValues: retargeted.elements.enumerated().map { ($1.id, $0) })
    var (a, b) = (retargeted.makeFrame(), reference.makeFrame())
    var (compared, different) = (0, 0)
    for seconds in [0.15, 0.2, 0.3, 0.5, 0.9] {
      let tick = try AnimationTime(seconds: seconds)
      try retargeted.frame(at: tick, into: &a)
      try reference.frame(at: tick, into: &b)
      for (k, element) in reference.elements.enumerated() {
        let j = try #require(position[element.id], "\(element.id) animated by the fresh transition only")
        compared += 1
        if Self.bits(a.attributes[j]) != Self.bits(b.attributes[k]) { different += 1 }
      }
    }
    #expect(compared >= 5 * (crossing.count + 20) && different == 0, "\(different) of \(compared) element frames differ")
    // Every element running animated continues, on screen or not (C¹).
    let (difference, continued) = try Self.continuity(running, retargeted, at: time)
    #expect(difference == 0 && continued == running.elements.count, "\(continued) of \(running.elements.count) continue; jump \(difference)")
  }

  @Test("a retarget from far down a list finds the elements its cells in flight sweep past, as a fresh transition from the pose does")
  func retargetWidensByFramesInFlight() throws {
    // A list scrolled to 9,000 pt collapsing into a grid at the top: 50 ms
    // in, its cells are spread between, and the old corridor reaches the
    // list rows they pass only through their frames in flight.
    let grid = try Self.grid([120, 80])
    let list = try GridLayout.list(rowHeights: [Array(repeating: 60, count: 120), Array(repeating: 60, count: 80)], width: 320)
    let wide = try GridLayout(
      sections: [120, 80].map { .init(itemCount: $0, itemSize: CGSize(width: 150, height: 150), lineSpacing: 10, interitemSpacing: 10) },
      viewportCrossExtent: 320)
    let running = try LayoutTransition(
      from: list, offset: CGPoint(x: 0, y: 9_000), to: grid, offset: .zero, viewport: Self.viewport, springs: .shared(.bouncy))
    let time = try AnimationTime(seconds: 0.05)
    var now = running.makeFrame(velocities: true)
    try running.frame(at: time, into: &now)
    var retargeted = running
    try retargeted.retarget(to: wide, offset: .zero, viewport: Self.viewport, at: time, springs: .shared(.snappy))

    let (reference, _) = try Self.freshFromPose(running, now, at: time, base: grid, to: wide, offset: .zero)
    // Elements the fresh transition animates that running did not: found
    // only by the sweep of the cells in flight (34 of them without it).
    let animated = Set(running.elements.map(\.id))
    let swept = reference.elements.filter { !animated.contains($0.id) }.count
    #expect(swept >= 30, "only \(swept) elements beyond running's")
    let position = Dictionary(uniqueKeysWithValues: retargeted.elements.enumerated().map { ($1.id, $0) })
    let missing = reference.elements.filter { position[$0.id] == nil }.count
    #expect(missing == 0, "\(missing) of the fresh transition's \(reference.elements.count) elements not animated by the retarget")
    var (a, b) = (retargeted.makeFrame(), reference.makeFrame())
    var (compared, different) = (0, 0)
    for seconds in [0.05, 0.1, 0.3, 0.8] {
      let tick = try AnimationTime(seconds: seconds)
      try retargeted.frame(at: tick, into: &a)
      try reference.frame(at: tick, into: &b)
      for (k, element) in reference.elements.enumerated() {
        guard let j = position[element.id] else { continue }
        compared += 1
        // Center and size: the channels in motion. (A channel at rest —
        // here alpha, 1 at both ends — the retarget holds at its target;
        // the snapshot has the frame's value, which can be an ulp off.)
        if Self.bits(a.attributes[j]).prefix(4) != Self.bits(b.attributes[k]).prefix(4) { different += 1 }
      }
    }
    #expect(compared >= 4 * reference.elements.count && different == 0, "\(different) of \(compared) element frames differ")
  }

  @Test("a retarget keeps the elements already leaving, C¹, heading for their disappearing pose")
  func retargetKeepsLeavingElements() throws {
    let (grid, list) = (
      try Self.grid([12, 12]), try GridLayout.list(rowHeights: [Array(repeating: 44, count: 11), Array(repeating: 44, count: 12)], width: 320)
    )
    let doomed = ElementID(.cell, ItemIndexPath(item: 4, section: 0))
    var transition = try LayoutTransition(
      from: grid, offset: .zero, to: list, offset: .zero, viewport: Self.viewport, update: LayoutUpdate(deleted: [doomed.indexPath]))
    let time = try AnimationTime(seconds: 0.1)
    var before = transition.makeFrame(velocities: true)
    try transition.frame(at: time, into: &before)
    let old = try #require(transition.elements.firstIndex { $0.from == doomed && $0.to == nil })
    let running = transition
    let narrow = try GridLayout.list(rowHeights: [Array(repeating: 30, count: 11), Array(repeating: 30, count: 12)], width: 320)
    try transition.retarget(to: narrow, offset: .zero, viewport: Self.viewport, at: time)
    let k = try #require(transition.elements.firstIndex { $0.from == doomed && $0.to == nil })
    var after = transition.makeFrame(velocities: true)
    try transition.frame(at: time, into: &after)
    #expect(Self.bits(after.attributes[k]) == Self.bits(before.attributes[old]))
    for channel in 0..<LayoutChannels.count2D {
      #expect(after.velocity(ofElement: k, channel: channel)?.bitPattern == before.velocity(ofElement: old, channel: channel)?.bitPattern)
    }
    #expect(try Self.continuity(running, transition, at: time).0 == 0)
    try transition.frame(at: transition.endTick, into: &after)
    #expect(after.attributes[k] == running.endAttributes[old])
  }

  @Test("a decorated transition keeps its decoration through retargets: each new end is decorated")
  func decorationSurvivesRetargets() throws {
    // A decoration that marks every cell: alpha 0.5 at the end.
    let half = LayoutTransition.Decoration { attributes, _ in if attributes.kind == .cell { attributes.alpha = 0.5 } }
    let (grid, list) = (
      try Self.grid([12, 12]), try GridLayout.list(rowHeights: [Array(repeating: 44, count: 12), Array(repeating: 44, count: 12)], width: 320)
    )
    var transition = try LayoutTransition(from: grid, offset: .zero, to: list, offset: .zero, viewport: Self.viewport, decoration: half)
    for (k, layout) in [grid, list].enumerated() {
      try transition.retarget(to: layout, offset: .zero, viewport: Self.viewport, at: try AnimationTime(seconds: 0.1 * Double(k + 1)))
      #expect(transition.decoration != nil, "retarget \(k + 1) dropped the decoration")
    }
    var end = transition.makeFrame()
    try transition.frame(at: transition.endTick, into: &end)
    let cells = end.attributes.filter { $0.kind == .cell }
    #expect(!cells.isEmpty && cells.allSatisfy { $0.alpha == 0.5 })
  }

  @Test(
    "a change's poses built from a frame's channels are the frame's attributes, bit for bit: 2-D and 3-D, per entry and decomposed, at the start, in flight and after the end"
  )
  func posesFromChannels() throws {
    let (grid, list, viewport) = try Self.gridAndList(300)
    let spin = LayoutTransition.Decoration { attributes, _ in
      attributes.transform = try! AffineTransform2D.rotation(0.3).concatenating(.scale(0.9, 1.1))
      attributes.transform3D = try! .rotation(0.2, about: .y)
    }
    var checked = 0
    for (decoration, transforms) in [(nil, TransformInterpolation.componentwise), (spin, .componentwise), (spin, .decomposed)] {
      let transition = try LayoutTransition(
        from: grid, offset: .zero, to: list, offset: CGPoint(x: 0, y: 40), viewport: viewport, decoration: decoration,
        velocity: .gesture(CGPoint(x: 0, y: -600)), transforms: transforms)
      for tick in [AnimationTime.zero, AnimationTime(ticks: AnimationTime.ticksPerSecond / 9), transition.endTick + AnimationTime(ticks: 1)] {
        var shown = transition.makeFrame(velocities: true)
        var channels = transition.makeFrame(velocities: true, attributes: false)
        try transition.frame(at: tick, into: &shown)
        try transition.frame(at: tick, into: &channels)
        let change = try transition._frameForChange(at: tick, attributes: false)
        #expect(
          change.contentOffset == shown.contentOffset && change.contentSize == shown.contentSize && change.progress == shown.progress
            && change.overallProgress == shown.overallProgress && change.hasEnded == shown.hasEnded)
        for k in transition.elements.indices {
          for b in [transition._pose(k, in: channels), transition._pose(k, in: change)] {
            let a = shown.attributes[k]
            let same =
              a == b && Self.bits(a) == Self.bits(b)
              && (0..<16).allSatisfy { a.transform3D.m[$0].bitPattern == b.transform3D.m[$0].bitPattern }
            #expect(same, "element \(k), \(transforms), tick \(tick.ticks)")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 1_800)
  }

  @Test("a change's frame without arrays has a full frame's offset, progress and poses: per-item and staggered springs, an anchored offset")
  func changeFrameWithGroupsAndAnchor() throws {
    let (grid, list, viewport) = try Self.gridAndList(300)
    let springs: [LayoutTransition.Springs] = [
      .perItem { try! Spring(response: 0.3 + 0.01 * Double($0.item % 5), dampingRatio: 0.7 + 0.1 * Double($0.item % 4)) },
      .staggered(base: .snappy, step: 0.02, origin: nil),
    ]
    var checked = 0
    for (index, spring) in springs.enumerated() {
      var transition = try LayoutTransition(
        from: grid, offset: .zero, to: list, offset: CGPoint(x: 0, y: 200), viewport: viewport, springs: spring,
        velocity: .gesture(CGPoint(x: 0, y: -500)))
      if index == 1 { try transition.anchorContentOffset(to: ElementID(.cell, ItemIndexPath(item: 20, section: 0)), along: .vertical) }
      for tick in [AnimationTime.zero, AnimationTime(ticks: AnimationTime.ticksPerSecond / 7), transition.endTick] {
        var shown = transition.makeFrame(velocities: true)
        try transition.frame(at: tick, into: &shown)
        let change = try transition._frameForChange(at: tick, attributes: false)
        #expect(
          change.contentOffset == shown.contentOffset && change.progress == shown.progress && change.hasEnded == shown.hasEnded,
          "springs \(index), tick \(tick.ticks)")
        for k in transition.elements.indices {
          let (a, b) = (shown.attributes[k], transition._pose(k, in: change))
          #expect(a == b && Self.bits(a) == Self.bits(b), "springs \(index), element \(k), tick \(tick.ticks)")
          checked += 1
        }
      }
    }
    #expect(checked > 600)
  }

  @Test(
    "a change in flight reads the running channels directly: the same transition, bit for bit, as through the poses' attributes (2-D, 3-D with zIndex, an update)"
  )
  func channelsEqualPoses() throws {
    let (grid, list, viewport) = try Self.gridAndList(600)
    let spin = LayoutTransition.Decoration { attributes, _ in
      attributes.transform3D = try! .rotation(0.01 * Double(attributes.indexPath.item % 7), about: .y)
      attributes.zIndex = attributes.indexPath.item % 3
    }
    var update = LayoutUpdate()
    update.deleted = [ItemIndexPath(item: 3, section: 0), ItemIndexPath(item: 40, section: 0)]
    update.inserted = [ItemIndexPath(item: 0, section: 0), ItemIndexPath(item: 10, section: 0)]
    var compared = 0
    for decoration in [nil, spin] {
      let running = try LayoutTransition(
        from: grid, offset: .zero, to: list, offset: CGPoint(x: 0, y: 300), viewport: viewport, decoration: decoration,
        velocity: .gesture(CGPoint(x: 0, y: -900)))
      for (edit, tick) in [
        (LayoutUpdate(), AnimationTime(ticks: AnimationTime.ticksPerSecond / 8)), (update, AnimationTime(ticks: AnimationTime.ticksPerSecond / 5)),
      ] {
        var shown = running.makeFrame(velocities: true)
        var channels = running.makeFrame(velocities: true, attributes: false)
        try running.frame(at: tick, into: &shown)
        try running.frame(at: tick, into: &channels)
        // A change's own frame: no arrays, the batch read element by element.
        let change = try running._frameForChange(at: tick, attributes: false)
        #expect(change.values.isEmpty && change.attributes.isEmpty)
        func continued(from pose: LayoutTransition.Frame) throws -> LayoutTransition {
          try LayoutTransition(
            continuing: running, at: tick, pose: pose, to: grid, offset: CGPoint(x: 0, y: 120), viewport: viewport,
            endViewport: nil, update: edit, appearance: .fade, springs: .shared(.snappy))
        }
        for b in [try continued(from: channels), try continued(from: change)] {
          let a = try continued(from: shown)
          #expect(a.elements == b.elements && a.include3D == b.include3D)
          let channelCount = a.include3D ? LayoutChannels.count3D : LayoutChannels.count2D
          var same = a.elements.count == b.elements.count
          for item in a.elements.indices where same {
            for channel in 0..<channelCount {
              same =
                same && a.batch.start(item: item, channel: channel).bitPattern == b.batch.start(item: item, channel: channel).bitPattern
                && a.batch.target(item: item, channel: channel).bitPattern == b.batch.target(item: item, channel: channel).bitPattern
                && a.batch.initialVelocity(item: item, channel: channel).bitPattern == b.batch.initialVelocity(item: item, channel: channel).bitPattern
            }
          }
          #expect(same, "columns differ, decorated: \(decoration != nil), update: \(!edit.isEmpty)")
          #expect(a.startAttributes == b.startAttributes && a.endAttributes == b.endAttributes && a.endTick == b.endTick)
          compared += a.elements.count
        }
      }
    }
    #expect(compared > 1_200)
  }

  @Test("the in-flight layout's rect query lists the base's elements not in flight, also where its ids show none or all are")
  func inFlightRectQuery() throws {
    let (grid, list, viewport) = try Self.gridAndList(400)
    let transition = try LayoutTransition(from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport)
    var frame = transition.makeFrame()
    try transition.frame(at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 10), into: &frame)
    for base in [
      transition.target, try LayoutSnapshot(elements: list.attributes(in: CGRect(origin: .zero, size: list.contentSize)), contentSize: list.contentSize),
    ] {
      let layout = _InFlightLayout(base: base, running: transition, pose: frame)
      // Rows 0–24 of the list (all in flight), every row (some), rows 250–374 (none).
      var counts: [Int] = []
      for rect in [CGRect(x: 0, y: 0, width: 120, height: 100), CGRect(x: 0, y: 0, width: 120, height: 2_000), CGRect(x: 0, y: 1_000, width: 120, height: 500)]
      {
        let all = base.attributes(in: rect)
        let expected = all.filter { layout.position[$0.elementID] == nil }
        let listed = layout.attributes(in: rect)
        let same = listed == expected  // one Bool: a failure names the counts, not 400 attributes
        #expect(same, "\(rect): \(listed.count) listed, \(expected.count) expected")
        counts.append(expected.count)
        #expect(expected.count <= all.count)
      }
      #expect(counts[0] == 0 && counts[1] > 0 && counts[1] < 400 && counts[2] == 125, "\(counts)")
      #expect(!layout.holdsAll)
    }
    // Every element of a grid in flight (40 rows and the header, when it
    // has one, on screen at both ends): the queries answer without
    // enumerating the base, with what the enumeration gives. 400: most
    // items are on screen at neither end, and the queries enumerate.
    for (rowCount, headerExtent, holdsAll) in [(40, 0.0, true), (40, 6.0, true), (400, 0.0, false)] {
      let grid = try GridLayout(
        sections: [.init(itemCount: rowCount, itemSize: CGSize(width: 10, height: 10), lineSpacing: 2, interitemSpacing: 2)], viewportCrossExtent: 120)
      let rows = try GridLayout.list(rowHeights: [Array(repeating: 4, count: rowCount)], width: 120, headerHeight: headerExtent)
      // The grid, and a snapshot of its attributes.
      let snapshot = try LayoutSnapshot(elements: rows.attributes(in: CGRect(origin: .zero, size: rows.contentSize)), contentSize: rows.contentSize)
      for target in [rows, snapshot] as [any CollectionLayout] {
        let all = try LayoutTransition(from: grid, offset: .zero, to: target, offset: .zero, viewport: viewport)
        var now = all.makeFrame()
        try all.frame(at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 10), into: &now)
        let layout = _InFlightLayout(base: all.target, running: all, pose: now)
        #expect(layout.holdsAll == holdsAll, "\(type(of: target)): \(layout.ids.count) ids")
        var left = 0
        for rect in [CGRect(x: 0, y: 0, width: 120, height: 3), CGRect(x: 0, y: 0, width: 120, height: 400), CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)]
        {
          let expected = target.attributes(in: rect).filter { layout.position[$0.elementID] == nil }
          #expect(layout.attributes(in: rect) == expected && layout.attributes(in: rect, viewport: viewport, at: .zero) == expected)
          #expect(layout.elementIDs(in: rect) == target.elementIDs(in: rect).filter { layout.position[$0] == nil } + layout.ids)
          left += expected.count
        }
        #expect((left == 0) == holdsAll, "\(type(of: target)), \(rowCount) rows: \(left) not in flight")
      }
    }
  }
}
