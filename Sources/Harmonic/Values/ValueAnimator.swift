/// One animated value for a display link to drive: springs, glides and
/// timed curves one after another, each taking over from the last one's
/// exact value and velocity (C¹), and a frame call that says what to show
/// and, once, that the motion is over.
///
/// ```swift
/// var card = try ValueAnimator(value: CGPoint(x: 40, y: 40))
/// try card.spring(to: CGPoint(x: 300, y: 500), spring: .snappy, at: .zero)
/// let frame = card.frame(at: now)        // frame.value to draw; frame.didFinish once, at the end
/// ```
///
/// Completion is exact: a spring finishes at its settle tick for the
/// value's ``SpringAnimatable/springSettleTolerance`` (or the one given), a
/// glide at its rest tick, a timed curve at its end — and from then on the
/// frame shows exactly the target, the rest value or the end value.
///
/// Cost: one evaluation of the current motion per frame; starting a motion
/// computes its completion tick once (a settle-time search for a spring).
public struct ValueAnimator<Value: SpringAnimatable>: Sendable {
  /// The motion under way.
  public enum Motion: Sendable {
    /// At rest at a value.
    case rest(Value)
    case spring(ValueAnimation<Value>)
    case decay(ValueDecay<Value>)
    case timed(TimedAnimation<Value>)
  }

  /// What a frame shows.
  public struct Frame: Sendable {
    /// The value to draw.
    public let value: Value
    /// Its velocity, units per second (0 once finished).
    public let velocity: Value.SpringVelocity
    /// The motion is over (the value is final until the next motion).
    public let isFinished: Bool
    /// True on the first frame at or after the motion's end, and only then:
    /// run completion work here.
    public let didFinish: Bool
  }

  /// The motion under way.
  public private(set) var motion: Motion
  /// The tick the current motion is over at (nil: never, or at rest).
  public private(set) var completionTick: AnimationTime?
  /// The band, in the value's units, within which a spring or a glide counts as done.
  public let tolerance: Double
  var _reportedFinish = true

  /// At rest at `value`.
  ///
  /// - Parameters:
  ///   - value: the value it rests at.
  ///   - tolerance: the completion band in the value's units; default
  ///     ``SpringAnimatable/springSettleTolerance``.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite or too large component (|x| ≤ 1e100), or a tolerance that
  ///   is not finite and > 0.
  public init(value: Value, tolerance: Double = Value.springSettleTolerance) throws(HarmonicError) {
    try _Check.positive(tolerance, "tolerance", unit: "units")
    let components = value.springComponents
    for k in 0..<ValueAnimation<Value>.count {
      try _Check.finiteMagnitude(components[k], "value component \(k)", unit: "units")
    }
    (motion, self.tolerance) = (.rest(value), tolerance)
  }

  /// The value's components and their rates at `time` (exact for every motion).
  public func components(at time: AnimationTime) -> (value: Value.SpringComponents, velocity: Value.SpringComponents) {
    switch motion {
    case let .rest(value): return (value.springComponents, .zero)
    case let .spring(animation): return animation.components(at: time)
    case let .decay(decay): return decay.components(at: time)
    case let .timed(timed): return timed.components(at: time)
    }
  }

  /// Whether the motion is over at `time`.
  public func isFinished(at time: AnimationTime) -> Bool {
    if case .rest = motion { return true }
    guard let completionTick else { return false }
    return time >= completionTick
  }

  /// The final value of the motion: the spring's target, the glide's rest
  /// value, the curve's end value.
  public var finalValue: Value {
    switch motion {
    case let .rest(value): return value
    case let .spring(animation): return animation.target
    case let .decay(decay): return decay.restValue
    case let .timed(timed): return timed.to
    }
  }

  /// The value and velocity at `time`: the exact motion, then exactly the
  /// final value once finished.
  public func state(at time: AnimationTime) -> (value: Value, velocity: Value.SpringVelocity) {
    if isFinished(at: time) { return (finalValue, Value.springVelocity(ofComponents: .zero)) }
    switch motion {
    case let .rest(value): return (value, Value.springVelocity(ofComponents: .zero))
    case let .spring(animation): return animation.state(at: time)
    case let .decay(decay): return (decay.value(at: time), decay.velocity(at: time))
    case let .timed(timed): return (timed.value(at: time), timed.velocity(at: time))
    }
  }

  /// The frame at `time`, for a display link: what to draw, whether the
  /// motion is over, and — once per motion — that it has just finished.
  public mutating func frame(at time: AnimationTime) -> Frame {
    let (value, velocity) = state(at: time)
    let finished = isFinished(at: time)
    let first = finished && !_reportedFinish
    if finished { _reportedFinish = true }
    return Frame(value: value, velocity: velocity, isFinished: finished, didFinish: first)
  }

  /// Springs to `target` from the value and velocity shown at `time` (C¹).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   bad target (the animator is then unchanged).
  public mutating func spring(to target: Value, spring: Spring = .smooth, at time: AnimationTime) throws(HarmonicError) {
    let now = _start(time)
    if case var .spring(animation) = motion, !isFinished(at: now) {
      try animation.retarget(to: target, at: now, spring: spring)
      try _begin(.spring(animation))
      return
    }
    let state = components(at: now)
    let shown = isFinished(at: now) ? finalValue.springComponents : state.value
    let rates = isFinished(at: now) ? Value.SpringComponents.zero : state.velocity
    try _begin(.spring(ValueAnimation(_components: shown, velocity: rates, target: target, spring: spring, limits: .none, start: now)))
  }

  /// A throw: from the value shown at `time`, glides with `velocity` (units
  /// per second; the gesture's) and decelerates at `rate` per millisecond.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` as
  ///   ``ValueDecay``'s initializer does.
  public mutating func decay(velocity: Value.SpringVelocity, rate: Double = 0.998, at time: AnimationTime) throws(HarmonicError) {
    let now = _start(time)
    try _begin(.decay(ValueDecay(value: state(at: now).value, velocity: velocity, rate: rate, start: now)))
  }

  /// A duration + easing animation from the value shown at `time` to `target`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` as
  ///   ``TimedAnimation``'s initializer does.
  public mutating func animate(
    to target: Value, duration: Double, curve: TimingCurve = .cubicBezier(.easeInOut), at time: AnimationTime
  )
    throws(HarmonicError)
  {
    let now = _start(time)
    try _begin(.timed(TimedAnimation(from: state(at: now).value, to: target, duration: duration, curve: curve, start: now)))
  }

  /// Stops at the value shown at `time`.
  public mutating func stop(at time: AnimationTime) {
    motion = .rest(state(at: _start(time)).value)
    (completionTick, _reportedFinish) = (nil, true)
  }

  /// The tick a new motion starts at: not before the current one's start.
  func _start(_ time: AnimationTime) -> AnimationTime {
    switch motion {
    case .rest: return time
    case let .spring(animation): return max(time, animation.segmentStart)
    case let .decay(decay): return max(time, decay.start)
    case let .timed(timed): return max(time, timed.start)
    }
  }

  /// Installs `next` and its completion tick.
  mutating func _begin(_ next: Motion) throws(HarmonicError) {
    let tick: AnimationTime?
    switch next {
    case .rest: tick = nil
    case let .spring(animation): tick = try animation.settleTick(tolerance: tolerance)
    case let .decay(decay): tick = try decay.restTick(tolerance: tolerance)
    case let .timed(timed): tick = timed.end
    }
    (motion, completionTick, _reportedFinish) = (next, tick, false)
  }
}
