/// What a value animation does at its limits, per component of the
/// value's ``SpringAnimatable/SpringComponents`` vector.
public struct ValueLimits<Components: SIMD & Sendable>: Sendable, Hashable where Components.Scalar == Double {
  /// Rebound's overshoot clamping: a component that reaches its target
  /// stops there (it does not pass it and swing back).
  public var clampsOvershoot: Bool
  /// androidx's min/max: a component that reaches a bound stops there. Per
  /// component (−∞ or +∞ for none); `nil` for no bound at all.
  public var minimum: Components?
  public var maximum: Components?

  public init(clampsOvershoot: Bool = false, minimum: Components? = nil, maximum: Components? = nil) {
    (self.clampsOvershoot, self.minimum, self.maximum) = (clampsOvershoot, minimum, maximum)
  }

  /// No clamping, no bounds.
  public static var none: ValueLimits { ValueLimits() }

  @inlinable var isActive: Bool { clampsOvershoot || minimum != nil || maximum != nil }

  /// Throws when a bound excludes `start` (its first `count` lanes).
  @usableFromInline
  func _check(_ start: Components, count: Int) throws(HarmonicError) {
    for k in 0..<count {
      if let low = minimum?[k] { try _Check.order(start[k], "value component \(k)", .atLeast, low, "the minimum") }
      if let high = maximum?[k] { try _Check.order(start[k], "value component \(k)", .atMost, high, "the maximum") }
    }
  }
}

/// A spring animation of any ``SpringAnimatable`` value on the integer
/// animation clock: value and velocity at a tick in closed form, retargets
/// and gesture hand-offs that keep every component C¹, exact settle ticks.
///
/// Every component springs with the same spring from its own start and
/// velocity (the same arithmetic as ``SpringMotion``, bit for bit per
/// component), so one evaluation costs one exp and one sincos however many
/// components there are; the rest is a few vector operations.
///
/// Velocities are the value's ``SpringAnimatable/SpringVelocity``: a
/// `CGPoint` for a point, a `CGRect` of component rates for a rect, the
/// vector for SIMD values, in units per second. Generic code reads the
/// component vectors with ``components(at:)``.
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
/// Cost: one spring basis (an exp and a sincos) per evaluation plus O(n)
/// vector arithmetic for n components; no allocation.
public struct ValueAnimation<Value: SpringAnimatable>: Sendable {
  /// The vector of the value's components.
  public typealias Components = Value.SpringComponents

  /// The spring of the current segment.
  @inlinable public var spring: Spring { _spring }
  /// The value the current segment heads for.
  @inlinable public var target: Value { _targetValue }
  /// The tick the current segment began at (a retarget starts a segment).
  @inlinable public var start: AnimationTime { _segmentStart }
  @usableFromInline var _spring: Spring
  @usableFromInline var _targetValue: Value
  @usableFromInline var _segmentStart: AnimationTime
  public let limits: ValueLimits<Components>
  /// The value the current segment starts from, as given (or as shown at a
  /// retarget's tick): ``value(at:)`` returns it while the components are
  /// exactly the start's, and ``target`` once they are exactly the
  /// target's, so that a type whose components do not map back exactly
  /// (a colour in linear light) starts and ends at its own values.
  @usableFromInline var _startValue: Value
  @usableFromInline var _start: Components
  @usableFromInline var _target: Components
  @usableFromInline var _velocity: Components
  /// The components at rest on their target from the segment's start: they
  /// stay exactly there.
  @usableFromInline var _resting: _SendableMask<Components.MaskStorage>
  /// The components that stop at a limit: per lane the tick from which it
  /// rests (`Int64.max`: it does not stop) and where, and whether any lane
  /// does or bounds are set (frames then hold every lane within them). Inline vectors, not an array, so that the animation is plain
  /// data: copying one (out of an array, into a closure) is a copy of its
  /// bytes, with no reference count and no generic value witness.
  @usableFromInline var _stopTicks: Components.MaskStorage
  @usableFromInline var _stopValues: Components
  @usableFromInline var _hasStops: Bool
  /// The spring basis (Ĉ, Ŝ, R, P) the last retarget evaluated, and at how
  /// many seconds into the segment it ended (NaN: none): a finger that
  /// retargets every frame at a steady rate asks the next frame at that
  /// same elapsed time of the same spring, and the basis — a function of
  /// the spring and the elapsed time alone — is reused, the same bits.
  @usableFromInline package var _memoElapsed: Double = .nan
  @usableFromInline var _memoBasis: (c: Double, s: Double, remaining: Double, step: Double) = (0, 0, 0, 0)

