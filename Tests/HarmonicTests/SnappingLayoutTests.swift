import Foundation
import Harmonic
import Testing

extension Array {
  func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}

@Suite("Snapping from layouts: paging rules, lines, sections, two axes, wrap-around")
struct SnappingLayoutTests {
  let paging = Snapping.Options(alignment: .leading, maximumItemsPerFlick: 1)

  @Test("paging moves one page from where the scroll is: the issue's four examples (pages of 375)")
  func pagingExamples() throws {
    let pages = try SnapLayout.uniform(count: 8, itemExtent: 375, viewport: 375)
    #expect(try Snapping.target(layout: pages, offset: 400, velocity: -900, options: paging).target == 375)
    #expect(try Snapping.target(layout: pages, offset: 725, velocity: 900, options: paging).target == 750)
    #expect(try Snapping.target(layout: pages, offset: 375, velocity: 900, options: paging).target == 750)
    #expect(try Snapping.target(layout: pages, offset: 375, velocity: -900, options: paging).target == 0)
    // The n-th candidate is the limit even when it is the last item.
    #expect(try Snapping.target(layout: pages, offset: 2400, velocity: 30_000, options: paging).target == 2625)
    // n = 2 from 400: 750 is 1 away, 1125 is 2 away.
    var two = paging
    two.maximumItemsPerFlick = 2
    #expect(try Snapping.target(layout: pages, offset: 400, velocity: 30_000, options: two).target == 1125)
  }

  @Test("oversized cards: paging never skips content — a flick inside a card reaches its end, the next enters the next card")
  func oversizedCards() throws {
    // Cards of 812.5 at a pitch of 822.5, viewport 320: card k rests anywhere in [822.5k, 822.5k + 492.5].
    let cards = try SnapLayout.uniform(count: 6, itemExtent: 812.5, spacing: 10, viewport: 320)
    // The three pages of issue 33: the end of card 2, the start of card 3, the end of card 3.
    for (offset, target, index) in [(1800.0, 2137.5, 2), (2137.5, 2467.5, 3), (2467.5, 2960.0, 3)] {
      let decision = try Snapping.target(layout: cards, offset: offset, velocity: 3000, options: paging)
      #expect(decision.target == target && decision.index == index, "from \(offset): \(decision.target)")
    }
    // Backwards the same: inside card 3 its start comes first, then card 2 at the end of its range.
    for (offset, target, index) in [(2600.0, 2467.5, 3), (2467.5, 2137.5, 2), (2137.5, 1645.0, 2)] {
      let decision = try Snapping.target(layout: cards, offset: offset, velocity: -3000, options: paging)
      #expect(decision.target == target && decision.index == index, "from \(offset) back: \(decision.target)")
    }
    // Two per flick: the rest of card 2 is 1 away, card 3 (entered at its start) 2.
    var two = paging
    two.maximumItemsPerFlick = 2
    #expect(try Snapping.target(layout: cards, offset: 1800, velocity: 30_000, options: two).target == 2467.5)
    // A flick whose rest lies within the card stops there, not at its end.
    let short = try Snapping.target(layout: cards, offset: 1700, velocity: 200, options: paging)
    #expect(short.index == 2 && (short.target - (1700 + 200 / (-1000 * log(0.998)))).magnitude < 1e-9)
    // A shorter flick inside card 2 stops at its end (rest 2149.65 is nearer 2137.5 than 2467.5) …
    let first = try Snapping.target(layout: cards, offset: 1800, velocity: 700, options: paging)
    #expect(first.target == 2137.5 && first.index == 2)
    // … and the next one enters card 3 at its start, though its rest (2137.5 + 349.65) lies
    // inside the card: a page never skips the card's first part.
    let second = try Snapping.target(layout: cards, offset: 2137.5, velocity: 700, options: paging)
    #expect(second.index == 3 && second.target == 2467.5)
    // The CLI follows the same rules.
    let result = try harmonic(
      "snap", "--count", "6", "--item-extent", "812.5", "--spacing", "10", "--viewport", "320", "--offset", "1800",
      "--velocity", "3000", "--align", "leading", "--max-items-per-flick", "1", "--json")
    #expect(try jsonObject(result.stdout)["target"] as? Double == 2137.5)
  }

