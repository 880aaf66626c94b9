import Foundation
import Harmonic
import HarmonicCommands
import Testing

/// Runs the built `harmonic` executable, as a user (and the acceptance checks) would.
func harmonicArgs(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
  let process = Process()
  process.executableURL = Bundle.main.bundleURL.appendingPathComponent("harmonic")
  process.arguments = arguments
  let out = Pipe(), err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let stdout = out.fileHandleForReading.readDataToEndOfFile()
  let stderr = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}

func harmonic(_ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
  try harmonicArgs(arguments)
}

func jsonObject(_ text: String) throws -> [String: Any] {
  try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite("The harmonic command")
struct CLITests {
  @Test("describe --json has every parameterization, in each spring family")
  func describe() throws {
    let families: [[String]] = [
      ["--mass", "1", "--stiffness", "157.91367041742973", "--damping", "17.592918860102841"],
      ["--response", "0.5", "--damping-ratio", "0.7"],
      ["--duration", "0.5", "--bounce", "0.3"],
      ["--preset", "bouncy"],
    ]
    for family in families {
      let result = try harmonicArgs(["describe"] + family + ["--json"])
      #expect(result.status == 0, "\(family): \(result.stderr)")
      let json = try jsonObject(result.stdout)
      for key in ["mass", "stiffness", "damping", "dampingRatio", "response", "duration", "bounce", "naturalFrequency", "settlingDuration"] {
        #expect(json[key] is Double, "\(key) missing for \(family)")
      }
      #expect(((json["dampingRatio"] as? Double ?? 0) - 0.7).magnitude < 1e-12)
      #expect(((json["bounce"] as? Double ?? 0) - 0.3).magnitude < 1e-12)
    }
    let pop = try jsonObject(harmonicArgs(["describe", "--bounciness", "4", "--speed", "12", "--json"]).stdout)
    #expect(((pop["stiffness"] as? Double ?? 0) - 342.1006).magnitude < 1e-4)
    let origami = try jsonObject(harmonicArgs(["describe", "--tension", "40", "--friction", "7", "--json"]).stdout)
    #expect(origami["stiffness"] as? Double == 230.2)
  }

  @Test("sample --json prints full-precision samples that round-trip")
  func sample() throws {
    let result = try harmonic(
      "sample", "--mass", "1", "--stiffness", "1", "--damping", "1e9",
      "--from", "1", "--to", "0", "--initial-velocity", "0", "--times", "0,1e9", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let samples = try #require(try jsonObject(result.stdout)["samples"] as? [[String: Double]])
    #expect(samples.count == 2)
    #expect(samples[0]["value"] == 1 && samples[0]["velocity"] == 0 && samples[0]["time"] == 0)
    #expect(ulpDistance(samples[1]["value"]!, 0.36787944117144233) <= 4)
    // The printed decimals are the shortest that round-trip.
    #expect(result.stdout.contains("\"time\":1000000000,") && result.stdout.contains("\"value\":0.36787944117144233"))
  }

  @Test("settle --json gives the exact settle time, and null for never")
  func settle() throws {
    let result = try harmonic(
      "settle", "--preset", "smooth", "--from", "0", "--to", "1", "--initial-velocity", "0",
      "--value-tolerance", "0.001", "--velocity-tolerance", "inf", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let time = try #require(try jsonObject(result.stdout)["settleTime"] as? Double)
    #expect((time - 0.7347716981942959).magnitude < 1e-9)
    let never = try harmonic(
      "settle", "--mass", "1", "--stiffness", "10", "--damping", "0", "--from", "0", "--to", "1",
      "--value-tolerance", "0.01", "--velocity-tolerance", "1", "--json")
    #expect(never.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "{\"settleTime\":null}")
  }

  @Test("bad input prints the message on stderr and exits with status 2")
  func badInput() throws {
    let cases: [([String], String)] = [
      (["describe", "--mass", "-1", "--stiffness", "1", "--damping", "1"], "mass must be"),
      (["describe", "--stiffness", "nan", "--damping", "1"], "'nan' is not a decimal number"),
      (["describe", "--stiffness", "0x10", "--damping", "1"], "'0x10' is not a decimal number"),
      (["describe", "--stiffness", "1e400", "--damping", "1"], "--stiffness must be"),
      (["describe", "--duration", "0.5", "--bounce", "-1"], "bounce must be"),
      (["describe", "--response", "1"], "--damping-ratio is missing"),
      (["describe", "--response", "1", "--damping-ratio", "1", "--stiffness", "3"], "one spring family"),
      (["describe"], "give one spring"),
      (["sample", "--preset", "smooth", "--times", "0,-1"], "time must be"),
      (["sample", "--preset", "smooth", "--times", "0,x"], "--times: 'x' is not a decimal number"),
      (["settle", "--preset", "smooth", "--value-tolerance", "0"], "--value-tolerance must be"),
      (["describe", "--preset", "wobbly"], "unknown preset"),
      (["describe", "--bogus"], "Unknown option"),
    ]
    for (arguments, message) in cases {
      let result = try harmonicArgs(arguments)
      #expect(result.status == 2, "\(arguments) exited \(result.status)")
      #expect(result.stderr.contains(message), "\(arguments): stderr was \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test("tables for people without --json")
  func tables() throws {
    let result = try harmonic("describe", "--preset", "bouncy")
    #expect(result.status == 0)
    #expect(result.stdout.contains("stiffness") && result.stdout.contains("157.91367041742973"))
  }

  @Test("snap, decay and rubber-band print their JSON contracts")
  func scrollCommands() throws {
    let snap = try harmonic(
      "snap", "--count", "10", "--item-extent", "300", "--spacing", "20", "--viewport", "400",
      "--offset", "270", "--velocity", "60", "--json")
    #expect(snap.status == 0, "\(snap.stderr)")
    let result = try jsonObject(snap.stdout)
    #expect(result["target"] as? Double == 590 && result["index"] as? Int == 2)
    #expect(((result["restOffset"] as? Double ?? 0) - (270 - 60 / (1000 * log(0.998)))).magnitude < 1e-9)

    let rtl = try jsonObject(
      harmonic(
        "snap", "--count", "10", "--item-extent", "300", "--spacing", "20", "--viewport", "400",
        "--offset", "100", "--velocity", "0", "--rtl", "--json"
      ).stdout)
    #expect(rtl["index"] as? Int == 9 && rtl["target"] as? Double == 0)

    let decay = try jsonObject(harmonic("decay", "--velocity", "100", "--rate", "0.998", "--from", "100", "--times", "0,1", "--json").stdout)
    #expect(((decay["restOffset"] as? Double ?? 0) - (100 - 100 / (1000 * log(0.998)))).magnitude < 1e-9)
    #expect((decay["samples"] as? [[String: Double]])?.count == 2)

    let band = try jsonObject(harmonic("rubber-band", "--overscroll", "100", "--dimension", "960", "--json").stdout)
    #expect(((band["offset"] as? Double ?? 0) - 52.02).magnitude < 0.005)

    for arguments in [
      ["decay", "--velocity", "1", "--rate", "1"], ["rubber-band", "--overscroll", "1", "--dimension", "-3"],
      ["snap", "--count", "0", "--item-extent", "1", "--viewport", "10", "--offset", "0", "--velocity", "0"],
      ["snap", "--count", "3", "--item-extent", "1", "--viewport", "10", "--offset", "1e13", "--velocity", "0"],
    ] {
      let bad = try harmonicArgs(arguments)
      #expect(bad.status == 2 && bad.stderr.contains("must be"), "\(arguments): \(bad.stderr)")
    }
  }

  @Test("fit, plot and export: the tuning contract")
  func tuning() throws {
    let design = try jsonObject(harmonic("fit", "--overshoot", "5", "--settle-time", "0.4", "--json").stdout)
    for key in ["mass", "stiffness", "damping", "dampingRatio", "response", "rms", "maxError"] { #expect(design[key] is Double, "\(key)") }
    #expect(((design["settlingDuration"] as? Double ?? 0) - 0.4).magnitude < 1e-9)

    // Samples from a known spring, written to a CSV, come back as that spring.
    let truth = try Spring(response: 0.5, dampingRatio: 0.4)
    let motion = try SpringMotion(spring: truth, from: 10, to: 110)
    var csv = "time,value\n"
    for i in 0..<100 { csv += "\(Double(i) * 0.02),\(try motion._checkedState(atSeconds: Double(i) * 0.02).value)\n" }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-fit-\(getpid()).csv").path
    try csv.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let plotPath = path + ".svg"
    defer { try? FileManager.default.removeItem(atPath: plotPath) }
    let fitted = try harmonic("fit", "--samples", path, "--from", "10", "--to", "110", "--json", "--plot", plotPath)
    #expect(fitted.status == 0, "\(fitted.stderr)")
    let result = try jsonObject(fitted.stdout)
    #expect(((result["stiffness"] as? Double ?? 0) / truth.stiffness - 1).magnitude < 1e-8)
    #expect(((result["damping"] as? Double ?? 0) / truth.damping - 1).magnitude < 1e-8)
    #expect(FileManager.default.fileExists(atPath: plotPath))

    // Cut off at 0.25 s, before it settles, and fitted without --from/--to.
    var truncated = "time,value\n"
    let stiff = try SpringMotion(spring: try Spring(mass: 1, stiffness: 300, damping: 20), from: 10, to: 110)
    for i in 0...60 { truncated += "\(Double(i) / 240),\(try stiff._checkedState(atSeconds: Double(i) / 240).value)\n" }
    try truncated.write(toFile: path, atomically: true, encoding: .utf8)
    let cut = try jsonObject(harmonic("fit", "--samples", path, "--json").stdout)
    #expect(((cut["stiffness"] as? Double ?? 0) / 300 - 1).magnitude < 1e-6)
    #expect(((cut["damping"] as? Double ?? 0) / 20 - 1).magnitude < 1e-6)
    #expect(((cut["target"] as? Double ?? 0) / 110 - 1).magnitude < 1e-6)
    #expect(cut["fitted"] as? [String] == ["start", "target"])

    let bezier = try jsonObject(harmonic("fit", "--bezier", "0.25,0.1,0.25,1", "--duration", "0.3", "--json").stdout)
    #expect((bezier["rms"] as? Double ?? 1) < 0.05)

    let css = try jsonObject(harmonic("export", "--preset", "bouncy", "--css", "--json").stdout)
    #expect((css["easing"] as? String ?? "").hasPrefix("linear(0,") && (css["maxError"] as? Double ?? 1) <= 0.001)
    let frames = try jsonObject(harmonic("export", "--preset", "bouncy", "--keyframes", "--fps", "120", "--json").stdout)
    #expect((frames["values"] as? [Double])?.last == 1 && frames["fps"] as? Int == 120)

    let svgPath = path + ".plot.svg"
    defer { try? FileManager.default.removeItem(atPath: svgPath) }
    #expect(try harmonic("plot", "--preset", "bouncy", "--spring", "duration=0.5,bounce=0", "--out", svgPath).status == 0)
    #expect(try String(contentsOfFile: svgPath, encoding: .utf8).contains("</svg>"))

    for arguments in [
      ["fit", "--overshoot", "150", "--settle-time", "1"], ["fit", "--samples", "/nonexistent.csv"],
      ["fit"], ["export", "--preset", "bouncy"], ["plot", "--spring", "duration=-1,bounce=0", "--out", svgPath],
    ] {
      let bad = try harmonicArgs(arguments)
      #expect(bad.status == 2 && !bad.stderr.isEmpty, "\(arguments)")
    }
  }
}

@Suite("harmonic transition: the JSON contract")
struct TransitionCLITests {
  static var scene: [String: Any] {
    [
      "viewport": ["width": 320, "height": 568],
      "from": [
        "contentOffset": [0, 0], "contentSize": [320, 1000],
        "items": [
          ["id": "a", "center": [50, 50], "size": [100, 100]],
          ["id": "b", "center": [160, 50], "size": [100, 100], "alpha": 0.5, "zIndex": 2],
          ["id": "gone", "center": [270, 50], "size": [100, 100], "transform": [0.5, 0, 0, 0.5, 0, 0]],
        ],
      ],
      "to": [
        "contentOffset": [0, 100], "contentSize": [320, 2000],
        "items": [
          ["id": "b", "center": [160, 22], "size": [320, 44], "zIndex": 5],
          ["id": "a", "kind": "header", "center": [160, 66], "size": [320, 44], "transform": [1, 0, 0, 1, 3, 4]],
          ["id": "new", "center": [160, 110], "size": [320, 44]],
        ],
      ],
      "inserted": ["new"], "deleted": ["gone"],
      "spring": ["response": 0.3, "dampingRatio": 0.8],
      "velocity": ["a": ["center": [0, -500]]],
    ]
  }

  func run(_ scene: [String: Any], _ options: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-transition-\(UUID().uuidString).json")
    try JSONSerialization.data(withJSONObject: scene).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try harmonicArgs(["transition", "--input", url.path] + options)
  }

  func items(_ frame: [String: Any]) -> [String: [String: Any]] {
    Dictionary(uniqueKeysWithValues: (frame["items"] as! [[String: Any]]).map { ($0["id"] as! String, $0) })
  }

  @Test("frames start exactly at from, end exactly at to, and follow the closed form between")
  func contract() throws {
    let result = try run(TransitionCLITests.scene, ["--fps", "60", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let output = try jsonObject(result.stdout)
    let completion = try #require(output["completion"] as? Double)
    let frames = try #require(output["frames"] as? [[String: Any]])
    let times = frames.map { $0["time"] as! Double }
    #expect(times.last! >= completion && times.dropLast().allSatisfy { $0 < completion })
    for (k, t) in times.enumerated() { #expect((t - Double(k) / 60).magnitude <= 1e-9) }  // k/F to the nearest tick
    // At 0: "from", bit for bit (zIndex already the end's), the inserted item at alpha 0 on its end pose.
    let first = items(frames[0])
    #expect(first["a"]!["center"] as! [Double] == [50, 50] && first["b"]!["alpha"] as! Double == 0.5 && first["b"]!["zIndex"] as! Int == 5)
    #expect(first["gone"]!["transform"] as! [Double] == [0.5, 0, 0, 0.5, 0, 0] && first["new"]!["alpha"] as! Double == 0)
    #expect(first["new"]!["center"] as! [Double] == [160, 110] && frames[0]["contentOffset"] as! [Double] == [0, 0])
    // From completion on: "to"; the deleted item at alpha 0 on its start pose.
    let last = items(frames.last!)
    #expect(last["a"]!["center"] as! [Double] == [160, 66] && last["a"]!["transform"] as! [Double] == [1, 0, 0, 1, 3, 4])
    #expect(last["b"]!["size"] as! [Double] == [320, 44] && last["b"]!["alpha"] as! Double == 1 && last["new"]!["alpha"] as! Double == 1)
    #expect(last["gone"]!["alpha"] as! Double == 0 && last["gone"]!["center"] as! [Double] == [270, 50])
    #expect(frames.last!["progress"] as! Double == 1 && frames.last!["contentOffset"] as! [Double] == [0, 100])
    // Between: each channel is the scalar closed form, the offset follows p̄ (= the step response, one shared spring).
    let spring = try Spring(response: 0.3, dampingRatio: 0.8)
    for frame in frames.dropFirst().dropLast() {
      let t = frame["time"] as! Double
      let p = try SpringMotion(spring: spring, from: 0, to: 1)._checkedState(atSeconds: t).value
      #expect(((frame["progress"] as! Double) - p).magnitude <= 1e-15)
      #expect(((frame["contentOffset"] as! [Double])[1] - 100 * p).magnitude <= 1e-12)
      let a = items(frame)["a"]!["center"] as! [Double]
      let ay = try SpringMotion(spring: spring, from: 50, to: 66, initialVelocity: -500)._checkedState(atSeconds: t).value
      #expect((a[1] - ay).magnitude <= 1e-12 * 100, "a.y at \(t)")
      let alpha = items(frame)["gone"]!["alpha"] as! Double
      #expect((alpha - (1 - p)).magnitude <= 1e-15)
    }
  }

  /// The parts of `harmonic transition --json` output the round-trip test reads.
  struct Output: Decodable {
    struct Item: Decodable {
      var id: String
      var center: [Double]
      var size: [Double]
      var transform: [Double]
      var alpha: Double
    }
    struct Frame: Decodable { var items: [Item] }
    var frames: [Frame]
  }

  @Test("frame 0 is the input bit for bit for random numbers in shortest and 17-digit form")
  func numbersRoundTrip() throws {
    var random = SeededGenerator(seed: 0x7261_6e64)
    func number(_ range: ClosedRange<Double>) -> Double {
      // Random bits inside the range, so that most numbers need 15–17 digits.
      Double.random(in: range, using: &random)
    }
    func text(_ value: Double, _ k: Int) -> String { k % 3 == 0 ? String(format: "%.17g", value) : "\(value)" }
    var expected: [String: [Double]] = [:]
    var items: [String] = []
    for k in 0..<300 {
      let values =
        [number(-5_000...5_000), number(-5_000...5_000), number(0...400), number(0...400)]
        + (0..<6).map { _ in number(-2...2) } + [number(0...1)]
      expected["i\(k)"] = values
      let t = values.map { text($0, k) }
      items.append(
        "{\"id\": \"i\(k)\", \"center\": [\(t[0]), \(t[1])], \"size\": [\(t[2]), \(t[3])], "
          + "\"transform\": [\(t[4...9].joined(separator: ", "))], \"alpha\": \(t[10])}")
    }
    let side = "{\"contentOffset\": [0, 0], \"contentSize\": [10000, 10000], \"items\": [\(items.joined(separator: ", "))]}"
    let input =
      "{\"viewport\": {\"width\": 320, \"height\": 568}, \"from\": \(side), \"to\": \(side), "
      + "\"spring\": {\"response\": 0.3, \"dampingRatio\": 0.8}}"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-roundtrip-\(UUID().uuidString).json")
    try Data(input.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try harmonicArgs(["transition", "--input", url.path, "--times", "0", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
    let frame = try #require(output.frames.first)
    #expect(frame.items.count == 300)
    var differing = 0
    for item in frame.items {
      let got = item.center + item.size + item.transform + [item.alpha]
      let want = try #require(expected[item.id])
      differing += zip(got, want).filter { $0.bitPattern != $1.bitPattern }.count
    }
    #expect(differing == 0, "\(differing) of 3,300 numbers differ at frame 0")
  }

  @Test("malformed input exits 2 with a message naming what was wrong, and prints nothing")
  func badInput() throws {
    func mutated(_ change: (inout [String: Any]) -> Void) -> [String: Any] {
      var scene = TransitionCLITests.scene
      change(&scene)
      return scene
    }
    func withItems(_ side: String, _ list: [[String: Any]]) -> [String: Any] {
      mutated { scene in
        var object = scene[side] as! [String: Any]
        object["items"] = list
        scene[side] = object
      }
    }
    let cases: [([String: Any], String)] = [
      (mutated { $0["spring"] = nil }, "spring"),
      (mutated { $0["inserted"] = [] }, "\"new\""),
      (mutated { $0["deleted"] = [] }, "\"gone\""),
      (withItems("from", []), "from.items"),
      (withItems("from", [["id": "a", "center": [0, 0], "size": [10, 10]], ["id": "a", "center": [0, 0], "size": [10, 10]]]), "twice"),
      (withItems("to", [["id": "b", "center": [0, 0], "size": [-1, 10]]]), "size"),
      (withItems("to", [["id": "b", "center": [0, 0]]]), "size"),
      (withItems("to", [["id": "b", "center": [0, true], "size": [1, 1]]]), "center"),
      (mutated { $0["viewport"] = ["width": 0, "height": 10] }, "viewport"),
      (mutated { $0["spring"] = ["response": -1, "dampingRatio": 1] }, "response"),
      (mutated { $0["velocity"] = ["nobody": ["center": [1, 1]]] }, "nobody"),
      // A misspelt key is refused, named, at any level (it was silently ignored).
      (mutated { $0["sprng"] = ["response": 0.3] }, "input.sprng: unknown"),
      (mutated { $0["viewport"] = ["width": 320, "height": 480, "depth": 1] }, "viewport.depth: unknown"),
      (withItems("to", [["id": "b", "center": [0, 0], "size": [1, 1], "alhpa": 0.5]]), "to.items[0].alhpa: unknown"),
    ]
    for alpha in [2.0, -1] {
      let items: [[String: Any]] = [
        ["id": "a", "center": [50, 50], "size": [100, 100], "alpha": alpha], ["id": "b", "center": [160, 50], "size": [100, 100]],
        ["id": "gone", "center": [270, 50], "size": [100, 100]],
      ]
      let result = try run(withItems("from", items), ["--fps", "60", "--json"])
      #expect(result.status == 2 && result.stdout.isEmpty && result.stderr.contains("alpha must be within [0, 1]"), "\(result.stderr)")
    }
    for (scene, needle) in cases {
      let result = try run(scene, ["--fps", "60", "--json"])
      #expect(result.status == 2 && result.stdout.isEmpty && result.stderr.contains(needle), "\(needle): \(result.stderr)")
    }
    // A member given twice in one object is refused (the last one used to win silently).
    let twice = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-twice-\(UUID().uuidString).json")
    try Data("{\"viewport\": {\"width\": 320, \"width\": 480, \"height\": 480}}".utf8).write(to: twice)
    defer { try? FileManager.default.removeItem(at: twice) }
    let repeated = try harmonicArgs(["transition", "--input", twice.path, "--times", "0"])
    #expect(repeated.status == 2 && repeated.stderr.contains("\"width\" appears twice"), "\(repeated.stderr)")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-bad-\(UUID().uuidString).json")
    try Data("{\"viewport\": [1e400]}".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let notJSON = try harmonicArgs(["transition", "--input", url.path, "--times", "0"])
    #expect(notJSON.status == 2 && notJSON.stdout.isEmpty && notJSON.stderr.contains("JSON"), "\(notJSON.stderr)")
    let soft = mutated { $0["spring"] = ["mass": 1, "stiffness": 1e-6, "damping": 1e-3] }
    let tooMany = try run(soft, ["--fps", "1000", "--json"])
    #expect(tooMany.status == 2 && tooMany.stderr.contains("frames"), "\(tooMany.stderr)")
  }

  @Test("tune is a subcommand of the one parser: its options are checked, and serving names the trait it needs")
  func tune() throws {
    let tune = try #require(HarmonicCommand.tuneCommand(in: ["tune", "--port", "0", "--host", "::1"]))
    #expect(tune.port == 0 && tune.host == "::1")
    #expect(HarmonicCommand.tuneCommand(in: ["tune"])?.port == 8765)
    #expect(HarmonicCommand.tuneCommand(in: ["tune", "--port", "65536"]) == nil)
    #expect(HarmonicCommand.tuneCommand(in: ["describe", "--preset", "smooth"]) == nil)
    let badPort = HarmonicCommand.execute(["tune", "--port", "70000"], quiet: true)
    #expect(badPort.status == 2 && badPort.message.contains("--port must be within 0...65535"), "\(badPort.message)")
    let emptyHost = HarmonicCommand.execute(["tune", "--host", ""], quiet: true)
    #expect(emptyHost.status == 2 && emptyHost.message.contains("--host"), "\(emptyHost.message)")
    // The parser never serves; the executable does, when the trait linked the server.
    let serve = HarmonicCommand.execute(["tune"], quiet: true)
    #expect(serve.status == 2 && serve.message.contains("swift run --traits TuningServer harmonic tune"), "\(serve.message)")
    let help = HarmonicCommand.execute(["--help"], quiet: true)
    #expect(help.status == 0 && help.message.contains("tune"))
  }

  @Test("--version prints the newest release of CHANGELOG.md")
  func version() throws {
    let outcome = HarmonicCommand.execute(["--version"], quiet: true)
    #expect(outcome.status == 0 && outcome.message == HarmonicCommand.version)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
    #expect(releases.first?.hasPrefix("## [\(HarmonicCommand.version)]") == true, "\(releases.first ?? "no release heading")")
  }
}
