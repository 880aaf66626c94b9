import Foundation
import Harmonic
import Testing

@Suite("Exact settle times", .splittingEveryBatch)
struct SettleTimeTests {
  @Test("settle times match a brute-force 45-digit reference to 1e-9 relative")
  func againstReference() throws {
    let rows = try referenceRows("spring_settle.csv")
    #expect(rows.count > 100)
    var worst = 0.0
    for row in rows {
      let (m, k, c, x0, target, v0, valueTolerance, velocityTolerance, expected) =
        (row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8])
      let motion = try SpringMotion(spring: Spring(mass: m, stiffness: k, damping: c), from: x0, to: target, initialVelocity: v0)
      let settle = motion.endTime(within: try SettleTolerance(value: valueTolerance, velocity: velocityTolerance))
      let error = (settle - expected).magnitude / max(expected, 1e-300)
      worst = max(worst, expected == 0 ? settle : error)
      #expect(
        expected == 0 ? settle == 0 : error <= 1e-9,
        "m=\(m) k=\(k) c=\(c) x0=\(x0) target=\(target) v0=\(v0) tol=(\(valueTolerance), \(velocityTolerance)): \(settle) vs \(expected)")
    }
    print("settle time over \(rows.count) reference cases: worst relative error \(worst)")
  }

  @Test("the band is violated just before the settle time and never after (seeded)")
  func lastCrossingProperty() throws {
    var random = SeededGenerator(seed: 2024)
    for _ in 0..<300 {
      let ratio = Bool.random(using: &random) ? random.logUniform(0.01, 1) : random.logUniform(1, 50)
      let spring = try Spring(response: random.logUniform(0.05, 5), dampingRatio: ratio)
      let motion = try SpringMotion(
        spring: spring, from: Double.random(in: -50...50, using: &random), to: 0,
        initialVelocity: Double.random(in: -500...500, using: &random))
      let tolerance = try SettleTolerance(value: random.logUniform(1e-4, 1), velocity: Bool.random(using: &random) ? .infinity : random.logUniform(1e-3, 10))
      let settle = motion.endTime(within: tolerance)
      func inside(_ t: Double) throws -> Bool {
        let s = try motion._checkedState(atSeconds: t)
        return s.value.magnitude <= tolerance.value && s.velocity.magnitude <= tolerance.velocity
      }
      #expect(settle.isFinite)
      if settle > 0 {
        #expect(try !inside(settle * (1 - 1e-9)), "not violated just before \(settle)")
      }
      // Dense sampling after the settle time, including far beyond it.
      let horizon = max(settle, spring.response) * 4
      for step in 0...2_000 {
        let t = settle + horizon * Double(step) / 2_000
        #expect(try inside(t), "violated at \(t) after settle time \(settle)")
      }
    }
  }

  @Test("SwiftUI-style settlingDuration of a critically damped spring solves (1 + ω₀t)·e^(−ω₀t) = 0.001")
  func settlingDurationCritical() throws {
    // For ζ = 1 from rest, |x − 1| = (1 + ω₀t)e^(−ω₀t) is monotone, so the
    // settling duration is its root: ω₀t = 9.2334134...(Lambert W); checked by
    // Newton's method on the same equation.
    let spring = Spring.smooth
    var x = 9.0
    for _ in 0..<50 { x -= ((1 + x) * exp(-x) - 0.001) / (-x * exp(-x)) }
    let expected = x / spring.naturalFrequency
    #expect((spring.settlingDuration - expected).magnitude <= 1e-9 * expected)
  }

  @Test("undamped springs never settle unless they stay inside the band")
  func undamped() throws {
    let spring = try Spring(mass: 1, stiffness: 100, damping: 0)
    #expect(try SpringMotion(spring: spring, from: 1, to: 0).endTime(within: SettleTolerance(value: 0.5)) == .infinity)
    #expect(try SpringMotion(spring: spring, from: 0.1, to: 0).endTime(within: SettleTolerance(value: 0.5)) == 0)
    #expect(spring.settlingDuration == .infinity)
  }

  @Test("a motion that starts inside its band and stays there settles at 0")
  func alreadySettled() throws {
    let motion = try SpringMotion(spring: .snappy, from: 1e-5, to: 0)
    #expect(motion.endTime(within: try SettleTolerance(value: 1e-3, velocity: 1)) == 0)
  }

  @Test("extreme overdamping: an extremum with z = 1 − 1e-21 is not lost (found by the fuzzer)")
  func extremumNearOne() throws {
    // a = 82,131/s, slow rate 2.4e-16/s: from rest at the target with a kick,
    // the value rises to v₀/(2γ) ≈ −0.01095 within a millisecond and stays
    // there for ~1e15 s. With z rounded to 1 the settle time was 0.
    let spring = try Spring(mass: 1e-6, stiffness: 3.947841760435744e-17, damping: 0.16426347977499142)
    let motion = try SpringMotion(spring: spring, from: -224.9375, to: -224.9375, initialVelocity: -1799.5)
    let tolerance = try SettleTolerance(value: 0.01)
    let settle = motion.endTime(within: tolerance)
    #expect((try motion._checkedState(atSeconds: 1).value + 224.9375).magnitude > 0.0109)
    #expect(settle > 1e14 && settle.isFinite)
    #expect((motion._state(atSeconds: settle).value + 224.9375).magnitude <= 0.01)  // beyond the public 1e12 s
    #expect((motion._state(atSeconds: settle * (1 - 1e-9)).value + 224.9375).magnitude > 0.01)
    let batch = try SpringBatch(itemCount: 1, channelCount: 1, from: [-224.9375], to: [-224.9375], velocity: [-1799.5], springs: .shared(spring))
    #expect(try batch.endTick(valueTolerances: [0.01]) == nil)  // beyond ±414 years of ticks
  }

  @Test("subnormal-scale motions: the amplitude bound does not underflow to 0 (found by the fuzzer)")
  func tinyScales() throws {
    let spring = try Spring(mass: 1, stiffness: 85.3434375, damping: 0.953125)
    let start = -5.874144831189116e-306, target = 1.1656763e-317, velocity = -9.215772747376152e-305
    let batch = try SpringBatch(itemCount: 1, channelCount: 1, from: [start], to: [target], velocity: [velocity], springs: .shared(spring))
    let tolerance = 2.1219957905e-314
    let tick = try #require(try batch.endTick(valueTolerances: [tolerance]))
    #expect(tick.ticks > 0)
    let motion = try SpringMotion(spring: spring, from: start, to: target, initialVelocity: velocity)
    #expect((tick.seconds - motion.endTime(within: try SettleTolerance(value: tolerance))).magnitude < 1e-8)
    var frame = batch.makeFrame()
    try batch.evaluate(at: tick, into: &frame)
    #expect((frame.values[0] - target).magnitude <= tolerance)
    #expect(_Math.hypot(3e-300, 4e-300) == 5e-300 && _Math.hypot(3e300, 4e300) == 5e300 && _Math.hypot(0, -2) == 2)
  }

  @Test("settle ticks are the first tick at or after the exact settle time")
  func settleTick() throws {
    let motion = try SpringMotion(spring: .bouncy, from: 0, to: 300, initialVelocity: -2000)
    let tolerance = try SettleTolerance(value: 0.5, velocity: 5)
    let animation = try ValueAnimation(
      value: motion.initialValue, velocity: motion.initialVelocity, target: motion.target, spring: motion.spring, start: AnimationTime(ticks: 1_000))
    let tick = try #require(animation.endTick(within: tolerance))
    let exact = motion.endTime(within: tolerance)
    #expect((tick - AnimationTime(ticks: 1_000)).seconds >= exact)
    #expect((tick - AnimationTime(ticks: 1_001)).seconds < exact)
  }

  @Test("a batch's settle tick is the maximum of its elements' exact settle times, brute force, near critical damping too")
  func batchSettleTickIsTheMaximum() throws {
    var random = SeededGenerator(seed: 35)
    let ratios = [1.0, 1 - 1e-9, 1 + 1e-9, 0.999, 0.98, 1.05, 1.7, 4, 0.6, 0.2]
    for round in 0..<120 {
      let items = Int.random(in: 1...60, using: &random), channels = Int.random(in: 1...3, using: &random)
      let n = items * channels
      func values(_ scale: Double) -> [Double] { (0..<n).map { _ in Double.random(in: -scale...scale, using: &random) } }
      let (start, target) = (values(800), values(800))
      let velocity = round % 3 == 0 ? [Double](repeating: 0, count: n) : values(4_000)
      let springs = try (0..<4).map { _ in
        try Spring(response: Double.random(in: 0.1...1.2, using: &random), dampingRatio: ratios.randomElement(using: &random)!)
      }
      let assignment: SpringAssignment =
        round % 2 == 0 ? .shared(springs[0]) : .groups(springs, groupOfItem: (0..<items).map { $0 % 4 })
      let tolerances = (0..<channels).map { _ in [0.5, 0.01, 1e-4].randomElement(using: &random)! }
      let batch = try SpringBatch(itemCount: items, channelCount: channels, from: start, to: target, velocity: velocity, springs: assignment)
      var latest = 0.0
      for e in 0..<n {
        let spring = round % 2 == 0 ? springs[0] : springs[(e % items) % 4]
        let motion = try SpringMotion(spring: spring, from: start[e], to: target[e], initialVelocity: velocity[e])
        latest = max(latest, motion.endTime(within: try SettleTolerance(value: tolerances[e / items])))
      }
      let expected = AnimationTime.zero._firstTick(afterSeconds: latest)
      #expect(try batch.endTick(valueTolerances: tolerances, threads: 1) == expected, "round \(round)")
      #expect(try batch.endTick(valueTolerances: tolerances, threads: 2) == expected, "round \(round), 2 threads")
    }
  }

  @Test("a batch's settle tick with thousands of near-ties (ramps, one gesture velocity, underdamped) is the brute-force maximum")
  func batchSettleTickNearTies() throws {
    // A grid → list change moves the elements by a ramp of distances with
    // one velocity: with an underdamped spring their last excursions crowd
    // into the same half-period as the latest one, where the screens that
    // spare the exact search must not drop the element that decides it.
    var random = SeededGenerator(seed: 36)
    for round in 0..<24 {
      let items = 3_000, channels = 2
      let n = items * channels
      let ratios = [0.3, 0.6, 0.85, 0.95, 0.99]
      let springs = try (0..<2).map { _ in
        try Spring(response: Double.random(in: 0.2...0.8, using: &random), dampingRatio: ratios.randomElement(using: &random)!)
      }
      let slope = Double.random(in: 0.5...40, using: &random), gesture = Double.random(in: -3_000...3_000, using: &random)
      var start = [Double](repeating: 0, count: n), velocity = [Double](repeating: 0, count: n)
      let grouped = round % 2 == 1
      for e in 0..<n {
        let k = e % items
        if e < items {
          // Channel 0: a ramp (every tenth element a copy of its neighbour:
          // exact ties) with the gesture's velocity.
          start[e] = slope * Double(k - k % (k % 10 == 0 ? 2 : 1))
          velocity[e] = round % 4 == 3 ? 0 : gesture
        } else {
          // Channel 1: one amplitude at every phase, so the latest element
          // is not the one the search starts from (p = A·cos φ, q = A·ω_d·sin φ).
          let spring = grouped ? springs[(k / 7) % 2] : springs[0]
          let a = spring.damping / (2 * spring.mass)
          let omegaD = (spring.stiffness / spring.mass - a * a).squareRoot()
          let phase = Double.pi * Double(k) / Double(items)
          start[e] = (300 + Double(round)) * cos(phase)
          velocity[e] = (300 + Double(round)) * omegaD * sin(phase) - a * start[e]
        }
      }
      let target = [Double](repeating: 0, count: n)
      let assignment: SpringAssignment = grouped ? .groups(springs, groupOfItem: (0..<items).map { ($0 / 7) % 2 }) : .shared(springs[0])
      let tolerances = [[0.5, 0.01][round % 2], 1e-3]
      let batch = try SpringBatch(itemCount: items, channelCount: channels, from: start, to: target, velocity: velocity, springs: assignment)
      var latest = 0.0
      for e in 0..<n {
        let spring = grouped ? springs[((e % items) / 7) % 2] : springs[0]
        let motion = try SpringMotion(spring: spring, from: start[e], to: target[e], initialVelocity: velocity[e])
        latest = max(latest, motion.endTime(within: try SettleTolerance(value: tolerances[e / items])))
      }
      let expected = AnimationTime.zero._firstTick(afterSeconds: latest)
      #expect(try batch.endTick(valueTolerances: tolerances, threads: 1) == expected, "round \(round)")
      #expect(try batch.endTick(valueTolerances: tolerances, threads: 2) == expected, "round \(round), 2 threads")
    }
  }
}
