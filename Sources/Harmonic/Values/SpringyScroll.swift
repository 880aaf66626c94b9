/// The springy list (UIKit Dynamics' classic): every row hangs on a spring
/// at its place in the content and lags the scroll by its resistance — its
/// distance from the touch times ``resistancePerPoint``, at most 1 — then
/// springs back. Exact and independent of the frame rate.
///
/// UIKit Dynamics nudges every row by `resistance × Δoffset` at each scroll
/// update and integrates the springs step by step, so the motion depends on
/// how often the scroll view reports (a far row lags 224.39 pt at 0.4 s with
/// 60 Hz updates, 221.37 pt at 120 Hz). Here the offset is linear between the
/// updates it is given and constant after the last, and a row at resistance r
/// is displaced by `r·u(t)` with
///
///     u(t) = ∫ G(t − τ) ds(τ),
///
/// G the spring's free response from a unit displacement at rest: the limit
/// of UIKit's nudges made infinitely often. Springs are linear, so one
/// response per touch serves every row. Between updates u is a spring motion
/// in closed form: along a piece of slope v it heads for c·v/k (its lag at a
/// steady scroll) and its velocity steps by the change of slope at each
/// update; after the last update it heads for 0, so nothing is left lagging
/// once the scroll stops.
///
/// Reads are pure functions of the tick and of the updates given so far: any
/// frame schedule (60 Hz, 120 Hz, irregular, dropped frames) sees the same
/// bits at the same tick. Time moves forward: an update stamped before the
/// last is taken at the last one's tick, and a read before it gives the state
/// at that tick. An update at the same tick as the last one is a jump of the
/// offset (every row is nudged by r times the jump, as one UIKit step).
///
/// Positions and offsets are points along the scroll axis in content
/// coordinates; a positive displacement is towards larger coordinates (a row
/// lags behind a scroll towards larger offsets).
///
/// Cost: O(1) per update; O(touches) per ``lag(at:reducingMotion:)`` read, then O(touches)
/// per row. Touches whose response has died out (below 1e-9 pt and
/// 1e-9 pt/s per unit resistance) are dropped when a new one begins, and at
/// most 64 are kept (the oldest goes first).
public struct SpringyScroll: Sendable, Hashable {
  /// The spring every row hangs on.
  public let spring: Spring
  /// Resistance per point of distance from the touch (capped at 1 per row).
  public let resistancePerPoint: Double
  /// The last update's offset and tick.
  public private(set) var offset: Double
  public private(set) var lastUpdate: AnimationTime

  /// One touch's response: where it is and its unit lag after the last update.
  package struct Touch: Sendable, Hashable {
    var position: Double
    /// u heading for 0 from the last update (the offset constant from then on).
    var rest: SpringMotion
  }
  package var touches: [Touch]

  /// Most touches kept.
  package static let maximumTouches = 64

  /// UIKit Dynamics' attachment in the classic springy flow layout
  /// (frequency 1 Hz, damping 0.8): response 1 s, damping ratio 0.8, mass 1.
  public static let defaultSpring: Spring = _libraryConstant { try Spring(response: 1, dampingRatio: 0.8) }

  /// - Parameters:
  ///   - spring: the rows' spring (default ``defaultSpring``).
  ///   - resistancePerPoint: per point of distance from the touch, > 0
  ///     (default 1/1500, as the classic layout).
  ///   - offset: the content offset at `time`, points.
  ///   - touch: where the first touch is, content coordinates (points).
  ///   - time: the tick of that offset.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   resistance that is not positive or an offset or position beyond ±1e12.
  public init(
    spring: Spring = SpringyScroll.defaultSpring, resistancePerPoint: Double = 1.0 / 1500, offset: Double, touch: Double, at time: AnimationTime
  ) throws(HarmonicError) {
    try _Check.factor(resistancePerPoint, "resistancePerPoint", positive: true, unit: "per point")
    try _Check.coordinate(offset, "offset")
    try _Check.coordinate(touch, "touch")
    self.spring = spring
    self.resistancePerPoint = resistancePerPoint
    self.offset = offset
    self.lastUpdate = time
    self.touches = [Touch(position: touch, rest: try SpringyScroll.motion(spring, from: 0, to: 0, velocity: 0))]
  }

  static func motion(_ spring: Spring, from u: Double, to target: Double, velocity: Double) throws(HarmonicError) -> SpringMotion {
    // Lags and their rates beyond 1e100 (a spring with a huge c/k scrolled
    // in one tick) are refused by the motion's own checks.
    try SpringMotion(spring: spring, from: u, to: target, initialVelocity: velocity)
  }

  /// A new touch at `position` (content coordinates) from `time` on: later
  /// updates displace the rows by their distance from it. Earlier touches'
  /// responses go on dying out.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   position beyond ±1e12 (the follower is then unchanged).
  public mutating func touch(at position: Double, time: AnimationTime) throws(HarmonicError) {
    try _Check.coordinate(position, "position")
    let now = max(time, lastUpdate)
    // Settle the pieces up to now into every touch, then start the new one.
    let elapsed = now._elapsed(since: lastUpdate)
    var kept: [Touch] = []
    let quiet = _libraryConstant { try SettleTolerance(value: 1e-9, velocity: 1e-9) }
    for var touch in touches {
      let state = touch.rest.state(at: elapsed)
      touch.rest = try SpringyScroll.motion(spring, from: state.value, to: 0, velocity: state.velocity)
      if touch.rest.endTime(within: quiet) > 0 { kept.append(touch) }
    }
    kept.append(Touch(position: position, rest: try SpringyScroll.motion(spring, from: 0, to: 0, velocity: 0)))
    touches = Array(kept.suffix(SpringyScroll.maximumTouches))
    lastUpdate = now
  }

