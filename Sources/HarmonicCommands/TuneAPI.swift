import ArgumentParser
import Foundation
import Harmonic
import HarmonicTuning

/// The JSON API of `harmonic tune`'s page, independent of any HTTP server:
/// an endpoint name and a query string in, a status and a JSON body out.
///
/// Endpoints (parameters are query items; spring parameters are those of the
/// command line in camel case — `response`, `dampingRatio`, `stiffness`,
/// `damping`, `mass`, `duration`, `bounce`, `tension`, `friction`,
/// `bounciness`, `speed`, `preset`):
/// - `sample`: spring, `from`, `to`, `initialVelocity` or
///   `relativeVelocity`, `times` (comma-separated seconds, at most
///   ``maximumTimes``). The body is exactly `harmonic sample … --json`.
/// - `describe`, `settle` (`valueTolerance`, `velocityTolerance`), `export`
///   (`code`: `all` or one platform, `tolerance`), `fit` (`bezier` and
///   `duration`, `overshoot` and `settleTime`, `duration` and `bounce`, or
///   CSV samples as the request body with `from`, `to`, `fitVelocity`): exactly
///   the JSON of the command of that name with `--json` (`export --code`).
/// - `transition`: the page's grid → list preview (`direction` = `list` or
///   `grid`, `fps` within [10, 240]): ``LayoutTransition`` frames at k/fps
///   seconds up to completion, at most ``maximumFrames``.
/// - `snap`: a flick on a strip of cards (`offset`, `velocity` in points per
///   second, `fps`): ``Snapping`` target and the animation's frames.
///
/// Bad input gets status 400 and `{"error": message, "parameter": name}`
/// naming the query parameter; an unknown endpoint 404. Every request is
/// bounded: the query at ``maximumQueryBytes``, the body at
/// ``maximumBodyBytes``, ``maximumTimes`` samples, ``maximumFrames`` frames.
/// Thread-safe: requests share nothing.
public enum TuneAPI {
  /// A status code and a JSON body.
  public struct Response: Sendable, Hashable {
    /// 200, 400 (bad parameter), 404 (no such endpoint), 413 (too large).
    public var status: Int
    /// One JSON object.
    public var body: String

    public init(status: Int, body: String) {
      (self.status, self.body) = (status, body)
    }

    /// An error response: `{"error": message, "parameter": name or null}`.
    public init(status: Int, error: String, parameter: String?) {
      self.status = status
      body = JSON.object([("error", JSON.string(error)), ("parameter", parameter.map(JSON.string) ?? "null")])
    }
  }

  /// Longest query string, bytes (10,000 times of 12 characters fit).
  public static let maximumQueryBytes = 131_072
  /// Largest request body (CSV samples for `fit`), bytes.
  public static let maximumBodyBytes = 1 << 20
  /// Most times in one `sample` request, and most CSV samples in one `fit`.
  public static let maximumTimes = 10_000
  /// Most frames of a `transition` or `snap` preview (20 s at 120 fps).
  public static let maximumFrames = 2_400

  enum Kind { case number, list, text, flag }

  struct Endpoint {
    /// The command line it runs (`--json` is appended), nil for the previews.
    var command: [String]?  // documentation of the endpoint: the command line it answers like
    /// The command's type (parsed directly: ArgumentParser's reflection over the whole tree costs more).
    var type: (any ParsableCommand.Type)?
    var parameters: [String: (option: String, kind: Kind)]
    var takesBody = false
  }

  static let springParameters: [String: (option: String, kind: Kind)] = [
    "mass": ("--mass", .number), "stiffness": ("--stiffness", .number), "damping": ("--damping", .number),
    "response": ("--response", .number), "dampingRatio": ("--damping-ratio", .number), "duration": ("--duration", .number),
    "bounce": ("--bounce", .number), "tension": ("--tension", .number), "friction": ("--friction", .number),
    "bounciness": ("--bounciness", .number), "speed": ("--speed", .number), "preset": ("--preset", .text),
  ]
  static let motionParameters: [String: (option: String, kind: Kind)] = [
    "from": ("--from", .number), "to": ("--to", .number), "initialVelocity": ("--initial-velocity", .number),
    "relativeVelocity": ("--relative-velocity", .number),
  ]

