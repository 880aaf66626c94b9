import Foundation
import Harmonic
import Testing
import _AllocationCounter

/// Items on a circle: a layout that is not a grid, written the way an app
/// would write its own (a scan per query).
struct CircleLayout: CollectionLayout {
  var count: Int
  var radius: Double
  var center: CGPoint
  var itemSize = CGSize(width: 60, height: 60)
  var contentSize: CGSize { CGSize(width: 2 * Double(center.x), height: 2 * Double(center.y)) }
  var itemCounts: [Int] { [count] }
  func frame(_ item: Int) -> CGRect {
    let angle = 2 * Double.pi * Double(item) / Double(count)
    return CGRect(
      x: Double(center.x) + radius * cos(angle) - Double(itemSize.width) / 2,
      y: Double(center.y) + radius * sin(angle) - Double(itemSize.height) / 2, width: itemSize.width, height: itemSize.height)
  }
  func attributes(in rect: CGRect) -> [LayoutAttributes] {
    (0..<count).map { LayoutAttributes(indexPath: ip($0), frame: frame($0)) }.filter { $0.frame.intersects(rect) }
  }
  func attributes(of element: ElementID) -> LayoutAttributes? {
    guard element.kind == .cell, element.indexPath.section == 0, (0..<count).contains(element.indexPath.item) else { return nil }
    return LayoutAttributes(indexPath: element.indexPath, frame: frame(element.indexPath.item))
  }
}

/// A waterfall (Pinterest) layout: each item goes into the shortest column.
struct WaterfallLayout: CollectionLayout {
  var heights: [Double]
  var columns: Int
  var width: Double = 320
  var spacing: Double = 8
  var frames: [CGRect] {
    let columnWidth = (width - spacing * Double(columns - 1)) / Double(columns)
    var bottoms = [Double](repeating: 0, count: columns)
    return heights.map { height in
      let column = bottoms.indices.min { bottoms[$0] < bottoms[$1] }!
      let frame = CGRect(x: Double(column) * (columnWidth + spacing), y: bottoms[column], width: columnWidth, height: height)
      bottoms[column] += height + spacing
      return frame
    }
  }
  var contentSize: CGSize { CGSize(width: width, height: frames.map(\.maxY).max() ?? 0) }
  var itemCounts: [Int] { [heights.count] }
  func attributes(in rect: CGRect) -> [LayoutAttributes] {
    frames.enumerated().map { LayoutAttributes(indexPath: ip($0.offset), frame: $0.element) }.filter { $0.frame.intersects(rect) }
  }
  func attributes(of element: ElementID) -> LayoutAttributes? {
    guard element.kind == .cell, element.indexPath.section == 0, heights.indices.contains(element.indexPath.item) else { return nil }
    return LayoutAttributes(indexPath: element.indexPath, frame: frames[element.indexPath.item])
  }
}

@Suite("Transitions between any layouts")
struct TransitionScenarioTests {
  let phone = try! Viewport(size: CGSize(width: 320, height: 568))

  /// The unit step response of `spring` at `time`, from the scalar motion
  /// (an independent code path from the batch).
  func step(_ spring: Spring, _ time: AnimationTime) throws -> Double {
    try SpringMotion(spring: spring, from: 0, to: 1).state(at: time).value
  }

  func index(_ transition: LayoutTransition, _ id: ElementID) throws -> Int {
    try #require(transition.elements.firstIndex { $0.id == id && $0.to != nil })
  }

  @Test("circle ↔ grid: a custom layout starts exactly on its circle, ends exactly on the grid, and follows the closed form between")
  func circleAndGrid() throws {
    let circle = CircleLayout(count: 12, radius: 120, center: CGPoint(x: 160, y: 284))
    let grid = try GridLayout(sections: [.init(itemCount: 12, itemSize: CGSize(width: 90, height: 90))], viewportCrossExtent: 320)
    for (from, to) in [(circle as any CollectionLayout, grid as any CollectionLayout), (grid, circle)] {
      let transition = try LayoutTransition(from: from, offset: .zero, to: to, offset: .zero, viewport: phone, springs: .shared(.smooth))
      #expect(transition.elements.count == 12)
      var frame = transition.makeFrame()
      try transition.frame(at: .zero, into: &frame)
      #expect(frame.attributes.map(\.frame) == (0..<12).map { from.attributes(of: .cell(ip($0)))!.frame })
      let t = AnimationTime(ticks: AnimationTime.ticksPerSecond / 8)
      try transition.frame(at: t, into: &frame)
      let p = try step(.smooth, t)
      for k in 0..<12 {
        let (a, b) = (from.attributes(of: .cell(ip(k)))!.center, to.attributes(of: .cell(ip(k)))!.center)
        let expected = Double(a.x) + (Double(b.x) - Double(a.x)) * p
        #expect((Double(frame.attributes[k].center.x) - expected).magnitude <= 1e-12 * 400)
      }
      try transition.frame(at: transition.endTick, into: &frame)
      #expect(frame.attributes.map(\.frame) == (0..<12).map { to.attributes(of: .cell(ip($0)))!.frame })
    }
  }

