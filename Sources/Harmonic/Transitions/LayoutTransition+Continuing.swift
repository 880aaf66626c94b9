// A change while a transition is in flight — a batch update, a new target
// layout, a new viewport — through the same setup as a new transition: the
// elements in flight become the start layout at their current poses.

extension LayoutTransition {
  /// The transition that takes over from `running` at `time` towards `new`
  /// at `newOffset`, with `update` applied — a drag-to-reorder's move, an
  /// insert or delete, a rotation — built by the same setup as any
  /// transition (pairing, crossing elements, appearance poses, the update's
  /// index mapping) from the layout `running` shows at `time`.
  ///
  /// Every element of `running` that continues keeps its value and the
  /// velocity of every channel at `time` exactly (C¹): it starts at its
  /// in-flight pose, moving as it moved. Every element in flight continues,
  /// on screen or not. An element the update deletes leaves from where it
  /// is towards its disappearing pose; an inserted one appears. Elements
  /// `running` was already animating away (``Element/to`` nil) are not part
  /// of the new transition: keep drawing them from `running` until they
  /// settle (``LayoutAnimator`` does), or use
  /// ``init(continuing:at:to:offset:viewport:endViewport:update:appearance:decoration:springs:tolerances:)``, which keeps them. The
  /// content offset goes on from the frame's with its velocity along the
  /// new path; ``Frame/overallProgress`` goes on from its value at `time` to 1.
  ///
  /// - Parameters:
  ///   - running: the transition in flight.
  ///   - time: the tick of the change, at or after `running`'s segment start.
  ///   - new: the layout after the change.
  ///   - newOffset: its content offset at the end, points.
  ///   - viewport: the viewport at `time`.
  ///   - endViewport: the viewport at the end (a rotation); nil: `viewport`.
  ///   - update: the batch update from `running`'s target layout to `new`.
  ///   - appearance: how inserted items appear and deleted ones leave.
  ///   - decoration: applied to `new`'s attributes at the end (the poses in
  ///     flight already carry `running`'s).
  ///   - springs: the springs from `time` on.
  ///   - tolerances: when an element counts as settled.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   time before `running`'s segment start, or as the initializer
  ///   ``init(from:offset:to:offset:viewport:endViewport:update:appearance:decoration:springs:velocity:include3D:transforms:tolerances:start:)``
  ///   does (an update that does not match the layouts' item counts names it).
  /// - Complexity: the setup of a transition, and one more pass over its
  ///   columns to put the in-flight values and velocities in place.
  public init(
    continuing running: LayoutTransition, at time: AnimationTime, to new: some CollectionLayout, offset newOffset: CGPoint,
    viewport: Viewport, endViewport: Viewport? = nil, update: LayoutUpdate = LayoutUpdate(), appearance: AppearanceStyle = .fade,
    decoration: LayoutTransition.Decoration? = nil, springs: LayoutTransition.Springs = .shared(.smooth),
    tolerances: LayoutTransition.Tolerances = LayoutTransition.Tolerances()
  ) throws(HarmonicError) {
    let now = try running._frameForChange(at: time, attributes: false)
    self = try LayoutTransition._continuing(
      running, pose: now, atRest: false, offsetVelocity: running._progressOffsetVelocity(at: time), at: time,
      to: _Change(layout: new, offset: newOffset, viewport: viewport, endViewport: endViewport, update: update, appearance: appearance),
      decoration: decoration, springs: springs, tolerances: tolerances, keepingLeaving: false)
  }

  /// As the public initializer, from `now`, running's frame at `time`
  /// (``_frameForChange(at:)``) as the host shows it (a carried scroll adds
  /// to its content offset and moves its pinned views).
  ///
  /// `handsOnProgress` false: the new segment's average progress starts at
  /// rest (its offset follows an anchor, whose springs carry the velocity).
  package init(
    continuing running: LayoutTransition, at time: AnimationTime, pose now: LayoutTransition.Frame, to new: some CollectionLayout,
    offset newOffset: CGPoint, viewport: Viewport, endViewport: Viewport?, update: LayoutUpdate, appearance: AppearanceStyle,
    springs: LayoutTransition.Springs, handsOnProgress: Bool = true
  ) throws(HarmonicError) {
    let velocity = handsOnProgress ? running._progressOffsetVelocity(at: time) : .zero
    self = try LayoutTransition._continuing(
      running, pose: now, atRest: false, offsetVelocity: velocity, at: time,
      to: _Change(layout: new, offset: newOffset, viewport: viewport, endViewport: endViewport, update: update, appearance: appearance),
      decoration: nil, springs: springs, tolerances: LayoutTransition.Tolerances(), keepingLeaving: false)
  }

  /// The frame at `time` with velocities, for a change at `time`. Without
  /// `attributes` it holds no arrays: its channels are read from the
  /// running batch element by element (``_ChangeChannels``) and its poses
  /// built from them when the change asks (``_pose(_:in:)``) — the same
  /// bits as a full frame's, without its 2·N·C values and N attributes.
  package func _frameForChange(at time: AnimationTime, attributes: Bool = true) throws(HarmonicError) -> LayoutTransition.Frame {
    try _Check.notBefore(time.ticks, start: batch.start.ticks, of: "the running segment's start")
    if attributes {
      var now = makeFrame(velocities: true)
      try frame(at: time, into: &now)
      return now
    }
    var now = LayoutTransition.Frame(
      attributes: [], contentOffset: endOffset, contentSize: endContentSize, progress: 1, overallProgress: overallProgressRange.end,
      hasEnded: true, time: time, _values: SpringBatch.Frame(values: [], velocities: [], time: time, _coefficients: [], _itemCoefficients: []),
      _writesAttributes: false, _channelCount: batch.channelCount)
    // As frame(at:into:) does, without the columns.
    guard !_isComplete(at: time) else { return now }
    let channels = _ChangeChannels(batch, at: time)
    now.hasEnded = false
    (now.progress, now.overallProgress, now.contentOffset, now.contentSize) = _state(atProgress: batch.averageProgress(at: time))
    _addReleaseImpulse(at: time, overall: &now.overallProgress, offset: &now.contentOffset)
    if time > batch.start, let anchor = _anchor {
      now.contentOffset = _anchored(now.contentOffset, lead: channels.value(channel: anchor.channel, item: anchor.element), progress: now.progress)
    }
    now._change = channels
    return now
  }

