extension SpringBatch {
  /// The first tick from which every element stays within its channel's
  /// value tolerance forever: the maximum of the elements' exact settle
  /// times (see ``Motion/endTick(within:)``), rounded up to a tick.
  /// `nil` if some element never settles (an undamped spring). The times
  /// are the exact motion's: a frame's values carry their own rounding on
  /// top (a few ulps of the element's scale, and below the normal range a
  /// few multiples of the least subnormal, 4.9e-324), so a tolerance finer
  /// than that rounding can be exceeded by it at the tick.
  ///
  /// An exact settle time costs about 60 evaluations of the motion (a
  /// bisection to adjacent doubles), so the maximum is found without solving
  /// most elements: one element's exact time first; then every element is
  /// screened by a closed-form upper bound — A·e^(−a t) when oscillating, the
  /// last time (|P| + |Q|·min(t, 1/2γ))·e^(−s t) reaches the tolerance
  /// otherwise — compared through a per-group threshold, without a logarithm
  /// per element; survivors get their bracket (a few evaluations), and the
  /// brackets are bisected in order of their upper ends, each only while it
  /// can still beat the best time found. Every time found is the one a full
  /// bisection gives, so the result is exactly the maximum of the elements'
  /// exact times, whatever the thread count.
  ///
  /// - Complexity: O(n) for n elements plus about 60 evaluations for the
  ///   element that settles last and a few for each element whose bound
  ///   comes within reach of it; one allocation per worker for survivors.
  /// - Parameters:
  ///   - tolerances: one value tolerance per channel, > 0, in the channel's
  ///     units.
  ///   - threads: the most workers to use (default: the cores); each gets at
  ///     least 100,000 values, so a small batch runs on one. The result is the
  ///     same for any count.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   wrong count or a non-positive tolerance.
  public func endTick(valueTolerances tolerances: [Double], threads: Int? = nil) throws(HarmonicError) -> AnimationTime? {
    try _Check.shape(tolerances.count, "tolerances.count", expected: channelCount, what: "channelCount")
    for (channel, tolerance) in tolerances.enumerated() { try _Check.positive(tolerance, "tolerances[\(channel)]") }
    return _settleTick(checkedTolerances: tolerances, threads: threads)
  }

