#if HARMONIC_APPLE_INTERFACE
import Foundation
import Harmonic
import Testing
import _AppleInterface

/// Sources/Harmonic/Hosting/HarmonicSpringAnimation+SwiftUI.swift and
/// Examples/SwiftUI/ExpandingCard.swift, compiled here against the interface.
@Suite("Apple shims: the SwiftUI animation")
struct SwiftUIShimTests {
  @Test("the animation is the spring's exact step response, scaled by the change, and ends when the step settles")
  func stepResponse() throws {
    let animation = HarmonicSpringAnimation(.bouncy)
    let step = try SpringMotion(spring: .bouncy, from: 0, to: 1)
    var context = AnimationContext<Double>()
    for time in [0.0, 0.05, 0.2, 0.5, animation.duration * 0.99] {
      let value = try #require(animation.animate(value: 240.0, time: time, context: &context))
      let state = try step._checkedState(atSeconds: time)
      #expect(value.bitPattern == (240 * state.value).bitPattern)
      let velocity = try #require(animation.velocity(value: 240.0, time: time, context: context))
      #expect(velocity.bitPattern == (240 * state.velocity).bitPattern)
    }
    #expect(animation.animate(value: 240.0, time: animation.duration, context: &context) == nil)
    #expect(!animation.shouldMerge(previous: .default, value: 1.0, time: 0.1, context: &context))
    #expect(Animation.harmonic(.bouncy) == Animation(animation))
  }

  @Test("Reduce Motion: a bouncy spring runs critically damped, chosen on the first frame and kept to the end")
  func reduceMotion() throws {
    let animation = HarmonicSpringAnimation(.bouncy)
    let damped = try SpringMotion(spring: ReduceMotion.always.spring(.bouncy, systemSetting: true), from: 0, to: 1)
    var reduced = AnimationContext<Double>(environment: EnvironmentValues(accessibilityReduceMotion: true))
    var moving = AnimationContext<Double>()
    var peak = 0.0
    for time in stride(from: 0.0, through: 1.0, by: 1.0 / 120) {
      if let value = animation.animate(value: 1.0, time: time, context: &reduced) {
        #expect(value.bitPattern == (try damped._checkedState(atSeconds: time).value).bitPattern)
        peak = max(peak, value)
      }
      _ = animation.animate(value: 1.0, time: time, context: &moving)
    }
    #expect(peak <= 1)
    #expect(try #require(animation.animate(value: 1.0, time: 0.3, context: &moving)) > 1)  // bouncy overshoots with motion on
    // Never / always override the environment.
    var never = AnimationContext<Double>(environment: EnvironmentValues(accessibilityReduceMotion: true))
    #expect(try #require(HarmonicSpringAnimation(.bouncy, reduceMotion: .never).animate(value: 1.0, time: 0.3, context: &never)) > 1)
    var always = AnimationContext<Double>()
    #expect(try #require(HarmonicSpringAnimation(.bouncy, reduceMotion: .always).animate(value: 1.0, time: 0.3, context: &always)) <= 1)
    #expect(Animation.harmonic(.bouncy, reduceMotion: .always) != Animation.harmonic(.bouncy))
  }

  @MainActor @Test("the example card builds its view with the shim's animation")
  func expandingCard() {
    let card = ExpandingCard()
    _ = card.body
    #expect(ExpandingCard.spring != .smooth)
  }
}
#endif
