import Foundation
import Harmonic

// What an app pays per display-link frame for the hosting surface: the
// layout engine mid-transition (advance, then one layout pass over about a
// thousand visible items) and a springy list of a thousand rows.
extension Suite {
  mutating func hosting() throws -> String {
    let frames = quick ? 100 : 1_000
    // 3,000 items of 20 × 20 in a 1,200 × 1,200 viewport: about 1,000 visible in a grid, re-flowed to a denser grid.
    let viewport = try Viewport(size: CGSize(width: 1200, height: 1200))
    func grid(_ side: Double) throws -> GridLayout {
      try GridLayout(
        sections: [.init(itemCount: 3_000, itemSize: CGSize(width: side, height: side), lineSpacing: 16, interitemSpacing: 16)],
        viewportCrossExtent: 1200)
    }
    let (from, to) = (try grid(20), try grid(14))
    var engine = try LayoutAnimator(layout: from, viewport: viewport, contentOffset: .zero)
    try engine.setLayout(to, contentOffset: .zero, animated: true)
    let rect = viewport.visibleRect(at: .zero)
    let visible = engine.layoutAttributesForElements(in: rect).count
    let base = engine
    let engineTime = try measure {
      var copy = base
      var count = 0
      for i in 1...frames {
        try copy.advance(to: AnimationTime(ticks: Int64(i) * 5_880_000 / 10))  // stays mid-flight
        count += copy.layoutAttributesForElements(in: rect).count + Int(copy.collectionViewContentSize.height)
      }
      blackHole(Double(count))
    }
    let perFrame = (engineTime.median / Double(frames), engineTime.min / Double(frames), engineTime.max / Double(frames))
    record("layout animator frame (advance + elements in rect)", "native", threads: 1, items: visible, channels: 1, bytes: 0, perFrame)

    let rows = 1_000
    let springyBase = try SpringyScroll(offset: 0, touch: 300, at: .zero)
    let positions = (0..<rows).map { 22 + 44 * Double($0) }
    var displacements = [Double](repeating: 0, count: rows)
    let springyTime = try measure {
      var springy = springyBase
      for i in 1...frames {
        let now = AnimationTime(ticks: Int64(i) * 5_880_000)
        try springy.update(offset: 4 * Double(i % 500), at: now)
        let lag = springy.lag(at: now)
        for k in 0..<rows { displacements[k] = lag.displacement(ofRowAt: positions[k]) }
      }
      blackHole(displacements[rows - 1])
    }
    let springyFrame = (springyTime.median / Double(frames), springyTime.min / Double(frames), springyTime.max / Double(frames))
    record("springy list frame (update + every row)", "native", threads: 1, items: rows, channels: 1, bytes: 0, springyFrame)
    var summary = String(
      format: "hosting: layout animator frame of %d visible items %.1f µs; springy list frame of %d rows %.1f µs",
      visible, perFrame.0 / 1000, rows, springyFrame.0 / 1000)
    summary += "\n" + (try effectQuery(from, viewport: viewport, frames: frames))
    for items in [1_000, 100_000] { summary += "\n" + (try anchoredUpdate(items: items)) }
    return summary
  }