  /// ``endTick(valueTolerances:threads:)`` for tolerances already checked
  /// (one per channel, finite and > 0).
  func _settleTick(checkedTolerances tolerances: [Double], threads: Int?) -> AnimationTime? {
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
    // A screen without logarithms: per group, a rate r and a factor f with
    // which the cheap bound is ≤ ln(key)/r·(1 + 1e-9) + 1e-12 for
    // key = (|p| + |q|·f)/tolerance, so that key ≤ e^(r·(best − 1e-12)/(1 + 1e-9))
    // rules an element out against best. (Oscillating: key ≥ hypot(p, q/ω_d)/ε
    // and r = a; otherwise key = (|p| + 2|q|/(s·e))/ε and r = s/2.)
    // (The factor's own rounding, an ulp or so, is far inside the 1e-9 margins.)
    let screens = _groups.map { group -> (rate: Double, factor: Double, decayRate: Double) in
      let basis = group.spring._basis
      if basis.isOscillating { return (group.spring.damping == 0 ? 0 : basis.decayRate, 1 / basis.rootDiscriminant, basis.decayRate) }
      return (basis.slowRate / 2, 2 / (basis.slowRate * 2.718281828459045), basis.decayRate)
    }
    @Sendable func terms(_ e: Int) -> (group: Int, p: Double, q: Double, tolerance: Double) {
      let group = _group(e % items)
      let p = _columns[e] - _columns[n + e]
      return (group, p.magnitude, (_columns[2 * n + e] + screens[group].decayRate * p).magnitude, tolerances[e / items])
    }
    @Sendable func key(_ e: Int) -> (group: Int, key: Double) {
      let (group, p, q, tolerance) = terms(e)
      return (group, (p + q * screens[group].factor) / tolerance)
    }
    // Seed the maximum with the element of the largest key in its group
    // whose cheap bound is largest (any seed gives the same result).
    var largest = [(key: Double, element: Int)](repeating: (-1, 0), count: _groups.count)
    for e in 0..<n {
      let (group, k) = key(e)
      if !(k <= largest[group].key) { largest[group] = (k, e) }
    }
    var seed = 0, seedBound = -1.0
    for (k, e) in largest where k >= 0 {
      let b = bound(e, best: 0, refine: false)
      if !(b <= seedBound) { (seed, seedBound) = (e, b) }
    }
    let initial = exact(seed)
    if !initial.isFinite { return nil }
    let thresholds = screens.map { screen -> Double in
      let exponent = screen.rate * Swift.max(0, initial - 1e-12) / (1 + 1e-9)
      return _Math.exp(exponent) * (1 - 1e-9)
    }
    // A tighter screen, also without logarithms, for the springs near
    // critical damping where the one above is loose (its rate is s/2, or
    // its factor 1/ω_d huge): |d(t)| ≤ (|p| + |q|·min(t, R))·e^(−r t) with
    // r = a, R = 1/ω_d when oscillating and r = s, R = 1/(2γ) otherwise
    // (|Ĉ| ≤ e^(−r t), |Ŝ| ≤ e^(−r t)·min(t, R)). That envelope decreases
    // for t ≥ 1/r, so when the seed's time (less the margins) T is past 1/r,
    // an element with (|p| + |q|·min(T, R))/tolerance ≤ e^(r·T) stays in its
    // band from T on and cannot raise the maximum.
    let adjusted = Swift.max(0, initial - 1e-12) / (1 + 1e-9)
    let tight = _groups.map { group -> (reach: Double, threshold: Double) in
      let basis = group.spring._basis
      let rate = basis.isOscillating ? basis.decayRate : basis.slowRate
      let reach =
        basis.isOscillating ? 1 / basis.rootDiscriminant : basis.rootDiscriminant > 0 ? 1 / (2 * basis.rootDiscriminant) : Double.infinity
      guard rate > 0, adjusted * rate >= 1 else { return (0, -1) }  // no screen: every key is ≥ 0 > −1
      return (Swift.min(adjusted, reach), _Math.exp(rate * adjusted) * (1 - 1e-9))
    }
    // A third screen, for oscillating springs, where the two above are
    // loose by the factor ω₀/ω_d and more (the cosine's extrema fall
    // short of its envelope). From T = `adjusted` on, d = p·Ĉ + q·Ŝ is a
    // damped cosine again, from D = d(T) and D′ = d′(T), which the group's
    // bases at T give (Ĉ′ = −a·Ĉ − ω_d²·Ŝ, Ŝ′ = Ĉ − a·Ŝ). Its extrema reach
    // at most A_T·ω_d/ω₀, A_T = hypot(D, (D′ + a·D)/ω_d) its amplitude at T;
    // heading for zero at T (D·D′ < 0), |d| is at most |D| until the zero,
    // and the next extremum comes at least arccos(ζ)/ω_d after it, so it
    // reaches at most A_T·ω_d/ω₀·e^(−a·arccos(ζ)/ω_d). An element whose
    // largest |d| from T on is inside its band, with a margin far above the
    // rounding of what the exact solve evaluates, cannot raise the maximum.
    typealias PeakScreen = (a: Double, omegaD: Double, c: Double, s: Double, c1: Double, s1: Double, peak: Double, gap: Double, envelope: Double)
    let peaks = _groups.map { group -> PeakScreen? in
      let basis = group.spring._basis
      guard basis.isOscillating, group.spring.damping != 0, adjusted > 0 else { return nil }
      let (a, omegaD) = (basis.decayRate, basis.rootDiscriminant)
      let (c, s) = basis.basis(adjusted)
      return (
        a, omegaD, c, s, -a * c - omegaD * omegaD * s, c - a * s, omegaD / basis.omegaSquared.squareRoot(),
        _Math.exp(-a * _Math.atan2(omegaD, a) / omegaD), _Math.exp(-a * adjusted)
      )
    }
    // Every element whose bound exceeds the seed's exact time: its bracket
    // (a few evaluations); those known outright raise the maximum directly.
    typealias Candidate = (element: Int, low: Double, high: Double)
    let parts = _Parallel.workers(elementCount: n, threads: threads)
    let partial = _ResultSlots<(best: Double, candidates: [Candidate])>(count: parts, initial: (initial, []))
    let work: @Sendable (Int) -> Void = { part in
      var best = initial
      var candidates: [Candidate] = []
      for e in (part * n / parts)..<((part + 1) * n / parts) {
        let (group, pMagnitude, qMagnitude, bandWidth) = terms(e)
        let k = (pMagnitude + qMagnitude * screens[group].factor) / bandWidth
        if k <= thresholds[group], k < .infinity { continue }
        if (pMagnitude + qMagnitude * tight[group].reach) / bandWidth <= tight[group].threshold { continue }
        if let screen = peaks[group] {
          let (a, omegaD) = (screen.a, screen.omegaD)
          let (p, v) = (_columns[e] - _columns[n + e], _columns[2 * n + e])
          let q = v + a * p
          let (d, rate) = (p * screen.c + q * screen.s, p * screen.c1 + q * screen.s1)
          let along = (rate + a * d) / omegaD
          let peak = (d * d + along * along).squareRoot() * screen.peak * (d * rate < 0 ? screen.gap : 1)
          let scale = (p.magnitude * (1 + a / omegaD) + (q.magnitude + v.magnitude) / omegaD) * screen.envelope
          if Swift.max(d.magnitude, peak) + 1e-9 * scale <= bandWidth * (1 - 1e-9) { continue }
        }
        guard bound(e, best: initial, refine: true) > initial else { continue }
        let (spring, p, q, velocity, tolerance) = element(e)
        switch spring._excursionBracket(p: p, q: q, tolerance: tolerance, displacementVelocity: velocity) {
        case let .exact(time): best = Swift.max(best, time)
        case let .bisect(low, high): if high > initial { candidates.append((e, low, high)) }
        }
      }
      partial.store((best, candidates), at: part)
    }
    _Parallel.forEachPart(parts, work)
    // The maximum of the exact times is the largest upper end of a bracket
    // once bisected through: visit brackets by upper end, bisecting each only
    // while its upper end can still beat the best time found (or the largest
    // lower end, which some exact time exceeds). Every time found is the one
    // a full bisection gives, so the result is bit for bit the maximum of
    // the elements' exact times.
    let results = partial.values
    var best = results.map(\.best).max() ?? initial
    var candidates = results.flatMap(\.candidates)
    if !best.isFinite { return nil }
    candidates.sort { ($0.high, $1.element) > ($1.high, $0.element) }
    let largestLow = candidates.map(\.low).max() ?? -Double.infinity
    for candidate in candidates {
      if candidate.high <= best || candidate.high < largestLow { break }
      let (spring, p, q, velocity, tolerance) = element(candidate.element)
      var (low, high) = (candidate.low, candidate.high)
      var converged = false
      for _ in 0..<_bisectionStepLimit {
        if !_bisectionStep(&low, &high, { spring._excursionMagnitude($0, p: p, q: q, displacementVelocity: velocity) }, tolerance) {
          converged = true
          break
        }
        if high <= best || high < largestLow { break }
      }
      if converged || !(high <= best || high < largestLow) { best = Swift.max(best, high) }
    }
    return start._firstTick(afterSeconds: best)
  }
}
