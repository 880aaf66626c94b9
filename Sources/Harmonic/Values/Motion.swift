/// Anything that moves on the tick clock: it starts at a tick, its value and
/// velocity are pure functions of the tick, it ends at an exact tick, and a
/// spring can take it over from its exact value and velocity (C¹).
///
/// **One clock.** Every motion answers at absolute ticks (the glossary's
/// *tick*), from its ``start`` on; a tick before the start gives the
/// starting state. A motion built at tick 10⁹ and the same motion built at
/// tick 0 give the same value, velocity and end, shifted by 10⁹ ticks.
///
/// Every motion of one value Harmonic ships conforms: ``ValueAnimation``,
/// ``ValueDecay``, ``TimedAnimation``, ``KeyframeAnimation``,
/// ``ValueAnimator``, ``SpringMotion``, ``ScrollDeceleration``,
/// ``SnapMotion`` and a row of ``SpringyScroll``
/// (``SpringyScroll/RowMotion``). Types that move many values hand out
/// their parts: a ``SpringChain``'s ``SpringChain/elements`` and a
/// ``ReorderModel``'s ``ReorderModel/motion(ofRow:)`` are value animations.
/// Generic code (a driver, a keyframe track, a test) takes `some Motion` and
/// needs to know nothing else.
///
/// **What a conformer writes:** ``start``, ``components(at:)``,
/// ``endValue`` and ``endTick(within:)``. The value, the velocity and the
/// hand-off to a spring are extensions over ``components(at:)``; a type
/// replaces them only to be exact where its components round (a timed
/// curve is exactly its `to` value from its end on).
///
/// **The end** is one notion with one name. ``endTick(within:)`` is the
/// first tick from which the motion stays within a ``SettleTolerance`` of
/// ``endValue`` for good (a timed curve: its last tick, whatever the
/// tolerance); ``endTick`` uses the value type's band
/// (``SpringAnimatable/springSettleTolerance``: 0.1 pt for points, so the
/// last frame steps less than 1/6 pt). ``hasEnded(at:)`` asks whether a tick
/// is at or past it.
///
/// Cost: a value or velocity is one evaluation of the motion's closed form;
/// ``endTick`` is the motion's settle search (computed on each read: keep it).
public protocol Motion<Value>: Sendable {
  /// What moves.
  associatedtype Value: SpringAnimatable
  /// The tick the motion starts at.
  var start: AnimationTime { get }
  /// The value's components and their velocities (units per second) at
  /// `time`; the starting state at and before ``start``.
  func components(at time: AnimationTime) -> (value: Value.SpringComponents, velocity: Value.SpringComponents)
  /// The value at `time` (by default, from ``components(at:)``).
  func value(at time: AnimationTime) -> Value
  /// The velocity at `time`, the value's units per second (by default,
  /// from ``components(at:)``).
  func velocity(at time: AnimationTime) -> Value.SpringVelocity
  /// Where the motion ends: a spring's target (or the limit it rests at), a
  /// decay's rest value, a curve's last value.
  var endValue: Value { get }
  /// The first tick from which every component stays within `tolerance` of
  /// ``endValue`` (and its speed within the velocity bound) for good; nil
  /// when that is past the clock's end or never.
  func endTick(within tolerance: SettleTolerance) -> AnimationTime?
  /// A spring that takes over at `time` (not before ``start``) from the
  /// motion's exact value and velocity there (C¹), heading for `target`.
  /// By default a spring with no limits, from ``components(at:)``.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   target that ``ValueAnimation`` refuses.
  func handOff(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value>
}

extension Motion {
  public func value(at time: AnimationTime) -> Value { Value(springComponents: components(at: time).value) }

  public func velocity(at time: AnimationTime) -> Value.SpringVelocity {
    Value.springVelocity(ofComponents: components(at: time).velocity)
  }

  /// ``endTick(within:)`` with the value type's band, value only
  /// (``SpringAnimatable/springSettleTolerance``).
  public var endTick: AnimationTime? { endTick(within: SettleTolerance._band(of: Value.self)) }

  /// Whether the motion is at its end for good at `time` (at or after ``endTick``).
  public func hasEnded(at time: AnimationTime) -> Bool { endTick.map { time >= $0 } ?? false }

  public func handOff(to target: Value, with spring: Spring, at time: AnimationTime) throws(HarmonicError) -> ValueAnimation<Value> {
    let now = max(time, start)
    let state = components(at: now)
    return try ValueAnimation(_components: state.value, velocity: state.velocity, target: target, spring: spring, limits: .none, start: now)
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

extension ValueAnimation: Motion {
  /// Keeps the animation's limits and stops: ``retarget(to:at:spring:)``.
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
  public func components(at time: AnimationTime) -> (value: SIMD2<Double>, velocity: SIMD2<Double>) {
    let state = state(at: time)
    return (SIMD2(state.value, 0), SIMD2(state.velocity, 0))
  }
  public var endValue: Double { target }
  public func endTick(within tolerance: SettleTolerance) -> AnimationTime? { start._firstTick(afterSeconds: endTime(within: tolerance)) }
}

extension ScrollDeceleration: Motion {
  public func components(at time: AnimationTime) -> (value: SIMD2<Double>, velocity: SIMD2<Double>) {
    let state = state(at: time)
    return (SIMD2(state.value, 0), SIMD2(state.velocity, 0))
  }
  public var endValue: Double { restOffset }
  public func endTick(within tolerance: SettleTolerance) -> AnimationTime? { start._firstTick(afterSeconds: endTime(within: tolerance)) }
}

extension SnapMotion: Motion {
  // A switch per member, not `any Motion`: a spring's motion does not fit an
  // existential's inline buffer, so boxing it would allocate on every read.
  public var start: AnimationTime {
    switch self {
    case .spring(let motion): motion.start
    case .deceleration(let deceleration): deceleration.start
    }
  }
  public func components(at time: AnimationTime) -> (value: SIMD2<Double>, velocity: SIMD2<Double>) {
    switch self {
    case .spring(let motion): motion.components(at: time)
    case .deceleration(let deceleration): deceleration.components(at: time)
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
