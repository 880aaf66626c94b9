import Harmonic

/// The least-squares problem of a spring fit. Parameters θ: ln k and ln c
/// (mass 1), then whichever of start, target and initial velocity were not
/// given, in that order. The model is linear in those three,
///
///     x(t) = start·R(t) + target·P(t) + v₀·Ŝ(t),     R = Ĉ + a·Ŝ, P = 1 − R,
///
/// so their Jacobian columns are R, P and Ŝ, and the starting grid solves
/// for them exactly at each (k, c) (variable projection).
struct _FitProblem {
  let samples: [SpringFit.Sample]
  /// Given start, target and initial velocity; `nil` ones are fitted.
  let fixed: (start: Double?, target: Double?, velocity: Double?)
  let scale: Double
  /// Which of start, target, velocity are parameters (θ[2…] in this order).
  var freeLinear: [Int] {
    [fixed.start == nil ? 0 : nil, fixed.target == nil ? 1 : nil, fixed.velocity == nil ? 2 : nil].compactMap { $0 }
  }
  var parameterCount: Int { 2 + freeLinear.count }

  init(samples: [SpringFit.Sample], start: Double?, target: Double?, velocity: Double?, scale: Double) {
    (self.samples, self.fixed, self.scale) = (samples, (start, target, velocity), scale)
  }

  static let logLimit = _Math.log(1e50) - 1

  func spring(_ theta: [Double]) -> Spring? {
    guard theta[0].magnitude <= _FitProblem.logLimit, theta[1].magnitude <= _FitProblem.logLimit else { return nil }
    return try? Spring(mass: 1, stiffness: _Math.exp(theta[0]), damping: _Math.exp(theta[1]))
  }

  /// (start, target, initial velocity) at θ.
  func linear(_ theta: [Double]) -> (start: Double, target: Double, velocity: Double) {
    var values = [fixed.start ?? 0, fixed.target ?? 0, fixed.velocity ?? 0]
    for (k, index) in freeLinear.enumerated() { values[index] = theta[2 + k] }
    return (values[0], values[1], values[2])
  }

  /// Residuals (model − data) and, if asked, the Jacobian (column-major n × p).
  func evaluate(_ theta: [Double], jacobian: Bool) -> (residuals: [Double], jacobian: [Double])? {
    guard let spring = spring(theta) else { return nil }
    let (from, to, v0) = linear(theta)
    guard [from, to, v0].allSatisfy({ $0.isFinite && $0.magnitude <= 1e100 }) else { return nil }
    let basis = spring._basis
    let a = basis.decayRate, q = basis.discriminant, k = spring.stiffness, c = spring.damping
    let u0 = from - to
    let b = v0 + a * u0
    let n = samples.count
    let free = freeLinear
    var residuals = [Double](repeating: 0, count: n)
    var j = [Double](repeating: 0, count: jacobian ? n * parameterCount : 0)
    for (i, sample) in samples.enumerated() {
      let t = sample.time
      let (chat, shat, remaining, step) = basis.stepBasis(t)
      // The value as SpringMotion computes it.
      residuals[i] = (((0 + from * remaining) + to * step) + v0 * shat) - sample.value
      guard jacobian else { continue }
      let dShatDq: Double
      let z = q * t * t
      if z.magnitude <= 1 {
        var sum = 0.0, power = 1.0, factorial = 6.0  // (2m+3)! starting at 3!
        for m in 0..<12 {
          sum += Double(m + 1) * power / factorial
          power *= z
          factorial *= Double(2 * m + 4) * Double(2 * m + 5)
        }
        dShatDq = _Math.exp(-(a * t)) * t * t * t * sum
      } else {
        dShatDq = (t * chat - shat) / (2 * q)
      }
      let dA = u0 * (-t * chat) + u0 * shat + b * (-t * shat)
      let dQ = u0 * (t * shat / 2) + b * dShatDq
      j[i] = k * (-dQ)  // ∂/∂ln k
      j[n + i] = c * (0.5 * dA + a * dQ)  // ∂/∂ln c
      for (col, index) in free.enumerated() {
        j[(2 + col) * n + i] = index == 0 ? remaining : index == 1 ? step : shat
      }
    }
    guard residuals.allSatisfy(\.isFinite), j.allSatisfy(\.isFinite) else { return nil }
    return (residuals, j)
  }

