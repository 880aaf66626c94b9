#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the spring that best matches a wanted motion.
///
/// From samples (or a cubic-bezier easing, sampled) it minimizes the sum of
/// squared differences between the spring's exact closed form and the data
/// with Levenberg–Marquardt: parameters ln k and ln c at mass 1 (only k/m and
/// c/m shape the motion; the log keeps them positive), optionally the initial
/// velocity; analytic derivatives of the closed form (below); each step a
/// damped linear least-squares problem `[J; √λ·D]·δ ≈ −[r; 0]` solved by
/// LAPACK's `dgels`; the start from a coarse grid over response and damping
/// ratio. Design targets (overshoot and settle time, duration and bounce) are
/// solved exactly instead.
///
/// Derivatives. With u = u₀·Ĉ + B·Ŝ, B = v₀ + a·u₀, a = c/2, q = a² − k:
/// ∂Ĉ/∂a = −t·Ĉ, ∂Ŝ/∂a = −t·Ŝ, ∂Ĉ/∂q = t·Ŝ/2, ∂Ŝ/∂q = (t·Ĉ − Ŝ)/(2q) —
/// the last evaluated by its series t³·e^(−at)·Σ (m+1)(qt²)^m/(2m+3)! when
/// |q·t²| ≤ 1, where the quotient would cancel.
public enum SpringFit {
  /// A fitted spring and how well it fits.
  public struct Result: Sendable {
    /// The spring (mass 1).
    public let spring: Spring
    /// The initial velocity, units/s (fitted, or as given).
    public let initialVelocity: Double
    /// Root-mean-square and largest absolute residual, in the data's units.
    public let rms: Double
    public let maxError: Double
    /// Standard errors of ln k and ln c (≈ relative errors of stiffness and
    /// damping), from σ̂²·(JᵀJ)⁻¹; 0 for an exact fit.
    public let relativeStandardErrors: (stiffness: Double, damping: Double)
    /// Condition number of JᵀJ at the solution (large: the data do not pin
    /// the parameters down).
    public let conditionNumber: Double
    public let iterations: Int
  }

  /// One observation: time (s) and value (units).
  public struct Sample: Sendable, Hashable {
    public var time: Double
    public var value: Double
    public init(time: Double, value: Double) {
      self.time = time
      self.value = value
    }
  }

  /// Fits a spring to samples of a motion from `from` to `to`.
  ///
  /// - Parameters:
  ///   - samples: at least 4, times ≥ 0 strictly increasing, finite values.
  ///     Time 0 is the start of the motion.
  ///   - from: the value at time 0 (default: the first sample's value).
  ///   - to: the target (default: the last sample's value).
  ///   - initialVelocity: fixed initial velocity (units/s), or `nil` to fit it.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   too few points, non-finite or unordered data, or a constant motion
  ///   (from = to with constant samples), which has no spring to find.
  public static func fit(samples: [Sample], from: Double? = nil, to: Double? = nil, initialVelocity: Double? = 0) throws(HarmonicError) -> Result {
    guard samples.count >= 4 else {
      throw .invalidParameter(name: "samples.count", value: Double(samples.count), accepted: "≥ 4 (a spring has 2–3 parameters to fit)")
    }
    for (k, sample) in samples.enumerated() {
      guard sample.time.isFinite, sample.time >= 0, sample.time <= 1e6 else {
        throw .invalidParameter(name: "samples[\(k)].time", value: sample.time, accepted: "finite, within [0, 1e6] s")
      }
      guard sample.value.isFinite, sample.value.magnitude <= 1e12 else {
        throw .invalidParameter(name: "samples[\(k)].value", value: sample.value, accepted: "finite, magnitude ≤ 1e12")
      }
      if k > 0, sample.time <= samples[k - 1].time {
        throw .invalidParameter(name: "samples[\(k)].time", value: sample.time, accepted: "> samples[\(k - 1)].time = \(samples[k - 1].time) (strictly increasing)")
      }
    }
    let start = from ?? samples[0].value
    let target = to ?? samples[samples.count - 1].value
    try _Check.finiteMagnitude(start, "from", unit: "units")
    try _Check.finiteMagnitude(target, "to", unit: "units")
    let scale = max((target - start).magnitude, samples.map { ($0.value - target).magnitude }.max() ?? 0)
    guard scale > 0 else {
      throw .invalidParameter(name: "samples", value: start, accepted: "a motion: the data are constant and equal to the target, so no spring can be told apart")
    }
    if let initialVelocity { try _Check.finiteMagnitude(initialVelocity, "initialVelocity", unit: "units/s") }
    var problem = _FitProblem(samples: samples, from: start, to: target, fixedVelocity: initialVelocity, scale: scale)
    return try problem.solve()
  }

