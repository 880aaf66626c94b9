import Foundation
import Harmonic
import Testing

/// Every motion Harmonic ships, through the one protocol: the velocity is
/// the value's derivative (a central difference), the end is an end (within
/// the value type's band of where it goes, for good), and a spring takes
/// over C¹ (the same value and velocity at the hand-off tick).
@Suite("Motion: one protocol for everything that moves in time")
struct MotionTests {
  static func seconds(_ s: Double) -> AnimationTime { AnimationTime(ticks: Int64((s * Double(AnimationTime.ticksPerSecond)).rounded())) }

  /// The largest difference of two component vectors, relative to `scale`.
  static func distance<V: SIMD>(_ a: V, _ b: V) -> Double where V.Scalar == Double {
    (0..<V.scalarCount).map { (a[$0] - b[$0]).magnitude }.max() ?? 0
  }

  static func check<M: Motion>(_ motion: M, _ name: String, target: M.Value) throws {
    typealias Value = M.Value
    let band = Value.springSettleTolerance
    let end = try #require(motion.endTick, "\(name): no end")
    // Velocity: the central difference of the value over ±1 ms, at a few ticks before the end.
    for fraction in [0.05, 0.2, 0.5] {
      let t = AnimationTime(ticks: Int64(Double(end.ticks) * fraction))
      let h = AnimationTime(ticks: AnimationTime.ticksPerSecond / 1000)
      let (a, b) = (motion.value(at: t - h).springComponents, motion.value(at: t + h).springComponents)
      let slope = (b - a) / 0.002
      let velocity = Value.springComponents(ofVelocity: motion.velocity(at: t))
      let scale = max(1, (0..<Value.SpringComponents.scalarCount).map { velocity[$0].magnitude }.max() ?? 0)
      #expect(Self.distance(slope, velocity) <= 1e-3 * scale, "\(name) at \(fraction) of the end: \(velocity) vs \(slope)")
    }
    // The end: where it goes, within the band, from the end tick on; ended there and not one tick before.
    let final = motion.value(at: end + Self.seconds(120)).springComponents
    for later in [0.0, 0.01, 0.1, 1, 10] {
      let value = motion.value(at: end + Self.seconds(later)).springComponents
      #expect(Self.distance(value, final) <= band * (1 + 1e-9), "\(name): \(later) s after the end")
    }
    #expect(motion.hasEnded(at: end) && !motion.hasEnded(at: end - AnimationTime(ticks: 1)), "\(name)")
    // The hand-off: C¹ at the tick, then the spring's own motion to the target.
    let at = AnimationTime(ticks: end.ticks / 3)
    let spring = try motion.handOff(to: target, with: .snappy, at: at)
    #expect(Self.distance(spring.value(at: at).springComponents, motion.value(at: at).springComponents) <= 1e-9, "\(name): value at the hand-off")
    let (v0, v1) = (Value.springComponents(ofVelocity: spring.velocity(at: at)), Value.springComponents(ofVelocity: motion.velocity(at: at)))
    #expect(Self.distance(v0, v1) <= 1e-9 * max(1, Self.distance(v1, .zero)), "\(name): velocity at the hand-off")
    let landed = try #require(spring.endTick)
    #expect(Self.distance(spring.value(at: landed + Self.seconds(30)).springComponents, target.springComponents) <= band)
  }

  @Test("value springs, glides, timed curves and the animator")
  func valueMotions() throws {
    try Self.check(
      try ValueAnimation(value: CGPoint(x: 10, y: 10), velocity: CGPoint(x: 1400, y: -900), target: CGPoint(x: 300, y: 60), spring: .bouncy),
      "ValueAnimation", target: CGPoint(x: 0, y: 0))
    try Self.check(try ValueDecay(value: CGPoint(x: 10, y: 10), velocity: CGPoint(x: 1400, y: -900)), "ValueDecay", target: CGPoint(x: 50, y: 50))
    try Self.check(
      try TimedAnimation(from: 0.0, to: 600, duration: 0.5, curve: .cubicBezier(.easeOut), start: .zero), "TimedAnimation", target: 300)
    var animator = try ValueAnimator(value: CGPoint(x: 40, y: 40))
    try animator.spring(to: CGPoint(x: 300, y: 500), with: .snappy, at: .zero)
    try Self.check(animator, "ValueAnimator (spring)", target: CGPoint(x: 0, y: 0))
    try animator.decay(velocity: CGPoint(x: -2000, y: 300), at: Self.seconds(0.1))
    #expect(!animator.hasEnded(at: Self.seconds(0.2)))
    var resting = try ValueAnimator(value: 1.0)
    #expect(resting.hasEnded(at: .zero) && resting.endTick != nil)
    resting.stop(at: .zero)
    #expect(resting.hasEnded(at: Self.seconds(-1)))
  }

  @Test("springs and scroll motions that count seconds from their start: tick 0 is the start")
  func secondsMotions() throws {
    let motion = try SpringMotion(spring: .bouncy, from: 0, to: 320, initialVelocity: 1500)
    try Self.check(motion, "SpringMotion", target: 100)
    #expect(motion.value(at: Self.seconds(0.25)) == (try motion.state(atTime: Self.seconds(0.25).seconds)).value)
    let glide = try ScrollDeceleration(from: 100, velocity: 2500)
    try Self.check(glide, "ScrollDeceleration", target: 900)
    #expect(glide.value(at: Self.seconds(-1)) == 100 && glide.value(at: Self.seconds(1e9)) == glide.restOffset)
    let layout = try SnapLayout.uniform(count: 40, itemExtent: 300, spacing: 10, viewport: 390)
    let decision = try Snapping.target(layout: layout, offset: 620, velocity: 1800)
    try Self.check(try decision.motion(), "SnapMotion", target: 0)
    let plane = try Snapping.target(x: layout, y: layout, offset: SIMD2(620, 40), velocity: SIMD2(1800, -400)).motion()
    try Self.check(plane, "PlaneSnapMotion", target: SIMD2(0, 0))
  }

  @Test("generic code takes any motion")
  func generic() throws {
    let motions: [any Motion<Double>] = [
      try SpringMotion(spring: .smooth, from: 0, to: 1), try ScrollDeceleration(velocity: 1000),
      try TimedAnimation(from: 0.0, to: 1, duration: 0.3, start: .zero),
    ]
    for motion in motions {
      let end = try #require(motion.endTick)
      #expect(motion.hasEnded(at: end) && motion.value(at: end).isFinite)
    }
  }
}
