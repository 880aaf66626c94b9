import Foundation
import Harmonic
import HarmonicCommands
import HarmonicTuning
import Testing

/// The tuning page's JSON API without a server: the same bytes as the
/// command line, and every bad request a 4xx naming the parameter.
@Suite("Tuning page API")
struct TuneAPITests {
  /// The command line's stdout without its final newline.
  func cli(_ arguments: [String]) throws -> String {
    let result = try harmonicArgs(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return result.stdout.hasSuffix("\n") ? String(result.stdout.dropLast()) : result.stdout
  }

  func error(_ response: TuneAPI.Response) throws -> (message: String, parameter: String?) {
    let json = try jsonObject(response.body)
    return (try #require(json["error"] as? String), json["parameter"] as? String)
  }

  @Test("sample answers exactly `harmonic sample … --json`, in every spring family and motion")
  func sampleMatchesCLI() throws {
    let cases: [(query: String, arguments: [String])] = [
      (
        "response=0.5&dampingRatio=0.7&times=0,0.1,0.25,1",
        ["--response", "0.5", "--damping-ratio", "0.7", "--times", "0,0.1,0.25,1"]
      ),
      (
        "stiffness=300&damping=12&mass=2&from=10&to=-4&initialVelocity=250&times=0,0.05,0.5,3",
        ["--stiffness", "300", "--damping", "12", "--mass", "2", "--from", "10", "--to", "-4", "--initial-velocity", "250", "--times", "0,0.05,0.5,3"]
      ),
      (
        "stiffness=157.91367041742973&damping=17.592918860102841&times=1e-9,0.3333333333333333",
        ["--stiffness", "157.91367041742973", "--damping", "17.592918860102841", "--times", "1e-9,0.3333333333333333"]
      ),
      (
        "duration=0.4&bounce=-0.5&relativeVelocity=3&to=320&times=0.016666666666666666,0.2",
        ["--duration", "0.4", "--bounce", "-0.5", "--relative-velocity", "3", "--to", "320", "--times", "0.016666666666666666,0.2"]
      ),
      ("preset=bouncy&times=0%2C0.5", ["--preset", "bouncy", "--times", "0,0.5"]),
      ("stiffness=100&dampingRatio=0&times=1e12", ["--stiffness", "100", "--damping-ratio", "0", "--times", "1e12"]),
    ]
    for (query, arguments) in cases {
      let response = TuneAPI.respond(endpoint: "sample", query: query)
      #expect(response.status == 200, "\(query): \(response.body)")
      #expect(response.body == (try cli(["sample"] + arguments + ["--json"])), "\(query)")
    }
  }

  @Test("describe, settle, export and fit answer exactly their commands' --json")
  func otherEndpointsMatchCLI() throws {
    let pairs: [(endpoint: String, query: String, arguments: [String])] = [
      ("describe", "duration=0.5&bounce=0.3", ["describe", "--duration", "0.5", "--bounce", "0.3"]),
      ("describe", "tension=40&friction=7", ["describe", "--tension", "40", "--friction", "7"]),
      (
        "settle", "response=0.5&dampingRatio=0.3&valueTolerance=0.01&velocityTolerance=inf",
        ["settle", "--response", "0.5", "--damping-ratio", "0.3", "--value-tolerance", "0.01", "--velocity-tolerance", "inf"]
      ),
      (
        "export", "mass=1&stiffness=157.91367041742973&damping=3.518583772020569",
        ["export", "--code", "all", "--mass", "1", "--stiffness", "157.91367041742973", "--damping", "3.518583772020569"]
      ),
      (
        "export", "duration=0.5&bounce=0.25&code=android&tolerance=0.0005",
        ["export", "--code", "android", "--duration", "0.5", "--bounce", "0.25", "--tolerance", "0.0005"]
      ),
      ("fit", "bezier=0.25,0.1,0.25,1&duration=0.5", ["fit", "--bezier", "0.25,0.1,0.25,1", "--duration", "0.5"]),
      ("fit", "overshoot=10&settleTime=0.8", ["fit", "--overshoot", "10", "--settle-time", "0.8"]),
    ]
    for (endpoint, query, arguments) in pairs {
      let response = TuneAPI.respond(endpoint: endpoint, query: query)
      #expect(response.status == 200, "\(endpoint)?\(query): \(response.body)")
      #expect(response.body == (try cli(arguments + ["--json"])), "\(endpoint)?\(query)")
    }
    // CSV samples in the body fit exactly as the same file does.
    let motion = try SpringMotion(spring: try Spring(response: 0.45, dampingRatio: 0.6), from: 2, to: 7)
    let csv =
      "time,value\n"
      + (0...60).map { i -> String in
        let t = Double(i) / 100
        return "\(t),\(try! motion._checkedState(atSeconds: t).value)"
      }.joined(separator: "\n")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tune-fit-\(UUID().uuidString).csv")
    try csv.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let response = TuneAPI.respond(endpoint: "fit", query: "fitVelocity=true", body: csv)
    #expect(response.status == 200, "\(response.body)")
    #expect(response.body == (try cli(["fit", "--samples", file.path, "--fit-velocity", "--json"])))
    let fitted = try jsonObject(response.body)
    #expect(((fitted["dampingRatio"] as? Double ?? 0) - 0.6).magnitude < 1e-6)
  }

  @Test("Bad requests get 400/404/413 with a JSON error naming the parameter")
  func badRequests() throws {
    let cases: [(endpoint: String, query: String, body: String?, status: Int, parameter: String?)] = [
      ("sample", "response=-1&dampingRatio=0.7&times=0", nil, 400, "response"),
      ("sample", "response=0.5&dampingRatio=abc&times=0", nil, 400, "dampingRatio"),
      ("sample", "response=0.5&dampingRatio=-0.1&times=0", nil, 400, "dampingRatio"),
      ("sample", "response=0.5&times=0", nil, 400, "dampingRatio"),
      ("sample", "response=0.5&dampingRatio=0.5&times=0,x", nil, 400, "times"),
      ("sample", "response=0.5&dampingRatio=0.5&times=-1", nil, 400, "times"),
      ("sample", "response=0.5&dampingRatio=0.5", nil, 400, "times"),
      ("sample", "response=0.5&dampingRatio=0.5&times=0&times=1", nil, 400, "times"),
      ("sample", "response=0.5&dampingRatio=0.5&times=0&samples=/etc/passwd", nil, 400, "samples"),
      ("sample", "response=0.5&dampingRatio=0.5&initialVelocity=1&relativeVelocity=1&times=0", nil, 400, "initialVelocity"),
      ("sample", "stiffness=1&damping=1&response=1&times=0", nil, 400, "damping"),
      ("sample", "preset=wobbly&times=0", nil, 400, "preset"),
      ("sample", "response=0.5&dampingRatio=0.5&times=" + Array(repeating: "0", count: 10_001).joined(separator: ","), nil, 400, "times"),
      ("sample", "response=0.5&dampingRatio=0.5&times=0", "1,2", 400, "body"),
      ("sample", "response=%ZZ", nil, 400, nil),
      ("sample", String(repeating: "a", count: TuneAPI.maximumQueryBytes + 1), nil, 413, nil),
      ("export", "response=0.5&dampingRatio=0&code=all", nil, 400, "spring"),
      ("export", "response=0.5&dampingRatio=0.5&code=java", nil, 400, "code"),
      ("export", "response=0.5&dampingRatio=0.5&tolerance=1e-9", nil, 400, "tolerance"),
      ("fit", "fitVelocity=maybe", nil, 400, "fitVelocity"),
      ("fit", "", nil, 400, "bezier"),
      ("fit", "", "0,0\n0.1,zero", 400, "body"),
      ("fit", "", "", 400, "body"),
      ("fit", "", "time,value\n", 400, "body"),
      ("sample", "preset=smooth&times=", nil, 400, "times"),
      ("sample", "preset=smooth&times=0,,1", nil, 400, "times"),
      ("describe", "tension=-1&friction=7", nil, 400, "tension"),
      ("describe", "stiffness=0x10&damping=1", nil, 400, "stiffness"),
      ("sample", "response=0.5%00garbage&dampingRatio=0.5&times=0", nil, 400, "response"),
      ("fit", "", String(repeating: "0,0\n", count: TuneAPI.maximumBodyBytes / 4 + 1), 413, "body"),
      ("transition", "response=0.5&dampingRatio=0.5&direction=sideways", nil, 400, "direction"),
      ("transition", "response=0.5&dampingRatio=0.5&fps=1000", nil, 400, "fps"),
      ("transition", "response=5&dampingRatio=0.01", nil, 400, "spring"),
      ("snap", "response=0.5&dampingRatio=0.5", nil, 400, "velocity"),
      ("snap", "response=0.5&dampingRatio=0.5&velocity=1e300", nil, 400, "velocity"),
      ("screen", "response=0.5&dampingRatio=0.5&direction=sideways", nil, 400, "direction"),
      ("screen", "response=0.5&dampingRatio=0.5&release=1.5", nil, 400, "release"),
      ("screen", "response=0.5&dampingRatio=0.5&velocity=1e3", nil, 400, "velocity"),
      ("shutdown", "", nil, 404, nil),
    ]
    for (endpoint, query, body, status, parameter) in cases {
      let response = TuneAPI.respond(endpoint: endpoint, query: query, body: body)
      let shown = "\(endpoint)?\(query.prefix(80))"
      #expect(response.status == status, "\(shown): \(response.body)")
      let (message, named) = try error(response)
      #expect(!message.isEmpty)
      #expect(named == parameter, "\(shown): \(message)")
      #expect(!message.contains("--"), "\(shown): the message names a command-line option: \(message)")
    }
    // Spaces around a number (a form's "+" or %20) are not an error.
    let spaced = TuneAPI.respond(endpoint: "sample", query: "response=%200.5&dampingRatio=0.5+&mass=%201%20&times=0")
    #expect(spaced.status == 200, "\(spaced.body)")
  }

  @Test("The transition preview plays the library's transition: grid at frame 0, list at the last, one frame per 1/fps")
  func transitionPreview() throws {
    let response = TuneAPI.respond(endpoint: "transition", query: "duration=0.5&bounce=0.25&fps=120&direction=list")
    #expect(response.status == 200, "\(response.body)")
    let json = try jsonObject(response.body)
    let completion = try #require(json["completion"] as? Double)
    let frames = try #require(json["frames"] as? [[String: Any]])
    #expect(frames.count == Int((completion * 120).rounded(.up)) + 1)
    let ids = try #require(json["ids"] as? [Int])
    #expect(Set(ids) == Set(0..<12))
    let first = try #require(frames.first?["items"] as? [[Double]])
    let last = try #require(frames.last?["items"] as? [[Double]])
    for (k, item) in ids.enumerated() {
      // Grid: 3 columns of 90 pt with 10 pt between, inset 14; list: rows of 292 × 32 with 6 pt between.
      #expect(first[k] == [Double(14 + (item % 3) * 100), Double(14 + (item / 3) * 100), 90, 90, 1])
      #expect(last[k] == [14, Double(14 + item * 38), 292, 32, 1])
    }
    #expect(frames.last?["progress"] as? Double == 1)
    for (k, frame) in frames.enumerated() {
      // The nearest tick (ns), read back through JSONSerialization (which may be an ulp off).
      #expect(((frame["time"] as? Double ?? -1) - Double(k) / 120).magnitude <= 1e-9)
    }
  }

  @Test("An interrupted transition preview starts from the pose it interrupts (the library's retarget) and ends at the other layout")
  func interruptedTransitionPreview() throws {
    func frames(_ query: String) throws -> [[[Double]]] {
      let response = TuneAPI.respond(endpoint: "transition", query: "duration=0.5&bounce=0.25&fps=120&" + query)
      #expect(response.status == 200, "\(response.body)")
      let json = try jsonObject(response.body)
      return try #require(json["frames"] as? [[String: Any]]).map { try #require($0["items"] as? [[Double]]) }
    }
    let straight = try frames("direction=list")
    let back = try frames("direction=grid&interrupts=0.1")
    // Frame 12 at 120 fps is 0.1 s: the interrupted preview's first frame is that pose.
    #expect(back[0] == straight[12])
    let grid = try frames("direction=grid")
    #expect(back.last == grid.last)
    // Twice: list-ward, back at 0.1 s, list-ward again 0.05 s later.
    let again = try frames("direction=list&interrupts=0.1,0.05")
    #expect(again[0] == back[6] && again.last == straight.last)
    for bad in ["interrupts=-1", "interrupts=61", "interrupts=" + Array(repeating: "0.1", count: 17).joined(separator: ",")] {
      let response = TuneAPI.respond(endpoint: "transition", query: "duration=0.5&bounce=0.25&" + bad)
      #expect(response.status == 400 && response.body.contains("interrupts"), "\(bad): \(response.body)")
    }
  }

  @Test("The push-and-pop preview: rows to the grid with row 9 on top, a swipe pops, a slow short pan cancels")
  func screenPreview() throws {
    func run(_ query: String) throws -> (json: [String: Any], ids: [Int], frames: [[[Double]]]) {
      let response = TuneAPI.respond(endpoint: "screen", query: "duration=0.4&bounce=0.1&fps=60&" + query)
      #expect(response.status == 200, "\(response.body)")
      let json = try jsonObject(response.body)
      let frames = try #require(json["frames"] as? [[[Double]]])
      return (json, try #require(json["ids"] as? [Int]), frames)
    }
    let side = (320.0 - 4) / 3
    func r(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
    func row(_ i: Int) -> [Double] { [0, r(Double(i) * 40 - 120), 320, 39, 1] }
    func cell(_ i: Int) -> [Double] { [r(Double(i % 3) * (side + 2)), r(Double(i / 3) * (side + 2) - 322), r(side), r(side), 1] }
    let push = try run("direction=push")
    #expect(abs((push.json["gridOffset"] as? Double ?? 0) - 3 * (side + 2)) < 1e-9)  // row 9's item on the grid's first row
    #expect(Set(push.ids) == Set(3...23), "the union of rows 3–14 and items 9–23")
    for (k, id) in push.ids.enumerated() {
      if (3...14).contains(id) { #expect(push.frames.first?[k] == row(id)) }
      #expect(push.frames.last?[k] == cell(id), "item \(id) ends on its cell")
    }
    #expect((push.json["code"] as? String ?? "").contains("HarmonicScreenTransition("))
    let swipe = try run("direction=pop&release=0.35&velocity=3")
    #expect(swipe.json["finishes"] as? Bool == true)
    for (k, id) in swipe.ids.enumerated() { #expect(swipe.frames.last?[k] == row(id)) }
    let back = try run("direction=pop&release=0.3&velocity=0")
    #expect(back.json["finishes"] as? Bool == false)
    for (k, id) in back.ids.enumerated() { #expect(back.frames.last?[k] == cell(id)) }
    // The swipe's first frame is the pose at 35 %: each element that far from its cell to its row.
    for (k, id) in swipe.ids.enumerated() where (9...14).contains(id) {
      let (a, b) = (cell(id), row(id))
      #expect(abs(swipe.frames[0][k][1] - (a[1] + 0.35 * (b[1] - a[1]))) <= 0.001)
    }
  }

  @Test("The flick preview ends on Snapping's target, starting from the release offset")
  func snapPreview() throws {
    for (offset, velocity) in [(0.0, 1500.0), (400, -900), (1200, 3000), (728, 0)] {
      let response = TuneAPI.respond(endpoint: "snap", query: "stiffness=200&damping=20&offset=\(offset)&velocity=\(velocity)&fps=60")
      #expect(response.status == 200, "\(response.body)")
      let json = try jsonObject(response.body)
      let layout = try SnapLayout.uniform(count: 20, itemExtent: 96, spacing: 12, viewport: 360, leadingInset: 132, trailingInset: 132)
      let decision = try Snapping.target(layout: layout, offset: offset, velocity: velocity, options: Snapping.Options(alignment: .center))
      #expect(json["target"] as? Double == decision.target)
      let offsets = try #require(json["offsets"] as? [Double])
      #expect(offsets.first == offset)
      #expect(offsets.last == decision.target)
      #expect(offsets.count <= TuneAPI.maximumFrames)
      // The velocities are the motion's, frame by frame (a flick mid-flight adds to them).
      let velocities = try #require(json["velocities"] as? [Double])
      #expect(velocities.count == offsets.count && velocities.last == 0)
      if case .spring(let motion) = try decision.motion(spring: try Spring(mass: 1, stiffness: 200, damping: 20)), offsets.count > 2 {
        #expect(velocities[1] == ((try motion._checkedState(atSeconds: 1.0 / 60).velocity) * 1000).rounded() / 1000)
      }
    }
  }

  @Test("The strip the page starts on: a card centred on a snap target, whole cards on both sides of it")
  func stripAtRest() throws {
    // The page asks for the decision at offset 0 and rests on its target (7806258: it showed offset 0 itself,
    // card 1 at phase −0.156 and 1.2 cards of 240 pt in 320).
    let json = try jsonObject(TuneAPI.respond(endpoint: "snap", query: "offset=0&velocity=0&fps=60").body)
    let target = try #require(json["target"] as? Double)
    let layout = try #require(json["layout"] as? [String: Any])
    let (extent, spacing, viewport) = try (
      #require(layout["itemExtent"] as? Double), #require(layout["spacing"] as? Double), #require(layout["viewport"] as? Double)
    )
    let whole = (0..<20).filter { k in
      let left = Double(k) * (extent + spacing) - target
      return left >= 0 && left + extent <= viewport
    }
    #expect(whole.count >= 3, "whole cards in view: \(whole)")
    let cards = try #require(try jsonObject(TuneAPI.respond(endpoint: "effect", query: "offset=\(target)&effect=stack").body)["cards"] as? [[Double]])
    let centred = cards.indices.filter { cards[$0][0] == 0 }
    #expect(centred.count == 1 && whole.contains(centred[0]) && whole.first! < centred[0] && whole.last! > centred[0])
    // The stack at rest: the centred card opaque, and above every card still seen (a card that has left
    // sorts above it, signed, but has faded out: nothing of it shows through).
    let top = cards[centred[0]]
    #expect(top[2] == 1)
    for card in cards where card[3] > top[3] { #expect(card[2] == 0, "a card above the top one shows: \(card)") }
  }

  @Test("The effect preview: every preset on the strip is the library's effect; the flick's last frame rests on its card; bad names and amounts are refused")
  func effectPreview() throws {
    let layout = try SnapLayout.uniform(count: 20, itemExtent: 96, spacing: 12, viewport: 360, leadingInset: 132, trailingInset: 132)
    let target = try Snapping.target(layout: layout, offset: 400, velocity: 900, options: Snapping.Options(alignment: .center)).target
    let response = TuneAPI.respond(endpoint: "snap", query: "stiffness=200&damping=20&offset=400&velocity=900&fps=60&effect=scaleAndFade&amount=0.7")
    #expect(response.status == 200, "\(response.body)")
    let frames = try #require(try jsonObject(response.body)["cards"] as? [[[Double]]])
    #expect(frames.count == (try jsonObject(response.body)["offsets"] as? [Double])?.count)
    // At rest on the target: the centered card whole, its neighbours at 0.7 (the entries of a scale).
    let rest = try #require(frames.last)
    let centered = try #require(rest.firstIndex { $0[0] == 0 })
    #expect(rest[centered][2] == 1 && rest[centered][4] == 1 && rest[centered][9] == 1)
    #expect(abs(rest[centered + 1][0] - 1) < 1e-12 && abs(rest[centered + 1][4] - 0.7) < 1e-12 && abs(rest[centered + 1][2] - 0.5) < 1e-12)
    #expect(Double(layout.count) > 0 && target > 0)
    // Every preset: the card the endpoint gives is the library's effect on the same card.
    let presets = try #require(try jsonObject(TuneAPI.respond(endpoint: "effect", query: "offset=0").body)["presets"] as? [[String: Any]])
    #expect(presets.count == 10)
    for preset in presets {
      let name = try #require(preset["name"] as? String)
      let body = TuneAPI.respond(endpoint: "effect", query: "offset=133.5&velocity=-700&effect=\(name)").body
      let json = try jsonObject(body)
      let cards = try #require(json["cards"] as? [[Double]], "\(name): \(body)")
      let phase = try ScrollPhase(axis: .horizontal, scale: .pitch(108))
      var card = [LayoutAttributes(indexPath: ItemIndexPath(item: 2, section: 0), frame: CGRect(x: 2 * 108, y: 0, width: 96, height: 100))]
      let preview = try EffectPreview(name: name, amount: nil)
      try preview.effect.apply(to: &card, in: CGRect(x: 133.5, y: 0, width: 360, height: 100), phase: phase, offsetVelocity: CGPoint(x: -700, y: 0))
      let m = card[0].combinedTransform3D.m
      for k in 0..<16 { #expect(abs(cards[2][4 + k] - m[k]) <= 5e-5, "\(name) entry \(k)") }
      #expect(abs(cards[2][2] - card[0].alpha) <= 5e-5 && cards[2][3] == Double(card[0].zIndex), "\(name)")
      #expect((json["code"] as? String)?.contains(".\(name)") == true)
    }
    for bad in ["effect=wobble", "effect=scaleAndFade&amount=2", "effect=stack&amount=nan", "offset=1e7"] {
      let refused = TuneAPI.respond(endpoint: "effect", query: bad)
      #expect(refused.status == 400, "\(bad): \(refused.body)")
    }
  }

  @Test("Export snippets carry the library's numbers and bounds")
  func snippets() throws {
    let spring = try Spring(duration: 0.5, bounce: 0.25)
    let snippets = try SpringExport.snippets(spring)
    #expect(snippets.map(\.platform) == SpringExport.Snippet.Platform.allCases)
    let code = Dictionary(uniqueKeysWithValues: snippets.map { ($0.platform, $0.code) })
    #expect(code[.harmonic] == "let spring = try Spring(mass: 1.0, stiffness: \(spring.stiffness), damping: \(spring.damping))")
    #expect(code[.swiftUIDuration]!.contains("Spring(duration: 0.5, bounce: 0.25)"))
    #expect(code[.swiftUIResponse]!.contains("response: \(spring.response), dampingFraction: \(spring.dampingRatio)"))
    #expect(code[.android]!.contains(".setStiffness(\(Float(spring.stiffness))f)"))
    let css = try SpringExport.css(spring)
    #expect(code[.css] == css.declarations)
    let bounds = Dictionary(uniqueKeysWithValues: snippets.map { ($0.platform, $0.maxError) })
    #expect(bounds[.css] == css.maxError)
    // Float parameters move the motion by ~1e-8; the bound is measured, not assumed.
    let android = try #require(bounds[.android])
    #expect(android > 0 && android < 1e-6)
    for platform in [SpringExport.Snippet.Platform.harmonic, .swiftUIResponse, .swiftUIDuration, .uiKit, .flutter, .framerMotion, .reanimated] {
      #expect(bounds[platform] == 0)
    }
    // Compose keeps Android's Float parameters: the same numbers, the same bound.
    #expect(bounds[.compose] == android)
    #expect(code[.compose] == "val spec = spring<Float>(dampingRatio = \(Float(spring.dampingRatio))f, stiffness = \(Float(spring.stiffness))f)")
    #expect(
      code[.framerMotion]
        == "transition={{ type: \"spring\", mass: 1.0, stiffness: \(spring.stiffness), damping: \(spring.damping) }}")
    #expect(code[.reanimated] == "value.value = withSpring(target, { mass: 1.0, stiffness: \(spring.stiffness), damping: \(spring.damping) });")
    // A spring whose stiffness a Float cannot hold has no Android equivalent.
    let stiff = try SpringExport.snippets(try Spring(stiffness: 1e40, dampingRatio: 1))
    #expect(stiff.first { $0.platform == .android }?.maxError == .infinity)
    #expect(throws: HarmonicError.self) { try SpringExport.snippets(try Spring(stiffness: 100, dampingRatio: 0)) }
  }

  @Test("Export snippets carry the drawn curve's initial velocity, or say they start from rest and how far off that is")
  func snippetsWithVelocity() throws {
    // The fit: cubic-bezier(0.34, 1.56, 0.64, 1) over 0.6 s gave k 86.797, c 12.577, 6.8081 steps/s.
    let spring = try Spring(mass: 1, stiffness: 86.797, damping: 12.577)
    let snippets = try SpringExport.snippets(spring, relativeVelocity: 6.8081)
    let byPlatform = Dictionary(uniqueKeysWithValues: snippets.map { ($0.platform, $0) })
    #expect(byPlatform[.harmonic]!.code.contains("initialVelocity: 6.8081"))
    #expect(
      byPlatform[.swiftUIDuration]!.code.contains("interpolatingSpring(duration:") && byPlatform[.swiftUIDuration]!.code.contains("initialVelocity: 6.8081"))
    #expect(byPlatform[.uiKit]!.code.contains("initialVelocity: CGVector(dx: 6.8081, dy: 6.8081)"))
    #expect(byPlatform[.flutter]!.code.contains("SpringSimulation(spring, 0, 1, 6.8081)"))
    #expect(byPlatform[.framerMotion]!.code.contains("velocity: 6.8081 * distance"))
    #expect(byPlatform[.reanimated]!.code.contains("velocity: 6.8081 * distance"))
    #expect(byPlatform[.compose]!.code.contains("initialVelocity = 6.8081f * distance"))
    #expect(byPlatform[.android]!.code.contains("setStartVelocity(6.8081f * distance)"))
    // The CSS easing is sampled from the moving motion: within its tolerance of it.
    let css = try SpringExport.css(spring, relativeVelocity: 6.8081)
    #expect(byPlatform[.css]!.code == css.declarations && byPlatform[.css]!.maxError <= 0.001)
    // SwiftUI's .spring(response:) cannot start moving: titled so, its error the measured distance to the moving curve.
    let rest = byPlatform[.swiftUIResponse]!
    #expect(rest.title.hasSuffix("(from rest)") && (rest.maxError - 0.339).magnitude < 0.005)
    let moving = try SpringMotion(spring: spring, from: 0, to: 1, initialVelocity: 6.8081)
    let still = try SpringMotion(spring: spring, from: 0, to: 1)
    var largest = 0.0
    for i in 0...4_000 {
      let t = 1.1 * Double(i) / 4_000
      largest = max(largest, (try moving._checkedState(atSeconds: t).value - still._checkedState(atSeconds: t).value).magnitude)
    }
    #expect((rest.maxError - largest).magnitude < 1e-3)
    for platform in [SpringExport.Snippet.Platform.harmonic, .swiftUIDuration, .uiKit, .flutter, .framerMotion, .reanimated] {
      #expect(byPlatform[platform]!.maxError == 0)
    }
    // From rest nothing changes.
    #expect(try SpringExport.snippets(spring, relativeVelocity: 0) == SpringExport.snippets(spring))
    #expect(throws: HarmonicError.self) { try SpringExport.snippets(spring, relativeVelocity: .nan) }
  }
}
