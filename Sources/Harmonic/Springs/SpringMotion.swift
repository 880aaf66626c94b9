/// One spring motion: a value that starts at tick ``start`` at
/// ``initialValue`` with ``initialVelocity`` and is pulled towards ``target``
/// by ``spring``, evaluated exactly in closed form at any tick.
///
/// The state at a tick is a pure function of the ticks since ``start`` (no
/// integration, no accumulated step), accurate to
/// `64·ε·(S·(1 + ω₀·t) + |target|)` for the value (plus a few steps of the
/// subnormal grid, 4.9e-324 each, for values that small), with
/// `S = |initialValue − target| + |initialVelocity|/ω₀` and t the seconds
/// since the start, and to the same bound times ω₀ for the velocity, in
/// every damping regime.
///
/// Positions and velocities are finite with magnitude ≤ 1e100 (units, units/s).
public struct SpringMotion: Sendable, Hashable {
  public let spring: Spring
  /// The value at ``start``, in units.
  public let initialValue: Double
  /// The rest position, in units.
  public let target: Double
  /// The velocity at ``start``, in units per second (absolute; see
  /// ``absoluteVelocity(relative:from:to:)`` for UIKit's relative convention).
  public let initialVelocity: Double
  /// The tick the motion starts at.
  public let start: AnimationTime

  /// - Parameters:
  ///   - spring: the spring pulling the value.
  ///   - initialValue: the value at `start`, units.
  ///   - target: the rest position, units.
  ///   - initialVelocity: units per second. Default 0 (from rest).
  ///   - start: the tick the motion starts at. Default 0.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming
  ///   `from`, `to` or `initialVelocity` when non-finite or above 1e100 in magnitude.
  public init(
    spring: Spring, from initialValue: Double, to target: Double, initialVelocity: Double = 0, start: AnimationTime = .zero
  ) throws(HarmonicError) {
    try _Check.finiteMagnitude(initialValue, "from", unit: "units")
    try _Check.finiteMagnitude(target, "to", unit: "units")
    try _Check.finiteMagnitude(initialVelocity, "initialVelocity", unit: "units/s")
    self.spring = spring
    self.initialValue = initialValue
    self.target = target
    self.initialVelocity = initialVelocity
    self.start = start
  }

  /// The state at `time`; the starting state at and before ``start``.
  @inlinable
  public func state(at time: AnimationTime) -> SpringState {
    _state(atSeconds: time._seconds(since: start))
  }

  /// ``_state(atSeconds:)`` for seconds that come from outside (the
  /// command line's `--times`).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   negative, non-finite or too large time (seconds within [0, 1e12]).
  package func _checkedState(atSeconds t: Double) throws(HarmonicError) -> SpringState {
    try _Check.time(t)
    return _state(atSeconds: t)
  }

  /// The state `t` seconds after ``start`` (the command line's and the
  /// tuning page's clock, which sample at seconds, not ticks).
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
    let displacement = initialValue - target
    // x = x₀·R + target·P + v₀·Ŝ with R = Ĉ + a·Ŝ and P = 1 − R (the unit
    // step response, computed to full relative precision), rather than
    // target + u: the value is then exactly x₀ at t = 0 (R = 1, P = 0,
    // Ŝ = 0), so a retarget hands over the position bit for bit; exactly
    // `target` once Ĉ and Ŝ have decayed to 0; and a step from 0 to 1 is P
    // itself — never negative, and accurate to its last bits near t = 0.
    // Written exactly as the batch kernels and reference BLAS evaluate it
    // (`0 +` first, then one column at a time), so all three agree bit for bit.
    // A motion at rest on its target (x₀ == target, no velocity) is the
    // target exactly: R + P is 1 only to rounding (`_valueTerm` selects alike).
    let restoring = basis.omegaSquared * displacement + basis.decayRate * initialVelocity
    let atRest = initialValue == target && initialVelocity == 0
    let value = atRest ? target : ((0 + initialValue * remaining) + target * step) + initialVelocity * s
    let velocity = (0 + initialVelocity * c) + restoring * -s
    return SpringState(value: value, velocity: velocity)
  }

  /// The exact end in seconds after ``start``: the smallest T such that
  /// for every t ≥ T, |value − target| ≤ `tolerance.value` and |velocity| ≤
  /// `tolerance.velocity`. 0 if the motion never leaves the band; `+∞` only
  /// when it never settles (an undamped spring with an amplitude above the
  /// tolerance). Accurate to better than 1e-9 relative. ``endTick(within:)``
  /// is its first tick.
  package func endTime(within tolerance: SettleTolerance) -> Double {
    spring._settleTime(displacement: initialValue - target, velocity: initialVelocity, tolerance: tolerance)
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
}
