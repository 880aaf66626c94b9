/// The closed-form solution of `u'' + 2a·u' + ω₀²·u = 0` written so that one
/// formula family covers every damping regime without cancellation.
///
/// With `q = a² − ω₀²` (negative when the spring oscillates) every solution is
///
///     u(t) = u₀·Ĉ(t) + (v₀ + a·u₀)·Ŝ(t)
///     u'(t) = v₀·Ĉ(t) − (ω₀²·u₀ + a·v₀)·Ŝ(t)
///
/// where `Ĉ(t) = e^(−a t)·cosh(√q·t)` and `Ŝ(t) = e^(−a t)·sinh(√q·t)/√q` are
/// entire functions of `q` (for `q < 0` they are `e^(−a t)·cos(ω_d t)` and
/// `e^(−a t)·sin(ω_d t)/ω_d`; at `q = 0` they are `e^(−a t)` and `t·e^(−a t)`).
///
/// How this avoids the known failure modes:
/// - `q` is computed from `c² − 4km` with exact products (Dekker), so its sign
///   and value are right to a few ulps even at ζ = 1 ± 1e-14.
/// - There is no separate "critical" formula. Small arguments of `sin(θ)/θ` and
///   `(1 − e^(−y))/y` use their Taylor series below 2⁻¹⁰, where series and
///   closed form agree to rounding, so the result is continuous in the
///   parameters.
/// - For `q ≥ 0` the hyperbolic functions are never formed: `e^(−a t)·cosh` is
///   `e^(−s t)·(1 + e^(−2√q t))/2` with the slow rate `s = ω₀²/(a + √q)`
///   (= `a − √q` without its cancellation), so extreme overdamping
///   (ζ = 5e8) neither overflows nor loses the slow mode.
@usableFromInline
struct _SpringBasis: Sendable, Hashable {
  /// `a = c / (2m)`, 1/s.
  @usableFromInline let decayRate: Double
  /// `ω₀² = k / m`, 1/s².
  @usableFromInline let omegaSquared: Double
  /// `q = a² − ω₀²`, 1/s².
  @usableFromInline let discriminant: Double
  /// `√|q|`: the damped angular frequency ω_d (q < 0) or the hyperbolic rate γ (q ≥ 0), 1/s.
  @usableFromInline let rootDiscriminant: Double
  /// The rate of the slowest exponential: `a` when oscillating, `ω₀²/(a + γ)` otherwise, 1/s.
  @usableFromInline let slowRate: Double

  @usableFromInline
  init(mass m: Double, stiffness k: Double, damping c: Double) {
    decayRate = c / (2 * m)
    omegaSquared = k / m
    // c² − 4km without cancellation: both products exactly as double-doubles.
    let (cc, ccError) = _Augmented.product(c, c)
    let (km, kmError) = _Augmented.product(4 * k, m)
    let numerator = (cc - km) + (ccError - kmError)
    let q = (numerator / (2 * m)) / (2 * m)
    discriminant = q
    if q < 0 {
      rootDiscriminant = (-q).squareRoot()
      slowRate = decayRate
    } else {
      let gamma = q.squareRoot()
      rootDiscriminant = gamma
      slowRate = omegaSquared / (decayRate + gamma)
    }
  }

  @inlinable var isOscillating: Bool { discriminant < 0 }

  /// `(Ĉ(t), Ŝ(t))` for `t ≥ 0` seconds.
  @inlinable
  func basis(_ t: Double) -> (c: Double, s: Double) {
    if discriminant < 0 {
      let envelope = _Math.exp(-(decayRate * t))
      let theta = rootDiscriminant * t
      let (sinTheta, cosTheta) = _Math.sincos(theta)
      let cosine = envelope * cosTheta
      let sine: Double
      if theta < 0x1p-10 {
        // sin(θ)/θ = 1 − θ²/6 + θ⁴/120 − …; the dropped θ⁶/5040 is below 2⁻⁷² here.
        let theta2 = theta * theta
        sine = envelope * (t * (1 - theta2 * (1.0 / 6 - theta2 * (1.0 / 120))))
      } else {
        sine = envelope * (sinTheta / rootDiscriminant)
      }
      return (cosine, sine)
    } else {
      let slow = _Math.exp(-(slowRate * t))
      let y = 2 * rootDiscriminant * t
      let ratio = _Math.exp(-y)
      let cosine = slow * ((1 + ratio) * 0.5)
      let sine: Double
      if y < 0x1p-10 {
        // (1 − e^(−y))/y = 1 − y/2 + y²/6 − y³/24 + y⁴/120 − …; the dropped y⁵/720 is below 2⁻⁵⁹ here.
        let series = 1 - y * (0.5 - y * (1.0 / 6 - y * (1.0 / 24 - y * (1.0 / 120))))
        sine = slow * (t * series)
      } else {
        sine = slow * (-_Math.expm1(-y) / (2 * rootDiscriminant))
      }
      return (cosine, sine)
    }
  }

  /// `Ĉ(t) − 1` without cancellation, for `t ≥ 0`: the two factors of Ĉ are
  /// each written as 1 + (a small part computed to full relative precision)
  /// and multiplied out, so the result is accurate relative to itself even
  /// when Ĉ is within rounding of 1.
  ///
  /// - oscillating: `expm1(−a t)·cos θ − 2 sin²(θ/2)`, θ = ω_d t;
  /// - otherwise: `expm1(−s t)·(1 + e^(−y))/2 + expm1(−y)/2`, y = 2γt.
  ///
  /// For steps with θ ≤ π/2 (any step shorter than a quarter period) both
  /// terms are ≤ 0, so the sum does not cancel either.
  func basisMinusOne(_ t: Double) -> Double {
    if discriminant < 0 {
      let envelopeMinusOne = _Math.expm1(-(decayRate * t))
      let theta = rootDiscriminant * t
      let halfSine = _Math.sin(0.5 * theta)
      return envelopeMinusOne * _Math.cos(theta) - 2 * (halfSine * halfSine)
    } else {
      let slowMinusOne = _Math.expm1(-(slowRate * t))
      let y = 2 * rootDiscriminant * t
      return slowMinusOne * ((1 + _Math.exp(-y)) * 0.5) + 0.5 * _Math.expm1(-y)
    }
  }

  /// Displacement and velocity at `t ≥ 0` from displacement `u0` and velocity `v0` at 0.
  @inlinable
  func evaluate(displacement u0: Double, velocity v0: Double, at t: Double) -> (displacement: Double, velocity: Double) {
    let (c, s) = basis(t)
    let displacement = u0 * c + (v0 + decayRate * u0) * s
    let velocity = v0 * c - (omegaSquared * u0 + decayRate * v0) * s
    return (displacement, velocity)
  }
}