  @Test("waterfall 2 → 3 columns with a delete and an insert in the middle: later items keep their identity and shift")
  func waterfallWithUpdates() throws {
    let heights = (0..<30).map { 60 + Double(($0 * 37) % 90) }
    let old = WaterfallLayout(heights: heights, columns: 2)
    var newHeights = heights
    newHeights.remove(at: 5)
    newHeights.insert(77, at: 8)
    let new = WaterfallLayout(heights: newHeights, columns: 3)
    let update = LayoutUpdate(inserted: [ip(8)], deleted: [ip(5)])
    let transition = try LayoutTransition(from: old, offset: .zero, to: new, offset: .zero, viewport: phone, update: update)
    // Old 9 is new 8 after the delete … no: the insert at 8 pushes it back to 9.
    let mapping = try update.mapping(oldItemCounts: [30], newItemCounts: [30])
    #expect(mapping.newIndexPath(forOld: ip(4)) == ip(4))
    #expect(mapping.newIndexPath(forOld: ip(5)) == nil)
    #expect(mapping.newIndexPath(forOld: ip(6)) == ip(5))
    #expect(mapping.newIndexPath(forOld: ip(8)) == ip(7))
    #expect(mapping.newIndexPath(forOld: ip(9)) == ip(9))
    #expect(mapping.oldIndexPath(forNew: ip(8)) == nil)
    for (oldItem, newItem) in [(6, 5), (8, 7), (9, 9), (12, 12)] {
      let k = try index(transition, .cell(ip(newItem)))
      #expect(transition.elements[k].from == .cell(ip(oldItem)))
      #expect(transition.startAttributes[k] == LayoutAttributes(indexPath: ip(newItem), frame: old.frames[oldItem]))
      #expect(transition.endAttributes[k] == LayoutAttributes(indexPath: ip(newItem), frame: new.frames[newItem]))
      #expect(transition.startAttributes[k].alpha == 1 && transition.endAttributes[k].alpha == 1)
    }
    let deleted = try #require(transition.elements.firstIndex { $0.from == .cell(ip(5)) })
    #expect(transition.elements[deleted].to == nil)
    #expect(transition.startAttributes[deleted] == LayoutAttributes(indexPath: ip(5), frame: old.frames[5]))
    #expect(transition.endAttributes[deleted] == LayoutAttributes(indexPath: ip(5), frame: old.frames[5], alpha: 0))
    let inserted = try index(transition, .cell(ip(8)))
    #expect(transition.elements[inserted].from == nil)
    #expect(transition.startAttributes[inserted] == LayoutAttributes(indexPath: ip(8), frame: new.frames[8], alpha: 0))
    // Without the update the counts still match, so items pair by index path
    // and nothing fades; a count mismatch is refused.
    let shorter = WaterfallLayout(heights: Array(newHeights.prefix(29)), columns: 3)
    #expect(throws: HarmonicError.self) { try LayoutTransition(from: old, offset: .zero, to: shorter, offset: .zero, viewport: phone) }
  }

  @Test("a cell one layout lacks and the update does not account for: a typed error naming it")
  func unaccountedElement() throws {
    let cells = (0..<6).map { LayoutAttributes(indexPath: ip($0), frame: CGRect(x: 0, y: Double($0) * 50, width: 320, height: 44)) }
    var holed = cells
    holed.remove(at: 3)
    let size = CGSize(width: 320, height: 300)
    do {
      _ = try LayoutTransition(
        from: cells, offset: .zero, contentSize: size, viewport: phone,
        to: holed, offset: .zero, contentSize: size, viewport: phone)
      Issue.record("a missing cell was accepted")
    } catch {
      #expect("\(error)".contains("cell [0, 3]"), "\(error)")
    }
    // Declared deleted (and the counts agree), it fades out.
    let shifted = (0..<5).map { LayoutAttributes(indexPath: ip($0), frame: CGRect(x: 0, y: Double($0) * 50, width: 320, height: 44)) }
    let transition = try LayoutTransition(
      from: cells, offset: .zero, contentSize: size, viewport: phone,
      to: shifted, offset: .zero, contentSize: size, viewport: phone, update: LayoutUpdate(deleted: [ip(3)]))
    let k = try #require(transition.elements.firstIndex { $0.from == .cell(ip(4)) })
    #expect(transition.elements[k].to == .cell(ip(3)) && transition.endAttributes[k].frame.minY == 150)
  }

