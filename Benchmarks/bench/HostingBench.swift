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
    return String(
      format: "hosting: layout animator frame of %d visible items %.1f µs; springy list frame of %d rows %.1f µs",
      visible, perFrame.0 / 1000, rows, springyFrame.0 / 1000)
  }
}
