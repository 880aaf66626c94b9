import Foundation
import Harmonic
import Testing

/// The springy list: exact against a 45-digit reference, the same bits for
/// every frame schedule, nothing left lagging at rest, and UIKit Dynamics'
/// per-update nudges converging to it.
@Suite("Springy scrolling")
struct SpringyScrollTests {
  struct Reference {
    var spring: Spring
    var updates: [(ticks: Int64, offset: Double)]
    var samples: [(ticks: Int64, lag: Double)]
  }

  static func reference() throws -> Reference {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Reference/springy_scroll.csv")
    var spring: Spring?
    var updates: [(ticks: Int64, offset: Double)] = []
    var samples: [(ticks: Int64, lag: Double)] = []
    for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      switch fields[0] {
      case "spring": spring = try Spring(mass: Double(fields[1])!, stiffness: Double(fields[2])!, damping: Double(fields[3])!)
      case "update": updates.append((Int64(fields[1])!, Double(fields[2])!))
      default: samples.append((Int64(fields[1])!, Double(fields[2])!))
      }
    }
    return Reference(spring: try #require(spring), updates: updates, samples: samples)
  }

  /// A follower fed `updates`, touched at 0, rows reading their full lag (r = 1 from 1500 pt on).
  static func follower(_ reference: Reference, upTo ticks: Int64 = .max) throws -> SpringyScroll {
    var follower = try SpringyScroll(
      spring: reference.spring, offset: reference.updates[0].offset, touch: 0, at: AnimationTime(ticks: reference.updates[0].ticks))
    for update in reference.updates.dropFirst() where update.ticks <= ticks {
      try follower.update(offset: update.offset, at: AnimationTime(ticks: update.ticks))
    }
    return follower
  }

  @Test("the lag matches the convolution ∫G(t − τ)ds(τ) computed by mpmath at 50 digits, to 1e-9")
  func matchesReference() throws {
    let reference = try Self.reference()
    #expect(reference.updates.count == 41 && reference.samples.count == 47)
    for sample in reference.samples {
      let follower = try Self.follower(reference, upTo: sample.ticks)
      let lag = follower.lag(at: AnimationTime(ticks: sample.ticks))
      let full = lag.displacement(ofRowAt: 2000)  // 2000 pt from the touch: resistance 1
      #expect((full - sample.lag).magnitude <= 1e-9 * max(1, sample.lag.magnitude), "tick \(sample.ticks): \(full) vs \(sample.lag)")
      // A row 300 pt from the touch lags a fifth as much.
      #expect((lag.displacement(ofRowAt: -300) - 0.2 * full).magnitude <= 1e-15 * full.magnitude)
    }
  }

  @Test("100 and 10,000 rows: the same bits at the same tick for 60 Hz, 120 Hz and irregular frames")
  func frameScheduleIndependent() throws {
    let reference = try Self.reference()
    let end = reference.updates.last!.ticks + AnimationTime.ticksPerSecond
    let frameTicks: [String: [Int64]] = [
      "60 Hz": Array(stride(from: 0, through: end, by: 11_760_000)),
      "120 Hz": Array(stride(from: 0, through: end, by: 5_880_000)),
      // Gaps of 3 to 31 ms, dropped frames included, plus two ticks the others also read.
      "irregular": (irregularFrameTicks(through: end, seed: 42, minimum: 2_000_000, spread: 20_000_000) + [11_760_000 * 7, 5_880_000 * 75]).sorted(),
    ]
    for rowCount in [100, 10_000] {
      let rows = (0..<rowCount).map { Double($0) * 44 }
      var seen: [String: [Int64: [UInt64]]] = [:]
      for (name, ticks) in frameTicks {
        // A host applies the updates that have arrived, then draws the frame.
        var follower = try SpringyScroll(spring: reference.spring, offset: 0, touch: 300, at: .zero)
        var next = 1
        var frames: [Int64: [UInt64]] = [:]
        for tick in ticks {
          while next < reference.updates.count, reference.updates[next].ticks <= tick {
            try follower.update(offset: reference.updates[next].offset, at: AnimationTime(ticks: reference.updates[next].ticks))
            next += 1
          }
          let lag = follower.lag(at: AnimationTime(ticks: tick))
          frames[tick] = rows.map { lag.displacement(ofRowAt: $0).bitPattern }
        }
        seen[name] = frames
      }
      var compared = 0
      for tick in seen["60 Hz"]!.keys {
        for name in ["120 Hz", "irregular"] {
          guard let other = seen[name]![tick] else { continue }
          #expect(other == seen["60 Hz"]![tick], "\(rowCount) rows, \(name) at tick \(tick)")
          compared += 1
        }
      }
      #expect(compared > 100)
    }
  }

  @Test("at rest nothing is left lagging; a steady scroll lags c·v/k; a jump nudges by r·Δs")
  func restSteadyAndJump() throws {
    let reference = try Self.reference()
    let follower = try Self.follower(reference)
    let later = AnimationTime(ticks: reference.updates.last!.ticks + 10 * AnimationTime.ticksPerSecond)
    #expect(follower.lag(at: later).displacement(ofRowAt: 5000).magnitude < 1e-9)
    // 600 pt/s for 5 s, updated at 60 Hz: the lag settles at (c/k)·v.
    let spring = reference.spring
    var steady = try SpringyScroll(spring: spring, offset: 0, touch: 0, at: .zero)
    for j in 1...300 { try steady.update(offset: 10 * Double(j), at: AnimationTime(ticks: Int64(j) * 11_760_000)) }
    let lag = steady.lag(at: AnimationTime(ticks: 300 * 11_760_000)).displacement(ofRowAt: 1500)
    #expect((lag - spring.damping / spring.stiffness * 600).magnitude < 1e-6, "\(lag)")
    // Two updates at one tick: the second is a jump, every row nudged by its resistance times it.
    var jump = try SpringyScroll(spring: spring, offset: 0, touch: 0, at: .zero)
    try jump.update(offset: 150, at: .zero)
    #expect(jump.lag(at: .zero).displacement(ofRowAt: 750) == 0.5 * 150)
    // An update stamped before the last is taken at the last one's tick.
    var late = jump
    try late.update(offset: 200, at: AnimationTime(ticks: -5))
    #expect(late.lastUpdate == .zero && late.lag(at: .zero).displacement(ofRowAt: 1500) == 200)
  }

