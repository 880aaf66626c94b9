import Foundation
import Harmonic
import Testing

/// Bad input on the host's surfaces: a typed error or a documented result,
/// never a trap or a NaN. Each case trapped or answered NaN or ∞ at b78c276.
@Suite("Layout animator: bad input on the host's surfaces")
struct LayoutAnimatorInputTests {
  static let viewport = try! Viewport(size: CGSize(width: 320, height: 480))

  static func snappingEngine(at time: AnimationTime = .zero) throws -> LayoutAnimator {
    let grid = try LayoutAnimatorCombinedEventTests.grid([30])
    var engine = try LayoutAnimator(layout: grid, viewport: viewport, contentOffset: CGPoint(x: 0, y: 100), time: time)
    engine.snapping = { layout, viewport throws(HarmonicError) in try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport) }
    return engine
  }

  @Test("a release at the end of the clock saturates the snap's end instead of trapping")
  func releaseAtTheEndOfTime() throws {
    var engine = try Self.snappingEngine()
    try engine.advance(to: AnimationTime(ticks: .max - 1))
    let stay = try engine.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: 3))
    #expect(stay == CGPoint(x: 0, y: 100) && engine.activity == .snapping)
    try engine.advance(to: AnimationTime(ticks: .max))
    #expect(Double(engine.contentOffset.y).isFinite)
  }

  @Test("release velocities that are not finite or beyond ±1e9 pt/ms are refused and change nothing")
  func badReleaseVelocity() throws {
    for velocity in [CGPoint(x: 0, y: Double.nan), CGPoint(x: Double.infinity, y: 0), CGPoint(x: 0, y: 2e9)] {
      var engine = try Self.snappingEngine()
      #expect(throws: HarmonicError.self) { try engine.scrollViewWillEndDragging(withVelocity: velocity) }
      #expect(engine.activity == .resting && engine.contentOffset == CGPoint(x: 0, y: 100))
      #expect(throws: HarmonicError.self) { try engine.targetContentOffset(forProposedContentOffset: .zero, withScrollingVelocity: velocity) }
    }
  }

  @Test("a proposed offset that is not finite: the velocity form throws, the plain form keeps the current offset")
  func nanProposal() throws {
    let engine = try Self.snappingEngine()
    let proposal = CGPoint(x: Double.nan, y: Double.infinity)
    #expect(throws: HarmonicError.self) { try engine.targetContentOffset(forProposedContentOffset: proposal, withScrollingVelocity: .zero) }
    var plain = engine
    plain.snapping = nil
    #expect(throws: HarmonicError.self) { try plain.targetContentOffset(forProposedContentOffset: proposal, withScrollingVelocity: .zero) }
    #expect(engine.targetContentOffset(forProposedContentOffset: proposal) == CGPoint(x: 0, y: 100))
    #expect(engine.targetContentOffset(forProposedContentOffset: CGPoint(x: 0, y: -5e12)) == CGPoint(x: 0, y: 100))
  }

  @Test("the springy scroll takes updates across the whole clock")
  func springyScrollAcrossTheClock() throws {
    var scroll = try SpringyScroll(offset: 0, touch: 0, at: AnimationTime(ticks: .min))
    try scroll.update(offset: 100, at: .zero)
    try scroll.touch(at: 50, time: AnimationTime(ticks: .max))
    let lag = scroll.lag(at: AnimationTime(ticks: .max))
    #expect(lag.displacement(ofRowAt: 400).isFinite)
    // A row position that is not a number is no row: 0 (b78c276: the full lag).
    var moving = try SpringyScroll(offset: 0, touch: 0, at: .zero)
    try moving.update(offset: 300, at: AnimationTime(ticks: 5_880_000))
    let now = moving.lag(at: AnimationTime(ticks: 5_880_000))
    #expect(now.displacement(ofRowAt: .nan) == 0 && now.displacement(ofRowAt: 3000) != 0)
  }

  @Test("a pinch's rate is limited to what a release accepts; the release rule reads NaN as documented")
  func pinchAndRelease() throws {
    let pinch = try LayoutAnimator.Pinch(completionScale: 2)
    // b78c276: ∞.
    let tiny = Double.leastNonzeroMagnitude
    #expect(pinch.progressVelocity(scale: tiny, velocity: 1) == 100 && pinch.progressVelocity(scale: tiny, velocity: -1) == -100)
    #expect(pinch.progressVelocity(scale: .nan, velocity: 1) == 0 && pinch.progressVelocity(scale: 1, velocity: .infinity) == 0)
    var engine = try LayoutAnimator(layout: try LayoutAnimatorCombinedEventTests.grid([30]), viewport: Self.viewport, contentOffset: .zero)
    try engine.startInteractiveTransition(to: try GridLayout.list(rowHeights: [Array(repeating: 44, count: 30)], width: 320), contentOffset: .zero)
    try engine.finishInteractiveTransition(velocity: pinch.progressVelocity(scale: Double.leastNonzeroMagnitude, velocity: 1))
    // A NaN rate counts as 0 (the half decides); a NaN progress cancels; a NaN threshold is 0.
    #expect(LayoutAnimator.shouldFinish(progress: 0.7, progressVelocity: .nan) && !LayoutAnimator.shouldFinish(progress: 0.3, progressVelocity: .nan))
    #expect(!LayoutAnimator.shouldFinish(progress: .nan, progressVelocity: .nan) && !LayoutAnimator.shouldFinish(progress: .nan, progressVelocity: 0.1))
    #expect(
      LayoutAnimator.shouldFinish(progress: 0.1, progressVelocity: 0.2, threshold: .nan)
        && !LayoutAnimator.shouldFinish(progress: 0.9, progressVelocity: -0.2, threshold: -1))
  }

  @Test("refused events leave the engine as it was: a grab or a release with no gesture, an offset beyond the limits")
  func refusals() throws {
    var engine = try Self.snappingEngine()
    let before = (engine.contentOffset, engine.activity)
    #expect(throws: HarmonicError.self) { _ = try engine.grabInteractiveTransition() }
    #expect(throws: HarmonicError.self) { try engine.finishInteractiveTransition() }
    #expect(throws: HarmonicError.self) { try engine.setLayout(engine.layout, contentOffset: CGPoint(x: 0, y: Double.nan), animated: true) }
    #expect(throws: HarmonicError.self) { try engine.startInteractiveTransition(to: engine.layout, contentOffset: CGPoint(x: 2e12, y: 0)) }
    #expect(engine.contentOffset == before.0 && engine.activity == before.1 && !engine.isAnimating)
  }

  /// Each kind of event, refused in every stage it can be refused in: the
  /// engine's whole state (``LayoutAnimator/_digest``) is the same bits
  /// after the throw. Events are one pure function of the state, committed
  /// only when it returns.
  @Test("every kind of refused event leaves the engine's whole state unchanged, in every stage")
  func refusalsChangeNothing() throws {
    let grid = try LayoutAnimatorCombinedEventTests.grid([30])
    let other = try LayoutAnimatorCombinedEventTests.grid([12])
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 10)
    func stages() throws -> [(String, LayoutAnimator)] {
      var resting = try Self.snappingEngine()
      resting.springs = .shared(.bouncy)
      var snapping = resting
      _ = try snapping.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: 2))
      try snapping.advance(to: tick)
      var transitioning = resting
      try transitioning.prepare(
        forCollectionViewUpdates: [.delete(ItemIndexPath(item: 2, section: 0))], layout: try LayoutAnimatorCombinedEventTests.grid([29]))
      try transitioning.advance(to: tick)
      var interactive = resting
      let larger = try GridLayout(sections: [.init(itemCount: 30, itemSize: CGSize(width: 150, height: 150))], viewportCrossExtent: 320)
      try interactive.startInteractiveTransition(to: larger, contentOffset: .zero)
      interactive.transitionProgress = 0.4
      var released = interactive
      try released.finishInteractiveTransition(velocity: 1)
      try released.advance(to: tick)
      return [("resting", resting), ("snapping", snapping), ("transitioning", transitioning), ("interactive", interactive), ("released", released)]
    }
    var refusals = 0
    for (stage, engine) in try stages() {
      let events: [(String, (inout LayoutAnimator) throws(HarmonicError) -> Void)] = [
        (
          "an update whose counts do not match",
          { engine throws(HarmonicError) in
            try engine.prepare(forCollectionViewUpdates: [.delete(ItemIndexPath(item: 0, section: 0))], layout: other)
          }
        ),
        ("a layout change to other items without an offset", { engine throws(HarmonicError) in try engine.setLayout(other, animated: true) }),
        (
          "a bounds change to other items",
          { engine throws(HarmonicError) in
            try engine.prepare(forAnimatedBoundsChange: try Viewport(size: CGSize(width: 480, height: 320)), layout: other)
          }
        ),
        ("a release with no gesture, or too fast", { engine throws(HarmonicError) in try engine.finishInteractiveTransition(velocity: 1e9) }),
        ("a cancel too fast", { engine throws(HarmonicError) in try engine.cancelInteractiveTransition(velocity: -1e9) }),
        ("a grab of nothing released", { engine throws(HarmonicError) in _ = try engine.grabInteractiveTransition() }),
        (
          "a scroll release whose snap layout throws",
          { engine throws(HarmonicError) in
            engine.snapping = { _, _ throws(HarmonicError) in throw .undefined(quantity: "snap layout", reason: "the test's") }
            defer { engine.snapping = nil }
            _ = try engine.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: 3))
          }
        ),
      ]
      for (name, event) in events {
        var copy = engine
        let before = copy._digest
        do {
          try event(&copy)
          continue  // accepted in this stage (a scroll release off rest is a no-op that returns the offset)
        } catch {
          refusals += 1
        }
        // The closure may have set `snapping` around the throw; the engine's own state is what must not move.
        #expect(copy._digest == before, "\(stage): \(name) changed the engine")
      }
    }
    print("refused events: \(refusals), the state unchanged after each")
    #expect(refusals >= 20, "\(refusals) refusals exercised")
    #if DEBUG
    // The check can fail: an engine that moves its clock on a refused update is caught.
    var broken = try Self.snappingEngine()
    let before = broken._digest
    LayoutAnimator._fault.withValue(.hiddenChangeOnRefusal) {
      #expect(throws: HarmonicError.self) { try broken.prepare(forCollectionViewUpdates: [.delete(ItemIndexPath(item: 0, section: 0))], layout: other) }
    }
    #expect(broken._digest != before)
    #endif
  }
}
