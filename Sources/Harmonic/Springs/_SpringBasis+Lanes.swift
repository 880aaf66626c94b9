/// Springs of one regime (all oscillating, or all not), one per lane, at
/// per-lane times: `stepBasis` with the lane math of `_Math+Vector.swift` —
/// the same operations in the same order as the scalar path, so the same
/// bits (`LaneMathTests`).
///
/// `stepBasis` returns, in `scalar`, the lanes it does not take; the caller
/// computes those with the scalar `stepBasis`. They are: arguments outside
/// the lane functions' ranges (an exponent of −708 or below, a phase of
/// 2¹⁹·π/2 or more), and an oscillating spring's step response between its
/// series and its half-decay when cos θ ≤ 0 (it needs sin(θ/2)).
struct _SpringBasisLanes {
  let decayRate: _Lanes
  let omegaSquared: _Lanes
  let rootDiscriminant: _Lanes
  let slowRate: _Lanes
  let isOscillating: Bool

  /// Bases of one regime, one per lane (`isOscillating` is the first one's).
  @inline(__always)
  init(_ b0: _SpringBasis, _ b1: _SpringBasis) {
    decayRate = _Lanes(b0.decayRate, b1.decayRate)
    omegaSquared = _Lanes(b0.omegaSquared, b1.omegaSquared)
    rootDiscriminant = _Lanes(b0.rootDiscriminant, b1.rootDiscriminant)
    slowRate = _Lanes(b0.slowRate, b1.slowRate)
    isOscillating = b0.isOscillating
  }

  // `@_transparent`, not `@inline(__always)`: with the latter the
  // optimizer kept this a call, returning its five lanes through the stack
  // (`distinct springs`: 5–7 % of a frame, interleaved runs; same bits).
  @_transparent
  func stepBasis(_ t: _Lanes) -> (c: _Lanes, s: _Lanes, remaining: _Lanes, step: _Lanes, scalar: _LaneMask) {
    var scalar: _LaneMask
    let c: _Lanes, s: _Lanes
    var sinTheta = _Lanes(), cosTheta = _Lanes()
    var slowDecay = _Lanes()
    if isOscillating {
      let decay = -(decayRate * t)
      let theta = rootDiscriminant * t
      scalar = (decay .<= -708) .| (theta .>= 823_549.6)
      let envelope = _Math.exp(decay.replacing(with: 0, where: scalar))
      (sinTheta, cosTheta) = _Math.sincos(theta.replacing(with: 0, where: scalar))
      c = envelope * cosTheta
      let theta2 = theta * theta
      let inner: _Lanes = 1.0 / 6 - theta2 * (1.0 / 120)
      let series = envelope * (t * (1 - theta2 * inner))
      s = ((envelope / rootDiscriminant) * sinTheta).replacing(with: series, where: theta .< 0x1p-10)
    } else {
      slowDecay = -(slowRate * t)
      let y = 2 * rootDiscriminant * t
      scalar = (slowDecay .<= -708) .| (y .>= 708)
      let slow = _Math.exp(slowDecay.replacing(with: 0, where: scalar))
      let ratio = _Math.exp((-y).replacing(with: 0, where: scalar))
      c = slow * ((1 + ratio) * 0.5)
      // 1 − y·(1/2 − y·(1/6 − y·(1/24 − y·(1/120)))), in that order.
      var h = y * (1.0 / 120)
      h = y * (1.0 / 24 - h)
      h = y * (1.0 / 6 - h)
      h = y * (0.5 - h)
      let series = 1 - h
      let sine = slow * (-_Math.expm1(-y) / (2 * rootDiscriminant))
      s = sine.replacing(with: slow * (t * series), where: y .< 0x1p-10)
    }
    let remaining = c + decayRate * s
    var step = 1 - remaining
    let needsMore = remaining .> 0.5
    if any(needsMore) {
      let useSeries = needsMore .& ((decayRate + rootDiscriminant) * t .<= 1)
      if any(useSeries) {
        step.replace(with: _SpringBasisLanes.stepSeries(decayRate, omegaSquared, t, useSeries), where: useSeries)
      }
      let useMiddle = needsMore .& .!useSeries
      if any(useMiddle) {
        // The step response between its series and R ≤ 1/2.
        let middle: _Lanes
        if isOscillating {
          let envelopeMinusOne = _Math.expm1(-(decayRate * t))
          let twoHalfSineSquared = (sinTheta * sinTheta) / (1 + cosTheta)
          middle = (-envelopeMinusOne + (1 + envelopeMinusOne) * twoHalfSineSquared) - decayRate * s
          scalar .|= useMiddle .& (cosTheta .<= 0)
        } else {
          middle = -_Math.expm1(slowDecay) - slowRate * s
        }
        step.replace(with: middle, where: useMiddle)
      }
    }
    return (c, s, remaining, step, scalar)
  }

  /// The step response's Taylor series (`_SpringBasis.stepBasis`) in the
  /// lanes of `active`, each stopping where the scalar loop stops.
  @inline(__always)
  static func stepSeries(_ decayRate: _Lanes, _ omegaSquared: _Lanes, _ t: _Lanes, _ active: _LaneMask) -> _Lanes {
    let alpha2 = 2 * (decayRate * t)
    let beta = omegaSquared * (t * t)
    var previous = _Lanes()
    var current = 0.5 * beta
    var sum = current
    var running = active
    var n = 2.0
    for _ in 0..<40 {
      let reciprocal = 1 / ((n + 1) * n)
      let next = (-(alpha2 * n) * reciprocal) * current + (-beta * reciprocal) * previous
      sum.replace(with: sum + next, where: running)
      running .&= .!(_Math.magnitude(next) + _Math.magnitude(current) .<= 0x1p-60 * sum)
      if !any(running) { break }
      previous = current
      current = next
      n += 1
    }
    return sum
  }
}
