extension LayoutTransition {
  /// Progress beyond [0, 1] rubber-banded (c = 0.55 in progress units, so
  /// it never passes −1 or 2), with its slope d(banded)/dp.
  public static func rubberBanded(_ p: Double) -> (value: Double, slope: Double) {
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

  /// The pose of an interactive scrub at progress `p` (0 = start, 1 = end;
  /// beyond, extrapolated or rubber-banded): every channel and the content
  /// offset and size interpolated linearly. Reversible: a pure function of p.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite progress or a frame of another segment.
  public func scrub(progress p: Double, rubberBand: Bool = false, into frame: inout LayoutTransition.Frame) throws(HarmonicError) {
    guard p.isFinite, p.magnitude <= 1e6 else {
      throw .invalidParameter(name: "progress", value: p, accepted: "finite, magnitude ≤ 1e6")
    }
    guard frame.attributes.count == indexPaths.count else {
      throw .invalidParameter(name: "frame.attributes.count", value: Double(frame.attributes.count), accepted: "\(indexPaths.count)")
    }
    let q = rubberBand ? LayoutTransition.rubberBanded(p).value : p
    try _pose().interpolate(progress: q, into: &frame._values.values)
    if frame.isComplete { frame.attributes = _inFlight() }
    try LayoutChannels.apply(frame._values.values, to: &frame.attributes)
    frame.progress = q
    (frame.contentOffset, frame.contentSize) = _offsetAndSize(atProgress: q)
    frame.isComplete = false
    frame.time = nil
  }

  func _pose() throws(HarmonicError) -> PosePair {
    try PosePair(from: LayoutChannels.values(of: startAttributes, include3D: include3D),
                 to: LayoutChannels.values(of: endAttributes, include3D: include3D))
  }

  /// Lets go of a scrub at progress `p` moving at `velocity` (progress per
  /// second) and springs to the end: every element starts exactly where the
  /// scrub had it, with the scrub's velocity (no jump in position or
  /// velocity), and so does the content offset. Nothing forces an overshoot:
  /// with the default critically damped spring, items overshoot only if the
  /// gesture's own momentum carries them.
  public func finish(
    fromProgress p: Double, velocity: Double, at time: AnimationTime, rubberBand: Bool = false,
    springs: TransitionSprings = .shared(.smooth)
  ) throws(HarmonicError) -> LayoutTransition {
    try _release(p, velocity, time, rubberBand, springs, towardsEnd: true)
  }

  /// Lets go of a scrub and springs back to the start, handing over position
  /// and velocity the same way as ``finish(fromProgress:velocity:at:rubberBand:springs:)``.
  public func cancel(
    fromProgress p: Double, velocity: Double, at time: AnimationTime, rubberBand: Bool = false,
    springs: TransitionSprings = .shared(.smooth)
  ) throws(HarmonicError) -> LayoutTransition {
    try _release(p, velocity, time, rubberBand, springs, towardsEnd: false)
  }

  func _release(
    _ p: Double, _ velocity: Double, _ time: AnimationTime, _ rubberBand: Bool, _ springs: TransitionSprings, towardsEnd: Bool
  ) throws(HarmonicError) -> LayoutTransition {
    guard p.isFinite, p.magnitude <= 1e6 else {
      throw .invalidParameter(name: "progress", value: p, accepted: "finite, magnitude ≤ 1e6")
    }
    guard velocity.isFinite, velocity.magnitude <= 1e6 else {
      throw .invalidParameter(name: "velocity", value: velocity, accepted: "finite, magnitude ≤ 1e6 (progress per second)")
    }
    let (q, slope) = rubberBand ? LayoutTransition.rubberBanded(p) : (p, 1)
    let rate = velocity * slope
    let from = LayoutChannels.values(of: startAttributes, include3D: include3D)
    let to = LayoutChannels.values(of: endAttributes, include3D: include3D)
    var pose = [Double](repeating: 0, count: from.count)
    try PosePair(from: from, to: to).interpolate(progress: q, into: &pose)
    let velocities = (0..<from.count).map { rate * (to[$0] - from[$0]) }
    let (offset, size) = _offsetAndSize(atProgress: q)
    let offsetVelocity = CGPoint(x: rate * (Double(endOffset.x) - Double(startOffset.x)), y: rate * (Double(endOffset.y) - Double(startOffset.y)))
    return try LayoutTransition(
      segment: indexPaths, identities: _inFlight(), startValues: pose, velocities: velocities,
      ends: towardsEnd ? endAttributes : startAttributes, startOffset: offset, endOffset: towardsEnd ? endOffset : startOffset,
      startContentSize: size, endContentSize: towardsEnd ? endContentSize : startContentSize, offsetVelocity: offsetVelocity,
      springs: springs, include3D: include3D, tolerances: tolerances, target: target, origin: time)
  }

  /// Interrupts the transition at `time` and heads for `layout` at `offset`
  /// (a third layout, or the first one to reverse), keeping every item's
  /// position and velocity (C¹) and the content offset's position and its
  /// velocity along the new path. Items newly visible at the end start from
  /// their place in the current target layout, at rest.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   an animated item is missing from `layout`, or for a time before the
  ///   segment's start.
  public mutating func retarget(
    to layout: GridLayout, offset: CGPoint, viewport: Viewport, at time: AnimationTime, springs: TransitionSprings = .shared(.smooth)
  ) throws(HarmonicError) {
    guard time >= batch.origin else {
      throw .invalidParameter(name: "time", value: Double(time.ticks), accepted: "≥ the segment start, tick \(batch.origin.ticks)")
    }
    try LayoutTransition._checkOffset(offset, "offset")
    var now = makeFrame()
    try frame(at: time, into: &now)
    var values = batch.makeFrame(velocities: true)
    try batch.evaluate(at: time, into: &values)
    let complete = time >= completion
    let channels = include3D ? LayoutChannels.count3D : LayoutChannels.count2D
    let newVisible = layout.visibleIndexPaths(in: viewport.visibleRect(at: offset))
    let paths = Array(Set(indexPaths).union(newVisible)).sorted()
    var position: [ItemIndexPath: Int] = [:]
    for (k, indexPath) in indexPaths.enumerated() { position[indexPath] = k }
    var identities: [LayoutAttributes] = [], ends: [LayoutAttributes] = []
    var start = [Double](repeating: 0, count: paths.count * channels)
    var velocity = [Double](repeating: 0, count: paths.count * channels)
    for (k, indexPath) in paths.enumerated() {
      guard layout.contains(indexPath) else {
        throw .invalidParameter(name: "index path \(indexPath)", value: Double(indexPath.item), accepted: "present in the new layout")
      }
      ends.append(try layout.attributes(of: indexPath))
      if let old = position[indexPath] {
        identities.append(now.attributes[old])
        let current = complete ? LayoutChannels.values(of: [endAttributes[old]], include3D: include3D) : nil
        for channel in 0..<channels {
          start[channel * paths.count + k] = current?[channel] ?? values.values[channel * indexPaths.count + old]
          velocity[channel * paths.count + k] = complete ? 0 : values.velocities[channel * indexPaths.count + old]
        }
      } else {
        guard target.contains(indexPath) else {
          throw .invalidParameter(name: "index path \(indexPath)", value: Double(indexPath.item), accepted: "present in the current target layout")
        }
        let here = try target.attributes(of: indexPath)
        identities.append(here)
        let channelValues = LayoutChannels.values(of: [here], include3D: include3D)
        for channel in 0..<channels { start[channel * paths.count + k] = channelValues[channel] }
      }
    }
    self = try LayoutTransition(
      segment: paths, identities: identities, startValues: start, velocities: velocity, ends: ends,
      startOffset: now.contentOffset, endOffset: offset, startContentSize: now.contentSize, endContentSize: layout.contentSize,
      offsetVelocity: contentOffsetVelocity(at: time), springs: springs, include3D: include3D, tolerances: tolerances,
      target: layout, origin: time)
  }
}
