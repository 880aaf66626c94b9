import Foundation
import Harmonic
import Testing

@Suite("Value springs: any value, gestures, limits, reorder")
struct ValueAnimationTests {
  static let ms = AnimationTime.ticksPerSecond / 1000

  func tick(_ milliseconds: Int64) -> AnimationTime { AnimationTime(ticks: milliseconds * ValueAnimationTests.ms) }

  /// Every component equals the scalar SpringMotion bit for bit; a retarget keeps value and velocity bit for bit.
  func checkConformance<Value: SpringAnimatable>(_ type: Value.Type, from: Value, to: Value, next: Value, velocity typed: Value.SpringVelocity) throws {
    var animation = try ValueAnimation(value: from, velocity: typed, target: to, spring: .bouncy)
    let velocity = Value.springComponents(ofVelocity: typed)
    let n = Value.springComponentCount
    for ms: Int64 in [0, 7, 33, 120, 400] {
      let state = animation.components(at: tick(ms))
      // value(at:) forms no rates but the same value, bit for bit.
      #expect(animation.value(at: tick(ms)).springComponents == animation._value(of: state.value).springComponents, "\(Value.self) at \(ms) ms")
      for k in 0..<n {
        let motion = try SpringMotion(spring: .bouncy, from: from.springComponents[k], to: to.springComponents[k], initialVelocity: velocity[k])
        let expected = motion.state(at: tick(ms))
        #expect(state.value[k] == expected.value && state.velocity[k] == expected.velocity, "\(Value.self) component \(k) at \(ms) ms")
      }
    }
    let at = tick(90)
    let before = animation.components(at: at)
    try animation.retarget(to: next, at: at)
    let after = animation.components(at: at)
    #expect(before.value == after.value && before.velocity == after.velocity, "\(Value.self): retarget is C¹")
    let settle = try #require(try animation.endTick(valueTolerance: .init(repeating: 0.01), velocityTolerance: .init(repeating: 0.1)))
    let late = animation.components(at: settle)
    for k in 0..<n { #expect((late.value[k] - next.springComponents[k]).magnitude <= 0.01 && late.velocity[k].magnitude <= 0.1) }
  }

  @Test("a finger retargeting every frame: the reused basis gives the same bits as a fresh evaluation, spring switches included")
  func retargetEveryFrame() throws {
    var follower = try ValueAnimation(value: CGPoint(x: 0, y: 0), velocity: CGPoint(x: 300, y: -200), target: CGPoint(x: 100, y: 300), spring: .snappy)
    // 120 Hz steady, then irregular frames, with a spring switch on the way.
    var ticks = (1...120).map { Int64($0) * 5_880_000 }
    for gap: Int64 in [3_000_000, 11_760_000, 5_880_000, 5_880_000, 1, 5_880_000] { ticks.append(ticks.last! + gap) }
    var (reused, compared) = (0, 0)
    for (i, ticks) in ticks.enumerated() {
      let now = AnimationTime(ticks: ticks)
      let spring: Spring? = i == 60 ? .bouncy : i == 61 ? .bouncy : nil
      try follower.retarget(to: CGPoint(x: Double(i % 300), y: 100 - Double(i)), at: now, spring: spring)
      var fresh = follower
      fresh._memoElapsed = .nan
      for next in [now, now + AnimationTime(ticks: 5_880_000), now + AnimationTime(ticks: 2_940_000)] {
        let (a, b) = (follower.components(at: next), fresh.components(at: next))
        #expect(a.value == b.value && a.velocity == b.velocity, "frame \(i)")
        #expect(follower.value(at: next) == fresh.value(at: next), "frame \(i)")
        if next._seconds(since: follower.start) == follower._memoElapsed { reused += 1 }
        compared += 1
      }
      // A spring switch evaluates afresh: the memo belongs to the old spring.
      if i == 60 { #expect(follower._memoElapsed.isNaN) }
    }
    #expect(reused >= 110 && compared == 3 * ticks.count, "the basis was reused \(reused) times")
  }

  @Test("every conformance: per-component closed form, C¹ retargets, exact settle")
  func conformances() throws {
    try checkConformance(Double.self, from: 0, to: 100, next: -40, velocity: 300)
    try checkConformance(
      CGPoint.self, from: CGPoint(x: 10, y: 20), to: CGPoint(x: 300, y: 500), next: CGPoint(x: 0, y: 0), velocity: CGPoint(x: 300, y: -200))
    try checkConformance(
      CGSize.self, from: CGSize(width: 10, height: 20), to: CGSize(width: 300, height: 500), next: CGSize(width: 50, height: 50),
      velocity: CGSize(width: 300, height: -200))
    try checkConformance(
      CGRect.self, from: CGRect(x: 0, y: 0, width: 80, height: 80), to: CGRect(x: 0, y: 0, width: 390, height: 844),
      next: CGRect(x: 20, y: 100, width: 80, height: 80), velocity: CGRect(x: 300, y: -200, width: 50, height: 10))
    try checkConformance(SIMD2<Double>.self, from: SIMD2(1, 2), to: SIMD2(3, 4), next: SIMD2(0, 0), velocity: SIMD2(300, -200))
    try checkConformance(SIMD3<Double>.self, from: SIMD3(1, 2, 3), to: SIMD3(3, 4, 5), next: SIMD3(0, 0, 0), velocity: SIMD3(300, -200, 50))
    try checkConformance(SIMD4<Double>.self, from: SIMD4(1, 2, 3, 4), to: SIMD4(3, 4, 5, 6), next: .zero, velocity: SIMD4(300, -200, 50, 10))
    try checkConformance(
      RGBAColor.self, from: RGBAColor(red: 1, green: 0, blue: 0), to: RGBAColor(red: 0, green: 0, blue: 1),
      next: RGBAColor(red: 0.2, green: 0.8, blue: 0.2, alpha: 0.5), velocity: SIMD4(0.5, 0, -0.5, 0))
  }

  @Test("any dimension: SIMD8…SIMD64 and user types, per component exactly the scalar spring")
  func anyDimension() throws {
    let from16 = SIMD16<Double>((0..<16).map { Double($0) * 7 - 40 })
    let to16 = SIMD16<Double>((0..<16).map { Double($0 * $0) })
    try checkConformance(SIMD16<Double>.self, from: from16, to: to16, next: .zero, velocity: SIMD16((0..<16).map { Double($0) * -30 }))
    try checkConformance(SIMD8<Double>.self, from: SIMD8(repeating: 1), to: SIMD8(0, 1, 2, 3, 4, 5, 6, 7), next: SIMD8(repeating: -3), velocity: .zero)
    let wide = SIMD64<Double>((0..<64).map { Double($0) })
    try checkConformance(SIMD64<Double>.self, from: .zero, to: wide, next: wide * 2, velocity: SIMD64(repeating: 5))
    try checkConformance(SIMD32<Double>.self, from: SIMD32(repeating: 3), to: SIMD32(repeating: -3), next: .zero, velocity: SIMD32(repeating: 1))
    // A user type with 6 of SIMD8's lanes (an affine transform) and a velocity type of its own.
    let identity = Affine(entries: [1, 0, 0, 1, 0, 0]), moved = Affine(entries: [2, 0.5, -0.5, 2, 120, -40])
    try checkConformance(Affine.self, from: identity, to: moved, next: identity, velocity: [0, 1, -1, 0, 300, 0])
    // Lanes past the type's count never carry anything.
    var animation = try ValueAnimation(value: identity, velocity: [1, 2, 3, 4, 5, 6], target: moved, spring: .bouncy)
    try animation.reset(value: moved, velocity: [0, 0, 0, 0, 0, 0, .nan, .infinity], target: identity, at: tick(10))
    let lanes = animation.components(at: tick(50))
    #expect(lanes.value[6] == 0 && lanes.value[7] == 0 && lanes.velocity[6] == 0 && lanes.velocity[7] == 0)
  }

  @Test("velocity in the value's type; default tolerances in the value's units; isSettled")
  func typedVelocityAndTolerance() throws {
    let card = try ValueAnimation(value: CGPoint(x: 10, y: 10), velocity: CGPoint(x: 1400, y: -900), target: CGPoint(x: 300, y: 60), spring: .snappy)
    let (components, state) = (card.components(at: tick(80)), card.state(at: tick(80)))
    #expect(card.velocity(at: tick(80)) == CGPoint(x: components.velocity[0], y: components.velocity[1]))
    #expect(state.velocity == card.velocity(at: tick(80)) && state.value == card.value(at: tick(80)))
    // Points end within 0.1 pt (a last frame under 1/6 pt, half a pixel at 3×: ValueAnimatorTests).
    #expect(CGPoint.springSettleTolerance == 0.1 && RGBAColor.springSettleTolerance == 1.0 / 256 && Double.springSettleTolerance == 0.001)
    let settle = try #require(card.endTick)
    #expect(settle == (try card.endTick(valueTolerance: SIMD2(repeating: 0.1))))
    #expect(card.hasEnded(at: settle) && !card.hasEnded(at: settle - AnimationTime(ticks: 1)))
    for ms in stride(from: settle.ticks / Self.ms + 1, through: settle.ticks / Self.ms + 3000, by: 7) {
      let value = card.value(at: tick(ms))
      #expect(abs(value.x - 300) <= 0.5 && abs(value.y - 60) <= 0.5)
    }
    // The colour's velocity is its linear components' rates, not a (clamped) colour.
    let fade = try ValueAnimation(
      value: RGBAColor(red: 1, green: 0, blue: 0), velocity: SIMD4(-3, 0, 0, 0), target: RGBAColor(red: 0, green: 0, blue: 1), spring: .smooth)
    #expect(fade.velocity(at: .zero) == SIMD4(-3, 0, 0, 0))
    #expect(throws: HarmonicError.self) { try card.endTick(within: SettleTolerance(value: 0)) }
  }

  @Test("a refused event leaves the animation as it was")
  func refusedEventsChangeNothing() throws {
    var bounded = try ValueAnimation(value: 5.0, target: 50.0, spring: .smooth, limits: ValueLimits(minimum: SIMD2(0, 0), maximum: SIMD2(100, 0)))
    let before = (bounded.components(at: tick(120)), bounded.target, bounded.spring, bounded.start)
    #expect(throws: HarmonicError.self) { try bounded.reset(value: 150, velocity: 0, target: 20, at: tick(40), spring: .bouncy) }
    #expect(throws: HarmonicError.self) { try bounded.retarget(to: .nan, at: tick(40), spring: .bouncy) }
    let after = (bounded.components(at: tick(120)), bounded.target, bounded.spring, bounded.start)
    #expect(before.0 == after.0 && before.1 == after.1 && before.2 == after.2 && before.3 == after.3)
  }

  @Test("a colour springs in linear light and never leaves [0, 1], even bouncing")
  func colour() throws {
    let animation = try ValueAnimation(
      value: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0), velocity: SIMD4(repeating: 8),
      target: RGBAColor(red: 1, green: 1, blue: 1), spring: .bouncy)
    var overshoot = false
    for ms in stride(from: Int64(0), through: 1500, by: 5) {
      let colour = animation.value(at: tick(ms))
      for c in [colour.red, colour.green, colour.blue, colour.alpha] { #expect(c >= 0 && c <= 1) }
      if animation.components(at: tick(ms)).value[0] > 1 { overshoot = true }
    }
    #expect(overshoot)  // the spring itself overshoots; the colour shown is clamped
    // Encoding round trip and the linear-light midpoint of black and white: 0.5 linear is 0.7354 encoded.
    for c in stride(from: 0.0, through: 1, by: 0.05) {
      #expect((RGBAColor.encoded(fromLinear: RGBAColor.linear(fromEncoded: c)) - c).magnitude < 1e-14)
    }
    #expect((RGBAColor(springComponents: SIMD4(0.5, 0.5, 0.5, 1)).red - 0.735356983052449).magnitude < 1e-12)
  }

  @Test("a colour animation starts exactly at its colour and ends exactly at its target, retargets included")
  func colourEndpointsAreExact() throws {
    var random = SeededGenerator(seed: 0xC010_0125)
    func colour() -> RGBAColor {
      RGBAColor(
        red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
        blue: .random(in: 0...1, using: &random), alpha: .random(in: 0...1, using: &random))
    }
    func bits(_ c: RGBAColor) -> [UInt64] { [c.red, c.green, c.blue, c.alpha].map(\.bitPattern) }
    let specials = [
      RGBAColor(red: 1, green: 1, blue: 1), RGBAColor(red: 0, green: 0, blue: 0, alpha: 0),
      RGBAColor(red: 0.04045, green: 0.5, blue: 0.0031308),
    ]
    var startsOff = 0, endsOff = 0, retargetsOff = 0
    for k in 0..<10_000 {
      let (from, to, next) = k < specials.count ? (specials[k], colour(), colour()) : (colour(), colour(), colour())
      var animation = try ValueAnimation(value: from, target: to, spring: .snappy)
      if bits(animation.value(at: .zero)) != bits(from) { startsOff += 1 }
      let rest = try #require(try animation.endTick(valueTolerance: SIMD4(repeating: 1e-300)))
      if bits(animation.value(at: rest + AnimationTime(ticks: AnimationTime.ticksPerSecond))) != bits(to) { endsOff += 1 }
      // A retarget mid-flight starts from exactly what was shown at its tick.
      let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 20)
      let shown = animation.value(at: tick)
      try animation.retarget(to: next, at: tick)
      if bits(animation.value(at: tick)) != bits(shown) { retargetsOff += 1 }
    }
    #expect(startsOff == 0 && endsOff == 0 && retargetsOff == 0, "\(startsOff) starts, \(endsOff) ends, \(retargetsOff) retargets off")
    // The conversions clamp like the initializer: NaN and out-of-gamut never pass through.
    #expect(RGBAColor.linear(fromEncoded: .nan) == 0 && RGBAColor.encoded(fromLinear: .nan) == 0)
    #expect(RGBAColor.linear(fromEncoded: 1e300) == RGBAColor.linear(fromEncoded: 1) && RGBAColor.encoded(fromLinear: -1) == 0)
  }

  @Test("out-of-order and repeated timestamps: the motion does not go back in time")
  func outOfOrder() throws {
    var animation = try ValueAnimation(value: CGPoint(x: 0, y: 0), target: CGPoint(x: 100, y: 0), spring: .smooth, start: tick(100))
    let shown = animation.components(at: tick(150))
    try animation.retarget(to: CGPoint(x: 200, y: 0), at: tick(50))  // late event: applied at 100, the segment start
    #expect(animation.start == tick(100))
    #expect(animation.components(at: tick(100)).value == SIMD2(0, 0))  // the start is kept
    #expect(animation.components(at: tick(150)).value[0] != shown.value[0])  // later frames follow the new target
    try animation.retarget(to: CGPoint(x: 300, y: 0), at: tick(100))  // repeated timestamp: replaces that segment
    #expect(animation.target == CGPoint(x: 300, y: 0) && animation.start == tick(100))
    try animation.reset(value: CGPoint(x: 5, y: 5), velocity: CGPoint(x: 1000, y: 0), target: CGPoint(x: 0, y: 0), at: tick(10))
    #expect(animation.start == tick(100) && animation.components(at: tick(100)).velocity[0] == 1000)
    // A bad target leaves the animation unchanged.
    #expect(throws: HarmonicError.self) { try animation.retarget(to: CGPoint(x: CGFloat.nan, y: 0), at: tick(200)) }
    #expect(animation.target == CGPoint(x: 0, y: 0))
  }

  @Test("overshoot clamping and bounds stop exactly at the first tick the free motion reaches them")
  func limits() throws {
    for spring in [Spring.bouncy, .snappy, try Spring(response: 0.3, dampingRatio: 0.2)] {
      for velocity in [0.0, 900, -2500] {
        let clamped = try ValueAnimation(
          value: 0.0, velocity: velocity, target: 100.0, spring: spring,
          limits: ValueLimits(clampsOvershoot: true))
        let free = try SpringMotion(spring: spring, from: 0, to: 100, initialVelocity: velocity)
        let stop = clamped._stopTick[0]
        if stop == .max {
          #expect(spring.dampingRatio >= 1, "an underdamped spring always crosses its target")
          continue
        }
        let at = AnimationTime(ticks: stop)
        #expect(free.state(at: at).value >= 100 && free.state(at: at - AnimationTime(ticks: 1)).value < 100)
        #expect(clamped.components(at: at).value[0] == 100 && clamped.components(at: at).velocity[0] == 0)
        for ms in stride(from: Int64(0), through: 2000, by: 3) { #expect(clamped.components(at: tick(ms)).value[0] <= 100) }
        #expect(try clamped.endTick(within: SettleTolerance(value: 0.5)) == at || spring.dampingRatio >= 1)
      }
    }
    // androidx's min/max: a fling up stops at the maximum, exactly where the free motion reaches it.
    let bounded = try ValueAnimation(
      value: CGPoint(x: 0, y: 0), velocity: CGPoint(x: 0, y: 3000), target: CGPoint(x: 0, y: 0), spring: .smooth,
      limits: ValueLimits(maximum: SIMD2(100, 50)))  // the free fling peaks near 88
    let free = try SpringMotion(spring: .smooth, from: 0, to: 0, initialVelocity: 3000)
    let stop = AnimationTime(ticks: bounded._stopTick[1])
    #expect(free.state(at: stop).value >= 50 && free.state(at: stop - AnimationTime(ticks: 1)).value < 50)
    #expect(bounded.value(at: stop).y == 50 && bounded.value(at: tick(2000)).y == 50 && bounded.value(at: tick(700)).x == 0)
    #expect(throws: HarmonicError.self) {
      try ValueAnimation(value: 200.0, target: 0.0, spring: .smooth, limits: ValueLimits(maximum: SIMD2(100, 0)))
    }
  }

  @Test("reorder: a 20-row list, row 3 dragged to row 15 and back — every row C¹, final positions exact")
  func reorder() throws {
    let slots = (0..<20).map { 22 + 44 * Double($0) }
    var model = try ReorderModel(slots: slots, spring: .snappy)
    // A row out of range is a typed error naming it (it trapped: issue 69).
    for row in [-1, 20, Int.min] {
      #expect(throws: HarmonicError.self) { try model.state(ofRow: row, at: .zero) }
      #expect(throws: HarmonicError.self) { try model.motion(ofRow: row) }
      do {
        _ = try model.state(ofRow: row, at: .zero)
      } catch {
        guard case .invalidParameter(let name, _, _) = error else { return #expect(Bool(false), "\(error)") }
        #expect(name == "row")
      }
    }
    var now: Int64 = 0
    func check(_ event: (inout ReorderModel) throws -> Void) throws {
      let at = tick(now)
      let before = try (0..<20).map { row throws(HarmonicError) in try model.state(ofRow: row, at: at) }
      try event(&model)
      for row in 0..<20 where row != model.draggedRow && row != 3 {
        let after = try model.state(ofRow: row, at: at)
        #expect(after.value == before[row].value && after.velocity == before[row].velocity, "row \(row) jumped at \(now) ms")
      }
    }
    try check { try $0.beginDrag(row: 3, position: slots[3], velocity: 0, at: tick(now)) }
    // Down to row 15 at 600 pt/s, an event every 16 ms, then back up.
    var y = slots[3]
    while y < slots[15] {
      now += 16
      y = min(y + 600 * 0.016, slots[15])
      try check { try $0.drag(to: y, velocity: 600, at: tick(now)) }
    }
    #expect(model.order.firstIndex(of: 3) == 15)
    #expect(model.order[2...14] == ArraySlice([2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]))
    while y > slots[3] {
      now += 16
      y = max(y - 900 * 0.016, slots[3])
      try check { try $0.drag(to: y, velocity: -900, at: tick(now)) }
    }
    now += 16
    try check { try $0.drop(velocity: -900, at: tick(now)) }
    #expect(model.order == Array(0..<20))
    // Every row comes to rest exactly on its slot.
    var positions = [Double](repeating: 0, count: 20), velocities = positions
    try model.frame(at: tick(now + 5000), positions: &positions, velocities: &velocities)
    #expect(positions == slots && velocities.allSatisfy { $0.magnitude < 1e-9 })
    #expect(throws: HarmonicError.self) { try model.drop(velocity: 0, at: tick(now)) }
  }
}

@Suite("Follow-the-leader chains")
struct SpringChainTests {
  func run(framesPerSecond: Int64?, until milliseconds: Int64) throws -> [AnimationTime: [CGPoint]] {
    var chain = try SpringChain(count: 8, value: CGPoint(x: 0, y: 0), spring: .snappy)
    try chain.moveLeader(to: CGPoint(x: 300, y: 120), at: .zero)
    var values = Array(repeating: CGPoint.zero, count: 8)
    var seen: [AnimationTime: [CGPoint]] = [:]
    var ticks: [AnimationTime] = []
    if let framesPerSecond {
      var frame: Int64 = 0
      while true {
        let t = try AnimationTime(frame: frame, framesPerSecond: framesPerSecond)
        if t.ticks > milliseconds * AnimationTime.ticksPerSecond / 1000 { break }
        ticks.append(t)
        frame += 1
      }
    } else {  // irregular frames
      var random = SeededGenerator(seed: 5)
      var t: Int64 = 0
      while t <= milliseconds * AnimationTime.ticksPerSecond / 1000 {
        ticks.append(AnimationTime(ticks: t))
        t += Int64.random(in: 1...40, using: &random) * AnimationTime.ticksPerSecond / 1000
      }
    }
    for t in ticks {
      try chain.values(at: t, into: &values)
      seen[t] = values
    }
    return seen
  }

  @Test("any frame schedule sees the same bits; followers lag in order and arrive exactly")
  func frameIndependence() throws {
    let a = try run(framesPerSecond: 60, until: 3000), b = try run(framesPerSecond: 120, until: 3000), c = try run(framesPerSecond: nil, until: 3000)
    var common = 0
    for (t, values) in a {
      if let other = b[t] { #expect(other == values); common += 1 }
      if let other = c[t] { #expect(other == values) }
    }
    #expect(common > 100)
    let mid = try #require(a[AnimationTime(ticks: AnimationTime.ticksPerSecond / 4)])
    for k in 1..<8 { #expect(mid[k].x < mid[k - 1].x) }  // each behind the one before
    var chain = try SpringChain(count: 8, value: CGPoint(x: 0, y: 0), spring: .snappy)
    try chain.moveLeader(to: CGPoint(x: 300, y: 120), at: .zero)
    var values = Array(repeating: CGPoint.zero, count: 8)
    try chain.values(at: AnimationTime(ticks: 20 * AnimationTime.ticksPerSecond), into: &values)
    for point in values {
      let (dx, dy) = (Double(point.x) - 300, Double(point.y) - 120)
      #expect(dx.magnitude < 1e-9 && dy.magnitude < 1e-9)
    }
    #expect(throws: HarmonicError.self) { try SpringChain(count: 0, value: 0.0, spring: .snappy) }
  }
}

/// A 2-D affine transform (a, b, c, d, tx, ty) in 6 of SIMD8's lanes, with
/// its velocity as an array of rates: a user type as the protocol documents.
struct Affine: SpringAnimatable, Equatable {
  var entries: [Double]
  static var springComponentCount: Int { 6 }
  var springComponents: SIMD8<Double> {
    SIMD8(entries[0], entries[1], entries[2], entries[3], entries[4], entries[5], 0, 0)
  }
  init(entries: [Double]) { self.entries = entries }
  init(springComponents c: SIMD8<Double>) { entries = (0..<6).map { c[$0] } }
  static func springComponents(ofVelocity velocity: [Double]) -> SIMD8<Double> {
    var lanes = SIMD8<Double>()
    for (k, rate) in velocity.prefix(8).enumerated() { lanes[k] = rate }
    return lanes
  }
  static func springVelocity(ofComponents components: SIMD8<Double>) -> [Double] { (0..<6).map { components[$0] } }
}
