import Foundation
import Harmonic
import Testing

@Suite("ValueAnimator: springs, glides and curves in sequence, driven by frames")
struct ValueAnimatorTests {
  static func seconds(_ s: Double) throws -> AnimationTime { try AnimationTime(seconds: s) }

  @Test("completion is reported once, at the first frame at or after the exact tick, at 30/60/120/144 Hz and irregular frames")
  func completionOnce() throws {
    var schedules: [[AnimationTime]] = try [30, 60, 120, 144].map { fps in
      try (0...(3 * fps)).map { try AnimationTime(frame: Int64($0), framesPerSecond: Int64(fps)) }
    }
    var random = SeededGenerator(seed: 36)
    var irregular: [AnimationTime] = [.zero]
    while irregular.last! < (try Self.seconds(3)) { irregular.append(irregular.last! + AnimationTime(ticks: Int64.random(in: 1...30_000_000, using: &random))) }
    schedules.append(irregular)
    for frames in schedules {
      var card = try ValueAnimator(value: CGPoint(x: 40, y: 40))
      try card.spring(to: CGPoint(x: 300, y: 500), with: .snappy, at: .zero)
      let end = try #require(card.endTick)
      var finishes = 0
      for time in frames {
        let frame = card.frame(at: time)
        if frame.didEnd {
          finishes += 1
          #expect(frames.first(where: { $0 >= end }) == time, "finish reported late or early")
        }
        #expect(frame.hasEnded == (time >= end))
        if frame.hasEnded { #expect(frame.value == CGPoint(x: 300, y: 500) && frame.velocity == .zero) }
        // Before the end, exactly the spring's own value.
        if !frame.hasEnded, let animation = card.motion as? ValueAnimation<CGPoint> { #expect(frame.value == animation.value(at: time)) }
      }
      #expect(finishes == 1)
    }
  }

  @Test("every hand-off keeps value and velocity: curve → spring, glide → spring, spring → spring")
  func handOffs() throws {
    var sheet = try ValueAnimator(value: 0.0)
    try sheet.ease(to: 600, duration: 0.5, curve: .cubicBezier(.easeOut), at: .zero)
    let caught = try Self.seconds(0.2)
    let before = sheet.components(at: caught)
    try sheet.spring(to: 300, with: .bouncy, at: caught)
    let after = sheet.components(at: caught)
    #expect(before.value == after.value && before.velocity == after.velocity && before.velocity[0] != 0)
    // Thrown: a glide from the value shown, then caught by a spring mid-glide.
    let thrown = try Self.seconds(0.4)
    let shownAtThrow = sheet.state(at: thrown).value
    try sheet.decay(velocity: -2000, at: thrown)
    #expect(sheet.state(at: thrown).value == shownAtThrow && sheet.state(at: thrown).velocity == -2000)
    let grabbed = try Self.seconds(0.55)
    let gliding = sheet.components(at: grabbed)
    try sheet.spring(to: 0, with: .smooth, at: grabbed)
    let springing = sheet.components(at: grabbed)
    #expect(gliding.value == springing.value && gliding.velocity == springing.velocity)
    // A retarget of a running spring is the ValueAnimation retarget (C¹).
    let again = try Self.seconds(0.6)
    let shown = sheet.components(at: again)
    try sheet.spring(to: 50, at: again)
    #expect(sheet.components(at: again).value == shown.value && sheet.components(at: again).velocity == shown.velocity)
    // A spring after the motion finished starts from the final value, at rest.
    let late = try #require(sheet.endTick) + AnimationTime(ticks: 1)
    try sheet.spring(to: 80, at: late)
    #expect(sheet.components(at: late).value[0] == 50 && sheet.components(at: late).velocity[0] == 0)
  }

  @Test("a glide finishes at its rest value; stop freezes; a refused event changes nothing")
  func glideStopAndRefusal() throws {
    var map = try ValueAnimator(value: CGPoint(x: 0, y: 0))
    try map.decay(velocity: CGPoint(x: 1200, y: -300), at: .zero)
    let rest = try #require(map.endTick)
    let glide = try ValueDecay(value: CGPoint.zero, velocity: CGPoint(x: 1200, y: -300))
    #expect(rest == (glide.endTick) && map.frame(at: rest).value == glide.endValue)
    let midway = try Self.seconds(0.3)
    let shown = map.state(at: midway).value
    map.stop(at: midway)
    #expect(map.state(at: try Self.seconds(9)).value == shown && map.hasEnded(at: midway) && map.endTick == AnimationTime(ticks: .min))
    var card = try ValueAnimator(value: 10.0)
    try card.spring(to: 20, at: .zero)
    let tick = card.endTick
    #expect(throws: HarmonicError.self) { try card.spring(to: .nan, at: try Self.seconds(0.1)) }
    #expect(throws: HarmonicError.self) { try card.ease(to: 5, duration: -1, at: try Self.seconds(0.1)) }
    #expect(card.endTick == tick && card.endValue == 20)
    #expect(throws: HarmonicError.self) { try ValueAnimator(value: CGPoint(x: 0, y: CGFloat.nan)) }
    #expect(throws: HarmonicError.self) { try ValueAnimator(value: 1.0, tolerance: SettleTolerance(value: 0)) }
  }

  @Test("the end is invisible: the last frame of a default spring or glide of points steps under 1/6 pt (half a pixel at 3×), at 60 and 120 Hz")
  func invisibleEnd() throws {
    // b78c276: 0.52–0.65 pt at the end of a spring, 0.51–0.60 pt at the end of a glide (the 0.5 pt default band).
    var worst = (step: 0.0, speed: 0.0)
    for fps: Int64 in [60, 120] {
      let frames = try (0...(6 * fps)).map { try AnimationTime(frame: $0, framesPerSecond: fps) }
      var motions: [(inout ValueAnimator<CGPoint>) throws -> Void] = []
      for spring in [Spring.smooth, .snappy, .bouncy, try Spring(response: 0.3, dampingRatio: 0.4), try Spring(response: 0.8, dampingRatio: 1.4)] {
        for (from, to, velocity) in [
          (CGPoint(x: 0, y: 0), CGPoint(x: 300, y: 500), CGPoint.zero), (CGPoint(x: 40, y: 700), CGPoint(x: 40, y: 0), CGPoint(x: 2000, y: -3000)),
        ] {
          motions.append { animator in
            animator = try ValueAnimator(value: from)
            if velocity != .zero { try animator.decay(velocity: velocity, at: .zero) }
            try animator.spring(to: to, with: spring, at: .zero)
          }
        }
      }
      for velocity in [CGPoint(x: 1400, y: -900), CGPoint(x: 30, y: 0), CGPoint(x: -6000, y: 2500)] {
        motions.append { animator in
          animator = try ValueAnimator(value: CGPoint(x: 10, y: 10))
          try animator.decay(velocity: velocity, at: .zero)
        }
      }
      for start in motions {
        var animator = try ValueAnimator(value: CGPoint.zero)
        try start(&animator)
        var previous = animator.frame(at: frames[0])
        for time in frames.dropFirst() {
          let frame = animator.frame(at: time)
          if frame.didEnd {
            let step = max(abs(frame.value.x - previous.value.x), abs(frame.value.y - previous.value.y))
            let speed = max(abs(previous.velocity.x), abs(previous.velocity.y))
            worst = (max(worst.step, Double(step)), max(worst.speed, Double(speed)))
          }
          previous = frame
        }
        #expect(animator.hasEnded(at: frames.last!))
      }
    }
    #expect(worst.step < 1.0 / 6, "largest last step \(worst.step) pt")
    #expect(worst.speed * (1.0 / 60) < 1.0 / 6, "largest speed before the end \(worst.speed) pt/s")
  }
}

extension ValueAnimator {
  /// The value and velocity at `time`, as one pair.
  fileprivate func state(at time: AnimationTime) -> (value: Value, velocity: Value.SpringVelocity) { (value(at: time), velocity(at: time)) }
  /// The value's and velocity's components at `time`.
  fileprivate func components(at time: AnimationTime) -> (value: Value.SpringComponents, velocity: Value.SpringComponents) {
    (value(at: time).springComponents, Value.springComponents(ofVelocity: velocity(at: time)))
  }
}
