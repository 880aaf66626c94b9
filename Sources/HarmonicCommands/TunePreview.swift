import ArgumentParser
import Foundation
import Harmonic

/// A bad query parameter of a preview, named as the page names it.
struct ParameterError: Error {
  var parameter: String
  var message: String
}

/// The tuning page's two previews, computed with the library: a 12-item grid
/// ↔ list ``LayoutTransition`` and a flick on a strip of cards that
/// ``Snapping`` brings to rest, each as frames at the page's frame rate.
enum TunePreview {
  /// The preview's viewport, points.
  static let viewport = CGSize(width: 320, height: 480)
  static let itemCount = 12
  /// The card strip: 20 cards of 240 pt with 16 pt between, centred in 320 pt.
  static let cards = (count: 20, extent: 240.0, spacing: 16.0, viewport: 320.0, inset: 40.0)

  /// The spring given by the spring parameters among `values` (default `.smooth`).
  static func spring(_ values: [String: String]) throws -> Spring {
    let arguments = values.keys.sorted().compactMap { key in TuneAPI.springParameters[key].map { "\($0.option)=\(values[key]!)" } }
    if arguments.isEmpty { return .smooth }
    do {
      return try SpringOptions.parse(arguments).spring()
    } catch let error as HarmonicError {
      throw error
    } catch let error as ValidationError {
      throw error
    } catch {
      throw ValidationError(SpringOptions.message(for: error))
    }
  }

  /// The frame rate: `fps` within [10, 240], default 60.
  static func framesPerSecond(_ values: [String: String]) throws -> Double {
    guard let text = values["fps"] else { return 60 }
    let fps = DecimalNumber.parse(text) ?? .nan
    guard fps >= 10, fps <= 240 else {
      throw ParameterError(parameter: "fps", message: "fps must be within [10, 240] frames per second; got \(text)")
    }
    return fps
  }

  /// Frame times k/fps from 0 up to and including the first at or after `end` seconds.
  static func frameTimes(until end: Double, fps: Double) throws -> [Double] {
    let count = (end * fps).rounded(.up) + 1
    guard count <= Double(TuneAPI.maximumFrames) else {
      throw ParameterError(
        parameter: "spring",
        message: """
          the motion takes \(end) s to settle, \(Int(min(count, 1e15))) frames at \(fps) fps; the preview plays at most \(TuneAPI.maximumFrames) frames
          """)
    }
    return (0..<Int(count)).map { Double($0) / fps }
  }

  static func rounded(_ value: Double) -> String { JSON.number((value * 1000).rounded() / 1000) }

  /// `{"viewport", "fps", "completion", "ids", "frames": [{"time", "progress", "items": [[x, y, w, h, alpha]…]}]}`:
  /// frame rectangles (origin and size) in points to 0.001, in the order of `ids` (item numbers); each
  /// frame's time is the animation tick nearest k/fps, in seconds.
  static func transition(_ values: [String: String]) throws -> String {
    let spring = try spring(values)
    let fps = try framesPerSecond(values)
    let toList: Bool
    switch values["direction"] ?? "list" {
    case "list": toList = true
    case "grid": toList = false
    case let other: throw ParameterError(parameter: "direction", message: "direction must be list or grid; got '\(other)'")
    }
    let insets = LayoutInsets(top: 14, left: 14, bottom: 14, right: 14)
    let grid = try GridLayout(
      sections: [
        .init(
          itemCount: itemCount, itemSize: CGSize(width: 90, height: 90), insets: insets,
          lineSpacing: 10, interitemSpacing: 10)
      ], viewportCrossExtent: Double(viewport.width))
    let list = try GridLayout(
      sections: [
        .init(
          itemCount: itemCount, itemSize: CGSize(width: 292, height: 32), insets: insets,
          lineSpacing: 6, interitemSpacing: 0)
      ], viewportCrossExtent: Double(viewport.width))
    let transition = try LayoutTransition(
      from: toList ? grid : list, offset: .zero, to: toList ? list : grid, offset: .zero,
      viewport: try Viewport(size: viewport), springs: .shared(spring))
    let times = try frameTimes(until: transition.completion.seconds, fps: fps)
    var frame = transition.makeFrame()
    var frames: [String] = []
    frames.reserveCapacity(times.count)
    for seconds in times {
      let time = try AnimationTime(seconds: seconds)
      try transition.frame(at: time, into: &frame)
      let items = frame.attributes.map { a in
        JSON.array([
          rounded(Double(a.center.x - a.size.width / 2)), rounded(Double(a.center.y - a.size.height / 2)),
          rounded(Double(a.size.width)), rounded(Double(a.size.height)), rounded(a.alpha),
        ])
      }
      frames.append(JSON.object([("time", JSON.number(time.seconds)), ("progress", JSON.number(frame.progress)), ("items", JSON.array(items))]))
    }
    return JSON.object([
      ("viewport", JSON.array([JSON.number(Double(viewport.width)), JSON.number(Double(viewport.height))])),
      ("fps", JSON.number(fps)), ("completion", JSON.number(transition.completion.seconds)),
      ("ids", JSON.array(transition.elements.map { "\(($0.to ?? $0.from)!.indexPath.item)" })),
      ("frames", JSON.array(frames)),
    ])
  }

