import Harmonic

// One spring at a time: the closed form's cost per state, and an exact settle time.
extension Suite {
  func singleSpring() throws -> String {
    let motion = try SpringMotion(spring: .bouncy, from: 0, to: 100, initialVelocity: 300)
    let count = quick ? 1_000_000 : 10_000_000
    let time = measure {
      var sum = 0.0  // one blackHole per loop, not per state: a call per iteration would be measured too
      for i in 0..<count {
        sum += motion.state(at: AnimationTime(ticks: Int64(i % 1_000) * 705_600)).value
      }
      blackHole(sum)
    }
    let tolerance = try SettleTolerance(value: 0.5, velocity: 5)
    let settle = measure { blackHole(motion.settleTime(tolerance: tolerance)) }
    return String(format: "single spring: %.1f ns per state (value + velocity); exact settle time %.2f µs",
                  time.median / Double(count), settle.median / 1000)
  }
}
