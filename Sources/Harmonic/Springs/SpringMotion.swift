/// One spring motion: a value that starts at `start` with `initialVelocity`
/// and is pulled towards `target` by `spring`, evaluated exactly in closed form
/// at any time.
///
/// Time 0 is the start of the motion. The state at time t is a pure function of
/// t (no integration, no accumulated step), accurate to
/// `64·ε·(S·(1 + ω₀·t) + |target|)` for the value (plus a few steps of the
/// subnormal grid, 4.9e-324 each, for values that small), with
/// `S = |start − target| + |initialVelocity|/ω₀`, and to the same bound times ω₀
/// for the velocity, in every damping regime.
///
/// Positions and velocities are finite with magnitude ≤ 1e100 (units, units/s).
public struct SpringMotion: Sendable, Hashable {
  public let spring: Spring
  /// The value at time 0, in units.
  public let start: Double
  /// The rest position, in units.
  public let target: Double
  /// The velocity at time 0, in units per second (absolute; see
  /// ``absoluteVelocity(relative:from:to:)`` for UIKit's relative convention).
  public let initialVelocity: Double

  /// - Parameters:
  ///   - spring: the spring pulling the value.
  ///   - start: the value at time 0, units.
  ///   - target: the rest position, units.
  ///   - initialVelocity: units per second. Default 0 (from rest).
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming
  ///   `from`, `to` or `initialVelocity` when non-finite or above 1e100 in magnitude.
  public init(spring: Spring, from start: Double, to target: Double, initialVelocity: Double = 0) throws(HarmonicError) {
    try _Check.finiteMagnitude(start, "from", unit: "units")
    try _Check.finiteMagnitude(target, "to", unit: "units")
    try _Check.finiteMagnitude(initialVelocity, "initialVelocity", unit: "units/s")
    self.spring = spring
    self.start = start
    self.target = target
    self.initialVelocity = initialVelocity
  }

  /// The state at `time` seconds after the start.
  ///
  /// - Parameter time: seconds within [0, 1e12].
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   negative, non-finite or too large time.
  public func state(atTime time: Double) throws(HarmonicError) -> SpringState {
    try _Check.time(time)
    return _state(atSeconds: time)
  }

  /// The state at an animation time measured from the start of this motion.
  /// Times before the start give the starting state.
  @inlinable
  public func state(at time: AnimationTime) -> SpringState {
    _state(atSeconds: time.ticks > 0 ? time.seconds : 0)
  }

  @inlinable
  package func _state(atSeconds t: Double) -> SpringState { _state(spring._basis.stepBasis(t)) }

  /// The state at `t` seconds with the elementary functions of `math`
  /// (`_Math` in the library; the benchmark also runs the platform's libm
  /// through this same formula).
  @inlinable
  package func _state<M: _ElementaryFunctions>(atSeconds t: Double, math: M.Type) -> SpringState {
    _state(spring._basis.stepBasis(t, math: M.self))
  }

  /// The state from the step basis at its time.
  @inlinable
  func _state(_ stepBasis: (c: Double, s: Double, remaining: Double, step: Double)) -> SpringState {
    let basis = spring._basis
    let (c, s, remaining, step) = stepBasis
    let displacement = start - target
    // x = start·R + target·P + v₀·Ŝ with R = Ĉ + a·Ŝ and P = 1 − R (the unit
    // step response, computed to full relative precision), rather than
    // target + u: the value is then exactly `start` at t = 0 (R = 1, P = 0,
    // Ŝ = 0), so a retarget hands over the position bit for bit; exactly
    // `target` once Ĉ and Ŝ have decayed to 0; and a step from 0 to 1 is P
    // itself — never negative, and accurate to its last bits near t = 0.
    // Written exactly as the batch kernels and reference BLAS evaluate it
    // (`0 +` first, then one column at a time), so all three agree bit for bit.
    // A motion at rest on its target (start == target, no velocity) is the
    // target exactly: R + P is 1 only to rounding (`_valueTerm` selects alike).
    let restoring = basis.omegaSquared * displacement + basis.decayRate * initialVelocity
    let atRest = start == target && initialVelocity == 0
    let value = atRest ? target : ((0 + start * remaining) + target * step) + initialVelocity * s
    let velocity = (0 + initialVelocity * c) + restoring * -s
    return SpringState(value: value, velocity: velocity)
  }

  /// The exact end time in seconds: the smallest T such that for every
  /// t ≥ T, |value − target| ≤ `tolerance.value` and |velocity| ≤
  /// `tolerance.velocity`. 0 if the motion never leaves the band; `+∞` only
  /// when it never settles (an undamped spring with an amplitude above the
  /// tolerance). Accurate to better than 1e-9 relative.
  public func endTime(within tolerance: SettleTolerance) -> Double {
    spring._settleTime(displacement: start - target, velocity: initialVelocity, tolerance: tolerance)
  }

  /// A new motion that starts `time` seconds into this one, with this motion's
  /// value and velocity at that instant (so position and velocity are
  /// continuous), heading for `newTarget` with `newSpring` (default: the same spring).
  ///
  /// - Throws: ``HarmonicError`` for an invalid time or target.
  public func retargeted(atTime time: Double, to newTarget: Double, spring newSpring: Spring? = nil) throws(HarmonicError) -> SpringMotion {
    let state = try state(atTime: time)
    return try SpringMotion(spring: newSpring ?? spring, from: state.value, to: newTarget, initialVelocity: state.velocity)
  }
}

// MARK: - UIKit's relative initial velocity

extension SpringMotion {
  /// Converts UIKit's relative spring velocity (1.0 = the whole distance from
  /// `from` to `to` per second, as in
  /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`)
  /// to an absolute velocity in units per second: `relative·(to − from)`.
  public static func absoluteVelocity(relative: Double, from: Double, to: Double) throws(HarmonicError) -> Double {
    try _Check.finiteMagnitude(relative, "relativeVelocity", unit: "distances/s")
    try _Check.finiteMagnitude(from, "from", unit: "units")
    try _Check.finiteMagnitude(to, "to", unit: "units")
    return relative * (to - from)
  }

  /// Converts an absolute velocity (units/s) to UIKit's relative convention:
  /// `absolute / (to − from)`.
  ///
  /// - Throws: ``HarmonicError/undefined(quantity:reason:)`` when `from == to`
  ///   (UIKit's relative velocity is then undefined), or when the distance
  ///   is so short that the quotient leaves the doubles (1e12 units/s over
  ///   a distance of 1e-300, say).
  public static func relativeVelocity(absolute: Double, from: Double, to: Double) throws(HarmonicError) -> Double {
    try _Check.finiteMagnitude(absolute, "velocity", unit: "units/s")
    try _Check.finiteMagnitude(from, "from", unit: "units")
    try _Check.finiteMagnitude(to, "to", unit: "units")
    guard to != from else {
      throw .undefined(quantity: "relative velocity", reason: "the distance from `from` to `to` is 0")
    }
    let relative = absolute / (to - from)
    guard relative.isFinite else {
      throw .undefined(
        quantity: "relative velocity", reason: "velocity / (to − from) = \(absolute) / \(to - from) overflows: the distance is too short")
    }
    return relative
  }

  /// A motion whose initial velocity is given in UIKit's relative convention.
  public init(spring: Spring, from start: Double, to target: Double, relativeInitialVelocity: Double) throws(HarmonicError) {
    let velocity = try SpringMotion.absoluteVelocity(relative: relativeInitialVelocity, from: start, to: target)
    try self.init(spring: spring, from: start, to: target, initialVelocity: velocity)
  }
}
