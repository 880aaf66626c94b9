/// Momentum without a target: every component of a value decelerates as a
/// scroll view's content does — its velocity multiplied by its
/// ``decelerationRate`` every millisecond — so a thrown card, a flung sheet or a panned map glides to a
/// stop at an exactly known place.
///
/// Per component, with λ = 1000·ln(decelerationRate) per second,
///
///     v(t) = v₀·e^(λt),   x(t) = x₀ + v₀·(e^(λt) − 1)/λ,   rest x₀ − v₀/λ
///
/// evaluated with the same operations as ``ScrollDeceleration`` (bit for bit
/// per component), the factor `expm1(λt)/λ` once per evaluation whatever the
/// dimension. Time is the integer tick, so a frame is a pure function of the
/// tick: 30, 60, 120 or 144 Hz and dropped frames show the same value at the
/// same tick.
///
/// At a bound the decay hands its exact state over to a spring
/// (``contactTick(minimum:maximum:)``, ``handOff(to:with:at:)``):
/// the value and velocity are continuous there (C¹).
///
/// Cost: one `expm1` per evaluation plus O(n) vector arithmetic; no allocation.
public struct ValueDecay<Value: SpringAnimatable>: Sendable {
  /// The vector of the value's components.
  public typealias Components = Value.SpringComponents

  /// The velocity factor per millisecond, in (0, 1).
  public let decelerationRate: Double
  /// The tick the decay starts at.
  public let start: AnimationTime
  /// 1000·ln(decelerationRate), per second (negative).
  @usableFromInline package let decayConstant: Double
  @usableFromInline let _start: Components
  @usableFromInline let _velocity: Components
  @usableFromInline let _startValue: Value

  /// - Parameters:
  ///   - value: the value at `start`.
  ///   - velocity: units per second (a gesture's release velocity).
  ///   - decelerationRate: the velocity factor per millisecond, in (0, 1); default
  ///     0.998, UIKit's normal (``ScrollDeceleration/normal``), or
  ///     ``ScrollDeceleration/fast``.
  ///   - start: the tick the decay starts at.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   deceleration rate outside (0, 1), or a non-finite or too large component (|x| ≤ 1e100).
  public init(
    value: Value, velocity: Value.SpringVelocity, decelerationRate: Double = ScrollDeceleration.normal, start: AnimationTime = .zero
  )
    throws(HarmonicError)
  {
    try _Check.within(decelerationRate, "decelerationRate", .open(0), .open(1), unit: "velocity factor per millisecond")
    var (x, v) = (value.springComponents, Value.springComponents(ofVelocity: velocity))
    let count = ValueAnimation<Value>.count
    for k in count..<Components.scalarCount { (x[k], v[k]) = (0, 0) }
    for k in 0..<count {
      try _Check.finiteMagnitude(x[k], "value component \(k)", unit: "units")
      try _Check.finiteMagnitude(v[k], "velocity component \(k)", unit: "units/s")
    }
    (self.decelerationRate, self.start, _start, _velocity, _startValue) = (decelerationRate, start, x, v, value)
    decayConstant = 1000 * _Math.log(decelerationRate)  // as ScrollDeceleration.decayConstant
  }

  /// Components' values and rates (units per second) at `time`; times before
  /// the start give the start.
  @inlinable
  public func components(at time: AnimationTime) -> (value: Components, velocity: Components) {
    let lambda = decayConstant
    let decay = _Math.expm1(lambda * time._seconds(since: start))  // decelerationRate^(1000 t) − 1
    return (_start + _velocity * (decay / lambda), _velocity * (decay + 1))
  }

  /// The value at `time` (exactly the start value at the start).
  @inlinable
  public func value(at time: AnimationTime) -> Value {
    let components = components(at: time).value
    return components == _start ? _startValue : Value(springComponents: components)
  }

  /// Where every component comes to rest, `x₀ − v₀/λ`, as components.
  var _restComponents: Components { _start - _velocity / decayConstant }

  /// Where the value comes to rest, exactly: `x₀ − v₀/λ` per component.
  public var endValue: Value { Value(springComponents: _restComponents) }

