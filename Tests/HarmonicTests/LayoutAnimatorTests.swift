import Foundation
import Harmonic
import Testing

/// A headless host calling LayoutAnimator in UIKit's order: the layout
/// process every frame, batch updates, animated layout changes, interactive
/// transitions, bounds changes and snapping; at 60 Hz, 120 Hz and irregular
/// frames.
@Suite("Layout animator: UIKit's layout surface, headless")
struct LayoutAnimatorTests {
  static let viewport = try! Viewport(size: CGSize(width: 320, height: 480))

  static func grid(_ count: Int) throws -> GridLayout {
    try GridLayout(
      sections: [.init(itemCount: count, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)], viewportCrossExtent: 320)
  }

  static func list(_ count: Int) throws -> GridLayout {
    try GridLayout.list(rowHeights: [Array(repeating: 44, count: count)], width: 320)
  }

  static func tick(_ seconds: Double) throws -> AnimationTime { try AnimationTime(seconds: seconds) }

  /// What a host reads in one layout pass: content size, offset and the visible elements, as raw bits.
  static func pass(_ engine: LayoutAnimator) -> [UInt64] {
    let rect = viewport.visibleRect(at: engine.contentOffset)
    var bits = [Double(engine.collectionViewContentSize.width), Double(engine.collectionViewContentSize.height)]
    bits += [Double(engine.contentOffset.x), Double(engine.contentOffset.y)]
    for a in engine.layoutAttributesForElements(in: rect).sorted(by: { $0.elementID < $1.elementID }) {
      bits += [Double(a.indexPath.item), Double(a.center.x), Double(a.center.y), Double(a.size.width), Double(a.size.height), a.alpha]
    }
    for a in engine.leavingAttributes { bits += [Double(a.center.x), Double(a.center.y), a.alpha] }
    return bits.map(\.bitPattern)
  }

