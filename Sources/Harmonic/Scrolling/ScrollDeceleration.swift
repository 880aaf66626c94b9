/// Exponential scroll deceleration, as `UIScrollView` and Flutter's
/// `FrictionSimulation` do it: the velocity is multiplied by `rate` every
/// millisecond (its ``decelerationRate``), so
///
///     v(t) = v₀·rate^(1000·t),   x(t) = x₀ + v₀·(rate^(1000·t) − 1)/(1000·ln rate)
///
/// and the motion comes to rest at exactly `x₀ − v₀/(1000·ln rate)`.
///
/// Units: positions in points, velocities in points per **second**, time in
/// ticks from ``start``, the deceleration rate per millisecond. UIKit hands `scrollViewWillEndDragging`
/// velocities in points per millisecond: multiply them by 1000.
public struct ScrollDeceleration: Sendable, Hashable {
  /// The velocity factor per millisecond, in (0, 1).
  public let decelerationRate: Double
  /// The offset at ``start``, points.
  public let initialOffset: Double
  /// The velocity at ``start``, points per second.
  public let initialVelocity: Double
  /// The tick the deceleration starts at.
  public let start: AnimationTime

  /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond
  /// (Flutter's friction drag 0.135 per second is the same: 0.998¹⁰⁰⁰ = 0.1351).
  public static let normal = 0.998
  /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond.
  public static let fast = 0.99

  /// - Parameters:
  ///   - decelerationRate: per millisecond, in (0, 1). Default 0.998
  ///     (UIKit's normal).
  ///   - initialOffset: points, at `start`.
  ///   - initialVelocity: points per second, at `start`.
  ///   - start: the tick it starts at. Default 0.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``.
  public init(
    decelerationRate: Double = ScrollDeceleration.normal, from initialOffset: Double = 0, velocity initialVelocity: Double,
    start: AnimationTime = .zero
  ) throws(HarmonicError) {
    try _Check.within(decelerationRate, "decelerationRate", .open(0), .open(1), unit: "velocity factor per millisecond")
    try _Check.finiteMagnitude(initialOffset, "from", unit: "points")
    try _Check.finiteMagnitude(initialVelocity, "velocity", unit: "points/s")
    self.decelerationRate = decelerationRate
    self.initialOffset = initialOffset
    self.initialVelocity = initialVelocity
    self.start = start
  }

  /// Flutter's `FrictionSimulation` drag (the velocity factor per second)
  /// converted to a rate per millisecond: `drag^(1/1000)`.
  public static func decelerationRate(fromDragPerSecond drag: Double) throws(HarmonicError) -> Double {
    try _Check.within(drag, "drag", .open(0), .open(1), unit: "velocity factor per second")
    let rate = _Math.exp(_Math.log(drag) / 1000)
    guard rate < 1 else {  // drag within about 5.6e-14 of 1: the rate per millisecond rounds to 1
      throw .invalidParameter(
        name: "drag", value: drag, accepted: "within (0, 1 − 5.6e-14] (velocity factor per second; closer to 1 it is no deceleration at double precision)")
    }
    return rate
  }

  /// 1000·ln(rate): the (negative) exponential rate per second. Finite for
  /// every accepted rate (−744,440/s at the smallest double).
  public var decayConstant: Double { ScrollDeceleration.decayConstantPerSecond(decelerationRate) }

  static func decayConstantPerSecond(_ rate: Double) -> Double { 1000 * _Math.log(rate) }

  /// Where the motion comes to rest: `initialOffset − initialVelocity/(1000·ln decelerationRate)`, exactly.
  public var restOffset: Double { initialOffset - initialVelocity / decayConstant }

  /// The widespread approximation of the travel, `(v/1000)·rate/(1 − rate)`
  /// (a geometric series of per-millisecond steps). It falls short of the
  /// exact travel by about half a millisecond of the initial motion (0.1 % at
  /// rate 0.998, 0.5 % at 0.99).
  package var approximateRestOffset: Double {
    initialOffset + (initialVelocity / 1000) * decelerationRate / (1 - decelerationRate)
  }

  /// Offset (points) and velocity (points per second) at `time`; the
  /// starting state at and before ``start``.
  public func state(at time: AnimationTime) -> SpringState { _state(atSeconds: time._seconds(since: start)) }

  /// ``_state(atSeconds:)`` for seconds that come from outside (the
  /// command line's `--times`).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   negative, non-finite or too large time (seconds within [0, 1e12]).
  package func _checkedState(atSeconds t: Double) throws(HarmonicError) -> SpringState {
    try _Check.time(t)
    return _state(atSeconds: t)
  }

  /// The state `t` seconds after ``start``.
  package func _state(atSeconds t: Double) -> SpringState {
    let lambda = decayConstant
    let decay = _Math.expm1(lambda * t)  // rate^(1000 t) − 1, accurate for small t
    return SpringState(value: initialOffset + initialVelocity * (decay / lambda), velocity: initialVelocity * (decay + 1))
  }

  /// Seconds after ``start`` until the offset stays within `tolerance.value` of
  /// ``restOffset`` and the speed within `tolerance.velocity`:
  /// `|v₀/λ|·e^(λt) ≤ value` and `|v₀|·e^(λt) ≤ velocity`, in closed form;
  /// 0 when it already is. UIKit's stop, a speed of 5 pt/s, is
  /// `SettleTolerance(speed: 5)`.
  package func endTime(within tolerance: SettleTolerance) -> Double {
    ScrollDeceleration._endTime(velocity: initialVelocity, decayConstant: decayConstant, within: tolerance)
  }

  /// The end time of a decay from `velocity` with decay constant λ < 0.
  static func _endTime(velocity: Double, decayConstant lambda: Double, within tolerance: SettleTolerance) -> Double {
    var seconds = 0.0
    let travel = (velocity / lambda).magnitude  // the distance still to go at the start
    if travel > tolerance.value { seconds = _Math.logRatio(tolerance.value, travel) / lambda }
    if velocity.magnitude > tolerance.velocity { seconds = max(seconds, _Math.logRatio(tolerance.velocity, velocity.magnitude) / lambda) }
    return seconds
  }

  /// The deceleration rate per millisecond that brings a motion from
  /// `offset` with `velocity` to rest exactly at `target`, or `nil` when no
  /// rate in (0, 1) does (the target is behind the motion, or the velocity is 0).
  public static func decelerationRate(toRestAt target: Double, from offset: Double, velocity: Double) -> Double? {
    let travel = target - offset
    guard velocity != 0, travel != 0, (travel > 0) == (velocity > 0) else { return nil }
    let rate = _Math.exp(-velocity / (1000 * travel))
    return rate > 0 && rate < 1 ? rate : nil
  }
}
