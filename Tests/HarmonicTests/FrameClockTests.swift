import Foundation
import Harmonic
import Testing

/// Display-link timestamps to ticks: no drift, pauses left out, dropped frames exact.
@Suite("Frame clock")
struct FrameClockTests {
  @Test("an hour at 120 Hz from a host timestamp of 123456.789 s lands on every frame's tick exactly")
  func noDrift() throws {
    let origin = 123_456.789
    let clock = try FrameClock(origin: origin)
    var accumulated = 0.0
    for k in 0...432_000 {
      let timestamp = origin + Double(k) / 120
      #expect(try clock.time(atTimestamp: timestamp).ticks == Int64(k) * 5_880_000)
      if k > 0 { accumulated += 1.0 / 120 }
    }
    // What adding the frame duration in Double gives instead: off by whole ticks after an hour.
    let drift = (try AnimationTime(seconds: accumulated)).ticks - 432_000 * 5_880_000
    #expect(drift != 0 && drift.magnitude < 100, "\(drift) ticks")
    // A dropped frame is just a later timestamp; one before the origin is tick 0.
    #expect(try clock.time(atTimestamp: origin + 7.0 / 60).ticks == 7 * 11_760_000)
    #expect(try clock.time(atTimestamp: origin - 1).ticks == 0)
  }

  @Test("pauses are left out in whole ticks; during a pause time stands still")
  func pauses() throws {
    var clock = try FrameClock(origin: 1000)
    try clock.pause(atTimestamp: 1010)
    let (during, ten) = (try clock.time(atTimestamp: 1014), try AnimationTime(seconds: 10))
    #expect(clock.isPaused && during == ten)
    try clock.pause(atTimestamp: 1012)  // already paused: unchanged
    try clock.resume(atTimestamp: 1015.5)
    let paused = try AnimationTime(seconds: 5.5).ticks
    #expect(!clock.isPaused && clock.pausedTicks == paused)
    let (resumed, tenAndAHalf) = (try clock.time(atTimestamp: 1016), try AnimationTime(seconds: 10.5))
    #expect(resumed == tenAndAHalf)
    try clock.resume(atTimestamp: 1020)  // not paused: unchanged
    let (later, fourteenAndAHalf) = (try clock.time(atTimestamp: 1020), try AnimationTime(seconds: 14.5))
    #expect(later == fourteenAndAHalf)
    // A resume stamped before its pause adds nothing.
    try clock.pause(atTimestamp: 1030)
    try clock.resume(atTimestamp: 1029)
    #expect(clock.pausedTicks == paused)
  }

  @Test("bad timestamps are typed errors")
  func badInput() throws {
    #expect(throws: HarmonicError.self) { try FrameClock(origin: .nan) }
    #expect(throws: HarmonicError.self) { try FrameClock(origin: 2e9) }
    var clock = try FrameClock(origin: 0)
    #expect(throws: HarmonicError.self) { try clock.time(atTimestamp: .infinity) }
    #expect(throws: HarmonicError.self) { try clock.pause(atTimestamp: 5e9) }
    #expect(!clock.isPaused)
  }
}
