import Foundation
import Harmonic
import HarmonicTuning
import Testing

/// Inputs at the edges of the tick clock and of the accepted ranges that used
/// to trap (each reproduced first, then fixed): now a typed error or a
/// documented saturation, never a crash.
@Suite("Hardening: no trap at the edges", .splittingEveryBatch)
struct HardeningTests {
  let seconds = Double(UInt64.max) / Double(AnimationTime.ticksPerSecond)  // 2⁶⁴ − 1 ticks, ≈ 2.6e10 s

  func batch(origin: AnimationTime) throws -> SpringBatch {
    try SpringBatch(
      itemCount: 2, channelCount: 1, from: [0, 5], to: [100, -50], velocity: [30, 0],
      springs: .shared(try Spring(response: 4000, dampingRatio: 0.01)), start: origin)
  }

  @Test("a batch with origin Int64.min evaluated at Int64.max: the exact elapsed time, bit for bit the scalar motion")
  func evaluateAcrossTheWholeClock() throws {
    let batch = try batch(origin: AnimationTime(ticks: .min))
    var frame = batch.makeFrame()
    try batch.evaluate(at: AnimationTime(ticks: .max), into: &frame)
    var bake = try batch.makeBake(frameCount: 1)
    try batch.bake(ticks: [AnimationTime(ticks: .max)], into: &bake)
    for item in 0..<2 {
      let motion = try SpringMotion(
        spring: batch.spring(ofItem: item), from: batch.start(item: item, channel: 0),
        to: batch.target(item: item, channel: 0), initialVelocity: batch.initialVelocity(item: item, channel: 0))
      let state = try motion._checkedState(atSeconds: seconds)
      #expect(frame.values[item].bitPattern == state.value.bitPattern)
      #expect(frame.velocities[item].bitPattern == state.velocity.bitPattern)
      #expect(bake.values[item].bitPattern == state.value.bitPattern)
    }
  }

  @Test("a spring animation asked for a tick long before its start gives the start state")
  func animationBeforeItsStart() throws {
    let animation = try ValueAnimation(value: 3.0, velocity: 2, target: 9, spring: .bouncy, start: AnimationTime(ticks: 1))
    let state = animation.state(at: AnimationTime(ticks: .min))
    #expect(state.value == 3 && state.velocity == 2)
  }

  @Test("retargeting at the clock's last tick: the settle tick saturates to nil (past the clock), no trap")
  func retargetAtTheLastTick() throws {
    var animation = try ValueAnimation(value: 0.0, target: 1, spring: .bouncy)
    try animation.retarget(to: 50, at: AnimationTime(ticks: .max))
    #expect(animation.endTick(within: try SettleTolerance(value: 0.5)) == nil)
    // A motion that is already settled settles at its segment start, even there.
    try animation.retarget(to: animation.state(at: AnimationTime(ticks: .max)).value, at: AnimationTime(ticks: .max))
    _ = animation.endTick(within: try SettleTolerance(value: 1e6))
  }

  @Test("a stepper with a step of Int64.max ticks: its time saturates at the last tick")
  func stepperTimeSaturates() throws {
    let batch = try batch(origin: .zero)
    var stepper = try batch.makeStepper(step: AnimationTime(ticks: .max))
    stepper.advance()
    stepper.advance()
    stepper.advance()
    #expect(stepper.time == AnimationTime(ticks: .max))
  }

  @Test("a huge thread count is capped: same settle tick as one thread")
  func hugeThreadCount() throws {
    let batch = try batch(origin: .zero)
    let one = try batch.endTick(valueTolerances: [0.5], threads: 1)
    #expect(try batch.endTick(valueTolerances: [0.5], threads: .max) == one)
    var frame = batch.makeFrame()
    try batch.evaluate(at: AnimationTime(ticks: 1_000), into: &frame, threads: .max)
    #expect(frame.values.allSatisfy { $0.isFinite })
  }

  @Test("a transition's retarget refuses the offsets its initializer refuses")
  func transitionRetargetOffset() throws {
    let viewport = try Viewport(size: CGSize(width: 320, height: 480))
    let grid = try GridLayout(sections: [.init(itemCount: 20, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 20)], width: 320)
    var transition = try LayoutTransition(from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport)
    for bad in [CGPoint(x: 0, y: 2e12), CGPoint(x: -Double.infinity, y: 0), CGPoint(x: 0, y: Double.nan)] {
      #expect(throws: HarmonicError.self) {
        try LayoutTransition(from: grid, offset: bad, to: list, offset: .zero, viewport: viewport)
      }
      do throws(HarmonicError) {
        try transition.retarget(to: grid, offset: bad, viewport: viewport, at: AnimationTime(ticks: 1_000))
        Issue.record("retarget accepted the offset \(bad)")
      } catch {
        guard case let .invalidParameter(name, _, accepted) = error else { Issue.record("\(error)"); continue }
        #expect(name == "offset" && accepted.contains("1e12"))
      }
    }
  }

  @Test("a staggered spring assignment refuses a non-finite origin")
  func staggeredOrigin() throws {
    let viewport = try Viewport(size: CGSize(width: 320, height: 480))
    let grid = try GridLayout(sections: [.init(itemCount: 20, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 20)], width: 320)
    do throws(HarmonicError) {
      _ = try LayoutTransition(
        from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport,
        springs: .staggered(base: .snappy, step: 0.1, origin: CGPoint(x: Double.nan, y: 0)))
      Issue.record("a NaN stagger origin was accepted")
    } catch {
      guard case let .invalidParameter(name, _, _) = error else { Issue.record("\(error)"); return }
      #expect(name == "stagger origin")
    }
  }

  @Test("a fit says why it stopped")
  func fitTermination() throws {
    let spring = try Spring(mass: 1, stiffness: 300, damping: 20)
    let motion = try SpringMotion(spring: spring, from: 10, to: 110)
    let samples = try (0..<120).map { k in
      let t = Double(k) / 200
      return SpringFit.Sample(time: t, value: try motion._checkedState(atSeconds: t).value)
    }
    let fit = try SpringFit.fit(samples: samples, from: 10, to: 110)
    #expect(fit.termination != .iterationLimit)
    #expect(fit.iterations <= SpringFit.maximumIterations)
    #expect((fit.spring.stiffness - 300).magnitude < 1e-6 * 300)
  }
}
