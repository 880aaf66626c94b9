import Foundation
import Harmonic
import Testing

@Suite("Closed-form accuracy")
struct SpringAccuracyTests {
  /// Published hard cases for spring solvers (motion #1207, mujoco #3551 and a
  /// plain overdamped spring), all from x₀ = 1, v₀ = 0, target 0.
  @Test(
    "published overdamped cases are exact to 4 ulp",
    arguments: [
      (1.0, 1.0, 1e9, 1e9, 0.36787944117144233),
      (1.0, 1e18, 1e18, 1.0, 0.36787944117144233),
      (1.0, 1.0, 3.0, 1.0, 0.78664559930336819),
    ])
  func publishedCases(m: Double, k: Double, c: Double, t: Double, expected: Double) throws {
    let motion = try SpringMotion(spring: Spring(mass: m, stiffness: k, damping: c), from: 1, to: 0)
    let value = try motion._checkedState(atSeconds: t).value
    #expect(ulpDistance(value, expected) <= 4, "got \(value), expected \(expected)")
  }

  @Test("value and velocity are within 64ε·(S·(1 + ω₀t) + |target|) of a 45-digit reference")
  func sweepAgainstReference() throws {
    let rows = try referenceRows("spring_values.csv")
    #expect(rows.count > 4000)
    var worstValue = 0.0
    var worstVelocity = 0.0
    for row in rows {
      let (m, k, c, x0, target, v0, t, value, velocity) = (row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8])
      let spring = try Spring(mass: m, stiffness: k, damping: c)
      let state = try SpringMotion(spring: spring, from: x0, to: target, initialVelocity: v0)._checkedState(atSeconds: t)
      let omega = spring.naturalFrequency
      let scale = (x0 - target).magnitude + v0.magnitude / omega
      let valueBound = 64 * Double.ulpOfOne * (scale * (1 + omega * t) + target.magnitude)
      let velocityBound = omega * 64 * Double.ulpOfOne * (scale * (1 + omega * t))
      let valueRatio = (state.value - value).magnitude / valueBound
      let velocityRatio = (state.velocity - velocity).magnitude / velocityBound
      worstValue = max(worstValue, valueRatio)
      worstVelocity = max(worstVelocity, velocityRatio)
      #expect(valueRatio <= 1, "value at m=\(m) k=\(k) c=\(c) x0=\(x0) target=\(target) v0=\(v0) t=\(t): \(state.value) vs \(value)")
      #expect(velocityRatio <= 1, "velocity at m=\(m) k=\(k) c=\(c) x0=\(x0) target=\(target) v0=\(v0) t=\(t): \(state.velocity) vs \(velocity)")
    }
    print("spring accuracy over \(rows.count) reference rows: worst value error \(worstValue) of the bound, worst velocity error \(worstVelocity)")
  }

  @Test("the solution is continuous across ζ = 1: no switch on exact equality")
  func continuityAcrossCritical() throws {
    // Damping coefficients stepping through the critical value ulp by ulp.
    let m = 1.0, k = 100.0
    let critical = 2 * (k * m).squareRoot()
    var damping = critical
    for _ in 0..<64 { damping = damping.nextDown }
    var previous: SpringState? = nil
    for _ in 0..<128 {
      let motion = try SpringMotion(spring: Spring(mass: m, stiffness: k, damping: damping), from: 1, to: 0, initialVelocity: -3)
      let state = try motion._checkedState(atSeconds: 0.7)
      if let previous {
        // A one-ulp change of c moves the value by far less than 1e-13 of the scale.
        #expect((state.value - previous.value).magnitude < 1e-13)
        #expect((state.velocity - previous.velocity).magnitude < 1e-12)
      }
      previous = state
      damping = damping.nextUp
    }
  }

  @Test("no NaN or infinity anywhere in the accepted range", arguments: [UInt64(1), 2, 3])
  func finiteOverAcceptedRange(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    for _ in 0..<20_000 {
      let m = random.logUniform(1e-50, 1e50)
      let k = random.logUniform(1e-50, 1e50)
      let c = Bool.random(using: &random) ? random.logUniform(1e-50, 1e50) : 0
      let t = Bool.random(using: &random) ? random.logUniform(1e-12, 1e12) : 0
      let x0 = Double.random(in: -1e100...1e100, using: &random)
      let v0 = Double.random(in: -1e100...1e100, using: &random)
      let motion = try SpringMotion(spring: Spring(mass: m, stiffness: k, damping: c), from: x0, to: 0, initialVelocity: v0)
      let state = try motion._checkedState(atSeconds: t)
      #expect(state.value.isFinite && state.velocity.isFinite, "m=\(m) k=\(k) c=\(c) x0=\(x0) v0=\(v0) t=\(t)")
    }
  }

  @Test("damped energy never increases (seeded)")
  func energyDecreases() throws {
    var random = SeededGenerator(seed: 42)
    for _ in 0..<500 {
      let spring = try Spring(response: random.logUniform(0.01, 10), dampingRatio: random.logUniform(1e-3, 100))
      let motion = try SpringMotion(
        spring: spring, from: Double.random(in: -100...100, using: &random), to: 0,
        initialVelocity: Double.random(in: -1000...1000, using: &random))
      func energy(_ s: SpringState) -> Double { 0.5 * spring.stiffness * s.value * s.value + 0.5 * spring.mass * s.velocity * s.velocity }
      var last = energy(motion.state(at: .zero))
      for step in 1...200 {
        let e = energy(try motion._checkedState(atSeconds: Double(step) * spring.response / 50))
        #expect(e <= last * (1 + 1e-12) + 1e-300)
        last = e
      }
    }
  }

  @Test("a step from rest with ζ ≥ 1 never overshoots (seeded)")
  func noOvershootWhenNotUnderdamped() throws {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<300 {
      let spring = try Spring(response: random.logUniform(0.01, 10), dampingRatio: 1 + random.logUniform(1e-15, 1e3))
      #expect(spring.overshoot == 0)
      let motion = try SpringMotion(spring: spring, from: 0, to: 1)
      for step in 0...400 {
        #expect(try motion._checkedState(atSeconds: Double(step) * spring.response / 40).value <= 1)
      }
    }
  }
}
