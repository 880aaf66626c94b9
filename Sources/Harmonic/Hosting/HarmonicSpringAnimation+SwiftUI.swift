#if HARMONIC_APPLE_INTERFACE
// Compiled on Linux in HarmonicAppleTests against Tests/AppleInterface.
import _AppleInterface
import Harmonic
#elseif canImport(SwiftUI) && !HARMONIC_APPLE_TESTS
import SwiftUI
#endif
#if HARMONIC_APPLE_INTERFACE || (canImport(SwiftUI) && !HARMONIC_APPLE_TESTS)

// The SwiftUI shim: a `CustomAnimation` whose curve is a Harmonic spring's
// exact step response. Each member is one line of forwarding into
// SpringMotion. On Apple platforms it is part of Harmonic; the Linux tests
// compile this same file against an interface of SwiftUI's API and check its
// curve (HarmonicAppleTests).

/// A Harmonic spring as a SwiftUI animation: `withAnimation(.harmonic(.bouncy)) { … }`.
///
/// SwiftUI animates the change `value` (target − start); the animation
/// returns `value` scaled by the spring's exact unit step response at `time`
/// seconds, and nil once the step is within 0.001 of 1 and its rate below
/// 0.01 per second. Interrupting changes run side by side (no merge): springs
/// are linear, so the sum of the old motion and the new step is exactly the
/// spring retargeted with its position and velocity — the change is C¹.
///
/// Reduce Motion: with ``reduceMotion`` `.system` (the default) and the
/// environment's `accessibilityReduceMotion` on, or `.always`, an
/// underdamped spring runs critically damped with its response (no
/// overshoot; ``ReduceMotion/spring(_:systemSetting:)``). The choice is
/// made on an animation's first frame and kept to its end, so a setting
/// that changes mid-flight never makes it jump.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public struct HarmonicSpringAnimation: CustomAnimation {
  /// The unit step of the spring: from 0 to 1, at rest.
  package let step: SpringMotion
  /// Seconds after which the step has settled.
  package let duration: Double
  /// Whether to follow the system's Reduce Motion setting (default), always reduce, or never.
  package let reduceMotion: ReduceMotion
  /// The step with motion reduced, and when it has settled.
  let _reduced: (step: SpringMotion, duration: Double)

  public init(_ spring: Harmonic.Spring, reduceMotion: ReduceMotion = .system) {
    func settled(_ spring: Harmonic.Spring) -> (SpringMotion, Double) {
      let step = _libraryConstant { try SpringMotion(spring: spring, from: 0, to: 1) }
      return (step, step.endTime(within: _libraryConstant { try SettleTolerance(value: 0.001, velocity: 0.01) }))
    }
    (step, duration) = settled(spring)
    _reduced = settled(ReduceMotion.always.spring(spring, systemSetting: true))
    self.reduceMotion = reduceMotion
  }

  /// Whether this run reduces motion: decided on its first frame.
  enum _Reduced: AnimationStateKey { static var defaultValue: Bool? { nil } }

  /// The step (and its duration) for a context, deciding on its first frame.
  func _step<V: VectorArithmetic>(_ context: inout AnimationContext<V>) -> (step: SpringMotion, duration: Double) {
    let reduced = context.state[_Reduced.self] ?? reduceMotion.isReduced(systemSetting: context.environment.accessibilityReduceMotion)
    context.state[_Reduced.self] = reduced
    return reduced ? _reduced : (step, duration)
  }

  public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
    let (step, duration) = _step(&context)
    return time < duration ? value.scaled(by: step._state(atSeconds: max(0, time)).value) : nil
  }

  public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
    var context = context
    let (step, duration) = _step(&context)
    return value.scaled(by: time < duration ? step._state(atSeconds: max(0, time)).velocity : 0)
  }

  public static func == (lhs: HarmonicSpringAnimation, rhs: HarmonicSpringAnimation) -> Bool {
    (lhs.step, lhs.duration, lhs.reduceMotion) == (rhs.step, rhs.duration, rhs.reduceMotion)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(step)
    hasher.combine(duration)
    hasher.combine(reduceMotion)
  }

  public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
    false
  }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension Animation {
  /// A Harmonic spring as a SwiftUI animation (see ``HarmonicSpringAnimation``).
  public static func harmonic(_ spring: Harmonic.Spring, reduceMotion: ReduceMotion = .system) -> Animation {
    Animation(HarmonicSpringAnimation(spring, reduceMotion: reduceMotion))
  }
}
#endif
