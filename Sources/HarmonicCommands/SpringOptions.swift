import ArgumentParser
import Harmonic

/// The spring every command takes, as command-line options; parsed by
/// ``SpringParameters``.
struct SpringOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Mass m, mass units (with --stiffness/--damping, --response or --duration).", transform: decimal)
  var mass: Double?
  @Option(parsing: .unconditional, help: "Stiffness k, mass/s².", transform: decimal)
  var stiffness: Double?
  @Option(parsing: .unconditional, help: "Damping coefficient c, mass/s (not the damping ratio).", transform: decimal)
  var damping: Double?
  @Option(parsing: .unconditional, help: "Response: the undamped period 2π/ω₀, seconds.", transform: decimal)
  var response: Double?
  @Option(name: .customLong("damping-ratio"), parsing: .unconditional, help: "Damping ratio ζ ≥ 0 (1 = critical).", transform: decimal)
  var dampingRatio: Double?
  @Option(parsing: .unconditional, help: "Perceptual duration (= response), seconds.", transform: decimal)
  var duration: Double?
  @Option(parsing: .unconditional, help: "Bounce in (-1, 1]: ζ = 1 − bounce, or 1/(1 + bounce) when negative.", transform: decimal)
  var bounce: Double?
  @Option(
    name: .customLong("settling-duration"), parsing: .unconditional,
    help: "Seconds until rest within 0.001 of the distance (with --damping-ratio: UIKit's withDuration:usingSpringWithDamping:).",
    transform: decimal)
  var settlingDuration: Double?
  @Option(parsing: .unconditional, help: "Origami tension.", transform: decimal)
  var tension: Double?
  @Option(parsing: .unconditional, help: "Origami friction.", transform: decimal)
  var friction: Double?
  @Option(parsing: .unconditional, help: "POP bounciness.", transform: decimal)
  var bounciness: Double?
  @Option(parsing: .unconditional, help: "POP speed.", transform: decimal)
  var speed: Double?
  @Option(help: "A named spring: smooth, snappy, bouncy, core-animation, pop, android.")
  var preset: String?

  var parameters: SpringParameters {
    let pairs: [(String, Double?)] = [
      ("mass", mass), ("stiffness", stiffness), ("damping", damping), ("response", response), ("dampingRatio", dampingRatio),
      ("duration", duration), ("bounce", bounce), ("settlingDuration", settlingDuration), ("tension", tension), ("friction", friction),
      ("bounciness", bounciness), ("speed", speed),
    ]
    var numbers: [String: Double] = [:]
    for case let (name, value?) in pairs { numbers[name] = value }
    return SpringParameters(numbers: numbers, preset: preset)
  }
}

/// Start, target and initial velocity of a motion, as command-line options.
struct MotionOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Start value, units.", transform: decimal)
  var from: Double = 0
  @Option(parsing: .unconditional, help: "Target value, units.", transform: decimal)
  var to: Double = 1
  @Option(name: .customLong("initial-velocity"), parsing: .unconditional, help: "Initial velocity, units per second.", transform: decimal)
  var initialVelocity: Double?
  @Option(
    name: .customLong("relative-velocity"), parsing: .unconditional,
    help: "Initial velocity in UIKit's relative convention (1 = the whole distance per second).", transform: decimal)
  var relativeVelocity: Double?

  var parameters: MotionParameters {
    MotionParameters(from: from, to: to, initialVelocity: initialVelocity, relativeVelocity: relativeVelocity)
  }
}

/// A number option's text read as a decimal (`12`, `-0.5`, `3e-2`, `inf`),
/// exactly, as queries, lists and CSV are: no hexadecimal, no `nan`, no
/// trailing text. A refusal is the argument parser's error, which names the
/// option.
func decimal(_ text: String) throws -> Double {
  guard let value = DecimalNumber.parse(text) else { throw ValidationError("'\(text)' is not a decimal number") }
  return value
}
