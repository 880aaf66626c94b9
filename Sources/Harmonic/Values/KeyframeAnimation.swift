/// A value animated through keyframes: each key is reached **exactly** at
/// its time, along a timing curve or a spring, and the velocity carries
/// through every key (C¹) unless the key says stop — the same bits at any
/// frame schedule. A ``Motion``: usable wherever one is (a ``ValueAnimator``
/// hand-off, a transition element's pose, an entrance).
///
/// Each segment runs from the previous key (or the start) to its key over
/// its ``Key/duration``. Its *shape* b(p), p the segment's time progress in
/// [0, 1], is the curve's: `x₀ + (x₁ − x₀)·curve(p)` for a
/// ``Curve/timing(_:)``, or the spring's closed-form motion from the
/// segment's start value and velocity towards the key for a
/// ``Curve/spring(_:)`` (which by itself would not arrive on time). The
/// segment is the shape plus cubic Hermite corrections that make it start
/// with the carried velocity and end exactly on the key:
///
///     x(p) = b(p) + (x₁ − b(1))·p²(3 − 2p) + (v₀·T − b′(0))·p(1 − p)² + (v₁·T − b′(1))·p²(p − 1)
///
/// T the segment's seconds, v₀ the velocity carried in, and v₁ the velocity
/// carried out: the shape's own, b′(1)/T, or 0 at a key that stops (the
/// last key always stops, so the end is C¹ too). So x(0) = x₀, x′(0) = v₀,
/// x(1) = x₁ and x′(1) = v₁, per component. At a key's tick the value is
/// exactly the key's value (not the sum rounded), and from the last key on
/// exactly the last value with velocity 0.
///
/// Durations are rounded to ticks once, at construction; p is a ratio of
/// integer tick counts. Cost: the segments and their corrections are made
/// once, at construction; a value or velocity is one segment lookup (binary
/// search over the keys) and one evaluation of its shape.
public struct KeyframeAnimation<Value: SpringAnimatable>: Sendable {
  /// How a segment moves towards its key.
  public enum Curve: Sendable, Hashable {
    /// A timing curve (``TimingCurve/linear``, a bezier, CSS `linear()`).
    case timing(TimingCurve)
    /// A spring's motion from the segment's start, bent to arrive on time.
    case spring(Spring)
  }

  /// One keyframe.
  public struct Key: Sendable {
    /// The value reached, exactly, at the end of this key's segment.
    public var value: Value
    /// The segment's length, seconds, within (0, 1e6].
    public var duration: Double
    /// How the segment moves.
    public var curve: Curve
    /// Arrive at rest (velocity 0) instead of carrying the velocity on.
    public var stops: Bool

    public init(_ value: Value, duration: Double, curve: Curve = .timing(.cubicBezier(.easeInOut)), stops: Bool = false) {
      (self.value, self.duration, self.curve, self.stops) = (value, duration, curve, stops)
    }
  }

  /// The tick the animation starts at, from its starting value.
  public let start: AnimationTime
  /// The value at the start.
  @usableFromInline package let startValue: Value
  /// The keys, in order.
  public let keys: [Key]
  /// Per key: its tick, and the components and velocity components
  /// (units per second) at it.
  @usableFromInline let _ticks: [AnimationTime]
  @usableFromInline let _values: [Value.SpringComponents]
  @usableFromInline let _velocities: [Value.SpringComponents]
  /// Per key, the segment that ends on it, its corrections fixed.
  @usableFromInline let _segments: [_Segment]
  @usableFromInline let _from: Value.SpringComponents
  @usableFromInline let _fromVelocity: Value.SpringComponents