  @Test("UIKit Dynamics' nudges per update converge to the exact lag as updates come faster")
  func discreteNudgesConverge() throws {
    let spring = try Spring(response: 1, dampingRatio: 0.8)
    // A drag of s = 900t − 600t² for 0.4 s, read at 0.4 s.
    func offset(_ t: Double) -> Double { 900 * t - 600 * t * t }
    func exact(rate: Int) throws -> Double {
      var follower = try SpringyScroll(spring: spring, offset: 0, touch: 0, at: .zero)
      let step = AnimationTime.ticksPerSecond / Int64(rate)
      for j in 1...(rate * 2 / 5) { try follower.update(offset: offset(Double(j) / Double(rate)), at: AnimationTime(ticks: Int64(j) * step)) }
      return follower.lag(at: AnimationTime(ticks: Int64(rate * 2 / 5) * step)).displacement(ofRowAt: 1500)
    }
    // UIKit: at each update the row moves by r·Δs, then the spring runs until the next one.
    func nudged(rate: Int) throws -> Double {
      var state = SpringState(value: 0, velocity: 0)
      var previous = 0.0
      for j in 1...(rate * 2 / 5) {
        let now = offset(Double(j) / Double(rate))
        let motion = try SpringMotion(spring: spring, from: state.value + (now - previous), to: 0, initialVelocity: state.velocity)
        previous = now
        state =
          j == rate * 2 / 5 ? SpringState(value: motion.initialValue, velocity: motion.initialVelocity) : try motion._checkedState(atSeconds: 1 / Double(rate))
      }
      return state.value
    }
    let truth = try exact(rate: 960)
    let errors = try [60, 120, 480].map { (try nudged(rate: $0) - truth).magnitude }
    #expect(errors[0] > errors[1] && errors[1] > errors[2] && errors[2] < 1, "\(errors)")
    // The exact follower itself barely depends on how often the drag is sampled.
    let (at60, at120) = (try exact(rate: 60), try exact(rate: 120))
    #expect((at60 - truth).magnitude < 0.5 && (at120 - truth).magnitude < 0.2, "\(at60), \(at120), \(truth); nudged errors \(errors)")
  }

  @Test("bad input is a typed error and leaves the follower unchanged")
  func badInput() throws {
    #expect(throws: HarmonicError.self) { try SpringyScroll(resistancePerPoint: 0, offset: 0, touch: 0, at: .zero) }
    #expect(throws: HarmonicError.self) { try SpringyScroll(offset: .nan, touch: 0, at: .zero) }
    #expect(throws: HarmonicError.self) { try SpringyScroll(offset: 0, touch: .infinity, at: .zero) }
    var follower = try SpringyScroll(offset: 0, touch: 0, at: .zero)
    try follower.update(offset: 100, at: AnimationTime(ticks: 11_760_000))
    let before = follower
    #expect(throws: HarmonicError.self) { try follower.update(offset: 2e12, at: AnimationTime(ticks: 23_520_000)) }
    #expect(throws: HarmonicError.self) { try follower.touch(at: .nan, time: AnimationTime(ticks: 23_520_000)) }
    #expect(follower == before)
    // A spring whose lag would pass 1e100 for a scroll of 1e12 pt in one tick.
    var stiff = try SpringyScroll(spring: try Spring(mass: 1, stiffness: 1e-50, damping: 1e40), offset: 0, touch: 0, at: .zero)
    let unchanged = stiff
    #expect(throws: HarmonicError.self) { try stiff.update(offset: 1e12, at: AnimationTime(ticks: 1)) }
    #expect(stiff == unchanged)
  }

  @Test("a new touch keeps the old one's response dying out; dead ones are dropped, at most 64 kept")
  func touches() throws {
    var follower = try SpringyScroll(offset: 0, touch: 0, at: .zero)
    try follower.update(offset: 300, at: AnimationTime(ticks: 11_760_000 * 20))
    let mid = AnimationTime(ticks: 11_760_000 * 21)
    let before = follower.lag(at: mid).displacement(ofRowAt: 600)
    try follower.touch(at: 600, time: AnimationTime(ticks: 11_760_000 * 20))
    // The row under the new touch still carries the first touch's lag, and nothing of the new one yet.
    #expect(follower.touches.count == 2 && follower.lag(at: mid).displacement(ofRowAt: 600) == before)
    // Long after, the first response has died out and is dropped at the next touch.
    try follower.touch(at: 0, time: AnimationTime(ticks: 11_760_000 * 20 + 60 * AnimationTime.ticksPerSecond))
    #expect(follower.touches.count == 1)
    for k in 1...100 {
      try follower.update(offset: Double(k), at: AnimationTime(ticks: Int64(k) * 5_880_000 + 100 * AnimationTime.ticksPerSecond))
      try follower.touch(at: Double(k), time: AnimationTime(ticks: Int64(k) * 5_880_000 + 100 * AnimationTime.ticksPerSecond))
    }
    #expect(follower.touches.count == SpringyScroll.maximumTouches)
  }
}
