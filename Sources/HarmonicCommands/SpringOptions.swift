import ArgumentParser
import Harmonic

/// The spring every command takes, in exactly one parameter family.
struct SpringOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Mass m, mass units (with --stiffness/--damping, --response or --duration).")
  var mass: Double?
  @Option(parsing: .unconditional, help: "Stiffness k, mass/s².")
  var stiffness: Double?
  @Option(parsing: .unconditional, help: "Damping coefficient c, mass/s (not the damping ratio).")
  var damping: Double?
  @Option(parsing: .unconditional, help: "Response: the undamped period 2π/ω₀, seconds.")
  var response: Double?
  @Option(name: .customLong("damping-ratio"), parsing: .unconditional, help: "Damping ratio ζ ≥ 0 (1 = critical).")
  var dampingRatio: Double?
  @Option(parsing: .unconditional, help: "Perceptual duration (= response), seconds.")
  var duration: Double?
  @Option(parsing: .unconditional, help: "Bounce in (-1, 1]: ζ = 1 − bounce, or 1/(1 + bounce) when negative.")
  var bounce: Double?
  @Option(parsing: .unconditional, help: "Origami tension.")
  var tension: Double?
  @Option(parsing: .unconditional, help: "Origami friction.")
  var friction: Double?
  @Option(parsing: .unconditional, help: "POP bounciness.")
  var bounciness: Double?
  @Option(parsing: .unconditional, help: "POP speed.")
  var speed: Double?
  @Option(help: "A named spring: smooth, snappy, bouncy, core-animation, pop, android.")
  var preset: String?

  static let presets: [String: Spring] = [
    "smooth": .smooth, "snappy": .snappy, "bouncy": .bouncy,
    "core-animation": .coreAnimationDefault, "pop": .popDefault, "android": .android(),
  ]

  private struct Family {
    let name: String
    let required: [(String, Double?)]
    let allowsMass: Bool
    /// Builds the spring from the required values (in order) and the mass.
    let make: ([Double], Double) throws -> Spring

    var names: Set<String> { Set(required.map(\.0)) }
  }

  func spring() throws -> Spring {
    let families = [
      Family(name: "--mass --stiffness --damping", required: [("--stiffness", stiffness), ("--damping", damping)], allowsMass: true) {
        try Spring(mass: $1, stiffness: $0[0], damping: $0[1])
      },
      Family(name: "--response --damping-ratio", required: [("--response", response), ("--damping-ratio", dampingRatio)], allowsMass: true) {
        try Spring(response: $0[0], dampingRatio: $0[1], mass: $1)
      },
      Family(name: "--stiffness --damping-ratio", required: [("--stiffness", stiffness), ("--damping-ratio", dampingRatio)], allowsMass: true) {
        try Spring(stiffness: $0[0], dampingRatio: $0[1], mass: $1)
      },
      Family(name: "--duration --bounce", required: [("--duration", duration), ("--bounce", bounce)], allowsMass: true) {
        try Spring(duration: $0[0], bounce: $0[1], mass: $1)
      },
      Family(name: "--tension --friction", required: [("--tension", tension), ("--friction", friction)], allowsMass: false) { values, _ in
        try Spring(origamiTension: values[0], friction: values[1])
      },
      Family(name: "--bounciness --speed", required: [("--bounciness", bounciness), ("--speed", speed)], allowsMass: false) { values, _ in
        try Spring(bounciness: values[0], speed: values[1])
      },
    ]
    let given = Set(families.flatMap(\.required).filter { $0.1 != nil }.map(\.0))
    if let preset {
      guard given.isEmpty, mass == nil else {
        throw ValidationError("--preset cannot be combined with other spring options")
      }
      guard let spring = SpringOptions.presets[preset] else {
        throw ValidationError("--preset: unknown preset '\(preset)'; known: \(SpringOptions.presets.keys.sorted().joined(separator: ", "))")
      }
      return spring
    }
    guard !given.isEmpty else {
      throw ValidationError("give one spring: \(families.map(\.name).joined(separator: "; ")); --preset NAME")
    }
    // The family whose options are exactly the ones given wins (--stiffness
    // and --damping-ratio belong to two families each); else the one family
    // that could be completed; else the given options mix families.
    let candidates = families.filter { $0.names.isSuperset(of: given) }
    guard let family = candidates.first(where: { $0.names == given }) ?? (candidates.count == 1 ? candidates[0] : nil) else {
      if candidates.isEmpty {
        let touched = families.filter { !$0.names.isDisjoint(with: given) }
        throw ValidationError(
          "\(given.sorted().joined(separator: " ")): give options of one spring family only, not \(touched.map(\.name).joined(separator: " and "))")
      }
      let completions = candidates.map { $0.required.map(\.0).filter { !given.contains($0) }.joined(separator: " ") }
      throw ValidationError("\(given.sorted().joined(separator: " ")) needs one more option: \(completions.joined(separator: " or "))")
    }
    if let missing = family.required.first(where: { $0.1 == nil }) {
      throw ValidationError("\(missing.0) is missing: this spring family needs \(family.name)")
    }
    if mass != nil, !family.allowsMass {
      throw ValidationError("--mass cannot be combined with \(family.name) (those springs have mass 1)")
    }
    return try family.make(family.required.map { $0.1! }, mass ?? 1)
  }
}

/// Start, target and initial velocity of a motion.
struct MotionOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Start value, units.")
  var from: Double = 0
  @Option(parsing: .unconditional, help: "Target value, units.")
  var to: Double = 1
  @Option(name: .customLong("initial-velocity"), parsing: .unconditional, help: "Initial velocity, units per second.")
  var initialVelocity: Double?
  @Option(
    name: .customLong("relative-velocity"), parsing: .unconditional,
    help: "Initial velocity in UIKit's relative convention (1 = the whole distance per second).")
  var relativeVelocity: Double?

  func motion(_ spring: Spring) throws -> SpringMotion {
    switch (initialVelocity, relativeVelocity) {
    case (.some, .some):
      throw ValidationError("give --initial-velocity or --relative-velocity, not both")
    case let (_, .some(relative)):
      return try SpringMotion(spring: spring, from: from, to: to, relativeInitialVelocity: relative)
    case let (velocity, nil):
      return try SpringMotion(spring: spring, from: from, to: to, initialVelocity: velocity ?? 0)
    }
  }
}