  /// The free linear parameters that fit the data best at (ln k, ln c), and
  /// the cost there: a linear least-squares problem in at most 3 unknowns
  /// (columns R, P, Ŝ of the free ones, right-hand side the data minus the
  /// given terms), solved through its normal equations G·x = h by Cholesky,
  /// with cost bᵀb − hᵀx. A starting point only (the iteration then refines
  /// every parameter); the grid solves 4,200 of these, so each is one pass
  /// over the samples. `nil` when the columns are (nearly) dependent at this (k, c).
  func projectedLinear(lnStiffness: Double, lnDamping: Double) -> (linear: [Double], cost: Double)? {
    guard let spring = spring([lnStiffness, lnDamping]) else { return nil }
    let basis = spring._basis
    let free = freeLinear
    let m = free.count
    // Given ends and velocity; a free one is 0 here, and subtracting 0·x changes no bit.
    let given = (fixed.start ?? 0, fixed.target ?? 0, fixed.velocity ?? 0)
    // G's lower triangle (g00; g10 g11; g20 g21 g22), h, and bᵀb.
    var (g00, g10, g11, g20, g21, g22) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    var (h0, h1, h2) = (0.0, 0.0, 0.0)
    var bb = 0.0
    for sample in samples {
      let (_, shat, remaining, step) = basis.stepBasis(sample.time)
      let rhs = ((sample.value - given.0 * remaining) - given.1 * step) - given.2 * shat
      func column(_ index: Int) -> Double { index == 0 ? remaining : index == 1 ? step : shat }
      let r0 = m > 0 ? column(free[0]) : 0, r1 = m > 1 ? column(free[1]) : 0, r2 = m > 2 ? column(free[2]) : 0
      bb += rhs * rhs
      (h0, h1, h2) = (h0 + r0 * rhs, h1 + r1 * rhs, h2 + r2 * rhs)
      (g00, g10, g11) = (g00 + r0 * r0, g10 + r1 * r0, g11 + r1 * r1)
      (g20, g21, g22) = (g20 + r2 * r0, g21 + r2 * r1, g22 + r2 * r2)
    }
    if m == 0 { return ([], bb) }
    // Cholesky G = L·Lᵀ, refusing pivots below 1e-12 of the largest diagonal entry.
    let largest = max(g00, g11, g22)
    guard largest > 0, largest.isFinite else { return nil }
    let l00 = g00.squareRoot()
    guard g00 > 1e-12 * largest else { return nil }
    var (l10, l11, l20, l21, l22) = (0.0, 0.0, 0.0, 0.0, 0.0)
    if m >= 2 {
      l10 = g10 / l00
      let pivot = g11 - l10 * l10
      guard pivot > 1e-12 * largest else { return nil }
      l11 = pivot.squareRoot()
    }
    if m == 3 {
      l20 = g20 / l00
      l21 = (g21 - l20 * l10) / l11
      let pivot = g22 - l20 * l20 - l21 * l21
      guard pivot > 1e-12 * largest else { return nil }
      l22 = pivot.squareRoot()
    }
    // L·y = h, then Lᵀ·x = y.
    let y0 = h0 / l00
    let y1 = m >= 2 ? (h1 - l10 * y0) / l11 : 0
    let y2 = m == 3 ? (h2 - l20 * y0 - l21 * y1) / l22 : 0
    let x2 = m == 3 ? y2 / l22 : 0
    let x1 = m >= 2 ? (y1 - l21 * x2) / l11 : 0
    let x0 = (y0 - l10 * x1 - l20 * x2) / l00
    let solution = Array([x0, x1, x2].prefix(m))
    guard solution.allSatisfy({ $0.isFinite && $0.magnitude <= 1e100 }) else { return nil }
    return (solution, max(0, bb - (h0 * x0 + h1 * x1 + h2 * x2)))
  }

  /// Samples used by the starting grid: at most this many, evenly spread
  /// over the data (first and last included). The grid only picks a start;
  /// the iteration uses every sample.
  static let gridSampleLimit = 48

  /// The best point of a coarse grid over response and damping ratio.
  func initialGuess() -> [Double] {
    let span = max(samples[samples.count - 1].time - samples[0].time, samples[samples.count - 1].time, 1e-6)
    let n = samples.count, limit = _FitProblem.gridSampleLimit
    let coarse =
      n <= limit
      ? self
      : _FitProblem(
        samples: (0..<limit).map { samples[($0 * (n - 1) + (limit - 1) / 2) / (limit - 1)] },
        start: fixed.start, target: fixed.target, velocity: fixed.velocity, scale: scale)
    var best: ([Double], Double)? = nil
    // 3.5 decades of response in 4 % steps (oscillating data have a local
    // minimum per period, so the frequency must start close), 2.2 decades of
    // damping ratio.
    // Powers of ten through Harmonic's own exp, so the grid (and the fit) does
    // not depend on the platform's pow.
    let ln10 = 2.302585092994046
    for ri in 0..<140 {
      let response = span * _Math.exp(ln10 * (-2.5 + 3.5 * Double(ri) / 139))
      for zi in 0..<30 {
        let ratio = _Math.exp(ln10 * (-1.5 + 2.2 * Double(zi) / 29))
        let omega = 2 * Double.pi / response
        let k = omega * omega, c = 4 * Double.pi * ratio / response
        let (lnK, lnC) = (_Math.log(k), _Math.log(c))
        guard let (linear, value) = coarse.projectedLinear(lnStiffness: lnK, lnDamping: lnC),
          value < (best?.1 ?? .infinity)
        else { continue }
        best = ([lnK, lnC] + linear, value)
      }
    }
    return best?.0 ?? [_Math.log(100), _Math.log(10)]
      + (projectedLinear(lnStiffness: _Math.log(100), lnDamping: _Math.log(10))?.linear ?? freeLinear.map { _ in 0 })
  }