  /// Fits a spring to a CSS `cubic-bezier(x1, y1, x2, y2)` easing over
  /// `duration` seconds (201 samples, normalized 0 → 1) followed by another
  /// `duration` held at 1 (100 samples) — so the spring must also come to
  /// rest — fitting the initial velocity too (an easing usually starts moving).
  public static func fit(bezier x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, duration: Double) throws(HarmonicError) -> Result {
    for (name, value) in [("x1", x1), ("x2", x2)] where !(value >= 0 && value <= 1) {
      throw .invalidParameter(name: name, value: value, accepted: "within [0, 1] (CSS cubic-bezier)")
    }
    for (name, value) in [("y1", y1), ("y2", y2)] where !(value.isFinite && value.magnitude <= 1e3) {
      throw .invalidParameter(name: name, value: value, accepted: "finite")
    }
    guard duration > 0, duration <= 1e4 else {
      throw .invalidParameter(name: "duration", value: duration, accepted: "within (0, 1e4] s")
    }
    let curve = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
    let samples = (0...200).map { i -> Sample in
      let fraction = Double(i) / 200
      return Sample(time: duration * fraction, value: curve.value(atProgress: fraction))
    } + (1...100).map { i in Sample(time: duration * (1 + Double(i) / 100), value: 1) }
    return try fit(samples: samples, from: 0, to: 1, initialVelocity: nil)
  }

  /// The spring with a given overshoot of a step from rest (a fraction, 0 for
  /// none: critically damped) that settles — SwiftUI's ``Spring/settlingDuration``
  /// — in exactly `settleTime` seconds. Mass 1.
  public static func spring(overshoot: Double, settleTime: Double) throws(HarmonicError) -> Spring {
    guard overshoot >= 0, overshoot < 1 else {
      throw .invalidParameter(name: "overshoot", value: overshoot, accepted: "within [0, 1) (a fraction of the step)")
    }
    guard settleTime > 0, settleTime <= 1e4 else {
      throw .invalidParameter(name: "settleTime", value: settleTime, accepted: "within (0, 1e4] s")
    }
    // Overshoot exp(−πζ/√(1−ζ²)) inverted; settle time scales with the response.
    let ratio = overshoot == 0 ? 1 : -_Math.log(overshoot) / (Double.pi * Double.pi + _Math.log(overshoot) * _Math.log(overshoot)).squareRoot()
    let unit = try Spring(response: 1, dampingRatio: ratio)
    return try Spring(response: settleTime / unit.settlingDuration, dampingRatio: ratio)
  }
}

/// A CSS cubic-bezier timing function: x(s) and y(s) Bézier polynomials with
/// end points (0, 0) and (1, 1); the value at a time fraction inverts x(s).
public struct CubicBezier: Sendable, Hashable {
  public let x1: Double, y1: Double, x2: Double, y2: Double

  public init(x1: Double, y1: Double, x2: Double, y2: Double) {
    (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
  }

  static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
  }