  /// Per lane, the tick from which it rests (`Int64.max`: never); for tests.
  package var _stopTick: [Int64] {
    var ticks = [Int64](repeating: .max, count: Components.scalarCount)
    for k in 0..<ValueAnimation.count where _resting[lane: k] { ticks[k] = start.ticks }
    for k in 0..<ValueAnimation.count where _stopTicks[k] != .max { ticks[k] = _stopTicks[k] }
    return ticks
  }

  /// - Parameters:
  ///   - value: the value at `start`.
  ///   - velocity: its rate, units per second (`nil`, the default: at rest).
  ///   - target: where the spring pulls it.
  ///   - spring: the spring.
  ///   - limits: overshoot clamping and bounds.
  ///   - start: the tick the animation starts at.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite or too large component (|x| ≤ 1e100), or a bound that
  ///   excludes the start value.
  public init(
    value: Value, velocity: Value.SpringVelocity? = nil, target: Value, spring: Spring, limits: ValueLimits<Components> = .none,
    start: AnimationTime = .zero
  ) throws(HarmonicError) {
    self._spring = spring
    self._targetValue = target
    self._startValue = value
    self._segmentStart = start
    self.limits = limits
    (_start, _target, _velocity, _resting) = (.zero, .zero, .zero, _SendableMask(.init(repeating: false)))
    (_stopTicks, _stopValues, _hasStops) = (Components.MaskStorage(repeating: .max), .zero, false)
    let rates = velocity.map(Value.springComponents(ofVelocity:)) ?? .zero
    try _begin(value.springComponents, rates, target.springComponents, at: start)
  }

  /// A hand-off from components (a decay's exact state): C¹ whatever the
  /// value type's initializer does with them.
  init(
    _components value: Components, velocity: Components, target: Value, spring: Spring, limits: ValueLimits<Components>, start: AnimationTime
  ) throws(HarmonicError) {
    (_spring, _targetValue, _startValue, _segmentStart, self.limits) = (spring, target, Value(springComponents: value), start, limits)
    (_start, _target, _velocity, _resting) = (.zero, .zero, .zero, _SendableMask(.init(repeating: false)))
    (_stopTicks, _stopValues, _hasStops) = (Components.MaskStorage(repeating: .max), .zero, false)
    try _begin(value, velocity, target.springComponents, at: start)
  }

  /// The lanes of ``Components`` the value uses.
  @inlinable static var count: Int { min(max(Value.springComponentCount, 1), Components.scalarCount) }

  /// Starts a segment at `time`. The common case — finite components, no
  /// limits — is inlined into the caller (so it is specialised for the
  /// value's vector and allocates nothing); errors and limits are out of line.
  /// Nothing changes when it throws: every check comes before the first write.
  @inlinable
  mutating func _begin(
    _ start: Components, _ velocity: Components, _ target: Components, at time: AnimationTime, spring: Spring? = nil
  ) throws(HarmonicError) {
    var (start, velocity, target) = (start, velocity, target)
    // Lanes past the value's count are not the value's: kept 0, so that
    // nothing given there (a NaN velocity, say) comes back out.
    let count = ValueAnimation.count
    if count < Components.scalarCount {
      for k in count..<Components.scalarCount { (start[k], velocity[k], target[k]) = (0, 0, 0) }
    }
    // |x| ≤ 1e100 for every component (NaN fails both comparisons).
    let high = Components(repeating: 1e100), low = Components(repeating: -1e100)
    let inRange = (start .<= high) .& (start .>= low) .& (velocity .<= high) .& (velocity .>= low) .& (target .<= high) .& (target .>= low)
    if !all(inRange) { try ValueAnimation._refuse(start, velocity, target) }
    if limits.isActive { try limits._check(start, count: count) }
    if let spring { _spring = spring }
    (_start, _velocity, _target, _segmentStart) = (start, velocity, target, time)
    _memoElapsed = .nan
    // A component at rest on its target stays there exactly (start·R +
    // target·P can be an ulp off the value when R + P rounds).
    _resting = _SendableMask((start .== target) .& (velocity .== 0))
    if _hasStops { (_stopTicks, _stopValues, _hasStops) = (Components.MaskStorage(repeating: .max), .zero, false) }
    if limits.isActive { _beginLimits() }
  }

  /// Throws for the first component out of range (names built only here).
  @usableFromInline
  static func _refuse(_ start: Components, _ velocity: Components, _ target: Components) throws(HarmonicError) {
    for k in 0..<count {
      try _Check.finiteMagnitude(start[k], "value component \(k)", unit: "units")
      try _Check.finiteMagnitude(velocity[k], "velocity component \(k)", unit: "units/s")
      try _Check.finiteMagnitude(target[k], "target component \(k)", unit: "units")
    }
  }

