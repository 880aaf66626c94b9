import ArgumentParser
import Foundation
import Harmonic
import HarmonicTuning

// `plot`, `fit` and `export`: typed functions and their options.

/// The input of `plot`: labelled springs and the settle band.
package struct PlotInput: Sendable {
  package var springs: [(label: String, spring: SpringParameters)]
  /// Half-width of the settle band drawn around the target.
  package var tolerance = 0.001

  /// The SVG document of the springs' step responses. O(springs × 600 points).
  package func run() throws(CommandError) -> PlotOutput {
    guard !springs.isEmpty else { throw CommandError("spring", "give at least one spring (spring parameters or `spring`)") }
    var series: [SpringPlot.Series] = []
    for (label, parameters) in springs { series.append(SpringPlot.Series(label: label, spring: try parameters.spring())) }
    return PlotOutput(svg: try checked(nil) { () throws(HarmonicError) in try SpringPlot.svg(series, tolerance: tolerance) })
  }
}

/// An SVG document.
package struct PlotOutput: Codable, Sendable, Hashable {
  package var svg: String
}

/// The input of `fit`: exactly one of samples, a cubic-bezier easing with a
/// duration, overshoot and settle time, or duration and bounce.
package struct FitInput: Sendable, Hashable {
  /// `time,value` samples (seconds, units).
  package var samples: [SpringFit.Sample]?
  /// Start and target of the samples (nil: fitted).
  package var from: Double?
  package var to: Double?
  /// Also fit the samples' initial velocity.
  package var fitVelocity = false
  /// x1, y1, x2, y2.
  package var bezier: [Double]?
  /// Seconds (of the bezier easing, or with `bounce`).
  package var duration: Double?
  /// Percent of the step.
  package var overshoot: Double?
  /// Seconds.
  package var settleTime: Double?
  package var bounce: Double?

  /// The spring, with its fit's figures. Samples: Levenberg–Marquardt, at
  /// most 300 iterations of O(samples); the others O(1) or a fixed-size fit.
  package func run() throws(CommandError) -> FitOutput {
    let modes = [samples != nil, bezier != nil, overshoot != nil || settleTime != nil, bounce != nil].filter { $0 }.count
    guard modes == 1 else {
      throw CommandError(
        modes == 0 ? "bezier" : nil,
        "give exactly one of `samples`, `bezier` with `duration`, `overshoot` with `settleTime`, `duration` with `bounce`")
    }
    var output: FitOutput
    if let samples {
      let result = try checked(nil) { () throws(HarmonicError) in
        try SpringFit.fit(samples: samples, from: from, to: to, initialVelocity: fitVelocity ? nil : 0)
      }
      let (start, end) = (result.start, result.target)
      output = FitOutput(result.spring, initialVelocity: end != start ? result.initialVelocity / (end - start) : 0, rms: result.rms, maxError: result.maxError)
      output.start = start
      output.target = end
      output.fitted = [from == nil ? "start" : nil, to == nil ? "target" : nil, fitVelocity ? "initialVelocity" : nil].compactMap { $0 }
      output.relativeStandardErrorStiffness = finite(result.relativeStandardErrors.stiffness)
      output.relativeStandardErrorDamping = finite(result.relativeStandardErrors.damping)
      output.conditionNumber = finite(result.conditionNumber)
      output.iterations = result.iterations
      output.termination = result.termination.rawValue
      if end != start { output.points = samples.map { SpringFit.Sample(time: $0.time, value: ($0.value - start) / (end - start)) } }
    } else if let bezier {
      guard bezier.count == 4 else { throw CommandError("bezier", "`bezier` needs four numbers x1,y1,x2,y2; got \(bezier.count)") }
      guard let duration else { throw CommandError("duration", "`bezier` needs `duration` (seconds)") }
      let result = try checked(nil) { () throws(HarmonicError) in try SpringFit.fit(bezier: bezier[0], bezier[1], bezier[2], bezier[3], duration: duration) }
      output = FitOutput(result.spring, initialVelocity: result.initialVelocity, rms: result.rms, maxError: result.maxError)
      let curve = try checked("bezier") { () throws(HarmonicError) in try CubicBezier(x1: bezier[0], y1: bezier[1], x2: bezier[2], y2: bezier[3]) }
      var points: [SpringFit.Sample] = []
      for k in 0...60 {
        let value = try checked(nil) { () throws(HarmonicError) in try curve.value(atProgress: Double(k) / 60) }
        points.append(SpringFit.Sample(time: duration * Double(k) / 60, value: value))
      }
      output.points = points + (1...20).map { SpringFit.Sample(time: duration * (1 + Double($0) / 20), value: 1) }
    } else if let bounce {
      guard let duration else { throw CommandError("duration", "`bounce` needs `duration` (seconds)") }
      output = FitOutput(
        try checked(nil) { () throws(HarmonicError) in try Spring(duration: duration, bounce: bounce) }, initialVelocity: 0, rms: 0, maxError: 0)
    } else {
      guard let overshoot, let settleTime else {
        throw CommandError(overshoot == nil ? "overshoot" : "settleTime", "`overshoot` and `settleTime` go together")
      }
      let spring = try checked(nil) { () throws(HarmonicError) in try SpringFit.spring(overshoot: overshoot / 100, settleTime: settleTime) }
      output = FitOutput(spring, initialVelocity: 0, rms: 0, maxError: 0)
    }
    return output
  }
}

