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
}