  /// `{"layout": {…}, "target", "index", "restOffset", "animation": "spring" | "deceleration", "duration", "fps",
  /// "offsets": […]}`: the content offset (points, to 0.001) at k/fps seconds after release, up to the frame
  /// at or after the motion is within 0.5 pt and 5 pt/s of the target; the last offset is the target.
  static func snap(_ values: [String: String]) throws -> String {
    let spring = try spring(values)
    let fps = try framesPerSecond(values)
    func number(_ name: String, default value: Double?) throws -> Double {
      guard let text = values[name] else {
        guard let value else { throw ParameterError(parameter: name, message: "\(name) is missing (points per second)") }
        return value
      }
      guard let number = DecimalNumber.parse(text), number.isFinite, number.magnitude <= 1e6 else {
        throw ParameterError(parameter: name, message: "\(name) must be a number within [-1e6, 1e6]; got \(text)")
      }
      return number
    }
    let offset = try number("offset", default: 0)
    let velocity = try number("velocity", default: nil)
    let layout = try SnapLayout.uniform(
      count: cards.count, itemExtent: cards.extent, spacing: cards.spacing, viewport: cards.viewport,
      leadingInset: cards.inset, trailingInset: cards.inset)
    let decision = try Snapping.target(layout: layout, offset: offset, velocity: velocity, options: Snapping.Options(alignment: .center))
    let animation = try decision.animation(spring: spring)
    let duration: Double
    let kind: String
    switch animation {
    case .spring(let motion):
      kind = "spring"
      duration = motion.settleTime(tolerance: try SettleTolerance(value: 0.5, velocity: 5))
    case .deceleration(let deceleration):
      kind = "deceleration"
      duration = try deceleration.time(untilSpeed: 5)
    }
    let times = try frameTimes(until: duration, fps: fps)
    let offsets = try times.map { time in
      if time >= duration { return decision.target }
      switch animation {
      case .spring(let motion): return try motion.state(atTime: time).value
      case .deceleration(let deceleration): return try deceleration.state(atTime: time).value
      }
    }
    return JSON.object([
      (
        "layout",
        JSON.object([
          ("count", "\(cards.count)"), ("itemExtent", JSON.number(cards.extent)), ("spacing", JSON.number(cards.spacing)),
          ("viewport", JSON.number(cards.viewport)), ("leadingInset", JSON.number(cards.inset)),
          ("trailingInset", JSON.number(cards.inset)),
        ])
      ),
      ("target", JSON.number(decision.target)), ("index", "\(decision.index)"), ("restOffset", JSON.number(decision.restOffset)),
      ("animation", JSON.string(kind)), ("duration", JSON.number(duration)), ("fps", JSON.number(fps)),
      ("offsets", JSON.array(offsets.map(rounded))),
    ])
  }
}