  /// The eased value at time fraction `x` in [0, 1] (bisection on the
  /// monotone x(s) to adjacent doubles).
  public func value(atProgress x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if middle <= low || middle >= high { break }
      if CubicBezier.bezier(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return CubicBezier.bezier((low + high) / 2, y1, y2)
  }
}

struct _FitProblem {
  let samples: [SpringFit.Sample]
  let from: Double, to: Double
  let fixedVelocity: Double?
  let scale: Double
  var parameterCount: Int { fixedVelocity == nil ? 3 : 2 }

  init(samples: [SpringFit.Sample], from: Double, to: Double, fixedVelocity: Double?, scale: Double) {
    (self.samples, self.from, self.to, self.fixedVelocity, self.scale) = (samples, from, to, fixedVelocity, scale)
  }

  static let logLimit = _Math.log(1e50) - 1

  func spring(_ theta: [Double]) -> Spring? {
    guard theta[0].magnitude <= _FitProblem.logLimit, theta[1].magnitude <= _FitProblem.logLimit else { return nil }
    return try? Spring(mass: 1, stiffness: _Math.exp(theta[0]), damping: _Math.exp(theta[1]))
  }

  func velocity(_ theta: [Double]) -> Double { fixedVelocity ?? theta[2] }

  /// Residuals (model − data) and, if asked, the Jacobian (column-major n × p).
  func evaluate(_ theta: [Double], jacobian: Bool) -> (residuals: [Double], jacobian: [Double])? {
    guard let spring = spring(theta) else { return nil }
    let v0 = velocity(theta)
    guard v0.isFinite, v0.magnitude <= 1e100 else { return nil }
    let basis = spring._basis
    let a = basis.decayRate, q = basis.discriminant, k = spring.stiffness, c = spring.damping
    let u0 = from - to
    let b = v0 + a * u0
    let n = samples.count
    var residuals = [Double](repeating: 0, count: n)
    var j = [Double](repeating: 0, count: jacobian ? n * parameterCount : 0)
    for (i, sample) in samples.enumerated() {
      let t = sample.time
      let (chat, shat) = basis.basis(t)
      residuals[i] = (to + (u0 * chat + b * shat)) - sample.value
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
      if parameterCount == 3 { j[2 * n + i] = shat }
    }
    guard residuals.allSatisfy(\.isFinite), j.allSatisfy(\.isFinite) else { return nil }
    return (residuals, j)
  }

  func cost(_ theta: [Double]) -> Double? {
    guard let r = evaluate(theta, jacobian: false)?.residuals else { return nil }
    return r.reduce(0) { $0 + $1 * $1 }
  }

  /// The best point of a coarse grid over response and damping ratio.
  func initialGuess() -> [Double] {
    let span = max(samples[samples.count - 1].time - samples[0].time, samples[samples.count - 1].time, 1e-6)
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
        var theta = [_Math.log(k), _Math.log(c)]
        if fixedVelocity == nil { theta.append(0) }
        if let value = cost(theta), value < (best?.1 ?? .infinity) { best = (theta, value) }
      }
    }
    return best?.0 ?? [_Math.log(100), _Math.log(10)] + (fixedVelocity == nil ? [0] : [])
  }

  mutating func solve() throws(HarmonicError) -> SpringFit.Result {
    let n = samples.count, p = parameterCount
    var theta = initialGuess()
    guard var current = evaluate(theta, jacobian: true) else {
      throw .undefined(quantity: "spring fit", reason: "no spring in the accepted range reproduces these samples")
    }
    var cost = current.residuals.reduce(0) { $0 + $1 * $1 }
    var lambda = 1e-3
    var iterations = 0
    while iterations < 300 {
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
            if converged { iterations = 1_000 + iterations }
            break
          }
        }
        lambda *= 4
        if lambda > 1e16 { break }
      }
      if !improved || iterations >= 1_000 { break }
    }
    if iterations >= 1_000 { iterations -= 1_000 }

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
    return SpringFit.Result(spring: spring, initialVelocity: velocity(theta), rms: rms, maxError: maxError,
                            relativeStandardErrors: errors, conditionNumber: condition, iterations: iterations)
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
