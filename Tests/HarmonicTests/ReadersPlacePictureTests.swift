import Foundation
import Harmonic
import Testing

/// The pictures of the "Keeping the reader's place" article are this
/// test's output: each policy's run drawn as the messages' places on
/// screen over time. The test fails when a committed picture differs from
/// what the engine draws now; `HARMONIC_WRITE_PICTURES=1 swift test --filter
/// ReadersPlacePicture` rewrites them.
@Suite("Keeping the reader's place: the article's pictures")
struct ReadersPlacePictureTests {

  /// One run: the screen places (top edges, points) of messages `rows` at
  /// 60 Hz frames for `seconds`, with and without the change at `change` s.
  struct Run {
    var times: [Double] = []
    var places: [Int: [Double?]] = [:]  // by old row
    var reference: [Int: [Double?]] = [:]
  }

  static func run(
    policy: AnchorPolicy, start: Double, velocity: Double?, rows: ClosedRange<Int>, appending: Bool, seconds: Double = 1.4
  ) throws -> Run {
    let history = ReadersPlaceTests.history
    let added = ReadersPlaceTests.heights(5, salt: 3)
    var engine = try LayoutAnimator(
      layout: try ReadersPlaceTests.chat(history), viewport: ReadersPlaceTests.phone, contentOffset: CGPoint(x: 0, y: start))
    engine.anchorPolicy = policy
    if let velocity { _ = try engine.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: velocity)) }
    var reference = engine
    var run = Run()
    let change = ReadersPlaceTests.seconds(0.15).ticks
    var changed = false
    for tick in ReadersPlaceTests.ticks(.hz60, from: 0, seconds: seconds) {
      if !changed, tick >= change {
        try engine.advance(to: AnimationTime(ticks: change))
        let items = (0..<5).map { LayoutAnimator.UpdateItem.insert(ItemIndexPath(item: appending ? 300 + $0 : $0, section: 0)) }
        try engine.prepare(forCollectionViewUpdates: items, layout: try ReadersPlaceTests.chat(appending ? history + added : added + history))
        changed = true
      }
      try engine.advance(to: AnimationTime(ticks: tick))
      try reference.advance(to: AnimationTime(ticks: tick))
      run.times.append(Double(tick) / Double(AnimationTime.ticksPerSecond))
      for row in rows {
        run.places[row, default: []].append(ReadersPlaceTests.onScreen(engine, row: changed && !appending ? row + 5 : row))
        run.reference[row, default: []].append(ReadersPlaceTests.onScreen(reference, row: row))
      }
    }
    return run
  }

  /// The run as an SVG: time across (0 to the run's end), the screen's
  /// 844 pt down; dashed grey, the same scroll without the change; solid,
  /// with it; the anchor's row darker.
  static func svg(_ run: Run, title: String, caption: String, anchorRow: Int) -> String {
    let (width, height, left, top, plotWidth, plotHeight) = (560.0, 330.0, 50.0, 40.0, 490.0, 250.0)
    let end = run.times.last ?? 1
    func x(_ t: Double) -> String { String(format: "%.1f", left + t / end * plotWidth) }
    func y(_ place: Double) -> String { String(format: "%.1f", top + place / 844 * plotHeight) }
    func path(_ places: [Double?]) -> String {
      var d = "", pen = false
      for (t, place) in zip(run.times, places) {
        guard let place, place > -120, place < 964 else {
          pen = false
          continue
        }
        d += "\(pen ? "L" : "M")\(x(t)) \(y(min(max(place, -40), 884))) "
        pen = true
      }
      return d
    }
    var svg = Pictures.header(width: width, height: height, title: title, caption: caption, x: Int(left), titleY: 18, captionY: 33)
    svg += """
      <clipPath id="screen"><rect x="\(Int(left))" y="\(Int(top))" width="\(Int(plotWidth))" height="\(Int(plotHeight))"/></clipPath>
      <rect x="\(Int(left))" y="\(Int(top))" width="\(Int(plotWidth))" height="\(Int(plotHeight))" fill="#f6f7f9" stroke="#c8ccd2"/>
      <line x1="\(x(0.15))" y1="\(Int(top))" x2="\(x(0.15))" y2="\(Int(top + plotHeight))" stroke="#e0a030" stroke-dasharray="4 3"/>
      <text x="\(x(0.15))" y="\(Int(top + plotHeight + 14))" text-anchor="middle" fill="#b07010">update</text>
      <text x="\(Int(left + plotWidth))" y="\(Int(top + plotHeight + 14))" text-anchor="end" fill="#555555">\(String(format: "%.1f", end)) s</text>
      <text x="\(Int(left - 6))" y="\(Int(top + 4))" text-anchor="end" fill="#555555">0</text>
      <text x="\(Int(left - 6))" y="\(Int(top + plotHeight))" text-anchor="end" fill="#555555">844 pt</text>
      <g clip-path="url(#screen)" fill="none">

      """
    for row in run.reference.keys.sorted() {
      svg += "<path d=\"\(path(run.reference[row]!))\" stroke=\"#a0a6ae\" stroke-width=\"1.2\" stroke-dasharray=\"5 4\"/>\n"
    }
    for row in run.places.keys.sorted() {
      let color = row == anchorRow ? "#1f5fbf" : "#7fa6e0"
      svg += "<path d=\"\(path(run.places[row]!))\" stroke=\"\(color)\" stroke-width=\"\(row == anchorRow ? 2.4 : 1.4)\"/>\n"
    }
    svg += "</g>\n</svg>\n"
    return svg
  }

  static let pictures: [(name: String, title: String, caption: String, policy: AnchorPolicy, appending: Bool)] = [
    (
      "anchor-keep-anchor", "keepAnchor (the default for batch updates)", "5 messages prepended during a fling: every row stays on the scroll's own path",
      .keepAnchor(), false
    ),
    (
      "anchor-follow-progress", "followProgress", "the fling is replaced by the transition to where it was heading; the rows move down", .followProgress,
      false
    ),
    ("anchor-keep-offset", "keepOffset", "the fling goes on; the rows move down under it by the height prepended", .keepOffset, false),
    ("anchor-keep-end", "keepEnd", "at the bottom, 5 messages appended: the content scrolls to show them", .keepEnd, true),
  ]

  @Test("each policy's picture is what the engine draws now", arguments: 0..<4)
  func picture(index: Int) throws {
    let picture = Self.pictures[index]
    let history = ReadersPlaceTests.history
    let bottom = history.reduce(0, +) - 844
    let start = picture.appending ? bottom : ReadersPlaceTests.top(120, in: history) - 20
    let rows = picture.appending ? 292...299 : 116...124
    let run = try Self.run(policy: picture.policy, start: start, velocity: picture.appending ? nil : -0.35, rows: rows, appending: picture.appending)
    let svg = Self.svg(run, title: picture.title, caption: picture.caption, anchorRow: picture.appending ? 299 : 120)
    try Pictures.compare(svg, name: picture.name, filter: "ReadersPlacePicture")
  }
}
