extension LayoutTransition {
  /// Progress beyond [0, 1] rubber-banded (c = 0.55 in progress units, so
  /// it never passes −1 or 2), with its slope d(banded)/dp.
  package static func rubberBanded(_ p: Double) -> (value: Double, slope: Double) {
    // The rubber band over a "viewport" of one whole transition.
    if p > 1 {
      let band = RubberBand._offsetAndSlope(overscroll: p - 1, dimension: 1, coefficient: RubberBand.defaultCoefficient)
      return (1 + band.offset, band.slope)
    }
    if p < 0 {
      let band = RubberBand._offsetAndSlope(overscroll: p, dimension: 1, coefficient: RubberBand.defaultCoefficient)
      return (band.offset, band.slope)
    }
    return (p, 1)
  }

  /// The inverse of ``rubberBanded(_:)``: the gesture progress whose
  /// rubber-banded value is `value`, for grabbing a transition again while
  /// it springs back from past its end (the gesture takes over at the
  /// progress that shows the current pose, so nothing jumps).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   a value outside (−1, 2), which the band never reaches, or not finite.
  package static func progress(fromRubberBanded value: Double) throws(HarmonicError) -> Double {
    try _Check.within(value, "value", .open(-1), .open(2), unit: "rubber-banded progress")
    if value > 1 { return 1 + RubberBand._overscroll(offset: value - 1, dimension: 1, coefficient: RubberBand.defaultCoefficient) }
    if value < 0 { return -RubberBand._overscroll(offset: -value, dimension: 1, coefficient: RubberBand.defaultCoefficient) }
    return value
  }

  /// The pose of an interactive scrub at progress `p` (0 = start, 1 = end;
  /// beyond, extrapolated or rubber-banded): every channel and the content
  /// offset and size interpolated linearly. Reversible: a pure function of p.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite progress or a frame of another segment.
  public func scrub(progress p: Double, rubberBand: Bool = false, into frame: inout LayoutTransition.Frame) throws(HarmonicError) {
    try _Check.factor(p, "progress", unit: "progress")
    try _checkShape(of: frame)
    let q = rubberBand ? LayoutTransition.rubberBanded(p).value : p
    _writePose(progress: q, into: &frame._values.values)
    frame._zeroVelocities()
    if frame._writesAttributes {
      if frame.hasEnded { _restoreInFlight(&frame.attributes) }
      try LayoutChannels.apply(frame._values.values, to: &frame.attributes, transforms: transforms)
    }
    (frame.progress, frame.overallProgress, frame.contentOffset, frame.contentSize) = _state(atProgress: q)
    frame.hasEnded = false
    frame.time = nil
  }

  /// The linear pose at progress `q` between the segment's start and end
  /// channel values (rotations aligned when decomposed) — PosePair's native
  /// arithmetic, read straight from the batch's start and target columns, so
  /// a scrubbed frame copies no poses. `output` holds N·C values.
  func _writePose(progress q: Double, into output: inout [Double]) {
    let n = batch.elementCount
    batch._columns.withUnsafeBufferPointer { columns in
      output.withUnsafeMutableBufferPointer { out in
        // A channel whose ends are equal stays exactly there (`_interpolate`).
        for e in 0..<n { out[e] = _interpolate(columns[e], columns[n + e], q) }
      }
    }
  }

  /// Lets go of a scrub at progress `p` moving at `velocity` (progress per
  /// second) and springs to the end: every element starts exactly where the
  /// scrub had it, with the scrub's velocity (no jump in position or
  /// velocity), and so does the content offset. Nothing forces an overshoot:
  /// with the default critically damped spring, items overshoot only if the
  /// gesture's own momentum carries them.
  ///
  /// A progress outside [0, 1] without `rubberBand` is taken as it is: the
  /// pose, the content offset and the velocities extrapolate linearly from
  /// the two ends (progress 1e6 puts every element a million travels past
  /// its end); pass `rubberBand: true` for a gesture's raw progress.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   progress beyond ±1e6, a velocity beyond ±100 per second (a whole
  ///   transition in 10 ms), or an extrapolated pose whose values
  ///   leave the range a transition accepts.
  public func finish(
    fromProgress p: Double, velocity: Double, at time: AnimationTime, rubberBand: Bool = false,
    springs: LayoutTransition.Springs = .shared(.smooth)
  ) throws(HarmonicError) -> LayoutTransition {
    try _release(p, velocity, time, rubberBand, springs, towardsEnd: true)
  }

  /// Lets go of a scrub and springs back to the start, handing over position
  /// and velocity the same way as ``finish(fromProgress:velocity:at:rubberBand:springs:)``
  /// (a progress outside [0, 1] is treated as there).
  ///
  /// - Throws: as ``finish(fromProgress:velocity:at:rubberBand:springs:)``.
  public func cancel(
    fromProgress p: Double, velocity: Double, at time: AnimationTime, rubberBand: Bool = false,
    springs: LayoutTransition.Springs = .shared(.smooth)
  ) throws(HarmonicError) -> LayoutTransition {
    try _release(p, velocity, time, rubberBand, springs, towardsEnd: false)
  }

