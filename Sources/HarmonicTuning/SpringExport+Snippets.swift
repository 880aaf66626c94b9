import Harmonic

extension SpringExport {
  /// A piece of code that sets up `spring` in another animation system.
  public struct Snippet: Sendable, Hashable {
    /// Where the code goes.
    public enum Platform: String, Sendable, Hashable, CaseIterable {
      /// Harmonic itself: `Spring(mass:stiffness:damping:)`.
      case harmonic
      /// SwiftUI `.spring(response:dampingFraction:blendDuration:)`.
      case swiftUIResponse = "swiftui-response"
      /// SwiftUI `Spring(duration:bounce:)` (iOS 17, macOS 14).
      case swiftUIDuration = "swiftui-duration"
      /// UIKit `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`.
      case uiKit = "uikit"
      /// CSS `linear()` easing with its duration.
      case css
      /// androidx.dynamicanimation `SpringForce` (mass 1, `Float` parameters).
      case android
      /// Flutter `SpringDescription(mass:stiffness:damping:)`.
      case flutter
      /// Framer Motion (and Motion) `transition: { type: "spring", mass, stiffness, damping }`.
      case framerMotion = "framer-motion"
      /// Jetpack Compose `spring(dampingRatio:stiffness:)` (mass 1, `Float` parameters).
      case compose
      /// React Native Reanimated `withSpring(toValue, { mass, stiffness, damping })`.
      case reanimated
    }

    /// The system the code is for.
    public let platform: Platform
    /// A short title, e.g. "SwiftUI .spring(response:dampingFraction:)".
    public let title: String
    /// The code, ready to paste.
    public let code: String
    /// Largest |exported motion − spring motion| over the unit step 0 → 1
    /// with the initial velocity given (the curve a tuning page draws), in
    /// progress units: 0 where the target runs the same equation of motion
    /// with the same numbers (rounding inside the target system aside), the
    /// measured bound where it approximates — the CSS easing's chords,
    /// Android's `Float` parameters — or where it cannot take the velocity
    /// (SwiftUI's `.spring(response:dampingFraction:)`, then titled "from rest").
    public let maxError: Double
  }