  @Test("update mapping equals UIKit's array procedure (delete descending, then insert ascending) on random updates")
  func mappingMatchesArrayProcedure() throws {
    var random = SeededGenerator(seed: 14)
    for _ in 0..<300 {
      let oldCount = Int.random(in: 0...25, using: &random)
      let identities = Array(0..<oldCount)
      let removed = Set(identities.filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
      let movers = removed.filter { _ in Bool.random(using: &random) }
      // Apply: delete in descending old index order.
      var array: [Int?] = identities
      for index in removed.sorted(by: >) { array.remove(at: index) }
      // Insert (new items are nil, movers carry their identity) at ascending new indices.
      let insertCount = Int.random(in: 0...5, using: &random)
      let newCount = array.count + insertCount + movers.count
      var destinations = Array(0..<newCount).shuffled(using: &random).prefix(insertCount + movers.count).sorted()
      var moved: [ItemIndexPath: ItemIndexPath] = [:], inserted: Set<ItemIndexPath> = []
      var pending = Array(movers).shuffled(using: &random)
      for destination in destinations {
        if let mover = pending.popLast() {
          array.insert(mover, at: destination)
          moved[ip(mover)] = ip(destination)
        } else {
          array.insert(nil, at: destination)
          inserted.insert(ip(destination))
        }
      }
      destinations.removeAll()
      let update = LayoutUpdate(inserted: inserted, deleted: removed.subtracting(movers).reduce(into: []) { $0.insert(ip($1)) }, moved: moved)
      let mapping = try update.mapping(oldItemCounts: [oldCount], newItemCounts: [newCount])
      for (newIndex, identity) in array.enumerated() {
        #expect(mapping.oldIndexPath(forNew: ip(newIndex)) == identity.map { ip($0) })
        if let identity { #expect(mapping.newIndexPath(forOld: ip(identity)) == ip(newIndex)) }
      }
      for gone in removed.subtracting(movers) { #expect(mapping.newIndexPath(forOld: ip(gone)) == nil) }
    }
    // Sections: delete section 0, insert a new section 1; old section 1 is new section 0.
    let sections = LayoutUpdate(insertedSections: [1], deletedSections: [0])
    let mapping = try sections.mapping(oldItemCounts: [3, 4], newItemCounts: [4, 2])
    #expect(mapping.newIndexPath(forOld: ip(2, 1)) == ip(2, 0) && mapping.newIndexPath(forOld: ip(2, 0)) == nil)
    #expect(
      mapping.oldIndexPath(forNew: ip(1, 1)) == nil
        && mapping.newElement(forOld: ElementID(.supplementary("header"), ip(0, 1))) == ElementID(.supplementary("header"), ip(0, 0)))
    let movedSection = try LayoutUpdate(movedSections: [0: 1]).mapping(oldItemCounts: [3, 4], newItemCounts: [4, 3])
    #expect(movedSection.newIndexPath(forOld: ip(2, 0)) == ip(2, 1) && movedSection.newIndexPath(forOld: ip(3, 1)) == ip(3, 0))
    for bad in [LayoutUpdate(inserted: [ip(9)]), LayoutUpdate(deleted: [ip(1)], moved: [ip(1): ip(2)]), LayoutUpdate(deletedSections: [4])] {
      #expect(throws: HarmonicError.self) { try bad.mapping(oldItemCounts: [3], newItemCounts: [3]) }
    }
  }

  @Test("reorder by a move: the moved row springs from its old place to its new one, the rows between shift by one")
  func reorderByMove() throws {
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 10)], width: 320)
    let transition = try LayoutTransition(
      from: list, offset: .zero, to: list, offset: .zero, viewport: phone,
      update: LayoutUpdate(moved: [ip(2): ip(7)]))
    let moved = try index(transition, .cell(ip(7)))
    #expect(transition.elements[moved].from == .cell(ip(2)))
    #expect(transition.startAttributes[moved].frame.minY == 88 && transition.endAttributes[moved].frame.minY == 308)
    for row in 3...7 {
      let k = try index(transition, .cell(ip(row - 1)))
      #expect(transition.elements[k].from == .cell(ip(row)))
      #expect(transition.startAttributes[k].frame.minY == 44 * Double(row) && transition.endAttributes[k].frame.minY == 44 * Double(row - 1))
    }
    let untouched = try index(transition, .cell(ip(8)))
    #expect(transition.startAttributes[untouched] == transition.endAttributes[untouched])
    var frame = transition.makeFrame(velocities: true)
    try transition.frame(at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 10), into: &frame)
    #expect(try #require(frame.centerVelocity(ofElement: moved)).y > 0)
    #expect(try #require(frame.centerVelocity(ofElement: try index(transition, .cell(ip(3))))).y < 0)
  }

  @Test("rotation with two viewports: every element visible in portrait or landscape animates")
  func rotation() throws {
    let portrait = try Viewport(size: CGSize(width: 320, height: 568)), landscape = try Viewport(size: CGSize(width: 568, height: 320))
    let section = GridLayout.Section(itemCount: 72, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)
    let tall = try GridLayout(sections: [section], viewportCrossExtent: 320), wide = try GridLayout(sections: [section], viewportCrossExtent: 568)
    let transition = try LayoutTransition(
      from: tall, offset: CGPoint(x: 0, y: 420), to: wide, offset: CGPoint(x: 0, y: 210),
      viewport: portrait, endViewport: landscape, update: LayoutUpdate(isBoundsChange: true))
    let animated = Set(transition.elements.map(\.id))
    let needed = Set(tall.attributes(in: portrait.visibleRect(at: CGPoint(x: 0, y: 420))).map(\.elementID))
      .union(wide.attributes(in: landscape.visibleRect(at: CGPoint(x: 0, y: 210))).map(\.elementID))
    #expect(needed.isSubset(of: animated))
    #expect(transition.endAttributes.allSatisfy { $0.alpha == 1 })
    #expect(transition.elements.allSatisfy { $0.from == $0.to })
  }

  @Test("grid → carousel with the carousel's decoration at both ends: the last frame is the decorated carousel, no jump at completion")
  func gridToCarousel() throws {
    let viewport = try Viewport(size: CGSize(width: 375, height: 300))
    let grid = try GridLayout(sections: [.init(itemCount: 20, itemSize: CGSize(width: 110, height: 110))], viewportCrossExtent: 375)
    let carousel = try GridLayout.carousel(count: 20, itemSize: CGSize(width: 200, height: 260), spacing: 20, viewport: viewport.size)
    let offset = CGPoint(x: 220 * 3, y: 0)
    let (effect, phase) = (ScrollEffect.scaleAndFade(), try ScrollPhase(axis: .horizontal, scale: .pitch(220)))
    let decoration = LayoutTransition.Decoration.scrollEffect(effect, phase: phase)
    let transition = try LayoutTransition(from: grid, offset: .zero, to: carousel, offset: offset, viewport: viewport, decoration: decoration)
    var decorated = carousel.attributes(in: viewport.visibleRect(at: offset))
    try effect.apply(to: &decorated, in: viewport.visibleRect(at: offset), phase: phase)
    #expect(decorated.contains { $0.transform.a < 0.9 })  // the side cards are decorated
    for element in decorated {
      let k = try index(transition, element.elementID)
      #expect(transition.endAttributes[k] == element)
    }
    // At completion the springs are within their tolerances of the decorated
    // end, so snapping to it moves nothing visibly (undecorated, scale 1 → 0.8 would jump).
    var springs = transition.batch.makeFrame(velocities: false)
    try transition.batch.evaluate(at: transition.endTick, into: &springs)
    let end = LayoutChannels.values(of: transition.endAttributes), n = transition.elements.count
    let tolerances = transition.tolerances.perChannel(include3D: false)
    for e in 0..<end.count { #expect((springs.values[e] - end[e]).magnitude <= tolerances[e / n] * (1 + 1e-9)) }
  }

  @Test("headers and footers animate between layouts; a header only the new layout has fades in")
  func headersAndFooters() throws {
    let old = try GridLayout(
      sections: [
        .init(itemCount: 6, itemSize: CGSize(width: 100, height: 100), headerExtent: 40, footerExtent: 20),
        .init(itemCount: 4, itemSize: CGSize(width: 100, height: 100), headerExtent: 40),
      ],
      viewportCrossExtent: 320)
    let new = try GridLayout.list(
      rowHeights: [Array(repeating: 44, count: 6), Array(repeating: 44, count: 4)], width: 320,
      headerHeight: 30, footerHeight: 10)
    let transition = try LayoutTransition(from: old, offset: .zero, to: new, offset: .zero, viewport: phone)
    let header = ElementID(.supplementary("header"), ip(0, 1))
    let k = try index(transition, header)
    #expect(transition.startAttributes[k] == old.attributes(of: header)! && transition.endAttributes[k] == new.attributes(of: header)!)
    let footer = ElementID(.supplementary("footer"), ip(0, 1))
    let f = try index(transition, footer)
    #expect(
      old.attributes(of: footer) == nil && transition.startAttributes[f].alpha == 0 && transition.startAttributes[f].frame == new.attributes(of: footer)!.frame)
    var frame = transition.makeFrame()
    try transition.frame(at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 10), into: &frame)
    let y = Double(frame.attributes[k].center.y), (y0, y1) = (Double(old.attributes(of: header)!.center.y), Double(new.attributes(of: header)!.center.y))
    #expect(min(y0, y1) < y && y < max(y0, y1))
  }

  @Test("the fly-in (scale 0.2, turned π) turns with decomposed transforms; per entry it collapses through scale 0")
  func flyInTurns() throws {
    let grid = try GridLayout(sections: [.init(itemCount: 4, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let more = try GridLayout(sections: [.init(itemCount: 5, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let style = AppearanceStyle.custom { final in
      var pose = final
      let turn = try! AffineTransform2D.rotation(.pi)
      pose.transform = AffineTransform2D(a: 0.2 * turn.a, b: 0.2 * turn.b, c: 0.2 * turn.c, d: 0.2 * turn.d, tx: 0, ty: 0)
      pose.alpha = 0
      return pose
    }
    func determinants(_ transforms: TransformInterpolation) throws -> [(det: Double, angle: Double)] {
      let transition = try LayoutTransition(
        from: grid, offset: .zero, to: more, offset: .zero, viewport: phone,
        update: LayoutUpdate(inserted: [ip(4)]), appearance: style, transforms: transforms)
      let k = try index(transition, .cell(ip(4)))
      var frame = transition.makeFrame()
      return try (0...60).map { step in
        try transition.frame(at: AnimationTime(ticks: Int64(step) * AnimationTime.ticksPerSecond / 60), into: &frame)
        let t = frame.attributes[k].transform
        return (t.a * t.d - t.b * t.c, atan2(t.b, t.a))
      }
    }
    let decomposed = try determinants(.decomposed)
    #expect(decomposed.allSatisfy { $0.det >= 0.04 * (1 - 1e-12) })
    // It turns: the angle passes through ±π/2 on its way from π to 0.
    #expect(decomposed.contains { abs(abs($0.angle) - .pi / 2) < 0.3 })
    #expect(decomposed.last!.det == 1)
    let perEntry = try determinants(.componentwise)
    #expect(perEntry.contains { $0.det < 0.01 })
  }

  @Test("decomposition recomposes affine and 3-D transforms to rounding; a rotation decomposes to its angle")
  func decompositionRoundTrip() throws {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<500 {
      let t = AffineTransform2D(
        a: .random(in: -3...3, using: &random), b: .random(in: -3...3, using: &random), c: .random(in: -3...3, using: &random),
        d: .random(in: -3...3, using: &random), tx: .random(in: -100...100, using: &random), ty: 5)
      let back = try DecomposedAffineTransform(t).transform
      for (x, y) in zip(t.components, back.components) { #expect((x - y).magnitude <= 1e-14 * 12) }
      var m = SIMD16<Double>()
      for k in 0..<16 { m[k] = .random(in: -2...2, using: &random) }
      var t3 = Transform3D.identity
      t3.m = m
      let back3 = DecomposedTransform3D(t3).transform
      for k in 0..<16 { #expect((t3.m[k] - back3.m[k]).magnitude <= 1e-13 * 8, "entry \(k)") }
    }
    let r = try DecomposedAffineTransform(.rotation(2.5))
    #expect((r.rotation - 2.5).magnitude < 1e-15 && (r.scaleX - 1).magnitude < 1e-15 && r.skew.magnitude < 1e-15)
    let mirrored = try DecomposedAffineTransform(.scale(1, -2))
    #expect(mirrored.scaleY == -2 && mirrored.transform == .scale(1, -2))
    let collapsed = try DecomposedAffineTransform(.scale(0, 0))
    #expect(collapsed.transform.components.allSatisfy { $0 == 0 })
  }

  @Test("table → collection scrolled far: every item whose frame is on screen mid-flight is animated (brute force over all items)")
  func crossingItems() throws {
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 300)], width: 320)
    let grid = try GridLayout(
      sections: [.init(itemCount: 300, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)],
      viewportCrossExtent: 320)
    let (oldOffset, newOffset) = (CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 2100))
    let transition = try LayoutTransition(from: list, offset: oldOffset, to: grid, offset: newOffset, viewport: phone, springs: .shared(.smooth))
    let animated = Set(transition.elements.compactMap(\.to))
    let visibleAtEnds = Set(list.visibleIndexPaths(in: phone.visibleRect(at: oldOffset)))
      .union(grid.visibleIndexPaths(in: phone.visibleRect(at: newOffset)))
    var crossing = 0
    for tick in 1..<40 {
      let time = AnimationTime(ticks: Int64(tick) * AnimationTime.ticksPerSecond / 40)
      let p = try self.step(Spring.smooth, time)
      let offset = Double(oldOffset.y) + (Double(newOffset.y) - Double(oldOffset.y)) * p
      let screen = CGRect(x: 0, y: offset, width: 320, height: 568)
      for item in 0..<300 {
        let (a, b) = (try list.frame(of: ip(item)), try grid.frame(of: ip(item)))
        func mix(_ u: CGFloat, _ v: CGFloat) -> Double { Double(u) + (Double(v) - Double(u)) * p }
        let now = CGRect(x: mix(a.minX, b.minX), y: mix(a.minY, b.minY), width: mix(a.width, b.width), height: mix(a.height, b.height))
        if now._overlaps(screen) {
          #expect(animated.contains(.cell(ip(item))), "item \(item) on screen at step \(tick) is not animated")
          if !visibleAtEnds.contains(ip(item)) { crossing += 1 }
        }
      }
    }
    #expect(crossing > 0)
    // The mid-flight query returns exactly the animated elements whose current frame meets the rect.
    var frame = transition.makeFrame()
    try transition.frame(at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 10), into: &frame)
    let rect = CGRect(x: 0, y: Double(frame.contentOffset.y), width: 320, height: 568)
    let inRect = frame.attributes(in: rect)
    #expect(inRect.count == frame.attributes.filter { $0.frame._overlaps(rect) }.count && !inRect.isEmpty)
    print("table → collection, offsets 0 → 2100: \(transition.elements.count) animated, \(visibleAtEnds.count) visible at the ends")
  }

  @Test("overall progress keeps counting through finish and cancel, and a released scrub is the scrub pose at it (shared spring)")
  func overallProgress() throws {
    let grid = try GridLayout(sections: [.init(itemCount: 30, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 30)], width: 320)
    let transition = try LayoutTransition(from: grid, offset: .zero, to: list, offset: .zero, viewport: phone)
    var scrubbed = transition.makeFrame()
    for (goal, release) in [
      (1.0, try transition.finish(fromProgress: 0.4, velocity: 1.5, at: .zero, springs: .shared(.smooth))),
      (0.0, try transition.cancel(fromProgress: 0.4, velocity: 1.5, at: .zero, springs: .shared(.smooth))),
    ] {
      var frame = release.makeFrame()
      try release.frame(at: .zero, into: &frame)
      #expect(frame.overallProgress == 0.4)
      for step in 1...12 {
        try release.frame(at: AnimationTime(ticks: Int64(step) * AnimationTime.ticksPerSecond / 30), into: &frame)
        try transition.scrub(progress: frame.overallProgress, into: &scrubbed)
        for (a, b) in zip(frame.attributes, scrubbed.attributes) {
          #expect((Double(a.center.y) - Double(b.center.y)).magnitude <= 1e-9 * 2000 && (a.alpha - b.alpha).magnitude <= 1e-12)
        }
      }
      try release.frame(at: release.endTick, into: &frame)
      #expect(frame.overallProgress == goal)
    }
  }

  @Test("a scrub released at its goal with a velocity swings out and back: overall progress and offset follow it, C¹")
  func releasedAtGoal() throws {
    // Progress 0 cancelled (or 1 finished) with a flick: the range of the
    // overall progress and the offsets have no length; the velocity alone
    // moves every element, and the offset and overall progress with them.
    let grid = try GridLayout(sections: [.init(itemCount: 30, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 30)], width: 320)
    let transition = try LayoutTransition(from: grid, offset: .zero, to: list, offset: CGPoint(x: 0, y: 300), viewport: phone)
    var scrubbed = transition.makeFrame()
    for (goal, velocity, release) in [
      (0.0, -1.5, try transition.cancel(fromProgress: 0, velocity: -1.5, at: .zero, springs: .shared(.smooth))),
      (1.0, 2.0, try transition.finish(fromProgress: 1, velocity: 2, at: .zero, springs: .shared(.smooth))),
    ] {
      // C¹ at the release: the offset moves as the scrub's did.
      #expect((Double(release.contentOffsetVelocity(at: .zero).y) - velocity * 300).magnitude <= 1e-9)
      var frame = release.makeFrame()
      var swing = 0.0
      for step in 1...12 {
        try release.frame(at: AnimationTime(ticks: Int64(step) * AnimationTime.ticksPerSecond / 30), into: &frame)
        swing = max(swing, (frame.overallProgress - goal).magnitude)
        try transition.scrub(progress: frame.overallProgress, into: &scrubbed)
        #expect((Double(frame.contentOffset.y) - Double(scrubbed.contentOffset.y)).magnitude <= 1e-9 * 300)
        for (a, b) in zip(frame.attributes, scrubbed.attributes) {
          #expect((Double(a.center.y) - Double(b.center.y)).magnitude <= 1e-9 * 2000 && (a.alpha - b.alpha).magnitude <= 1e-12)
        }
      }
      #expect(swing > 0.02)
      try release.frame(at: release.endTick, into: &frame)
      #expect(frame.overallProgress == goal && frame.contentOffset == (goal == 0 ? .zero : CGPoint(x: 0, y: 300)))
    }
    // A scroll across a long list with nothing else moving: the elements
    // rest from the start, and the end still waits for the offset's swing,
    // so the tick before the end is within the point tolerance (to the
    // tick's own motion) and the last frame steps it no further.
    let scroll = try LayoutTransition(from: list, offset: .zero, to: list, offset: CGPoint(x: 0, y: 752), viewport: phone)
    for springs in [LayoutTransition.Springs.shared(.smooth), .shared(.snappy)] {
      let release = try scroll.cancel(fromProgress: 0, velocity: -20, at: .zero, springs: springs)
      var (last, end) = (release.makeFrame(), release.makeFrame())
      try release.frame(at: AnimationTime(ticks: release.endTick.ticks - 1), into: &last)
      try release.frame(at: release.endTick, into: &end)
      #expect(end.contentOffset == .zero && end.hasEnded)
      #expect(Double(last.contentOffset.y).magnitude <= release.tolerances.points * 1.001 && last.overallProgress.magnitude <= 1e-3 * 1.001)
    }
  }

  @Test("a pose with a 3-D transform animates it without include3D; frame velocities match the scalar closed form")
  func threeDAndVelocities() throws {
    let grid = try GridLayout(sections: [.init(itemCount: 6, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let more = try GridLayout(sections: [.init(itemCount: 7, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let style = AppearanceStyle.custom { final in
      var pose = final
      pose.transform3D = Transform3D(m11: 0, m13: -1, m31: 1, m33: 0, m34: -1.0 / 500)  // turned 90° about y
      pose.alpha = 0
      return pose
    }
    let transition = try LayoutTransition(
      from: grid, offset: .zero, to: more, offset: .zero, viewport: phone,
      update: LayoutUpdate(inserted: [ip(6)]), appearance: style, springs: .shared(.snappy))
    #expect(transition.include3D)
    let k = try index(transition, .cell(ip(6)))
    var frame = transition.makeFrame(velocities: true)
    let t = AnimationTime(ticks: AnimationTime.ticksPerSecond / 20)
    try transition.frame(at: t, into: &frame)
    let m11 = frame.attributes[k].transform3D.m[0]
    #expect(m11 > 0 && m11 < 1)
    let motion = try SpringMotion(spring: .snappy, from: 0, to: 1)
    #expect((try #require(frame.velocity(ofElement: k, channel: LayoutChannels.transform3DStart)) - motion.state(at: t).velocity).magnitude <= 1e-12 * 20)
    try transition.frame(at: transition.endTick, into: &frame)
    #expect(frame.velocity(ofElement: k, channel: 0) == 0 && transition.makeFrame().velocity(ofElement: 0, channel: 0) == nil)
  }

  @Test(
    "transition frames allocate nothing: the start, mid-flight, completion and reuse after it, with velocities and decomposed transforms",
    .enabled(if: AllocationCounter.isLive, AllocationCounter.skipReason))
  func framesAllocateNothing() throws {
    let grid = try GridLayout(sections: [.init(itemCount: 40, itemSize: CGSize(width: 100, height: 100), headerExtent: 30)], viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 41)], width: 320, headerHeight: 20)
    let transition = try LayoutTransition(
      from: grid, offset: .zero, to: list, offset: .zero, viewport: phone,
      update: LayoutUpdate(inserted: [ip(3)]), appearance: .flyIn(distance: 30, rotation: 2),
      transforms: .decomposed)
    var frame = transition.makeFrame(velocities: true)
    let ticks = [AnimationTime.zero, AnimationTime(ticks: AnimationTime.ticksPerSecond / 10), transition.endTick, AnimationTime(ticks: 1)]
    for tick in ticks { try transition.frame(at: tick, into: &frame) }  // warm-up
    for tick in ticks {
      harmonic_allocations_start()
      for _ in 0..<100 { try transition.frame(at: tick, into: &frame) }
      let allocations = harmonic_allocations_stop()
      #expect(allocations == 0, "\(allocations) allocations in 100 frames at tick \(tick.ticks)")
    }
    try transition.scrub(progress: 0.4, into: &frame)
    harmonic_allocations_start()
    for _ in 0..<100 { try transition.scrub(progress: 0.4, into: &frame) }
    let scrubbing = harmonic_allocations_stop()
    #expect(scrubbing == 0, "\(scrubbing) allocations in 100 scrubbed frames")
    for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)] {
      harmonic_allocations_start()
      for _ in 0..<50 {
        try transition.frame(at: ticks[a], into: &frame)
        try transition.frame(at: ticks[b], into: &frame)
      }
      let allocations = harmonic_allocations_stop()
      #expect(allocations == 0, "\(allocations) allocations alternating \(a) and \(b)")
    }
  }

  @Test(
    "channel-column frames hold exactly the attribute frames' channels, the end state from completion on, and allocate nothing",
    .enabled(if: AllocationCounter.isLive, AllocationCounter.skipReason))
  func channelFrames() throws {
    let grid = try GridLayout(sections: [.init(itemCount: 40, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 40)], width: 320)
    let transition = try LayoutTransition(
      from: grid, offset: .zero, to: list, offset: .zero, viewport: phone,
      springs: .shared(.bouncy), velocity: .gesture(CGPoint(x: 0, y: -600)))
    var attributes = transition.makeFrame(velocities: true), columns = transition.makeFrame(velocities: true, attributes: false)
    for tick in [AnimationTime.zero, AnimationTime(ticks: AnimationTime.ticksPerSecond / 9), transition.endTick] {
      try transition.frame(at: tick, into: &attributes)
      try transition.frame(at: tick, into: &columns)
      #expect(columns.values == LayoutChannels.values(of: attributes.attributes))
      #expect(columns.contentOffset == attributes.contentOffset && columns.progress == attributes.progress)
      for k in [0, 7] {
        #expect(
          columns.velocities[LayoutChannels.centerY * transition.elements.count + k] == attributes.velocity(ofElement: k, channel: LayoutChannels.centerY))
      }
    }
    #expect(columns.hasEnded && columns.values == LayoutChannels.values(of: transition.endAttributes))
    let mid = AnimationTime(ticks: AnimationTime.ticksPerSecond / 7)
    try transition.frame(at: mid, into: &columns)
    harmonic_allocations_start()
    for _ in 0..<100 { try transition.frame(at: mid, into: &columns) }
    for _ in 0..<100 { try transition.frame(at: transition.endTick, into: &columns) }
    let allocations = harmonic_allocations_stop()
    #expect(allocations == 0, "\(allocations) allocations in 200 channel frames")
    var other = try LayoutTransition(from: grid, offset: .zero, to: grid, offset: CGPoint(x: 0, y: 2000), viewport: phone).makeFrame(attributes: false)
    #expect(throws: HarmonicError.self) { try transition.frame(at: mid, into: &other) }
  }
}
