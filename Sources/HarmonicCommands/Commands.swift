import ArgumentParser
import Foundation
import Harmonic

// `describe`, `sample` and `settle`: each a function from typed input to a
// `Codable` output (what `--json` prints and the tuning page's API answers),
// and the command line's options and table around it.

/// The input of `describe`: a spring.
package struct DescribeInput: Sendable, Hashable {
  package var spring: SpringParameters

  /// A spring in every parameterization. Read-backs outside the range their
  /// tools take (Origami's tension and friction, POP's speed are never
  /// negative there) are nil with a note, so that nothing written is a
  /// number that cannot be fed back. O(1).
  package func run() throws(CommandError) -> DescribeOutput {
    let spring = try spring.spring()
    var notes: [String] = []
    var output = DescribeOutput(
      mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, dampingRatio: spring.dampingRatio, response: finite(spring.response),
      duration: finite(spring.duration), bounce: spring.bounce, naturalFrequency: spring.naturalFrequency, dampedPeriod: finite(spring.dampedPeriod),
      overshoot: spring.overshoot, settlingDuration: finite(spring.settlingDuration), origamiTension: spring.origamiTension,
      origamiFriction: spring.origamiFriction, popBounciness: spring.popBounciness, popSpeed: spring.popSpeed, notes: [])
    if spring.origamiTension < 0 || spring.origamiFriction < 0 {
      notes.append(
        "origamiTension/origamiFriction: no Origami equivalent (tension \(spring.origamiTension), friction \(spring.origamiFriction); Origami takes values ≥ 0)"
      )
      (output.origamiTension, output.origamiFriction) = (nil, nil)
    }
    if spring.popSpeed < 0 || spring.popBounciness == nil {
      notes.append(
        "popBounciness/popSpeed: no POP equivalent (speed \(spring.popSpeed)\(spring.popBounciness == nil ? ", no bounciness reproduces this damping" : ""); POP takes values ≥ 0)"
      )
      (output.popBounciness, output.popSpeed) = (nil, nil)
    }
    output.notes = notes
    return output
  }
}

/// A spring in every parameterization (nil: undefined, or no equivalent).
package struct DescribeOutput: Codable, Sendable, Hashable {
  package var mass: Double
  package var stiffness: Double
  package var damping: Double
  package var dampingRatio: Double
  @OrNull package var response: Double?
  @OrNull package var duration: Double?
  package var bounce: Double
  package var naturalFrequency: Double
  @OrNull package var dampedPeriod: Double?
  package var overshoot: Double
  @OrNull package var settlingDuration: Double?
  @OrNull package var origamiTension: Double?
  @OrNull package var origamiFriction: Double?
  @OrNull package var popBounciness: Double?
  @OrNull package var popSpeed: Double?
  package var notes: [String]

  /// (name, value, unit) in the order people read them.
  var rows: [(String, Double?, String)] {
    [
      ("mass", mass, "mass units"), ("stiffness", stiffness, "mass/s²"), ("damping", damping, "mass/s"), ("dampingRatio", dampingRatio, ""),
      ("response", response, "s"), ("duration", duration, "s"), ("bounce", bounce, ""), ("naturalFrequency", naturalFrequency, "rad/s"),
      ("dampedPeriod", dampedPeriod, "s"), ("overshoot", overshoot, "fraction of the step"),
      ("settlingDuration", settlingDuration, "s, |x − 1| ≤ 0.001 from a unit step"), ("origamiTension", origamiTension, ""),
      ("origamiFriction", origamiFriction, ""), ("popBounciness", popBounciness, ""), ("popSpeed", popSpeed, ""),
    ]
  }
}

/// The input of `sample`: a spring motion and the times to read it at.
package struct SampleInput: Sendable, Hashable {
  package var spring: SpringParameters
  package var motion = MotionParameters()
  /// Seconds, each within [0, 1e12].
  package var times: [Double]

  /// Value and velocity at each time, in closed form. O(times).
  package func run() throws(CommandError) -> SampleOutput {
    let motion = try motion.motion(try spring.spring())
    var samples: [SampleOutput.Sample] = []
    samples.reserveCapacity(times.count)
    for time in times {
      let state = try checked("times") { () throws(HarmonicError) in try motion._checkedState(atSeconds: time) }
      samples.append(SampleOutput.Sample(time: time, value: state.value, velocity: state.velocity))
    }
    return SampleOutput(samples: samples)
  }
}