  @Test("lines of a grid: section insets and a 64-pt bar taken from the layout, several items per line one target")
  func gridLines() throws {
    let grid = try GridLayout(
      sections: [.init(itemCount: 30, itemSize: CGSize(width: 100, height: 100), insets: LayoutInsets(top: 40, left: 0, bottom: 0, right: 0))],
      viewportCrossExtent: 320)
    let viewport = try Viewport(size: CGSize(width: 320, height: 568))
    let lines = try grid.snapLayout(by: .lines, viewport: viewport)
    #expect(lines.count == 10)  // 30 items, 3 per line
    // Line k starts at 40 + 110k; from 300 at rest the nearest is line 2 (260).
    #expect(try Snapping.target(layout: lines, offset: 300, velocity: 0, options: grid.snapOptions()).target == 260)
    let barred = try Viewport(size: CGSize(width: 320, height: 568), insets: LayoutInsets(top: 64, left: 0, bottom: 0, right: 0))
    // Under a 64-pt bar line k rests at 40 + 110k − 64: line 3 at 306.
    #expect(try Snapping.target(layout: try grid.snapLayout(by: .lines, viewport: barred), offset: 300, velocity: 0, options: grid.snapOptions()).target == 306)
  }

  @Test("sections, pinned headers, justified lines, empty sections and section frames")
  func sectionsAndFlowLayout() throws {
    let sections: [GridLayout.Section] = [
      .init(itemCount: 6, itemSize: CGSize(width: 100, height: 100), headerExtent: 30),
      .init(itemCount: 0, itemSize: CGSize(width: 100, height: 100), insets: LayoutInsets(top: 5, left: 0, bottom: 5, right: 0), headerExtent: 30),
      .init(itemCount: 4, itemSize: CGSize(width: 100, height: 100), headerExtent: 30),
    ]
    let grid = try GridLayout(sections: sections, viewportCrossExtent: 360, lineAlignment: .justified, pinsSectionHeaders: true)
    // Section 0: header 0–30, lines 30–130, 140–240; section 1 (empty): header and insets, 240–280; section 2 from 280.
    #expect(try grid.frame(ofSection: 0) == CGRect(x: 0, y: 0, width: 360, height: 240))
    #expect(try grid.frame(ofSection: 1) == CGRect(x: 0, y: 240, width: 360, height: 40))
    #expect(try grid.frame(ofSection: 2).minY == 280)
    // Justified: 0 / 130 / 260 across 360 (UIKit's), a lone last item centered.
    #expect(try (0..<3).map { try grid.frame(of: ItemIndexPath(item: $0, section: 0)).minX } == [0, 130, 260])
    #expect(try grid.frame(of: ItemIndexPath(item: 3, section: 2)).minX == 130)
    // Pinned: at a visible rect starting at 100 the first header sits at 100; section 2's header is pushed by nothing yet.
    let visible = grid.attributes(in: CGRect(x: 0, y: 100, width: 360, height: 300))
    let header0 = try #require(visible.first { $0.kind == .supplementary("header") && $0.indexPath.section == 0 })
    #expect(header0.frame.minY == 100 && header0.zIndex > 1)
    // Near the end of section 0 the header is pushed up by the section's end (240 − 30).
    let late = grid.attributes(in: CGRect(x: 0, y: 230, width: 360, height: 300))
    #expect(late.first { $0.kind == .supplementary("header") && $0.indexPath.section == 0 }?.frame.minY == 210)
    // Sections snap to their start; lines under a pinned header rest one header lower.
    let viewport = try Viewport(size: CGSize(width: 360, height: 200))
    let bySection = try grid.snapLayout(by: .sections, viewport: viewport)
    #expect(try Snapping.target(layout: bySection, offset: 270, velocity: 0, options: grid.snapOptions()).target == 280)
    let byLine = try grid.snapLayout(by: .lines, viewport: viewport)
    #expect(try Snapping.target(layout: byLine, offset: 120, velocity: 0, options: grid.snapOptions()).target == 110)  // line 1 at 140 − 30
  }

  @Test("snap targets of any layout: a list's rows; a waterfall's overlapping columns become snap points")
  func anyLayout() throws {
    let viewport = try Viewport(size: CGSize(width: 320, height: 568))
    let list = try GridLayout.list(rowHeights: [Array([44.0, 60, 44, 80].repeated(10))], width: 320)
    let rows = try SnapLayout.items(of: list, axis: .vertical, viewport: viewport)
    #expect(rows.count == 40)
    #expect(try Snapping.target(layout: rows, offset: 50, velocity: 0, options: .init(alignment: .leading)).target == 44)
    let waterfall = WaterfallLayout(heights: Array([100.0, 150, 120, 90].repeated(5)), columns: 2)
    let points = try SnapLayout.items(of: waterfall, axis: .vertical, viewport: viewport)
    // Starts 0, 0, 108, 158, …: the columns overlap, so snap points at the distinct starts.
    #expect(points.count == Set(waterfall.frames.map(\.minY)).count)
    #expect(try Snapping.target(layout: points, offset: 120, velocity: 0, options: .init(alignment: .leading)).target == 108)
    let explicit = try SnapLayout.points([300, 100, 100, 200], contentExtent: 2000, viewport: 400)
    #expect(explicit.count == 3)
    #expect(try Snapping.target(layout: explicit, offset: 240, velocity: 0, options: .init(alignment: .leading)).target == 200)
  }

