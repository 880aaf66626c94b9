import Harmonic

/// Turning a spring into what other animation systems take: a CSS
/// `linear()` easing with a duration, or sampled keyframes.
///
/// Both describe the normalized step from 0 to 1 (from rest, or with a
/// relative initial velocity) up to its exact settle time for `tolerance`;
/// they end exactly at 1. The reported `maxError` is measured against the
/// closed form on a grid 16 times finer than the one the points were chosen
/// on, and includes the rounding of printed values.
public enum SpringExport {
  /// A CSS `linear()` easing.
  public struct CSSEasing: Sendable {
    /// The easing function, e.g. `linear(0, 0.2345 4.5%, …, 1)`.
    public let easing: String
    /// The animation duration, seconds (the exact settle time).
    public let duration: Double
    /// Number of stops, end points included.
    public let stopCount: Int
    /// Largest |curve − export| found, in progress units.
    public let maxError: Double

    /// `animation-timing-function` and `animation-duration` declarations
    /// (the duration in whole milliseconds, rounded up; in exponent form
    /// from 1e15 ms on, which CSS numbers allow).
    public var declarations: String {
      // A spring of response 1e17 s settles after ~1e20 ms: converting that
      // to Int trapped (found by the fuzzer, through `harmonic export`).
      let milliseconds = (duration * 1000).rounded(.up)
      let shown = milliseconds < 1e15 ? String(Int(milliseconds)) : "\(milliseconds)"
      return "animation-timing-function: \(easing);\nanimation-duration: \(shown)ms;"
    }
  }

  /// Keyframes sampled at a frame rate.
  public struct Keyframes: Sendable {
    public let framesPerSecond: Int
    public let duration: Double
    /// Key times as fractions of the duration, 0…1.
    public let keyTimes: [Double]
    /// Values at those times (progress, 0 → 1).
    public let values: [Double]
    /// Largest |curve − linear interpolation of the keyframes|.
    public let maxError: Double
  }

  static func step(_ spring: Spring, relativeVelocity: Double) throws(HarmonicError) -> (SpringMotion, Double) {
    let motion = try SpringMotion(spring: spring, from: 0, to: 1, initialVelocity: relativeVelocity)
    return (motion, motion.endTime(within: Spring.settlingTolerance))
  }

  /// The fewest stops (chosen greedily: each segment reaches as far as the
  /// tolerance allows) of a piecewise-linear easing within `tolerance`.
  ///
  /// - Parameters:
  ///   - spring: the spring, as a unit step 0 → 1 from rest (or with `relativeVelocity`).
  ///   - tolerance: largest error in progress units, within [1e-6, 0.1]. Default 0.001.
  ///   - relativeVelocity: initial velocity in distances per second. Default 0.
  /// - Throws: `HarmonicError/invalidParameter(name:value:accepted:)` for a
  ///   tolerance out of range or a spring that never settles.
  public static func css(_ spring: Spring, tolerance: Double = 0.001, relativeVelocity: Double = 0) throws(HarmonicError) -> CSSEasing {
    guard tolerance >= 1e-6, tolerance <= 0.1 else {
      throw .invalidParameter(name: "tolerance", value: tolerance, accepted: "within [1e-6, 0.1]")
    }
    let (motion, duration) = try step(spring, relativeVelocity: relativeVelocity)
    guard duration.isFinite, duration > 0 else {
      throw .invalidParameter(name: "spring", value: spring.dampingRatio, accepted: "a damped spring (it must settle to be exported)")
    }
    let grid = 4_000
    let values = (0...grid).map { i in motion._state(atSeconds: duration * Double(i) / Double(grid)).value }
    var ends = values
    ends[grid] = 1
    // Printed values carry 6 decimals (error ≤ 5e-7); leave the rest of the budget to the chords.
    let budget = tolerance - 1e-6
    var stops = [0]
    var i = 0
    while i < grid {
      var j = i + 1
      while j < grid, _chordFits(ends, from: i, to: j + 1, budget: budget) { j += 1 }
      stops.append(j)
      i = j
    }
    func format(_ x: Double, _ decimals: Int) -> String {
      var text = String(format: "%.\(decimals)f", x)
      // Trailing zeros of the fraction only (one byte scan, not a search per character).
      if text.utf8.contains(UInt8(ascii: ".")) {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
      }
      return text == "-0" ? "0" : text
    }
    var parts: [String] = []
    var printedTimes: [Double] = [], printedValues: [Double] = []
    for (index, stop) in stops.enumerated() {
      let fraction = Double(stop) / Double(grid)
      let value = index == 0 ? 0 : (stop == grid ? 1 : ends[stop])
      let valueText = format(value, 6)
      if index == 0 || index == stops.count - 1 {
        parts.append(valueText)
      } else {
        parts.append("\(valueText) \(format(fraction * 100, 4))%")
      }
      printedTimes.append(Double(format(fraction * 100, 4))! / 100)
      printedValues.append(Double(valueText)!)
    }
    let error = _maxError(motion, duration: duration, times: printedTimes, values: printedValues)
    return CSSEasing(easing: "linear(\(parts.joined(separator: ", ")))", duration: duration, stopCount: stops.count, maxError: error)
  }