  /// Element k's attributes in `frame` (made by this segment, evaluated):
  /// the frame's own when it builds them, else the same bits built from
  /// its channels — what ``frame(at:into:backend:threads:)`` writes.
  package func _pose(_ k: Int, in frame: LayoutTransition.Frame) -> LayoutAttributes {
    if frame._writesAttributes { return frame.attributes[k] }
    if frame.hasEnded { return _endAttributes(k) }
    var pose = _inFlight(k)
    guard let time = frame.time, !(time <= batch.start && transforms == .decomposed) else { return pose }
    let channels = frame._channels(items: elements.count)
    withUnsafeTemporaryAllocation(of: Double.self, capacity: batch.channelCount) { values in
      for channel in 0..<batch.channelCount { values[channel] = channels.value(channel: channel, item: k) }
      LayoutChannels._apply(UnsafeBufferPointer(values), item: 0, count: 1, has3D: include3D, transforms: transforms, to: &pose)
    }
    return pose
  }

  /// What a change in flight heads for.
  struct _Change<New: CollectionLayout> {
    let layout: New
    let offset: CGPoint
    let viewport: Viewport
    let endViewport: Viewport?
    let update: LayoutUpdate
    let appearance: AppearanceStyle
  }

  /// The one path for every change in flight (``init(continuing:at:to:offset:viewport:endViewport:update:appearance:decoration:springs:tolerances:)``,
  /// ``init(continuing:at:to:offset:viewport:endViewport:update:appearance:decoration:springs:tolerances:)``, ``LayoutAnimator``'s
  /// changes during a gesture): the setup of a fresh transition from the
  /// layout `running` shows in `pose`, then every continuing element's
  /// channels and velocities put back exactly as `pose` has them (the
  /// setup reads poses through `LayoutAttributes`, which a decomposed
  /// transform does not survive bit for bit), and — with `keepingLeaving` —
  /// `running`'s leaving elements merged in, still heading for their
  /// disappearing poses.
  ///
  /// `atRest`: the pose is a scrub's, every velocity 0.
  static func _continuing<New: CollectionLayout>(
    _ running: LayoutTransition, pose now: LayoutTransition.Frame, atRest: Bool, offsetVelocity: CGPoint, at time: AnimationTime,
    to change: _Change<New>, decoration: LayoutTransition.Decoration?, springs: LayoutTransition.Springs,
    tolerances: LayoutTransition.Tolerances, keepingLeaving: Bool
  ) throws(HarmonicError) -> LayoutTransition {
    let current = _InFlightLayout(base: running.target, running: running, pose: now)
    let end = change.endViewport ?? change.viewport
    func setup(to target: some CollectionLayout) throws(HarmonicError) -> LayoutTransition {
      try LayoutTransition(
        from: current, offset: now.contentOffset, to: target, offset: change.offset, viewport: change.viewport, endViewport: end,
        update: change.update, appearance: change.appearance, decoration: nil, springs: springs, velocity: .none, include3D: running.include3D,
        transforms: running.transforms,
        tolerances: tolerances, start: time, buildsBatch: false)
    }
    // The new layout as it is, or with the decoration applied to its answers.
    var next =
      if let decoration {
        try setup(to: _DecoratedLayout(base: change.layout, decoration: decoration, visibleRect: end.visibleRect(at: change.offset)))
      } else {
        try setup(to: change.layout)
      }
    let inFlight = _InFlight(running: running, pose: now, atRest: atRest, layout: current)
    let velocity = atRest ? CGPoint(x: 0, y: 0) : offsetVelocity
    let full = _progressRate(offsetVelocity: velocity, from: now.contentOffset, to: change.offset)
    // The average progress takes the offset's velocity up to a rate of
    // ``_maximumProgressRate``; past it (a fast offset over a short
    // remaining travel) the rest swings the offset alone (`_addImpulse`):
    // the content size and the overall progress follow p̄, and a rate of
    // 13,134/s (14,464 pt/s over 1.1 pt, a host sweep) sent p̄ to −386
    // and the content width to −24,099 pt.
    let rate = max(-_maximumProgressRate, min(_maximumProgressRate, full))
    if keepingLeaving, running.elements.contains(where: { $0.to == nil }) {
      next = try _merged(inFlight, fresh: next, target: change.layout, springs: springs, tolerances: tolerances, progressRate: rate)
    } else {
      // Continued in place: the setup is the only owner of its batch's columns, so _continue takes them without a copy.
      try next._continue(inFlight, springs: springs, tolerances: tolerances, progressRate: rate)
    }
    if rate != full {
      let (dx, dy) = (Double(change.offset.x) - Double(now.contentOffset.x), Double(change.offset.y) - Double(now.contentOffset.y))
      let rest = CGPoint(x: Double(velocity.x) - rate * dx, y: Double(velocity.y) - rate * dy)
      if Double(rest.x).isFinite, Double(rest.y).isFinite { next._addImpulse(overall: 0, offset: rest, points: 0.005) }
    }
    next.target = change.layout
    // The setup saw the decoration through the decorated layout: the transition keeps it (for the next change).
    next.decoration = decoration
    next.overallProgressRange = (now.overallProgress, 1)
    return next
  }

