import Harmonic

/// What a host reads in one layout pass.
struct _HostPass {
  let offset: CGPoint
  let size: CGSize
  /// The elements in the viewport, in the engine's order.
  let visible: [LayoutAttributes]
  /// The elements that have left the layout and are still shown.
  let leaving: [LayoutAttributes]
  /// The raw bits of the pass (offset, content size, visible and leaving elements).
  let bits: [UInt64]

  init(_ engine: LayoutAnimator) {
    offset = engine.contentOffset
    size = engine.collectionViewContentSize
    visible = engine.layoutAttributesForElements(in: engine.viewport.visibleRect(at: engine.contentOffset))
    leaving = engine.leavingAttributes
    // The engine answers in a fixed order: the bits need no sort.
    var bits: [UInt64] = []
    bits.reserveCapacity(4 + 7 * visible.count + 3 * leaving.count)
    bits.append(Double(offset.x).bitPattern)
    bits.append(Double(offset.y).bitPattern)
    bits.append(Double(size.width).bitPattern)
    bits.append(Double(size.height).bitPattern)
    for k in visible.indices {
      let a = visible[k]
      bits.append(Double(a.indexPath.item).bitPattern)
      bits.append(Double(a.indexPath.section).bitPattern)
      bits.append(Double(a.center.x).bitPattern)
      bits.append(Double(a.center.y).bitPattern)
      bits.append(Double(a.size.width).bitPattern)
      bits.append(Double(a.size.height).bitPattern)
      bits.append(a.alpha.bitPattern)
    }
    for k in leaving.indices {
      bits.append(Double(leaving[k].center.x).bitPattern)
      bits.append(Double(leaving[k].center.y).bitPattern)
      bits.append(leaving[k].alpha.bitPattern)
    }
    self.bits = bits
  }

  /// The attributes of element `id`, if this pass shows it.
  func attributes(of id: ElementID, near k: Int) -> LayoutAttributes? {
    if k < visible.count, visible[k].elementID == id { return visible[k] }
    return visible.first { $0.elementID == id }
  }

  /// What is wrong with the numbers of this pass, if anything.
  func problem() -> String? {
    guard Double(offset.x).isFinite, Double(offset.y).isFinite else { return "offset \(offset)" }
    // Every layout of the host is under 20,000 pt along either axis; a
    // transition's size lies between its two layouts' (a bouncy spring
    // overshoots by a fraction).
    let extent = 0.0...1e5
    guard extent.contains(Double(size.width)), extent.contains(Double(size.height)) else { return "content size \(size)" }
    func check(_ a: LayoutAttributes) -> String? {
      let finite = Double(a.center.x).isFinite && Double(a.center.y).isFinite && Double(a.size.width).isFinite && Double(a.size.height).isFinite
      guard finite else { return "\(a.elementID): not finite" }
      return a.alpha >= 0 && a.alpha <= 1 ? nil : "\(a.elementID): alpha \(a.alpha)"
    }
    for k in visible.indices { if let problem = check(visible[k]) { return problem } }
    for k in leaving.indices { if let problem = check(leaving[k]) { return problem } }
    return nil
  }
}

/// One run of a script at one frame schedule.
struct _HostRun {
  typealias Host = LayoutAnimatorHost
  let script: Host.Script
  let schedule: Host.Schedule
  let seed: UInt64
  var engine: LayoutAnimator
  var counts: [Int]
  var presentation = Host.Presentation.grid
  var portrait = true
  /// The gesture the app is driving or has let go: its start presentation
  /// and whether the offset could rest off a snap target before it.
  var gesture: (start: Host.Presentation, target: Host.Presentation, offTarget: Bool)?
  /// A drag (or a touch that stopped a snap) may have left the offset off a snap target.
  var offTarget = true
  /// A finger is on the screen (after a touch or a drag, until a release).
  var fingerDown = false
  /// The last state checked (a frame or the state after an event): its tick, pass, activity, engine.
  var last: (tick: Int64, pass: _HostPass, activity: LayoutAnimator.Activity, engine: LayoutAnimator)
  /// Bits per frame tick.
  var seen: [Int64: [UInt64]] = [:]
  /// The script spring's ``LayoutAnimatorHost/peakStepRate(_:)``.
  let peakRate: Double
  /// The engine's state digest after each event delivered (``LayoutAnimator/_digest``).
  var digests: [[UInt64]] = []
  /// The last update's index mapping, old element → new (nil: it left the data); empty: every element keeps its id.
  var mapping: [ElementID: ElementID?] = [:]

