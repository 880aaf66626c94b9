import Foundation
import Harmonic
import Testing

@Suite("Duration + easing animations: timing curves, and the hand-off to a spring")
struct TimedAnimationTests {
  @Test("bezier easing matches a 45-digit reference in value and slope at 30/60/120/144 Hz and irregular ticks")
  func againstReference() throws {
    let rows = try referenceRows("easing.csv")
    #expect(rows.count == 150)
    var (worstValue, worstSlope) = (0.0, 0.0)
    for row in rows {
      let (curve, duration, ticks, value, slope) = (try CubicBezier(x1: row[0], y1: row[1], x2: row[2], y2: row[3]), row[4], row[5], row[6], row[7])
      let progress = ticks / duration
      let easing = TimingCurve.cubicBezier(curve)
      let (valueError, slopeError) = (
        (easing.valueOrNaN(atProgress: progress) - value).magnitude,
        ((easing.slopeOrNaN(atProgress: progress) ?? .nan) - slope).magnitude / max(1, slope.magnitude)
      )
      (worstValue, worstSlope) = (max(worstValue, valueError), max(worstSlope, slopeError))
      #expect(valueError <= 1e-15 && slopeError <= 1e-12, "\(curve) at \(ticks): \(easing.valueOrNaN(atProgress: progress)) vs \(value)")
      // The animation: 10 → 110 over 0.35 s.
      let animation = try TimedAnimation(from: 10.0, to: 110.0, duration: 0.35, curve: easing)
      #expect(animation.endTick?.ticks == Int64(duration))
      let state = animation.components(at: AnimationTime(ticks: Int64(ticks)))
      #expect((state.value[0] - (10 + 100 * value)).magnitude <= 1e-13)
      #expect((state.velocity[0] - 100 * slope / 0.35).magnitude <= 1e-10 * max(1, (100 * slope / 0.35).magnitude))
    }
    print("easing: worst value error \(worstValue), worst relative slope error \(worstSlope) over \(rows.count) reference points")
  }

  @Test("CSS linear() and the named curves")
  func curves() throws {
    let css = try TimingCurve.piecewiseLinear(values: [0, 0.25, 1])
    #expect(css.valueOrNaN(atProgress: 0.25) == 0.125 && css.valueOrNaN(atProgress: 0.75) == 0.625 && css.valueOrNaN(atProgress: 1) == 1)
    #expect(css.slopeOrNaN(atProgress: 0.25) == 0.5 && css.slopeOrNaN(atProgress: 0.5) == 1.5 && css.valueOrNaN(atProgress: -1) == 0)
    // A repeated time is a jump, as in CSS: linear(0, 0.5 50%, 0.8 50%, 1).
    let jump = try TimingCurve.piecewiseLinear([(0, 0), (0.5, 0.5), (0.5, 0.8), (1, 1)])
    #expect(jump.valueOrNaN(atProgress: 0.5.nextDown) < 0.5 && jump.valueOrNaN(atProgress: 0.5) == 0.8)
    // A segment too steep for a double has no slope (as a vertical
    // tangent), not ±∞; an animation on it takes the secant over a tick.
    let steep = try TimingCurve.piecewiseLinear([(0, 0), (5e-324, 1), (1, 1)])
    #expect(steep.slopeOrNaN(atProgress: 0) == nil && steep.slopeOrNaN(atProgress: 0.5) == 0 && steep.valueOrNaN(atProgress: 5e-324) == 1)
    let rise = try TimedAnimation(from: 0.0, to: 100, duration: 1, curve: steep)
    #expect(rise.velocity(at: .zero).isFinite && rise.value(at: AnimationTime(ticks: 1)) == 100)
    #expect(CubicBezier.easeInOut == (try CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)) && CubicBezier.ease.y1 == 0.1)
    #expect(TimingCurve.linear.valueOrNaN(atProgress: 0.3) == 0.3 && TimingCurve.cubicBezier(.linear).valueOrNaN(atProgress: 0.5) == 0.5)
    for bad: [(time: Double, value: Double)] in [
      [(0, 0)], [(0.1, 0), (1, 1)], [(0, 0), (0.9, 1)], [(0, 0), (0.6, 0.5), (0.4, 0.7), (1, 1)], [(0, 0), (1, .nan)],
    ] {
      #expect(throws: HarmonicError.self) { try TimingCurve.piecewiseLinear(bad) }
    }
  }

  @Test("exact ends, frames as pure functions of ticks, a vertical tangent's finite velocity, a C¹ hand-off")
  func animation() throws {
    let from = CGPoint(x: 20, y: 300), to = CGPoint(x: 320, y: 40)
    let slide = try TimedAnimation(from: from, to: to, duration: 0.4, curve: .cubicBezier(.easeOut), start: AnimationTime(ticks: 1_000))
    #expect(slide.value(at: .zero) == from && slide.value(at: slide.start) == from && slide.value(at: slide.endTick!) == to)
    #expect(slide.velocity(at: slide.endTick!) == .zero && slide.value(at: slide.endTick! + AnimationTime(ticks: 1)) == to)
    // ease-out starts with its fastest slope (1/0.58·… finite); a (0, 1, 0, 1) curve starts vertical: finite, large.
    let snap = try TimedAnimation(from: 0.0, to: 1.0, duration: 0.3, curve: .cubicBezier(try CubicBezier(x1: 0, y1: 1, x2: 0, y2: 1)))
    let initial = snap.velocity(at: .zero)
    #expect(initial.isFinite && initial > 1_000)
    // 1/6 s is one tick at 30, 60, 120 and 144 Hz.
    let frames = try [(5, 30), (10, 60), (20, 120), (24, 144)].map { try AnimationTime(frame: Int64($0.0), framesPerSecond: Int64($0.1)) }
    let shown = frames.map { slide.components(at: $0) }
    #expect(shown.allSatisfy { $0.value == shown[0].value && $0.velocity == shown[0].velocity })
    // A finger catches it at 0.2 s: the spring starts with its exact value and velocity.
    let caught = try AnimationTime(seconds: 0.2)
    let spring = try slide.handOff(to: CGPoint(x: 100, y: 100), with: .snappy, at: caught)
    let (before, after) = (slide.components(at: caught), spring.components(at: caught))
    #expect(before.value == after.value && before.velocity == after.velocity && before.velocity != .zero)
    for bad in [0, -1, .nan, .infinity, 2e6] {
      #expect(throws: HarmonicError.self) { try TimedAnimation(from: 0.0, to: 1.0, duration: bad) }
    }
    #expect(throws: HarmonicError.self) { try TimedAnimation(from: CGPoint(x: CGFloat.nan, y: 0), to: to, duration: 1) }
  }
}
