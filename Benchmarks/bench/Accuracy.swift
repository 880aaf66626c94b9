import Harmonic

/// Frame-rate dependence and accuracy of the ways spring animations are
/// usually integrated, against Harmonic's exact solution, for one standard
/// transition: a 0 → 1 step from rest with SwiftUI's `.bouncy` spring
/// (duration 0.5 s, bounce 0.3). Errors are fractions of the distance moved
/// (× 400 for a 400-point move).
struct AccuracyRow: Codable {
  var method: String
  /// Largest |x − exact| at the method's own sample times over 3 s.
  var maxError: Double
  /// Largest value minus 1.
  var overshoot: Double
  /// Time after which |x − 1| ≤ 0.001 at every later sample (at the method's resolution).
  var settleTime: Double
}

enum Accuracy {
  static let spring = Spring.bouncy
  static let horizon = 3.0

  static func exact(_ t: Double) -> Double {
    (try? SpringMotion(spring: spring, from: 0, to: 1)._state(atSeconds: t).value) ?? .nan
  }

  static func acceleration(_ x: Double, _ v: Double) -> Double {
    -(spring.stiffness * (x - 1) + spring.damping * v) / spring.mass
  }

  /// Summarizes samples (t, x) against the exact solution.
  static func summarize(_ method: String, _ samples: [(Double, Double)]) -> AccuracyRow {
    var maxError = 0.0, peak = -Double.infinity, settle = 0.0
    for (index, (t, x)) in samples.enumerated() {
      maxError = max(maxError, (x - exact(t)).magnitude)
      peak = max(peak, x)
      if (x - 1).magnitude > 0.001, index + 1 < samples.count { settle = samples[index + 1].0 }
    }
    return AccuracyRow(method: method, maxError: maxError, overshoot: max(peak - 1, 0), settleTime: settle)
  }

  /// STTransitionLayout / Wave style: semi-implicit Euler at the nominal frame length.
  static func semiImplicitEuler(rate: Int) -> AccuracyRow {
    let h = 1 / Double(rate)
    var x = 0.0, v = 0.0
    var samples = [(0.0, 0.0)]
    for n in 1...Int(horizon * Double(rate)) {
      v += acceleration(x, v) * h
      x += v * h
      samples.append((Double(n) * h, x))
    }
    return summarize("semi-implicit Euler, \(rate) Hz frames", samples)
  }

  /// POP / Rebound style: classic RK4 with a fixed 1 ms step.
  static func rungeKutta1ms() -> AccuracyRow {
    let h = 0.001
    var x = 0.0, v = 0.0
    var samples = [(0.0, 0.0)]
    for n in 1...Int(horizon / h) {
      let k1x = v, k1v = acceleration(x, v)
      let k2x = v + 0.5 * h * k1v, k2v = acceleration(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
      let k3x = v + 0.5 * h * k2v, k3v = acceleration(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
      let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      samples.append((Double(n) * h, x))
    }
    return summarize("RK4, fixed 1 ms steps", samples)
  }

  static func run() -> [AccuracyRow] {
    var rows = [30, 60, 120].map(semiImplicitEuler)
    rows.append(rungeKutta1ms())
    // Harmonic: the closed form sampled at 60 Hz ticks (error 0 by construction
    // against itself; the figures that matter are its exact overshoot and settle time).
    rows.append(AccuracyRow(method: "Harmonic exact (any frame rate)", maxError: 0, overshoot: spring.overshoot, settleTime: spring.settlingDuration))
    return rows
  }

  static func table(_ rows: [AccuracyRow]) -> String {
    var lines = [
      "accuracy: 0 → 1 step from rest, SwiftUI .bouncy (duration 0.5 s, bounce 0.3), against the exact solution",
      "method                                   max error   overshoot   settle (|x−1| ≤ 0.001)",
      String(repeating: "-", count: 88),
    ]
    for row in rows {
      lines.append(
        row.method.padding(toLength: 40, withPad: " ", startingAt: 0)
          + " " + String(format: "%9.2e   %8.3f%%   %8.4f s", row.maxError, row.overshoot * 100, row.settleTime))
    }
    return lines.joined(separator: "\n")
  }
}
