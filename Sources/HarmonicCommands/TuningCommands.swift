import ArgumentParser
import Foundation
import Harmonic
import HarmonicTuning

/// A spring written as `key=value,…` with the option names of the spring
/// families (`duration=0.5,bounce=0.3`, `mass=1,stiffness=100,damping=10`),
/// or a preset name (`bouncy`).
func parseSpringSpec(_ text: String) throws -> Spring {
  var arguments: [String] = []
  if !text.contains("=") {
    arguments = ["--preset", text]
  } else {
    for part in text.split(separator: ",") {
      let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard pair.count == 2, !pair[0].isEmpty else { throw ValidationError("--spring '\(text)': expected key=value pairs, got '\(part)'") }
      arguments += ["--\(pair[0])", pair[1]]
    }
  }
  do {
    return try SpringOptions.parse(arguments).spring()
  } catch let error as HarmonicError {
    throw error
  } catch {
    throw ValidationError("--spring '\(text)': \(SpringOptions.message(for: error))")
  }
}

func writeFile(_ text: String, to path: String) throws {
  if CommandLineOutput.isQuiet || CommandLineOutput.sink != nil { return }
  do {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  } catch {
    throw ValidationError("cannot write \(path): \(error.localizedDescription)")
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
  @Option(parsing: .unconditional, help: "Settle band half-width (default 0.001).") var tolerance: Double = 0.001

  func run() throws {
    var series: [SpringPlot.Series] = []
    let anyFamily =
      [
        springOptions.mass, springOptions.stiffness, springOptions.damping, springOptions.response, springOptions.dampingRatio,
        springOptions.duration, springOptions.bounce, springOptions.tension, springOptions.friction,
        springOptions.bounciness, springOptions.speed,
      ].contains { $0 != nil } || springOptions.preset != nil
    if anyFamily { series.append(SpringPlot.Series(label: springOptions.preset ?? "given spring", spring: try springOptions.spring())) }
    for spec in springs { series.append(SpringPlot.Series(label: spec, spring: try parseSpringSpec(spec))) }
    guard !series.isEmpty else { throw ValidationError("give at least one spring (spring options or --spring)") }
    try writeFile(try SpringPlot.svg(series, tolerance: tolerance), to: out)
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
  @Option(parsing: .unconditional, help: "Start value of the samples (default: fitted).") var from: Double?
  @Option(parsing: .unconditional, help: "Target of the samples (default: fitted).") var to: Double?
  @Flag(name: .customLong("fit-velocity"), help: "Also fit the initial velocity of the samples.") var fitVelocity = false
  @Option(help: "A cubic-bezier easing: x1,y1,x2,y2.") var bezier: String?
  @Option(parsing: .unconditional, help: "Duration of the bezier easing, or with --bounce, seconds.") var duration: Double?
  @Option(parsing: .unconditional, help: "Overshoot, percent of the step.") var overshoot: Double?
  @Option(name: .customLong("settle-time"), parsing: .unconditional, help: "Settle time, seconds.") var settleTime: Double?
  @Option(parsing: .unconditional, help: "Bounce in (-1, 1], with --duration.") var bounce: Double?
  @Flag(help: "Print one JSON object.") var json = false
  @Option(help: "Also draw the fitted spring over the data to this SVG file.") var plot: String?

  func run() throws {
    try run(samples: samples.map(readSamples))
  }

  /// Fits `data` (the samples file's contents, read by `run()` or given by
  /// ``TuneAPI``), or the bezier or design targets when `data` is nil.
  func run(samples data: [SpringFit.Sample]?) throws {
    let modes = [data != nil, bezier != nil, overshoot != nil || settleTime != nil, bounce != nil].filter { $0 }.count
    guard modes == 1 else {
      throw ValidationError("give exactly one of --samples FILE, --bezier x1,y1,x2,y2 --duration D, --overshoot P --settle-time T, --duration D --bounce B")
    }
    var spring: Spring
    var velocity = 0.0
    var (rms, maxError) = (0.0, 0.0)
    var extra: [(String, String)] = []
    var ends: [(String, String)] = []
    var points: [SpringFit.Sample] = []
    if let data {
      let result = try SpringFit.fit(samples: data, from: from, to: to, initialVelocity: fitVelocity ? nil : 0)
      spring = result.spring
      velocity = result.initialVelocity
      (rms, maxError) = (result.rms, result.maxError)
      extra = [
        ("relativeStandardErrorStiffness", JSON.number(result.relativeStandardErrors.stiffness)),
        ("relativeStandardErrorDamping", JSON.number(result.relativeStandardErrors.damping)),
        ("conditionNumber", JSON.number(result.conditionNumber)), ("iterations", "\(result.iterations)"),
        ("termination", "\"\(result.termination.rawValue)\""),
      ]
      let start = result.start, end = result.target
      ends = [
        ("start", JSON.number(start)), ("target", JSON.number(end)),
        (
          "fitted",
          "["
            + [
              from == nil ? "\"start\"" : nil, to == nil ? "\"target\"" : nil,
              fitVelocity ? "\"initialVelocity\"" : nil,
            ].compactMap { $0 }.joined(separator: ", ") + "]"
        ),
      ]
      if end != start { points = data.map { SpringFit.Sample(time: $0.time, value: ($0.value - start) / (end - start)) } }
      velocity = end != start ? velocity / (end - start) : 0
    } else if let bezier {
      let numbers = try parseList(bezier, option: "--bezier")
      guard numbers.count == 4 else { throw ValidationError("--bezier needs four numbers x1,y1,x2,y2; got \(numbers.count)") }
      guard let duration else { throw ValidationError("--bezier needs --duration D (seconds)") }
      let result = try SpringFit.fit(bezier: numbers[0], numbers[1], numbers[2], numbers[3], duration: duration)
      spring = result.spring
      velocity = result.initialVelocity
      (rms, maxError) = (result.rms, result.maxError)
      let curve = try CubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
      points =
        (0...60).map { SpringFit.Sample(time: duration * Double($0) / 60, value: curve.value(atProgress: Double($0) / 60)) }
        + (1...20).map { SpringFit.Sample(time: duration * (1 + Double($0) / 20), value: 1) }
    } else if let bounce {
      guard let duration else { throw ValidationError("--bounce needs --duration D (seconds)") }
      spring = try Spring(duration: duration, bounce: bounce)
    } else {
      guard let overshoot, let settleTime else { throw ValidationError("--overshoot and --settle-time go together") }
      spring = try SpringFit.spring(overshoot: overshoot / 100, settleTime: settleTime)
    }
    let rows: [(String, String)] =
      [
        ("mass", JSON.number(spring.mass)), ("stiffness", JSON.number(spring.stiffness)), ("damping", JSON.number(spring.damping)),
        ("dampingRatio", JSON.number(spring.dampingRatio)), ("response", JSON.number(spring.response)),
        ("duration", JSON.number(spring.duration)), ("bounce", JSON.number(spring.bounce)),
        ("overshoot", JSON.number(spring.overshoot)), ("settlingDuration", JSON.number(spring.settlingDuration)),
        ("initialVelocity", JSON.number(velocity)), ("rms", JSON.number(rms)), ("maxError", JSON.number(maxError)),
      ] + ends + extra
    if json {
      emit(JSON.object(rows))
    } else {
      emit(Table.render(header: ["quantity", "value"], rows: rows.map { [$0.0, $0.1] }))
    }
    if let plot {
      let series = [SpringPlot.Series(label: "fitted spring", spring: spring, relativeVelocity: velocity, points: points)]
      try writeFile(try SpringPlot.svg(series, title: "Fitted spring over the data"), to: plot)
    }
  }

  func readSamples(_ path: String) throws -> [SpringFit.Sample] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw ValidationError("cannot read samples file \(path)")
    }
    return try Fit.parseSamples(text, source: path)
  }

  /// `time,value` lines; a first line that is not two numbers is a header.
  static func parseSamples(_ text: String, source path: String) throws -> [SpringFit.Sample] {
    var result: [SpringFit.Sample] = []
    for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() {
      let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count >= 2, let time = DecimalNumber.parse(fields[0]), let value = DecimalNumber.parse(fields[1]) else {
        if number == 0 { continue }  // a header
        throw ValidationError("\(path):\(number + 1): expected time,value; got '\(line)'")
      }
      result.append(SpringFit.Sample(time: time, value: value))
    }
    return result
  }
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
  @Option(name: .customLong("code"), help: "Code for other systems: all, or one of harmonic, swiftui-response, swiftui-duration, uikit, css, android, flutter.")
  var code: String?
  @Flag(help: "A CSS linear() easing with a duration.") var css = false
  @Flag(help: "Keyframes sampled at --fps.") var keyframes = false
  @Option(parsing: .unconditional, help: "Largest error of the CSS easing (default 0.001).") var tolerance: Double = 0.001
  @Option(help: "Keyframe rate, frames per second (e.g. 60 or 120).") var fps: Int = 60
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    guard [code != nil, css, keyframes].filter({ $0 }).count == 1 else {
      throw ValidationError("give exactly one of --code [NAME|all], --css or --keyframes")
    }
    let spring = try springOptions.spring()
    if let code {
      var snippets = try SpringExport.snippets(spring, cssTolerance: tolerance)
      if code != "all" {
        guard let platform = SpringExport.Snippet.Platform(rawValue: code) else {
          throw ValidationError("--code '\(code)': expected all or one of \(SpringExport.Snippet.Platform.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        snippets = snippets.filter { $0.platform == platform }
      }
      if json {
        emit(
          JSON.object([
            (
              "snippets",
              JSON.array(
                snippets.map { snippet in
                  JSON.object([
                    ("name", JSON.string(snippet.platform.rawValue)), ("title", JSON.string(snippet.title)),
                    ("code", JSON.string(snippet.code)), ("maxError", JSON.number(snippet.maxError)),
                  ])
                })
            )
          ]))
      } else if code != "all" {
        emit(snippets[0].code)
      } else {
        for (index, snippet) in snippets.enumerated() {
          let bound = snippet.maxError == 0 ? "same motion" : "max error \(snippet.maxError.isFinite ? String(format: "%.2g", snippet.maxError) : "unbounded")"
          emit("\(index == 0 ? "" : "\n")// \(snippet.title) (\(bound))\n\(snippet.code)")
        }
      }
    } else if css {
      let easing = try SpringExport.css(spring, tolerance: tolerance)
      if json {
        emit(
          JSON.object([
            ("easing", JSON.string(easing.easing)), ("duration", JSON.number(easing.duration)),
            ("stops", "\(easing.stopCount)"), ("maxError", JSON.number(easing.maxError)),
          ]))
      } else {
        emit(easing.declarations)
        emit("/* \(easing.stopCount) stops, max error \(String(format: "%.2g", easing.maxError)) */")
      }
    } else {
      let frames = try SpringExport.keyframes(spring, framesPerSecond: fps)
      if json {
        emit(
          JSON.object([
            ("fps", "\(frames.framesPerSecond)"), ("duration", JSON.number(frames.duration)),
            ("keyTimes", JSON.array(frames.keyTimes.map { JSON.number($0) })),
            ("values", JSON.array(frames.values.map { JSON.number($0) })), ("maxError", JSON.number(frames.maxError)),
          ]))
      } else {
        emit(
          "\(frames.values.count) keyframes at \(frames.framesPerSecond) fps over \(frames.duration) s, max error \(String(format: "%.2g", frames.maxError))")
        emit(Table.render(header: ["key time", "value"], rows: zip(frames.keyTimes, frames.values).map { [Table.number($0), Table.number($1)] }))
      }
    }
  }
}
