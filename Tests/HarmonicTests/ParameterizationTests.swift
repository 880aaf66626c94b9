import Foundation
import Harmonic
import Testing

@Suite("Parameterizations and presets")
struct ParameterizationTests {
  func relative(_ a: Double, _ b: Double) -> Double { (a - b).magnitude / max(a.magnitude, b.magnitude) }

  @Test("response and damping ratio round-trip to 1e-12 (seeded sweep)")
  func responseRoundTrip() throws {
    var random = SeededGenerator(seed: 11)
    for _ in 0..<2_000 {
      let response = random.logUniform(1e-3, 10)
      let ratio = random.logUniform(1e-3, 1e3)
      let mass = random.logUniform(1e-3, 1e3)
      let spring = try Spring(response: response, dampingRatio: ratio, mass: mass)
      #expect(relative(spring.response, response) <= 1e-12, "response \(response)")
      #expect(relative(spring.dampingRatio, ratio) <= 1e-12, "ratio \(ratio)")
      #expect(relative(spring.mass, mass) == 0)
      // And back from the canonical coefficients.
      let again = try Spring(response: spring.response, dampingRatio: spring.dampingRatio, mass: spring.mass)
      #expect(relative(again.stiffness, spring.stiffness) <= 1e-12)
      #expect(relative(again.damping, spring.damping) <= 1e-12)
    }
  }

  @Test("duration and bounce round-trip (1e-12 relative, absolute for a bounce near 0)")
  func durationBounceRoundTrip() throws {
    var random = SeededGenerator(seed: 12)
    for _ in 0..<2_000 {
      let duration = random.logUniform(1e-3, 10)
      let bounce = Double.random(in: -0.999...1, using: &random)
      let spring = try Spring(duration: duration, bounce: bounce)
      #expect(relative(spring.duration, duration) <= 1e-12)
      #expect((spring.bounce - bounce).magnitude <= 1e-12 * max(1, bounce.magnitude), "bounce \(bounce) → \(spring.bounce)")
    }
  }

  @Test("Spring(duration: 0.5, bounce: 0.3) is m 1, k 157.91, c 17.59 (SwiftUI's documented example)")
  func swiftUIExample() throws {
    let spring = try Spring(duration: 0.5, bounce: 0.3)
    #expect(spring.mass == 1)
    #expect((spring.stiffness - 157.91367041742973).magnitude < 1e-12)  // (4π)²
    #expect((spring.damping - 17.592918860102841).magnitude < 1e-12)  // 4π·0.7/0.5
    #expect(spring == Spring.bouncy)
    // SwiftUI documents Spring(mass: 1, stiffness: 100, damping: 10) as (duration 0.63, bounce 0.5).
    let ca = Spring.coreAnimationDefault
    #expect((ca.duration - 2 * Double.pi / 10).magnitude < 1e-15)
    #expect((ca.bounce - 0.5).magnitude < 1e-15)
  }

  @Test("negative bounce is overdamped: ζ = 1/(1 + bounce)")
  func negativeBounce() throws {
    let spring = try Spring(duration: 1, bounce: -0.5)
    #expect((spring.dampingRatio - 2).magnitude < 1e-14)
    #expect(!spring.isUnderdamped)
    #expect(spring.overshoot == 0)
    #expect(spring.dampedPeriod == .infinity)
  }

  @Test("POP's default bounciness 4, speed 12 gives tension 342.1006, friction 30.48698")
  func popDefaults() throws {
    let spring = Spring.popDefault
    #expect((spring.stiffness - 342.1006).magnitude < 5e-5)
    #expect((spring.damping - 30.48698).magnitude < 5e-6)
    #expect(spring.mass == 1)
  }

  @Test("POP bounciness/speed and Origami tension/friction round-trip to 1e-12 (seeded)")
  func reboundRoundTrips() throws {
    var random = SeededGenerator(seed: 13)
    for _ in 0..<2_000 {
      let bounciness = Double.random(in: 0.5...20, using: &random)
      let speed = Double.random(in: 1...40, using: &random)
      let pop = try Spring(bounciness: bounciness, speed: speed)
      #expect(relative(pop.popSpeed, speed) <= 1e-12, "speed \(speed)")
      let back = try #require(pop.popBounciness)
      #expect(relative(back, bounciness) <= 1e-12, "bounciness \(bounciness) → \(back)")

      let tension = Double.random(in: 1...200, using: &random)
      let friction = Double.random(in: 1...50, using: &random)
      let origami = try Spring(origamiTension: tension, friction: friction)
      #expect(relative(origami.origamiTension, tension) <= 1e-12)
      #expect(relative(origami.origamiFriction, friction) <= 1e-12)
    }
  }

  @Test("Origami conversion follows Rebound: k = (T − 30)·3.62 + 194, c = (F − 8)·3 + 25")
  func origamiConversion() throws {
    let spring = try Spring(origamiTension: 40, friction: 7)
    #expect(spring.stiffness == 230.2)
    #expect(spring.damping == 22)
  }

  @Test("read-backs are the same for a heavier spring with the same k/m and c/m")
  func massIndependentReadBacks() throws {
    let light = try Spring(mass: 1, stiffness: 300, damping: 20)
    let heavy = try Spring(mass: 8, stiffness: 2400, damping: 160)
    #expect(relative(light.origamiTension, heavy.origamiTension) <= 1e-14)
    #expect(relative(light.popSpeed, heavy.popSpeed) <= 1e-14)
    #expect(relative(light.dampingRatio, heavy.dampingRatio) <= 1e-14)
    #expect(relative(light.response, heavy.response) <= 1e-14)
  }

