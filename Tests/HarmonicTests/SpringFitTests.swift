import Foundation
import Harmonic
import HarmonicTuning
import Testing

@Suite("Fitting springs")
struct SpringFitTests {
  func samples(_ spring: Spring, from: Double = 0, to: Double = 1, velocity: Double = 0, count: Int = 120, duration: Double = 2) throws -> [SpringFit.Sample] {
    let motion = try SpringMotion(spring: spring, from: from, to: to, initialVelocity: velocity)
    return try (0..<count).map { i in
      let t = duration * Double(i) / Double(count - 1)
      return SpringFit.Sample(time: t, value: try motion._checkedState(atSeconds: t).value)
    }
  }

  func relative(_ a: Double, _ b: Double) -> Double { (a - b).magnitude / max(a.magnitude, b.magnitude) }

  @Test("recovers a known spring from its own exact samples to 1e-8", arguments: [0.15, 0.5, 0.9, 1.0, 1.3, 4.0])
  func exactRecovery(ratio: Double) throws {
    let truth = try Spring(response: 0.45, dampingRatio: ratio)
    let result = try SpringFit.fit(samples: samples(truth, from: 20, to: 320), from: 20, to: 320)
    #expect(relative(result.spring.stiffness, truth.stiffness) <= 1e-8, "k \(result.spring.stiffness) vs \(truth.stiffness)")
    #expect(relative(result.spring.damping, truth.damping) <= 1e-8, "c \(result.spring.damping) vs \(truth.damping)")
    #expect(result.rms < 1e-9 * 300)
  }

  @Test(
    "a recording cut off before it settles: target, start, k and c recovered to 1e-6 without --to",
    arguments: [0, 3.5])
  func truncatedRecording(velocity: Double) throws {
    // 0.25 s at 240 Hz of a motion from 10 towards 110 that settles after ~0.6 s.
    let truth = try Spring(mass: 1, stiffness: 300, damping: 20)
    let data = try samples(truth, from: 10, to: 110, velocity: velocity, count: 61, duration: 0.25)
    #expect(truth.settlingDuration > 0.5)
    // The old default took the last sample (≈ 104.6) as the target: a wrong spring.
    let lastAsTarget = try SpringFit.fit(samples: data, from: 10, to: data[data.count - 1].value, initialVelocity: velocity)
    #expect(relative(lastAsTarget.spring.stiffness, 300) > 0.01)
    let result = try SpringFit.fit(samples: data, initialVelocity: velocity == 0 ? 0 : nil)
    #expect(relative(result.spring.stiffness, 300) <= 1e-6, "k \(result.spring.stiffness)")
    #expect(relative(result.spring.damping, 20) <= 1e-6, "c \(result.spring.damping)")
    #expect(relative(result.target, 110) <= 1e-6, "target \(result.target)")
    #expect(relative(result.start, 10) <= 1e-6, "start \(result.start)")
    #expect((result.initialVelocity - velocity).magnitude <= 1e-5)
    #expect(result.termination != .iterationLimit)
    print(
      "truncated recording (v₀ = \(velocity)): k \(result.spring.stiffness), c \(result.spring.damping), target \(result.target), "
        + "start \(result.start), \(result.iterations) iterations, \(result.termination); last sample as target: k \(lastAsTarget.spring.stiffness), c \(lastAsTarget.spring.damping)"
    )
  }

  @Test("noisy truncated recording: the fitted target is within its noise")
  func noisyTruncated() throws {
    let truth = try Spring(mass: 1, stiffness: 300, damping: 20)
    var random = SeededGenerator(seed: 7)
    let data = try samples(truth, from: 10, to: 110, count: 61, duration: 0.3).map {
      SpringFit.Sample(time: $0.time, value: $0.value + 0.05 * Double.random(in: -1...1, using: &random))
    }
    let result = try SpringFit.fit(samples: data)
    #expect((result.target - 110).magnitude < 0.5, "target \(result.target)")
    #expect(relative(result.spring.stiffness, 300) < 0.02 && relative(result.spring.damping, 20) < 0.05)
    #expect(result.rms < 0.05)
  }