  mutating func solve() throws(HarmonicError) -> SpringFit.Estimate {
    let n = samples.count, p = parameterCount
    var theta = initialGuess()
    guard var current = evaluate(theta, jacobian: true) else {
      throw .undefined(quantity: "spring fit", reason: "no spring in the accepted range reproduces these samples")
    }
    var cost = current.residuals.reduce(0) { $0 + $1 * $1 }
    var lambda = 1e-3
    var iterations = 0
    var termination = SpringFit.Termination.iterationLimit
    iterationLoop: while iterations < SpringFit.maximumIterations {
      iterations += 1
      let jac = current.jacobian
      var diagonal = [Double](repeating: 0, count: p)
      for col in 0..<p { for i in 0..<n { diagonal[col] += jac[col * n + i] * jac[col * n + i] } }
      var improved = false
      for _ in 0..<40 {
        // [J; √λ·D] δ ≈ −[r; 0], column-major (n + p) × p.
        var augmented = [Double](repeating: 0, count: (n + p) * p)
        for col in 0..<p {
          for i in 0..<n { augmented[col * (n + p) + i] = jac[col * n + i] }
          augmented[col * (n + p) + n + col] = (lambda * max(diagonal[col], 1e-300)).squareRoot()
        }
        let rhs = current.residuals.map { -$0 } + [Double](repeating: 0, count: p)
        guard let step = _LAPACK.leastSquares(augmented, rows: n + p, columns: p, rhs) else { lambda *= 10; continue }
        let candidate = zip(theta, step).map { $0 + $1 }
        if let next = evaluate(candidate, jacobian: true) {
          let nextCost = next.residuals.reduce(0) { $0 + $1 * $1 }
          if nextCost < cost {
            let converged = zip(step, theta).allSatisfy { $0.magnitude <= 1e-13 * max(1, $1.magnitude) } || cost - nextCost <= 1e-28 * scale * scale * Double(n)
            theta = candidate
            current = next
            cost = nextCost
            lambda = max(lambda / 3, 1e-15)
            improved = true
            if converged {
              termination = .converged
              break iterationLoop
            }
            break
          }
        }
        lambda *= 4
        if lambda > 1e16 { break }
      }
      if !improved {
        termination = .noImprovingStep
        break
      }
    }

    let spring = self.spring(theta)!
    let residuals = current.residuals
    let rms = (cost / Double(n)).squareRoot()
    let maxError = residuals.map(\.magnitude).max() ?? 0
    // Covariance σ̂²·(JᵀJ)⁻¹ for ln k and ln c; conditioning from its eigenvalues.
    var normal = [Double](repeating: 0, count: p * p)
    for r in 0..<p { for s in 0..<p { for i in 0..<n { normal[s * p + r] += current.jacobian[r * n + i] * current.jacobian[s * n + i] } } }
    let eigenvalues = _LAPACK.symmetricEigenvalues(normal, n: p) ?? []
    let condition = (eigenvalues.last ?? .infinity) / max(eigenvalues.first ?? 0, .leastNormalMagnitude)
    let sigma2 = n > p ? cost / Double(n - p) : 0
    var errors = (stiffness: 0.0, damping: 0.0)
    if sigma2 > 0, let inverse = _FitProblem.inverseDiagonal(normal, p) {
      errors = ((sigma2 * inverse[0]).squareRoot(), (sigma2 * inverse[1]).squareRoot())
    }
    let (start, target, velocity) = linear(theta)
    return SpringFit.Estimate(
      spring: spring, start: start, target: target, initialVelocity: velocity, rms: rms, maxError: maxError,
      relativeStandardErrors: errors, conditionNumber: condition, iterations: iterations,
      termination: termination)
  }

  /// Diagonal of the inverse of a small symmetric positive definite matrix, by
  /// solving A·x = eₖ with LAPACK for each k.
  static func inverseDiagonal(_ a: [Double], _ p: Int) -> [Double]? {
    var result: [Double] = []
    for k in 0..<p {
      var unit = [Double](repeating: 0, count: p)
      unit[k] = 1
      guard let column = _LAPACK.leastSquares(a, rows: p, columns: p, unit) else { return nil }
      result.append(column[k])
    }
    return result
  }
}