  /// - Parameters:
  ///   - value: the value at `start`.
  ///   - velocity: its velocity there, units per second (nil: at rest).
  ///   - keys: at least one key.
  ///   - start: the starting tick.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `keys[i].duration` for a duration outside (0, 1e6] s or one
  ///   that ends past the clock's end, `keys[i].value component k` or
  ///   `value component k` for a non-finite or too large component, and
  ///   `keys.count` for no keys.
  public init(from value: Value, velocity: Value.SpringVelocity? = nil, keys: [Key], start: AnimationTime = .zero) throws(HarmonicError) {
    try _Check.count(keys.count, "keys.count", atLeast: 1)
    let count = ValueAnimation<Value>.count
    var x = value.springComponents, v = velocity.map(Value.springComponents(ofVelocity:)) ?? .zero
    for k in count..<Value.SpringComponents.scalarCount { (x[k], v[k]) = (0, 0) }
    for k in 0..<count {
      try _Check.finiteMagnitude(x[k], "value component \(k)", unit: "units")
      try _Check.finiteMagnitude(v[k], "velocity component \(k)", unit: "units/s")
    }
    (self.start, startValue, self.keys, _from, _fromVelocity) = (start, value, keys, x, v)
    var ticks: [AnimationTime] = [], values: [Value.SpringComponents] = [], velocities: [Value.SpringComponents] = []
    var segments: [_Segment] = []
    var (tick, x0, v0) = (start, x, v)
    for (i, key) in keys.enumerated() {
      try _Check.within(key.duration, "keys[\(i)].duration", .open(0), .closed(1e6), unit: "s")
      let length = try AnimationTime(seconds: key.duration)
      let (end, overflow) = tick.ticks.addingReportingOverflow(length.ticks)
      guard length.ticks > 0, !overflow else {
        throw .invalidParameter(
          name: "keys[\(i)].duration", value: key.duration, accepted: "at least one tick (1/705,600,000 s), ending before the clock's end")
      }
      var x1 = key.value.springComponents
      for k in count..<Value.SpringComponents.scalarCount { x1[k] = 0 }
      for k in 0..<count { try _Check.finiteMagnitude(x1[k], "keys[\(i)].value component \(k)", unit: "units") }
      var segment = try _Segment(curve: key.curve, from: x0, velocity: v0, to: x1, start: tick, end: AnimationTime(ticks: end))
      let v1 = key.stops || i == keys.count - 1 ? Value.SpringComponents.zero : segment.shapeSlope(1) / segment.seconds
      segment.arrive(with: v1)
      segments.append(segment)
      (tick, x0, v0) = (AnimationTime(ticks: end), x1, v1)
      ticks.append(tick)
      values.append(x1)
      velocities.append(v1)
    }
    (_ticks, _values, _velocities, _segments) = (ticks, values, velocities, segments)
  }

  /// The segment that holds `time` (start < time < its key's tick), or nil
  /// at or before the start and at or after a key's tick (the value is then exact).
  @inlinable
  func _segment(at time: AnimationTime) -> (index: Int, exact: Value.SpringComponents?) {
    if time <= start { return (-1, _from) }
    var (low, high) = (0, _ticks.count)
    while low < high {
      let middle = (low + high) / 2
      if _ticks[middle] < time { low = middle + 1 } else { high = middle }
    }
    if low == _ticks.count { return (_ticks.count - 1, _values[_ticks.count - 1]) }
    return (low, _ticks[low] == time ? _values[low] : nil)
  }

  /// The components and their rates at `time` (units, units per second).
  @inlinable
  public func components(at time: AnimationTime) -> (value: Value.SpringComponents, velocity: Value.SpringComponents) {
    let (i, exact) = _segment(at: time)
    if let exact {
      if i < 0 { return (exact, _fromVelocity) }
      return (exact, time >= _ticks[_ticks.count - 1] ? .zero : _velocities[i])
    }
    return _segments[i].state(at: time)
  }

  /// One segment: its shape and the Hermite corrections, fixed once
  /// (``arrive(with:)``) so that a read evaluates the shape at one time only.
  @usableFromInline
  struct _Segment: Sendable {
    @usableFromInline typealias C = Value.SpringComponents
    @usableFromInline let curve: Curve
    @usableFromInline let x0: C, v0: C, x1: C
    @usableFromInline let start: AnimationTime, end: AnimationTime
    @usableFromInline let seconds: Double
    @usableFromInline let spring: ValueAnimation<Value>?
    /// x₁ − b(1), v₀·T − b′(0) and v₁·T − b′(1): the corrections' weights.
    @usableFromInline var arrive = C.zero, launch = C.zero, land = C.zero

