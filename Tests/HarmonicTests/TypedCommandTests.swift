import Foundation
import Harmonic
import Testing

@testable import HarmonicCommands

/// The commands as typed functions: one error type naming the parameter in
/// each front end's spelling, one spring parser behind options, queries and
/// JSON input, one JSON writer whose numbers read back bit for bit.
@Suite("Typed commands")
struct TypedCommandTests {
  @Test("one error type: a parameter is named --kebab-case on the command line and camelCase in queries")
  func errorRendering() throws {
    let error = CommandError("dampingRatio", "`dampingRatio` must be ≥ 0 with `stiffness`; got -1")
    #expect(error.commandLineMessage == "--damping-ratio must be ≥ 0 with --stiffness; got -1")
    #expect(error.queryMessage == "dampingRatio must be ≥ 0 with stiffness; got -1")
    #expect(CommandError.option("maxItemsPerFlick") == "--max-items-per-flick")
    // Text a person gave is never read as a reference, backticks or not.
    let quoted = CommandError("times", "`times`: \(CommandError.literal("`mass`")) is not a decimal number")
    #expect(quoted.commandLineMessage == "--times: ''mass'' is not a decimal number")
    let stray = CommandError(nil, "a lone ` and `two words` stay as they are")
    #expect(stray.commandLineMessage == stray.template)
    // A library error keeps its accepted range and names the command's parameter.
    let library = CommandError(HarmonicError.invalidParameter(name: "time", value: -1, accepted: "within [0, 1e12] (s)"), parameter: "times")
    #expect(library.parameter == "times" && library.queryMessage == "times: time must be within [0, 1e12] (s); got -1.0")
    let own = CommandError(HarmonicError.invalidParameter(name: "valueTolerance", value: 0, accepted: "> 0"), parameter: nil)
    #expect(own.parameter == "valueTolerance" && own.commandLineMessage == "--value-tolerance must be > 0; got 0.0")
  }

  @Test("one spring parser: options, queries, --spring specs and transition input give the same spring and name the same parameter")
  func oneSpringParser() throws {
    let good: [(numbers: [String: Double], spec: String, query: String)] = [
      (["response": 0.5, "dampingRatio": 0.7], "response=0.5,damping-ratio=0.7", "response=0.5&dampingRatio=0.7"),
      (["stiffness": 300, "damping": 12, "mass": 2], "stiffness=300,damping=12,mass=2", "stiffness=300&damping=12&mass=2"),
      (["duration": 0.4, "bounce": -0.5], "duration=0.4,bounce=-0.5", "duration=0.4&bounce=-0.5"),
      (["tension": 40, "friction": 7], "tension=40,friction=7", "tension=40&friction=7"),
      (["bounciness": 4, "speed": 12], "bounciness=4,speed=12", "bounciness=4&speed=12"),
      (["settlingDuration": 0.6, "dampingRatio": 0.8], "settling-duration=0.6,damping-ratio=0.8", "settlingDuration=0.6&dampingRatio=0.8"),
    ]
    for (numbers, spec, query) in good {
      let spring = try SpringParameters(numbers: numbers).spring()
      #expect(try SpringParameters.spring(spec: spec, parameter: "spring") == spring, "\(spec)")
      let object = JSONValue.object(numbers.mapValues { .number($0) })
      #expect(try TransitionScene.spring(object) == spring, "\(numbers)")
      let described = TuneAPI.respond(endpoint: "describe", query: query)
      #expect(described.status == 200)
      let fields = try JSONDecoder().decode(DescribeOutput.self, from: Data(described.body.utf8))
      #expect(fields.stiffness.bitPattern == spring.stiffness.bitPattern && fields.damping.bitPattern == spring.damping.bitPattern)
    }
    let bad: [(numbers: [String: Double], parameter: String)] = [
      (["response": -1, "dampingRatio": 0.7], "response"), (["response": 0.5], "dampingRatio"), (["stiffness": 1, "damping": 1, "response": 1], "damping"),
      (["tension": 40, "friction": 7, "mass": 2], "mass"), (["bounce": 0.5], "duration"), (["mass": 1], "mass"),
      (["settlingDuration": 0.6], "dampingRatio"), (["settlingDuration": 0.6, "dampingRatio": 0], "dampingRatio"),
    ]
    for (numbers, parameter) in bad {
      #expect(throws: CommandError.self) { try SpringParameters(numbers: numbers).spring() }
      do {
        _ = try SpringParameters(numbers: numbers).spring()
      } catch {
        #expect(error.parameter == parameter, "\(numbers): \(error.queryMessage)")
      }
      let query = numbers.keys.sorted().map { "\($0)=\(numbers[$0]!)" }.joined(separator: "&")
      let response = TuneAPI.respond(endpoint: "describe", query: query)
      let body = try JSONDecoder().decode([String: String?].self, from: Data(response.body.utf8))
      #expect(response.status == 400 && body["parameter"] == parameter, "\(query): \(response.body)")
      let object = JSONValue.object(numbers.mapValues { .number($0) })
      do {
        _ = try TransitionScene.spring(object)
        Issue.record("\(numbers) accepted in transition input")
      } catch {
        #expect(error.parameter == "input" && error.template.contains("\"\(parameter)\""), "\(error.template)")
      }
    }
  }