  /// The running transition at the change: its pose, and how its elements
  /// are found from the in-flight layout's ids.
  struct _InFlight {
    let running: LayoutTransition
    let pose: LayoutTransition.Frame
    /// The pose is a scrub's: every velocity 0.
    let atRest: Bool
    let layout: _InFlightLayout
    var runningChannels: Int { running.include3D ? LayoutChannels.count3D : LayoutChannels.count2D }

    /// Whether ``channels()`` holds the pose's values at rest: then
    /// ``_continue`` reads the pose's values directly and holds them as it
    /// copies, instead of copying them all first.
    var holdsRest: Bool { !pose.hasEnded && !pose._restHeld }

    /// Every channel value of running's elements at the change, exactly
    /// (channel-major), and their rates (nil: all 0).
    func channels() -> (values: [Double], rates: [Double]?) {
      // Channels at rest exactly at their targets, so that a change in
      // flight never turns an ulp of rounding into a motion.
      if let change = pose._change {  // a frame without arrays: made here (a retarget keeping leaving elements)
        let n = running.elements.count
        let count = n * change.channelCount
        let values = (0..<count).map { change.value(channel: $0 / n, item: $0 % n) }
        return (running._holdingRest(values), atRest ? nil : (0..<count).map { change.rate(channel: $0 / n, item: $0 % n) })
      }
      let values =
        pose.hasEnded
        ? LayoutChannels.values(of: running.endAttributes, include3D: running.include3D, transforms: running.transforms)
        : pose._restHeld ? pose._values.values : running._holdingRest(pose._values.values)
      let rates = pose.hasEnded || atRest || !pose.hasVelocities ? nil : pose._values.velocities
      return (values, rates)
    }

    /// Running's index of the element the new transition's `element` continues.
    func continued(_ element: LayoutTransition.Element) -> Int? {
      guard let from = element.from, let p = layout.position[from] else { return nil }
      return layout.runningIndex[p]
    }
  }