    init(curve: Curve, from x0: C, velocity v0: C, to x1: C, start: AnimationTime, end: AnimationTime) throws(HarmonicError) {
      (self.curve, self.x0, self.v0, self.x1, self.start, self.end) = (curve, x0, v0, x1, start, end)
      seconds = end._seconds(since: start)
      if case let .spring(s) = curve {
        spring = try ValueAnimation(_components: x0, velocity: v0, target: Value(springComponents: x1), spring: s, limits: .none, start: start)
      } else {
        spring = nil
      }
    }

    /// Time progress at `time`: a ratio of tick counts.
    @inlinable
    func progress(_ time: AnimationTime) -> Double { Double(time.ticks - start.ticks) / Double(end.ticks - start.ticks) }

    /// The shape's value at progress `p` (at `time`).
    @inlinable
    func shape(_ p: Double, _ time: AnimationTime) -> C {
      switch curve {
      case let .timing(timing): return x0 + (x1 - x0) * timing._value(atProgress: p)
      case .spring: return spring!.components(at: time).value
      }
    }

    /// The shape's slope with respect to p (units per unit of progress).
    @inlinable
    func shapeSlope(_ p: Double, _ time: AnimationTime? = nil) -> C {
      switch curve {
      case let .timing(timing):
        // TimingCurve's slope is 0 from progress 1 on: the end's slope is the
        // one just before it (a bezier's vertical tangent counts as 0, and so
        // does one steeper than TimingCurve._steepestRate per second, where
        // a bezier x control point of 1e-300 under a y of 1,000 made the
        // start correction, and the value, infinite).
        let slope = (x1 - x0) * (timing._slope(atProgress: Swift.min(p, 1 - 0x1p-52)) ?? 0)
        let steepest = TimingCurve._steepestRate * seconds
        for k in 0..<slope.scalarCount where !(slope[k].magnitude <= steepest) { return .zero }
        return slope
      case .spring: return spring!.components(at: time ?? (p >= 1 ? end : start)).velocity * seconds
      }
    }

    /// ``shape(_:_:)`` and ``shapeSlope(_:_:)`` at once: a spring's
    /// components evaluated once for both.
    @inlinable
    func shapeAndSlope(_ p: Double, _ time: AnimationTime) -> (value: C, slope: C) {
      guard let spring else { return (shape(p, time), shapeSlope(p, time)) }
      let state = spring.components(at: time)
      return (state.value, state.velocity * seconds)
    }

    /// Fixes the corrections for arriving on the key with velocity `v1`.
    mutating func arrive(with v1: C) {
      let (b1, s0, s1) = (shape(1, end), shapeSlope(0, start), shapeSlope(1, end))
      (arrive, launch, land) = (x1 - b1, v0 * seconds - s0, v1 * seconds - s1)
    }

    /// The corrected value and velocity at `time` inside the segment.
    @inlinable
    func state(at time: AnimationTime) -> (value: C, velocity: C) {
      let p = progress(time)
      let (b, bSlope) = shapeAndSlope(p, time)
      let q = 1 - p
      // Hermite bases and their derivatives in p.
      let (h, dh) = (p * p * (3 - 2 * p), 6 * p * q)
      let (g0, dg0) = (p * q * q, q * (1 - 3 * p))
      let (g1, dg1) = (p * p * (p - 1), p * (3 * p - 2))
      let value = ((b + arrive * h) + launch * g0) + land * g1
      let slope = ((bSlope + arrive * dh) + launch * dg0) + land * dg1
      return (value, slope / seconds)
    }
  }
}

extension KeyframeAnimation: Motion {
  @inlinable
  public func value(at time: AnimationTime) -> Value {
    let (i, exact) = _segment(at: time)
    if exact != nil { return i < 0 ? startValue : keys[i].value }
    return Value(springComponents: components(at: time).value)
  }

  /// The last key's value.
  public var endValue: Value { keys[keys.count - 1].value }

  /// The last key's tick, whatever the tolerance: from there on the value is
  /// exactly ``endValue``.
  public func endTick(within tolerance: SettleTolerance) -> AnimationTime? { _ticks[_ticks.count - 1] }

  /// The tick of key `i` (at which the value is exactly `keys[i].value`).
  public func tick(ofKey i: Int) -> AnimationTime? { _ticks.indices.contains(i) ? _ticks[i] : nil }
}
