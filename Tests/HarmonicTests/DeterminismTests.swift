import Foundation
import Harmonic
import Testing

@Suite("Deterministic time")
struct DeterminismTests {
  /// A retargeting animation: the schedule of retargets is in ticks.
  func run(frameTicks: [Int64]) throws -> (hash: UInt64, states: [Int64: SpringState]) {
    var animation = try ValueAnimation(value: 0.0, velocity: 1500, target: 320, spring: .bouncy)
    let retargets: [(Int64, Double, Spring)] = [
      (AnimationTime.ticksPerSecond / 5, -80, .snappy),
      (AnimationTime.ticksPerSecond * 7 / 10, 40, .coreAnimationDefault),
    ]
    var pending = retargets[...]
    var hasher = BitHasher()
    var states: [Int64: SpringState] = [:]
    for tick in frameTicks {
      // Retargets happen exactly at their tick, whether or not a frame falls there.
      while let next = pending.first, next.0 <= tick {
        try animation.retarget(to: next.1, at: AnimationTime(ticks: next.0), spring: next.2)
        pending = pending.dropFirst()
      }
      let (value, velocity) = animation.state(at: AnimationTime(ticks: tick))
      let state = SpringState(value: value, velocity: velocity)
      states[tick] = state
      hasher.combine(state.value)
      hasher.combine(state.velocity)
    }
    return (hasher.value, states)
  }

  func frames(rate: Int64, seconds: Int64) throws -> [Int64] {
    try (0...(rate * seconds)).map { try AnimationTime(frame: $0, framesPerSecond: rate).ticks }
  }

  @Test("the state at a tick has the same bits at 30, 60, 120, 144 Hz and on irregular frames")
  func frameRateIndependence() throws {
    let common: [Int64] = [0, 1, 2, 3].map { $0 * AnimationTime.ticksPerSecond / 2 }  // 0, 0.5, 1, 1.5 s
    var reference: [Int64: SpringState]? = nil
    var random = SeededGenerator(seed: 99)
    var irregular: [Int64] = [0]
    while irregular.last! < 2 * AnimationTime.ticksPerSecond {
      irregular.append(irregular.last! + Int64.random(in: 1...(AnimationTime.ticksPerSecond / 20), using: &random))
    }
    irregular = Array(Set(irregular + common)).sorted()
    for schedule in [
      try frames(rate: 30, seconds: 2), try frames(rate: 60, seconds: 2),
      try frames(rate: 120, seconds: 2), try frames(rate: 144, seconds: 2), irregular,
    ] {
      let (_, states) = try run(frameTicks: schedule)
      let picked = common.map { states[$0]! }
      if let reference {
        for (tick, state) in zip(common, picked) {
          #expect(state.value.bitPattern == reference[tick]!.value.bitPattern)
          #expect(state.velocity.bitPattern == reference[tick]!.velocity.bitPattern)
        }
      } else {
        reference = Dictionary(uniqueKeysWithValues: zip(common, picked))
      }
    }
  }

  @Test("golden: a 60 Hz run with two retargets hashes to a fixed value")
  func golden() throws {
    // Changes only on purpose (a deliberate change of the math), with the
    // reason in the commit message. The closed form uses Harmonic's own
    // exp/expm1/sin/cos, so this golden holds on every platform.
    let (hash, states) = try run(frameTicks: try frames(rate: 60, seconds: 3))
    #expect(hash == 0x712b_a811_90a6_4ff4, "hash \(String(hash, radix: 16))")
    let end = states[3 * AnimationTime.ticksPerSecond]!
    #expect((end.value - 40).magnitude < 0.01)
  }

  @Test("retargeting keeps value and velocity continuous (C¹)")
  func retargetContinuity() throws {
    var random = SeededGenerator(seed: 5)
    for _ in 0..<500 {
      let spring = try Spring(response: random.logUniform(0.05, 2), dampingRatio: random.logUniform(0.05, 5))
      var animation = try ValueAnimation(value: 0.0, velocity: Double.random(in: -500...500, using: &random), target: 100, spring: spring)
      let tick = AnimationTime(ticks: Int64.random(in: 0...AnimationTime.ticksPerSecond, using: &random))
      let before = animation.state(at: tick)
      try animation.retarget(
        to: Double.random(in: -200...200, using: &random), at: tick,
        spring: Spring(response: random.logUniform(0.05, 2), dampingRatio: random.logUniform(0.05, 5)))
      let after = animation.state(at: tick)
      #expect(after == before)
      // Continuity of the derivative: a one-tick difference quotient after the
      // retarget approaches the handed-over velocity.
      // The difference quotient over h differs from the velocity by at most
      // about |acceleration|·h/2.
      let h = AnimationTime(ticks: 1_000)
      let next = animation.state(at: tick + h)
      let slope = (next.value - after.value) / h.seconds
      let newSpring = animation.spring
      let acceleration = -(newSpring.damping * after.velocity + newSpring.stiffness * (after.value - animation.target)) / newSpring.mass
      #expect((slope - before.velocity).magnitude <= acceleration.magnitude * h.seconds + 1e-6 * (1 + before.velocity.magnitude))
    }
  }

  @Test("a motion started at the hand-off tick equals the animation retargeted at that tick")
  func motionRetargetMatchesAnimation() throws {
    let motion = try SpringMotion(spring: .snappy, from: 10, to: 90, initialVelocity: -40)
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 8)
    let there = motion.state(at: tick)
    let retargeted = try SpringMotion(spring: .smooth, from: there.value, to: -5, initialVelocity: there.velocity, start: tick)
    let handedOff = try motion.handOff(to: -5, with: .smooth, at: tick)
    var animation = try ValueAnimation(value: motion.initialValue, velocity: motion.initialVelocity, target: motion.target, spring: motion.spring)
    try animation.retarget(to: -5, at: tick, spring: .smooth)
    for later in [0, 1, 1_000, AnimationTime.ticksPerSecond / 3] {
      let (value, velocity) = animation.state(at: tick + AnimationTime(ticks: later))
      #expect(SpringState(value: value, velocity: velocity) == retargeted.state(at: tick + AnimationTime(ticks: later)))
      #expect(handedOff.state(at: tick + AnimationTime(ticks: later)) == animation.state(at: tick + AnimationTime(ticks: later)))
    }
  }

  @Test("frame n at a rate that divides 705,600,000 is exactly n/rate seconds of ticks")
  func frameTicks() throws {
    for rate: Int64 in [24, 25, 30, 48, 50, 60, 72, 90, 100, 120, 144, 240, 1000] {
      #expect(AnimationTime.ticksPerSecond % rate == 0)
      for frame: Int64 in [0, 1, 7, 1_000_003, -5] {
        #expect(try AnimationTime(frame: frame, framesPerSecond: rate).ticks == frame * (AnimationTime.ticksPerSecond / rate))
      }
    }
    // 165 Hz does not divide: frames round to the nearest tick, half away from zero.
    #expect(try AnimationTime(frame: 1, framesPerSecond: 165).ticks == 4_276_364)
    #expect(try AnimationTime(frame: -1, framesPerSecond: 165).ticks == -4_276_364)
    #expect(try AnimationTime(seconds: 0.5).ticks == AnimationTime.ticksPerSecond / 2)
    #expect(AnimationTime(ticks: AnimationTime.ticksPerSecond / 4).seconds == 0.25)
    // Huge frame numbers either fit exactly or are refused; they never wrap.
    #expect(throws: HarmonicError.self) { try AnimationTime(frame: .max, framesPerSecond: 60) }
  }
}