  /// The fresh setup continuing `inFlight`: its start and velocity columns
  /// given running's exact values and rates for every continuing element
  /// (the rest as the setup has them, at rest), the batch rebuilt over them.
  ///
  /// The setup's columns are taken from its batch, not copied (4 × items ×
  /// channels values: 35 MB at 100,000 items); if this throws, the
  /// transition is left without them, so callers discard it.
  mutating func _continue(
    _ inFlight: _InFlight, springs: LayoutTransition.Springs, tolerances: LayoutTransition.Tolerances, progressRate: Double
  ) throws(HarmonicError) {
    // Running's values as the pose has them, held at rest while copied
    // (`holding`), or as ``_InFlight/channels()`` makes them.
    let holding = inFlight.holdsRest
    let (values, rates) = holding ? ([], nil) : inFlight.channels()
    let (n, n0, runningChannels) = (elements.count, inFlight.running.elements.count, inFlight.runningChannels)
    let pose = inFlight.pose._channels(items: n0)
    let copiesRates = holding ? !inFlight.atRest && pose.hasRates : rates != nil
    let m = n * (include3D ? LayoutChannels.count3D : LayoutChannels.count2D)
    // Running's index of the element each one continues (−1: none), found once.
    let sources = elements.map { inFlight.continued($0) ?? -1 }
    let origin = batch.start
    // The deferred completion and the compact endpoints' deferred arrays
    // hold the batch (and with it the columns): let go of them first, so
    // that the columns taken below have one owner and are written in
    // place, not copied (35 MB at 100,000 items: 16 ms of a retarget's 80
    // were that copy). Both are made again for the new batch.
    _completion = _Deferred { origin }
    var kept: _Kept? = nil
    if case let .compact(compact, _) = _endpoints { (kept, _endpoints) = (compact, .full(starts: [], ends: [])) }
    var columns: [Double] = []
    swap(&columns, &batch._columns)
    // One new spring over componentwise channels, running's read from its
    // batch with one spring of its own (a retarget's usual case): the pass
    // that writes each channel's start and velocity also derives its
    // restoring term and checks its start, target and velocity, so that the
    // batch is made without two more passes over every column (61 MB of
    // reads and writes at 100,000 items). Any value out of range: the usual
    // passes run, and throw the usual error.
    let prepared: (decayRate: Double, omegaSquared: Double)? =
      if case let .shared(spring) = springs, holding, pose.fromBatch, pose.groupOfItem.isEmpty, transforms == .componentwise,
        include3D == inFlight.running.include3D
      {
        (spring._basis.decayRate, spring._basis.omegaSquared)
      } else {
        nil
      }
    var inRange = prepared != nil
    columns.withUnsafeMutableBufferPointer { columns in
      let base = columns.baseAddress!
      // The setup's velocity column is 0 (``_continuing`` makes it with
      // velocity `.none`) and its restoring column is the new batch's to
      // write: neither is cleared again (17.6 MB of writes at 100,000 items).
      assert(UnsafeBufferPointer(start: base + 2 * m, count: m).allSatisfy { $0 == 0 }, "a continuing setup's velocities are 0")
      // Channel by channel: each pass reads one of running's columns and
      // writes one of the new ones.
      func copy(_ from: [Double], into first: UnsafeMutablePointer<Double>) {
        from.withUnsafeBufferPointer { from in
          for channel in 0..<runningChannels {
            let (into, source) = (first + channel * n, from.baseAddress! + channel * n0)
            for k in 0..<n where sources[k] >= 0 { into[k] = source[sources[k]] }
          }
        }
      }
      if holding {
        // Shapes by construction (the pose is a frame of running); a
        // mismatch is a bug, and stops here as an index out of range would.
        let m0 = inFlight.running.batch.elementCount
        if pose.fromBatch {
          precondition(pose.m == m0, "LayoutTransition._continue: the pose reads running's batch")
          // Read from running's columns: each channel in one pass over them —
          // value (held at its target when at rest) and rate together, the
          // operations of ``_ChangeChannels/value(channel:item:)`` and
          // ``rate(channel:item:)`` with the element's group's five
          // coefficients (one running spring: hoisted).
          pose.columns.withUnsafeBufferPointer { running in
            pose.coefficients.withUnsafeBufferPointer { k in
              pose.groupOfItem.withUnsafeBufferPointer { groupOfItem in
                sources.withUnsafeBufferPointer { sources in
                  let (start, target, velocity, restoring) = (
                    running.baseAddress!, running.baseAddress! + m0, running.baseAddress! + 2 * m0, running.baseAddress! + 3 * m0
                  )
                  let (r, p, s, c, minusS) = (k[0], k[1], k[2], k[3], k[4])
                  if let prepared {
                    // Every channel is running's (equal channel counts).
                    let basis = inFlight.running.batch._groups[0].spring._basis
                    inRange = LayoutTransition._continuePrepared(
                      running: _SendableBuffer(running), runningCount: n0, columns: _SendablePointer(base), count: n, channels: runningChannels,
                      sources: _SendableBuffer(sources), coefficients: (r, p, s, c, minusS, basis.omegaSquared, basis.decayRate),
                      copiesRates: copiesRates, spring: prepared)
                    return
                  }
                  for channel in 0..<runningChannels {
                    let (values, rates) = (base + channel * n, base + 2 * m + channel * n)
                    let offset = channel * n0
                    if groupOfItem.isEmpty {
                      for item in 0..<n {
                        let source = sources[item]
                        guard source >= 0 else { continue }
                        let e = offset + source
                        let (a, b, v) = (start[e], target[e], velocity[e])
                        values[item] = _valueTerm(a, b, v, r, p, s)
                        if copiesRates { rates[item] = _velocityTerm(v, restoring[e], c, minusS) }
                      }
                      continue
                    }
                    for item in 0..<n {
                      let source = sources[item]
                      guard source >= 0 else { continue }
                      let (e, g) = (offset + source, 5 * Int(groupOfItem[source]))
                      let (a, b, v) = (start[e], target[e], velocity[e])
                      values[item] = _valueTerm(a, b, v, k[g], k[g + 1], k[g + 2])
                      if copiesRates { rates[item] = _velocityTerm(v, restoring[e], k[g + 3], k[g + 4]) }
                    }
                  }
                }
              }
            }
          }
        } else {
          precondition(
            pose.values.count == m0 && (!copiesRates || pose.rates.count == m0), "LayoutTransition._continue: the pose is a frame of running")
          // A frame's arrays (the layout animator's pose): each channel in
          // one pass — the value (running's target where running is at rest
          // exactly: start equal to target, velocity 0, as
          // ``_holdingRest(_:)`` makes it) and the rate together.
          inFlight.running.batch._columns.withUnsafeBufferPointer { running in
            pose.values.withUnsafeBufferPointer { poseValues in
              pose.rates.withUnsafeBufferPointer { poseRates in
                sources.withUnsafeBufferPointer { sources in
                  let (start, target, velocity) = (running.baseAddress!, running.baseAddress! + m0, running.baseAddress! + 2 * m0)
                  for channel in 0..<runningChannels {
                    let (values, rates) = (base + channel * n, base + 2 * m + channel * n)
                    let offset = channel * n0
                    for item in 0..<n {
                      let source = sources[item]
                      guard source >= 0 else { continue }
                      let e = offset + source
                      let b = target[e]
                      values[item] = start[e] == b && velocity[e] == 0 ? b : poseValues[e]
                      if copiesRates { rates[item] = poseRates[e] }
                    }
                  }
                }
              }
            }
          }
        }
      } else {
        copy(values, into: base)
        if let rates { copy(rates, into: base + 2 * m) }
      }
    }
    let start: [Double]? = kept == nil ? Array(columns[0..<m]) : nil
    (batch, _completion) = try LayoutTransition._makeBatch(
      columns: _take(&columns), elements: elements, springs: springs, velocity: .none, include3D: include3D, transforms: transforms,
      tolerances: tolerances, origin: origin, progressVelocity: progressRate,
      progressTolerance: LayoutTransition._progressTolerance(tolerances, from: startOffset, to: endOffset), prepared: inRange)
    if let kept {
      _endpoints = .compact(kept, elements: elements, batch: batch)
    } else if case .full(var starts, let ends) = _endpoints {
      try LayoutChannels.apply(start!, to: &starts, transforms: transforms)
      _endpoints = .full(starts: starts, ends: ends)
    }
  }

