import Foundation
import Harmonic
import Testing

@Suite("Value decay: momentum without a target, and the hand-off to a spring at a bound")
struct ValueDecayTests {
  static let ms = AnimationTime.ticksPerSecond / 1000

  @Test("values and velocities match a 45-digit reference at 30/60/120/144 Hz and irregular ticks")
  func againstReference() throws {
    let rows = try referenceRows("decay_values.csv")
    #expect(rows.count == 144)
    var worst = 0.0
    for row in rows {
      let (rate, x0, v0, ticks, value, velocity) = (row[0], row[1], row[2], Int64(row[3]), row[4], row[5])
      let decay = try ValueDecay(value: x0, velocity: v0, decelerationRate: rate)
      let state = decay.components(at: AnimationTime(ticks: ticks))
      // Relative to the scale of the motion: the start and the travel.
      let scale = max(x0.magnitude, (v0 / decay.decayConstant).magnitude)
      let valueError = (state.value[0] - value).magnitude / scale
      let velocityError = (state.velocity[0] - velocity).magnitude / v0.magnitude
      worst = max(worst, valueError, velocityError)
      #expect(valueError <= 4e-16 && velocityError <= 4e-15, "rate \(rate) x0 \(x0) v0 \(v0) at \(ticks): \(state.value[0]) vs \(value)")
    }
    print("value decay: worst relative error \(worst) over \(rows.count) reference states")
  }

  @Test("every component is ScrollDeceleration bit for bit; a frame is a pure function of its tick")
  func perComponentAndFrameRates() throws {
    let decay = try ValueDecay(value: CGPoint(x: 180, y: 40), velocity: CGPoint(x: -2600, y: 1400), decelerationRate: ScrollDeceleration.fast)
    let x = try ScrollDeceleration(decelerationRate: ScrollDeceleration.fast, from: 180, velocity: -2600)
    let y = try ScrollDeceleration(decelerationRate: ScrollDeceleration.fast, from: 40, velocity: 1400)
    for ticks: Int64 in [0, 1, 5_880_000, 123_456_789, 705_600_000, 3_000_000_001] {
      let time = AnimationTime(ticks: ticks)
      let (state, sx, sy) = (decay.components(at: time), try x._checkedState(atSeconds: time.seconds), try y._checkedState(atSeconds: time.seconds))
      #expect(state.value[0].bitPattern == sx.value.bitPattern && state.velocity[0].bitPattern == sx.velocity.bitPattern)
      #expect(state.value[1].bitPattern == sy.value.bitPattern && state.velocity[1].bitPattern == sy.velocity.bitPattern)
      #expect(decay.velocity(at: time) == CGPoint(x: state.velocity[0], y: state.velocity[1]))
    }
    // 1/6 s is frame 5 at 30 Hz, 10 at 60, 20 at 120 and 24 at 144 Hz: one tick, one set of bits.
    let frames = try [(5, 30), (10, 60), (20, 120), (24, 144)].map { try AnimationTime(frame: Int64($0.0), framesPerSecond: Int64($0.1)) }
    #expect(Set(frames).count == 1)
    let shown = frames.map { decay.value(at: $0) }
    #expect(shown.allSatisfy { $0.x.bitPattern == shown[0].x.bitPattern && $0.y.bitPattern == shown[0].y.bitPattern })
    #expect(decay.value(at: .zero) == CGPoint(x: 180, y: 40))
    let rest = decay.endValue
    #expect(rest.x == 180 - (-2600) / decay.decayConstant && rest.y == 40 - 1400 / decay.decayConstant)
  }