  init(script: Host.Script, schedule: Host.Schedule, seed: UInt64) {
    (self.script, self.schedule, self.seed, self.counts) = (script, schedule, seed, script.counts)
    peakRate = LayoutAnimatorHost.peakStepRate(script.spring)
    // At the start of the content, under the bar when there is one.
    let layout = try! _HostRun.layout(.grid, script.counts, portrait: true, script: script)
    let viewport = _HostRun.viewport(portrait: true, chrome: script.chrome)
    var engine = try! LayoutAnimator(
      layout: layout, viewport: viewport, contentOffset: _HostRun.offset(0, in: layout, viewport: viewport, horizontal: script.horizontal),
      springs: .shared(script.spring))
    engine.scrollAxis = script.horizontal ? .horizontal : .vertical
    engine.anchorPolicy = script.policy
    if script.snapping {
      engine.snapping = { layout, viewport throws(HarmonicError) in
        guard let grid = layout as? GridLayout else { throw .invalidParameter(name: "layout", value: 0, accepted: "a GridLayout") }
        return try grid.snapLayout(by: .lines, viewport: viewport)
      }
      engine.snappingOptions = Snapping.Options(
        alignment: script.alignment, maximumItemsPerFlick: script.itemsPerFlick, isRightToLeft: script.isRightToLeft)
    }
    self.engine = engine
    last = (0, _HostPass(engine), engine.activity, engine)
  }

  static func viewport(portrait: Bool, chrome: Bool) -> Viewport {
    try! Viewport(
      size: portrait ? CGSize(width: 320, height: 480) : CGSize(width: 480, height: 320),
      insets: chrome ? LayoutInsets(top: 64, left: 0, bottom: 34, right: 0) : .zero)
  }

  static func layout(
    _ presentation: LayoutAnimatorHost.Presentation, _ counts: [Int], portrait: Bool, script: LayoutAnimatorHost.Script
  ) throws(HarmonicError) -> GridLayout {
    let (width, height) = portrait ? (320.0, 480.0) : (480.0, 320.0)
    let header = script.chrome ? 30.0 : 0
    if script.horizontal {
      // Columns of 100-pt squares, or full-height pages 200 pt wide; right to left for some.
      let size = presentation == .grid ? CGSize(width: 100, height: 100) : CGSize(width: 200, height: height)
      return try GridLayout(
        sections: counts.map { .init(itemCount: $0, itemSize: size, lineSpacing: 5, interitemSpacing: 5, headerExtent: header) },
        scrollAxis: .horizontal, viewportCrossExtent: height, isRightToLeft: script.isRightToLeft)
    }
    // Squares three or four across, or 44-pt rows; headers pinned for some.
    let size = presentation == .grid ? CGSize(width: 100, height: 100) : CGSize(width: width, height: 44)
    let spacing = presentation == .grid ? 5.0 : 0
    return try GridLayout(
      sections: counts.map { .init(itemCount: $0, itemSize: size, lineSpacing: spacing, interitemSpacing: spacing, headerExtent: header) },
      viewportCrossExtent: width, pinsSectionHeaders: script.pinned)
  }

  func currentLayout() throws(HarmonicError) -> GridLayout {
    try _HostRun.layout(presentation, counts, portrait: portrait, script: script)
  }

  /// The reachable range along the scroll axis.
  static func range(_ layout: some CollectionLayout, _ viewport: Viewport, horizontal: Bool) -> ClosedRange<Double> {
    let reachable = viewport.reachable(content: layout.contentSize)
    return horizontal ? reachable.x : reachable.y
  }