/// A fitted spring and the fit's figures. The samples' start and target, what
/// was fitted, the standard errors, condition number, iterations and
/// termination appear for a fit of samples only (a standard error or
/// condition number is left out when it is undefined).
package struct FitOutput: Codable, Sendable, Hashable {
  package var mass, stiffness, damping, dampingRatio, response, duration, bounce, overshoot: Double
  @OrNull package var settlingDuration: Double?
  /// Relative to the step: steps per second.
  package var initialVelocity: Double
  /// Of the fit against its data, fractions of the step.
  package var rms, maxError: Double
  package var start, target: Double?
  package var fitted: [String]?
  package var relativeStandardErrorStiffness, relativeStandardErrorDamping, conditionNumber: Double?
  package var iterations: Int?
  package var termination: String?
  /// The data, normalised to a unit step, for a plot (not written).
  var points: [SpringFit.Sample] = []
  /// The spring itself (not written).
  var fittedSpring: Spring?

  enum CodingKeys: String, CodingKey {
    case mass, stiffness, damping, dampingRatio, response, duration, bounce, overshoot, settlingDuration, initialVelocity, rms, maxError
    case start, target, fitted, relativeStandardErrorStiffness, relativeStandardErrorDamping, conditionNumber, iterations, termination
  }

  init(_ spring: Spring, initialVelocity: Double, rms: Double, maxError: Double) {
    (mass, stiffness, damping, dampingRatio) = (spring.mass, spring.stiffness, spring.damping, spring.dampingRatio)
    (response, duration, bounce, overshoot) = (spring.response, spring.duration, spring.bounce, spring.overshoot)
    settlingDuration = finite(spring.settlingDuration)
    fittedSpring = spring
    (self.initialVelocity, self.rms, self.maxError) = (initialVelocity, rms, maxError)
  }

  var rows: [(String, String)] {
    var rows: [(String, Double?)] = [
      ("mass", mass), ("stiffness", stiffness), ("damping", damping), ("dampingRatio", dampingRatio), ("response", response), ("duration", duration),
      ("bounce", bounce), ("overshoot", overshoot), ("settlingDuration", settlingDuration), ("initialVelocity", initialVelocity), ("rms", rms),
      ("maxError", maxError),
    ]
    guard let start, let target else { return rows.map { ($0.0, Table.number($0.1)) } }
    rows += [
      ("start", start), ("target", target), ("relativeStandardErrorStiffness", relativeStandardErrorStiffness),
      ("relativeStandardErrorDamping", relativeStandardErrorDamping), ("conditionNumber", conditionNumber),
    ]
    return rows.map { ($0.0, Table.number($0.1)) } + [
      ("fitted", (fitted ?? []).joined(separator: " ")), ("iterations", iterations.map { "\($0)" } ?? "—"), ("termination", termination ?? "—"),
    ]
  }
}