  static let endpoints: [String: Endpoint] = [
    "sample": Endpoint(
      command: ["sample"], type: Sample.self,
      parameters: springParameters.merging(motionParameters) { a, _ in a }
        .merging(["times": ("--times", .list)]) { a, _ in a }),
    "describe": Endpoint(command: ["describe"], type: Describe.self, parameters: springParameters),
    "settle": Endpoint(
      command: ["settle"], type: Settle.self,
      parameters: springParameters.merging(motionParameters) { a, _ in a }
        .merging(["valueTolerance": ("--value-tolerance", .number), "velocityTolerance": ("--velocity-tolerance", .number)]) { a, _ in a }),
    "export": Endpoint(
      command: ["export"], type: Export.self,
      parameters: springParameters.merging(
        ["code": ("--code", .text), "tolerance": ("--tolerance", .number)]) { a, _ in a }),
    "fit": Endpoint(
      command: ["fit"], type: Fit.self,
      parameters: [
        "bezier": ("--bezier", .list), "duration": ("--duration", .number), "overshoot": ("--overshoot", .number),
        "settleTime": ("--settle-time", .number), "bounce": ("--bounce", .number), "from": ("--from", .number),
        "to": ("--to", .number), "fitVelocity": ("--fit-velocity", .flag),
      ], takesBody: true),
    "transition": Endpoint(
      command: nil,
      parameters: springParameters.merging(
        ["fps": ("--fps", .number), "direction": ("--direction", .text)]) { a, _ in a }),
    "snap": Endpoint(
      command: nil,
      parameters: springParameters.merging(
        ["fps": ("--fps", .number), "offset": ("--offset", .number), "velocity": ("--velocity", .number)]) { a, _ in a }),
  ]

  /// The endpoints' names.
  public static var endpointNames: [String] { endpoints.keys.sorted() }

