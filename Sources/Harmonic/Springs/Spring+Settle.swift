// Exact settle times.
//
// The settle time is the smallest T with |u(t)| ≤ ε_x and |u'(t)| ≤ ε_v for
// every t ≥ T: the last time either signal leaves its band, found as a root,
// not bounded by an envelope (an envelope bound is late by up to a
// half-period; Compose's estimate is ~19 % late on its own test case).
//
// Both signals have the form s(t) = P·Ĉ(t) + Q·Ŝ(t) (see `_SpringBasis`), and
// so does their derivative, with P' = Q − a·P and Q' = q·P − a·Q. Between two
// consecutive zeros of s' the signal is monotone, so:
// - oscillating: the extrema of s are spaced exactly π/ω_d apart and |s| at
//   them falls geometrically by e^(−aπ/ω_d); the last extremum above the band
//   is found from a logarithm (then checked by evaluation), and the crossing
//   after it by bisection between it and the next extremum;
// - not oscillating: s has at most one extremum for t > 0, after which |s|
//   falls monotonically to 0; the crossing is bracketed by doubling and found
//   by bisection.
// Bisection runs to adjacent doubles and returns the end of the bracket where
// the signal is inside its band, so the returned time always satisfies it.

extension Spring {
  /// Seconds until the motion from displacement `u0` (value − target) and
  /// velocity `v0` settles; 0 if it never leaves the band, `+∞` if it never
  /// settles (undamped with an amplitude above the tolerance).
  @usableFromInline
  func _settleTime(displacement u0: Double, velocity v0: Double, tolerance: SettleTolerance) -> Double {
    let a = _basis.decayRate
    var last = _lastExcursion(p: u0, q: v0 + a * u0, tolerance: tolerance.value, displacementVelocity: v0)
    if tolerance.velocity.isFinite {
      let velocityLast = _lastExcursion(p: v0, q: -(_basis.omegaSquared * u0 + a * v0), tolerance: tolerance.velocity)
      last = Swift.max(last, velocityLast)
    }
    return last
  }

  /// sup{t ≥ 0 : |P·Ĉ(t) + Q·Ŝ(t)| > tolerance}, or 0 when the set is empty.
  ///
  /// With `displacementVelocity` v₀ (so that Q = v₀ + a·P), the signal is a
  /// displacement and is evaluated as the value is, `P·R(t) + v₀·Ŝ(t)` with
  /// R = Ĉ + a·Ŝ: the time returned is then inside the band as the motion
  /// evaluates it, not only in exact arithmetic.
  func _lastExcursion(p: Double, q: Double, tolerance: Double, displacementVelocity v0: Double? = nil) -> Double {
    switch _excursionBracket(p: p, q: q, tolerance: tolerance, displacementVelocity: v0) {
    case let .exact(time):
      return time
    case let .bisect(low, high):
      return _bisectLastExcursion(low, high, { _excursionMagnitude($0, p: p, q: q, displacementVelocity: v0) }, tolerance)
    }
  }

  /// |s(t)| as ``_lastExcursion(p:q:tolerance:displacementVelocity:)`` evaluates it.
  @inline(__always)
  func _excursionMagnitude(_ t: Double, p: Double, q: Double, displacementVelocity v0: Double?) -> Double {
    if let v0 {
      let (_, s, remaining, _) = _basis.stepBasis(t, math: _MathCalls.self)
      return (p * remaining + v0 * s).magnitude
    }
    let (c, s) = _basis.basis(t, math: _MathCalls.self)
    return (p * c + q * s).magnitude
  }

