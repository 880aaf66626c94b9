extension SpringBatch {
  /// The first tick from which every element stays within its channel's
  /// value tolerance forever: the maximum of the elements' exact settle
  /// times (see ``SpringMotion/settleTime(tolerance:)``), rounded up to a tick.
  /// `nil` if some element never settles (an undamped spring).
  ///
  /// Exact settle times cost a few microseconds each, so most elements are
  /// ruled out first by a closed-form upper bound — A·e^(−a t) when
  /// oscillating, the last time (|P| + |Q|·min(t, 1/2γ))·e^(−s t) reaches
  /// the tolerance otherwise (a few fixed-point steps) — and only those
  /// whose bound exceeds the largest exact time found so far are solved.
  ///
  /// - Parameters:
  ///   - tolerances: one value tolerance per channel, > 0, in the channel's
  ///     units.
  ///   - threads: worker count; `nil` picks one below 1e5 values, else all
  ///     cores. The result is the same for any count.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   wrong count or a non-positive tolerance.
  public func settleTick(valueTolerances tolerances: [Double], threads: Int? = nil) throws(HarmonicError) -> AnimationTime? {
    guard tolerances.count == channelCount else {
      throw .invalidParameter(name: "tolerances.count", value: Double(tolerances.count), accepted: "channelCount = \(channelCount)")
    }
    for (channel, tolerance) in tolerances.enumerated() where !(tolerance > 0 && tolerance.isFinite) {
      throw .invalidParameter(name: "tolerances[\(channel)]", value: tolerance, accepted: "finite and > 0")
    }
    let n = elementCount, items = itemCount
    @Sendable func element(_ e: Int) -> (spring: Spring, p: Double, q: Double, velocity: Double, tolerance: Double) {
      let item = e % items
      let spring = _groups[_group(item)].spring
      let displacement = _columns[e] - _columns[n + e]
      let velocity = _columns[2 * n + e]
      // q: the coupling v₀ + a·(start − target) of the displacement's Ŝ term.
      return (spring, displacement, velocity + spring._basis.decayRate * displacement, velocity, tolerances[e / items])
    }
    /// An upper bound on element e's settle time: the cheap closed form
    /// first (one log), refined only when `refine` and the cheap one does
    /// not already rule the element out against `best`.
    @Sendable func bound(_ e: Int, best: Double, refine: Bool) -> Double {
      let (spring, p, q, _, tolerance) = element(e)
      let basis = spring._basis
      // A margin for the rounding of the values the exact solve reads.
      func padded(_ t: Double) -> Double { t * (1 + 1e-9) + 1e-12 }
      if basis.isOscillating {
        let amplitude = _Math.hypot(p, q / basis.rootDiscriminant)
        if amplitude <= tolerance { return 0 }
        if spring.damping == 0 { return .infinity }
        let a = basis.decayRate
        let cheap = padded(_Math.log(amplitude / tolerance) / a)
        if !refine || cheap <= best { return cheap }
        // Near critical damping ω_d is tiny and q/ω_d huge, but |Ŝ| ≤
        // e^(−a t)·min(t, 1/ω_d): |d(t)| ≤ (|p| + |q|·min(t, 1/ω_d))·e^(−a t).
        // The last time that envelope reaches the tolerance is found by
        // decreasing fixed-point steps, from its own constant-m bound.
        let reach = 1 / basis.rootDiscriminant
        var other = _Math.log((p.magnitude + q.magnitude * reach) / tolerance) / a
        for _ in 0..<6 where other > 0 {
          let next = _Math.log((p.magnitude + q.magnitude * Swift.min(other, reach)) / tolerance) / a
          if !(next < other) { break }
          other = Swift.max(next, 0)
        }
        return Swift.min(cheap, padded(other))
      }
      let s = basis.slowRate
      let scale = p.magnitude + 2 * q.magnitude / (s * 2.718281828459045)
      if scale <= tolerance { return 0 }
      let cheap = 2 * _Math.log(scale / tolerance) / s
      if !refine || padded(cheap) <= best { return padded(cheap) }
      // |d(t)| ≤ (|p| + |q|·min(t, 1/2γ))·e^(−s t), since Ĉ ≤ e^(−s t) and
      // Ŝ = e^(−s t)·(1 − e^(−2γ t))/(2γ). The cheap bound is past the last t
      // where that envelope reaches the tolerance; the map
      // U ↦ ln((|p| + |q|·min(U, 1/2γ))/tol)/s is increasing and concave, so
      // iterating it from there gives decreasing bounds that stay past it.
      var bound = cheap
      let reach = basis.rootDiscriminant > 0 ? 1 / (2 * basis.rootDiscriminant) : Double.infinity
      for _ in 0..<3 {
        let next = _Math.log((p.magnitude + q.magnitude * Swift.min(bound, reach)) / tolerance) / s
        if !(next < bound) { break }
        bound = Swift.max(next, 0)
      }
      return padded(bound)
    }
    @Sendable func exact(_ e: Int) -> Double {
      let (spring, p, q, velocity, tolerance) = element(e)
      return spring._lastExcursion(p: p, q: q, tolerance: tolerance, displacementVelocity: velocity)
    }
    // Seed the maximum with the element of the largest bound.
    var seed = 0, seedBound = -1.0
    for e in 0..<n {
      let b = bound(e, best: 0, refine: false)
      if b > seedBound { (seed, seedBound) = (e, b) }
    }
    let initial = exact(seed)
    if !initial.isFinite { return nil }
    let parts = _Parallel.workers(elementCount: n, threads: threads)
    let partial = _ResultSlots(count: parts)
    let work: @Sendable (Int) -> Void = { part in
      var best = initial
      for e in (part * n / parts)..<((part + 1) * n / parts) where bound(e, best: best, refine: true) > best {
        best = Swift.max(best, exact(e))
      }
      partial.store(best, at: part)
    }
    _Parallel.forEachPart(parts, work)
    let seconds = partial.values.max() ?? initial
    return origin._firstTick(afterSeconds: seconds)
  }

  /// The settle tick (renamed: `settleTime` means seconds elsewhere).
  @available(*, deprecated, renamed: "settleTick(valueTolerances:threads:)")
  public func settleTime(valueTolerances tolerances: [Double], threads: Int? = nil) throws(HarmonicError) -> AnimationTime? {
    try settleTick(valueTolerances: tolerances, threads: threads)
  }
}
