import Harmonic

/// Finds the spring that best matches a wanted motion.
///
/// From samples (or a cubic-bezier easing, sampled) it minimizes the sum of
/// squared differences between the spring's exact closed form and the data
/// with Levenberg–Marquardt: parameters ln k and ln c at mass 1 (only k/m and
/// c/m shape the motion; the log keeps them positive), and whichever of the
/// start, the target and the initial velocity are not given — the motion is
/// linear in those, so the starting grid solves for them exactly at each
/// (k, c); analytic derivatives of the closed form (below); each step a
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
  public struct Estimate: Sendable {
    /// The spring (mass 1).
    public let spring: Spring
    /// The value at time 0, units (fitted, or as given).
    public let start: Double
    /// The rest position, units (fitted, or as given): where a recording cut
    /// off before it settles was heading.
    public let target: Double
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
    /// Levenberg–Marquardt iterations taken (at most ``SpringFit/maximumIterations``).
    public let iterations: Int
    /// Why the iteration stopped. ``Termination/iterationLimit`` means the
    /// result is the best found, not a converged minimum.
    public let termination: Termination
  }

  /// Why a fit stopped iterating.
  public enum Termination: String, Sendable, Hashable {
    /// The last step changed every parameter by less than 1e-13 (relative),
    /// or the cost by less than 1e-28·scale²·n: a minimum.
    case converged
    /// No damped step lowered the cost any more (λ grew past 1e16): the
    /// residual is at a minimum to rounding.
    case noImprovingStep
    /// ``SpringFit/maximumIterations`` were used without either of the above:
    /// the result is the best point found, not a converged minimum.
    case iterationLimit
  }

  /// The most Levenberg–Marquardt iterations a fit takes: 300.
  public static let maximumIterations = 300

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
  ///   - samples: at least 4 (and more than the parameters fitted), times
  ///     ≥ 0 strictly increasing, finite values. Time 0 is the start of the motion.
  ///   - from: the value at time 0, units, or `nil` (the default) to fit it.
  ///   - to: the target, units, or `nil` (the default) to fit it — so a
  ///     recording cut off before it settles still finds where it was going.
  ///   - initialVelocity: fixed initial velocity (units/s), or `nil` to fit it.
  /// - Returns: the spring, the start, target and velocity (fitted or as
  ///   given) and how well they fit.
  /// - Throws: `HarmonicError/invalidParameter(name:value:accepted:)` for
  ///   too few points, non-finite or unordered data, or a constant motion
  ///   (constant samples equal to the target), which has no spring to find;
  ///   `HarmonicError/undefined(quantity:reason:)` when no spring in range
  ///   reproduces the data.
  /// - Complexity: O(n) per iteration for n samples, plus a 140 × 30 starting
  ///   grid (one small least-squares solve per point when something is fitted
  ///   besides k and c).
  public static func fit(samples: [Sample], from: Double? = nil, to: Double? = nil, initialVelocity: Double? = 0) throws(HarmonicError) -> Estimate {
    let parameters = 2 + [from, to, initialVelocity].filter { $0 == nil }.count
    guard samples.count >= max(4, parameters + 1) else {
      throw .invalidParameter(
        name: "samples.count", value: Double(samples.count),
        accepted: "≥ \(max(4, parameters + 1)) (more than the \(parameters) parameters to fit)")
    }
    for (k, sample) in samples.enumerated() {
      guard sample.time.isFinite, sample.time >= 0, sample.time <= 1e6 else {
        throw .invalidParameter(name: "samples[\(k)].time", value: sample.time, accepted: "finite, within [0, 1e6] s")
      }
      guard sample.value.isFinite, sample.value.magnitude <= 1e12 else {
        throw .invalidParameter(name: "samples[\(k)].value", value: sample.value, accepted: "finite, magnitude ≤ 1e12")
      }
      if k > 0, sample.time <= samples[k - 1].time {
        throw .invalidParameter(
          name: "samples[\(k)].time", value: sample.time, accepted: "> samples[\(k - 1)].time = \(samples[k - 1].time) (strictly increasing)")
      }
    }
    if let from { try _Check.finiteMagnitude(from, "from", unit: "units") }
    if let to { try _Check.finiteMagnitude(to, "to", unit: "units") }
    if let initialVelocity { try _Check.finiteMagnitude(initialVelocity, "initialVelocity", unit: "units/s") }
    // The size of the motion: its travel when both ends are given, otherwise
    // (also) the spread of the data.
    let values = samples.map(\.value)
    var scale = (values.max() ?? 0) - (values.min() ?? 0)
    if let from, let to { scale = max((to - from).magnitude, values.map { ($0 - to).magnitude }.max() ?? 0) }
    guard scale > 0 else {
      throw .invalidParameter(
        name: "samples", value: samples[0].value, accepted: "a motion: the data are constant and equal to the target, so no spring can be told apart")
    }
    var problem = _FitProblem(samples: samples, start: from, target: to, velocity: initialVelocity, scale: scale)
    return try problem.solve()
  }

  /// Fits a spring to a CSS `cubic-bezier(x1, y1, x2, y2)` easing over
  /// `duration` seconds (201 samples, normalized 0 → 1) followed by another
  /// `duration` held at 1 (100 samples) — so the spring must also come to
  /// rest — fitting the initial velocity too (an easing usually starts moving).
  public static func fit(bezier x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, duration: Double) throws(HarmonicError) -> Estimate {
    let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
    guard duration > 0, duration <= 1e4 else {
      throw .invalidParameter(name: "duration", value: duration, accepted: "within (0, 1e4] s")
    }
    var samples: [Sample] = []
    for i in 0...200 {
      let fraction = Double(i) / 200
      samples.append(Sample(time: duration * fraction, value: try curve.value(atProgress: fraction)))
    }
    samples += (1...100).map { i in Sample(time: duration * (1 + Double(i) / 100), value: 1) }
    return try fit(samples: samples, from: 0, to: 1, initialVelocity: nil)
  }

  /// The spring with a given overshoot of a step from rest (a fraction, 0 for
  /// none: critically damped) that settles — SwiftUI's `Spring/settlingDuration`
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