/// Samples of a motion or a deceleration.
package struct SampleOutput: Codable, Sendable, Hashable {
  package struct Sample: Codable, Sendable, Hashable {
    /// Seconds.
    package var time: Double
    /// Units.
    package var value: Double
    /// Units per second.
    package var velocity: Double
  }
  package var samples: [Sample]

  func table(value: String, velocity: String) -> String {
    Table.render(header: ["time (s)", value, velocity], rows: samples.map { [Table.number($0.time), Table.number($0.value), Table.number($0.velocity)] })
  }
}

/// The input of `settle`: a motion and its tolerances.
package struct SettleInput: Sendable, Hashable {
  package var spring: SpringParameters
  package var motion = MotionParameters()
  /// Largest |x − to| at rest, units.
  package var valueTolerance = 0.001
  /// Largest |v| at rest, units per second (+∞ ignores velocity).
  package var velocityTolerance = Double.infinity

  /// The exact settle time (nil: never, for an undamped spring). O(1).
  package func run() throws(CommandError) -> SettleOutput {
    let motion = try motion.motion(try spring.spring())
    let tolerance = try checked(nil) { () throws(HarmonicError) in try SettleTolerance(value: valueTolerance, velocity: velocityTolerance) }
    return SettleOutput(settleTime: finite(motion.endTime(within: tolerance)))
  }
}

/// The smallest T such that the motion stays within its tolerances after T seconds; nil when it never does.
package struct SettleOutput: Codable, Sendable, Hashable {
  @OrNull package var settleTime: Double?
}

struct Describe: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print a spring in every parameterization, with its derived figures."
  )

  @OptionGroup var springOptions: SpringOptions
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    let output = try DescribeInput(spring: springOptions.parameters).run()
    if json { return emit(try CommandJSON.string(output)) }
    emit(Table.render(header: ["quantity", "value", "unit"], rows: output.rows.map { [$0.0, Table.number($0.1), $0.2] }))
    for note in output.notes { emit("note: \(note)") }
  }
}

struct Sample: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Value and velocity of a spring motion at given times, in closed form."
  )

  @OptionGroup var springOptions: SpringOptions
  @OptionGroup var motionOptions: MotionOptions
  @Option(parsing: .unconditional, help: "Comma-separated times in seconds, each within [0, 1e12].")
  var times: String
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    let input = SampleInput(spring: springOptions.parameters, motion: motionOptions.parameters, times: try parseList(times, parameter: "times"))
    let output = try input.run()
    emit(json ? try CommandJSON.string(output) : output.table(value: "value", velocity: "velocity (units/s)"))
  }
}

struct Settle: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The exact time after which a motion stays within its tolerances.",
    discussion:
      "The smallest T such that for every t ≥ T, |x − to| ≤ value tolerance and |v| ≤ velocity tolerance. 'never' (JSON null) only for an undamped spring whose amplitude exceeds the tolerance."
  )

  @OptionGroup var springOptions: SpringOptions
  @OptionGroup var motionOptions: MotionOptions
  @Option(name: .customLong("value-tolerance"), parsing: .unconditional, help: "Largest |x − to| at rest, units.", transform: decimal)
  var valueTolerance: Double = 0.001
  @Option(name: .customLong("velocity-tolerance"), parsing: .unconditional, help: "Largest |v| at rest, units/s ('inf' ignores velocity).", transform: decimal)
  var velocityTolerance: Double = .infinity
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    let input = SettleInput(
      spring: springOptions.parameters, motion: motionOptions.parameters, valueTolerance: valueTolerance, velocityTolerance: velocityTolerance)
    let output = try input.run()
    if json { return emit(try CommandJSON.string(output)) }
    emit(output.settleTime.map { "settles after \($0) s" } ?? "never settles")
  }
}

/// "1,2.5,3e-2" → numbers: decimal only, the bad element named.
func parseList(_ text: String, parameter: String) throws(CommandError) -> [Double] {
  var values: [Double] = []
  for part in text.split(separator: ",", omittingEmptySubsequences: false) {
    guard let value = DecimalNumber.parse(part) else {
      throw CommandError(parameter, "`\(parameter)`: \(CommandError.literal(part.trimmingCharacters(in: .whitespaces))) is not a decimal number")
    }
    values.append(value)
  }
  return values
}
