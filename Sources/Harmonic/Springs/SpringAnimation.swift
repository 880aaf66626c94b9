/// A spring animation on the integer animation clock that can be retargeted
/// while it runs.
///
/// It holds one ``SpringMotion`` segment and the tick at which that segment
/// began. ``state(at:)`` is a pure function of the tick: frames may come at
/// 30, 60, 120, 144 Hz or irregularly, and the value at tick *n* has the same
/// bits either way. Only ``retarget(to:at:spring:)`` starts a new segment, from
/// the exact state at its tick, so position and velocity stay continuous (C¹).
public struct SpringAnimation: Sendable, Hashable {
  /// The current segment.
  public private(set) var motion: SpringMotion
  /// The tick at which the current segment began.
  public private(set) var segmentStart: AnimationTime

  public init(_ motion: SpringMotion, startingAt start: AnimationTime = .zero) {
    self.motion = motion
    self.segmentStart = start
  }

  /// The state at `time`. Times before the current segment's start give the
  /// state at that start (earlier segments are not kept).
  @inlinable
  public func state(at time: AnimationTime) -> SpringState {
    motion._state(atSeconds: time._seconds(since: segmentStart))
  }

  /// Heads for `target` from `time` on, keeping the value and velocity at
  /// `time`; optionally switches spring.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   `time` is before the current segment's start, or `target` is invalid.
  public mutating func retarget(to target: Double, at time: AnimationTime, spring: Spring? = nil) throws(HarmonicError) {
    try _Check.notBefore(time.ticks, start: segmentStart.ticks, of: "the current segment's start")
    let now = state(at: time)
    motion = try SpringMotion(spring: spring ?? motion.spring, from: now.value, to: target, initialVelocity: now.velocity)
    segmentStart = time
  }

  /// The first tick at or after which the animation stays within `tolerance`
  /// (the exact settle time rounded up to a tick), or `nil` if it never
  /// settles or settles only after the clock's last tick (`Int64.max`).
  public func settleTick(tolerance: SettleTolerance) -> AnimationTime? {
    segmentStart._firstTick(afterSeconds: motion.settleTime(tolerance: tolerance))
  }
}
