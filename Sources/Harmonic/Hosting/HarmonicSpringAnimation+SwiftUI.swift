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
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public struct HarmonicSpringAnimation: CustomAnimation {
  /// The unit step of the spring: from 0 to 1, at rest.
  public let step: SpringMotion
  /// Seconds after which the step has settled.
  public let duration: Double

  public init(_ spring: Spring) {
    step = _libraryConstant { try SpringMotion(spring: spring, from: 0, to: 1) }
    duration = step.settleTime(tolerance: _libraryConstant { try SettleTolerance(value: 0.001, velocity: 0.01) })
  }

  public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
    time < duration ? value.scaled(by: step._state(atSeconds: max(0, time)).value) : nil
  }

  public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
    value.scaled(by: time < duration ? step._state(atSeconds: max(0, time)).velocity : 0)
  }

  public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
    false
  }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension Animation {
  /// A Harmonic spring as a SwiftUI animation (see ``HarmonicSpringAnimation``).
  public static func harmonic(_ spring: Spring) -> Animation { Animation(HarmonicSpringAnimation(spring)) }
}
#endif