/// The input of `export`: a spring and exactly one of code, a CSS easing or keyframes.
package struct ExportInput: Sendable, Hashable {
  package enum Format: Sendable, Hashable {
    /// Snippets for other systems: nil for all, or one platform's name.
    case code(String?)
    case css
    /// Keyframes at a frame rate, frames per second.
    case keyframes(Int)
  }
  package var spring: SpringParameters
  package var format: Format
  /// Largest error of the CSS easing, fractions of the step.
  package var tolerance = 0.001
  /// The step's initial velocity, distances per second (UIKit's relative convention).
  package var relativeVelocity = 0.0

  /// The export. O(settle time × stops) for the CSS easing, O(frames) for keyframes.
  package func run() throws(CommandError) -> ExportOutput {
    let spring = try spring.spring()
    switch format {
    case .code(let name):
      var snippets = try checked(nil) { () throws(HarmonicError) in
        try SpringExport.snippets(spring, cssTolerance: tolerance, relativeVelocity: relativeVelocity)
      }
      if let name {
        guard let platform = SpringExport.Snippet.Platform(rawValue: name) else {
          throw CommandError(
            "code",
            "`code` \(CommandError.literal(name)): expected all or one of \(SpringExport.Snippet.Platform.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        snippets = snippets.filter { $0.platform == platform }
      }
      return .code(
        ExportOutput.Code(
          snippets: snippets.map { ExportOutput.Snippet(name: $0.platform.rawValue, title: $0.title, code: $0.code, maxError: finite($0.maxError)) }))
    case .css:
      let easing = try checked(nil) { () throws(HarmonicError) in try SpringExport.css(spring, tolerance: tolerance, relativeVelocity: relativeVelocity) }
      return .css(
        ExportOutput.CSS(
          easing: easing.easing, duration: easing.duration, stops: easing.stopCount, maxError: easing.maxError, declarations: easing.declarations))
    case .keyframes(let fps):
      let frames = try checked("fps") { () throws(HarmonicError) in try SpringExport.keyframes(spring, framesPerSecond: fps, relativeVelocity: relativeVelocity)
      }
      return .keyframes(
        ExportOutput.Keyframes(
          fps: frames.framesPerSecond, duration: frames.duration, keyTimes: frames.keyTimes, values: frames.values, maxError: frames.maxError))
    }
  }
}

/// What `export` writes: one of its three formats.
package enum ExportOutput: Codable, Sendable, Hashable {
  case code(Code)
  case css(CSS)
  case keyframes(Keyframes)

  package struct Snippet: Codable, Sendable, Hashable {
    /// The platform's name (`swiftui-response`, `css`, …), its title and code.
    package var name, title, code: String
    /// Largest error against the spring, fractions of the step; 0: the same motion; null: unbounded.
    @OrNull package var maxError: Double?
  }
  package struct Code: Codable, Sendable, Hashable {
    package var snippets: [Snippet]
  }
  package struct CSS: Codable, Sendable, Hashable {
    /// A `linear(…)` easing over `duration` seconds with `stops` stops.
    package var easing: String
    package var duration: Double
    package var stops: Int
    package var maxError: Double
    /// The CSS declarations that play it.
    package var declarations: String
  }
  package struct Keyframes: Codable, Sendable, Hashable {
    package var fps: Int
    package var duration: Double
    package var keyTimes, values: [Double]
    package var maxError: Double
  }

  package init(from decoder: any Decoder) throws {
    if let code = try? Code(from: decoder) {
      self = .code(code)
    } else if let css = try? CSS(from: decoder) {
      self = .css(css)
    } else {
      self = .keyframes(try Keyframes(from: decoder))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    switch self {
    case .code(let value): try value.encode(to: encoder)
    case .css(let value): try value.encode(to: encoder)
    case .keyframes(let value): try value.encode(to: encoder)
    }
  }
}

/// Writes `text` to `path`, unless the invocation is quiet.
func writeFile(_ text: String, to path: String, parameter: String) throws(CommandError) {
  if CommandLineOutput.isQuiet { return }
  do {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  } catch {
    throw CommandError(parameter, "`\(parameter)`: cannot write \(path): \(error.localizedDescription)")
  }
}

struct Plot: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw step responses (value and velocity against time) to an SVG file.",
    discussion: "Give one spring with the usual options and/or several with --spring key=value,… (or a preset name).")

  @OptionGroup var springOptions: SpringOptions
  @Option(name: .customLong("spring"), help: "Another spring: key=value,… (e.g. duration=0.5,bounce=0.3) or a preset name. Repeatable.")
  var springs: [String] = []
  @Option(help: "The SVG file to write.") var out: String
  @Option(parsing: .unconditional, help: "Settle band half-width (default 0.001).", transform: decimal) var tolerance: Double = 0.001

  func run() throws {
    var springs: [(label: String, spring: SpringParameters)] = []
    let given = springOptions.parameters
    if !given.isEmpty { springs.append((given.preset ?? "given spring", given)) }
    for spec in self.springs {
      // Checked here so that the message quotes the spec as written.
      _ = try SpringParameters.spring(spec: spec, parameter: "spring")
      springs.append((spec, try SpringParameters(spec: spec, parameter: "spring")))
    }
    let output = try PlotInput(springs: springs, tolerance: tolerance).run()
    try writeFile(output.svg, to: out, parameter: "out")
    emit("wrote \(out)")
  }
}

struct Fit: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Find the spring for a wanted motion: samples, a cubic-bezier, or design targets.",
    discussion: """
      --samples FILE.csv   time,value lines (a header line is skipped); fits stiffness and damping at mass 1,
                           the start and target unless --from/--to give them (a recording cut off before it
                           settles still finds its target), and the initial velocity with --fit-velocity;
                           Levenberg–Marquardt with LAPACK.
      --bezier x1,y1,x2,y2 --duration D   a CSS cubic-bezier easing over D seconds.
      --overshoot P --settle-time T       P percent overshoot, settling (|x − 1| ≤ 0.001) after T seconds.
      --duration D --bounce B             SwiftUI's parameters.
      """)

  @Option(help: "CSV of time,value.") var samples: String?
  @Option(parsing: .unconditional, help: "Start value of the samples (default: fitted).", transform: decimal) var from: Double?
  @Option(parsing: .unconditional, help: "Target of the samples (default: fitted).", transform: decimal) var to: Double?
  @Flag(name: .customLong("fit-velocity"), help: "Also fit the initial velocity of the samples.") var fitVelocity = false
  @Option(help: "A cubic-bezier easing: x1,y1,x2,y2.") var bezier: String?
  @Option(parsing: .unconditional, help: "Duration of the bezier easing, or with --bounce, seconds.", transform: decimal) var duration: Double?
  @Option(parsing: .unconditional, help: "Overshoot, percent of the step.", transform: decimal) var overshoot: Double?
  @Option(name: .customLong("settle-time"), parsing: .unconditional, help: "Settle time, seconds.", transform: decimal) var settleTime: Double?
  @Option(parsing: .unconditional, help: "Bounce in (-1, 1], with --duration.", transform: decimal) var bounce: Double?
  @Flag(help: "Print one JSON object.") var json = false
  @Option(help: "Also draw the fitted spring over the data to this SVG file.") var plot: String?

  func run() throws {
    var data: [SpringFit.Sample]?
    if let samples {
      guard let text = try? String(contentsOfFile: samples, encoding: .utf8) else {
        throw CommandError("samples", "`samples`: cannot read the file \(samples)")
      }
      data = try parseSamples(text, parameter: "samples", source: samples)
    }
    let input = FitInput(
      samples: data, from: from, to: to, fitVelocity: fitVelocity,
      bezier: try bezier.map { text throws(CommandError) in try parseList(text, parameter: "bezier") },
      duration: duration, overshoot: overshoot, settleTime: settleTime, bounce: bounce)
    let output = try input.run()
    emit(json ? try CommandJSON.string(output) : Table.render(header: ["quantity", "value"], rows: output.rows.map { [$0.0, $0.1] }))
    if let plot, let spring = output.fittedSpring {
      let series = [SpringPlot.Series(label: "fitted spring", spring: spring, relativeVelocity: output.initialVelocity, points: output.points)]
      let svg = try checked(nil) { () throws(HarmonicError) in try SpringPlot.svg(series, title: "Fitted spring over the data") }
      try writeFile(svg, to: plot, parameter: "plot")
    }
  }
}

