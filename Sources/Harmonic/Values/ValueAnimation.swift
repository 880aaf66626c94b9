/// What a value animation does at its limits.
public struct ValueLimits: Sendable, Hashable {
  /// Rebound's overshoot clamping: a component that reaches its target
  /// stops there (it does not pass it and swing back).
  public var clampsOvershoot: Bool
  /// androidx's min/max: a component that reaches a bound stops there. Per
  /// component; `nil` for no bound.
  public var minimum: SIMD4<Double>?
  public var maximum: SIMD4<Double>?

  public init(clampsOvershoot: Bool = false, minimum: SIMD4<Double>? = nil, maximum: SIMD4<Double>? = nil) {
    (self.clampsOvershoot, self.minimum, self.maximum) = (clampsOvershoot, minimum, maximum)
  }

  public static let none = ValueLimits()
}

/// A spring animation of any ``SpringAnimatable`` value on the integer
/// animation clock: value and velocity at a tick in closed form, retargets
/// and gesture hand-offs that keep every component C¹, exact settle ticks.
///
/// Every component springs with the same spring from its own start and
/// velocity (the same arithmetic as ``SpringMotion``, bit for bit per
/// component), so one evaluation costs one exp and one sincos however many
/// components there are.
///
/// Time: a frame is a pure function of the tick. Events (``retarget(to:at:spring:)``,
/// ``reset(value:velocity:target:at:spring:)``) may arrive out of order or twice
/// (gesture events do): the motion does not go back in time — an event
/// stamped before the current segment's start is applied at that start
/// (it replaces the segment begun then), so frames already shown at or
/// after that start may change, never frames before it.
///
/// Limits (``ValueLimits``): a component that reaches its target (with
/// overshoot clamping) or a bound stops there, with velocity 0. The stop is
/// exact: the first crossing is found in closed form between consecutive
/// extrema (themselves closed-form) and pinned to the double by bisection,
/// and the component is at the limit from the first tick at or after it.
///
/// Cost: about one ``SpringAnimation`` evaluation per frame for up to four
/// components; no allocation.
public struct ValueAnimation<Value: SpringAnimatable>: Sendable {
  public private(set) var spring: Spring
  public private(set) var target: Value
  /// The tick the current segment began at.
  public private(set) var segmentStart: AnimationTime
  public let limits: ValueLimits
  /// The value the current segment starts from, as given (or as shown at a
  /// retarget's tick): ``value(at:)`` returns it while the components are
  /// exactly the start's, and ``target`` once they are exactly the
  /// target's, so that a type whose components do not map back exactly
  /// (a colour in linear light) starts and ends at its own values.
  var _startValue: Value
  var _start: SIMD4<Double>
  var _target: SIMD4<Double>
  var _velocity: SIMD4<Double>
  /// Per component: the tick from which it rests at `_stopValue` (Int64.max: never).
  var _stopTick: SIMD4<Int64>
  var _stopValue: SIMD4<Double>

  /// - Parameters:
  ///   - value: the value at `start`.
  ///   - velocity: its components' rates, per second (default at rest).
  ///   - target: where the spring pulls it.
  ///   - spring: the spring.
  ///   - limits: overshoot clamping and bounds.
  ///   - start: the tick the animation starts at.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite or too large component (|x| ≤ 1e100), or a bound that
  ///   excludes the start value.
  public init(
    value: Value, velocity: SIMD4<Double> = .zero, target: Value, spring: Spring, limits: ValueLimits = .none, start: AnimationTime = .zero
  ) throws(HarmonicError) {
    self.spring = spring
    self.target = target
    self._startValue = value
    self.segmentStart = start
    self.limits = limits
    (_start, _target, _velocity) = (.zero, .zero, .zero)
    (_stopTick, _stopValue) = (SIMD4(repeating: .max), .zero)
    try _begin(value.springComponents, velocity, target.springComponents, at: start)
  }

  static var count: Int { min(max(Value.springComponentCount, 1), 4) }