  /// The exact stops at limits.
  @usableFromInline
  mutating func _beginLimits() {
    let (start, velocity, target, time) = (_start, _velocity, _target, self.start)
    // With bounds, frames always go through the stops' path, which also
    // holds every component within the bounds: a crossing the search cannot
    // find (an extreme spring, fuzzer find) still never shows past a bound.
    if limits.minimum != nil || limits.maximum != nil { _hasStops = true }
    for k in 0..<ValueAnimation.count where !_resting[lane: k] {
      // Resting on a bound and heading past it (a retarget from a stop): it stays.
      if let low = limits.minimum?[k], start[k] == low, velocity[k] < 0 || (velocity[k] == 0 && target[k] < low) {
        _stop(k, at: time.ticks, on: low)
        continue
      }
      if let high = limits.maximum?[k], start[k] == high, velocity[k] > 0 || (velocity[k] == 0 && target[k] > high) {
        _stop(k, at: time.ticks, on: high)
        continue
      }
      var earliest: (seconds: Double, tick: Int64, value: Double)? = nil
      for (level, applies) in [
        (target[k], limits.clampsOvershoot && start[k] != target[k]),
        (limits.minimum?[k] ?? 0, limits.minimum != nil), (limits.maximum?[k] ?? 0, limits.maximum != nil),
      ] where applies {
        // The level reached first in time wins (two may share a tick).
        guard let seconds = _firstArrival(component: k, level: level), seconds < earliest?.seconds ?? .infinity,
          let tick = self.start._firstTick(afterSeconds: seconds)
        else { continue }
        earliest = (seconds, tick.ticks, level)
      }
      if let earliest { _stop(k, at: earliest.tick, on: earliest.value) }
    }
  }

  /// Component `k` rests on `value` from tick `tick` on.
  @usableFromInline
  mutating func _stop(_ k: Int, at tick: Int64, on value: Double) {
    (_stopTicks[k], _stopValues[k], _hasStops) = (tick, value, true)
  }

  /// Components' values and rates (units per second) at `time`; times
  /// before the segment's start give its start.
  @inlinable @inline(__always)
  public func components(at time: AnimationTime) -> (value: Components, velocity: Components) {
    _components(at: time, basis: _stepBasis(time._seconds(since: start)))
  }

  /// The spring's basis `t` seconds into the segment (the retarget's, when it is that time).
  @inlinable @inline(__always)
  func _stepBasis(_ t: Double) -> (c: Double, s: Double, remaining: Double, step: Double) {
    t == _memoElapsed ? _memoBasis : _spring._basis.stepBasis(t)
  }

  /// ``components(at:)`` from the basis at `time`.
  @inlinable @inline(__always)
  func _components(
    at time: AnimationTime, basis stepBasis: (c: Double, s: Double, remaining: Double, step: Double)
  ) -> (value: Components, velocity: Components) {
    let (c, s, remaining, step) = stepBasis
    // Per component exactly SpringMotion's arithmetic (see there).
    let restoring = _spring._basis.omegaSquared * (_start - _target) + _spring._basis.decayRate * _velocity
    var value = ((0 + _start * remaining) + _target * step) + _velocity * s
    var velocity = (0 + _velocity * c) + restoring * -s
    if any(_resting.mask) {
      value.replace(with: _target, where: _resting.mask)
      velocity.replace(with: 0, where: _resting.mask)
    }
    if _hasStops { _applyStops(at: time, &value, &velocity) }
    return (value, velocity)
  }

  /// Stopped components at their stop, and the bounds held whatever rounding
  /// does near a stop (a value a few ulps past a bound before its stop tick
  /// is held on the bound).
  @usableFromInline
  func _applyStops(at time: AnimationTime, _ value: inout Components, _ velocity: inout Components) {
    for k in 0..<ValueAnimation.count where _stopTicks[k] != .max && time.ticks >= _stopTicks[k] { (value[k], velocity[k]) = (_stopValues[k], 0) }
    if let low = limits.minimum {
      for k in 0..<ValueAnimation.count where value[k] < low[k] { (value[k], velocity[k]) = (low[k], 0) }
    }
    if let high = limits.maximum {
      for k in 0..<ValueAnimation.count where value[k] > high[k] { (value[k], velocity[k]) = (high[k], 0) }
    }
  }

