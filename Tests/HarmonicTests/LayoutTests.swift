import Foundation
import Harmonic
import Testing

func ip(_ item: Int, _ section: Int = 0) -> ItemIndexPath { ItemIndexPath(item: item, section: section) }

/// Strict overlap with positive area, the rule `attributes(in:)` uses.
func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
  a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY && a.width > 0 && a.height > 0
}

@Suite("Layout model")
struct LayoutTests {
  // 320 wide, items 100×50, 10 pt spacing, insets 5 all round: 3 items per line
  // (5 + 100 + 10 + 100 + 10 + 100 = 325 ≤ 315? no: available 310 → 100+10+100+10+100 = 320 > 310 → 2 per line).
  func grid(rtl: Bool = false, count: Int = 5) throws -> GridLayout {
    try GridLayout(
      sections: [
        .init(
          itemCount: count, itemSize: CGSize(width: 100, height: 50), insets: LayoutInsets(top: 5, left: 5, bottom: 5, right: 5),
          lineSpacing: 10, interitemSpacing: 10, headerExtent: 30)
      ],
      viewportCrossExtent: 320, isRightToLeft: rtl)
  }

  @Test("flow layout: hand-computed frames, lines, header and content size")
  func flowFrames() throws {
    let layout = try grid()
    // Available width 310: two 100 pt items per line (100 + 10 + 100 + 10 + 100 = 320 > 310).
    #expect(try layout.frame(of: ip(0)) == CGRect(x: 5, y: 35, width: 100, height: 50))
    #expect(try layout.frame(of: ip(1)) == CGRect(x: 115, y: 35, width: 100, height: 50))
    #expect(try layout.frame(of: ip(2)) == CGRect(x: 5, y: 95, width: 100, height: 50))
    #expect(try layout.frame(of: ip(4)) == CGRect(x: 5, y: 155, width: 100, height: 50))
    // Header 30, inset 5, three lines of 50 with two gaps of 10, inset 5.
    #expect(layout.contentSize == CGSize(width: 320, height: 30 + 5 + 150 + 20 + 5))
    let header = layout.attributes(in: CGRect(x: 0, y: 0, width: 320, height: 10))
    #expect(header.count == 1 && header[0].kind == .supplementary("header") && header[0].frame == CGRect(x: 0, y: 0, width: 320, height: 30))
  }

  @Test("right to left mirrors every frame across the content width")
  func rightToLeft() throws {
    let ltr = try grid(), rtl = try grid(rtl: true)
    for item in 0..<5 {
      let a = try ltr.frame(of: ip(item)), b = try rtl.frame(of: ip(item))
      #expect(b == CGRect(x: 320 - a.maxX, y: a.minY, width: a.width, height: a.height))
      #expect(rtl.indexPath(at: CGPoint(x: b.midX, y: b.midY)) == ip(item))
      #expect(rtl.indexPath(at: CGPoint(x: b.minX, y: b.minY)) == ip(item))
    }
  }

  @Test("items of different heights are centered in their line")
  func perItemSizes() throws {
    let sizes = [CGSize(width: 100, height: 40), CGSize(width: 100, height: 80), CGSize(width: 250, height: 20)]
    let layout = try GridLayout(sections: [.init(itemSizes: sizes, lineSpacing: 4, interitemSpacing: 10)], viewportCrossExtent: 300)
    #expect(try layout.frame(of: ip(0)) == CGRect(x: 0, y: 20, width: 100, height: 40))
    #expect(try layout.frame(of: ip(1)) == CGRect(x: 110, y: 0, width: 100, height: 80))
    #expect(try layout.frame(of: ip(2)) == CGRect(x: 0, y: 84, width: 250, height: 20))
    #expect(layout.contentSize.height == 104)
  }