  /// The offset at `fraction` of the reachable range of `layout` in `viewport`, at the start of the other axis.
  static func offset(_ fraction: Double, in layout: GridLayout, viewport: Viewport, horizontal: Bool) -> CGPoint {
    let along = range(layout, viewport, horizontal: horizontal), across = range(layout, viewport, horizontal: !horizontal)
    let x = along.lowerBound + fraction * (along.upperBound - along.lowerBound)
    return horizontal ? CGPoint(x: x, y: across.lowerBound) : CGPoint(x: across.lowerBound, y: x)
  }

  func offset(_ fraction: Double, in layout: GridLayout, viewport: Viewport) -> CGPoint {
    _HostRun.offset(fraction, in: layout, viewport: viewport, horizontal: script.horizontal)
  }

  /// `point`'s coordinate along the scroll axis.
  func along(_ point: CGPoint) -> Double { Double(script.horizontal ? point.x : point.y) }

  /// The engine's offset with its coordinate along the scroll axis set to `value`.
  func offset(along value: Double) -> CGPoint {
    script.horizontal ? CGPoint(x: value, y: engine.contentOffset.y) : CGPoint(x: engine.contentOffset.x, y: value)
  }

  /// The engine's reachable range along the scroll axis.
  var reachable: ClosedRange<Double> { _HostRun.range(engine.layout, engine.viewport, horizontal: script.horizontal) }

  // MARK: - The run

  /// Runs the script; nil when every promise held.
  mutating func go() -> String? {
    var frame = schedule.frame(after: -1, seed: seed)
    var pending = script.steps.sorted { $0.tick < $1.tick }[...]
    let lastEvent = pending.last?.tick ?? 0
    var ended = false
    while true {
      // Events up to this frame, each at its own tick.
      while let step = pending.first, step.tick <= frame {
        pending = pending.dropFirst()
        if let failure = deliver(step) { return "event \(step.event) at tick \(step.tick): \(failure)" }
      }
      if let failure = show(frame) { return "frame at tick \(frame): \(failure)" }
      // The app lets go of a gesture, and the user of the screen, that the
      // script leaves held: 0.1 s after the last event, on every schedule.
      if pending.isEmpty, !ended {
        ended = true
        let tick = lastEvent + AnimationTime.ticksPerSecond / 10
        pending =
          [
            LayoutAnimatorHost.Script.Step(tick: tick, event: .finish(velocity: 0)),
            LayoutAnimatorHost.Script.Step(tick: tick, event: .release(velocity: 0, engine: true)),
          ][...]
      }
      if pending.isEmpty, !engine.isAnimating { return nil }
      if pending.isEmpty, frame > lastEvent + 6 * AnimationTime.ticksPerSecond + AnimationTime.ticksPerSecond / 10 {
        return "still animating 6 s after the last event (\(engine.activity))"
      }
      // The display link stops while the engine rests; the next event starts it.
      let next = schedule.frame(after: frame, seed: seed)
      if !engine.isAnimating, let step = pending.first, step.tick > next {
        frame = schedule.frame(after: step.tick - 1, seed: seed)
      } else {
        frame = next
      }
    }
  }

  /// One frame: advance, read, check against the state before.
  mutating func show(_ tick: Int64) -> String? {
    do { try engine.advance(to: AnimationTime(ticks: tick)) } catch { return "advance threw \(error)" }
    let pass = _HostPass(engine)
    if let problem = pass.problem() { return problem }
    seen[tick] = pass.bits
    if let failure = checkStep(to: tick, pass) { return failure }
    if engine.activity == .resting, !fingerDown, let failure = checkRest() { return failure }
    last = (tick, pass, engine.activity, engine)
    return nil
  }