  /// The prepared pass of ``_continue(_:springs:tolerances:progressRate:)``:
  /// every continuing element's value and rate from running's columns
  /// (`running`, four of `runningCount`·C each, one spring with the
  /// coefficients `k`), then every element's restoring term for the new
  /// spring and the range check of its new start, target and velocity, in
  /// `columns` (n·C each). The items are split across the cores, every
  /// channel of a part's items in one worker: each element's values depend
  /// on its own inputs only, so the bits do not depend on the split.
  /// Whether every value is within range.
  static func _continuePrepared(
    running: _SendableBuffer<Double>, runningCount n0: Int, columns: _SendablePointer, count n: Int, channels: Int, sources: _SendableBuffer<Int>,
    coefficients k: (r: Double, p: Double, s: Double, c: Double, minusS: Double, omegaSquared: Double, decayRate: Double), copiesRates: Bool,
    spring: (decayRate: Double, omegaSquared: Double)
  ) -> Bool {
    let m = n * channels, m0 = n0 * channels
    // Every element continuing itself, in order (a retarget with no
    // update): no index to read, and two elements at a time.
    let inOrder = n == n0 && sources.buffer.indices.allSatisfy { sources[$0] == $0 }
    let parts = _Parallel.workers(elementCount: m, threads: nil)
    let results = _ResultSlots(count: parts, initial: false)
    _Parallel.forEachPart(parts) { part in
      let (lo, hi) = (part * n / parts, (part + 1) * n / parts)
      let (start, target, velocity, restoring) = (
        running.buffer.baseAddress!, running.buffer.baseAddress! + m0, running.buffer.baseAddress! + 2 * m0, running.buffer.baseAddress! + 3 * m0
      )
      let limit = _Check.maximumMagnitude
      var inside = true
      for channel in 0..<channels {
        let first = channel * n + lo
        let (values, targets, rates, restorings) = (columns.base + first, columns.base + m + first, columns.base + 2 * m + first, columns.base + 3 * m + first)
        let offset = channel * n0
        if inOrder {
          inside =
            _continueInOrder(
              count: hi - lo, start: start + offset + lo, target: target + offset + lo, velocity: velocity + offset + lo, running: k,
              copiesRates: copiesRates, values: values, rates: rates, targets: targets, restorings: restorings,
              spring: (spring.omegaSquared, spring.decayRate)) && inside
          continue
        }
        for j in 0..<(hi - lo) {
          let source = sources[lo + j]
          if source >= 0 {
            let e = offset + source
            let (a, b, v) = (start[e], target[e], velocity[e])
            values[j] = _valueTerm(a, b, v, k.r, k.p, k.s)
            if copiesRates { rates[j] = _velocityTerm(v, restoring[e], k.c, k.minusS) }
          }
          // As the new batch derives and checks them.
          let (x, t, v) = (values[j], targets[j], rates[j])
          restorings[j] = spring.omegaSquared * (x - t) + spring.decayRate * v
          inside = inside && x.magnitude <= limit && t.magnitude <= limit && v.magnitude <= limit
        }
      }
      results.store(inside, at: part)
    }
    return results.values.allSatisfy { $0 }
  }

  /// One channel of a change in flight whose elements each continue
  /// themselves, in order, two at a time: each element's value (held at
  /// its target when at rest) and — `copiesRates` — rate from running's
  /// start, target and velocity with running's five coefficients and its
  /// restoring term as its batch derives it (ω₀²·(start − target) + a·v₀,
  /// not read); then the new restoring term from the new spring (ω₀², a)
  /// and the new target, and whether the new start, target and velocity
  /// are all within ``_Check/maximumMagnitude``. Lane by lane the
  /// operations of the scalar path, in its order (no fused multiply-add):
  /// the same bits.
  static func _continueInOrder(
    count n: Int, start: UnsafePointer<Double>, target: UnsafePointer<Double>, velocity: UnsafePointer<Double>,
    running k: (r: Double, p: Double, s: Double, c: Double, minusS: Double, omegaSquared: Double, decayRate: Double), copiesRates: Bool,
    values: UnsafeMutablePointer<Double>, rates: UnsafeMutablePointer<Double>, targets: UnsafePointer<Double>,
    restorings: UnsafeMutablePointer<Double>, spring: (omegaSquared: Double, decayRate: Double)
  ) -> Bool {
    typealias Lanes = SIMD2<Double>
    @inline(__always) func load(_ p: UnsafePointer<Double>, _ i: Int) -> Lanes {
      UnsafeRawPointer(p + i).loadUnaligned(as: Lanes.self)
    }
    @inline(__always) func store(_ x: Lanes, _ p: UnsafeMutablePointer<Double>, _ i: Int) {
      UnsafeMutableRawPointer(p + i).storeBytes(of: x, as: Lanes.self)
    }
    let limit = Lanes(repeating: _Check.maximumMagnitude), zero = Lanes(repeating: 0)
    let (r, p, s, c, minusS) = (Lanes(repeating: k.r), Lanes(repeating: k.p), Lanes(repeating: k.s), Lanes(repeating: k.c), Lanes(repeating: k.minusS))
    let (runningOmegaSquared, runningDecay) = (Lanes(repeating: k.omegaSquared), Lanes(repeating: k.decayRate))
    let (omegaSquared, decay) = (Lanes(repeating: spring.omegaSquared), Lanes(repeating: spring.decayRate))
    var inside = SIMDMask<SIMD2<Int64>>(repeating: true)
    var item = 0
    while item + 2 <= n {
      let (a, b, v) = (load(start, item), load(target, item), load(velocity, item))
      let value = (((zero + a * r) + b * p) + v * s).replacing(with: b, where: (a .== b) .& (v .== zero))
      store(value, values, item)
      let rate = copiesRates ? (zero + v * c) + (runningOmegaSquared * (a - b) + runningDecay * v) * minusS : load(rates, item)
      if copiesRates { store(rate, rates, item) }
      let t = load(targets, item)
      store(omegaSquared * (value - t) + decay * rate, restorings, item)
      inside = inside .& (value .<= limit) .& (value .>= -limit) .& (t .<= limit) .& (t .>= -limit) .& (rate .<= limit) .& (rate .>= -limit)
      item += 2
    }
    var tail = all(inside)
    while item < n {
      let (a, b, v) = (start[item], target[item], velocity[item])
      let value = _valueTerm(a, b, v, k.r, k.p, k.s)
      values[item] = value
      if copiesRates { rates[item] = _velocityTerm(v, k.omegaSquared * (a - b) + k.decayRate * v, k.c, k.minusS) }
      let (t, rate) = (targets[item], rates[item])
      restorings[item] = spring.omegaSquared * (value - t) + spring.decayRate * rate
      tail =
        tail && value.magnitude <= _Check.maximumMagnitude && t.magnitude <= _Check.maximumMagnitude
        && rate.magnitude <= _Check.maximumMagnitude
      item += 1
    }
    return tail
  }

