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

  @Test("springs and scroll motions: the tick clock, the starting state before the start")
  func scalarMotions() throws {
    let motion = try SpringMotion(spring: .bouncy, from: 0, to: 320, initialVelocity: 1500)
    try Self.check(motion, "SpringMotion", target: 100)
    #expect(motion.value(at: Self.seconds(0.25)) == motion._state(atSeconds: Self.seconds(0.25).seconds).value)
    let glide = try ScrollDeceleration(from: 100, velocity: 2500)
    try Self.check(glide, "ScrollDeceleration", target: 900)
    #expect(glide.value(at: Self.seconds(-1)) == 100 && glide.value(at: Self.seconds(1e9)) == glide.restOffset)
    let layout = try SnapLayout.uniform(count: 40, itemExtent: 300, spacing: 10, viewport: 390)
    let decision = try Snapping.target(layout: layout, offset: 620, velocity: 1800)
    try Self.check(try decision.motion(), "SnapMotion", target: 0)
    let plane = try Snapping.target(x: layout, y: layout, offset: SIMD2(620, 40), velocity: SIMD2(1800, -400))
    try Self.check(try plane.x.motion(), "SnapMotion x", target: 0)
    try Self.check(try plane.y.motion(), "SnapMotion y", target: 0)
  }

  /// Every conformer built at tick 0 and at `shift`, each run by a driver.
  static func shiftedPairs(_ shift: AnimationTime) throws -> [(name: String, atZero: any Motion<Double>, shifted: any Motion<Double>)] {
    func pair(_ name: String, _ make: (AnimationTime) throws -> any Motion<Double>) throws -> (String, any Motion<Double>, any Motion<Double>) {
      (name, try make(.zero), try make(shift))
    }
    let layout = try SnapLayout.uniform(count: 40, itemExtent: 300, spacing: 10, viewport: 390)
    let flick = try Snapping.target(layout: layout, offset: 620, velocity: 1800)
    let natural = try Snapping.target(layout: layout, offset: 620, velocity: -(620 - 310) * 1000 * log(ScrollDeceleration.normal))
    return [
      try pair("ValueAnimation") { try ValueAnimation(value: 10.0, velocity: 1400, target: 300, spring: .bouncy, start: $0) },
      try pair("ValueDecay") { try ValueDecay(value: 10.0, velocity: 1400, start: $0) },
      try pair("TimedAnimation") { try TimedAnimation(from: 0.0, to: 600, duration: 0.5, curve: .cubicBezier(.easeOut), start: $0) },
      try pair("KeyframeAnimation") { start in
        try KeyframeAnimation(
          from: 0.0, velocity: 300,
          keys: [.init(120, duration: 0.3), .init(40, duration: 0.4, curve: .spring(.bouncy)), .init(90, duration: 0.2, stops: true)],
          start: start)
      },
      try pair("SpringMotion") { try SpringMotion(spring: .bouncy, from: 0, to: 320, initialVelocity: 1500, start: $0) },
      try pair("ScrollDeceleration") { try ScrollDeceleration(from: 100, velocity: 2500, start: $0) },
      try pair("SnapMotion (spring)") { try flick.motion(start: $0) },
      try pair("SnapMotion (deceleration)") { try natural.motion(start: $0) },
      try pair("RowMotion") { start in
        var scroll = try SpringyScroll(offset: 0, touch: 200, at: start)
        try scroll.update(offset: 40, at: start + Self.seconds(0.05))
        return scroll.motion(ofRowAt: 900)
      },
      try pair("ValueAnimator") { start in
        var animator = try ValueAnimator(value: 5.0)
        animator.run(try ValueDecay(value: 5.0, velocity: -800, start: start))
        try animator.spring(to: 60, with: .snappy, at: start + Self.seconds(0.1))
        return animator
      },
    ]
  }

  @Test("one clock: every motion run by the driver at tick 10⁹ (and 10¹⁵) is the one started at 0, shifted, bit for bit")
  func oneClock() throws {
    for shift in [AnimationTime(ticks: 1_000_000_000), AnimationTime(ticks: 1_000_000_000_000_000)] {
      for (name, atZero, shifted) in try Self.shiftedPairs(shift) {
        var (a, b) = (try ValueAnimator(value: atZero.value(at: .zero)), try ValueAnimator(value: shifted.value(at: shift)))
        a.run(atZero)
        b.run(shifted)
        #expect(a.start == atZero.start && b.start == shift + atZero.start, "\(name)")
        let end = try #require(a.endTick, "\(name): no end")
        #expect(b.endTick == shift + end, "\(name): end \(String(describing: b.endTick)) vs \(end) + shift")
        #expect(shifted.endTick(within: try SettleTolerance(value: 0.01)) == atZero.endTick(within: try SettleTolerance(value: 0.01)).map { shift + $0 })
        for ticks in [-7, 0, 1, 12_345, 70_560_000, 300_000_000, end.ticks - 1, end.ticks, end.ticks + 99] {
          let t = AnimationTime(ticks: Int64(ticks))
          let (x, y) = (a.frame(at: t), b.frame(at: shift + t))
          #expect(x.value.bitPattern == y.value.bitPattern && x.velocity.bitPattern == y.velocity.bitPattern, "\(name) at \(ticks)")
          #expect(x.hasEnded == y.hasEnded && x.didEnd == y.didEnd, "\(name) at \(ticks)")
          let (u, v) = (atZero.components(at: t), shifted.components(at: shift + t))
          #expect(u.value == v.value && u.velocity == v.velocity, "\(name): components at \(ticks)")
        }
      }
    }
  }

  @Test("a driver runs keyframes: value, velocity and end are the keyframes' own")
  func animatorRunsKeyframes() throws {
    let keys = try KeyframeAnimation(
      from: CGPoint(x: 0, y: 0), keys: [.init(CGPoint(x: 100, y: 40), duration: 0.3), .init(CGPoint(x: 20, y: 200), duration: 0.5)])
    var animator = try ValueAnimator(value: CGPoint(x: 0, y: 0))
    animator.run(keys)
    for k in 0...12 {
      let t = Self.seconds(Double(k) / 15)
      #expect(animator.value(at: t) == keys.value(at: t) && animator.velocity(at: t) == keys.velocity(at: t))
    }
    let end = try #require(keys.endTick)
    #expect(animator.endTick == end && animator.frame(at: end).didEnd)
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