  /// The bound between two states without an event between them, and no
  /// jump where a phase ends on its own.
  func checkStep(to tick: Int64, _ pass: _HostPass) -> String? {
    let dt = Double(tick - last.tick) / Double(AnimationTime.ticksPerSecond)
    func extent(_ engine: LayoutAnimator) -> Double {
      let (content, viewport) = (engine.layout.contentSize, engine.viewport.size)
      return Double(script.horizontal ? content.width + viewport.width : content.height + viewport.height)
    }
    let speed = LayoutAnimatorHost.maximumReleaseSpeed + (2 * peakRate + 3) * max(extent(last.engine), extent(engine))
    let bound = 2 * speed * dt + 0.5
    if let moved = _HostRun.largestMove(from: last.pass, to: pass, pinned: script.pinned), moved.distance > bound {
      return "\(moved.what) moved \(moved.distance) pt in \(dt) s (bound \(bound))"
    }
    guard engine.activity != last.activity else { return nil }
    // The phase ended between the two, at its end tick: look across it —
    // and across the next one, when that ended too (a transition that hands
    // a carried scroll to the resting phase, which lands before the frame).
    var (from, fromTick) = (last.engine, last.tick)
    while true {
      guard let end = from._stageEnd, end.ticks > fromTick, end.ticks <= tick else {
        return "\(from.activity) turned \(engine.activity) between ticks \(fromTick) and \(tick), not at its end"
      }
      var (before, after) = (from, from)
      try? before.advance(to: AnimationTime(ticks: end.ticks - 1))
      try? after.advance(to: end)
      if before.activity != from.activity || after.activity == from.activity {
        return "\(from.activity) turned \(after.activity) at \(end.ticks), not where it said"
      }
      if let moved = _HostRun.largestMove(from: _HostPass(before), to: _HostPass(after), pinned: script.pinned), moved.distance > 0.51 {
        return "\(moved.what) stepped \(moved.distance) pt at tick \(end.ticks), where \(from.activity) turned \(after.activity)"
      }
      if after.activity == engine.activity { return nil }
      (from, fromTick) = (after, end.ticks)
    }
  }

  /// The largest move of the offset or of an element shown in both passes.
  ///
  /// Elements move in content coordinates, where the offset is measured
  /// too, each within its own tolerance. A header that may be pinned
  /// (`pinned`) moves with the viewport while it is pinned: there its step
  /// is the one on screen, center minus offset. Measured in content
  /// coordinates it would add the offset's own step, which the header does
  /// not take on screen (at a transition's end under a carried scroll: the
  /// offset's 0.31 pt plus the header's 0.32). Such a header counts the
  /// smaller of its two steps.
  static func largestMove(from a: _HostPass, to b: _HostPass, pinned: Bool) -> (what: String, distance: Double)? {
    func distance(_ p: CGPoint, _ q: CGPoint) -> Double { max((Double(p.x) - Double(q.x)).magnitude, (Double(p.y) - Double(q.y)).magnitude) }
    func onScreen(_ p: CGPoint, _ offset: CGPoint) -> CGPoint {
      CGPoint(x: Double(p.x) - Double(offset.x), y: Double(p.y) - Double(offset.y))
    }
    var largest = (what: "the offset", distance: distance(a.offset, b.offset))
    for k in a.visible.indices {
      let x = a.visible[k]
      guard let y = b.attributes(of: x.elementID, near: k) else { continue }
      var d = distance(x.center, y.center)
      if pinned, x.elementID.kind == ElementKind._header {
        d = min(d, distance(onScreen(x.center, a.offset), onScreen(y.center, b.offset)))
      }
      if d > largest.distance { largest = ("\(x.elementID)", d) }
    }
    return largest
  }

  /// At rest: the offset in the reachable range, and a snap target unless a finger left it elsewhere.
  func checkRest() -> String? {
    let range = reachable
    let y = along(engine.contentOffset)
    guard y >= range.lowerBound - 1e-9, y <= range.upperBound + 1e-9 else {
      return "at rest at \(y), outside the reachable \(range)"
    }
    guard script.snapping, !offTarget, let snapping = engine.snapping else { return nil }
    guard let snap = try? snapping(engine.layout, engine.viewport),
      let decision = try? Snapping.target(layout: snap, offset: y, velocity: 0, options: engine.snappingOptions)
    else { return "no snap target at rest" }
    // A snap target, or an end of the reachable range (where the first and last items are reached as far as possible).
    let atEnd = y == range.lowerBound || y == range.upperBound
    if !atEnd, (decision.target - y).magnitude > 1e-6 { return "at rest at \(y), not a snap target (nearest \(decision.target))" }
    return nil
  }
}