  /// Most keyframes ``keyframes(_:framesPerSecond:relativeVelocity:)`` writes
  /// (about 28 minutes at 60 fps).
  public static let maximumKeyframes = 100_000

  /// Keyframes at `framesPerSecond` up to the exact settle time, the last one at 1.
  ///
  /// - Throws: `HarmonicError/invalidParameter(name:value:accepted:)` for an
  ///   fps outside 1...1000, or a spring that does not settle within
  ///   ``maximumKeyframes`` frames.
  public static func keyframes(_ spring: Spring, framesPerSecond: Int, relativeVelocity: Double = 0) throws(HarmonicError) -> Keyframes {
    guard (1...1000).contains(framesPerSecond) else {
      throw .invalidParameter(name: "fps", value: Double(framesPerSecond), accepted: "within 1...1000 frames per second")
    }
    let (motion, settle) = try step(spring, relativeVelocity: relativeVelocity)
    guard settle.isFinite else {
      throw .invalidParameter(name: "spring", value: spring.dampingRatio, accepted: "a damped spring (it must settle to be exported)")
    }
    let frameCount = (settle * Double(framesPerSecond)).rounded(.up)
    guard frameCount <= Double(SpringExport.maximumKeyframes) else {
      throw .invalidParameter(
        name: "spring", value: settle,
        accepted: "a spring that settles within \(SpringExport.maximumKeyframes) frames (here \(settle) s at \(framesPerSecond) fps)")
    }
    let frames = max(1, Int(frameCount))
    let duration = Double(frames) / Double(framesPerSecond)
    var times: [Double] = [], values: [Double] = []
    for k in 0...frames {
      times.append(Double(k) / Double(frames))
      values.append(k == frames ? 1 : motion._state(atSeconds: Double(k) / Double(framesPerSecond)).value)
    }
    let error = _maxError(motion, duration: duration, times: times, values: values)
    return Keyframes(framesPerSecond: framesPerSecond, duration: duration, keyTimes: times, values: values, maxError: error)
  }

  static func _chordFits(_ values: [Double], from i: Int, to j: Int, budget: Double) -> Bool {
    let (a, b) = (values[i], values[j])
    for k in (i + 1)..<j {
      let line = a + (b - a) * Double(k - i) / Double(j - i)
      if (line - values[k]).magnitude > budget { return false }
    }
    return true
  }

  /// max |curve(t) − piecewise-linear(t)| on a fine grid.
  static func _maxError(_ motion: SpringMotion, duration: Double, times: [Double], values: [Double]) -> Double {
    let checks = 64_000
    var segment = 0
    var worst = 0.0
    for i in 0...checks {
      let fraction = Double(i) / Double(checks)
      while segment + 1 < times.count - 1, times[segment + 1] < fraction { segment += 1 }
      let (t0, t1) = (times[segment], times[segment + 1])
      let w = t1 > t0 ? (fraction - t0) / (t1 - t0) : 0
      let export = values[segment] + (values[segment + 1] - values[segment]) * min(max(w, 0), 1)
      let exact = i == checks ? 1 : motion._state(atSeconds: duration * fraction).value
      worst = max(worst, (exact - export).magnitude)
    }
    return worst
  }
}