  /// The value at `time`: exactly the start value at the segment's start,
  /// exactly ``target`` once every component has arrived, and the value of
  /// the spring's components in between.
  @inlinable @inline(__always)
  public func value(at time: AnimationTime) -> Value {
    // The value half of components(at:), the same operations (no rates formed).
    let (_, s, remaining, step) = _stepBasis(time._seconds(since: start))
    var value = ((0 + _start * remaining) + _target * step) + _velocity * s
    if any(_resting.mask) { value.replace(with: _target, where: _resting.mask) }
    if _hasStops { value = components(at: time).value }
    return _value(of: value)
  }

  /// The value and its velocity (units per second) at `time`, from one evaluation.
  @inlinable
  public func state(at time: AnimationTime) -> (value: Value, velocity: Value.SpringVelocity) {
    let (value, velocity) = components(at: time)
    return (_value(of: value), Value.springVelocity(ofComponents: velocity))
  }

  /// The value the current segment shows for `components`.
  @inlinable
  package func _value(of components: Components) -> Value {
    if components == _start { return _startValue }
    if components == _target { return target }
    return Value(springComponents: components)
  }

  /// The value's velocity at `time`, units per second.
  @inlinable
  public func velocity(at time: AnimationTime) -> Value.SpringVelocity { Value.springVelocity(ofComponents: components(at: time).velocity) }

  /// Heads for `target` from `time` on, keeping every component's value and
  /// velocity at `time` (C¹); optionally switches spring. A time before the
  /// segment's start is taken as that start.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   bad target (the animation is then unchanged).
  @inlinable
  public mutating func retarget(to target: Value, at time: AnimationTime, spring: Spring? = nil) throws(HarmonicError) {
    let now = max(time, start)
    let elapsed = now._seconds(since: start)
    let basis = _stepBasis(elapsed)
    let state = _components(at: now, basis: basis)
    let shown = _value(of: state.value)
    let sameSpring = spring.map { $0 == _spring } ?? true
    try _begin(state.value, state.velocity, target.springComponents, at: now, spring: spring)
    (_targetValue, _startValue) = (target, shown)
    if sameSpring { (_memoElapsed, _memoBasis) = (elapsed, basis) }
  }

  /// A gesture hand-off: from `value` moving at `velocity` (a finger's,
  /// units per second) towards `target`, from `time` on, optionally with
  /// another spring (one call: the hand-off and the spring change happen at
  /// the same tick). A time before the segment's start is taken as that start.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   non-finite components (the animation is then unchanged).
  @inlinable
  public mutating func reset(
    value: Value, velocity: Value.SpringVelocity, target: Value, at time: AnimationTime, spring: Spring? = nil
  ) throws(HarmonicError) {
    let rates = Value.springComponents(ofVelocity: velocity)
    try _begin(value.springComponents, rates, target.springComponents, at: max(time, start), spring: spring)
    (_targetValue, _startValue) = (target, value)
  }

  /// Where the animation ends: the target, or for a component that stops
  /// at a limit, that limit.
  public var endValue: Value {
    guard _hasStops else { return target }
    var end = _target
    for k in 0..<ValueAnimation.count where _stopTicks[k] != .max { end[k] = _stopValues[k] }
    return Value(springComponents: end)
  }

  /// The first tick from which every component stays within `tolerance` of
  /// its target (or rests at a limit). Nil if that never happens before the
  /// clock's end.
  ///
  /// - Complexity: one exact settle-time search per component.
  public func endTick(within tolerance: SettleTolerance) -> AnimationTime? {
    _endTick { _ in tolerance }
  }

  /// The first tick from which every component stays within its tolerance
  /// of the target (value, and velocity if given) — or rests at a limit.
  /// Nil if that never happens before the clock's end.
  ///
  /// - Parameters:
  ///   - valueTolerance: per component, units (> 0).
  ///   - velocityTolerance: per component, units/s; `.infinity` (the default) ignores velocity.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   tolerance that is not positive.
  public func endTick(
    valueTolerance: Components, velocityTolerance: Components = Components(repeating: .infinity)
  ) throws(HarmonicError)
    -> AnimationTime?
  {
    var tolerances: [SettleTolerance] = []
    for k in 0..<ValueAnimation.count { tolerances.append(try SettleTolerance(value: valueTolerance[k], velocity: velocityTolerance[k])) }
    return _endTick { tolerances[$0] }
  }

  func _endTick(_ toleranceOf: (Int) -> SettleTolerance) -> AnimationTime? {
    var latest = start
    for k in 0..<ValueAnimation.count {
      let tolerance = toleranceOf(k)
      let seconds = spring._settleTime(displacement: _start[k] - _target[k], velocity: _velocity[k], tolerance: tolerance)
      var tick = start._firstTick(afterSeconds: seconds)
      if _stopTicks[k] != .max, tick == nil || _stopTicks[k] < tick!.ticks { tick = AnimationTime(ticks: _stopTicks[k]) }
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