  @Test("list layout: one full-width row per item, sections stacked")
  func list() throws {
    let layout = try GridLayout.list(rowHeights: [[44, 60], [30]], width: 375, rowSpacing: 1, headerHeight: 20)
    #expect(try layout.frame(of: ip(0)) == CGRect(x: 0, y: 20, width: 375, height: 44))
    #expect(try layout.frame(of: ip(1)) == CGRect(x: 0, y: 65, width: 375, height: 60))
    #expect(try layout.frame(of: ip(0, 1)) == CGRect(x: 0, y: 125 + 20, width: 375, height: 30))
    #expect(layout.contentSize.height == 175)
  }

  @Test("horizontal scrolling: lines are columns; a carousel has one row")
  func carousel() throws {
    let layout = try GridLayout.carousel(count: 5, itemSize: CGSize(width: 200, height: 300), spacing: 20, viewport: CGSize(width: 400, height: 400))
    // Side insets (400 − 200)/2 = 100; vertical insets 50.
    #expect(try layout.frame(of: ip(0)) == CGRect(x: 100, y: 50, width: 200, height: 300))
    #expect(try layout.frame(of: ip(1)) == CGRect(x: 320, y: 50, width: 200, height: 300))
    #expect(layout.contentSize == CGSize(width: 100 + 5 * 200 + 4 * 20 + 100, height: 400))
  }

  @Test("a carousel decorated by scaleAndFade at a one-pitch phase: UPCarouselFlowLayout's clamped scale and alpha")
  func decoration() throws {
    let layout = try GridLayout.carousel(count: 5, itemSize: CGSize(width: 200, height: 300), spacing: 20, viewport: CGSize(width: 400, height: 400))
    let (effect, phase) = (ScrollEffect.scaleAndFade(minimumScale: 0.6, minimumAlpha: 0.5), try ScrollPhase(axis: .horizontal, scale: .pitch(220)))
    let rect = CGRect(x: 0, y: 0, width: 400, height: 400)  // center x = 200: item 0 centered
    var clamped = layout.attributes(in: rect)
    try effect.apply(to: &clamped, in: rect, phase: phase)
    // Item 1's center is 420: one pitch away, the side scale and alpha.
    #expect(clamped[0].transform == .scale(1, 1) && clamped[0].alpha == 1 && clamped[0].zIndex == 0)
    #expect(clamped[1].transform.a == 0.6 && clamped[1].alpha == 0.5 && clamped[1].zIndex == -100)
    let halfway = CGRect(x: 110, y: 0, width: 400, height: 400)
    var between = layout.attributes(in: halfway)
    try effect.apply(to: &between, in: halfway, phase: phase)
    #expect((between[0].transform.a - 0.8).magnitude < 1e-15 && (between[0].alpha - 0.75).magnitude < 1e-15)
  }