  @Test("fitting more parameters needs more samples than parameters")
  func tooFewForFreeEnds() throws {
    let data = try samples(try Spring(mass: 1, stiffness: 300, damping: 20), count: 5, duration: 0.2)
    #expect(throws: HarmonicError.invalidParameter(name: "samples.count", value: 5, accepted: "≥ 6 (more than the 5 parameters to fit)")) {
      try SpringFit.fit(samples: data, initialVelocity: nil)
    }
    _ = try SpringFit.fit(samples: data, from: 0, to: 1, initialVelocity: nil)
  }

  @Test("recovers the initial velocity when asked to fit it")
  func velocityRecovery() throws {
    let truth = try Spring(response: 0.6, dampingRatio: 0.7)
    let result = try SpringFit.fit(samples: samples(truth, velocity: 3.5), from: 0, to: 1, initialVelocity: nil)
    #expect(relative(result.spring.stiffness, truth.stiffness) <= 1e-8)
    #expect(relative(result.spring.damping, truth.damping) <= 1e-8)
    #expect((result.initialVelocity - 3.5).magnitude <= 1e-7)
  }

  @Test("noisy samples (seeded): residuals at the noise level, parameters within their standard errors")
  func noisy() throws {
    let truth = try Spring(response: 0.5, dampingRatio: 0.6)
    var random = SeededGenerator(seed: 99)
    let sigma = 0.01
    let noisy = try samples(truth, count: 300).map { sample -> SpringFit.Sample in
      // Box–Muller normal noise.
      let u1 = Double.random(in: Double.ulpOfOne..<1, using: &random), u2 = Double.random(in: 0..<1, using: &random)
      return SpringFit.Sample(time: sample.time, value: sample.value + sigma * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2))
    }
    let result = try SpringFit.fit(samples: noisy, from: 0, to: 1)
    #expect(result.rms > 0.8 * sigma && result.rms < 1.2 * sigma)
    #expect(relative(result.spring.stiffness, truth.stiffness) <= 4 * result.relativeStandardErrors.stiffness)
    #expect(relative(result.spring.damping, truth.damping) <= 4 * result.relativeStandardErrors.damping)
    #expect(result.relativeStandardErrors.stiffness > 0 && result.relativeStandardErrors.stiffness < 0.05)
    print(
      "noisy fit: rms \(result.rms), k \(result.spring.stiffness) ± \(100 * result.relativeStandardErrors.stiffness)% (true \(truth.stiffness)), c \(result.spring.damping) ± \(100 * result.relativeStandardErrors.damping)% (true \(truth.damping)), condition \(result.conditionNumber)"
    )
  }

  @Test("design targets are met exactly: overshoot and settle time")
  func designTargets() throws {
    let spring = try SpringFit.spring(overshoot: 0.05, settleTime: 0.4)
    #expect(relative(spring.overshoot, 0.05) <= 1e-12)
    #expect(relative(spring.settlingDuration, 0.4) <= 1e-9)
    let critical = try SpringFit.spring(overshoot: 0, settleTime: 0.3)
    #expect(critical.overshoot == 0 && relative(critical.settlingDuration, 0.3) <= 1e-9)
  }

  @Test("a cubic-bezier ease-out is matched closely; the curve evaluator is right at known points")
  func bezier() throws {
    let linear = try CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
    #expect((linear.valueOrNaN(atProgress: 0.37) - 0.37).magnitude < 1e-12)
    let ease = try CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)  // CSS `ease`
    #expect((ease.valueOrNaN(atProgress: 0.5) - 0.8024033877399112).magnitude < 1e-9)  // published value of ease at 50 %
    let result = try SpringFit.fit(bezier: 0, 0, 0.58, 1, duration: 0.5)  // ease-out
    #expect(result.maxError < 0.06 && result.rms < 0.03)
  }

  @Test("clear errors when the data cannot be fitted")
  func badInput() throws {
    let three = (0..<3).map { SpringFit.Sample(time: Double($0), value: Double($0)) }
    #expect(throws: HarmonicError.self) { try SpringFit.fit(samples: three) }
    var data = (0..<10).map { SpringFit.Sample(time: Double($0) * 0.1, value: 1 - exp(-Double($0))) }
    data[4].value = .nan
    #expect(throws: HarmonicError.self) { try SpringFit.fit(samples: data) }
    let constant = (0..<10).map { SpringFit.Sample(time: Double($0) * 0.1, value: 5) }
    #expect(throws: HarmonicError.self) { try SpringFit.fit(samples: constant) }
    let unordered = [0.0, 0.2, 0.1, 0.3].map { SpringFit.Sample(time: $0, value: $0) }
    #expect(throws: HarmonicError.self) { try SpringFit.fit(samples: unordered) }
    #expect(throws: HarmonicError.self) { try SpringFit.spring(overshoot: 1.2, settleTime: 1) }
    #expect(throws: HarmonicError.self) { try SpringFit.fit(bezier: 1.5, 0, 0.5, 1, duration: 1) }
  }
}

