import Foundation
import Harmonic
import HarmonicCommands
import HarmonicTuning

func fuzzTuning(_ input: inout FuzzInput) {
  switch input.int(0...4) {
  case 0:
    let (x1, y1, x2, y2) = (input.moderate() / 256, input.moderate() / 64, input.moderate() / 256, input.moderate() / 64)
    if let curve = attempt({ () throws(HarmonicError) in try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2) }) {
      for x in [0, 0.25, 0.5, 1] {
        require(attempt({ () throws(HarmonicError) in try curve.value(atProgress: x) }).map(\.isFinite) == true, "bezier value at \(x)")
      }
      require(attempt({ () throws(HarmonicError) in try curve.value(atProgress: .nan) }) == nil, "a NaN progress was accepted")
    } else {
      let valid = (0...1).contains(x1) && (0...1).contains(x2) && [y1, y2].allSatisfy { $0.isFinite && $0.magnitude <= 1e3 }
      require(!valid, "a valid cubic-bezier was refused: \(x1), \(y1), \(x2), \(y2)")
    }
    if let fit = attempt({ () throws(HarmonicError) in try SpringFit.fit(bezier: x1, y1, x2, y2, duration: input.double()) }) {
      checkCharacteristics(fit.spring)
      finite(fit.rms, fit.maxError, what: "bezier fit error")
    }
  case 1:
    if let spring = attempt({ () throws(HarmonicError) in try SpringFit.spring(overshoot: input.double(), settleTime: input.double()) }) {
      checkCharacteristics(spring)
    }
  case 2:
    let truth = anySpring(&input)
    let samples: [SpringFit.Sample] = (0..<input.int(0...12)).map { k in
      let t = input.byte() < 16 ? input.double() : Double(k) * truth.response / 8
      let noise = input.byte() < 16 ? input.double() : 0
      let value = (try? SpringMotion(spring: truth, from: 0, to: 1)._checkedState(atSeconds: t).value) ?? 0
      return SpringFit.Sample(time: t, value: value + noise)
    }
    let (from, to): (Double?, Double?) = (input.bool() ? nil : 0, input.bool() ? nil : 1)
    if let fit = attempt({ () throws(HarmonicError) in
      try SpringFit.fit(samples: samples, from: from, to: to, initialVelocity: input.bool() ? nil : 0)
    }) {
      checkCharacteristics(fit.spring)
      require(!fit.rms.isNaN && !fit.maxError.isNaN && !fit.initialVelocity.isNaN, "fit result has NaN")
      // Fitted ends are finite; given ends come back exactly.
      finite(fit.start, fit.target, what: "fitted start and target")
      require(from.map { $0 == fit.start } ?? true, "given start changed: \(fit.start)")
      require(to.map { $0 == fit.target } ?? true, "given target changed: \(fit.target)")
    }
  case 3:
    let spring = anySpring(&input)
    if let css = attempt({ () throws(HarmonicError) in
      try SpringExport.css(spring, tolerance: input.byte() < 64 ? input.double() : 0.001, relativeVelocity: input.moderate() / 16)
    }) {
      finite(css.duration, css.maxError, what: "CSS export")
    }
    if let frames = attempt({ () throws(HarmonicError) in
      try SpringExport.keyframes(spring, framesPerSecond: input.int(-1...1001), relativeVelocity: input.moderate() / 16)
    }) {
      for value in frames.values { finite(value, what: "keyframe") }
    }
  default:
    let series = (0..<input.int(0...3)).map { k in
      SpringPlot.Series(
        label: "s\(k)", spring: anySpring(&input), relativeVelocity: input.moderate() / 16,
        points: (0..<input.int(0...3)).map { _ in SpringFit.Sample(time: input.double(), value: input.double()) })
    }
    if let svg = attempt({ () throws(HarmonicError) in try SpringPlot.svg(series, tolerance: input.double()) }) {
      // A byte scan: Foundation's String.contains cost more than the plot.
      let bytes = Array(svg.utf8)
      let bad = [Array("nan".utf8), Array("inf".utf8)].contains { word in
        bytes.count >= 3 && (0...(bytes.count - 3)).contains { bytes[$0] == word[0] && bytes[$0 + 1] == word[1] && bytes[$0 + 2] == word[2] }
      }
      require(!bad, "SVG with a non-finite coordinate for \(series.map { ($0.spring, $0.relativeVelocity, $0.points) })")
    }
  }
}

