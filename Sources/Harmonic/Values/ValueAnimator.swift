/// One animated value for a display link to drive: springs, glides,
/// timed curves and keyframes one after another — a spring takes over from
/// the exact value and velocity shown (C¹), any other motion runs from its
/// own start as you built it (``run(_:)``) — and a frame call that says what
/// to show and, once, that the motion is over.
///
/// ```swift
/// var card = try ValueAnimator(value: CGPoint(x: 40, y: 40))
/// try card.spring(to: CGPoint(x: 300, y: 500), with: .snappy, at: .zero)
/// let frame = card.frame(at: now)        // frame.value to draw; frame.didEnd once, at the end
/// ```
///
/// It is itself a ``Motion``, and holds one: whatever motion it runs, it
/// asks only the protocol — its value, velocity, end and hand-off — so a
/// spring, a glide and a curve are driven the same way. The end is exact:
/// the current motion's ``Motion/endTick(within:)`` for the animator's
/// ``tolerance`` (by default the value type's band,
/// ``SpringAnimatable/springSettleTolerance``), and from then on the frame
/// shows exactly the motion's ``Motion/endValue``.
///
/// Cost: one evaluation of the current motion per frame (through the
/// protocol); starting a motion computes its end tick once (a settle-time
/// search for a spring).
public struct ValueAnimator<Value: SpringAnimatable>: Sendable {
  /// What a frame shows.
  public struct Frame: Sendable {
    /// The value to draw.
    public let value: Value
    /// Its velocity, units per second (0 once ended).
    public let velocity: Value.SpringVelocity
    /// The motion has ended: the value is final until the next motion.
    public let hasEnded: Bool
    /// True on the first frame at or after the motion's end, and only then:
    /// run completion work here.
    public let didEnd: Bool
  }

  /// The motion under way: a ``ValueAnimation``, a ``ValueDecay``, a
  /// ``TimedAnimation``, or at rest a motion that stays at its value.
  public private(set) var motion: any Motion<Value>
  /// The band within which a spring or a glide counts as ended.
  public let tolerance: SettleTolerance
  /// The tick the current motion began at, and its end tick.
  var _start: AnimationTime
  var _end: AnimationTime?
  var _reportedEnd = true

  /// At rest at `value`.
  ///
  /// - Parameters:
  ///   - value: the value it rests at.
  ///   - tolerance: when a motion counts as ended; nil (the default): the
  ///     value type's band, ``SpringAnimatable/springSettleTolerance``,
  ///     value only.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite or too large component (|x| ≤ 1e100).
  public init(value: Value, tolerance: SettleTolerance? = nil) throws(HarmonicError) {
    let components = value.springComponents
    for k in 0..<ValueAnimation<Value>.count {
      try _Check.finiteMagnitude(components[k], "value component \(k)", unit: "units")
    }
    (motion, self.tolerance) = (_Resting(value: value), tolerance ?? ._band(of: Value.self))
    (_start, _end) = (AnimationTime(ticks: .min), AnimationTime(ticks: .min))
  }

  /// The tick the current motion began at (the clock's first tick before
  /// the first motion).
  public var start: AnimationTime { _start }

  /// The current motion's components, then exactly its end value at rest once ended.
  public func components(at time: AnimationTime) -> (value: Value.SpringComponents, velocity: Value.SpringComponents) {
    hasEnded(at: time) ? (motion.endValue.springComponents, .zero) : motion.components(at: time)
  }

  /// The value at `time`: the motion's, then exactly its end value once ended.
  public func value(at time: AnimationTime) -> Value { hasEnded(at: time) ? motion.endValue : motion.value(at: time) }

  /// Where the current motion ends: the spring's target, the glide's rest
  /// value, the curve's end value, the value at rest.
  public var endValue: Value { motion.endValue }

  /// The tick the current motion ends at for the animator's ``tolerance``
  /// (nil: never before the clock's end); at rest, the clock's first tick.
  public var endTick: AnimationTime? { _end }

  /// The current motion's end for another tolerance.
  public func endTick(within tolerance: SettleTolerance) -> AnimationTime? { motion.endTick(within: tolerance) }

  /// The frame at `time`, for a display link: what to draw, whether the
  /// motion has ended, and — once per motion — that it has just ended.
  public mutating func frame(at time: AnimationTime) -> Frame {
    let ended = hasEnded(at: time)
    let first = ended && !_reportedEnd
    if ended { _reportedEnd = true }
    return Frame(value: value(at: time), velocity: velocity(at: time), hasEnded: ended, didEnd: first)
  }

  /// Springs to `target` from the value and velocity shown at `time` (C¹):
  /// the current motion's ``Motion/handOff(to:with:at:)``.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   bad target (the animator is then unchanged).
  public mutating func spring(to target: Value, with spring: Spring = .smooth, at time: AnimationTime) throws(HarmonicError) {
    let now = max(time, _start)
    let from: any Motion<Value> = hasEnded(at: now) ? _Resting(value: motion.endValue) : motion
    _begin(try from.handOff(to: target, with: spring, at: now), at: now)
  }

  /// Runs `motion` from its ``Motion/start`` on: any motion of the value —
  /// a ``ValueDecay`` (a throw), a ``TimedAnimation`` (an ease), a
  /// ``KeyframeAnimation``, a spring of your own. For a C¹ start, build it
  /// from ``value(at:)`` and ``velocity(at:)`` at its start:
  ///
  /// ```swift
  /// let glide = try ValueDecay(value: card.value(at: now), velocity: release, start: now)
  /// card.run(glide)
  /// ```
  ///
  /// Cost: the motion's end tick, computed once.
  public mutating func run(_ motion: some Motion<Value>) {
    _begin(motion, at: motion.start)
  }

  /// Stops at the value shown at `time`.
  public mutating func stop(at time: AnimationTime) {
    let now = max(time, _start)
    motion = _Resting(value: value(at: now))
    (_start, _end, _reportedEnd) = (now, AnimationTime(ticks: .min), true)
  }

  /// Installs `next`, begun at `time`, and its end tick.
  mutating func _begin(_ next: any Motion<Value>, at time: AnimationTime) {
    (motion, _start, _end, _reportedEnd) = (next, time, next.endTick(within: tolerance), false)
  }
}

/// A value at rest: the motion of ``ValueAnimator`` between motions.
struct _Resting<Value: SpringAnimatable>: Motion {
  let value: Value
  var start: AnimationTime { AnimationTime(ticks: .min) }
  func components(at time: AnimationTime) -> (value: Value.SpringComponents, velocity: Value.SpringComponents) {
    (value.springComponents, .zero)
  }
  func value(at time: AnimationTime) -> Value { value }
  func velocity(at time: AnimationTime) -> Value.SpringVelocity { Value.springVelocity(ofComponents: .zero) }
  var endValue: Value { value }
  func endTick(within tolerance: SettleTolerance) -> AnimationTime? { AnimationTime(ticks: .min) }
  func handOff(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value> {
    try ValueAnimation(value: value, target: target, spring: spring, start: time)
  }
}
