import Foundation
import Harmonic
import Testing

/// The pictures of the "Scroll-driven effects" article are this test's
/// output: a strip of cards under each preset, drawn from the attributes
/// the effect writes (every corner through ``LayoutAttributes/combinedTransform3D``,
/// perspective divided, in zIndex order), and each entrance's starting pose
/// beside the card's place. `HARMONIC_WRITE_PICTURES=1 swift test --filter
/// ScrollEffectPicture` rewrites them.
@Suite("Scroll-driven effects: the article's pictures")
struct ScrollEffectPictureTests {
  static let palette = ["#3b6fd4", "#d4713b", "#3ba86b", "#b33bd4", "#d4b23b", "#3bb6d4", "#d43b6a", "#6b7a8f"]

  /// The card's outline on screen: its four corners through its transforms.
  static func outline(_ a: LayoutAttributes, shift: CGPoint) -> String {
    let (w, h) = (Double(a.size.width) / 2, Double(a.size.height) / 2)
    let m = a.combinedTransform3D.m
    return [(-w, -h), (w, -h), (w, h), (-w, h)].map { x, y in
      let (X, Y, W) = (x * m[0] + y * m[4] + m[12], x * m[1] + y * m[5] + m[13], x * m[3] + y * m[7] + m[15])
      let px = Double(a.center.x) + X / W - Double(shift.x), py = Double(a.center.y) + Y / W - Double(shift.y)
      return String(format: "%.1f,%.1f", px, py)
    }.joined(separator: " ")
  }

  static func svg(_ cards: [LayoutAttributes], title: String, caption: String, viewport: CGRect, ghosts: [LayoutAttributes] = []) -> String {
    let (width, height, left, top) = (560.0, 360.0, 85.0, 70.0)
    let shift = CGPoint(x: Double(viewport.origin.x) - left, y: Double(viewport.origin.y) - top)
    var svg = Pictures.header(width: width, height: height, title: title, caption: caption, x: 20, titleY: 22, captionY: 40)
    svg += """
      <rect x="\(Int(left))" y="\(Int(top))" width="\(Int(viewport.width))" height="\(Int(viewport.height))" fill="#f6f7f9" stroke="#c8ccd2"/>

      """
    for ghost in ghosts {
      svg += "<polygon points=\"\(outline(ghost, shift: shift))\" fill=\"none\" stroke=\"#a0a6ae\" stroke-dasharray=\"5 4\"/>\n"
    }
    for card in cards.sorted(by: { ($0.zIndex, $0.indexPath.item) < ($1.zIndex, $1.indexPath.item) }) where card.alpha > 0 {
      let color = palette[card.indexPath.item % palette.count]
      svg +=
        "<polygon points=\"\(outline(card, shift: shift))\" fill=\"\(color)\" fill-opacity=\"\(String(format: "%.2f", 0.85 * card.alpha))\" stroke=\"#20242a\" stroke-width=\"1\"/>\n"
    }
    svg += "</svg>\n"
    return svg
  }

  static let effects: [(name: String, title: String, effect: ScrollEffect, card: Double, spacing: Double, byPitch: Bool)] = [
    ("effect-scale-and-fade", "scaleAndFade()", .scaleAndFade(), 200, 20, true),
    ("effect-stack", "stack()", .stack(), 300, 20, true),
    ("effect-cover-flow", "coverFlow()", .coverFlow(), 160, 10, true),
    ("effect-cube", "cube()", .cube(), 390, 0, false),
    ("effect-page-turn", "pageTurn()", .pageTurn(), 390, 0, true),
    ("effect-parallax", "parallax(factor: 0.5)", .parallax(), 200, 20, false),
    ("effect-rotary-wheel", "rotaryWheel()", .rotaryWheel(radius: 400, angle: 0.4), 120, 20, true),
    ("effect-zoom", "zoomAndFade(scale: 0.5)", .zoomAndFade(), 200, 20, true),
    ("effect-cross-fade", "dissolve", .dissolve, 390, 0, true),
    ("effect-rotate", "turnAndFade()", .turnAndFade(), 200, 20, true),
  ]

  @Test("each effect's picture is what the effect draws now", arguments: 0..<10)
  func effect(index: Int) throws {
    let entry = Self.effects[index]
    try Self.compare(Self.strip(entry, past: 0.35), name: entry.name)
  }

  /// The strip of `entry`'s cards with the third card `past` of a pitch beyond the center.
  static func strip(
    _ entry: (name: String, title: String, effect: ScrollEffect, card: Double, spacing: Double, byPitch: Bool), past: Double
  )
    throws -> String
  {
    let viewport = CGSize(width: 390, height: 260)
    let layout = try GridLayout.carousel(
      count: 12, itemSize: CGSize(width: entry.card, height: 200), spacing: entry.spacing, viewport: viewport)
    let pitch = entry.card + entry.spacing
    let offset = try layout.frame(of: ItemIndexPath(item: 2, section: 0)).midX - viewport.width / 2 + past * pitch
    let rect = CGRect(origin: CGPoint(x: offset, y: 0), size: viewport)
    var cards = layout.attributes(in: rect.insetBy(dx: -viewport.width, dy: 0))
    try entry.effect.apply(to: &cards, in: rect, phase: try ScrollPhase(axis: .horizontal, scale: entry.byPitch ? .pitch(pitch) : .viewport))
    let caption = "a carousel scrolled \(Int((past * 100).rounded())) % of a card past the center"
    return Self.svg(cards, title: entry.title, caption: caption, viewport: rect)
  }

  @Test("the stack past half way: the leaving card is still above the next one (its zIndex is −round(100·p), signed)")
  func stackPastHalf() throws {
    try Self.compare(Self.strip(Self.effects[1], past: 0.65), name: "effect-stack-past-half")
  }

  static let entrances: [(name: String, title: String, style: AppearanceStyle)] = [
    ("entrance-fade", "fade", .fade),
    ("entrance-fly-in", "flyIn(distance: 80, rotation: 0.2)", .flyIn(distance: 80, rotation: 0.2)),
    ("entrance-scale", "scale(0.5)", .scale(0.5)),
    ("entrance-slide", "slide(x: -160, y: 0)", .slide(x: -160, y: 0)),
    ("entrance-flip", "flip(about: .y, perspective: 500)", .flip(about: .y, perspective: 500)),
    ("entrance-rotate", "rotate(angle: 0.5, scale: 0.6)", .rotate(angle: 0.5, scale: 0.6)),
    ("entrance-zoom", "zoom(from: tap, scale: 0.1)", .zoom(from: CGPoint(x: 60, y: 230), scale: 0.1)),
  ]

  @Test("each entrance's picture: the pose an inserted card starts from (solid), and its place (dashed)", arguments: 0..<7)
  func entrance(index: Int) throws {
    let entry = Self.entrances[index]
    let card = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 115, y: 50, width: 160, height: 160))
    let update = LayoutUpdate(inserted: [card.indexPath])
    // The pose drawn at 30 % opacity: its alpha is 0 by design.
    var pose = update.initialAttributes(appearing: card, style: entry.style)
    pose.alpha = 0.3
    let svg = Self.svg(
      [pose], title: entry.title, caption: "an inserted card's first frame; the springs take it to its place",
      viewport: CGRect(x: 0, y: 0, width: 390, height: 260), ghosts: [card])
    try Self.compare(svg, name: entry.name)
  }

  static func compare(_ svg: String, name: String) throws {
    try Pictures.compare(svg, name: name, filter: "ScrollEffectPicture")
  }

}
