import Foundation
import Harmonic

// One spring at a time: the closed form's cost per state with Harmonic's
// platform-independent math, the same closed form on the platform's libm,
// and an exact settle time.
extension Suite {
  mutating func singleSpring() throws -> String {
    let spring = Spring.bouncy
    let motion = try SpringMotion(spring: spring, from: 0, to: 100, initialVelocity: 300)
    let count = quick ? 1_000_000 : 10_000_000
    let deterministicBody = {
      var sum = 0.0  // one blackHole per loop, not per state: a call per iteration would be measured too
      for i in 0..<count {
        // Value and velocity both used, as in the libm loop (else the velocity could be optimized away).
        let state = motion.state(at: AnimationTime(ticks: Int64(i % 1_000) * 705_600))
        sum += state.value + state.velocity
      }
      blackHole(sum)
    }
    // The textbook underdamped closed form on Foundation's exp/sin/cos (glibc
    // here): what the same state costs when determinism is not asked for.
    let a = spring.damping / (2 * spring.mass), omegaSquared = spring.stiffness / spring.mass
    let omegaD = (omegaSquared - a * a).squareRoot()
    let (u0, v0, target) = (0.0 - 100.0, 300.0, 100.0)
    let libmBody = {
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
    // Interleaved, 11 times each at least: the ratio of the two is a target (issue 18).
    let (deterministic, libm) = measureInterleaved(count: max(repeats, 11), deterministicBody, libmBody)
    let perState = (deterministic.median / Double(count), deterministic.min / Double(count), deterministic.max / Double(count))
    let perLibm = (libm.median / Double(count), libm.min / Double(count), libm.max / Double(count))
    record("single spring, deterministic math", "native", threads: 1, items: 1, channels: 2, bytes: 0, perState)
    record("single spring, platform libm", "libm", threads: 1, items: 1, channels: 2, bytes: 0, perLibm)
    let tolerance = try SettleTolerance(value: 0.5, velocity: 5)
    let settle = measure { blackHole(motion.settleTime(tolerance: tolerance)) }
    return String(
      format: "single spring: %.1f ns per state (value + velocity; the same closed form on the platform libm %.1f ns, ratio %.2f); exact settle time %.2f µs",
      perState.0, perLibm.0, perState.0 / perLibm.0, settle.median / 1000)
  }
}