  @Test("rect queries equal a brute-force scan on random layouts, and every frame lies inside the content (seeded)")
  func rectQueriesProperty() throws {
    var random = SeededGenerator(seed: 404)
    for round in 0..<60 {
      let axis: ScrollAxis = round % 3 == 0 ? .horizontal : .vertical
      let cross = Double(Int.random(in: 150...500, using: &random))
      var sections: [GridLayout.Section] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let count = Int.random(in: 0...60, using: &random)  // empty sections too
        let insets = LayoutInsets(
          top: Double(Int.random(in: 0...20, using: &random)), left: Double(Int.random(in: 0...20, using: &random)),
          bottom: Double(Int.random(in: 0...20, using: &random)), right: Double(Int.random(in: 0...20, using: &random)))
        let maxCross = cross - (axis == .vertical ? insets.left + insets.right : insets.top + insets.bottom)
        let sizes = (0..<count).map { _ -> CGSize in
          let c = Double(Int.random(in: 1...Int(maxCross), using: &random)), m = Double(Int.random(in: 1...120, using: &random))
          return axis == .vertical ? CGSize(width: c, height: m) : CGSize(width: m, height: c)
        }
        sections.append(
          .init(
            itemSizes: sizes, insets: insets, lineSpacing: Double(Int.random(in: 0...15, using: &random)),
            interitemSpacing: Double(Int.random(in: 0...15, using: &random)),
            headerExtent: Double(Int.random(in: 0...1, using: &random) * 25), footerExtent: 0))
      }
      let layout = try GridLayout(sections: sections, scrollAxis: axis, viewportCrossExtent: cross, isRightToLeft: round % 2 == 1)
      let all = layout.allAttributes()
      let content = CGRect(origin: .zero, size: layout.contentSize)
      for element in all { #expect(content.contains(element.frame), "frame \(element.frame) outside \(content)") }
      for _ in 0..<20 {
        let rect = CGRect(
          x: Double.random(in: -50...Double(content.width), using: &random), y: Double.random(in: -50...Double(content.height), using: &random),
          width: Double.random(in: 1...400, using: &random), height: Double.random(in: 1...400, using: &random))
        // The same cells, in index order, with the same attributes.
        let fast = layout.attributes(in: rect).filter { $0.kind == .cell }
        let brute = all.filter { overlaps($0.frame, rect) }
        #expect(fast == brute, "round \(round) rect \(rect)")
        #expect(layout.elementIDs(in: rect).filter { $0.kind == .cell } == brute.map(\.elementID), "round \(round) rect \(rect)")
        let point = CGPoint(x: rect.minX, y: rect.minY)
        let hit = all.first { $0.frame.minX <= point.x && point.x < $0.frame.maxX && $0.frame.minY <= point.y && point.y < $0.frame.maxY }
        #expect(layout.indexPath(at: point) == hit?.indexPath, "hit test at \(point), rtl \(layout.isRightToLeft), \(axis)")
      }
    }
  }

  @Test("rect queries and hit tests agree with the frames the elements report, at those frames' very edges (justified lines off whole points, RTL, both axes)")
  func queriesAtReportedEdges() throws {
    // A reported frame is the size about the center, which can sit an ulp
    // from the layout's own edges (the fuzzer's case: a cell at x 117.0
    // reported, 116.99999999999999 in the layout, found by a rect ending
    // at 117). Rects and points placed on every reported edge must give
    // what a scan of the reported frames gives.
    var mismatches = 0
    for (axis, rtl) in [(ScrollAxis.vertical, false), (.vertical, true), (.horizontal, false), (.horizontal, true)] {
      let section = GridLayout.Section(
        itemCount: 30, itemSize: CGSize(width: 22, height: 22), insets: LayoutInsets(top: 8, left: 2, bottom: 3, right: 2),
        lineSpacing: 15, interitemSpacing: 10, headerExtent: 22, footerExtent: 0)
      let layout = try GridLayout(
        sections: [section, section], scrollAxis: axis, viewportCrossExtent: 256, isRightToLeft: rtl, lineAlignment: .justified)
      let all = layout.allAttributes()
      for element in all {
        let f = element.frame
        var rects: [CGRect] = []
        for (x, y) in [(f.maxX, f.minY), (f.minX - 50, f.minY), (f.minX, f.maxY), (f.minX, f.minY - 50)] {
          rects.append(CGRect(x: x, y: y, width: 50, height: 50))
          rects.append(CGRect(x: x.nextDown, y: y.nextDown, width: 50, height: 50))
        }
        for rect in rects {
          let fast = layout.attributes(in: rect).filter { $0.kind == .cell }
          let brute = all.filter { overlaps($0.frame, rect) }
          if fast != brute { mismatches += 1 }
          if layout.elementIDs(in: rect).filter({ $0.kind == .cell }) != brute.map(\.elementID) { mismatches += 1 }
        }
        for point in [f.origin, CGPoint(x: f.maxX, y: f.minY), CGPoint(x: f.maxX.nextDown, y: f.maxY.nextDown), CGPoint(x: f.minX.nextDown, y: f.minY)] {
          let hit = all.first { $0.frame.minX <= point.x && point.x < $0.frame.maxX && $0.frame.minY <= point.y && point.y < $0.frame.maxY }
          if layout.indexPath(at: point) != hit?.indexPath { mismatches += 1 }
        }
      }
      // The justified positions are off whole points: the edges are not trivial.
      #expect(all.contains { $0.frame.minX != $0.frame.minX.rounded() || $0.frame.minY != $0.frame.minY.rounded() })
    }
    #expect(mismatches == 0)
  }