  @Test("the page's API calls the typed functions: its bodies are theirs, written by the one writer")
  func apiCallsTypedFunctions() throws {
    let input = SampleInput(
      spring: SpringParameters(numbers: ["duration": 0.5, "bounce": 0.25]), motion: MotionParameters(from: 3, to: 9, initialVelocity: -2),
      times: [0, 0.1, 1.5])
    let response = TuneAPI.respond(endpoint: "sample", query: "duration=0.5&bounce=0.25&from=3&to=9&initialVelocity=-2&times=0,0.1,1.5")
    let direct = try CommandJSON.string(try input.run())
    #expect(response.status == 200 && response.body == direct)
    // An empty list is a bad number in `times`, not a command-line artefact.
    let empty = TuneAPI.respond(endpoint: "sample", query: "preset=smooth&times=")
    #expect(empty.status == 400 && empty.body.contains("\"parameter\":\"times\"") && !empty.body.contains("--"), "\(empty.body)")
    // Hexadecimal is not a decimal number anywhere text comes in.
    let hex = TuneAPI.respond(endpoint: "describe", query: "stiffness=0x10&damping=1")
    #expect(hex.status == 400 && hex.body.contains("\"parameter\":\"stiffness\""), "\(hex.body)")
  }

  @Test("the one JSON writer: random doubles in every output read back bit for bit; undefined quantities are null")
  func writerRoundTrips() throws {
    var generator = SystemRandomNumberGenerator()
    var samples: [SampleOutput.Sample] = []
    for _ in 0..<3000 {
      func random() -> Double {
        let x = Double(bitPattern: generator.next() & 0x7fef_ffff_ffff_ffff)
        return generator.next() & 1 == 0 ? x : -x
      }
      samples.append(SampleOutput.Sample(time: random(), value: random(), velocity: random()))
    }
    let output = SampleOutput(samples: samples)
    let back = try JSONDecoder().decode(SampleOutput.self, from: Data(try CommandJSON.string(output).utf8))
    for (a, b) in zip(output.samples, back.samples) {
      #expect(a.time.bitPattern == b.time.bitPattern && a.value.bitPattern == b.value.bitPattern && a.velocity.bitPattern == b.velocity.bitPattern)
    }
    // The exact reader reads the writer's text to the same value.
    let text = try CommandJSON.string(output)
    #expect(try JSONValue.parse(Data(text.utf8)).text == text)
    // A settle time that never comes is written null, not left out.
    let never = try SettleInput(spring: SpringParameters(numbers: ["stiffness": 100, "dampingRatio": 0])).run()
    #expect(try CommandJSON.string(never) == #"{"settleTime":null}"#)
  }
}
