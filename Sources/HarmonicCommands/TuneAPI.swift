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
/// - `screen`: the page's push-and-pop preview (`direction` = `push` or
///   `pop`, `release` progress within [0, 1], `velocity` in progress per
///   second within ±100, `fps`): ``ScreenTransition`` frames from the
///   release to rest, and the Swift that makes the transition in an app.
/// - `snap`: a flick on a strip of cards (`offset`, `velocity` in points per
///   second, `fps`): ``Snapping`` target and the animation's frames.
///
/// Each endpoint builds its command's typed input from the query (and the
/// body) and calls the command's function — the same function and the same
/// JSON writer as `harmonic … --json`, so the bodies are byte-identical; no
/// argument strings are built and no output is captured.
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
      body = (try? CommandJSON.string(ErrorBody(error: error, parameter: parameter))) ?? #"{"error":"","parameter":null}"#
    }
  }

  /// `{"error": message, "parameter": name or null}`.
  struct ErrorBody: Encodable {
    var error: String
    var parameter: String?

    enum CodingKeys: String, CodingKey { case error, parameter }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(error, forKey: .error)
      try container.encode(parameter, forKey: .parameter)
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

  /// An endpoint: its query parameters and the typed command it answers with.
  struct Endpoint {
    var parameters: [String: Kind]
    var takesBody = false
    /// The command's typed input from the query (and body), run, written as JSON.
    var run: @Sendable (Query, String?) throws(CommandError) -> String
  }

  static let springParameters = Dictionary(uniqueKeysWithValues: SpringParameters.names.map { ($0, $0 == "preset" ? Kind.text : .number) })
  static let motionParameters = Dictionary(uniqueKeysWithValues: MotionParameters.names.map { ($0, Kind.number) })

  static func with(_ base: [String: Kind], _ more: [String: Kind]) -> [String: Kind] { base.merging(more) { a, _ in a } }

  static let endpoints: [String: Endpoint] = [
    "sample": Endpoint(parameters: with(with(springParameters, motionParameters), ["times": .list])) { query, _ throws(CommandError) in
      guard let times = try query.list("times") else { throw CommandError("times", "`times` is missing: comma-separated seconds") }
      return try CommandJSON.string(try SampleInput(spring: try query.spring(), motion: try query.motion(), times: times).run())
    },
    "describe": Endpoint(parameters: springParameters) { query, _ throws(CommandError) in
      try CommandJSON.string(try DescribeInput(spring: try query.spring()).run())
    },
    "settle": Endpoint(parameters: with(with(springParameters, motionParameters), ["valueTolerance": .number, "velocityTolerance": .number])) {
      query, _ throws(CommandError) in
      var input = SettleInput(spring: try query.spring(), motion: try query.motion())
      if let value = try query.number("valueTolerance") { input.valueTolerance = value }
      if let value = try query.number("velocityTolerance") { input.velocityTolerance = value }
      return try CommandJSON.string(try input.run())
    },
    "export": Endpoint(parameters: with(springParameters, ["code": .text, "tolerance": .number, "relativeVelocity": .number])) {
      query, _ throws(CommandError) in
      let code = query.text("code") ?? "all"
      var input = ExportInput(spring: try query.spring(), format: .code(code == "all" ? nil : code))
      if let tolerance = try query.number("tolerance") { input.tolerance = tolerance }
      if let velocity = try query.number("relativeVelocity") { input.relativeVelocity = velocity }
      return try CommandJSON.string(try input.run())
    },
    "fit": Endpoint(
      parameters: [
        "bezier": .list, "duration": .number, "overshoot": .number, "settleTime": .number, "bounce": .number, "from": .number, "to": .number,
        "fitVelocity": .flag,
      ], takesBody: true
    ) { query, body throws(CommandError) in
      var input = FitInput(
        from: try query.number("from"), to: try query.number("to"), fitVelocity: try query.flag("fitVelocity"), bezier: try query.list("bezier"),
        duration: try query.number("duration"), overshoot: try query.number("overshoot"), settleTime: try query.number("settleTime"),
        bounce: try query.number("bounce"))
      if let body {
        let samples = try parseSamples(body, parameter: "body", source: nil)
        guard !samples.isEmpty else { throw CommandError("body", "`body`: no time,value samples") }
        guard samples.count <= maximumTimes else { throw CommandError("body", "`body`: \(samples.count) samples; at most \(maximumTimes)") }
        input.samples = samples
      }
      return try CommandJSON.string(try input.run())
    },
    "transition": Endpoint(parameters: with(springParameters, ["fps": .number, "direction": .text, "interrupts": .list])) {
      query, _ throws(CommandError) in
      var input = TransitionPreviewInput(spring: try query.spring())
      if let fps = try query.number("fps") { input.fps = fps }
      if let interrupts = try query.list("interrupts") {
        guard interrupts.count <= 16 else { throw CommandError("interrupts", "`interrupts` takes at most 16 times; got \(interrupts.count)") }
        for seconds in interrupts where !(seconds >= 0 && seconds <= 60) {
          throw CommandError("interrupts", "`interrupts` must be seconds within [0, 60] into each segment; got \(seconds)")
        }
        input.interrupts = interrupts
      }
      switch query.text("direction") ?? "list" {
      case "list": input.toList = true
      case "grid": input.toList = false
      case let other: throw CommandError("direction", "`direction` must be list or grid; got \(CommandError.literal(other))")
      }
      return try CommandJSON.string(try input.run())
    },
    "screen": Endpoint(
      parameters: with(springParameters, ["fps": .number, "direction": .text, "release": .number, "velocity": .number])
    ) { query, _ throws(CommandError) in
      var input = ScreenPreviewInput(spring: try query.spring())
      if let fps = try query.number("fps") { input.fps = fps }
      if let release = try query.number("release") { input.release = release }
      if let velocity = try query.number("velocity") { input.velocity = velocity }
      switch query.text("direction") ?? "push" {
      case "push": input.push = true
      case "pop": input.push = false
      case let other: throw CommandError("direction", "`direction` must be push or pop; got \(CommandError.literal(other))")
      }
      return try CommandJSON.string(try input.run())
    },
    "snap": Endpoint(
      parameters: with(springParameters, ["fps": .number, "offset": .number, "velocity": .number, "effect": .text, "amount": .number])
    ) { query, _ throws(CommandError) in
      guard let velocity = try query.number("velocity") else { throw CommandError("velocity", "`velocity` is missing (points per second)") }
      var input = SnapPreviewInput(spring: try query.spring(), velocity: velocity)
      if let fps = try query.number("fps") { input.fps = fps }
      if let offset = try query.number("offset") { input.offset = offset }
      if let name = query.text("effect") { input.effect = try EffectPreview(name: name, amount: try query.number("amount")) }
      return try CommandJSON.string(try input.run())
    },
    "effect": Endpoint(parameters: ["offset": .number, "velocity": .number, "effect": .text, "amount": .number]) {
      query, _ throws(CommandError) in
      let preview = try EffectPreview(name: query.text("effect") ?? "scaleAndFade", amount: try query.number("amount"))
      return try CommandJSON.string(try EffectPreviewOutput(preview, offset: try query.number("offset") ?? 0, velocity: try query.number("velocity") ?? 0))
    },
  ]

  /// The endpoints' names.
  public static var endpointNames: [String] { endpoints.keys.sorted() }

  /// A request's query items, each checked against its endpoint's parameters.
  struct Query {
    var values: [String: String]

    func number(_ name: String) throws(CommandError) -> Double? {
      guard let text = values[name] else { return nil }
      guard let value = DecimalNumber.parse(text) else { throw CommandError(name, "`\(name)`: \(CommandError.literal(text)) is not a decimal number") }
      return value
    }

    func list(_ name: String) throws(CommandError) -> [Double]? {
      guard let text = values[name] else { return nil }
      let count = text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ",") ? 1 : 0) }
      guard count <= maximumTimes else { throw CommandError(name, "`\(name)`: \(count) values; at most \(maximumTimes)") }
      return try parseList(text, parameter: name)
    }

    func text(_ name: String) -> String? { values[name] }

    func flag(_ name: String) throws(CommandError) -> Bool {
      switch values[name] {
      case nil, "false": return false
      case "true": return true
      case let other?: throw CommandError(name, "`\(name)`: \(CommandError.literal(other)) must be true or false")
      }
    }

    func spring() throws(CommandError) -> SpringParameters {
      var parameters = SpringParameters(preset: text("preset"))
      for name in SpringParameters.numberNames { parameters.numbers[name] = try number(name) }
      return parameters
    }

    func motion() throws(CommandError) -> MotionParameters {
      MotionParameters(
        from: try number("from") ?? 0, to: try number("to") ?? 1, initialVelocity: try number("initialVelocity"),
        relativeVelocity: try number("relativeVelocity"))
    }
  }

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
    do throws(CommandError) {
      var values: [String: String] = [:]
      for (key, value) in try parse(query) {
        guard endpoint.parameters[key] != nil else {
          throw CommandError(
            key, "unknown parameter \(CommandError.literal(key)) for \(name); known: \(endpoint.parameters.keys.sorted().joined(separator: ", "))")
        }
        guard values[key] == nil else { throw CommandError(key, "`\(key)` is given twice") }
        values[key] = value
      }
      if !endpoint.takesBody, let body, !body.isEmpty { throw CommandError("body", "\(name) takes no request body") }
      return Response(status: 200, body: try endpoint.run(Query(values: values), endpoint.takesBody ? body : nil))
    } catch {
      return Response(status: 400, error: error.message(naming: { $0 == "samples" ? "CSV samples in the body" : $0 }), parameter: error.parameter)
    }
  }

  /// `a=1&b=x%2Cy` → [("a", "1"), ("b", "x,y")]; `+` is a space.
  static func parse(_ query: String) throws(CommandError) -> [(name: String, value: String)] {
    var items: [(name: String, value: String)] = []
    for part in query.split(separator: "&", omittingEmptySubsequences: true) {
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
      }
      guard let name = decode(pair[0]), let value = pair.count == 2 ? decode(pair[1]) : "" else {
        throw CommandError(nil, "the query is not valid percent-encoding: \(CommandError.literal(part.prefix(80)))")
      }
      items.append((name, value))
    }
    return items
  }
}
