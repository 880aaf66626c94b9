import Harmonic

/// A spring as people write it: the numbers of exactly one parameter family,
/// or a preset's name. The one spring parser behind the command line's
/// options and `--spring key=value,…`, the tuning page's query parameters and
/// the `"spring"` object of `harmonic transition`'s input.
///
/// Names are canonical (camel case, as the page's queries spell them):
/// `mass`, `stiffness`, `damping`, `response`, `dampingRatio`, `duration`,
/// `bounce`, `settlingDuration`, `tension`, `friction`, `bounciness`,
/// `speed`, `preset`.
package struct SpringParameters: Sendable, Hashable {
  /// The numbers given, by canonical name.
  package var numbers: [String: Double] = [:]
  /// A preset's name (`smooth`, `snappy`, `bouncy`, `core-animation`, `pop`, `android`).
  package var preset: String?

  package init(numbers: [String: Double] = [:], preset: String? = nil) {
    (self.numbers, self.preset) = (numbers, preset)
  }

  /// The number parameters' names.
  static let numberNames = [
    "mass", "stiffness", "damping", "response", "dampingRatio", "duration", "bounce", "settlingDuration", "tension", "friction",
    "bounciness", "speed",
  ]
  /// Every parameter's name.
  static let names = numberNames + ["preset"]

  static let presets: [String: Spring] = [
    "smooth": .smooth, "snappy": .snappy, "bouncy": .bouncy,
    "core-animation": .coreAnimationDefault, "pop": .popDefault, "android": .android(),
  ]

  /// True when no spring parameter is given.
  var isEmpty: Bool { numbers.isEmpty && preset == nil }

  private struct Family: Sendable {
    let required: [String]
    let allowsMass: Bool
    /// Builds the spring from the required values (in order) and the mass.
    let make: @Sendable ([Double], Double) throws(HarmonicError) -> Spring

    var names: Set<String> { Set(required) }
    var shown: String { required.map { "`\($0)`" }.joined(separator: " ") + (allowsMass ? " [`mass`]" : "") }
  }

  private static let families = [
    Family(required: ["stiffness", "damping"], allowsMass: true) { v, m throws(HarmonicError) in try Spring(mass: m, stiffness: v[0], damping: v[1]) },
    Family(required: ["response", "dampingRatio"], allowsMass: true) { v, m throws(HarmonicError) in
      try Spring(response: v[0], dampingRatio: v[1], mass: m)
    },
    Family(required: ["stiffness", "dampingRatio"], allowsMass: true) { v, m throws(HarmonicError) in
      try Spring(stiffness: v[0], dampingRatio: v[1], mass: m)
    },
    Family(required: ["duration", "bounce"], allowsMass: true) { v, m throws(HarmonicError) in try Spring(duration: v[0], bounce: v[1], mass: m) },
    Family(required: ["settlingDuration", "dampingRatio"], allowsMass: true) { v, m throws(HarmonicError) in
      try Spring(settlingDuration: v[0], dampingRatio: v[1], mass: m)
    },
    Family(required: ["tension", "friction"], allowsMass: false) { v, _ throws(HarmonicError) in try Spring(origamiTension: v[0], friction: v[1]) },
    Family(required: ["bounciness", "speed"], allowsMass: false) { v, _ throws(HarmonicError) in try Spring(bounciness: v[0], speed: v[1]) },
  ]

  /// The spring, or `fallback` when no parameter is given.
  ///
  /// - Throws: ``CommandError`` naming the parameter: a preset mixed with
  ///   numbers, an unknown preset, options of two families, a family with a
  ///   number missing, a mass where the family has none, or a value the
  ///   library refuses (its accepted range in the message).
  package func spring(default fallback: Spring? = nil) throws(CommandError) -> Spring {
    if let preset {
      guard numbers.isEmpty else {
        throw CommandError("preset", "`preset` cannot be combined with other spring parameters")
      }
      guard let spring = SpringParameters.presets[preset] else {
        throw CommandError(
          "preset", "`preset`: unknown preset \(CommandError.literal(preset)); known: \(SpringParameters.presets.keys.sorted().joined(separator: ", "))")
      }
      return spring
    }
    let given = Set(numbers.keys).subtracting(["mass"])
    guard !given.isEmpty else {
      if let fallback { return fallback }
      let choices = SpringParameters.families.map(\.shown).joined(separator: "; ")
      throw CommandError(numbers["mass"] == nil ? "spring" : "mass", "give one spring: \(choices); or `preset`")
    }
    // The family whose parameters are exactly the ones given wins (stiffness
    // and dampingRatio belong to two families each); else the one family that
    // could be completed; else the given parameters mix families.
    let families = SpringParameters.families
    let candidates = families.filter { $0.names.isSuperset(of: given) }
    let sortedGiven = given.sorted()
    let shownGiven = sortedGiven.map { "`\($0)`" }.joined(separator: " ")
    guard let family = candidates.first(where: { $0.names == given }) ?? (candidates.count == 1 ? candidates[0] : nil) else {
      if candidates.isEmpty {
        let touched = families.filter { !$0.names.isDisjoint(with: given) }.map(\.shown)
        throw CommandError(sortedGiven[0], "\(shownGiven): give the parameters of one spring family only, not \(touched.joined(separator: " and "))")
      }
      let completions = candidates.map { $0.required.filter { !given.contains($0) }.map { "`\($0)`" }.joined(separator: " ") }
      let missing = candidates[0].required.first { !given.contains($0) }!
      throw CommandError(missing, "\(shownGiven) needs one more parameter: \(completions.joined(separator: " or "))")
    }
    if let missing = family.required.first(where: { numbers[$0] == nil }) {
      throw CommandError(missing, "`\(missing)` is missing: this spring family is \(family.shown)")
    }
    if numbers["mass"] != nil, !family.allowsMass {
      throw CommandError("mass", "`mass` cannot be combined with \(family.shown) (those springs have mass 1)")
    }
    do {
      return try family.make(family.required.map { numbers[$0]! }, numbers["mass"] ?? 1)
    } catch {
      guard case let .invalidParameter(name, _, _) = error, SpringParameters.numberNames.contains(name) else {
        throw CommandError(error, parameter: "spring")
      }
      throw CommandError(error, parameter: name)
    }
  }

  /// A spring written `key=value,…` with the parameters' names in either
  /// spelling (`duration=0.5,bounce=0.3`, `damping-ratio=0.7,response=0.4`),
  /// or a preset's name (`bouncy`).
  ///
  /// - Throws: ``CommandError`` about `parameter` quoting `text`.
  init(spec text: String, parameter: String) throws(CommandError) {
    func refuse(_ problem: String) -> CommandError { CommandError(parameter, "`\(parameter)` \(CommandError.literal(text)): \(problem)") }
    guard text.contains("=") else {
      self.init(preset: text.trimmingCharacters(in: .whitespaces))
      return
    }
    self.init()
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
      guard pair.count == 2, !pair[0].isEmpty else { throw refuse("expected key=value pairs, got \(CommandError.literal(part))") }
      let key = SpringParameters.canonical(pair[0])
      guard SpringParameters.numberNames.contains(key) else {
        throw refuse("unknown key \(CommandError.literal(pair[0])); known: \(SpringParameters.numberNames.map(SpringParameters.kebab).joined(separator: ", "))")
      }
      guard numbers[key] == nil else { throw refuse("\(CommandError.literal(pair[0])) is given twice") }
      guard let value = DecimalNumber.parse(pair[1]) else { throw refuse("\(CommandError.literal(pair[1])) is not a decimal number") }
      numbers[key] = value
    }
  }

  /// The spring of `text` (see ``init(spec:parameter:)``), its errors about
  /// `parameter` with the keys named as the spec writes them.
  static func spring(spec text: String, parameter: String) throws(CommandError) -> Spring {
    do {
      return try SpringParameters(spec: text, parameter: parameter).spring()
    } catch let error where error.parameter == parameter {
      throw error
    } catch {
      throw CommandError(parameter, "`\(parameter)` \(CommandError.literal(text)): " + error.message(naming: kebab))
    }
  }

  /// `damping-ratio` → `dampingRatio`.
  static func canonical(_ key: String) -> String {
    var out = ""
    var upper = false
    for character in key {
      if character == "-" {
        upper = true
      } else {
        out += upper ? character.uppercased() : String(character)
        upper = false
      }
    }
    return out
  }

  /// `dampingRatio` → `damping-ratio`.
  static func kebab(_ name: String) -> String { String(CommandError.option(name).dropFirst(2)) }
}

