import Harmonic
import Testing

@Suite("Step response near t = 0")
struct StepResponseTests {
  /// The unit step response of `spring` at `ticks`, as users see it: a motion from 0 to 1 from rest.
  func step(_ spring: Spring, _ ticks: Int64) throws -> Double {
    try SpringMotion(spring: spring, from: 0, to: 1).state(at: AnimationTime(ticks: ticks)).value
  }

  /// Relative to itself, plus what half an ulp of the time can change: at
  /// t = 0⁺ that is P itself (P ∝ t²); many periods into a lightly damped
  /// motion it is the phase error ε·ω·t, which no formula can avoid.
  @Test("the step response is within 8·2⁻⁵²·(P + t·|P′|) of an 80-digit reference; within 8·2⁻⁵²·P for ζ ≥ 1")
  func againstReference() throws {
    let rows = try referenceRows("step_response.csv")
    #expect(rows.count > 9_000)
    var worst = 0.0
    var worstNonOscillating = 0.0
    for row in rows {
      let (m, k, c, ticks, expected) = (row[0], row[1], row[2], Int64(row[3]), row[4])
      let spring = try Spring(mass: m, stiffness: k, damping: c)
      let time = AnimationTime(ticks: ticks)
      let state = try SpringMotion(spring: spring, from: 0, to: 1).state(at: time)
      let error = (state.value - expected).magnitude
      let ratio = error / (8 * Double.ulpOfOne * (expected.magnitude + time.seconds * state.velocity.magnitude))
      worst = max(worst, ratio)
      #expect(ratio <= 1, "m=\(m) k=\(k) c=\(c) tick \(ticks): \(state.value) vs \(expected)")
      if !spring._basis.isOscillating {
        let relative = error / expected
        worstNonOscillating = max(worstNonOscillating, relative)
        #expect(relative <= 8 * Double.ulpOfOne, "m=\(m) k=\(k) c=\(c) tick \(ticks): \(state.value) vs \(expected)")
      }
    }
    print(
      "step response over \(rows.count) reference rows: worst \(worst.formatted2) of the bound; ζ ≥ 1: worst relative error \((worstNonOscillating / Double.ulpOfOne).formatted2)·2⁻⁵²"
    )
  }

  @Test("k = 1, c = 2 one tick in: +1.0043e-18, not −5.3e-18", arguments: [(1.0, 2.0)])
  func reportedCase(k: Double, c: Double) throws {
    let value = try step(Spring(mass: 1, stiffness: k, damping: c), 1)
    #expect(value > 0)
    #expect((value - 1.00427548097482211781406323065212365591237773e-18).magnitude <= 4 * Double.ulpOfOne * 1e-18)
  }

  @Test(
    "ζ ≥ 1: within [0, 1] and rising at every one of ticks 1…200, and at 120 Hz frames for 3 s",
    arguments: [1.0, 1.5, 3, 1000])
  func positiveAndMonotone(dampingRatio: Double) throws {
    for spring in [
      try Spring(stiffness: 1, dampingRatio: dampingRatio), try Spring(stiffness: 300, dampingRatio: dampingRatio),
      try Spring(response: 5, dampingRatio: dampingRatio),
    ] {
      var previous = 0.0
      for tick in Int64(1)...200 {
        let value = try step(spring, tick)
        #expect(value > previous && value <= 1, "\(spring) at tick \(tick): \(value) after \(previous)")
        previous = value
      }
      for frame in Int64(1)...360 {
        let value = try step(spring, frame * AnimationTime.ticksPerSecond / 120)
        #expect(value >= previous && value <= 1, "\(spring) at frame \(frame): \(value) after \(previous)")
        previous = value
      }
    }
  }

  @Test("batch progress is the step response bit for bit: never negative, within [0, 1] for ζ ≥ 1")
  func batchProgress() throws {
    let springs =
      try [1.0, 1.5, 3, 1000].flatMap { zeta in
        [try Spring(stiffness: 1, dampingRatio: zeta), try Spring(response: 5, dampingRatio: zeta)]
      } + [.bouncy, .snappy]
    let count = springs.count
    let batch = try SpringBatch(
      itemCount: count, channelCount: 1, from: Array(repeating: 0, count: count),
      to: Array(repeating: 0, count: count), springs: .perItem(springs))
    var progress = [Double](repeating: 0, count: count)
    for tick in Int64(0)...400 {
      let time = AnimationTime(ticks: tick * tick * 997)  // from the first ticks to ~0.23 s
      try batch.progress(at: time, into: &progress)
      for (item, spring) in springs.enumerated() {
        let expected = try step(spring, time.ticks)
        #expect(progress[item].bitPattern == expected.bitPattern, "item \(item) at \(time.ticks)")
        #expect(progress[item] >= 0)
        if spring.dampingRatio >= 1 { #expect(progress[item] <= 1) }
      }
      let average = batch.averageProgress(at: time)
      #expect(average >= 0 && average <= 1.1)
    }
  }
}

extension Double {
  fileprivate var formatted2: String { String((self * 100).rounded() / 100) }
}