  /// Code that sets up `spring` in Harmonic, SwiftUI (two forms), UIKit,
  /// CSS, Android, Flutter, Framer Motion, Jetpack Compose and React Native
  /// Reanimated, one ``Snippet`` per ``Snippet/Platform``, in that order.
  ///
  /// Numbers are printed in Swift's shortest round-trip form (Kotlin's
  /// shortest `Float` form for Android), so the systems that take `Double`
  /// read back exactly the numbers the library computed. The conversions are
  /// the library's own: `Spring/response`, `Spring/dampingRatio`,
  /// `Spring/duration`, `Spring/bounce`; SwiftUI, Android and CSS have
  /// mass 1 and see the same motion because only k/m and c/m shape it.
  ///
  /// With a `relativeVelocity` (UIKit's convention: 1 = the whole distance
  /// per second), every target that can start moving carries it — Harmonic's
  /// `SpringMotion`, SwiftUI's `interpolatingSpring(duration:bounce:initialVelocity:)`,
  /// UIKit's `initialVelocity`, Flutter's `SpringSimulation`, Android's
  /// `setStartVelocity`, Framer Motion's and Reanimated's `velocity` and
  /// Compose's `initialVelocity` (those four in value units per second: the
  /// relative velocity times the distance) and the CSS easing, sampled from
  /// the moving motion itself; SwiftUI's
  /// `.spring(response:dampingFraction:)` cannot, says so in its title and
  /// reports its error against the moving curve.
  ///
  /// - Parameters:
  ///   - spring: the spring. It must settle (ζ > 0) for the CSS easing.
  ///   - cssTolerance: the CSS easing's largest error, within [1e-6, 0.1].
  ///   - v: the initial velocity (`relativeVelocity:`), distances per second; default 0 (from rest).
  /// - Throws: `HarmonicError/invalidParameter(name:value:accepted:)` from
  ///   ``css(_:tolerance:relativeVelocity:)`` (an undamped spring, a tolerance
  ///   out of range).
  /// - Complexity: about 10,000 closed-form evaluations (the CSS easing's
  ///   grid, and 2,001 samples to measure Android's and Compose's rounding).
  public static func snippets(_ spring: Spring, cssTolerance: Double = 0.001, relativeVelocity v: Double = 0) throws(HarmonicError) -> [Snippet] {
    try _Check.finiteMagnitude(v, "relativeVelocity", unit: "distances/s")
    let css = try css(spring, tolerance: cssTolerance, relativeVelocity: v)
    let (m, k, c) = (spring.mass, spring.stiffness, spring.damping)
    let (response, ratio) = (spring.response, spring.dampingRatio)
    // Android keeps stiffness (of mass 1) and the damping ratio as Float.
    let androidStiffness = Float(k / m), androidRatio = Float(ratio)
    // A spring whose k/m a Float cannot hold (beyond ~3.4e38, or below ~1e-45) has no Android equivalent: bound ∞.
    let androidSpring = try? Spring(stiffness: Double(androidStiffness), dampingRatio: Double(androidRatio))
    var androidError = Double.infinity
    if let rounded = androidSpring { androidError = try _stepDifference(spring, rounded, until: css.duration, relativeVelocity: v) }
    let settle = try SpringMotion(spring: spring, from: 0, to: 1, initialVelocity: v).endTime(within: Spring.settlingTolerance)
    let moving = v != 0
    // SwiftUI's .spring(response:dampingFraction:) starts from rest: its error against the moving curve.
    let fromRest = moving ? try _stepDifference(spring, spring, until: css.duration, relativeVelocity: v, secondFromRest: true) : 0
    return [
      Snippet(
        platform: .harmonic, title: "Harmonic",
        code: moving
          ? """
          let spring = try Spring(mass: \(m), stiffness: \(k), damping: \(c))
          let step = try SpringMotion(spring: spring, from: 0, to: 1, initialVelocity: \(v))  // from 0 to 1: relative = absolute
          """
          : """
          let spring = try Spring(mass: \(m), stiffness: \(k), damping: \(c))
          """, maxError: 0),
      Snippet(
        platform: .swiftUIResponse, title: moving ? "SwiftUI .spring(response:dampingFraction:) (from rest)" : "SwiftUI .spring(response:dampingFraction:)",
        code: """
          withAnimation(.spring(response: \(response), dampingFraction: \(ratio), blendDuration: 0)) { … }
          """, maxError: fromRest),
      Snippet(
        platform: .swiftUIDuration, title: moving ? "SwiftUI interpolatingSpring(duration:bounce:initialVelocity:)" : "SwiftUI Spring(duration:bounce:)",
        code: moving
          ? """
          withAnimation(.interpolatingSpring(duration: \(spring.duration), bounce: \(spring.bounce), initialVelocity: \(v))) { … }
          """
          : """
          withAnimation(.spring(Spring(duration: \(spring.duration), bounce: \(spring.bounce)))) { … }
          """, maxError: 0),
      Snippet(
        platform: .uiKit, title: "UIKit UISpringTimingParameters",
        code: """
          let parameters = UISpringTimingParameters(mass: \(m), stiffness: \(k), damping: \(c), initialVelocity: \(moving ? "CGVector(dx: \(v), dy: \(v))" : ".zero"))
          // UIKit derives the duration itself from the parameters (settles after about \(_shortSeconds(settle)) s).
          let animator = UIViewPropertyAnimator(duration: \(_shortSeconds(settle)), timingParameters: parameters)
          """, maxError: 0),
      Snippet(platform: .css, title: "CSS linear() with duration", code: css.declarations, maxError: css.maxError),
      Snippet(
        platform: .android, title: "Android SpringForce",
        code: """
          val force = SpringForce(1f)
              .setStiffness(\(androidStiffness)f)
              .setDampingRatio(\(androidRatio)f)
          """ + (moving ? "\n// animation.setStartVelocity(\(Float(v))f * distance)  // \(v) distances per second" : ""), maxError: androidError),
      Snippet(
        platform: .flutter, title: "Flutter SpringDescription",
        code: """
          const spring = SpringDescription(mass: \(m), stiffness: \(k), damping: \(c));
          """ + (moving ? "\nfinal simulation = SpringSimulation(spring, 0, 1, \(v));" : ""), maxError: 0),
      // The JavaScript targets read numbers as doubles: the printed ones exactly.
      Snippet(
        platform: .framerMotion, title: "Framer Motion spring",
        code: """
          transition={{ type: "spring", mass: \(m), stiffness: \(k), damping: \(c)\(moving ? ", velocity: \(v) * distance" : "") }}
          """ + (moving ? "  // velocity in units/s: \(v) distances per second" : ""), maxError: 0),
      Snippet(
        platform: .compose, title: "Jetpack Compose spring()",
        code: """
          val spec = spring<Float>(dampingRatio = \(androidRatio)f, stiffness = \(androidStiffness)f)
          """ + (moving ? "\n// animatable.animateTo(target, spec, initialVelocity = \(Float(v))f * distance)  // \(v) distances per second" : ""),
        maxError: androidError),
      Snippet(
        platform: .reanimated, title: "React Native Reanimated withSpring",
        code: """
          value.value = withSpring(target, { mass: \(m), stiffness: \(k), damping: \(c)\(moving ? ", velocity: \(v) * distance" : "") });
          """, maxError: 0),
    ]
  }

  /// Largest |a(t) − b(t)| of two unit steps with the same initial velocity
  /// (or `b` from rest) on 2,001 samples over [0, duration] (the motions are
  /// compared up to the original spring's settle time, after which both are
  /// within 0.001 of 1).
  static func _stepDifference(
    _ a: Spring, _ b: Spring, until duration: Double, relativeVelocity v: Double = 0, secondFromRest: Bool = false
  ) throws(HarmonicError) -> Double {
    let first = try SpringMotion(spring: a, from: 0, to: 1, initialVelocity: v)
    let second = try SpringMotion(spring: b, from: 0, to: 1, initialVelocity: secondFromRest ? 0 : v)
    var largest = 0.0
    for i in 0...2_000 {
      let t = duration * Double(i) / 2_000
      largest = Swift.max(largest, (first._state(atSeconds: t).value - second._state(atSeconds: t).value).magnitude)
    }
    return largest
  }

  /// Seconds to the millisecond, for comments (3 decimals, no trailing zeros).
  static func _shortSeconds(_ seconds: Double) -> String {
    let milliseconds = (seconds * 1000).rounded(.up)
    guard milliseconds.isFinite, milliseconds < 1e15 else { return "\(seconds)" }
    let whole = Int(milliseconds)
    var text = "\(whole / 1000).\(String(whole % 1000 + 1000).dropFirst())"
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