/// The command line: the remaining bytes, split at zero bytes, are the
/// arguments after a subcommand name; run quietly (nothing printed, no file
/// written). Every outcome is success or a bad-input status 2.
func fuzzCommandLine(_ input: inout FuzzInput) {
  let commands = ["describe", "sample", "settle", "snap", "decay", "rubber-band", "fit", "plot", "export", "--help", "bogus"]
  var arguments = [input.element(commands)]
  if arguments[0] == "bogus", input.bool() {
    if input.bool() { fuzzTuneAPI(&input) } else { fuzzJSONReader(&input) }
    return
  }
  var current: [UInt8] = []
  while !input.isExhausted {
    let byte = input.byte()
    if byte == 0 {
      arguments.append(String(decoding: current, as: UTF8.self))
      current = []
    } else {
      current.append(byte)
    }
    if arguments.count > 40 { break }
  }
  if !current.isEmpty { arguments.append(String(decoding: current, as: UTF8.self)) }
  let outcome = HarmonicCommand.execute(arguments, quiet: true)
  require(outcome.status == 0 || outcome.status == 2, "exit status \(outcome.status) for \(arguments)")
  require(outcome.status == 0 || !outcome.message.isEmpty, "status 2 without a message for \(arguments)")
}

/// The tuning page's API (`TuneAPI`, reached by the "bogus" command with an
/// odd next byte): an endpoint, query items built from the endpoints'
/// parameter names (and a stranger) with numbers or raw text, and sometimes
/// a body. Every answer is a status of 200, 400, 404 or 413 with one JSON
/// object; every error names what was wrong.
func fuzzTuneAPI(_ input: inout FuzzInput) {
  let endpoint = input.element(TuneAPI.endpointNames + ["nope"])
  let names = [
    "mass", "stiffness", "damping", "response", "dampingRatio", "duration", "bounce", "tension", "friction",
    "bounciness", "speed", "preset", "from", "to", "initialVelocity", "relativeVelocity", "times", "valueTolerance",
    "velocityTolerance", "code", "tolerance", "bezier", "overshoot", "settleTime", "fitVelocity", "fps",
    "direction", "offset", "velocity", "samples", "x",
  ]
  var items: [String] = []
  for _ in 0..<input.int(0...6) {
    let name = input.element(names)
    let value: String
    switch input.int(0...3) {
    case 0: value = "\(input.double())"
    case 1: value = "\(input.moderate())"
    case 2: value = (0..<input.int(1...4)).map { _ in "\(input.moderate())" }.joined(separator: ",")
    default: value = input.element(["all", "android", "css", "list", "grid", "true", "false", "bouncy", "", "%2C", "%ZZ", "1e999", "nan"])
    }
    items.append("\(name)=\(value)")
  }
  let body: String? = input.bool() ? (0..<input.int(0...8)).map { _ in "\(input.moderate()),\(input.moderate())" }.joined(separator: "\n") : nil
  let query = items.joined(separator: "&")
  let response = TuneAPI.respond(endpoint: endpoint, query: query, body: body)
  require([200, 400, 404, 413].contains(response.status), "status \(response.status) for \(endpoint)?\(query)")
  let object = (try? JSONSerialization.jsonObject(with: Data(response.body.utf8))) as? [String: Any]
  require(object != nil, "not one JSON object for \(endpoint)?\(query): \(response.body.prefix(200))")
  if response.status != 200 {
    require(!((object?["error"] as? String) ?? "").isEmpty, "an error without a message for \(endpoint)?\(query)")
  }
}

/// The commands' JSON reader (reached by the "bogus" command): any bytes are
/// a document or a `CommandError` about `input`, never a trap or another error, and a
/// document with finite numbers written back out parses to an equal value
/// (numbers bit for bit).
func fuzzJSONReader(_ input: inout FuzzInput) {
  var bytes: [UInt8] = []
  while !input.isExhausted { bytes.append(input.byte()) }
  let value: JSONValue
  do {
    value = try JSONValue.parse(Data(bytes))
  } catch {
    require(error.parameter == "input" && !error.template.isEmpty, "the JSON reader threw \(error) for \(bytes)")
    return
  }
  guard value.isFinite else { return }
  let again = try? JSONValue.parse(Data(value.text.utf8))
  require(again == value, "\(value.text) did not read back equal")
}
