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
package struct _SpringBasis: Sendable, Hashable {
  /// `a = c / (2m)`, 1/s.
  @usableFromInline package let decayRate: Double
  /// `ω₀² = k / m`, 1/s².
  @usableFromInline package let omegaSquared: Double
  /// `q = a² − ω₀²`, 1/s².
  @usableFromInline package let discriminant: Double
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

  @inlinable package var isOscillating: Bool { discriminant < 0 }

  /// `(Ĉ(t), Ŝ(t))` for `t ≥ 0` seconds.
  ///
  /// Not inlinable: another module's call runs Harmonic's code, where the
  /// elementary functions are inlined (see `_Math.exp`).
  @usableFromInline
  func basis(_ t: Double) -> (c: Double, s: Double) { basis(t, math: _Math.self) }

  /// `(Ĉ(t), Ŝ(t))` with the elementary functions of `math` (`_Math` but
  /// in the benchmark's comparison with the platform's libm).
  @inlinable
  func basis<M: _ElementaryFunctions>(_ t: Double, math: M.Type) -> (c: Double, s: Double) {
    if discriminant < 0 {
      let (cosine, sine, _, _) = oscillatingBasis(t, math: M.self)
      return (cosine, sine)
    } else {
      let slow = M.exp(-(slowRate * t))
      let y = 2 * rootDiscriminant * t
      let ratio = M.exp(-y)
      let cosine = slow * ((1 + ratio) * 0.5)
      let sine: Double
      if y < 0x1p-10 {
        // (1 − e^(−y))/y = 1 − y/2 + y²/6 − y³/24 + y⁴/120 − …; the dropped y⁵/720 is below 2⁻⁵⁹ here.
        let series = 1 - y * (0.5 - y * (1.0 / 6 - y * (1.0 / 24 - y * (1.0 / 120))))
        sine = slow * (t * series)
      } else {
        sine = slow * (-M.expm1(-y) / (2 * rootDiscriminant))
      }
      return (cosine, sine)
    }
  }

  /// `(Ĉ(t), Ŝ(t), sin θ, cos θ)` with θ = ω_d·t, for an oscillating
  /// spring, with the elementary functions of `math` (the callers pass
  /// theirs on: `_Math` in the library).
  @inlinable
  func oscillatingBasis<M: _ElementaryFunctions>(
    _ t: Double, math: M.Type
  ) -> (
    c: Double, s: Double, sinTheta: Double, cosTheta: Double
  ) {
    let envelope = M.exp(-(decayRate * t))
    let theta = rootDiscriminant * t
    let (sinTheta, cosTheta) = M.sincos(theta)
    let cosine = envelope * cosTheta
    let sine: Double
    if theta < 0x1p-10 {
      // sin(θ)/θ = 1 − θ²/6 + θ⁴/120 − …; the dropped θ⁶/5040 is below 2⁻⁷² here.
      let theta2 = theta * theta
      sine = envelope * (t * (1 - theta2 * (1.0 / 6 - theta2 * (1.0 / 120))))
    } else {
      // e^(−a t)/ω_d is ready before sin θ: the division is off the chain.
      sine = (envelope / rootDiscriminant) * sinTheta
    }
    return (cosine, sine, sinTheta, cosTheta)
  }

  /// The basis together with the unit step response: `(Ĉ, Ŝ, R, P)` at
  /// `t ≥ 0` seconds, where `R = Ĉ + a·Ŝ` is the fraction of the starting
  /// displacement that remains (a motion from rest is `target + R·(start − target)`)
  /// and `P = 1 − R` is the step response from 0 to 1, computed to full
  /// relative precision rather than as `1 − R`.
  ///
  /// Near t = 0, `P ≈ ω₀²t²/2` while `1 − Ĉ` and `a·Ŝ` are both `≈ a·t`: their
  /// difference loses everything (a critically damped k = 1 spring gave
  /// −5.3e-18 one tick in, where the truth is +1e-18). So P is taken from
  /// whichever of these does not cancel:
  /// - `R ≤ 1/2`: `1 − R` (P ≥ 1/2; exactly 1 once Ĉ and Ŝ have decayed to 0);
  /// - `(a + √|q|)·t ≤ 1`: the Taylor series of P, from its differential
  ///   equation `P'' + 2aP' + ω₀²P = ω₀²`, `P(0) = P'(0) = 0`: with `α = a·t`,
  ///   `β = ω₀²t²` the terms are `τ₂ = β/2`,
  ///   `τₙ₊₁ = −(2α·n·τₙ + β·τₙ₋₁)/((n + 1)·n)`, summed until a term is below
  ///   2⁻⁶⁰ of the sum together with the term before it (at most 40 terms; ~20 at the boundary, 2–4 for the
  ///   first ticks). `a + √|q|` bounds the roots, so α, β ≤ 1 and the terms
  ///   shrink at least like (n − 1)/n!;
  /// - otherwise, for `q ≥ 0`: `P = (1 − e^(−s t)) − s·Ŝ` (s the slow rate;
  ///   from `Ŝ = e^(−st)·t·(1 − e^(−2γt))/(2γt)`), which cancels by at most
  ///   a factor of 3 there;
  /// - otherwise, oscillating: `P = (1 − e^(−a t)) + e^(−a t)·2 sin²(θ/2) − a·Ŝ`,
  ///   accurate also at the dips θ = 2πk of a lightly damped spring, where
  ///   P = 1 − e^(−a t) is small; 2 sin²(θ/2) is sin²θ/(1 + cos θ) from the
  ///   basis's own sin θ and cos θ while cos θ > 0 (no cancellation there,
  ///   and no second sine), else from sin(θ/2).
  ///
  /// Against 80-digit references (`StepResponseTests`) P is within 3.6·2⁻⁵²
  /// relative for ζ ≥ 1, and within 8·2⁻⁵²·(P + t·|P′|) for every spring (the
  /// second term: the phase error of rounding t). It is never negative (the
  /// true P is ≥ 0: its minima, where Ŝ = 0, are 1 − e^(−a t)), and for
  /// ζ ≥ 1 it is at most 1.
  ///
  /// Not inlinable: another module's call runs Harmonic's code, where the
  /// elementary functions are inlined (see `_Math.exp`); one call per state.
  @usableFromInline
  package func stepBasis(_ t: Double) -> (c: Double, s: Double, remaining: Double, step: Double) {
    stepBasis(t, math: _Math.self)
  }

  /// ``stepBasis(_:)`` with the elementary functions of `math`: the same
  /// formula and the same operations, so with `_Math` the same bits. The
  /// library calls it only with `_Math`; the benchmark also with the
  /// platform's libm, to weigh the math alone.
  @inlinable
  package func stepBasis<M: _ElementaryFunctions>(
    _ t: Double, math: M.Type
  ) -> (
    c: Double, s: Double, remaining: Double, step: Double
  ) {
    let c: Double, s: Double
    var sinTheta = 0.0, cosTheta = -1.0
    if discriminant < 0 {
      (c, s, sinTheta, cosTheta) = oscillatingBasis(t, math: M.self)
    } else {
      (c, s) = basis(t, math: M.self)
    }
    let remaining = c + decayRate * s
    if remaining <= 0.5 {
      return (c, s, remaining, 1 - remaining)
    }
    let step: Double
    if (decayRate + rootDiscriminant) * t <= 1 {
      let alpha2 = 2 * (decayRate * t)
      let beta = omegaSquared * (t * t)
      var previous = 0.0
      var current = 0.5 * beta
      var sum = current
      var n = 2.0
      for _ in 0..<40 {
        // T(n+1) = A·T(n) + B·T(n−1) with A = −2at·n/((n + 1)·n), B = −ω₀²t²/((n + 1)·n):
        // the factors (and their division) are off the dependency chain from
        // term to term, which is then a product and a sum.
        let reciprocal = 1 / ((n + 1) * n)
        let next = (-(alpha2 * n) * reciprocal) * current + (-beta * reciprocal) * previous
        sum += next
        // Two consecutive terms: an undamped spring's odd terms are all 0.
        if next.magnitude + current.magnitude <= 0x1p-60 * sum { break }
        previous = current
        current = next
        n += 1
      }
      step = sum
    } else if discriminant >= 0 {
      step = -M.expm1(-(slowRate * t)) - slowRate * s
    } else {
      let envelopeMinusOne = M.expm1(-(decayRate * t))
      let twoHalfSineSquared: Double
      if cosTheta > 0 {
        twoHalfSineSquared = (sinTheta * sinTheta) / (1 + cosTheta)
      } else {
        let halfSine = M.sin(0.5 * (rootDiscriminant * t))
        twoHalfSineSquared = 2 * (halfSine * halfSine)
      }
      step = (-envelopeMinusOne + (1 + envelopeMinusOne) * twoHalfSineSquared) - decayRate * s
    }
    return (c, s, remaining, step)
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