  /// The largest rate (per second) of the average progress a change in
  /// flight starts with: with a critically damped spring of response
  /// 0.5 s it adds at most 10/(e·ω) ≈ 0.29 to p̄.
  static let _maximumProgressRate = 10.0

  /// The rate of the average progress that keeps the content offset's
  /// velocity along its path (its projection on the remaining travel).
  static func _progressRate(offsetVelocity: CGPoint, from start: CGPoint, to end: CGPoint) -> Double {
    let dx = Double(end.x) - Double(start.x), dy = Double(end.y) - Double(start.y)
    let travel = dx * dx + dy * dy
    let rate = travel > 0 ? (Double(offsetVelocity.x) * dx + Double(offsetVelocity.y) * dy) / travel : 0
    return rate.isFinite && rate.magnitude <= 1e100 ? rate : 0
  }

  /// Where an element of a change in flight comes from: the fresh setup's
  /// element k, or running's leaving element k.
  enum _ContinuingSource {
    case fresh(Int)
    case leaving(Int)
  }

  /// The fresh setup with running's leaving elements merged in, still
  /// heading for their disappearing poses (a retarget keeps them).
  static func _merged(
    _ inFlight: _InFlight, fresh: LayoutTransition, target: any CollectionLayout, springs: LayoutTransition.Springs,
    tolerances: LayoutTransition.Tolerances, progressRate: Double
  ) throws(HarmonicError) -> LayoutTransition {
    let (running, now) = (inFlight.running, inFlight.pose)
    let known = Set(fresh.elements)
    var order = fresh.elements.indices.map { (fresh.elements[$0], _ContinuingSource.fresh($0)) }
    for (k, element) in running.elements.enumerated() where element.to == nil && !known.contains(element) { order.append((element, .leaving(k))) }
    order.sort { $0.0 < $1.0 }
    // Channel values and velocities: running's exactly where it has them;
    // the fresh setup's start (at rest) for new elements and for channels
    // running did not animate (3-D ones a new element brings in).
    let channels = fresh.include3D ? LayoutChannels.count3D : LayoutChannels.count2D
    let runningChannels = inFlight.runningChannels
    let (n, n0, nf) = (order.count, running.elements.count, fresh.elements.count)
    let (values, rates) = inFlight.channels()
    let freshStart = fresh.batch._columns
    let (freshStarts, freshEnds, runningEnds) = (fresh.startAttributes, fresh.endAttributes, running.endAttributes)
    var start = [Double](repeating: 0, count: n * channels), velocity = [Double](repeating: 0, count: n * channels)
    var identities: [LayoutAttributes] = [], ends: [LayoutAttributes] = []
    identities.reserveCapacity(n)
    ends.reserveCapacity(n)
    for (k, (element, source)) in order.enumerated() {
      let old: Int?
      switch source {
      case let .fresh(j):
        identities.append(freshStarts[j])
        ends.append(freshEnds[j])
        for channel in 0..<channels { start[channel * n + k] = freshStart[channel * nf + j] }
        old = inFlight.continued(element)
      case let .leaving(j):
        let pose = running._pose(j, in: now)
        identities.append(pose)
        ends.append(runningEnds[j])
        if channels > runningChannels {
          let all = LayoutChannels.values(of: [pose], include3D: true, transforms: running.transforms)
          for channel in runningChannels..<channels { start[channel * n + k] = all[channel] }
        }
        old = j
      }
      guard let old else { continue }
      for channel in 0..<runningChannels {
        start[channel * n + k] = values[channel * n0 + old]
        if let rates { velocity[channel * n + k] = rates[channel * n0 + old] }
      }
    }
    return try LayoutTransition(
      segment: order.map(\.0), include3D: fresh.include3D, transforms: running.transforms, tolerances: tolerances, decoration: fresh.decoration,
      identities: identities, startValues: start, velocities: velocity, ends: ends, startOffset: now.contentOffset, endOffset: fresh.endOffset,
      startContentSize: now.contentSize, endContentSize: target.contentSize, offsetVelocity: .zero, progressVelocity: progressRate,
      springs: springs, target: target, overallProgressRange: (now.overallProgress, 1), origin: fresh.batch.start)
  }
}