  /// The scroll view reported `offset` at `time`: the offset moved linearly
  /// from the last update to here, and stays here until the next one.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for an
  ///   offset beyond ±1e12, or a lag beyond 1e100 (a scroll far too fast for
  ///   the spring); the follower is then unchanged.
  public mutating func update(offset newOffset: Double, at time: AnimationTime) throws(HarmonicError) {
    try _Check.coordinate(newOffset, "offset")
    let now = max(time, lastUpdate)
    let elapsed = now._elapsed(since: lastUpdate)
    let ticks = elapsed.ticks
    let delta = newOffset - offset
    let damping = spring.damping / spring.stiffness  // c/k: seconds
    var next = touches
    for k in next.indices {
      let rest = next[k].rest
      if k < next.count - 1 || ticks == 0 {
        // Older touches only die out; a same-tick update is a jump of u by Δs.
        let state = rest.state(at: elapsed)
        let jump = k == next.count - 1 ? delta : 0
        next[k].rest = try SpringyScroll.motion(spring, from: state.value + jump, to: 0, velocity: state.velocity)
        continue
      }
      // Along the piece of slope v: from u, heading for (c/k)·v, its velocity
      // the continuous w plus v; at its end w = u′ − v again.
      let v = delta / elapsed.seconds
      let piece = try SpringyScroll.motion(spring, from: rest.initialValue, to: damping * v, velocity: rest.initialVelocity + v)
      let end = piece.state(at: elapsed)
      next[k].rest = try SpringyScroll.motion(spring, from: end.value, to: 0, velocity: end.velocity - v)
    }
    touches = next
    offset = newOffset
    lastUpdate = now
  }

  /// Every touch's unit lag at `time`, to displace rows with.
  ///
  /// With `reducingMotion` true (``ReduceMotion/isReduced(systemSetting:)``)
  /// the rows stay rigid: the lag displaces nothing, whatever the touches.
  public func lag(at time: AnimationTime, reducingMotion: Bool = false) -> Lag {
    guard !reducingMotion else { return Lag(resistancePerPoint: resistancePerPoint, touches: []) }
    let elapsed = max(time, lastUpdate)._elapsed(since: lastUpdate)
    return Lag(
      resistancePerPoint: resistancePerPoint, touches: touches.map { (position: $0.position, lag: $0.rest.state(at: elapsed).value) })
  }

  /// The row whose resting place is `position` (content coordinates,
  /// points) as a ``Motion`` of its displacement from the updates given so
  /// far: exact until the next ``update(offset:at:)`` or ``touch(at:time:)``
  /// (take a new one then). It ends at 0.
  public func motion(ofRowAt position: Double) -> RowMotion { RowMotion(scroll: self, position: position) }

  /// One row's displacement (points) as a ``Motion``; see ``motion(ofRowAt:)``.
  public struct RowMotion: Motion {
    let scroll: SpringyScroll
    let position: Double

    /// The scroll's last update: the motion is exact from there on.
    public var start: AnimationTime { scroll.lastUpdate }
    /// Σ rᵢ·uᵢ(t) over the touches, the displacement of
    /// ``Lag/displacement(ofRowAt:)``, and its velocity.
    public func components(at time: AnimationTime) -> (value: SIMD2<Double>, velocity: SIMD2<Double>) {
      (SIMD2(_sum(at: time) { $0.value }, 0), SIMD2(_sum(at: time) { $0.velocity }, 0))
    }
    public var endValue: Double { 0 }
    /// A tick from which the displacement stays within `tolerance` for
    /// good: the latest at which every touch's share, rᵢ·uᵢ, stays within
    /// the tolerance over the number of touches (a bound, not the first such tick).
    public func endTick(within tolerance: SettleTolerance) -> AnimationTime? {
      let shares = Double(max(scroll.touches.count, 1))
      var latest = scroll.lastUpdate
      for touch in scroll.touches {
        let r = _resistance(touch)
        guard r > 0 else { continue }
        let share = SettleTolerance(_share: 1 / (shares * r), of: tolerance)
        guard let seconds = Optional(touch.rest.endTime(within: share)), seconds.isFinite,
          let tick = scroll.lastUpdate._firstTick(afterSeconds: seconds)
        else { return nil }
        latest = max(latest, tick)
      }
      return latest
    }

    func _resistance(_ touch: Touch) -> Double {
      position.isNaN ? 0 : Swift.min(1, (position - touch.position).magnitude * scroll.resistancePerPoint)
    }

    func _sum(at time: AnimationTime, _ part: (SpringState) -> Double) -> Double {
      let elapsed = max(time, scroll.lastUpdate)._elapsed(since: scroll.lastUpdate)
      var total = 0.0
      for touch in scroll.touches { total = total + _resistance(touch) * part(touch.rest.state(at: elapsed)) }
      return total
    }
  }

  /// The unit lags of every touch at one tick.
  public struct Lag: Sendable {
    let resistancePerPoint: Double
    let touches: [(position: Double, lag: Double)]

    /// How far the row whose resting place is `position` (content
    /// coordinates, points) is displaced from it: Σ min(1, |position −
    /// touch|·resistancePerPoint)·u, over the touches; 0 for a position
    /// that is not a number (no row is there). O(touches).
    public func displacement(ofRowAt position: Double) -> Double {
      guard !position.isNaN else { return 0 }
      var total = 0.0
      for touch in touches {
        let resistance = Swift.min(1, (position - touch.position).magnitude * resistancePerPoint)
        total = total + resistance * touch.lag
      }
      return total
    }
  }
}