  func _release(
    _ p: Double, _ velocity: Double, _ time: AnimationTime, _ rubberBand: Bool, _ springs: LayoutTransition.Springs, towardsEnd: Bool
  ) throws(HarmonicError) -> LayoutTransition {
    try _Check.factor(p, "progress", unit: "progress")
    try _Check.magnitude(velocity, "velocity", atMost: _Check.maximumProgressRate, unit: "progress per second")
    let (q, slope) = rubberBand ? LayoutTransition.rubberBanded(p) : (p, 1)
    let rate = velocity * slope
    let count = batch.elementCount
    let columns = batch._columns
    var pose = [Double](repeating: 0, count: count)
    _writePose(progress: q, into: &pose)
    let velocities = (0..<count).map { rate * (columns[count + $0] - columns[$0]) }
    let (offset, size) = _offsetAndSize(atProgress: q)
    let offsetVelocity = CGPoint(x: rate * (Double(endOffset.x) - Double(startOffset.x)), y: rate * (Double(endOffset.y) - Double(startOffset.y)))
    // Every element is at start + (end − start)·(q + (goal − q)·p̄) with
    // p̄ = P + ρ·Ŝ when ρ = ṗ/(goal − q): the overall progress formula.
    let goal = towardsEnd ? 1.0 : 0.0
    let progressRate = goal - q != 0 ? rate / (goal - q) : 0
    let (b, g) = overallProgressRange
    let released = b + (g - b) * q
    var segment = try LayoutTransition(
      segment: elements, include3D: include3D, transforms: transforms, tolerances: tolerances, decoration: decoration, identities: _inFlight(),
      startValues: pose, velocities: velocities,
      ends: towardsEnd ? endAttributes : startAttributes, startOffset: offset, endOffset: towardsEnd ? endOffset : startOffset,
      startContentSize: size, endContentSize: towardsEnd ? endContentSize : startContentSize, offsetVelocity: offsetVelocity,
      progressVelocity: progressRate.isFinite && progressRate.magnitude <= 1e100 ? progressRate : 0, springs: springs,
      target: towardsEnd ? target : LayoutSnapshot._unchecked(startAttributes, contentSize: startContentSize),
      overallProgressRange: (released, towardsEnd ? g : b), origin: time)
    // Released at its goal: the range and the offsets have no length, and
    // the average progress no rate to carry. The velocity alone moves every
    // element, along the path by rate·Ŝ: so do the overall progress and
    // the offset (a touch grabs the pose there; the offset stays C¹).
    if goal == q, rate != 0 { segment._addImpulse(overall: (g - b) * rate, offset: offsetVelocity) }
    return segment
  }

  /// Moves the overall progress and the content offset by these
  /// velocities (per second) times Ŝ̄, the batch's mean impulse response:
  /// a swing that starts and ends where the segment does
  /// (``_releaseImpulse``). Its end waits for the swing too: from it on,
  /// the offset is within `points` (default the point tolerance) of where
  /// it rests and the overall progress within the progress tolerance, so
  /// the last frame steps no further. A segment whose average progress
  /// also travels (a change in flight) gives the swing 0.005 pt: the two
  /// steps at completion add up.
  mutating func _addImpulse(overall: Double, offset: CGPoint, points: Double? = nil) {
    _releaseImpulse = (overall, offset)
    let offsetRate = max(Double(offset.x).magnitude, Double(offset.y).magnitude)
    let band = min((points ?? tolerances.points) / offsetRate, SpringBatch.defaultProgressTolerance / overall.magnitude)
    if band.isFinite, band > 0 {
      let (elementsEnd, batch) = (_completion, self.batch)
      _completion = _Deferred { max(elementsEnd.resolved, batch._impulseEnd(within: band)) }
    }
  }

  /// Interrupts the transition at `time` and heads for `layout` at `offset`
  /// (a third layout, or the first one to reverse), through the same setup
  /// as ``init(continuing:at:to:offset:viewport:endViewport:update:appearance:decoration:springs:tolerances:)``:
  /// every element in flight keeps its position and the velocity of every
  /// channel exactly (C¹), the content offset its position and its velocity
  /// along the new path. Elements are paired by id (kind + index path) with
  /// `layout`; elements newly visible at the end, or crossing the screen on
  /// the way, start from their place in the current target layout, at rest.
  /// Unlike that initializer, the elements this transition was already
  /// animating away stay in it, heading for their disappearing pose. The
  /// decoration, if any, is applied to the new end. The overall progress goes
  /// on from its value at `time` towards 1.
  ///
  /// The elements that continue and those the new end brings in animate
  /// exactly as in a transition started from the in-flight pose with those
  /// velocities; the leaving ones take part in the average progress.
  ///
  /// - Parameters:
  ///   - layout: the new target layout, with the item counts of the current
  ///     target (for a batch update in flight, use the initializer).
  ///   - offset: its content offset at the end, points.
  ///   - viewport: the viewport at the end.
  ///   - time: the tick of the interruption (≥ the segment's start).
  ///   - springs: the springs of the new segment.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   `layout`'s item counts differ from the current target's (the
  ///   message names the cell in one layout only), or for a time before
  ///   the segment's start or a bad offset; the transition is then unchanged.
  /// - Complexity: the setup of a transition.
  package mutating func retarget(
    to layout: some CollectionLayout, offset: CGPoint, viewport: Viewport, at time: AnimationTime, springs: LayoutTransition.Springs = .shared(.smooth)
  ) throws(HarmonicError) {
    try _Check.notBefore(time.ticks, start: batch.start.ticks, of: "the segment start")
    try LayoutTransition._checkOffset(offset, "offset")
    let now = try _frameForChange(at: time, attributes: false)
    self = try LayoutTransition._continuing(
      self, pose: now, atRest: false, offsetVelocity: _progressOffsetVelocity(at: time), at: time,
      to: _Change(layout: layout, offset: offset, viewport: viewport, endViewport: nil, update: LayoutUpdate(), appearance: .fade),
      decoration: decoration, springs: springs, tolerances: tolerances, keepingLeaving: true)
  }
}