  /// A scroll effect through the engine at rest: `layoutAttributesForElements(in:)`
  /// of the visible rect of a 3,000-item grid (about 1,000 answered) with
  /// `scaleAndFade`, against the plain query and the preset alone on the
  /// answered elements; per answered element.
  mutating func effectQuery(_ layout: GridLayout, viewport: Viewport, frames: Int) throws -> String {
    let offset = CGPoint(x: 0, y: 1_000)
    var engine = try LayoutAnimator(layout: layout, viewport: viewport, contentOffset: offset)
    let rect = viewport.visibleRect(at: offset)
    let plainCount = engine.layoutAttributesForElements(in: rect).count
    let plain = measure {
      var count = 0
      for _ in 1...frames { count += engine.layoutAttributesForElements(in: rect).count }
      blackHole(Double(count))
    }
    engine.scrollEffect = .scaleAndFade()
    let answered = engine.layoutAttributesForElements(in: rect).count
    let effectTime = measure {
      var count = 0
      for _ in 1...frames { count += engine.layoutAttributesForElements(in: rect).count }
      blackHole(Double(count))
    }
    let phase = try ScrollPhase(axis: .vertical)
    let elements = layout.attributes(in: rect)
    var scratch = elements
    try ScrollEffect.scaleAndFade().apply(to: &scratch, in: rect, phase: phase)  // checks once: the timed calls cannot throw
    let preset = measure {
      for _ in 1...frames {
        scratch = elements
        _ = try? ScrollEffect.scaleAndFade().apply(to: &scratch, in: rect, phase: phase)
      }
      blackHole(Double(scratch[0].alpha))
    }
    // Per query (the table divides by the elements: ns per answered element).
    func perQuery(_ t: (median: Double, min: Double, max: Double)) -> (Double, Double, Double) {
      (t.median / Double(frames), t.min / Double(frames), t.max / Double(frames))
    }
    record("elements in rect at rest, plain query", "native", threads: 1, items: plainCount, channels: 1, bytes: 0, perQuery(plain))
    record("elements in rect at rest, scaleAndFade", "native", threads: 1, items: answered, channels: 1, bytes: 0, perQuery(effectTime))
    record("scaleAndFade preset alone", "native", threads: 1, items: elements.count, channels: 1, bytes: 0, perQuery(preset))
    return String(
      format: "hosting: scroll effect query %.1f ns per answered element (%d answered), plain query %.1f ns, the preset alone %.1f ns",
      perQuery(effectTime).0 / Double(answered), answered, perQuery(plain).0 / Double(plainCount), perQuery(preset).0 / Double(elements.count))
  }

  /// A chat of `items` messages prepends 50 while the reader is in the
  /// middle: the batch update through the engine (the event: the anchored
  /// end, the transition's setup, its first frame) and one frame in flight,
  /// keeping the anchor (the default) and following the average progress
  /// (the old rule), measured in turns.
  mutating func anchoredUpdate(items: Int) throws -> String {
    let viewport = try Viewport(size: CGSize(width: 390, height: 844))
    let heights = (0..<items).map { 44 + Double(($0 * 37) % 5) * 13 }
    let older = [Double](repeating: 60, count: 50)
    let (old, new) = (try GridLayout.list(rowHeights: [heights], width: 390), try GridLayout.list(rowHeights: [older + heights], width: 390))
    let inserts = (0..<50).map { LayoutAnimator.UpdateItem.insert(ItemIndexPath(item: $0, section: 0)) }
    let middle = CGPoint(x: 0, y: heights[..<(items / 2)].reduce(0, +))
    func engine(_ policy: AnchorPolicy) throws -> LayoutAnimator {
      var engine = try LayoutAnimator(layout: old, viewport: viewport, contentOffset: middle)
      engine.anchorPolicy = policy
      return engine
    }
    let (anchored, following) = (try engine(.keepAnchor()), try engine(.followProgress))
    let repeats = quick ? 20 : 200
    func update(_ base: LayoutAnimator) -> () throws -> Void {
      {
        var copy = base
        try copy.prepare(forCollectionViewUpdates: inserts, layout: new)
        try copy.advance(to: AnimationTime(ticks: 5_880_000 * 12))
        blackHole(Double(copy.contentOffset.y))
      }
    }
    let times = try measureInterleaved(count: repeats, [update(anchored), update(following)])
    record("update, anchored (prepend 50, event + 1 frame)", "native", threads: 1, items: items, channels: 1, bytes: 0, times[0])
    record("update, average progress (prepend 50, event + 1 frame)", "native", threads: 1, items: items, channels: 1, bytes: 0, times[1])
    return String(
      format: "hosting: a %d-message chat prepends 50: anchored %.1f µs, average progress %.1f µs (event + first frame)",
      items, times[0].median / 1000, times[1].median / 1000)
  }
}
