/// Display-link timestamps to animation ticks: the clock a `CADisplayLink`
/// (or any frame callback) drives.
///
/// Each timestamp — seconds on the host's monotonic clock, as
/// `CADisplayLink.targetTimestamp` or `CACurrentMediaTime()` give — is
/// converted on its own, `(timestamp − origin)` rounded to the nearest tick,
/// minus the ticks spent paused. Nothing accumulates a floating-point frame
/// duration, so an hour at 120 Hz lands on tick 432,000 × 5,880,000 exactly
/// (adding 1/120 s per frame in `Double` is 7 ticks, 10 ns, short after an
/// hour, and keeps drifting); a dropped frame is simply a later timestamp.
/// Paused time is counted in whole ticks.
///
/// Timestamps before the origin give tick 0 (plus the pauses), and a
/// timestamp during a pause gives the tick the pause began at.
public struct FrameClock: Sendable, Hashable {
  /// The host timestamp of tick 0, seconds.
  public let origin: Double
  /// Ticks spent paused (whole pauses only).
  package private(set) var pausedTicks: Int64 = 0
  /// The host timestamp the current pause began at; nil while running.
  package private(set) var pausedAt: Double?

  /// - Parameter origin: the host timestamp of tick 0, seconds.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   timestamp that is not finite or beyond ±1e9 s.
  public init(origin: Double) throws(HarmonicError) {
    try _Check.magnitude(origin, "origin", atMost: 1e9, unit: "s")
    self.origin = origin
  }

  /// The tick of host timestamp `timestamp` (seconds): O(1), no state.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   timestamp that is not finite or more than 1e9 s from the origin.
  public func time(atTimestamp timestamp: Double) throws(HarmonicError) -> AnimationTime {
    let running = try _ticks(pausedAt ?? timestamp, "timestamp")
    return AnimationTime(ticks: max(0, running) - pausedTicks)
  }

  /// Whether the clock is paused.
  public var isPaused: Bool { pausedAt != nil }

  /// Stops the clock at `timestamp`: until ``resume(atTimestamp:)`` every
  /// timestamp reads as this one. Pausing a paused clock changes nothing.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` as
  ///   ``time(atTimestamp:)``.
  public mutating func pause(atTimestamp timestamp: Double) throws(HarmonicError) {
    guard pausedAt == nil else { return }
    _ = try _ticks(timestamp, "timestamp")
    pausedAt = timestamp
  }

  /// Starts the clock again at `timestamp`: the time paused (in whole
  /// ticks, and never negative) is left out of every later tick, so the
  /// animation resumes where it stopped. Resuming a running clock changes
  /// nothing.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` as
  ///   ``time(atTimestamp:)``.
  public mutating func resume(atTimestamp timestamp: Double) throws(HarmonicError) {
    guard let pausedAt else { return }
    let (start, end) = (max(0, try _ticks(pausedAt, "pausedAt")), max(0, try _ticks(timestamp, "timestamp")))
    pausedTicks += max(0, end - start)
    self.pausedAt = nil
  }

  /// `timestamp − origin` in ticks, rounded to the nearest.
  func _ticks(_ timestamp: Double, _ name: String) throws(HarmonicError) -> Int64 {
    let seconds = timestamp - origin
    guard seconds.isFinite, seconds.magnitude <= 1e9 else {
      throw .invalidParameter(name: name, value: timestamp, accepted: "finite, within 1e9 s of the origin \(origin)")
    }
    return (try AnimationTime(seconds: seconds)).ticks
  }
}
