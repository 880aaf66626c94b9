/// Anything that moves on the tick clock: its value and velocity are pure
/// functions of the tick, it ends at an exact tick, and a spring can take it
/// over from its exact value and velocity (C¹).
///
/// Every motion of one value Harmonic ships conforms: ``ValueAnimation``,
/// ``ValueDecay``, ``TimedAnimation``, ``ValueAnimator``, a row of
/// ``SpringyScroll`` (``SpringyScroll/RowMotion``), and the motions that
/// count seconds from their own start — ``SpringMotion``,
/// ``ScrollDeceleration``, ``SnapMotion``, ``PlaneSnapMotion`` — for which
/// tick 0 is that start. Types that move many values hand out their parts:
/// a ``SpringChain``'s ``SpringChain/elements`` and a ``ReorderModel``'s
/// ``ReorderModel/motion(ofRow:)`` are value animations. Generic code (a
/// driver, a keyframe track, a test) takes `some Motion` and needs to know
/// nothing else.
///
/// **The end** is one notion with one name. ``endTick(within:)`` is the
/// first tick from which the motion stays within a ``SettleTolerance`` of
/// ``endValue`` for good (a timed curve: its last tick, whatever the
/// tolerance); ``endTick`` uses the value type's band
/// (``SpringAnimatable/springSettleTolerance``: 0.1 pt for points, so the
/// last frame steps less than 1/6 pt). ``hasEnded(at:)`` asks whether a tick
/// is at or past it. A motion that counts seconds also answers in seconds,
/// `endTime(within:)`, at the edges that speak seconds (the CLI, UIKit).
///
/// Cost: a value or velocity is one evaluation of the motion's closed form;
/// ``endTick`` is the motion's settle search (computed on each read: keep it).
public protocol Motion<Value>: Sendable {
  /// What moves.
  associatedtype Value: SpringAnimatable
  /// The value at `time`.
  func value(at time: AnimationTime) -> Value
  /// The velocity at `time`, the value's units per second.
  func velocity(at time: AnimationTime) -> Value.SpringVelocity
  /// Where the motion ends: a spring's target (or the limit it rests at), a
  /// decay's rest value, a curve's last value.
  var endValue: Value { get }
  /// The first tick from which every component stays within `tolerance` of
  /// ``endValue`` (and its speed within the velocity bound) for good; nil
  /// when that is past the clock's end or never.
  func endTick(within tolerance: SettleTolerance) -> AnimationTime?
  /// ``endTick(within:)`` with the motion's own tolerance (by default the
  /// value type's band, value only).
  var endTick: AnimationTime? { get }
  /// A spring that takes over at `time` from the motion's exact value and
  /// velocity there (C¹), heading for `target`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   target that ``ValueAnimation`` refuses.
  func handOff(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value>
}

extension Motion {
  public var endTick: AnimationTime? { endTick(within: SettleTolerance._band(of: Value.self)) }

  /// Whether the motion is at its end for good at `time` (at or after ``endTick``).
  public func hasEnded(at time: AnimationTime) -> Bool { endTick.map { time >= $0 } ?? false }

  public func handOff(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value> {
    try ValueAnimation(value: value(at: time), velocity: velocity(at: time), target: target, spring: spring, start: time)
  }
}

extension SettleTolerance {
  /// A value type's default band, value only (a conformance's band that is
  /// not finite and > 0 is taken as 0.001, the default of plain numbers,
  /// rather than trapping).
  static func _band<Value: SpringAnimatable>(of _: Value.Type) -> SettleTolerance {
    let band = Value.springSettleTolerance
    return _unchecked(value: band > 0 && band.isFinite ? band : 0.001, velocity: .infinity)
  }
}

/// The first tick at or after `seconds` after tick 0 (nil past the clock's end or never).
func _tickFromStart(afterSeconds seconds: Double) -> AnimationTime? {
  seconds.isFinite ? AnimationTime.zero._firstTick(afterSeconds: max(seconds, 0)) : nil
}

/// Seconds after tick 0, for the motions that count seconds from their start
/// (a tick before 0 is their start; one past their time range, its end).
func _secondsFromStart(_ time: AnimationTime) -> Double { min(max(time.seconds, 0), _Check.maximumTime) }

extension ValueAnimation: Motion {
  public func handOff(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value> {
    var next = self
    try next.retarget(to: target, at: time, spring: spring)
    return next
  }
}

extension ValueDecay: Motion {}

extension TimedAnimation: Motion {}

extension ValueAnimator: Motion {}

extension SpringMotion: Motion {
  public func value(at time: AnimationTime) -> Double { state(at: time).value }
  public func velocity(at time: AnimationTime) -> Double { state(at: time).velocity }
  public var endValue: Double { target }
  public func endTick(within tolerance: SettleTolerance) -> AnimationTime? { _tickFromStart(afterSeconds: endTime(within: tolerance)) }
}

extension ScrollDeceleration: Motion {
  public func value(at time: AnimationTime) -> Double { _state(atSeconds: _secondsFromStart(time)).value }
  public func velocity(at time: AnimationTime) -> Double { _state(atSeconds: _secondsFromStart(time)).velocity }
  public var endValue: Double { restOffset }
  public func endTick(within tolerance: SettleTolerance) -> AnimationTime? { _tickFromStart(afterSeconds: endTime(within: tolerance)) }
}

extension SnapMotion: Motion {
  // A switch per member, not `any Motion`: a spring's motion does not fit an
  // existential's inline buffer, so boxing it would allocate on every read.
  public func value(at time: AnimationTime) -> Double {
    switch self {
    case .spring(let motion): motion.value(at: time)
    case .deceleration(let deceleration): deceleration.value(at: time)
    }
  }
  public func velocity(at time: AnimationTime) -> Double {
    switch self {
    case .spring(let motion): motion.velocity(at: time)
    case .deceleration(let deceleration): deceleration.velocity(at: time)
    }
  }
  public var endValue: Double {
    switch self {
    case .spring(let motion): motion.endValue
    case .deceleration(let deceleration): deceleration.endValue
    }
  }
  public func endTick(within tolerance: SettleTolerance) -> AnimationTime? {
    switch self {
    case .spring(let motion): motion.endTick(within: tolerance)
    case .deceleration(let deceleration): deceleration.endTick(within: tolerance)
    }
  }
}

extension PlaneSnapMotion: Motion {
  public func value(at time: AnimationTime) -> SIMD2<Double> { SIMD2(x.value(at: time), y.value(at: time)) }
  public func velocity(at time: AnimationTime) -> SIMD2<Double> { SIMD2(x.velocity(at: time), y.velocity(at: time)) }
  public var endValue: SIMD2<Double> { SIMD2(x.target, y.target) }
  /// The later of the two axes' ends.
  public func endTick(within tolerance: SettleTolerance) -> AnimationTime? { _tickFromStart(afterSeconds: endTime(within: tolerance)) }
}