/// `time,value` lines; a first line that is not two numbers is a header.
/// Errors are about `parameter` and name `source` and the line.
func parseSamples(_ text: String, parameter: String, source: String?) throws(CommandError) -> [SpringFit.Sample] {
  var result: [SpringFit.Sample] = []
  for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() {
    let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    guard fields.count == 2, let time = DecimalNumber.parse(fields[0]), let value = DecimalNumber.parse(fields[1]) else {
      if number == 0 { continue }  // a header
      let place = source.map { "\($0):\(number + 1)" } ?? "line \(number + 1)"
      throw CommandError(parameter, "`\(parameter)`: \(place): expected time,value; got \(CommandError.literal(line.prefix(80)))")
    }
    result.append(SpringFit.Sample(time: time, value: value))
  }
  return result
}

struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Export a spring: code for other systems, a CSS linear() easing, or keyframes.",
    discussion: """
      --code prints the spring set up in Harmonic, SwiftUI (response/dampingFraction and duration/bounce),
      UIKit, CSS, Android and Flutter, each with its largest error against the spring (0 where the target
      runs the same equation with the same numbers). --code NAME prints one: \(SpringExport.Snippet.Platform.allCases.map(\.rawValue).joined(separator: ", ")).
      The CSS easing and the keyframes run to the exact settle time (|x − 1| ≤ 0.001) and end at 1.
      """)

  @OptionGroup var springOptions: SpringOptions
  @Option(
    name: .customLong("code"),
    help:
      "Code for other systems: all, or one of harmonic, swiftui-response, swiftui-duration, uikit, css, android, flutter, framer-motion, compose, reanimated.")
  var code: String?
  @Flag(help: "A CSS linear() easing with a duration.") var css = false
  @Flag(help: "Keyframes sampled at --fps.") var keyframes = false
  @Option(parsing: .unconditional, help: "Largest error of the CSS easing (default 0.001).", transform: decimal) var tolerance: Double = 0.001
  @Option(help: "Keyframe rate, frames per second (e.g. 60 or 120).") var fps: Int = 60
  @Option(
    name: .customLong("relative-velocity"), parsing: .unconditional,
    help: "The step's initial velocity, distances per second (UIKit's convention; default 0, from rest).", transform: decimal)
  var relativeVelocity: Double = 0
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    guard [code != nil, css, keyframes].filter({ $0 }).count == 1 else {
      throw CommandError("code", "give exactly one of `code` [NAME|all], `css` or `keyframes`")
    }
    let format: ExportInput.Format = code.map { .code($0 == "all" ? nil : $0) } ?? (css ? .css : .keyframes(fps))
    let output = try ExportInput(spring: springOptions.parameters, format: format, tolerance: tolerance, relativeVelocity: relativeVelocity).run()
    if json { return emit(try CommandJSON.string(output)) }
    switch output {
    case .code(let code) where self.code != "all":
      emit(code.snippets[0].code)
    case .code(let code):
      for (index, snippet) in code.snippets.enumerated() {
        let bound =
          snippet.maxError == 0 ? "same motion" : "max error \(snippet.maxError.map { String(format: "%.2g", $0) } ?? "unbounded")"
        emit("\(index == 0 ? "" : "\n")// \(snippet.title) (\(bound))\n\(snippet.code)")
      }
    case .css(let easing):
      emit(easing.declarations)
      emit("/* \(easing.stops) stops, max error \(String(format: "%.2g", easing.maxError)) */")
    case .keyframes(let frames):
      emit("\(frames.values.count) keyframes at \(frames.fps) fps over \(frames.duration) s, max error \(String(format: "%.2g", frames.maxError))")
      emit(Table.render(header: ["key time", "value"], rows: zip(frames.keyTimes, frames.values).map { [Table.number($0), Table.number($1)] }))
    }
  }
}