/// Start, target and initial velocity of a motion (`from`, `to`,
/// `initialVelocity` or `relativeVelocity`), units and units per second.
package struct MotionParameters: Sendable, Hashable {
  package var from = 0.0
  package var to = 1.0
  package var initialVelocity: Double?
  package var relativeVelocity: Double?

  package init(from: Double = 0, to: Double = 1, initialVelocity: Double? = nil, relativeVelocity: Double? = nil) {
    (self.from, self.to, self.initialVelocity, self.relativeVelocity) = (from, to, initialVelocity, relativeVelocity)
  }

  static let names = ["from", "to", "initialVelocity", "relativeVelocity"]

  /// - Throws: ``CommandError`` for both velocities given, or a value the library refuses.
  package func motion(_ spring: Spring) throws(CommandError) -> SpringMotion {
    switch (initialVelocity, relativeVelocity) {
    case (.some, .some):
      throw CommandError("initialVelocity", "give `initialVelocity` or `relativeVelocity`, not both")
    case let (_, .some(relative)):
      return try checked("relativeVelocity") { () throws(HarmonicError) in
        try SpringMotion(spring: spring, from: from, to: to, initialVelocity: SpringMotion.absoluteVelocity(relative: relative, from: from, to: to))
      }
    case let (velocity, nil):
      return try checked(nil) { () throws(HarmonicError) in try SpringMotion(spring: spring, from: from, to: to, initialVelocity: velocity ?? 0) }
    }
  }
}
