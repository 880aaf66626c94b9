import ArgumentParser
import Harmonic

struct Describe: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print a spring in every parameterization, with its derived figures."
  )

  @OptionGroup var springOptions: SpringOptions
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    let spring = try springOptions.spring()
    // Read-backs outside the range their tools take (Origami's tension and
    // friction, POP's speed are never negative there) are printed as null with
    // a note, so that nothing printed is a number that cannot be fed back.
    var notes: [String] = []
    var origami: (tension: Double?, friction: Double?) = (spring.origamiTension, spring.origamiFriction)
    if spring.origamiTension < 0 || spring.origamiFriction < 0 {
      notes.append(
        "origamiTension/origamiFriction: no Origami equivalent (tension \(spring.origamiTension), friction \(spring.origamiFriction); Origami takes values ≥ 0)"
      )
      origami = (nil, nil)
    }
    var pop: (bounciness: Double?, speed: Double?) = (spring.popBounciness, spring.popSpeed)
    if spring.popSpeed < 0 || spring.popBounciness == nil {
      notes.append(
        "popBounciness/popSpeed: no POP equivalent (speed \(spring.popSpeed)\(spring.popBounciness == nil ? ", no bounciness reproduces this damping" : ""); POP takes values ≥ 0)"
      )
      pop = (nil, nil)
    }
    let rows: [(String, Double?, String)] = [
      ("mass", spring.mass, "mass units"),
      ("stiffness", spring.stiffness, "mass/s²"),
      ("damping", spring.damping, "mass/s"),
      ("dampingRatio", spring.dampingRatio, ""),
      ("response", spring.response, "s"),
      ("duration", spring.duration, "s"),
      ("bounce", spring.bounce, ""),
      ("naturalFrequency", spring.naturalFrequency, "rad/s"),
      ("dampedPeriod", spring.dampedPeriod, "s"),
      ("overshoot", spring.overshoot, "fraction of the step"),
      ("settlingDuration", spring.settlingDuration, "s, |x − 1| ≤ 0.001 from a unit step"),
      ("origamiTension", origami.tension, ""),
      ("origamiFriction", origami.friction, ""),
      ("popBounciness", pop.bounciness, ""),
      ("popSpeed", pop.speed, ""),
    ]
    if json {
      emit(JSON.object(rows.map { ($0.0, JSON.number($0.1)) } + [("notes", JSON.array(notes.map(JSON.string)))]))
    } else {
      emit(Table.render(header: ["quantity", "value", "unit"], rows: rows.map { [$0.0, Table.number($0.1), $0.2] }))
      for note in notes { emit("note: \(note)") }
    }
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
    let motion = try motionOptions.motion(try springOptions.spring())
    let times = try parseList(times, option: "--times")
    let states = try times.map { time throws(HarmonicError) in try motion.state(atTime: time) }
    if json {
      let samples = zip(times, states).map { time, state in
        JSON.object([("time", JSON.number(time)), ("value", JSON.number(state.value)), ("velocity", JSON.number(state.velocity))])
      }
      emit(JSON.object([("samples", JSON.array(samples))]))
    } else {
      let rows = zip(times, states).map { [Table.number($0), Table.number($1.value), Table.number($1.velocity)] }
      emit(Table.render(header: ["time (s)", "value", "velocity (units/s)"], rows: rows))
    }
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
  @Option(name: .customLong("value-tolerance"), parsing: .unconditional, help: "Largest |x − to| at rest, units.")
  var valueTolerance: Double = 0.001
  @Option(name: .customLong("velocity-tolerance"), parsing: .unconditional, help: "Largest |v| at rest, units/s ('inf' ignores velocity).")
  var velocityTolerance: Double = .infinity
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    let motion = try motionOptions.motion(try springOptions.spring())
    let tolerance = try SettleTolerance(value: valueTolerance, velocity: velocityTolerance)
    let time = motion.settleTime(tolerance: tolerance)
    if json {
      emit(JSON.object([("settleTime", JSON.number(time))]))
    } else {
      emit(time.isFinite ? "settles after \(time) s" : "never settles")
    }
  }
}

/// Parses "1,2.5,3e-2" into numbers, naming the option and the bad element.
func parseList(_ text: String, option: String) throws -> [Double] {
  let parts = text.split(separator: ",", omittingEmptySubsequences: false)
  return try parts.map { part in
    let trimmed = part.trimmingCharacters(in: .whitespaces)
    guard let value = DecimalNumber.parse(trimmed) else {
      throw ValidationError("\(option): '\(trimmed)' is not a number")
    }
    return value
  }
}
