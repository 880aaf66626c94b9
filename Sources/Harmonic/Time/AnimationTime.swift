/// A point in animation time, counted in integer ticks.
///
/// One tick is 1/705,600,000 s (a "flick"). Frame periods of 24, 25, 30, 48,
/// 50, 60, 72, 90, 100, 120, 144 and 240 Hz, and one millisecond, are whole
/// numbers of ticks, so frame *n* at any of those rates falls on an exact tick
/// and nothing ever adds up floating-point frame durations. An `Int64` of
/// ticks spans about ±414 years.
///
/// Harmonic evaluates every animation as a pure function of the tick, so the
/// value at tick *n* has the same bits however the ticks before it were
/// grouped into frames.
public struct AnimationTime: Sendable, Hashable, Comparable {
  /// Ticks per second: 705,600,000.
  public static let ticksPerSecond: Int64 = 705_600_000

  /// The tick count since the animation clock's origin.
  public var ticks: Int64

  /// The origin.
  public static let zero = AnimationTime(ticks: 0)

  public init(ticks: Int64) {
    self.ticks = ticks
  }

  /// The start of frame `frame` at `framesPerSecond`, i.e.
  /// `frame / framesPerSecond` seconds, rounded to the nearest tick (ties
  /// away from zero) with integer arithmetic only. Exact whenever
  /// `framesPerSecond` divides 705,600,000.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   `framesPerSecond` ≤ 0 or the time does not fit in 64 bits of ticks.
  public init(frame: Int64, framesPerSecond: Int64) throws(HarmonicError) {
    try _Check.positive(Double(framesPerSecond), "framesPerSecond", unit: "frames/s")
    let product = frame.multipliedFullWidth(by: AnimationTime.ticksPerSecond)
    // Round half away from zero: add ±fps/2 before the truncating division.
    let half = framesPerSecond / 2
    let bias = frame < 0 ? Int64(-half) : Int64(half)
    let (low, carry) = product.low.addingReportingOverflow(UInt64(bitPattern: bias))
    var high = product.high &+ (bias < 0 ? -1 : 0)
    if carry { high = high &+ 1 }
    let (quotient, overflow) = AnimationTime._divide(high: high, low: low, by: framesPerSecond)
    guard !overflow else {
      throw .invalidParameter(name: "frame", value: Double(frame), accepted: "such that frame/framesPerSecond fits in ±1.3e10 s")
    }
    ticks = quotient
  }

  /// `seconds` rounded to the nearest tick.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   non-finite values or magnitudes beyond 1.3e10 s.
  public init(seconds: Double) throws(HarmonicError) {
    let scaled = (seconds * Double(AnimationTime.ticksPerSecond)).rounded(.toNearestOrAwayFromZero)
    guard scaled.isFinite, scaled.magnitude < 0x1p63 else {
      throw .invalidParameter(name: "seconds", value: seconds, accepted: "finite with magnitude < 1.3e10 (s)")
    }
    ticks = Int64(scaled)
  }

  /// The time in seconds: `Double(ticks) / 705,600,000`, one correctly rounded
  /// division (exact conversion for |ticks| < 2⁵³, about 148 days).
  public var seconds: Double { Double(ticks) / Double(AnimationTime.ticksPerSecond) }

  public static func < (lhs: AnimationTime, rhs: AnimationTime) -> Bool { lhs.ticks < rhs.ticks }

  /// Adds tick counts. Overflow (beyond ±414 years) traps as for `Int64`;
  /// Harmonic's own time arithmetic never uses these operators where an
  /// input could reach that range (see the error policy in <doc:Architecture>).
  public static func + (lhs: AnimationTime, rhs: AnimationTime) -> AnimationTime {
    AnimationTime(ticks: lhs.ticks + rhs.ticks)
  }

  public static func - (lhs: AnimationTime, rhs: AnimationTime) -> AnimationTime {
    AnimationTime(ticks: lhs.ticks - rhs.ticks)
  }