@Suite("Exporting and plotting springs")
struct SpringExportTests {
  @Test("CSS linear(): within the tolerance, ends at 1, lasts the exact settle time", arguments: [0.001, 0.01])
  func css(tolerance: Double) throws {
    for spring in [Spring.bouncy, .smooth, .snappy, try Spring(response: 0.6, dampingRatio: 0.3)] {
      let easing = try SpringExport.css(spring, tolerance: tolerance)
      #expect(easing.maxError <= tolerance, "\(spring): error \(easing.maxError)")
      #expect(easing.easing.hasPrefix("linear(0, ") && easing.easing.hasSuffix(", 1)"))
      #expect((easing.duration - spring.settlingDuration).magnitude <= 1e-12)
      #expect(easing.stopCount == easing.easing.split(separator: ",").count)
    }
    // A looser tolerance needs fewer stops.
    #expect(try SpringExport.css(.bouncy, tolerance: 0.01).stopCount < (try SpringExport.css(.bouncy, tolerance: 0.001).stopCount))
    // Whole milliseconds, rounded up: 819 ms for bouncy's 0.8187 s.
    let bouncy = try SpringExport.css(.bouncy)
    #expect(bouncy.declarations.hasSuffix("\nanimation-duration: \(Int((bouncy.duration * 1000).rounded(.up)))ms;"))
    #expect(bouncy.declarations.hasSuffix("animation-duration: 819ms;"))
  }

  @Test("a spring that settles after 1e20 ms prints its CSS duration in exponent form (the fuzzer: converting it to Int trapped)")
  func cssHugeDuration() throws {
    let slow = try SpringExport.css(try Spring(response: 1e17, dampingRatio: 0.7))
    let milliseconds = (slow.duration * 1000).rounded(.up)
    #expect(milliseconds > 1e19 && milliseconds.isFinite)
    #expect(slow.declarations.hasSuffix("animation-duration: \(milliseconds)ms;") && slow.declarations.contains("e+"), "\(slow.declarations)")
  }

  @Test("keyframes at 60 and 120 fps sample the exact curve and report their error")
  func keyframes() throws {
    for fps in [60, 120] {
      let frames = try SpringExport.keyframes(.bouncy, framesPerSecond: fps)
      let motion = try SpringMotion(spring: .bouncy, from: 0, to: 1)
      #expect(frames.keyTimes.first == 0 && frames.keyTimes.last == 1 && frames.values.last == 1)
      #expect(frames.values[3] == (try motion._checkedState(atSeconds: 3 / Double(fps)).value))
      #expect(frames.maxError < (fps == 60 ? 0.02 : 0.006))
    }
    #expect(try SpringExport.keyframes(.bouncy, framesPerSecond: 120).maxError < (try SpringExport.keyframes(.bouncy, framesPerSecond: 60).maxError))
    #expect(throws: HarmonicError.self) { try SpringExport.keyframes(.bouncy, framesPerSecond: 0) }
    #expect(throws: HarmonicError.self) { try SpringExport.css(try Spring(mass: 1, stiffness: 10, damping: 0)) }
  }

  @Test("the plot is an SVG with a legend entry, settle time and overshoot per spring")
  func plot() throws {
    let svg = try SpringPlot.svg([.init(label: "bouncy", spring: .bouncy), .init(label: "smooth", spring: .smooth)])
    #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
    #expect(svg.contains(">bouncy<") && svg.contains(">smooth<"))
    #expect(svg.contains("settles 0.819 s") && svg.contains("overshoot 4.6 %"))
    #expect(svg.contains("time (s)") && svg.contains("velocity (1/s)"))
    #expect(!svg.contains("nan") && !svg.contains("inf"))
    #expect(throws: HarmonicError.self) { try SpringPlot.svg([]) }
  }
}

@Suite("Cubic-bezier input")
struct CubicBezierInputTests {
  @Test("x outside [0, 1], NaN or huge y are typed errors; a NaN progress gives 0")
  func refusals() throws {
    for (x1, y1, x2, y2, name) in [(Double.nan, 0.0, 1.0, 1.0, "x1"), (5, 0, -3, 1, "x1"), (0.2, 0, 1.5, 1, "x2"), (0.2, .infinity, 0.8, 1, "y1")] {
      do {
        _ = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        Issue.record("accepted \(x1), \(y1), \(x2), \(y2)")
      } catch {
        guard case let .invalidParameter(parameter, _, _) = error else { Issue.record("\(error)"); continue }
        #expect(parameter == name)
      }
    }
    let ease = try CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    // A NaN progress is refused, naming it (7806258 took it as 0); ±∞ are before the start and after the end.
    #expect(refusal { _ = try ease.value(atProgress: .nan) }?.name == "progress")
    #expect(ease.valueOrNaN(atProgress: -.infinity) == 0 && ease.valueOrNaN(atProgress: -1) == 0 && ease.valueOrNaN(atProgress: 2) == 1)
  }
}
