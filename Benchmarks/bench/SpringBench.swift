import Foundation
import Harmonic
import _BenchPlatformMath

// One spring at a time: the closed form's cost per state with Harmonic's
// platform-independent math, the same formula on the platform's libm, the
// textbook closed form on the platform's libm, and an exact settle time.
extension Suite {
  mutating func singleSpring() throws -> String {
    let spring = Spring.bouncy
    let motion = try SpringMotion(spring: spring, from: 0, to: 100, initialVelocity: 300)
    let count = quick ? 1_000_000 : 10_000_000
    let deterministicBody = {
      var sum = 0.0  // one blackHole per loop, not per state: a call per iteration would be measured too
      for i in 0..<count {
        // Value and velocity both used, as in the libm loops (else the velocity could be optimized away).
        let state = motion.state(at: AnimationTime(ticks: Int64(i % 1_000) * 705_600))
        sum += state.value + state.velocity
      }
      blackHole(sum)
    }
    // Harmonic's formula itself (the step response to full relative
    // precision, its series near t = 0) with the platform's exp, expm1 and
    // sincos in place of Harmonic's: the two loops differ only in the math.
    let sameFormulaBody = {
      var sum = 0.0
      for i in 0..<count {
        let state = motion._state(atSeconds: AnimationTime(ticks: Int64(i % 1_000) * 705_600).seconds, math: PlatformMath.self)
        sum += state.value + state.velocity
      }
      blackHole(sum)
    }
    // The textbook underdamped closed form on Foundation's exp/sin/cos (glibc
    // here): what a state costs when neither determinism nor the step
    // response's relative precision near t = 0 is asked for.
    let a = spring.damping / (2 * spring.mass), omegaSquared = spring.stiffness / spring.mass
    let omegaD = (omegaSquared - a * a).squareRoot()
    let (u0, v0, target) = (0.0 - 100.0, 300.0, 100.0)
    let textbookBody = {
      var sum = 0.0
      for i in 0..<count {
        let t = AnimationTime(ticks: Int64(i % 1_000) * 705_600).seconds
        let envelope = Foundation.exp(-a * t), s = Foundation.sin(omegaD * t), c = Foundation.cos(omegaD * t)
        let value = target + envelope * (u0 * c + (v0 + a * u0) / omegaD * s)
        let velocity = envelope * (v0 * c - (omegaSquared * u0 + a * v0) / omegaD * s)
        sum += value + velocity
      }
      blackHole(sum)
    }
    // Interleaved, 11 times each at least: the ratios are targets (issues 18, 35).
    let times = try measureInterleaved(count: max(repeats, 11), [deterministicBody, sameFormulaBody, textbookBody])
    let (perState, perSame, perTextbook) = (perCount(times[0], count), perCount(times[1], count), perCount(times[2], count))
    record("single spring, deterministic math", "native", threads: 1, items: 1, channels: 2, bytes: 0, perState)
    record("single spring, same formula, platform libm", "libm", threads: 1, items: 1, channels: 2, bytes: 0, perSame)
    record("single spring, textbook form, platform libm", "libm", threads: 1, items: 1, channels: 2, bytes: 0, perTextbook)
    let tolerance = try SettleTolerance(value: 0.5, velocity: 5)
    let settle = measure { blackHole(motion.endTime(within: tolerance)) }
    return String(
      format:
        "single spring: %.1f ns per state (value + velocity); the same formula on the platform libm %.1f ns (ratio %.2f), the textbook closed form on it %.1f ns (ratio %.2f); exact settle time %.2f µs",
      perState.0, perSame.0, perState.0 / perSame.0, perTextbook.0, perState.0 / perTextbook.0, settle.median / 1000)
  }

  private func perCount(_ time: (median: Double, min: Double, max: Double), _ count: Int) -> (median: Double, min: Double, max: Double) {
    (time.median / Double(count), time.min / Double(count), time.max / Double(count))
  }
}

/// The platform's libm (glibc here) behind Harmonic's elementary-function
/// interface, for the comparison above only: the library never calls it.
/// Sine and cosine come from one call with one argument reduction, as
/// Harmonic's own (`bench_platform_sincos`: glibc's `sincos`).
private enum PlatformMath: _ElementaryFunctions {
  static func exp(_ x: Double) -> Double { Foundation.exp(x) }
  static func expm1(_ x: Double) -> Double { Foundation.expm1(x) }
  static func sin(_ x: Double) -> Double { Foundation.sin(x) }
  static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
    var (s, c) = (0.0, 0.0)
    bench_platform_sincos(x, &s, &c)
    return (s, c)
  }
}
