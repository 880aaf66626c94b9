/// Anything that moves on the tick clock: its value and velocity are pure
/// functions of the tick, it ends at an exact tick, and a spring can take it
/// over from its exact value and velocity (C¹).
///
/// Every motion Harmonic ships conforms: ``ValueAnimation``, ``ValueDecay``,
/// ``TimedAnimation``, ``ValueAnimator``, ``SpringAnimation``, and the motions
/// that count seconds from their own start — ``SpringMotion``,
/// ``ScrollDeceleration``, ``SnapAnimation``, ``PlaneSnapAnimation`` — for
/// which tick 0 is that start. Generic code (a driver, a keyframe track, a
/// test) takes `some Motion` and needs to know nothing else.
///
/// The end, ``endTick``, is one notion for every motion: the first tick from
/// which it is at its end for good — a spring or a decay within its value
/// type's settle band (``SpringAnimatable/springSettleTolerance``: 0.1 pt
/// for points), a timed curve at its last tick. ``hasEnded(at:)`` asks it.
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
  /// The first tick from which the motion is at its end for good; nil when
  /// that is past the clock's end.
  var endTick: AnimationTime? { get }
  /// A spring that takes over at `time` from the motion's exact value and
  /// velocity there (C¹), heading for `target`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   target that ``ValueAnimation`` refuses.
  func spring(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value>
}

extension Motion {
  /// Whether the motion is at its end for good at `time` (at or after ``endTick``).
  public func hasEnded(at time: AnimationTime) -> Bool { endTick.map { time >= $0 } ?? false }

  /// The hand-off of any motion: a value animation from the value and
  /// velocity at `time`.
  func _spring(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value> {
    try ValueAnimation(value: value(at: time), velocity: velocity(at: time), target: target, spring: spring, start: time)
  }
}

/// The first tick at or after `seconds` after tick 0 (nil past the clock's end).
private func _tickFromStart(afterSeconds seconds: Double) -> AnimationTime? {
  AnimationTime.zero._firstTick(afterSeconds: max(seconds, 0))
}

/// Seconds after tick 0, for the motions that count seconds from their start
/// (a tick before 0 is their start; one past their time range, its end).
private func _secondsFromStart(_ time: AnimationTime) -> Double { min(max(time.seconds, 0), _Check.maximumTime) }

extension ValueAnimation: Motion {
  /// ``settleTick(tolerance:)`` with the value type's band.
  public var endTick: AnimationTime? { (try? settleTick()) ?? nil }

  public func spring(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value> {
    var next = self
    try next.retarget(to: target, at: time, spring: spring)
    return next
  }
}

extension ValueDecay: Motion {
  /// ``restTick(tolerance:)`` with the value type's band.
  public var endTick: AnimationTime? { (try? restTick()) ?? nil }

  public func spring(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value> {
    try springAnimation(at: time, target: target, spring: spring)
  }
}

extension TimedAnimation: Motion {
  /// ``end``, the curve's last tick.
  public var endTick: AnimationTime? { end }

  public func spring(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value> {
    try springAnimation(at: time, target: target, spring: spring)
  }
}

extension ValueAnimator: Motion {
  public func value(at time: AnimationTime) -> Value { state(at: time).value }
  public func velocity(at time: AnimationTime) -> Value.SpringVelocity { state(at: time).velocity }
  /// ``completionTick``; at rest, the clock's first tick (it has ended).
  public var endTick: AnimationTime? {
    if case .rest = motion { return AnimationTime(ticks: .min) }
    return completionTick
  }

  public func spring(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value> {
    try _spring(to: target, with: spring, at: time)
  }
}

extension SpringAnimation: Motion {
  public func value(at time: AnimationTime) -> Double { state(at: time).value }
  public func velocity(at time: AnimationTime) -> Double { state(at: time).velocity }
  /// ``settleTick(tolerance:)`` within `Double`'s band.
  public var endTick: AnimationTime? { settleTick(tolerance: SettleTolerance._unchecked(value: Double.springSettleTolerance, velocity: .infinity)) }

  public func spring(to target: Double, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Double> {
    try _spring(to: target, with: spring, at: time)
  }
}

extension SpringMotion: Motion {
  public func value(at time: AnimationTime) -> Double { state(at: time).value }
  public func velocity(at time: AnimationTime) -> Double { state(at: time).velocity }
  /// ``settleTime(tolerance:)`` within `Double`'s band, as a tick.
  public var endTick: AnimationTime? {
    _tickFromStart(afterSeconds: settleTime(tolerance: SettleTolerance._unchecked(value: Double.springSettleTolerance, velocity: .infinity)))
  }

  public func spring(to target: Double, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Double> {
    try _spring(to: target, with: spring, at: time)
  }
}

extension ScrollDeceleration: Motion {
  public func value(at time: AnimationTime) -> Double { ((try? state(atTime: _secondsFromStart(time))) ?? SpringState(value: restOffset, velocity: 0)).value }
  public func velocity(at time: AnimationTime) -> Double {
    ((try? state(atTime: _secondsFromStart(time))) ?? SpringState(value: restOffset, velocity: 0)).velocity
  }
  /// When the offset is within `Double`'s band of ``restOffset`` for good:
  /// |v₀/λ|·e^(λt) ≤ band.
  public var endTick: AnimationTime? {
    let travel = (velocity / decayConstant).magnitude
    let band = Double.springSettleTolerance
    return _tickFromStart(afterSeconds: travel > band ? _Math.log(band / travel) / decayConstant : 0)
  }

  public func spring(to target: Double, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Double> {
    try _spring(to: target, with: spring, at: time)
  }
}

extension SnapAnimation: Motion {
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
  public var endTick: AnimationTime? {
    switch self {
    case .spring(let motion): motion.endTick
    case .deceleration(let deceleration): deceleration.endTick
    }
  }

  public func spring(to target: Double, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Double> {
    try _spring(to: target, with: spring, at: time)
  }
}

extension PlaneSnapAnimation: Motion {
  public func value(at time: AnimationTime) -> SIMD2<Double> { SIMD2(x.value(at: time), y.value(at: time)) }
  public func velocity(at time: AnimationTime) -> SIMD2<Double> { SIMD2(x.velocity(at: time), y.velocity(at: time)) }
  /// The later of the two axes' ends.
  public var endTick: AnimationTime? {
    guard let a = x.endTick, let b = y.endTick else { return nil }
    return max(a, b)
  }

  public func spring(to target: SIMD2<Double>, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<SIMD2<Double>> {
    try _spring(to: target, with: spring, at: time)
  }
}