  mutating func _begin(_ start: SIMD4<Double>, _ velocity: SIMD4<Double>, _ target: SIMD4<Double>, at time: AnimationTime) throws(HarmonicError) {
    // Components past the value's count are not the value's: kept 0, so
    // that nothing given there (a NaN velocity, say) comes back out.
    let used = SIMD4<Int64>(0, 1, 2, 3) .< Int64(ValueAnimation.count)
    let start = SIMD4.zero.replacing(with: start, where: used)
    let velocity = SIMD4.zero.replacing(with: velocity, where: used)
    let target = SIMD4.zero.replacing(with: target, where: used)
    for k in 0..<ValueAnimation.count {
      // Names are built only for an error (interpolating them every call would cost more than the spring).
      if !(start[k].magnitude <= _Check.maximumMagnitude) { try _Check.finiteMagnitude(start[k], "value component \(k)", unit: "units") }
      if !(velocity[k].magnitude <= _Check.maximumMagnitude) { try _Check.finiteMagnitude(velocity[k], "velocity component \(k)", unit: "units/s") }
      if !(target[k].magnitude <= _Check.maximumMagnitude) { try _Check.finiteMagnitude(target[k], "target component \(k)", unit: "units") }
      if let low = limits.minimum?[k], !(start[k] >= low) {
        throw .invalidParameter(name: "value component \(k)", value: start[k], accepted: "≥ the minimum \(low)")
      }
      if let high = limits.maximum?[k], !(start[k] <= high) {
        throw .invalidParameter(name: "value component \(k)", value: start[k], accepted: "≤ the maximum \(high)")
      }
    }
    (_start, _velocity, _target, segmentStart) = (start, velocity, target, time)
    _stopTick = SIMD4(repeating: .max)
    _stopValue = .zero
    // A component at rest on its target stays there exactly (start·R +
    // target·P can be an ulp off the value when R + P rounds).
    for k in 0..<ValueAnimation.count where start[k] == target[k] && velocity[k] == 0 && start[k] != 0 {
      (_stopTick[k], _stopValue[k]) = (time.ticks, target[k])
    }
    guard limits.clampsOvershoot || limits.minimum != nil || limits.maximum != nil else { return }
    for k in 0..<ValueAnimation.count {
      // Resting on a bound and heading past it (a retarget from a stop): it stays.
      if let low = limits.minimum?[k], start[k] == low, velocity[k] < 0 || (velocity[k] == 0 && target[k] < low) {
        (_stopTick[k], _stopValue[k]) = (time.ticks, low)
        continue
      }
      if let high = limits.maximum?[k], start[k] == high, velocity[k] > 0 || (velocity[k] == 0 && target[k] > high) {
        (_stopTick[k], _stopValue[k]) = (time.ticks, high)
        continue
      }
      var earliest = Double.infinity
      for (level, applies) in [
        (target[k], limits.clampsOvershoot && start[k] != target[k]),
        (limits.minimum?[k] ?? 0, limits.minimum != nil), (limits.maximum?[k] ?? 0, limits.maximum != nil),
      ] where applies {
        // The level reached first in time wins (two may share a tick).
        guard let seconds = _firstArrival(component: k, level: level), seconds < earliest,
          let tick = segmentStart._firstTick(afterSeconds: seconds)
        else { continue }
        (earliest, _stopTick[k], _stopValue[k]) = (seconds, tick.ticks, level)
      }
    }
  }

  /// Components' values and rates at `time` (times before the segment's start give its start).
  public func components(at time: AnimationTime) -> (value: SIMD4<Double>, velocity: SIMD4<Double>) {
    let t = time._seconds(since: segmentStart)
    let basis = spring._basis
    let (c, s, remaining, step) = basis.stepBasis(t)
    // Per component exactly SpringMotion's arithmetic (see there).
    let restoring = basis.omegaSquared * (_start - _target) + basis.decayRate * _velocity
    var value = ((0 + _start * remaining) + _target * step) + _velocity * s
    var velocity = (0 + _velocity * c) + restoring * -s
    if _stopTick != SIMD4(repeating: .max) {
      for k in 0..<4 where time.ticks >= _stopTick[k] { (value[k], velocity[k]) = (_stopValue[k], 0) }
    }
    // The bounds hold whatever rounding does near a stop: a value a few ulps
    // past a bound before its stop tick is held on the bound.
    if let low = limits.minimum {
      for k in 0..<ValueAnimation.count where value[k] < low[k] { (value[k], velocity[k]) = (low[k], 0) }
    }
    if let high = limits.maximum {
      for k in 0..<ValueAnimation.count where value[k] > high[k] { (value[k], velocity[k]) = (high[k], 0) }
    }
    return (value, velocity)
  }

  /// The value at `time`: exactly the start value at the segment's start,
  /// exactly ``target`` once every component has arrived, and the value of
  /// the spring's components in between.
  public func value(at time: AnimationTime) -> Value { _value(of: components(at: time).value) }

  /// The value the current segment shows for `components`.
  func _value(of components: SIMD4<Double>) -> Value {
    if components == _start { return _startValue }
    if components == _target { return target }
    return Value(springComponents: components)
  }

  /// The components' rates at `time`, units per second.
  public func velocity(at time: AnimationTime) -> SIMD4<Double> { components(at: time).velocity }

  /// Heads for `target` from `time` on, keeping every component's value and
  /// velocity at `time` (C¹); optionally switches spring. A time before the
  /// segment's start is taken as that start.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   bad target (the animation is then unchanged).
  public mutating func retarget(to target: Value, at time: AnimationTime, spring: Spring? = nil) throws(HarmonicError) {
    let now = max(time, segmentStart)
    let state = components(at: now)
    var next = self
    if let spring { next.spring = spring }
    try next._begin(state.value, state.velocity, target.springComponents, at: now)
    next.target = target
    next._startValue = _value(of: state.value)
    self = next
  }