  @Test("the rest tick: within the tolerance from then on, not one tick before")
  func restTick() throws {
    for (velocity, rate) in [(CGPoint(x: 1400, y: -900), 0.998), (CGPoint(x: 30, y: 0), 0.99), (CGPoint(x: -80_000, y: 5), 0.999)] {
      let decay = try ValueDecay(value: CGPoint(x: 10, y: 10), velocity: velocity, decelerationRate: rate)
      let tick = try #require(try decay.endTick(within: SettleTolerance(value: 0.5)))
      let rest = decay.endValue.springComponents
      func off(_ time: AnimationTime) -> Double {
        let value = decay.components(at: time).value
        return max((value[0] - rest[0]).magnitude, (value[1] - rest[1]).magnitude)
      }
      #expect(off(tick) <= 0.5 && off(tick - AnimationTime(ticks: 1)) > 0.5, "\(velocity) at \(rate)")
      let band = try SettleTolerance(value: 0.5)
      #expect(decay.endTick(within: band).map { tick >= $0 } == true && decay.endTick(within: band).map { tick - AnimationTime(ticks: 1) >= $0 } == false)
      for k: Int64 in 1...40 { #expect(off(tick + AnimationTime(ticks: k * 40 * Self.ms)) <= 0.5) }
    }
    let still = try ValueDecay(value: 3.0, velocity: 0)
    #expect(still.endTick == .zero)
  }

  @Test("contact with a bound at the reference crossing, and a C¹ hand-off to a spring")
  func contactAndHandOff() throws {
    let rows = try referenceRows("decay_contacts.csv")
    #expect(rows.count == 24)
    for row in rows {
      let (rate, x0, v0, bound, seconds) = (row[0], row[1], row[2], row[3], row[4])
      let decay = try ValueDecay(value: x0, velocity: v0, decelerationRate: rate)
      let (minimum, maximum) = v0 < 0 ? (SIMD2(bound, 0), nil) : (nil, SIMD2(bound, 0))
      let contact = try #require(decay.contactTick(minimum: minimum, maximum: maximum))
      let expected = try #require(AnimationTime.zero._firstTick(afterSeconds: seconds))
      #expect((contact.ticks - expected.ticks).magnitude <= 1, "rate \(rate) x0 \(x0) v0 \(v0) bound \(bound): \(contact.ticks) vs \(expected.ticks)")
      func past(_ time: AnimationTime) -> Bool { v0 < 0 ? decay.components(at: time).value[0] <= bound : decay.components(at: time).value[0] >= bound }
      #expect(past(contact) && !past(contact - AnimationTime(ticks: 1)))
      let (at, spring) = try #require(try decay.handOff(minimum: minimum, maximum: maximum, spring: .snappy))
      let (before, after) = (decay.components(at: at), spring.components(at: at))
      #expect(at == contact && before.value == after.value && before.velocity == after.velocity)
      #expect(spring.target == bound)
    }
    // A glide that comes to rest inside the bounds meets none.
    let short = try ValueDecay(value: CGPoint(x: 100, y: 100), velocity: CGPoint(x: 100, y: -100))
    #expect(short.contactTick(minimum: SIMD2(0, 0), maximum: SIMD2(375, 667)) == nil)
    #expect(try short.handOff(minimum: SIMD2(0, 0), maximum: SIMD2(375, 667), spring: .smooth) == nil)
    // A card thrown at the right edge: x meets it first; it springs back onto the edge while y glides on to rest.
    let card = try ValueDecay(value: CGPoint(x: 200, y: 300), velocity: CGPoint(x: 2500, y: 400))
    let (hit, back) = try #require(try card.handOff(minimum: SIMD2(0, 0), maximum: SIMD2(375, 667), spring: .snappy))
    #expect(back.target.x == 375 && back.target.y == card.endValue.y && card.value(at: hit).x >= 375)
    let end = try #require(back.endTick)
    #expect(abs(back.value(at: end).x - 375) <= 0.5)
  }

  @Test("bad input names the parameter")
  func badInput() {
    func name(_ body: () throws(HarmonicError) -> Void) -> String? {
      do {
        try body()
        return nil
      } catch {
        guard case let .invalidParameter(name, _, _) = error else { return "?" }
        return name
      }
    }
    for rate in [0, 1, -0.5, .nan, 1.5] {
      #expect(name { () throws(HarmonicError) in _ = try ValueDecay(value: 0.0, velocity: 10, decelerationRate: rate) } == "decelerationRate")
    }
    #expect(
      name { () throws(HarmonicError) in _ = try ValueDecay(value: CGPoint(x: 0, y: 0), velocity: CGPoint(x: 0, y: CGFloat.nan)) } == "velocity component 1")
    #expect(name { () throws(HarmonicError) in _ = try ValueDecay(value: CGPoint(x: CGFloat.infinity, y: 0), velocity: CGPoint.zero) } == "value component 0")
    #expect(name { () throws(HarmonicError) in _ = try ValueDecay(value: 0.0, velocity: 10).endTick(within: SettleTolerance(value: 0)) } == "valueTolerance")
  }
}