  @Test("at rest the answers are the layout's")
  func idle() throws {
    let grid = try Self.grid(30)
    var engine = try LayoutAnimator(layout: grid, viewport: Self.viewport, contentOffset: CGPoint(x: 0, y: 100))
    #expect(engine.collectionViewContentSize == grid.contentSize && !engine.isAnimating)
    let rect = CGRect(x: 0, y: 100, width: 320, height: 480)
    #expect(engine.layoutAttributesForElements(in: rect).map(\.elementID) == grid.attributes(in: rect).map(\.elementID))
    #expect(engine.layoutAttributesForItem(at: ItemIndexPath(item: 7, section: 0)) == grid.attributes(of: .cell(ItemIndexPath(item: 7, section: 0))))
    // Scrolling is recorded; a size change asks for invalidation.
    let scrolled = engine.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 250, width: 320, height: 480))
    #expect(!scrolled && engine.contentOffset == CGPoint(x: 0, y: 250))
    let rotated = engine.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 250, width: 480, height: 320))
    #expect(rotated)
  }

  /// Runs a scenario at the given frame ticks and returns each frame's pass.
  static func run(frames: [Int64], events: [(tick: Int64, apply: (inout LayoutAnimator) throws -> Void)]) throws -> [Int64: [UInt64]] {
    var engine = try LayoutAnimator(layout: try grid(30), viewport: viewport, contentOffset: .zero)
    var pending = events.sorted { $0.tick < $1.tick }[...]
    var seen: [Int64: [UInt64]] = [:]
    for tick in frames {
      // Events that happened by this frame, each at its own tick, then the frame.
      while let event = pending.first, event.tick <= tick {
        try engine.advance(to: AnimationTime(ticks: event.tick))
        try event.apply(&engine)
        pending = pending.dropFirst()
      }
      try engine.advance(to: AnimationTime(ticks: tick))
      seen[tick] = pass(engine)
    }
    return seen
  }

  static func schedules(until end: Double) -> [String: [Int64]] {
    let last = Int64(end * Double(AnimationTime.ticksPerSecond))
    let irregular = irregularFrameTicks(through: last, seed: 7, minimum: 3_000_000, spread: 25_000_000)
    return [
      "60 Hz": Array(stride(from: 0, through: last, by: 11_760_000)), "120 Hz": Array(stride(from: 0, through: last, by: 5_880_000)),
      "irregular": (irregular + Array(stride(from: 0, through: last, by: 11_760_000 * 9))).sorted(),
    ]
  }

  @Test("batch updates, a layout change and an update in flight: the same bits at the same tick for every frame schedule")
  func frameScheduleIndependent() throws {
    let events: [(tick: Int64, apply: (inout LayoutAnimator) throws -> Void)] = [
      (
        11_760_000 * 3,
        { engine in
          try engine.prepare(
            forCollectionViewUpdates: [.delete(ItemIndexPath(item: 3, section: 0)), .insert(ItemIndexPath(item: 10, section: 0))], layout: try Self.grid(30))
        }
      ),
      (11_760_000 * 20, { engine in try engine.setLayout(try Self.list(30), contentOffset: .zero, animated: true) }),
      (11_760_000 * 31, { engine in try engine.prepare(forCollectionViewUpdates: [.delete(ItemIndexPath(item: 0, section: 0))], layout: try Self.list(29)) }),
    ]
    var results: [String: [Int64: [UInt64]]] = [:]
    for (name, frames) in Self.schedules(until: 4) { results[name] = try Self.run(frames: frames, events: events) }
    var compared = 0
    for (tick, bits) in results["60 Hz"]! {
      for name in ["120 Hz", "irregular"] {
        guard let other = results[name]![tick] else { continue }
        #expect(other == bits, "\(name) differs at tick \(tick)")
        compared += 1
      }
    }
    #expect(compared > 200)
  }

  @Test("a batch update springs to the new layout and ends on it exactly; UIKit's own update animation moves nothing")
  func batchUpdate() throws {
    let grid = try Self.grid(30)
    var engine = try LayoutAnimator(layout: grid, viewport: Self.viewport, contentOffset: .zero)
    let deleted = ItemIndexPath(item: 3, section: 0)
    try engine.prepare(forCollectionViewUpdates: [.delete(deleted)], layout: try Self.grid(29))
    #expect(engine.isAnimating)
    try engine.advance(to: try Self.tick(0.1))
    // The item after the deleted one now answers as item 3 and is on its way.
    let moving = try #require(engine.layoutAttributesForItem(at: deleted))
    #expect(engine.initialLayoutAttributesForAppearingItem(at: deleted) == moving)
    let end = try #require(try Self.grid(29).attributes(of: .cell(deleted)))
    #expect(moving.center != end.center)
    // The deleted cell is leaving, and UIKit's final pose for it is where it is now.
    #expect(engine.leavingAttributes.count == 1 && engine.leavingAttributes[0].alpha < 1)
    #expect(engine.finalLayoutAttributesForDisappearingItem(at: deleted)?.center == engine.leavingAttributes[0].center)
    // Exactly the new layout once complete, and then idle.
    let completion = try #require(engine.transition?.endTick)
    try engine.advance(to: completion)
    #expect(!engine.isAnimating && engine.layoutAttributesForItem(at: deleted) == end)
    let rect = Self.viewport.visibleRect(at: engine.contentOffset)
    #expect(engine.layoutAttributesForElements(in: rect) == (try Self.grid(29)).attributes(in: rect))
    // A bad update leaves the engine as it was.
    let before = Self.pass(engine)
    #expect(throws: HarmonicError.self) {
      try engine.prepare(forCollectionViewUpdates: [.insert(ItemIndexPath(item: 0, section: 0))], layout: try Self.grid(29))
    }
    #expect(Self.pass(engine) == before && !engine.isAnimating)
  }

  @Test("an update or a layout change mid-flight keeps every element's position and velocity (C¹)")
  func interruptions() throws {
    var engine = try LayoutAnimator(layout: try Self.grid(30), viewport: Self.viewport, contentOffset: .zero)
    try engine.setLayout(try Self.list(30), contentOffset: .zero, animated: true)
    let t = try Self.tick(0.12)
    try engine.advance(to: t)
    func state(_ engine: LayoutAnimator) throws -> [ElementID: (CGPoint, CGPoint)] {
      let transition = try #require(engine.transition)
      var frame = transition.makeFrame(velocities: true)
      try transition.frame(at: engine.time, into: &frame)
      var result: [ElementID: (CGPoint, CGPoint)] = [:]
      for (k, element) in transition.elements.enumerated() {
        guard let to = element.to, let v = frame.centerVelocity(ofElement: k) else { continue }
        result[to] = (frame.attributes[k].center, v)
      }
      return result
    }
    let before = try state(engine)
    // A layout change in flight: a retarget.
    var turned = engine
    try turned.setLayout(try Self.grid(30), contentOffset: .zero, animated: true)
    let afterTurn = try state(turned)
    // An update in flight: a new transition from the pose, carrying velocities.
    var updated = engine
    try updated.prepare(forCollectionViewUpdates: [.insert(ItemIndexPath(item: 0, section: 0))], layout: try Self.list(31))
    let afterUpdate = try state(updated)
    var checked = 0
    for (id, (center, velocity)) in before {
      if let (c, v) = afterTurn[id] {
        #expect(
          c == center && (v.x - velocity.x).magnitude < 1e-9 * max(1, velocity.x.magnitude)
            && (v.y - velocity.y).magnitude < 1e-9 * max(1, velocity.y.magnitude), "turn \(id)")
        checked += 1
      }
      // After the insert, the old item k is item k + 1.
      let moved = ElementID(id.kind, ItemIndexPath(item: id.indexPath.item + 1, section: 0))
      if let (c, v) = afterUpdate[moved] {
        #expect((c.x - center.x).magnitude < 1e-9 && (c.y - center.y).magnitude < 1e-9, "update \(id): \(c) vs \(center)")
        #expect((v.x - velocity.x).magnitude < 1e-6 && (v.y - velocity.y).magnitude < 1e-6, "update \(id): \(v) vs \(velocity)")
        checked += 1
      }
    }
    #expect(checked > 10)
    // Without animation the layout is simply replaced.
    var jumped = engine
    try jumped.setLayout(try Self.grid(30), contentOffset: CGPoint(x: 0, y: 200), animated: false)
    #expect(!jumped.isAnimating && jumped.contentOffset == CGPoint(x: 0, y: 200))
  }

  @Test("an interactive transition follows transitionProgress, rubber-banded past the end, and finishes or cancels exactly")
  func interactive() throws {
    let (grid, list) = (try Self.grid(30), try Self.list(30))
    var engine = try LayoutAnimator(layout: grid, viewport: Self.viewport, contentOffset: .zero)
    try engine.startInteractiveTransition(to: list, contentOffset: .zero)
    let item = ItemIndexPath(item: 5, section: 0)
    let start = try #require(grid.attributes(of: .cell(item))), end = try #require(list.attributes(of: .cell(item)))
    #expect(engine.layoutAttributesForItem(at: item)?.center == start.center)
    engine.transitionProgress = 0.5
    let half = try #require(engine.layoutAttributesForItem(at: item))
    #expect((Double(half.center.y) - (Double(start.center.y) + Double(end.center.y)) / 2).magnitude < 1e-9)
    engine.transitionProgress = 1.5  // past the end: banded, never past 2
    #expect(engine.transitionProgress == 1.5 && engine.layoutAttributesForItem(at: item)!.center.y != end.center.y)
    var cancelled = engine
    try engine.finishInteractiveTransition(velocity: 2)
    try engine.advance(to: try #require(engine.transition?.endTick))
    #expect(!engine.isAnimating && engine.layoutAttributesForItem(at: item) == end)
    try cancelled.cancelInteractiveTransition(velocity: -1)
    try cancelled.advance(to: try #require(cancelled.transition?.endTick))
    #expect(!cancelled.isAnimating && cancelled.layoutAttributesForItem(at: item) == start)
    #expect(throws: HarmonicError.self) { try cancelled.finishInteractiveTransition() }
  }

  @Test("a rotation springs to the new viewport and layout; snapping answers UIKit's velocity in points per millisecond")
  func boundsChangeAndSnapping() throws {
    var engine = try LayoutAnimator(layout: try Self.grid(30), viewport: Self.viewport, contentOffset: CGPoint(x: 0, y: 210))
    let landscape = try Viewport(size: CGSize(width: 480, height: 320))
    let wide = try GridLayout(
      sections: [.init(itemCount: 30, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)], viewportCrossExtent: 480)
    try engine.prepare(forAnimatedBoundsChange: landscape, layout: wide, contentOffset: CGPoint(x: 0, y: 105))
    try engine.advance(to: try #require(engine.transition?.endTick))
    #expect(!engine.isAnimating && engine.viewport == landscape && engine.contentOffset == CGPoint(x: 0, y: 105))
    #expect(engine.collectionViewContentSize == wide.contentSize)
    // Snapping to the grid's lines, UIKit's velocity × 1000.
    engine.snapping = { layout, viewport throws(HarmonicError) in try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport) }
    let target = try engine.targetContentOffset(forProposedContentOffset: CGPoint(x: 0, y: 400), withScrollingVelocity: CGPoint(x: 0, y: 1.2))
    let expected = try Snapping.target(layout: try wide.snapLayout(by: .lines, viewport: landscape), offset: 105, velocity: 1200)
    #expect(target == CGPoint(x: 0, y: expected.target) && target.y > 105)
    // Without a snap provider the proposal stands; the plain form clamps to the content.
    engine.snapping = nil
    #expect(try engine.targetContentOffset(forProposedContentOffset: CGPoint(x: 0, y: 400), withScrollingVelocity: CGPoint(x: 0, y: 1.2)).y == 400)
    let clamped = Double(engine.targetContentOffset(forProposedContentOffset: CGPoint(x: 0, y: 1e6)).y)
    #expect(clamped == Double(wide.contentSize.height) - 320, "\(clamped.bitPattern) \((Double(wide.contentSize.height) - 320).bitPattern)")
  }
  @Test("a released interactive transition grabbed again mid-flight resumes at the pose it shows: no jump")
  func grabAgain() throws {
    let (grid, list) = (try Self.grid(30), try Self.list(30))
    var engine = try LayoutAnimator(layout: grid, viewport: Self.viewport, contentOffset: .zero)
    #expect(throws: HarmonicError.self) { try engine.grabInteractiveTransition() }
    try engine.startInteractiveTransition(to: list, contentOffset: .zero)
    engine.transitionProgress = 0.4
    try engine.finishInteractiveTransition(velocity: 1.5)
    for (ms, velocity) in [(90.0, 1.5), (200, -2.0)] {
      try engine.advance(to: engine.time + (try Self.tick(ms / 1000)))
      let rect = Self.viewport.visibleRect(at: engine.contentOffset)
      let before = engine.layoutAttributesForElements(in: rect).sorted { $0.elementID < $1.elementID }
      let offset = engine.contentOffset
      let progress = try engine.grabInteractiveTransition()
      #expect(engine.transitionProgress == progress && progress > 0.4, "\(progress)")
      let after = engine.layoutAttributesForElements(in: rect).sorted { $0.elementID < $1.elementID }
      #expect(before.count == after.count && before.count > 5)
      for (a, b) in zip(before, after) {
        #expect(a.elementID == b.elementID)
        #expect((a.center.x - b.center.x).magnitude < 1e-6 && (a.center.y - b.center.y).magnitude < 1e-6, "\(a.elementID): \(a.center) vs \(b.center)")
      }
      #expect((offset.y - engine.contentOffset.y).magnitude < 1e-6)
      // The gesture moves on from there, and lets go again.
      engine.transitionProgress = progress + 0.05
      try engine.finishInteractiveTransition(velocity: velocity)
    }
    try engine.advance(to: try #require(engine.transition?.endTick))
    #expect(!engine.isAnimating && engine.layout.itemCounts == list.itemCounts)
    #expect(engine.layoutAttributesForItem(at: ItemIndexPath(item: 4, section: 0)) == list.attributes(of: .cell(ItemIndexPath(item: 4, section: 0))))
  }
  @Test("a release can be grabbed until its average progress arrives; its last 0.1 % is a transition no touch grabs")
  func grabUntilArrival() throws {
    // Cards of 300 pt to rows of 44: the cells travel up to 7,400 pt, so
    // 0.1 % of their travel is more than the half point a transition ends within.
    let cards = try GridLayout(sections: [.init(itemCount: 30, itemSize: CGSize(width: 300, height: 300))], viewportCrossExtent: 320)
    let list = try Self.list(30)
    var engine = try LayoutAnimator(layout: cards, viewport: Self.viewport, contentOffset: .zero)
    try engine.startInteractiveTransition(to: list, contentOffset: .zero)
    engine.transitionProgress = 0.3
    try engine.finishInteractiveTransition(velocity: 2)
    let transition = try #require(engine.transition)
    let (arrival, end) = (transition.batch.progressEndTick, transition.endTick)
    #expect(arrival < end, "the elements close their last 0.1 % after the progress arrives")
    // A tick before the arrival: grabbed, and every cell stays where it is shown.
    var early = engine
    try early.advance(to: AnimationTime(ticks: arrival.ticks - 1))
    #expect(early.activity == .released)
    let rect = Self.viewport.visibleRect(at: early.contentOffset)
    let shown = early.layoutAttributesForElements(in: rect).sorted { $0.elementID < $1.elementID }
    _ = try early.grabInteractiveTransition()
    let grabbed = early.layoutAttributesForElements(in: rect).sorted { $0.elementID < $1.elementID }
    #expect(shown.count == grabbed.count && shown.count > 5)
    for (a, b) in zip(shown, grabbed) {
      #expect((a.center.x - b.center.x).magnitude < 1e-6 && (a.center.y - b.center.y).magnitude < 1e-6, "\(a.elementID): \(a.center) vs \(b.center)")
    }
    // From the arrival on: the frame shows progress 1 while cells still move,
    // which no point of the gesture's path shows. A grab there put every cell
    // at its end (up to 0.001 of its travel away); now there is nothing to grab.
    try engine.advance(to: arrival)
    #expect(engine.activity == .transitioning && engine.isAnimating)
    let moving = engine.layoutAttributesForElements(in: rect).filter { a in
      guard let final = list.attributes(of: a.elementID) else { return false }
      return a.center != final.center
    }
    #expect(!moving.isEmpty, "cells still short of their places at the arrival")
    let before = engine
    #expect(throws: HarmonicError.self) { _ = try engine.grabInteractiveTransition() }
    #expect(engine.layoutAttributesForElements(in: rect) == before.layoutAttributesForElements(in: rect) && engine.activity == .transitioning)
    try engine.advance(to: end)
    #expect(engine.activity == .resting && engine.layout.itemCounts == list.itemCounts)
  }
  @Test("a released scroll springs to the snap target: the same bits for any frame schedule, exactly on the target at the end")
  func snapDriver() throws {
    let grid = try Self.grid(60)
    func engine() throws -> LayoutAnimator {
      var engine = try LayoutAnimator(layout: grid, viewport: Self.viewport, contentOffset: .zero)
      _ = engine.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 130, width: 320, height: 480))  // the finger scrolled to 130
      engine.snapping = { layout, viewport throws(HarmonicError) in try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport) }
      return engine
    }
    let expected = try Snapping.target(layout: try grid.snapLayout(by: .lines, viewport: Self.viewport), offset: 130, velocity: 1500)
    var offsets: [String: [Int64: UInt64]] = [:]
    // Long enough for either animation to end (a deceleration from 1500 to 5 pt/s takes 2.8 s).
    for (name, frames) in Self.schedules(until: 4) {
      var engine = try engine()
      let stay = try engine.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: 1.5))
      #expect(stay == CGPoint(x: 0, y: 130) && engine.isAnimating)
      var seen: [Int64: UInt64] = [:]
      var previous = 130.0
      for tick in frames {
        try engine.advance(to: AnimationTime(ticks: tick))
        seen[tick] = Double(engine.contentOffset.y).bitPattern
        #expect(Double(engine.contentOffset.y) >= previous - 1, "\(name) at \(tick)")  // forward, no jump back
        previous = Double(engine.contentOffset.y)
      }
      let end = engine.contentOffset
      #expect(!engine.isAnimating && Double(end.y) == expected.target && end.x == 0, "\(name): \(end) vs \(expected.target)")
      offsets[name] = seen
    }
    for (tick, bits) in offsets["60 Hz"]! {
      for name in ["120 Hz", "irregular"] { if let other = offsets[name]![tick] { #expect(other == bits, "\(name) at \(tick)") } }
    }
    // A finger landing mid-snap stops it where it is.
    var caught = try engine()
    _ = try caught.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: 1.5))
    try caught.advance(to: try Self.tick(0.1))
    let held = caught.contentOffset
    caught.scrollViewWillBeginDragging()
    try caught.advance(to: try Self.tick(0.2))
    #expect(!caught.isAnimating && caught.contentOffset == held && held.y > 130)
    // Without a snap provider: the engine carries UIKit's deceleration to
    // its exact rest offset (UIKit's own projection), returning the current
    // offset so that UIKit does not decelerate as well.
    var free = try engine()
    free.snapping = nil
    let start = free.contentOffset
    #expect(try free.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: 1.5)) == start)
    #expect(free.isAnimating && free.activity == .snapping)
    try free.advance(to: try Self.tick(30))
    #expect(!free.isAnimating && (Double(free.contentOffset.y) - (130 + 1500 / (-1000 * log(0.998)))).magnitude < 1e-9)
    // A release at the coordinate limit with the largest velocity accepted
    // (1e9 pt/ms) overshoots past 1e12 points: the offset is held at the
    // limit (velocity 0 there), so the engine's next event accepts its own
    // state instead of refusing it.
    for sign in [1.0, -1.0] {
      var far = try LayoutAnimator(layout: grid, viewport: Self.viewport, contentOffset: CGPoint(x: 0, y: sign * 1e12))
      far.snapping = { layout, viewport throws(HarmonicError) in try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport) }
      _ = try far.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: sign * 1e9))
      var peak = 0.0
      for frame in 1...20 {
        try far.advance(to: try Self.tick(Double(frame) / 1000))
        peak = max(peak, Double(far.contentOffset.y).magnitude)
      }
      #expect(peak == 1e12, "held at the limit")
      let list = try GridLayout.list(rowHeights: [Array(repeating: 40, count: 60)], width: 320)
      try far.setLayout(list, contentOffset: CGPoint(x: 0, y: sign * 5e11), animated: true)
      try far.advance(to: try Self.tick(0.05))
      #expect(far.activity == .transitioning && Double(far.contentOffset.y).magnitude <= 1e12)
    }
  }
  @Test("a pinch drives the interactive transition: logarithmic progress, the release decides, a re-grab continues from the pose")
  func pinch() throws {
    var gesture = try LayoutAnimator.Pinch(completionScale: 2)
    #expect(gesture.progress(scale: 1) == 0 && gesture.progress(scale: 2) == 1 && gesture.progress(scale: 4) == 2)
    #expect((gesture.progress(scale: 2.0.squareRoot()) - 0.5).magnitude < 1e-15 && gesture.progress(scale: 0.5) == -1)
    #expect((gesture.progressVelocity(scale: 1.5, velocity: 0.9) - 0.6 / log(2)).magnitude < 1e-15)
    #expect(gesture.progress(scale: .nan) == 0 && gesture.progressVelocity(scale: 0, velocity: 1) == 0)
    // Pinching in works the same way with a completion scale below 1.
    let pinchIn = try LayoutAnimator.Pinch(completionScale: 0.5)
    #expect(pinchIn.progress(scale: 0.5) == 1 && pinchIn.progressVelocity(scale: 0.5, velocity: -0.5) > 0)
    for bad in [0.0, -2, 1, 1.0001, .nan, .infinity, 1e7] {
      #expect(throws: HarmonicError.self) { try LayoutAnimator.Pinch(completionScale: bad) }
    }
    // The release: fast decides by direction, slow by which half.
    #expect(LayoutAnimator.shouldFinish(progress: 0.2, progressVelocity: 0.8) && !LayoutAnimator.shouldFinish(progress: 0.9, progressVelocity: -0.8))
    #expect(LayoutAnimator.shouldFinish(progress: 0.6, progressVelocity: 0.1) && !LayoutAnimator.shouldFinish(progress: 0.4, progressVelocity: -0.1))

    // End to end: pinch out to 1.5×, let go slowly at 1.5× (progress 0.58): it finishes.
    let (grid, list) = (try Self.grid(30), try Self.list(30))
    var engine = try LayoutAnimator(layout: grid, viewport: Self.viewport, contentOffset: .zero)
    try engine.startInteractiveTransition(to: list, contentOffset: .zero)
    for scale in [1.1, 1.25, 1.5] { engine.transitionProgress = gesture.progress(scale: scale) }
    let rate = gesture.progressVelocity(scale: 1.5, velocity: 0.1)
    #expect(LayoutAnimator.shouldFinish(progress: engine.transitionProgress, progressVelocity: rate))
    try engine.finishInteractiveTransition(velocity: rate)
    // Caught again after 80 ms: the new pinch starts where the pose is and pinches back in fast: it cancels.
    try engine.advance(to: try Self.tick(0.08))
    gesture.baseProgress = try engine.grabInteractiveTransition()
    #expect(gesture.progress(scale: 1) == engine.transitionProgress && gesture.baseProgress > 0.58)
    engine.transitionProgress = gesture.progress(scale: 0.8)
    let back = gesture.progressVelocity(scale: 0.8, velocity: -1.2)
    #expect(!LayoutAnimator.shouldFinish(progress: engine.transitionProgress, progressVelocity: back))
    try engine.cancelInteractiveTransition(velocity: back)
    try engine.advance(to: try #require(engine.transition?.endTick))
    #expect(
      !engine.isAnimating
        && engine.layoutAttributesForItem(at: ItemIndexPath(item: 2, section: 0)) == grid.attributes(of: .cell(ItemIndexPath(item: 2, section: 0))))
  }
  @Test("a batch update during an interactive transition starts from the pose the gesture shows")
  func updateDuringGesture() throws {
    var engine = try LayoutAnimator(layout: try Self.grid(30), viewport: Self.viewport, contentOffset: .zero)
    try engine.startInteractiveTransition(to: try Self.list(30), contentOffset: .zero)
    try engine.advance(to: try Self.tick(0.3))  // the gesture holds the pose however long it takes
    engine.transitionProgress = 0.5
    let shown = engine.layoutAttributesForItem(at: ItemIndexPath(item: 6, section: 0))!
    try engine.prepare(forCollectionViewUpdates: [.insert(ItemIndexPath(item: 0, section: 0))], layout: try Self.list(31))
    // Old item 6 is item 7 now, starting exactly where the gesture had it.
    let start = engine.layoutAttributesForItem(at: ItemIndexPath(item: 7, section: 0))!
    #expect((start.center.x - shown.center.x).magnitude < 1e-9 && (start.center.y - shown.center.y).magnitude < 1e-9, "\(start.center) vs \(shown.center)")
    try engine.advance(to: try #require(engine.transition?.endTick))
    #expect(
      engine.layoutAttributesForItem(at: ItemIndexPath(item: 7, section: 0)) == (try Self.list(31)).attributes(of: .cell(ItemIndexPath(item: 7, section: 0))))
  }
}
