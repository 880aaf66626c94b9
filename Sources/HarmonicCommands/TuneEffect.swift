import Harmonic

/// The tuning page's scroll effects: a preset by name with its one
/// parameter, applied to the page's card strip, and the code to paste.
package struct EffectPreview: Sendable, Hashable {
  /// A preset's name, its parameter's label, unit and default, and the
  /// accepted range of the parameter.
  struct Preset: Sendable, Hashable {
    var name, parameter, unit: String
    var value: Double
    var range: ClosedRange<Double>
  }

  /// Every preset the page offers, in menu order.
  static let presets: [Preset] = [
    Preset(name: "scaleAndFade", parameter: "minimumScale", unit: "", value: 0.8, range: 0...1),
    Preset(name: "stack", parameter: "peek", unit: "pt", value: 12, range: 0...60),
    Preset(name: "coverFlow", parameter: "maximumAngle", unit: "°", value: 50, range: 0...90),
    Preset(name: "cube", parameter: "perspective", unit: "pt", value: 600, range: 100...3000),
    Preset(name: "pageTurn", parameter: "perspective", unit: "pt", value: 1000, range: 100...3000),
    Preset(name: "parallax", parameter: "factor", unit: "", value: 0.5, range: -1...1),
    Preset(name: "rotaryWheel", parameter: "angle", unit: "°", value: 20, range: 1...45),
    Preset(name: "zoomAndFade", parameter: "scale", unit: "", value: 0.5, range: 0...3),
    Preset(name: "dissolve", parameter: "", unit: "", value: 0, range: 0...0),
    Preset(name: "turnAndFade", parameter: "angle", unit: "°", value: 22.5, range: 0...90),
  ]

  var preset: Preset
  var amount: Double

  /// The preset `name` with `amount` (nil: its default).
  package init(name: String, amount: Double?) throws(CommandError) {
    guard let preset = EffectPreview.presets.first(where: { $0.name == name }) else {
      throw CommandError(
        "effect", "`effect` must be one of \(EffectPreview.presets.map(\.name).joined(separator: ", ")); got \(CommandError.literal(name))")
    }
    let amount = amount ?? preset.value
    guard preset.range.contains(amount) else {
      throw CommandError(
        "amount", "`amount` (\(preset.parameter)) must be within [\(preset.range.lowerBound), \(preset.range.upperBound)]; got \(amount)")
    }
    (self.preset, self.amount) = (preset, amount)
  }

  /// A number as Swift source: shortest round-trip, whole numbers without ".0".
  static func literal(_ x: Double) -> String { x == x.rounded() && x.magnitude < 1e15 ? String(Int(x)) : "\(x)" }

  package var effect: ScrollEffect {
    let degrees = amount * .pi / 180
    switch preset.name {
    case "scaleAndFade": return .scaleAndFade(minimumScale: amount)
    case "stack": return .stack(peek: amount)
    case "coverFlow": return .coverFlow(maximumAngle: degrees)
    case "cube": return .cube(perspective: amount)
    case "pageTurn": return .pageTurn(perspective: amount)
    case "parallax": return .parallax(factor: amount)
    case "rotaryWheel": return .rotaryWheel(radius: 400, angle: degrees)
    case "zoomAndFade": return .zoomAndFade(scale: amount)
    case "dissolve": return .dissolve
    default: return .turnAndFade(angle: degrees)
    }
  }

  /// The Harmonic code for the effect on a carousel with the page's pitch.
  var code: String {
    let value = EffectPreview.literal(amount)
    let argument: String
    switch preset.name {
    case "dissolve": argument = ""
    case "coverFlow", "turnAndFade": argument = "(\(preset.parameter): \(value) * .pi / 180)"
    case "rotaryWheel": argument = "(radius: 400, angle: \(value) * .pi / 180)"
    default: argument = "(\(preset.parameter): \(value))"
    }
    let pitch = EffectPreview.literal(TunePreview.cards.extent + TunePreview.cards.spacing)
    return """
      engine.scrollEffect = .\(preset.name)\(argument)
      engine.scrollPhase = try ScrollPhase(axis: .horizontal, scale: .pitch(\(pitch)))
      """
  }

  /// SwiftUI's nearest built-in, where one maps (`scrollTransition`), else nil.
  var swiftUI: String? {
    switch preset.name {
    case "scaleAndFade":
      let value = EffectPreview.literal(amount)
      return ".scrollTransition(axis: .horizontal) { content, phase in\n  content.scaleEffect(1 - (1 - \(value)) * abs(phase.value))\n}"
    case "turnAndFade":
      let value = EffectPreview.literal(amount)
      return ".scrollTransition(axis: .horizontal) { content, phase in\n  content.rotationEffect(.degrees(phase.value * \(value)))\n}"
    case "zoomAndFade":
      let value = EffectPreview.literal(amount)
      return
        ".scrollTransition(axis: .horizontal) { content, phase in\n  content.scaleEffect(1 + (\(value) - 1) * abs(phase.value))\n    .opacity(1 - abs(phase.value))\n}"
    default: return nil
    }
  }

  /// Every card of the strip at content offset `offset` moving at
  /// `velocity` (points per second): [phase, rate, opacity, zIndex, then
  /// the 16 entries of its combined 3-D transform, row-major], to 0.0001.
  func cards(offset: Double, velocity: Double) throws(CommandError) -> [[Double]] {
    let cards = TunePreview.cards
    let pitch = cards.extent + cards.spacing
    let phase = try checked(nil) { () throws(HarmonicError) in try ScrollPhase(axis: .horizontal, scale: .pitch(pitch)) }
    var attributes = (0..<cards.count).map { i in
      LayoutAttributes(
        indexPath: ItemIndexPath(item: i, section: 0), frame: CGRect(x: Double(i) * pitch, y: 0, width: cards.extent, height: cards.height))
    }
    let rect = CGRect(x: offset, y: 0, width: cards.viewport, height: cards.height)
    var phases: [(phase: Double, phaseVelocity: Double)] = []
    for card in attributes {
      phases.append(try checked(nil) { () throws(HarmonicError) in try phase.phase(of: card, in: rect, offsetVelocity: CGPoint(x: velocity, y: 0)) })
    }
    try checked(nil) { () throws(HarmonicError) in try effect.apply(to: &attributes, in: rect, phase: phase, offsetVelocity: CGPoint(x: velocity, y: 0)) }
    func round(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }
    return zip(attributes, phases).map { card, phase in
      let m = card.combinedTransform3D.m
      return [round(phase.phase), round(phase.phaseVelocity), round(card.alpha), Double(card.zIndex)] + (0..<16).map { round(m[$0]) }
    }
  }
}

/// The page's effect preview at one offset: the cards, the code, and the presets.
struct EffectPreviewOutput: Codable, Sendable, Hashable {
  struct Preset: Codable, Sendable, Hashable {
    var name, parameter, unit: String
    var value, minimum, maximum: Double
  }
  /// Per card: phase, rate, opacity, zIndex, the 16 transform entries.
  var cards: [[Double]]
  var code: String
  var swiftUI: String?
  var presets: [Preset]

  init(_ preview: EffectPreview, offset: Double, velocity: Double) throws(CommandError) {
    for (name, value) in [("offset", offset), ("velocity", velocity)] where !(value.magnitude <= 1e6) {
      throw CommandError(name, "`\(name)` must be a number within [-1e6, 1e6]; got \(value)")
    }
    cards = try preview.cards(offset: offset, velocity: velocity)
    (code, swiftUI) = (preview.code, preview.swiftUI)
    presets = EffectPreview.presets.map {
      Preset(name: $0.name, parameter: $0.parameter, unit: $0.unit, value: $0.value, minimum: $0.range.lowerBound, maximum: $0.range.upperBound)
    }
  }
}