/// The current layout with the elements in flight at their current poses:
/// the start of a transition that begins mid-flight. Every element in
/// flight counts as visible at the start (``elementIDs(in:)`` lists it for
/// any rect), so each one continues, on screen or not; the lookups by id
/// answer with the pose.
package struct _InFlightLayout: CollectionLayout {
  let base: any CollectionLayout
  /// The running transition and its frame at the change (shared, not
  /// copied): element k's pose is ``LayoutTransition/_pose(_:in:)``, read
  /// from the frame's attributes when it has them (256 B per element),
  /// else built from its channels on request.
  let running: LayoutTransition
  let frame: LayoutTransition.Frame
  /// The ids in flight, in id order: the running transition's targets of
  /// the elements that stay. `runningIndex[p]` is id p's element index in
  /// the running transition, `position` id p's index by id.
  package let ids: [ElementID]
  let runningIndex: [Int]
  package let position: _PoseIndex
  /// Whether every element of `base` is in flight (a grid's or a
  /// snapshot's element count equals the ids': the ids are `base`'s,
  /// distinct): then no query need enumerate `base` to find the ones
  /// that are not.
  package let holdsAll: Bool
  package var contentSize: CGSize { frame.contentSize }

  /// The poses of `running`'s elements that stay (``LayoutTransition/Element/to``
  /// not nil) in `frame` (a frame of `running`), named by their new ids.
  package init(base: any CollectionLayout, running: LayoutTransition, pose frame: LayoutTransition.Frame) {
    let elements = running.elements
    var ids: [ElementID] = [], runningIndex: [Int] = []
    ids.reserveCapacity(elements.count)
    runningIndex.reserveCapacity(elements.count)
    var position = _PoseIndex(itemCounts: base.itemCounts)
    // One pass: a transition's elements are sorted by id (``LayoutTransition/Element/<``)
    // and a staying element's id is its target, so the targets come in
    // strictly increasing order and none repeats. The sort below only
    // guards that order (no transition the API makes reaches it).
    func add(_ k: Int, _ id: ElementID) {
      position[id] = ids.count
      ids.append(id)
      runningIndex.append(k)
    }
    var inOrder = true
    for k in elements.indices {
      guard let id = elements[k].to else { continue }
      if let last = ids.last, !(last < id) {
        inOrder = false
        break
      }
      add(k, id)
    }
    if !inOrder {
      // Sorted by target, the first of any repeated target kept.
      let staying = elements.indices.filter { elements[$0].to != nil }.sorted { elements[$0].to! < elements[$1].to! }
      (ids, runningIndex, position) = ([], [], _PoseIndex(itemCounts: base.itemCounts))
      for k in staying where position[elements[k].to!] == nil { add(k, elements[k].to!) }
    }
    (self.base, self.running, self.frame, self.ids, self.runningIndex, self.position) = (base, running, frame, ids, runningIndex, position)
    holdsAll = ((base as? GridLayout)?._elementCount ?? (base as? LayoutSnapshot)?.elements.count) == ids.count
  }

  /// Whether the poses are the frame's channels (with the in-flight
  /// zIndex and hidden flag, and the start's other fields): a frame that
  /// keeps no attributes, in flight, of a transition interpolating its
  /// transforms per entry, its values not held at rest.
  var readsChannels: Bool {
    !frame._writesAttributes && !frame.hasEnded && !frame._restHeld && running.transforms == .componentwise
  }

  /// Pose p: the running element's attributes at the change under its new id.
  func pose(_ p: Int) -> LayoutAttributes {
    var pose = running._pose(runningIndex[p], in: frame)
    (pose.kind, pose.indexPath) = (ids[p].kind, ids[p].indexPath)
    return pose
  }

  package var itemCounts: [Int] { base.itemCounts }

  package func elementIDs(in rect: CGRect) -> [ElementID] {
    holdsAll ? ids : base.elementIDs(in: rect).filter { position[$0] == nil } + ids
  }

  /// The layout's elements in `rect` that are not in flight: the poses
  /// are visible at the start whatever the rect (``elementIDs(in:)``), so
  /// never candidates to cross the screen, the one use of this query.
  package func attributes(in rect: CGRect) -> [LayoutAttributes] {
    // Usually every element there is in flight (a retarget soon after the
    // start): Harmonic's layouts name their elements without building
    // attributes (256 B each), so the ids say so first. (A layout with the
    // default `elementIDs(in:)` builds them to name them: not asked twice.)
    if holdsAll || (base is GridLayout || base is LayoutSnapshot) && base.elementIDs(in: rect).allSatisfy({ position[$0] != nil }) { return [] }
    return base.attributes(in: rect).filter { position[$0.elementID] == nil }
  }

  package func attributes(in rect: CGRect, viewport: Viewport, at offset: CGPoint) -> [LayoutAttributes] {
    if holdsAll { return [] }
    return base.attributes(in: rect, viewport: viewport, at: offset).filter { position[$0.elementID] == nil }
  }

  // `if let`, not `position[element].map(pose)`: the method as a closure
  // copies this struct (a retain and release of each of its references)
  // per element.
  package func attributes(of element: ElementID) -> LayoutAttributes? {
    if let p = position[element] { return pose(p) }
    return base.attributes(of: element)
  }

  package func attributes(of element: ElementID, in viewport: Viewport, at offset: CGPoint) -> LayoutAttributes? {
    if let p = position[element] { return pose(p) }
    return base.attributes(of: element, in: viewport, at: offset)
  }
}

/// A layout with a decoration applied to every answer, for the given visible rect.
struct _DecoratedLayout<Base: CollectionLayout>: CollectionLayout {
  let base: Base
  let decoration: LayoutTransition.Decoration?
  let visibleRect: CGRect

  var contentSize: CGSize { base.contentSize }
  var itemCounts: [Int] { base.itemCounts }

  func _decorated(_ attributes: LayoutAttributes) -> LayoutAttributes {
    guard let decoration else { return attributes }
    var decorated = attributes
    decoration.apply(to: &decorated, visibleRect: visibleRect)
    return decorated
  }

  func attributes(in rect: CGRect) -> [LayoutAttributes] { base.attributes(in: rect).map(_decorated) }
  // Per element: `if let`, as in ``_InFlightLayout/attributes(of:)`` (a
  // method passed as a closure would copy this struct on every call).
  func attributes(of element: ElementID) -> LayoutAttributes? {
    guard let found = base.attributes(of: element) else { return nil }
    return _decorated(found)
  }
  func attributes(of element: ElementID, in viewport: Viewport, at offset: CGPoint) -> LayoutAttributes? {
    guard let found = base.attributes(of: element, in: viewport, at: offset) else { return nil }
    return _decorated(found)
  }
  func elementIDs(in rect: CGRect) -> [ElementID] { base.elementIDs(in: rect) }
}