  /// The first tick from which every component stays within
  /// `tolerance.value` of its rest value and moves slower than
  /// `tolerance.velocity`: `|v₀/λ|·e^(λt) ≤ value` and `|v₀|·e^(λt) ≤
  /// velocity`, solved in closed form and confirmed against the evaluated
  /// values. Nil when that tick is past the clock's end, or when the band
  /// is finer than the rounding of the evaluated values near the rest (a
  /// few ulps of the rest value: never met).
  public func endTick(within tolerance: SettleTolerance) -> AnimationTime? {
    var seconds = 0.0
    for k in 0..<ValueAnimation<Value>.count {
      seconds = max(seconds, ScrollDeceleration._endTime(velocity: _velocity[k], decayConstant: decayConstant, within: tolerance))
    }
    guard var tick = start._firstTick(afterSeconds: seconds) else { return nil }
    // Rounding may leave the evaluated value an ulp outside the band at the
    // computed tick: step on until it is inside.
    let rest = _restComponents
    for _ in 0..<64 where !_within(tolerance, of: rest, at: tick) { tick = tick + AnimationTime(ticks: 1) }
    // A band finer than the rounding of the evaluated value near its rest
    // (a few ulps of it) is never met.
    return _within(tolerance, of: rest, at: tick) ? tick : nil
  }

  func _within(_ tolerance: SettleTolerance, of rest: Components, at time: AnimationTime) -> Bool {
    let (value, velocity) = components(at: time)
    for k in 0..<ValueAnimation<Value>.count
    where !((value[k] - rest[k]).magnitude <= tolerance.value && velocity[k].magnitude <= tolerance.velocity) { return false }
    return true
  }

  /// The first tick at which a component is at or past a bound — where the
  /// glide meets a wall — or nil if it comes to rest inside them. Per
  /// component the crossing of bound `b` is `log1p((b − x₀)·λ/v₀)/λ` seconds,
  /// which exists when `b` lies between the start and the rest value; the
  /// tick is the first one at which the evaluated value is at or past `b`.
  /// A start already outside the bounds meets them at ``start``.
  ///
  /// - Parameters:
  ///   - minimum: per component; `nil` (or −∞ lanes) for none. A NaN lane is
  ///     no bound either.
  ///   - maximum: per component; `nil` (or +∞ lanes) for none. A NaN lane is
  ///     no bound either.
  public func contactTick(minimum: Components? = nil, maximum: Components? = nil) -> AnimationTime? {
    var earliest: AnimationTime? = nil
    for k in 0..<ValueAnimation<Value>.count {
      for (bound, below) in [(minimum?[k], true), (maximum?[k], false)] {
        guard let bound, let tick = _contact(component: k, bound: bound, fromAbove: below) else { continue }
        earliest = min(earliest ?? tick, tick)
      }
    }
    return earliest
  }

  /// When component `k` first reaches `bound` (`fromAbove`: a minimum).
  func _contact(component k: Int, bound: Double, fromAbove: Bool) -> AnimationTime? {
    func past(_ time: AnimationTime) -> Bool {
      let x = components(at: time).value[k]
      return fromAbove ? x <= bound : x >= bound
    }
    if past(start) { return start }
    let v0 = _velocity[k]
    guard fromAbove ? v0 < 0 : v0 > 0 else { return nil }
    let argument = (bound - _start[k]) * decayConstant / v0  // e^(λt) − 1 at the crossing, in (−1, 0]
    guard argument > -1 else { return nil }  // the bound lies at or beyond the rest value
    let seconds = _Math.log1p(argument) / decayConstant
    guard var tick = start._firstTick(afterSeconds: seconds) else { return nil }
    // Confirm against the evaluated values (rounding can move the crossing by a tick).
    for _ in 0..<64 where !past(tick) { tick = tick + AnimationTime(ticks: 1) }
    guard past(tick) else { return nil }
    for _ in 0..<64 where tick > start && past(tick - AnimationTime(ticks: 1)) { tick = tick - AnimationTime(ticks: 1) }
    return tick
  }

  /// A glide inside bounds: where it first meets one, and the spring that
  /// takes it from there (C¹) to its rest value clamped into the bounds — a
  /// thrown card that hits the edge springs back onto it. Nil when the glide
  /// comes to rest inside the bounds.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   a component whose minimum is above its maximum (a box with no
  ///   inside), or as ``ValueAnimation``'s initializer does.
  public func handOff(
    minimum: Components? = nil, maximum: Components? = nil, spring: Spring
  ) throws(HarmonicError)
    -> (contact: AnimationTime, animation: ValueAnimation<Value>)?
  {
    if let minimum, let maximum {
      for k in 0..<ValueAnimation<Value>.count { try _Check.order(minimum[k], "minimum[\(k)]", .atMost, maximum[k], "maximum[\(k)]") }
    }
    guard let contact = contactTick(minimum: minimum, maximum: maximum) else { return nil }
    var target = _restComponents
    if let minimum { target.replace(with: minimum, where: target .< minimum) }
    if let maximum { target.replace(with: maximum, where: target .> maximum) }
    return (contact, try handOff(to: Value(springComponents: target), with: spring, at: contact))
  }
}