  /// A gesture hand-off: from `value` moving at `velocity` (a finger's)
  /// towards `target`, from `time` on, optionally with another spring (one
  /// call: the hand-off and the spring change happen at the same tick). A
  /// time before the segment's start is taken as that start.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   non-finite components (the animation is then unchanged).
  public mutating func reset(value: Value, velocity: SIMD4<Double>, target: Value, at time: AnimationTime, spring: Spring? = nil) throws(HarmonicError) {
    var next = self
    if let spring { next.spring = spring }
    try next._begin(value.springComponents, velocity, target.springComponents, at: max(time, segmentStart))
    next.target = target
    next._startValue = value
    self = next
  }

  /// The first tick from which every component stays within its tolerance
  /// of the target (value, and velocity if given) — or rests at a limit.
  /// Nil if that never happens before the clock's end.
  ///
  /// - Parameters:
  ///   - valueTolerance: per component, units (> 0).
  ///   - velocityTolerance: per component, units/s; `.infinity` ignores velocity.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   tolerance that is not positive.
  public func settleTick(valueTolerance: SIMD4<Double>, velocityTolerance: SIMD4<Double> = SIMD4(repeating: .infinity)) throws(HarmonicError) -> AnimationTime?
  {
    var latest = segmentStart
    for k in 0..<ValueAnimation.count {
      let tolerance = try SettleTolerance(value: valueTolerance[k], velocity: velocityTolerance[k])
      let seconds = spring._settleTime(displacement: _start[k] - _target[k], velocity: _velocity[k], tolerance: tolerance)
      var tick = segmentStart._firstTick(afterSeconds: seconds)
      if _stopTick[k] != .max, tick == nil || _stopTick[k] < tick!.ticks { tick = AnimationTime(ticks: _stopTick[k]) }
      guard let tick else { return nil }
      latest = max(latest, tick)
    }
    return latest
  }

  /// Seconds after the segment start at which component `k` first reaches
  /// `level` (coming from its start side), or nil if it never does.
  func _firstArrival(component k: Int, level: Double) -> Double? {
    let (u0, v0) = (_start[k] - _target[k], _velocity[k])
    let (start, target) = (_start[k], _target[k])
    let gap = level - target  // the level, relative to the target (for the envelope test)
    // Starting on the level, the side is the one the motion leaves towards
    // (its velocity, else its acceleration, which points at the target).
    let leaving = v0 != 0 ? v0 : target - start
    if start == level && leaving == 0 { return nil }
    let side = start != level ? (start - level).sign : leaving.sign
    let basis = spring._basis
    // The value as `components(at:)` computes it, against the level: in
    // absolute terms, so a target far beyond a near bound loses nothing.
    func beyond(_ t: Double) -> Bool {
      let (_, s, remaining, step) = basis.stepBasis(t)
      let d = (((0 + start * remaining) + target * step) + v0 * s) - level
      return d == 0 || d.sign != side
    }
    // Ends of the monotone pieces: the velocity's zeros (closed form), then far away.
    var ends: [Double] = []
    let a = basis.decayRate, w0 = basis.omegaSquared
    if basis.isOscillating {
      let omega = basis.rootDiscriminant
      let b = (w0 * u0 + a * v0) / omega
      var theta = _Math.atan2(v0, b)
      if theta <= 0 { theta += Double.pi }
      // The envelope bounds |displacement|: stop once it cannot reach the level.
      let amplitude = _Math.hypot(u0, (a * u0 + v0) / omega)
      var j = 0.0
      while ends.count < 10_000 {
        let t = (theta + j * Double.pi) / omega
        ends.append(t)
        if amplitude * _Math.exp(-a * t) < gap.magnitude || !t.isFinite { break }
        j += 1
      }
    } else {
      let s = basis.slowRate, f = a + basis.rootDiscriminant
      let denominator = s * (v0 + f * u0)
      if denominator != 0 {
        let x = (f - s) * v0 / denominator
        let t = f - s > 0 ? _Math.log1p(x) / (f - s) : v0 / denominator
        if t > 0, t.isFinite { ends.append(t) }
      }
      var far = max(ends.last ?? 0, 1 / max(s, 1e-300))
      for _ in 0..<64 where !beyond(far) { far *= 2 }
      ends.append(far)
    }
    var low = 0.0
    for end in ends {
      if beyond(end) {
        var high = end
        for _ in 0..<200 {
          let middle = low + (high - low) / 2
          if middle <= low || middle >= high { break }
          if beyond(middle) { high = middle } else { low = middle }
        }
        return high
      }
      low = end
    }
    return nil
  }
}