  @Test("rect queries past the content, on many threads at once: empty, and no write to the shared empty-array storage (a race under ThreadSanitizer)")
  func emptyQueriesConcurrently() async throws {
    let layout = try grid(count: 40)
    // Past the last line and section: the query's bound is 0, the in-place
    // fill's capacity 0.
    let past = CGRect(x: 0, y: 1e6, width: 320, height: 100)
    let counts = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var found = 0
          for _ in 0..<200 { found += layout.attributes(in: past).count + layout.elementIDs(in: past).count }
          return found
        }
      }
      var total = 0
      for await count in group { total += count }
      return total
    }
    #expect(counts == 0)
    // An in-place fill of capacity 0 never calls its body.
    let empty = [Int](_unsafeFilling: 0) { _, _ in Issue.record("the body of an empty fill ran") }
    #expect(empty.isEmpty)
    // And a query inside the content still finds its elements.
    #expect(!layout.attributes(in: CGRect(x: 0, y: 0, width: 320, height: 100)).isEmpty)
  }

  @Test("10M items: a rect query and a hit test answer by binary search")
  func tenMillion() throws {
    let layout = try GridLayout(
      sections: [.init(itemCount: 10_000_000, itemSize: CGSize(width: 90, height: 90), lineSpacing: 2, interitemSpacing: 2)],
      viewportCrossExtent: 375)
    // 4 items per line (4·90 + 3·2 = 366 ≤ 375); line pitch 92.
    let rect = CGRect(x: 0, y: 92 * 1_000_000 + 10, width: 375, height: 800)
    let visible = layout.attributes(in: rect)
    // Lines k = 1,000,000 … 1,000,008 start before the rect's end 92·10⁶ + 810.
    #expect(visible.count == 4 * 9)
    #expect(visible.first?.indexPath == ip(4_000_000))
    #expect(layout.indexPath(at: CGPoint(x: 100, y: 92 * 2_499_999 + 1)) == ip(9_999_997))
  }

  @Test("content offsets for every scroll position, with insets, clamped")
  func scrollPositions() throws {
    let layout = try GridLayout.list(rowHeights: [Array(repeating: 50, count: 100)], width: 320)  // content 5000 tall
    let viewport = try Viewport(size: CGSize(width: 320, height: 480), insets: LayoutInsets(top: 64, bottom: 34))
    func offset(_ row: Int, _ position: ScrollPosition, current: CGPoint = .zero) throws -> CGPoint {
      try layout.contentOffset(toShow: ip(row), at: position, viewport: viewport, current: current)
    }
    #expect(try offset(20, .top).y == 1000 - 64)
    #expect(try offset(20, .bottom).y == 1050 - 480 + 34)
    #expect(try offset(20, .centeredVertically).y == 1025 - 64 - (480 - 98) / 2)
    #expect(try offset(0, .top).y == -64)  // clamped at −inset.top
    #expect(try offset(99, .top).y == 5000 + 34 - 480)  // the last item: clamped to the maximum
    #expect(try offset(99, .bottom).y == 5000 + 34 - 480)
    // .none: no movement when visible; the least movement otherwise.
    #expect(try offset(3, .none, current: CGPoint(x: 0, y: 0)).y == 0)
    #expect(try offset(30, .none, current: CGPoint(x: 0, y: 0)).y == 1550 - 480 + 34)
    #expect(try offset(2, .none, current: CGPoint(x: 0, y: 1000)).y == 100 - 64)
    // Horizontal positions on a vertical list: the x range is a single point.
    #expect(try offset(20, .right).x == 0)
    // Content shorter than the viewport: only −inset.top is reachable.
    let tiny = try GridLayout.list(rowHeights: [[50, 50]], width: 320)
    #expect(try tiny.contentOffset(toShow: ip(1), at: .bottom, viewport: viewport) == CGPoint(x: 0, y: -64))
  }

  @Test("transition placement modes and the table → collection offset")
  func placement() throws {
    let grid = try GridLayout(
      sections: [.init(itemCount: 100, itemSize: CGSize(width: 100, height: 100), lineSpacing: 0, interitemSpacing: 0)],
      viewportCrossExtent: 300)  // 3 per line, 34 lines, content 3400
    let viewport = try Viewport(size: CGSize(width: 300, height: 600))
    let items = [ip(30), ip(31)]  // line 10: y 1000…1100
    #expect(try grid.placement(of: items, .top, viewport: viewport, current: .zero).y == 1000)
    #expect(try grid.placement(of: items, .bottom, viewport: viewport, current: .zero).y == 500)
    #expect(try grid.placement(of: items, .center, viewport: viewport, current: .zero).y == 750)
    #expect(try grid.placement(of: items, .visible, viewport: viewport, current: CGPoint(x: 0, y: 900)).y == 900)
    #expect(try grid.placement(of: items, .visible, viewport: viewport, current: CGPoint(x: 0, y: 2000)).y == 1000)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 100)], width: 300)
    // Minimal: item 30 was 20 pt below the top of the list's viewport; it stays 20 pt below.
    let minimal = try grid.placement(
      of: [ip(30)], .minimal, viewport: viewport, current: .zero,
      old: (list, CGPoint(x: 0, y: 30 * 44 - 20)))
    #expect(minimal.y == 980)
    #expect(try grid.offsetBringingToFirstRow(ip(31), viewport: viewport) == CGPoint(x: 0, y: 1000))
    #expect(try grid.offsetBringingToFirstRow(ip(99), viewport: viewport) == CGPoint(x: 0, y: 3400 - 600))
  }

  @Test("appearing items fly in only when really inserted; a rotation pairs every visible item")
  func updates() throws {
    let layout = try grid()
    let final = try layout.attributes(of: ip(2))
    let update = LayoutUpdate(inserted: [ip(2)])
    let flown = update.initialAttributes(appearing: final, style: .flyIn(distance: 300, rotation: .pi / 4))
    #expect(flown.center.y == final.center.y + 300 && flown.alpha == 0 && (flown.transform.b - (0.5).squareRoot()).magnitude < 1e-15)
    #expect(update.initialAttributes(appearing: try layout.attributes(of: ip(1))) == (try layout.attributes(of: ip(1))))
    #expect(LayoutUpdate(inserted: [ip(2)], isBoundsChange: true).initialAttributes(appearing: final) == final)
    #expect(LayoutUpdate(deleted: [ip(2)]).finalAttributes(disappearing: final).alpha == 0)

    let portrait = try GridLayout(sections: [.init(itemCount: 20, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let landscape = try GridLayout(sections: [.init(itemCount: 20, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 568)
    // A rotation is a transition with a viewport per end, every element paired with itself.
    let rotation = try LayoutTransition(
      from: portrait, offset: .zero, to: landscape, offset: .zero,
      viewport: Viewport(size: CGSize(width: 320, height: 568)),
      endViewport: Viewport(size: CGSize(width: 568, height: 320)))
    // Portrait: 3 per line, line pitch 110, 6 lines reach into 568 pt → items 0…17;
    // landscape: 5 per line, 3 lines within 320 pt → items 0…14. Union: 0…17.
    let paired = Set(rotation.elements.compactMap(\.from))
    #expect(paired.isSuperset(of: (0..<18).map { ElementID.cell(ip($0)) }))
    #expect(rotation.elements.allSatisfy { $0.from == $0.to })
  }

  @Test("attributes ⇄ batch channels is an exact round trip")
  func channels() throws {
    var attributes = try grid().allAttributes()
    attributes[1].transform = try .rotation(0.3)
    attributes[2].alpha = 0.25
    attributes[3].transform3D.m[11] = -1.0 / 500
    let values = LayoutChannels.values(of: attributes, include3D: true)
    #expect(values.count == 5 * 27)
    var copy = attributes.map { element -> LayoutAttributes in
      var blank = element
      blank.center = .zero; blank.size = .zero; blank.transform = .identity; blank.transform3D = .identity; blank.alpha = 1
      return blank
    }
    try LayoutChannels.apply(values, to: &copy)
    #expect(copy == attributes)
    #expect(throws: HarmonicError.self) { try LayoutChannels.apply([1, 2, 3], to: &copy) }
  }

  @Test("bad input: no sections, negative counts, negative or non-finite sizes, spacings, insets; index paths out of range")
  func badInput() throws {
    func fails(_ body: () throws -> Void) -> Bool { (try? body()) == nil }
    #expect(fails { _ = try GridLayout(sections: [], viewportCrossExtent: 100) })
    #expect(fails { _ = try GridLayout(sections: [.init(itemCount: -1, itemSize: CGSize(width: 10, height: 10))], viewportCrossExtent: 100) })
    // An empty section is a layout (UIKit's too): its header and insets, no items.
    let empty = try GridLayout(sections: [.init(itemCount: 0, itemSize: CGSize(width: 10, height: 10), headerExtent: 20)], viewportCrossExtent: 100)
    #expect(empty.itemCount == 0 && empty.contentSize.height == 20 && empty.lineCount == 0)
    #expect(fails { _ = try GridLayout(sections: [.init(itemCount: 1, itemSize: CGSize(width: -1, height: 10))], viewportCrossExtent: 100) })
    #expect(fails { _ = try GridLayout(sections: [.init(itemCount: 1, itemSize: CGSize(width: 10, height: CGFloat.nan))], viewportCrossExtent: 100) })
    #expect(fails { _ = try GridLayout(sections: [.init(itemCount: 1, itemSize: CGSize(width: 200, height: 10))], viewportCrossExtent: 100) })
    #expect(fails { _ = try GridLayout(sections: [.init(itemCount: 1, itemSize: CGSize(width: 10, height: 10), lineSpacing: -1)], viewportCrossExtent: 100) })
    #expect(
      fails {
        _ = try GridLayout(
          sections: [.init(itemCount: 1, itemSize: CGSize(width: 10, height: 10), insets: LayoutInsets(left: .infinity))], viewportCrossExtent: 100)
      })
    #expect(fails { _ = try GridLayout(sections: [.init(itemCount: 1, itemSize: CGSize(width: 10, height: 10))], viewportCrossExtent: .nan) })
    #expect(fails { _ = try GridLayout.list(rowHeights: [[10, -5]], width: 100) })
    let layout = try grid()
    #expect(fails { _ = try layout.frame(of: ip(5)) })
    #expect(fails { _ = try layout.frame(of: ip(0, 1)) })
    #expect(fails { _ = try layout.frame(of: ip(-1)) })
    #expect(fails { _ = try Viewport(size: CGSize(width: 0, height: 10)) })
    #expect(layout.attributes(in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)).isEmpty)
    #expect(layout.indexPath(at: CGPoint(x: CGFloat.infinity, y: 0)) == nil)
  }
}

@Suite("Element kinds")
struct ElementKindTests {
  @Test("an attributes' center from a frame is Foundation's midX and midY bit for bit: random, negative, huge, subnormal, non-finite and null frames")
  func centerFromFrame() {
    var random = SeededGenerator(seed: 2611)
    let special: [Double] = [
      0, -0.0, 1, -1, .leastNonzeroMagnitude, -.leastNormalMagnitude, 1e308, -1e308, .greatestFiniteMagnitude,
      .infinity, -.infinity, .nan, 0.1, 1.0 / 3,
    ]
    var frames = [CGRect.null, .infinite, .zero]
    for _ in 0..<20_000 {
      func value() -> Double {
        Int.random(in: 0..<8, using: &random) == 0
          ? special.randomElement(using: &random)!
          : Double.random(in: -1...1, using: &random) * pow(10, Double.random(in: -8...8, using: &random))
      }
      frames.append(CGRect(x: value(), y: value(), width: value(), height: value()))
    }
    for frame in frames {
      let expected = (Double(frame.midX).bitPattern, Double(frame.midY).bitPattern)
      let made = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: frame)
      var set = made
      set.frame = frame
      for center in [made.center, set.center] {
        let bits = (Double(center.x).bitPattern, Double(center.y).bitPattern)
        #expect(
          bits == expected || (Double(center.x).isNaN && Double(frame.midX).isNaN && bits.1 == expected.1)
            || (Double(center.y).isNaN && Double(frame.midY).isNaN && bits.0 == expected.0)
            || (Double(center.x).isNaN && Double(frame.midX).isNaN && Double(center.y).isNaN && Double(frame.midY).isNaN), "\(frame)")
      }
    }
  }

  @Test("interned kinds: equal exactly when category and name are; names, categories and descriptions read back")
  func interning() {
    let names = ["header", "footer", "badge", "", "é", "a much longer kind name than fits in a small string"]
    for name in names {
      let supplementary = ElementKind.supplementary(name), decoration = ElementKind.decoration(name)
      #expect(supplementary == .supplementary(String(name.reversed().reversed())))
      #expect(supplementary != decoration && supplementary != .cell && decoration != .cell)
      #expect(supplementary.name == name && decoration.name == name)
      #expect(supplementary.category == .supplementary && decoration.category == .decoration)
      #expect(supplementary.description == "supplementary \(name)" && decoration.description == "decoration \(name)")
      // Hashes follow equality (a Set keeps one of each).
      #expect(Set([supplementary, .supplementary(name), decoration, .decoration(name), .cell]).count == 3)
    }
    #expect(ElementKind.cell.name == nil && ElementKind.cell.category == .cell && ElementKind.cell.description == "cell")
    #expect(Set(names.map(ElementKind.supplementary)).count == names.count)
    // Pattern matching as on an enumeration.
    func label(_ kind: ElementKind) -> String {
      switch kind {
      case .cell: return "cell"
      case .supplementary("header"): return "header"
      default: return "other"
      }
    }
    #expect(label(.cell) == "cell" && label(.supplementary("header")) == "header" && label(.decoration("header")) == "other")
  }

  @Test("ElementID order: cells, then supplementary, then decoration views, each by name (not by when a name was interned), then index path")
  func order() {
    // Interned in an order unlike the sorted one.
    let kinds = ["zeta", "alpha", "mu"].flatMap { [ElementKind.decoration($0), .supplementary($0)] } + [.cell]
    let ids = kinds.flatMap { kind in [ip(1, 0), ip(0, 1), ip(0, 0)].map { ElementID(kind, $0) } }
    let sorted = ids.sorted()
    func key(_ id: ElementID) -> (Int, String, Int, Int) {
      (id.kind.category.rawValue, id.kind.name ?? "", id.indexPath.section, id.indexPath.item)
    }
    #expect(sorted.map(key).elementsEqual(ids.map(key).sorted(by: <), by: ==))
    #expect(sorted.first == ElementID(.cell, ip(0, 0)) && sorted.last == ElementID(.decoration("zeta"), ip(0, 1)))
  }

  @Test("kinds interned concurrently from many threads agree; attributes, ids and transition elements copy as plain bytes")
  func concurrentAndPlain() async {
    let names = (0..<64).map { "kind \($0 % 16)" }
    let results = await withTaskGroup(of: [UInt].self) { group in
      for _ in 0..<8 { group.addTask { names.map { ElementKind.decoration($0)._raw } } }
      var all: [[UInt]] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.allSatisfy { $0 == results[0] })
    #expect(Set(results[0]).count == 16)
    // No reference counting when these are copied (what transition setup costs).
    #expect(_isPOD(ElementKind.self) && _isPOD(ElementID.self) && _isPOD(LayoutAttributes.self) && _isPOD(LayoutTransition.Element.self))
  }
}
