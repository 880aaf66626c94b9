/// Exponential scroll deceleration, as `UIScrollView` and Flutter's
/// `FrictionSimulation` do it: the velocity is multiplied by `rate` every
/// millisecond, so
///
///     v(t) = v₀·rate^(1000·t),   x(t) = x₀ + v₀·(rate^(1000·t) − 1)/(1000·ln rate)
///
/// and the motion comes to rest at exactly `x₀ − v₀/(1000·ln rate)`.
///
/// Units: positions in points, velocities in points per **second**, time in
/// seconds, `rate` per millisecond. UIKit hands `scrollViewWillEndDragging`
/// velocities in points per millisecond: convert with
/// ``pointsPerSecond(fromPointsPerMillisecond:)``.
public struct ScrollDeceleration: Sendable, Hashable {
  /// The velocity factor per millisecond, in (0, 1).
  public let rate: Double
  /// The start position, points.
  public let start: Double
  /// The start velocity, points per second.
  public let velocity: Double

  /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond
  /// (Flutter's friction drag 0.135 per second is the same: 0.998¹⁰⁰⁰ = 0.1351).
  public static let normal = 0.998
  /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond.
  public static let fast = 0.99

  /// - Parameters:
  ///   - rate: per millisecond, in (0, 1). Default 0.998 (UIKit's normal).
  ///   - start: points.
  ///   - velocity: points per second.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``.
  public init(rate: Double = ScrollDeceleration.normal, from start: Double = 0, velocity: Double) throws(HarmonicError) {
    try _Check.within(rate, "rate", .open(0), .open(1), unit: "velocity factor per millisecond")
    try _Check.finiteMagnitude(start, "from", unit: "points")
    try _Check.finiteMagnitude(velocity, "velocity", unit: "points/s")
    self.rate = rate
    self.start = start
    self.velocity = velocity
  }

  /// Flutter's `FrictionSimulation` drag (the velocity factor per second)
  /// converted to a rate per millisecond: `drag^(1/1000)`.
  public static func rate(fromDragPerSecond drag: Double) throws(HarmonicError) -> Double {
    try _Check.within(drag, "drag", .open(0), .open(1), unit: "velocity factor per second")
    let rate = _Math.exp(_Math.log(drag) / 1000)
    guard rate < 1 else {  // drag within about 5.6e-14 of 1: the rate per millisecond rounds to 1
      throw .invalidParameter(
        name: "drag", value: drag, accepted: "within (0, 1 − 5.6e-14] (velocity factor per second; closer to 1 it is no deceleration at double precision)")
    }
    return rate
  }

  /// UIKit's points per millisecond to points per second.
  public static func pointsPerSecond(fromPointsPerMillisecond velocity: Double) -> Double { velocity * 1000 }

  /// 1000·ln(rate): the (negative) exponential rate per second. Finite for
  /// every accepted rate (−744,440/s at the smallest double).
  public var decayConstant: Double { ScrollDeceleration.decayConstantPerSecond(rate) }

  static func decayConstantPerSecond(_ rate: Double) -> Double { 1000 * _Math.log(rate) }

  /// Where the motion comes to rest: `start − velocity/(1000·ln rate)`, exactly.
  public var restOffset: Double { start - velocity / decayConstant }

  /// The widespread approximation of the travel, `(v/1000)·rate/(1 − rate)`
  /// (a geometric series of per-millisecond steps). It falls short of the
  /// exact travel by about half a millisecond of the initial motion (0.1 % at
  /// rate 0.998, 0.5 % at 0.99).
  public var approximateRestOffset: Double { start + (velocity / 1000) * rate / (1 - rate) }

  /// Position (points) and velocity (points/s) at `time` seconds (≥ 0).
  public func state(atTime time: Double) throws(HarmonicError) -> SpringState {
    try _Check.time(time)
    return _state(atSeconds: time)
  }

  func _state(atSeconds time: Double) -> SpringState {
    let lambda = decayConstant
    let decay = _Math.expm1(lambda * time)  // rate^(1000 t) − 1, accurate for small t
    return SpringState(value: start + velocity * (decay / lambda), velocity: velocity * (decay + 1))
  }

  /// Seconds until the offset stays within `tolerance.value` of
  /// ``restOffset`` and the speed within `tolerance.velocity`:
  /// `|v₀/λ|·e^(λt) ≤ value` and `|v₀|·e^(λt) ≤ velocity`, in closed form;
  /// 0 when it already is. UIKit's stop, a speed of 5 pt/s, is
  /// `SettleTolerance(speed: 5)`.
  public func endTime(within tolerance: SettleTolerance) -> Double {
    ScrollDeceleration._endTime(velocity: velocity, decayConstant: decayConstant, within: tolerance)
  }

  /// The end time of a decay from `velocity` with decay constant λ < 0.
  static func _endTime(velocity: Double, decayConstant lambda: Double, within tolerance: SettleTolerance) -> Double {
    var seconds = 0.0
    let travel = (velocity / lambda).magnitude  // the distance still to go at the start
    if travel > tolerance.value { seconds = _Math.logRatio(tolerance.value, travel) / lambda }
    if velocity.magnitude > tolerance.velocity { seconds = max(seconds, _Math.logRatio(tolerance.velocity, velocity.magnitude) / lambda) }
    return seconds
  }

  /// The rate per millisecond that brings this start and velocity to rest
  /// exactly at `target`, or `nil` when no rate in (0, 1) does (the target is
  /// behind the motion, or the velocity is 0).
  public static func rate(toRestAt target: Double, from start: Double, velocity: Double) -> Double? {
    let travel = target - start
    guard velocity != 0, travel != 0, (travel > 0) == (velocity > 0) else { return nil }
    let rate = _Math.exp(-velocity / (1000 * travel))
    return rate > 0 && rate < 1 ? rate : nil
  }
}