/// Pose indices by element id: a cell's in a table by section and item
/// (the ids of a layout with known item counts), any other's in a
/// dictionary — one lookup per element and query, without hashing cells.
package struct _PoseIndex {
  /// Cell (section s, item i) at `cells[sectionStart[s] + i]` (−1: none):
  /// one flat array, so a lookup retains nothing.
  var cells: [Int]
  let sectionStart: [Int]
  var others: [ElementID: Int] = [:]

  init(itemCounts: [Int]) {
    var starts = [0]
    starts.reserveCapacity(itemCounts.count + 1)
    for count in itemCounts { starts.append(starts[starts.count - 1] + Swift.max(count, 0)) }
    (sectionStart, cells) = (starts, [Int](repeating: -1, count: starts[starts.count - 1]))
  }

  /// The flat index of a cell id within the item counts, or nil.
  @inline(__always)
  func _slot(_ id: ElementID) -> Int? {
    let (section, item) = (id.indexPath.section, id.indexPath.item)
    guard id.kind == .cell, section >= 0, section < sectionStart.count - 1, item >= 0, item < sectionStart[section + 1] - sectionStart[section]
    else { return nil }
    return sectionStart[section] + item
  }

  package subscript(id: ElementID) -> Int? {
    @inline(__always) get {
      guard let slot = _slot(id) else { return others[id] }
      let k = cells[slot]
      return k < 0 ? nil : k
    }
    set {
      if let slot = _slot(id) {
        cells[slot] = newValue ?? -1
      } else {
        others[id] = newValue
      }
    }
  }
}

/// A change's channel values and rates, element by element: a frame's
/// arrays, or — for a frame made without them — computed from the running
/// batch's columns and its groups' coefficients at the tick, with the
/// operations of ``SpringBatch/evaluate(at:into:backend:threads:)``'s
/// native path, so the same bits.
struct _ChangeChannels: Sendable {
  // Plain stored arrays, not an enum's payloads: reading one borrows it,
  // where matching a payload copies (and retains) it at every element.
  /// A frame's values and velocities (velocities possibly empty); empty
  /// when read from the batch.
  let values: [Double], rates: [Double]
  /// The batch's `[start | target | velocity | restoring]` columns (`m`
  /// elements each), five coefficients per group, and each item's group
  /// (empty: one group); empty when read from a frame's arrays.
  let columns: [Double], coefficients: [Double], groupOfItem: [Int32]
  let fromBatch: Bool
  let m: Int
  /// Items per channel.
  let items: Int
  let channelCount: Int

  /// A frame's arrays.
  init(values: [Double], rates: [Double], items: Int) {
    (self.values, self.rates, columns, coefficients, groupOfItem, fromBatch, m) = (values, rates, [], [], [], false, values.count)
    self.items = items
    channelCount = items > 0 ? values.count / items : 0
  }

  /// `batch` at `time`.
  init(_ batch: SpringBatch, at time: AnimationTime) {
    (values, rates, fromBatch, m) = ([], [], true, batch.elementCount)
    (columns, coefficients, groupOfItem) = (batch._columns, batch._groupCoefficients(at: time), batch._groupOfItem)
    (items, channelCount) = (batch.itemCount, batch.channelCount)
  }

  /// Whether rates are known (a frame made without velocities has none).
  var hasRates: Bool { fromBatch || !rates.isEmpty }

  /// The value of `channel` of `item`: `((0 + start·R) + target·P) + velocity·Ŝ`.
  @inline(__always)
  func value(channel: Int, item: Int) -> Double {
    let e = channel * items + item
    guard fromBatch else { return values[e] }
    let g = groupOfItem.isEmpty ? 0 : 5 * Int(groupOfItem[item])
    return _valueTerm(columns[e], columns[m + e], columns[2 * m + e], coefficients[g], coefficients[g + 1], coefficients[g + 2])
  }

  /// Adds the frame of each of `items`, in order, to `corridor`: its
  /// center and size from channels 0–3 (``value(channel:item:)``), as
  /// ``LayoutTransition/_Corridor/add(center:size:)`` takes them. One
  /// spring read from the batch (a retarget's usual case): its
  /// coefficients hoisted and the columns read through a buffer, the same
  /// bits.
  func widen(_ corridor: inout LayoutTransition._Corridor, byFramesOf items: [Int]) {
    func frame(_ value: (Int) -> Double) -> (CGPoint, CGSize) {
      (
        CGPoint(x: value(LayoutChannels.centerX), y: value(LayoutChannels.centerY)),
        CGSize(width: value(LayoutChannels.width), height: value(LayoutChannels.height))
      )
    }
    guard fromBatch, groupOfItem.isEmpty else {
      for k in items {
        let (center, size) = frame { value(channel: $0, item: k) }
        corridor.add(center: center, size: size)
      }
      return
    }
    let (r, p, s, m, n) = (coefficients[0], coefficients[1], coefficients[2], m, self.items)
    precondition(channelCount >= 4 && columns.count >= 3 * m, "_ChangeChannels.widen: a batch of layout channels")
    columns.withUnsafeBufferPointer { columns in
      let base = columns.baseAddress!
      for k in items {
        precondition(k >= 0 && k < n, "_ChangeChannels.widen: an item of the batch")
        let (center, size) = frame { channel in
          let e = channel &* n &+ k
          return _valueTerm(base[e], base[m &+ e], base[2 &* m &+ e], r, p, s)
        }
        corridor.add(center: center, size: size)
      }
    }
  }

  /// The rate of `channel` of `item`: `(0 + velocity·Ĉ) + restoring·(−Ŝ)`.
  @inline(__always)
  func rate(channel: Int, item: Int) -> Double {
    let e = channel * items + item
    guard fromBatch else { return rates[e] }
    let g = groupOfItem.isEmpty ? 0 : 5 * Int(groupOfItem[item])
    return _velocityTerm(columns[2 * m + e], columns[3 * m + e], coefficients[g + 3], coefficients[g + 4])
  }
}

extension LayoutTransition.Frame {
  /// This frame's channels (its arrays, or a change's batch reading), for
  /// a transition of `items` elements.
  func _channels(items: Int) -> _ChangeChannels {
    _change ?? _ChangeChannels(values: _values.values, rates: _values.velocities, items: items)
  }
}
