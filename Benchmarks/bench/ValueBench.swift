import Foundation
import Harmonic

// Value springs: one value animation per frame (a point, a rect), a
// retarget + evaluate per frame (a finger, at a steady 120 Hz and on
// irregular frames), against a scalar
// SpringMotion; and a 1,000-row reorder frame.
extension Suite {
  mutating func valueSprings() throws -> String {
    let count = quick ? 200_000 : 2_000_000
    func tick(_ i: Int) -> AnimationTime { AnimationTime(ticks: Int64(i % 1_000) * 705_600) }
    let scalar = try SpringMotion(spring: .snappy, from: 0, to: 100, initialVelocity: 300)
    let point = try ValueAnimation(value: CGPoint(x: 0, y: 0), velocity: CGPoint(x: 300, y: -200), target: CGPoint(x: 100, y: 300), spring: .snappy)
    let rect = try ValueAnimation(
      value: CGRect(x: 0, y: 0, width: 80, height: 80), velocity: CGRect(x: 300, y: -200, width: 100, height: 100),
      target: CGRect(x: 0, y: 0, width: 390, height: 844), spring: .snappy)
    // A 4×4 transform's entries, say: 16 components on one spring.
    let wide = try ValueAnimation(
      value: SIMD16<Double>(repeating: 0), velocity: SIMD16((0..<16).map { Double($0) * 10 }), target: SIMD16((0..<16).map { Double($0) }),
      spring: .snappy)
    func perCall(_ time: (median: Double, min: Double, max: Double)) -> (Double, Double, Double) {
      (time.median / Double(count), time.min / Double(count), time.max / Double(count))
    }
    let wideTime = perCall(
      measure {
        var sum = 0.0
        for i in 0..<count { sum += wide.value(at: tick(i))[7] }
        blackHole(sum)
      })
    let glide = try ValueDecay(value: CGPoint(x: 200, y: 300), velocity: CGPoint(x: 2500, y: 400))
    let decayTime = perCall(
      measure {
        var sum = 0.0
        for i in 0..<count { sum += Double(glide.value(at: tick(i)).x) }
        blackHole(sum)
      })
    let eased = try TimedAnimation(from: CGPoint(x: 20, y: 300), to: CGPoint(x: 320, y: 40), duration: 2, curve: .cubicBezier(.easeInOut))
    let easedTime = perCall(
      measure {
        var sum = 0.0
        for i in 0..<count { sum += Double(eased.value(at: tick(i)).x) }
        blackHole(sum)
      })
    // The same finger on irregular frames: the next frame is never at the
    // retarget's elapsed time, so the basis is evaluated twice per frame.
    var jittery = point
    let irregularTime = perCall(
      try measure {
        var sum = 0.0
        for i in 0..<count {
          let now = AnimationTime(ticks: Int64(i) * 5_880_000 + Int64(i % 3) * 100_000)
          try jittery.retarget(to: CGPoint(x: Double(i % 300), y: 100), at: now)
          sum += Double(jittery.value(at: now + AnimationTime(ticks: 5_880_000)).x)
        }
        blackHole(sum)
      })
    // The ratios to the scalar spring are targets (issue 35): those four
    // loops run interleaved, 11 times each at least, so that both sides of
    // each ratio see the same machine.
    let interleaved = try measureInterleaved(
      count: max(repeats, 11),
      [
        {
          var sum = 0.0
          for i in 0..<count { sum += scalar.state(at: tick(i)).value }
          blackHole(sum)
        },
        {
          var sum = 0.0
          for i in 0..<count { sum += Double(point.value(at: tick(i)).x) }
          blackHole(sum)
        },
        {
          var sum = 0.0
          for i in 0..<count { sum += Double(rect.value(at: tick(i)).width) }
          blackHole(sum)
        },
        {
          // A fresh follower per sample: a variable captured from outside an
          // escaping closure would pay dynamic exclusivity checks per access.
          var follower = point
          var sum = 0.0
          for i in 0..<count {
            let now = AnimationTime(ticks: Int64(i) * 5_880_000)  // 120 Hz
            try follower.retarget(to: CGPoint(x: Double(i % 300), y: 100), at: now)
            sum += Double(follower.value(at: now + AnimationTime(ticks: 5_880_000)).x)
          }
          blackHole(sum)
        },
      ])
    let (scalarTime, pointTime, rectTime, retargetTime) = (
      perCall(interleaved[0]), perCall(interleaved[1]), perCall(interleaved[2]), perCall(interleaved[3])
    )
    record("value spring, scalar SpringMotion", "native", threads: 1, items: 1, channels: 1, bytes: 0, scalarTime)
    record("value spring, point", "native", threads: 1, items: 1, channels: 2, bytes: 0, pointTime)
    record("value spring, rect", "native", threads: 1, items: 1, channels: 4, bytes: 0, rectTime)
    record("value spring, SIMD16", "native", threads: 1, items: 1, channels: 16, bytes: 0, wideTime)
    record("value decay, point", "native", threads: 1, items: 1, channels: 2, bytes: 0, decayTime)
    record("timed animation, point, ease-in-out", "native", threads: 1, items: 1, channels: 2, bytes: 0, easedTime)
    record("value spring, point retarget + evaluate", "native", threads: 1, items: 1, channels: 2, bytes: 0, retargetTime)
    record("value spring, point retarget + evaluate, irregular frames", "native", threads: 1, items: 1, channels: 2, bytes: 0, irregularTime)

    // 1,000 animations held in an array and evaluated every frame (an app
    // with many animated values), and retargeted every frame: per
    // animation, against the single-animation rows above (issue 50).
    let held = 1_000
    let arrayFrames = max(1, count / held)
    // Frame f at tick(f·1000/frames): the ticks spread over the same second
    // as the single-animation rows' (0 to 999 ms, settled ones included),
    // so that per animation the two compare like for like.
    func frameTick(_ f: Int) -> AnimationTime { tick(f * 1_000 / arrayFrames) }
    let points = try (0..<held).map { k in
      try ValueAnimation(
        value: CGPoint(x: Double(k), y: 0), velocity: CGPoint(x: 300, y: -200), target: CGPoint(x: 100, y: Double(k)), spring: .snappy)
    }
    let rects = try (0..<held).map { k in
      try ValueAnimation(
        value: CGRect(x: Double(k), y: 0, width: 80, height: 80), velocity: CGRect(x: 300, y: -200, width: 100, height: 100),
        target: CGRect(x: 0, y: Double(k), width: 390, height: 844), spring: .snappy)
    }
    let arrays = try measureInterleaved(
      count: max(repeats, 11),
      [
        {
          var sum = 0.0
          for i in 0..<arrayFrames {
            let now = frameTick(i)
            for k in 0..<held { sum += Double(points[k].value(at: now).x) }
          }
          blackHole(sum)
        },
        {
          var sum = 0.0
          for i in 0..<arrayFrames {
            let now = frameTick(i)
            for k in 0..<held { sum += Double(rects[k].value(at: now).width) }
          }
          blackHole(sum)
        },
        {
          var followers = points
          var sum = 0.0
          for i in 0..<arrayFrames {
            let now = AnimationTime(ticks: Int64(i) * 5_880_000)
            for k in 0..<held {
              try followers[k].retarget(to: CGPoint(x: Double((i + k) % 300), y: 100), at: now)
              sum += Double(followers[k].value(at: now + AnimationTime(ticks: 5_880_000)).x)
            }
          }
          blackHole(sum)
        },
      ])
    func perAnimation(_ t: (median: Double, min: Double, max: Double)) -> (Double, Double, Double) {
      let n = Double(arrayFrames * held)
      return (t.median / n, t.min / n, t.max / n)
    }
    let (pointArray, rectArray, retargetArray) = (perAnimation(arrays[0]), perAnimation(arrays[1]), perAnimation(arrays[2]))
    record("value springs in an array, point (per animation)", "native", threads: 1, items: held, channels: 2, bytes: 0, pointArray)
    record("value springs in an array, rect (per animation)", "native", threads: 1, items: held, channels: 4, bytes: 0, rectArray)
    record(
      "value springs in an array, point retarget + evaluate (per animation)", "native", threads: 1, items: held, channels: 2, bytes: 0, retargetArray)

    let rows = 1_000
    var model = try ReorderModel(slots: (0..<rows).map { 22 + 44 * Double($0) })
    try model.beginDrag(row: 3, position: 22 + 44 * 3, at: .zero)
    try model.drag(to: 22 + 44 * 40, velocity: 900, at: AnimationTime(ticks: 5_880_000))
    var positions = [Double](repeating: 0, count: rows), velocities = positions
    let frames = quick ? 200 : 2_000
    let reorderTime = try measure {
      for i in 0..<frames { try model.frame(at: AnimationTime(ticks: Int64(i) * 5_880_000), positions: &positions, velocities: &velocities) }
      blackHole(positions[10])
    }
    let perFrame = (reorderTime.median / Double(frames), reorderTime.min / Double(frames), reorderTime.max / Double(frames))
    record("reorder frame", "native", threads: 1, items: rows, channels: 1, bytes: 0, perFrame)
    return String(
      format:
        "value springs: scalar SpringMotion %.1f ns, point %.1f ns, rect %.1f ns, SIMD16 %.1f ns, point decay %.1f ns, point ease-in-out %.1f ns, point retarget + evaluate %.1f ns per frame (irregular frames %.1f ns); reorder frame of %d rows %.1f µs\nvalue springs in an array of 1,000: point %.1f ns, rect %.1f ns, point retarget + evaluate %.1f ns per animation",
      scalarTime.0, pointTime.0, rectTime.0, wideTime.0, decayTime.0, easedTime.0, retargetTime.0, irregularTime.0, rows, perFrame.0 / 1000,
      pointArray.0, rectArray.0, retargetArray.0)
  }
}