  /// The first phase of ``_lastExcursion(p:q:tolerance:displacementVelocity:)``:
  /// the time itself when it is known without a search, or the bracket that
  /// bisection narrows to adjacent doubles (whose upper end is the time; it
  /// lies in (low, high]). Costs a few evaluations of the signal; the
  /// bisection costs about 60 more.
  func _excursionBracket(p: Double, q: Double, tolerance: Double, displacementVelocity v0: Double? = nil) -> _ExcursionBracket {
    let basis = _basis
    @inline(__always) func magnitude(_ t: Double) -> Double { _excursionMagnitude(t, p: p, q: q, displacementVelocity: v0) }
    let a = basis.decayRate
    let derivativeP = q - a * p
    let derivativeQ = basis.discriminant * p - a * q

    if basis.isOscillating {
      let omegaD = basis.rootDiscriminant
      if damping == 0 {
        // Undamped: |s| reaches its amplitude once per half-period, forever.
        let amplitude = _Math.hypot(p, q / omegaD)
        return .exact(amplitude <= tolerance ? 0 : .infinity)
      }
      // First extremum: P'·cos θ + (Q'/ω_d)·sin θ = 0, θ ∈ (0, π].
      var theta1 = _Math.atan2(-derivativeP * omegaD, derivativeQ)
      if theta1 <= 0 { theta1 += Double.pi }
      @inline(__always) func extremum(_ n: Double) -> Double { (theta1 + n * Double.pi) / omegaD }

      let first = magnitude(extremum(0))
      guard first > tolerance else {
        // Every extremum lies inside the band; only the start can be outside.
        return magnitude(0) > tolerance ? .bisect(low: 0, high: extremum(0)) : .exact(0)
      }
      // |s(t_n)| = first·e^(−n·δ), so the last n with |s(t_n)| > ε is ⌈λ⌉ − 1.
      let decrement = a * Double.pi / omegaD
      let lambda = _Math.logRatio(first, tolerance) / decrement
      var n = Swift.max(0, lambda.rounded(.up) - 1)
      if n > 0x1p32 {
        // More than 4e9 half-periods: the crossing lies within one of them,
        // which is below 1e-9 of the time itself.
        return .exact(extremum(n + 1))
      }
      // The logarithm can be off by one either way in rounding: check by evaluation.
      var steps = 0
      while steps < 8, magnitude(extremum(n + 1)) > tolerance { n += 1; steps += 1 }
      while steps < 16, n > 0, magnitude(extremum(n)) <= tolerance { n -= 1; steps += 1 }
      return .bisect(low: extremum(n), high: extremum(n + 1))
    }

    // Not oscillating: at most one extremum, where tanh(γt)/γ = −P'/Q'.
    let gamma = basis.rootDiscriminant
    let r = -derivativeP / derivativeQ
    let z = r * gamma
    var extremum: Double? = nil
    if r > 0, z < 0.5 {
      // atanh(z)/γ, with atanh(z)/z = 1 + z²/3 + z⁴/5 + … for small z.
      extremum = z < 0x1p-10 ? r * (1 + z * z * (1.0 / 3 + z * z * (1.0 / 5))) : _Math.atanh(z) / gamma
    } else if r > 0 {
      // Near z = 1 the rounding of z = −P'γ/Q' decides whether there is an
      // extremum at all (with extreme overdamping z is 1 − 1e-21: it rounded
      // to 1, the extremum was lost and the settle time came out 0; found by
      // the fuzzer). Factored: 1 + z ∝ (a + γ)(Q − Pγ), 1 − z ∝ s·(Q + Pγ)
      // with s = a − γ the slow rate, so atanh z = ½·ln of their ratio.
      let ratio = ((a + gamma) * (q - p * gamma)) / (basis.slowRate * (q + p * gamma))
      if ratio > 1, ratio.isFinite { extremum = 0.5 * _Math.log(ratio) / gamma }
    }
    let tailStart = extremum ?? 0
    if magnitude(tailStart) > tolerance {
      // |s| falls monotonically after tailStart: bracket the crossing by doubling.
      var low = tailStart
      var step = 1 / basis.slowRate
      var high = tailStart + step
      while magnitude(high) > tolerance, high.isFinite {
        low = high
        step *= 2
        high = tailStart + step
      }
      return .bisect(low: low, high: high)
    }
    if let extremum, magnitude(0) > tolerance {
      return .bisect(low: 0, high: extremum)
    }
    return .exact(0)
  }
}

/// Where the last excursion lies: known outright, or to be found by
/// bisecting [low, high] (``_bisectLastExcursion(_:_:_:_:)``).
enum _ExcursionBracket {
  case exact(Double)
  case bisect(low: Double, high: Double)
}

/// The crossing of a monotone |s| through `tolerance` in [low, high], where
/// |s(low)| > tolerance ≥ |s(high)|; returns the upper end of the final
/// bracket of adjacent doubles (a time inside the band).
@inline(__always)
func _bisectLastExcursion(
  _ low: Double, _ high: Double, _ magnitude: (Double) -> Double, _ tolerance: Double
) -> Double {
  var low = low
  var high = high
  for _ in 0..<_bisectionStepLimit {
    if !_bisectionStep(&low, &high, magnitude, tolerance) { break }
  }
  return high
}

/// Bisection of a last excursion stops after this many steps (adjacent
/// doubles are reached in at most about 2,100).
let _bisectionStepLimit = 2_200

/// One step of ``_bisectLastExcursion(_:_:_:_:)``: halves [low, high]
/// keeping |s(low)| > tolerance ≥ |s(high)|; false once the bracket is two
/// adjacent doubles (nothing changed).
@inline(__always)
func _bisectionStep(_ low: inout Double, _ high: inout Double, _ magnitude: (Double) -> Double, _ tolerance: Double) -> Bool {
  let middle = low + (high - low) * 0.5
  if middle <= low || middle >= high { return false }
  if magnitude(middle) > tolerance { low = middle } else { high = middle }
  return true
}