  /// Answers one request.
  ///
  /// - Parameters:
  ///   - endpoint: the name after `/api/` (`sample`, `describe`, …).
  ///   - query: the URL's query string, percent-encoded (`a=1&b=2`).
  ///   - body: the request body (`fit`: CSV `time,value` lines), if any.
  /// - Complexity: O(times) for `sample`; at most ``maximumFrames`` frames of
  ///   a 12-item transition for the previews; a fit of at most
  ///   ``maximumTimes`` samples (≤ 300 Levenberg–Marquardt iterations).
  public static func respond(endpoint name: String, query: String, body: String? = nil) -> Response {
    guard let endpoint = endpoints[name] else {
      return Response(status: 404, error: "no endpoint '\(name)'; known: \(endpointNames.joined(separator: ", "))", parameter: nil)
    }
    guard query.utf8.count <= maximumQueryBytes else {
      return Response(status: 413, error: "the query is \(query.utf8.count) bytes; at most \(maximumQueryBytes)", parameter: nil)
    }
    if let body, body.utf8.count > maximumBodyBytes {
      return Response(status: 413, error: "the body is \(body.utf8.count) bytes; at most \(maximumBodyBytes)", parameter: "body")
    }
    let items: [(name: String, value: String)]
    switch parse(query) {
    case .success(let parsed): items = parsed
    case .failure(let failure): return failure.response
    }
    var arguments: [String] = []
    var values: [String: String] = [:]
    for (key, value) in items {
      guard let parameter = endpoint.parameters[key] else {
        return Response(
          status: 400, error: "unknown parameter '\(key)' for \(name); known: \(endpoint.parameters.keys.sorted().joined(separator: ", "))",
          parameter: key)
      }
      guard values[key] == nil else { return Response(status: 400, error: "\(key) is given twice", parameter: key) }
      values[key] = value
      switch parameter.kind {
      case .number:
        let number = value.trimmingCharacters(in: .whitespaces)
        guard DecimalNumber.parse(number) != nil else {
          return Response(status: 400, error: "\(key): '\(value)' is not a decimal number", parameter: key)
        }
        arguments.append("\(parameter.option)=\(number)")
      case .list:
        let count = value.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ",") ? 1 : 0) }
        guard count <= maximumTimes else {
          return Response(status: 400, error: "\(key): \(count) values; at most \(maximumTimes)", parameter: key)
        }
        for element in value.split(separator: ",", omittingEmptySubsequences: false) where DecimalNumber.parse(element) == nil {
          return Response(status: 400, error: "\(key): '\(element)' is not a decimal number", parameter: key)
        }
        arguments.append("\(parameter.option)=\(value)")
      case .text:
        arguments.append("\(parameter.option)=\(value)")
      case .flag:
        guard value == "true" || value == "false" else {
          return Response(status: 400, error: "\(key): '\(value)' must be true or false", parameter: key)
        }
        if value == "true" { arguments.append(parameter.option) }
      }
    }
    if !endpoint.takesBody, let body, !body.isEmpty {
      return Response(status: 400, error: "\(name) takes no request body", parameter: "body")
    }
    if name == "export", values["code"] == nil { arguments.append("--code=all") }
    do {
      switch name {
      case "transition": return Response(status: 200, body: try TunePreview.transition(values))
      case "snap": return Response(status: 200, body: try TunePreview.snap(values))
      default: break
      }
      var samples: [SpringFit.Sample]?
      if let body, !body.isEmpty {
        samples = try Fit.parseSamples(body, source: "body")
        guard samples!.count <= maximumTimes else { throw InputError("body: \(samples!.count) samples; at most \(maximumTimes)") }
      }
      let sink = OutputSink()
      try CommandLineOutput.$sink.withValue(sink) {
        var command = try endpoint.type!.parse(arguments + ["--json"])
        if let fit = command as? Fit {
          try fit.run(samples: samples)  // never a file: `samples` is not a query parameter
        } else {
          try command.run()
        }
      }
      return Response(status: 200, body: sink.text)
    } catch {
      return failure(error, endpoint: endpoint)
    }
  }

  /// A status-400 response naming the query parameter the error is about.
  static func failure(_ error: any Error, endpoint: Endpoint) -> Response {
    // The command's messages name command-line options; the page's user
    // knows the query names. Longer options first (--damping-ratio before --damping).
    let names = endpoint.parameters.map { (query: $0.key, option: $0.value.option) }.sorted { $0.option.count > $1.option.count }
    var message: String
    var parameter: String?
    switch error {
    case let error as HarmonicError:
      message = error.description
      if case let .invalidParameter(name, _, _) = error {
        let bare = name.hasPrefix("--") ? String(name.dropFirst(2)) : name
        parameter = names.first { $0.option == name || $0.query == bare }?.query ?? (bare == "time" ? "times" : bare)
      }
    case let error as InputError:
      message = error.description
    case let error as ParameterError:
      return Response(status: 400, error: error.message, parameter: error.parameter)
    default:
      message = HarmonicCommand.message(for: error)
    }
    // `fit` without data names the command line's file option; here the samples are the body.
    message = message.replacingOccurrences(of: "--samples FILE", with: "CSV samples in the body")
    // Name the parameter the message mentions first.
    var earliest: (position: Int, query: String)?
    for (query, option) in names {
      while let range = message.range(of: option) {
        let position = message.distance(from: message.startIndex, to: range.lowerBound)
        if earliest == nil || position < earliest!.position { earliest = (position, query) }
        message.replaceSubrange(range, with: query)
      }
    }
    if parameter == nil, let earliest {
      parameter = earliest.query
    }
    if message.hasPrefix("body:") { parameter = "body" }
    return Response(status: 400, error: message, parameter: parameter)
  }

  struct QueryFailure: Error { var response: Response }

  /// `a=1&b=x%2Cy` → [("a", "1"), ("b", "x,y")]; `+` is a space.
  static func parse(_ query: String) -> Result<[(name: String, value: String)], QueryFailure> {
    var items: [(name: String, value: String)] = []
    for part in query.split(separator: "&", omittingEmptySubsequences: true) {
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
      }
      guard let name = decode(pair[0]), let value = pair.count == 2 ? decode(pair[1]) : "" else {
        return .failure(QueryFailure(response: Response(status: 400, error: "the query is not valid percent-encoding: '\(part)'", parameter: nil)))
      }
      items.append((name, value))
    }
    return .success(items)
  }
}
