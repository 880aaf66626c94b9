import ArgumentParser
import Foundation
import Harmonic

/// Long runs: the exact propagator against the closed form over many steps,
/// and memory over many frames. Exits non-zero when a bound is broken.
@main
struct Soak: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Long-run checks: propagator drift over many steps, memory over many frames.")

  @Option(help: "Exact-propagator steps (default 100,000,000).") var steps: Int = 100_000_000
  @Option(help: "Frames of the memory run (default 200,000).") var frames: Int = 200_000

  func run() throws {
    // 1. Drift, one step = 1/120 s. UI springs (ζ ≥ 0.05) must stay within
    //    1e-9 of scale of the closed form. Undamped and ζ ≤ 1e-6 springs keep
    //    their amplitude for the whole run; against the closed form they are
    //    reported, not bounded, because the closed form's own phase ω·t is
    //    rounded (≈ ε·ω·t, 5e-10 at 8e5 s). The undamped spring (ω = √k) is
    //    also checked against a reference whose phase ω·n/120 is formed
    //    exactly as a double-double: that drift is the propagator's own, and
    //    it must stay within 1e-9 too.
    let springs = [
      Spring.bouncy, .snappy, try Spring(response: 0.3, dampingRatio: 0.05), try Spring(response: 1, dampingRatio: 1.5),
      try Spring(mass: 1, stiffness: 39.47841760435743, damping: 0), try Spring(response: 0.5, dampingRatio: 1e-7),
      try Spring(response: 2, dampingRatio: 1e-6),
    ]
    let bounded = 4  // the first four items are the UI springs
    let items = springs.count, channels = 2
    let start = [Double](repeating: 0, count: items * channels)
    let target = (0..<(items * channels)).map { Double($0 % 3 + 1) * 100 }
    let velocity = (0..<(items * channels)).map { Double($0 % 2) * 250 }
    let batch = try SpringBatch(
      itemCount: items, channelCount: channels, from: start, to: target, velocity: velocity,
      springs: .perItem(springs))
    let step = try AnimationTime(frame: 1, framesPerSecond: 120)
    var stepper = try batch.makeStepper(step: step)
    var stepped = [Double](repeating: 0, count: items * channels)
    var frame = batch.makeFrame(velocities: false)
    var worst = 0.0, worstUndamped = 0.0, worstExactPhase = 0.0
    let undampedItem = 4, omega = springs[undampedItem].stiffness.squareRoot()
    var nonFinite = 0
    let checkpoints = Set([10, 30, 60, 120, 1_000, 1_000_000, 10_000_000, steps].filter { $0 <= steps })
    let began = Date()
    for n in 1...steps {
      stepper.advance(threads: 1)
      if checkpoints.contains(n) || n % 5_000_000 == 0 || n < 240 {
        try stepper.values(into: &stepped)
        try batch.evaluate(at: stepper.time, into: &frame, threads: 1)
        var drift = 0.0, undampedDrift = 0.0, exactPhaseDrift = 0.0
        for e in 0..<stepped.count {
          if !stepped[e].isFinite { nonFinite += 1 }
          // Scale: the distance to travel plus the velocity over ω₀.
          let scale = (start[e] - target[e]).magnitude + velocity[e].magnitude / batch.spring(ofItem: e % items).naturalFrequency
          let d = (stepped[e] - frame.values[e]).magnitude / scale
          if e % items < bounded { drift = max(drift, d) } else { undampedDrift = max(undampedDrift, d) }
          if e % items == undampedItem {
            let reference = target[e] + Soak.undamped(u0: start[e] - target[e], v0: velocity[e], omega: omega, steps: n, perSecond: 120)
            exactPhaseDrift = max(exactPhaseDrift, (stepped[e] - reference).magnitude / scale)
          }
        }
        worst = max(worst, drift)
        worstUndamped = max(worstUndamped, undampedDrift)
        worstExactPhase = max(worstExactPhase, exactPhaseDrift)
        if checkpoints.contains(n) {
          print(
            String(
              format: "after %11d steps (%.3g s of motion): drift %.3e of scale (UI springs), %.3e (undamped, vs closed form), %.3e (undamped, vs exact phase)",
              n, Double(n) / 120, drift, undampedDrift, exactPhaseDrift))
        }
      }
    }
    print(
      String(
        format:
          "propagator: %d steps in %.1f s, worst drift %.3e of scale (UI springs), %.3e (undamped vs exact phase), %.3e (ζ ≤ 1e-6 vs closed form), non-finite values: %d",
        steps, Date().timeIntervalSince(began), worst, worstExactPhase, worstUndamped, nonFinite))

    // 2. Memory: frames of a 10k-item batch, resident size before and after.
    let big = try SpringBatch(
      itemCount: 10_000, channelCount: 11, from: [Double](repeating: 1, count: 110_000),
      to: (0..<110_000).map { Double($0 % 97) }, springs: .shared(.snappy))
    var bigFrame = big.makeFrame()
    try big.evaluate(at: .zero, into: &bigFrame)
    let before = Soak.residentBytes()
    for n in 0..<frames {
      try big.evaluate(at: AnimationTime(ticks: Int64(n) * 5_880_000), into: &bigFrame, threads: 1)
    }
    let after = Soak.residentBytes()
    print("memory: \(frames) frames of 10,000 × 11 elements, resident \(before / 1024) KiB before, \(after / 1024) KiB after")
    if worst > 1e-9 || worstExactPhase > 1e-9 || nonFinite > 0 || after > before + 1_048_576 {
      FileHandle.standardError.write(
        Data("soak: bound broken (drift \(worst), undamped \(worstExactPhase), non-finite \(nonFinite), memory \(before) → \(after))\n".utf8))
      throw ExitCode(1)
    }
  }

  /// u(t) = u₀·cos ωt + (v₀/ω)·sin ωt at t = steps/perSecond, with the phase
  /// θ = ω·steps/perSecond carried as θ₀ + θ₁ (Dekker's exact product, one
  /// corrected division) and cos(θ₀ + θ₁) ≈ cos θ₀ − θ₁·sin θ₀: the reference's
  /// error stays near ε instead of growing with ε·θ.
  static func undamped(u0: Double, v0: Double, omega: Double, steps: Int, perSecond: Int) -> Double {
    let (p, pError) = twoProduct(omega, Double(steps))
    let divisor = Double(perSecond)
    let theta0 = p / divisor
    let (back, backError) = twoProduct(theta0, divisor)
    let theta1 = (((p - back) - backError) + pError) / divisor
    let (s, c) = (sin(theta0), cos(theta0))
    return u0 * (c - theta1 * s) + (v0 / omega) * (s + theta1 * c)
  }

  /// a·b = p + e exactly (Dekker 1971, Veltkamp splitting).
  static func twoProduct(_ a: Double, _ b: Double) -> (Double, Double) {
    func split(_ x: Double) -> (Double, Double) {
      let t = 134_217_729.0 * x
      let high = t - (t - x)
      return (high, x - high)
    }
    let p = a * b
    let (aHigh, aLow) = split(a), (bHigh, bLow) = split(b)
    return (p, ((aHigh * bHigh - p) + aHigh * bLow + aLow * bHigh) + aLow * bLow)
  }

  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * 4096 : 0
  }
}