  @Test("two axes: each axis snaps with its own flick rule and carries its own velocity")
  func twoAxes() throws {
    let x = try SnapLayout.uniform(count: 10, itemExtent: 375, viewport: 375)
    let y = try SnapLayout.uniform(count: 10, itemExtent: 667, viewport: 667)
    let decision = try Snapping.target(x: x, y: y, offset: SIMD2(400, 700), velocity: SIMD2(900, 10), options: (paging, paging))
    #expect(decision.target == SIMD2(750, 667))  // x flicks to the next page, y (10 pt/s) snaps to the nearest
    let (x0, y0) = (try decision.x.motion(), try decision.y.motion())
    #expect(SIMD2(x0.value(at: .zero), y0.value(at: .zero)) == SIMD2(400, 700) && SIMD2(x0.velocity(at: .zero), y0.velocity(at: .zero)) == SIMD2(900, 10))
    let band = try SettleTolerance(value: 0.5, velocity: 1)
    let end = max(try #require(x0.endTick(within: band)), try #require(y0.endTick(within: band))) + AnimationTime(ticks: 5 * AnimationTime.ticksPerSecond)
    #expect((x0.value(at: end) - 750).magnitude < 0.01 && (y0.value(at: end) - 667).magnitude < 0.01)
  }

  @Test("wrap-around: the shortest way, flicks counting across the seam")
  func circular() throws {
    let wheel = try CircularSnapLayout.evenlySpaced(count: 12, period: 1200)
    let forward = try Snapping.target(circular: wheel, offset: 1150, velocity: 900, options: paging)
    #expect(forward.target == 1200 && wheel.points[forward.index] == 0 && forward.index == 0)
    let back = try Snapping.target(circular: wheel, offset: 0, velocity: -900, options: paging)
    #expect(back.target == -100 && wheel.points[back.index] == 1100 && back.index == 11)
    // Free: rest 0 − 1498.5 → −1500, point 9 of the turn before.
    let free = try Snapping.target(circular: wheel, offset: 0, velocity: -3000)
    #expect(free.target == -1500 && free.index == 9 && wheel.points[free.index] == 900)
    // At rest: the nearest point, across the seam too.
    #expect(try Snapping.target(circular: wheel, offset: 2390, velocity: 0).target == 2400)
    #expect(throws: HarmonicError.self) { try CircularSnapLayout(period: 0, points: [1]) }
    #expect(throws: HarmonicError.self) { try CircularSnapLayout(period: 10, points: []) }
  }
}

/// Paging into an item larger than the snap area: the flick enters it at
/// its first snap position in the flick's direction, so none of it is
/// skipped (b78c276 landed on the position nearest the rest instead).
@Suite("Snapping: paging into an oversized item")
struct OversizedPagingTests {
  @Test(
    "a flick limited to n items enters the n-th at its first position",
    arguments: [
      // (count, extent, spacing, viewport, insets, alignment, per flick, from, velocity, want)
      (6, 375.0, 0.0, 375.0, 16.0, SnapAlignment.center, 1, 391.0, 900.0, 734.0),  // b78c276: 766, the item's far end
      (6, 375.0, 0.0, 375.0, 16.0, .center, 1, 700.0, -900.0, 391.0),  // b78c276: 359
      (57, 812.5, 50.0, 768.0, 0.0, .leading, 2, 17561.9, 3170.75, 18975.0),  // b78c276: 19019.5
      (6, 375.0, 0.0, 375.0, 16.0, .trailing, 1, 391.0, 900.0, 734.0),  // b78c276: 766
    ])
  func entersAtFirstPosition(
    _ c: (
      count: Int, extent: Double, spacing: Double, viewport: Double, inset: Double, alignment: SnapAlignment, perFlick: Int, from: Double, velocity: Double,
      want: Double
    )
  ) throws {
    let layout = try SnapLayout.uniform(
      count: c.count, itemExtent: c.extent, spacing: c.spacing, viewport: c.viewport, leadingInset: c.inset, trailingInset: c.inset)
    let decision = try Snapping.target(
      layout: layout, offset: c.from, velocity: c.velocity, options: Snapping.Options(alignment: c.alignment, maximumItemsPerFlick: c.perFlick))
    #expect(decision.target == c.want, "from \(c.from) at \(c.velocity): \(decision.target), want \(c.want)")
  }

  @Test("without a limit, a flick still lands where its rest is inside a long item")
  func freeInsideWithoutLimit() throws {
    let layout = try SnapLayout.uniform(count: 6, itemExtent: 375, viewport: 375, leadingInset: 16, trailingInset: 16)
    let decision = try Snapping.target(layout: layout, offset: 391, velocity: 900, options: Snapping.Options(alignment: .center))
    #expect(decision.target == 766)  // the rest (841) is past item 2's range [734, 766]: its far end, nearest the rest
  }
}