  @Test("Android SpringForce constants, c = 2ζ√k at mass 1")
  func androidPresets() throws {
    #expect(Spring.AndroidStiffness.allCases.map(\.rawValue) == [10_000, 1_500, 200, 50])
    #expect(Spring.AndroidDampingRatio.allCases.map(\.rawValue) == [0.2, 0.5, 0.75, 1])
    let spring = Spring.android(stiffness: .low, dampingRatio: .highBouncy)
    #expect(spring.stiffness == 200)
    #expect((spring.damping - 0.4 * 200.0.squareRoot()).magnitude < 1e-13)
    #expect((Spring.android().dampingRatio - 0.5).magnitude < 1e-15)
  }

  @Test("SwiftUI presets: smooth, snappy, bouncy at duration 0.5")
  func swiftUIPresets() throws {
    #expect((Spring.smooth.bounce).magnitude < 1e-15)
    #expect((Spring.snappy.bounce - 0.15).magnitude < 1e-15)
    #expect((Spring.bouncy.bounce - 0.3).magnitude < 1e-15)
    for preset in [Spring.smooth, .snappy, .bouncy] {
      #expect((preset.duration - 0.5).magnitude < 1e-15)
    }
    #expect(Spring.coreAnimationDefault.stiffness == 100 && Spring.coreAnimationDefault.damping == 10)
  }

  @Test("overshoot is exp(−πζ/√(1−ζ²)) and matches the sampled peak of a step")
  func overshoot() throws {
    for ratio in [0.05, 0.2, 0.5, 0.7, 0.9, 0.999] {
      let spring = try Spring(response: 1, dampingRatio: ratio)
      let formula = exp(-Double.pi * ratio / ((1 - ratio) * (1 + ratio)).squareRoot())
      // The overshoot's condition number in ζ is πζ/(1 − ζ²)^(3/2) (3.5e4 at
      // ζ = 0.999), applied to the rounding of c when the spring was built.
      let condition = Double.pi * ratio / pow((1 - ratio) * (1 + ratio), 1.5)
      #expect(relative(spring.overshoot, formula) <= 4 * Double.ulpOfOne * (8 + condition))
      // The first peak of a unit step from rest is at t = π/ω_d (resolvable
      // in the value only while the overshoot is well above ε).
      if spring.overshoot > 1e-6 {
        let peak = try SpringMotion(spring: spring, from: 0, to: 1)._checkedState(atSeconds: spring.dampedPeriod / 2).value - 1
        #expect(relative(peak, spring.overshoot) <= 1e-9)
      }
    }
  }

  @Test("settling duration and damping ratio: rest at exactly that time (50-digit reference)")
  func settlingDurationAgainstReference() throws {
    let rows = try referenceRows("settling_duration.csv")
    #expect(rows.count == 56)
    var worst = 0.0
    for row in rows {
      let (ratio, fraction, tau) = (row[0], row[1], row[2])
      for duration in [0.05, 0.35, 1, 2.5, 40] {
        let spring = try Spring(settlingDuration: duration, dampingRatio: ratio, restFraction: fraction, mass: 2)
        let motion = try SpringMotion(spring: spring, from: 0, to: 300)
        let settle = motion.endTime(within: try SettleTolerance(value: 300 * fraction))
        let frequencyError = relative(spring.naturalFrequency, tau / duration)
        let settleError = relative(settle, duration)
        worst = max(worst, frequencyError, settleError)
        #expect(frequencyError <= 1e-12, "ζ \(ratio) ε \(fraction) D \(duration): ω₀ \(spring.naturalFrequency)")
        #expect(settleError <= 1e-12, "ζ \(ratio) ε \(fraction) D \(duration): rests at \(settle)")
        #expect(spring.dampingRatio == ratio && spring.mass == 2)
        if fraction == 0.001 {
          let readBack = try Spring(settlingDuration: duration, dampingRatio: ratio).settlingDuration
          #expect(relative(readBack, duration) <= 1e-12)
        }
      }
    }
    print("settling-duration springs: worst relative error \(worst) over \(rows.count * 5) cases")
  }

  @Test("settling duration and damping ratio: bad input names the parameter")
  func settlingDurationBadInput() {
    func name(_ body: () throws(HarmonicError) -> Spring) -> String? {
      do {
        _ = try body()
        return nil
      } catch {
        guard case let .invalidParameter(name, _, _) = error else { return "?" }
        return name
      }
    }
    for bad in [0, -1, .nan, .infinity, 2e12] {
      #expect(name { () throws(HarmonicError) in try Spring(settlingDuration: bad, dampingRatio: 0.7) } == "settlingDuration")
    }
    for bad in [0, -0.5, .nan, .infinity] {
      #expect(name { () throws(HarmonicError) in try Spring(settlingDuration: 0.5, dampingRatio: bad) } == "dampingRatio")
    }
    for bad in [0, 1, -0.1, .nan, 2] {
      #expect(name { () throws(HarmonicError) in try Spring(settlingDuration: 0.5, dampingRatio: 0.7, restFraction: bad) } == "restFraction")
    }
    #expect(name { () throws(HarmonicError) in try Spring(settlingDuration: 0.5, dampingRatio: 0.7, mass: 0) } == "mass")
    // A stiffness past 1e50 is reported against the duration that asked for it.
    #expect(name { () throws(HarmonicError) in try Spring(settlingDuration: 1e-30, dampingRatio: 0.7) } == "settlingDuration")
  }
}