  static func _divide(high: Int64, low: UInt64, by divisor: Int64) -> (Int64, overflow: Bool) {
    // Signed 128-by-64 division; overflow when the quotient leaves Int64.
    let negative = high < 0
    var magnitudeHigh = UInt64(bitPattern: high)
    var magnitudeLow = low
    if negative {
      magnitudeLow = ~magnitudeLow &+ 1
      magnitudeHigh = ~magnitudeHigh &+ (magnitudeLow == 0 ? 1 : 0)
    }
    let d = UInt64(divisor)
    guard magnitudeHigh < d else { return (0, true) }
    let (q, _) = d.dividingFullWidth((magnitudeHigh, magnitudeLow))
    if negative {
      guard q <= UInt64(Int64.max) + 1 else { return (0, true) }
      return (Int64(truncatingIfNeeded: 0 &- q), false)
    }
    guard q <= UInt64(Int64.max) else { return (0, true) }
    return (Int64(q), false)
  }
}

// MARK: - Time arithmetic that never traps
//
// Harmonic's policy: tick arithmetic on values that come from callers never
// traps. Elapsed times are exact for any two ticks (an Int64 difference fits in
// a UInt64); a time that would pass Int64.max saturates there ("never", which
// is what a settle tick beyond ±414 years means in practice).
extension AnimationTime {
  /// Seconds from `origin` to `self`, or 0 when `self` is not after `origin`.
  ///
  /// Exact for any two ticks: the difference of two Int64s fits in a UInt64,
  /// and one correctly rounded division turns it into seconds. For differences
  /// below 2⁶³ ticks this is bit for bit `(self − origin).seconds`.
  @inlinable
  package func _seconds(since origin: AnimationTime) -> Double {
    guard ticks > origin.ticks else { return 0 }
    return Double(UInt64(bitPattern: ticks &- origin.ticks)) / Double(AnimationTime.ticksPerSecond)
  }

  /// The time from `origin` to `self` as a tick count (0 when `self` is not
  /// after `origin`), saturated at `Int64.max` ticks: exact for any two
  /// ticks closer than 414 years.
  func _elapsed(since origin: AnimationTime) -> AnimationTime {
    guard ticks > origin.ticks else { return .zero }
    let difference = UInt64(bitPattern: ticks &- origin.ticks)
    return AnimationTime(ticks: difference > UInt64(Int64.max) ? .max : Int64(difference))
  }

  /// `self` plus `ticks`, saturated at ``AnimationTime`` of `Int64.max`
  /// ticks (and at `Int64.min` going back).
  func _advanced(by ticks: Int64) -> AnimationTime {
    let (sum, overflow) = self.ticks.addingReportingOverflow(ticks)
    guard overflow else { return AnimationTime(ticks: sum) }
    return AnimationTime(ticks: ticks > 0 ? .max : .min)
  }

  /// The first tick at or after `seconds` (≥ 0) past `self`; `nil` when
  /// `seconds` is NaN or +∞ or that tick lies beyond the clock's last one
  /// (what a settle tick reports as "never").
  package func _firstTick(afterSeconds seconds: Double) -> AnimationTime? {
    guard let ticks = AnimationTime._ticks(roundingUp: seconds) else { return nil }
    let (sum, overflow) = self.ticks.addingReportingOverflow(ticks)
    return overflow ? nil : AnimationTime(ticks: sum)
  }

  /// The first tick at or after `seconds` (≥ 0), counted from 0: ⌈seconds ×
  /// 705,600,000⌉, corrected by one where the product rounded below the true
  /// time. `nil` for NaN, +∞ or 2⁶² ticks (about 207 years) and beyond.
  static func _ticks(roundingUp seconds: Double) -> Int64? {
    let scaled = (seconds * Double(AnimationTime.ticksPerSecond)).rounded(.up)
    guard scaled < 0x1p62 else { return nil }
    var ticks = Int64(scaled)
    // The product may have rounded below the true settle time: step to the next tick.
    if AnimationTime(ticks: ticks).seconds < seconds { ticks += 1 }
    return ticks
  }
}

extension AnimationTime: CustomStringConvertible {
  public var description: String { "\(ticks) ticks (\(seconds) s)" }
}
