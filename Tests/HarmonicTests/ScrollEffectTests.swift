import Foundation
import Harmonic
import Testing

/// Scroll phases against brute force, and every preset effect pinned at
/// chosen phases against values computed from its documented formula with
/// this file's own matrix arithmetic.
@Suite("Scroll-driven effects: phases, rates and presets")
struct ScrollEffectTests {
  // MARK: - Independent 4×4 arithmetic (row vectors, CATransform3D's convention)

  typealias M = [[Double]]
  static func identity() -> M { (0..<4).map { r in (0..<4).map { c in r == c ? 1 : 0 } } }
  static func product(_ a: M, _ b: M) -> M {
    (0..<4).map { r in (0..<4).map { c in (0..<4).reduce(0) { $0 + a[r][$1] * b[$1][c] } } }
  }
  static func translation(_ x: Double, _ y: Double) -> M {
    var m = identity()
    (m[3][0], m[3][1]) = (x, y)
    return m
  }
  /// CATransform3DMakeRotation(θ, 0, 1, 0) and (θ, 1, 0, 0).
  static func rotationY(_ t: Double) -> M {
    var m = identity()
    (m[0][0], m[0][2], m[2][0], m[2][2]) = (cos(t), -sin(t), sin(t), cos(t))
    return m
  }
  static func rotationX(_ t: Double) -> M {
    var m = identity()
    (m[1][1], m[1][2], m[2][1], m[2][2]) = (cos(t), sin(t), -sin(t), cos(t))
    return m
  }
  static func perspective(_ d: Double) -> M {
    var m = identity()
    m[2][3] = -1 / d
    return m
  }
  static func entries(_ t: Transform3D) -> [Double] { (0..<16).map { t.m[$0] } }
  static func close(_ a: [Double], _ b: M, _ tolerance: Double = 1e-12) -> Bool {
    zip(a, b.flatMap { $0 }).allSatisfy { ($0 - $1).magnitude <= tolerance }
  }
  static func close(_ t: AffineTransform2D, _ e: (Double, Double, Double, Double, Double, Double), _ tolerance: Double = 1e-12) -> Bool {
    zip([t.a, t.b, t.c, t.d, t.tx, t.ty], [e.0, e.1, e.2, e.3, e.4, e.5]).allSatisfy { ($0 - $1).magnitude <= tolerance }
  }

  /// A 100 × 100 card centered at (500, 200).
  static func card() -> LayoutAttributes {
    LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 450, y: 150, width: 100, height: 100))
  }
  static func applied(
    _ effect: ScrollEffect, phase: Double, distance: Double, axis: ScrollAxis = .horizontal, rtl: Bool = false
  )
    -> LayoutAttributes
  {
    var card = card()
    // An input the initializer refuses (a NaN phase) leaves the card as it is.
    guard let input = try? ScrollEffect.Input(phase: phase, distance: distance, axis: axis, isRightToLeft: rtl) else { return card }
    do { try effect.apply(to: &card, input: input) } catch { Issue.record("a preset threw \(error)") }
    return card
  }

  // MARK: - Phases

  @Test("phase ±1 exactly where the element leaves the viewport, 0 on the reference, linear between: every alignment, LTR and RTL")
  func phaseAgainstBruteForce() throws {
    var random = SeededGenerator(seed: 49)
    for trial in 0..<300 {
      let alignment = SnapAlignment.allCases[trial % 3]
      let rtl = trial % 2 == 1
      let phase = try ScrollPhase(axis: .horizontal, alignment: alignment, isRightToLeft: rtl)
      let (center, extent) = (Double.random(in: -2000...2000, using: &random), Double.random(in: 1...600, using: &random))
      let viewport = Double.random(in: 100...900, using: &random)
      // Brute force: the offsets at which the element's frame just stops
      // overlapping the viewport, found by bisection on "overlaps".
      func overlaps(_ offset: Double) -> Bool { center + extent / 2 > offset && center - extent / 2 < offset + viewport }
      func edge(from inside: Double, towards outside: Double) -> Double {
        var (a, b) = (inside, outside)
        for _ in 0..<200 {
          let m = (a + b) / 2
          if overlaps(m) { a = m } else { b = m }
        }
        return b
      }
      let aligned: Double  // the offset putting the element on the reference
      switch (alignment, rtl) {
      case (.center, _): aligned = center - viewport / 2
      case (.leading, false), (.trailing, true): aligned = center - extent / 2
      case (.leading, true), (.trailing, false): aligned = center + extent / 2 - viewport
      }
      let low = edge(from: center - viewport / 2, towards: center - viewport / 2 - 1e5)  // offset small: element after the viewport's right edge
      let high = edge(from: center - viewport / 2, towards: center - viewport / 2 + 1e5)
      // In reading order, a small offset puts the element after the reference (LTR).
      let (after, before) = rtl ? (high, low) : (low, high)
      func p(_ offset: Double) -> Double { (try? phase.phase(center: center, extent: extent, offset: offset, viewportExtent: viewport).phase) ?? .nan }
      #expect(abs(p(aligned)) <= 1e-12, "trial \(trial): \(p(aligned)) on the reference")
      #expect(abs(p(after) - 1) <= 1e-9 && abs(p(before) + 1) <= 1e-9, "trial \(trial): \(p(after)), \(p(before)) at the edges")
      #expect(abs(p((aligned + after) / 2) - 0.5) <= 1e-9 && abs(p((aligned + before) / 2) + 0.5) <= 1e-9, "trial \(trial): not linear")
    }
  }

  @Test("the column form gives the scalar form's bits: every alignment, scale and reading direction")
  func columnsMatchScalar() throws {
    var random = SeededGenerator(seed: 11)
    let n = 500
    let centers = (0..<n).map { _ in Double.random(in: -5000...5000, using: &random) }
    let extents = (0..<n).map { k in k % 50 == 0 ? 0 : Double.random(in: 1...800, using: &random) }
    let velocities = (0..<n).map { _ in Double.random(in: -900...900, using: &random) }
    var phases: [Double] = [], rates: [Double] = []
    for alignment in SnapAlignment.allCases {
      for scale in [ScrollPhase.Scale.viewport, .points, .pitch(137.5)] {
        for rtl in [false, true] {
          let phase = try ScrollPhase(axis: .horizontal, alignment: alignment, scale: scale, isRightToLeft: rtl)
          try phase.phases(
            centers: centers, extents: extents, velocities: velocities, offset: 321.25, offsetVelocity: -1500, viewportExtent: 390,
            into: &phases, phaseVelocities: &rates)
          for k in 0..<n {
            let one = try phase.phase(
              center: centers[k], extent: extents[k], velocity: velocities[k], offset: 321.25, offsetVelocity: -1500, viewportExtent: 390)
            #expect(one.phase.bitPattern == phases[k].bitPattern && one.phaseVelocity.bitPattern == rates[k].bitPattern, "\(alignment) \(scale) \(rtl) \(k)")
          }
        }
      }
    }
  }

  @Test("points and pitch scales; a vertical axis ignores right-to-left; bad pitches are refused")
  func scales() throws {
    let points = try ScrollPhase(axis: .vertical, alignment: .leading, scale: .points, isRightToLeft: true)
    let far = try points.phase(center: 500, extent: 100, offset: 300, viewportExtent: 800)
    #expect(far.phase == 150 && !points.isRightToLeft)
    let pitch = try ScrollPhase(axis: .horizontal, scale: .pitch(250))
    let (phase, rate) = try pitch.phase(center: 700, extent: 200, velocity: 0, offset: 0, offsetVelocity: 500, viewportExtent: 400)
    #expect(phase == 2 && rate == -2)
    // A pitch under 1e-6 pt (down to a subnormal) is refused too: phases over it reached ±∞.
    for bad in [0, -3, 1.000001e12, Double.nan, .infinity, 5e-324, 9.99e-7] {
      #expect(throws: HarmonicError.self) { try ScrollPhase(axis: .horizontal, scale: .pitch(bad)) }
    }
    var phases: [Double] = [], rates: [Double] = []
    #expect(throws: HarmonicError.self) {
      try pitch.phases(centers: [1, 2], extents: [1], offset: 0, viewportExtent: 400, into: &phases, phaseVelocities: &rates)
    }
    #expect(phases.isEmpty && rates.isEmpty)
    // The viewport extent is a layout length of at least 1e-6 pt (a subnormal one made ±∞ phases).
    for bad in [0, -1, 1.000001e12, .infinity, .nan, 5e-324, 9.99e-7] {
      #expect(throws: HarmonicError.self) {
        try pitch.phases(centers: [1], extents: [1], offset: 0, viewportExtent: bad, into: &phases, phaseVelocities: &rates)
      }
      do {
        try pitch.phases(centers: [1], extents: [1], offset: 0, viewportExtent: bad, into: &phases, phaseVelocities: &rates)
      } catch .invalidParameter(let name, _, let accepted) {
        #expect(name == "viewportExtent" && accepted.contains("[1e-6, 1e12]"))
      } catch { Issue.record("unexpected \(error)") }
    }
    #expect(phases.isEmpty && rates.isEmpty)
    // Where the element's own extent is the span, an extent of 0 gives ±∞ off the reference, never NaN.
    let leading = try ScrollPhase(axis: .horizontal, alignment: .leading)
    try leading.phases(
      centers: [-1e12, 0], extents: [0, 0], velocities: [1, 1], offset: 0, viewportExtent: ScrollPhase.minimumExtent, into: &phases, phaseVelocities: &rates)
    #expect(phases == [-.infinity, 0] && rates.allSatisfy { !$0.isNaN })
  }

  @Test("phases and rates of a decelerating and a snapping scroll: the rate is the phase's derivative, the same bits at 60, 120 Hz and irregular frames")
  func ratesUnderHarmonicScrolls() throws {
    let layout = try GridLayout.carousel(count: 40, itemSize: CGSize(width: 280, height: 400), spacing: 20, viewport: CGSize(width: 390, height: 844))
    let cells = layout.allAttributes()
    let centers = cells.map { Double($0.center.x) }, extents = cells.map { Double($0.size.width) }
    let phase = try ScrollPhase(axis: .horizontal, scale: .pitch(300))
    let glide = try ScrollDeceleration(from: 0, velocity: 2400)
    let snap = try Snapping.target(
      layout: layout.snapLayout(by: .lines, viewport: try Viewport(size: CGSize(width: 390, height: 844))), offset: 10, velocity: 1800,
      options: layout.snapOptions(alignment: .center)
    ).motion()
    let motions: [any Motion<Double>] = [glide, snap]
    var phases: [Double] = [], rates: [Double] = []
    for motion in motions {
      func at(_ seconds: Double) throws -> (phases: [Double], rates: [Double]) {
        let t = try AnimationTime(seconds: seconds)
        try phase.phases(
          centers: centers, extents: extents, offset: motion.value(at: t), offsetVelocity: motion.velocity(at: t), viewportExtent: 390,
          into: &phases, phaseVelocities: &rates)
        return (phases, rates)
      }
      // The rate against a central difference of the phase (h = 1e-4 s).
      for seconds in [0.05, 0.2, 0.45] {
        let (now, before, after) = (try at(seconds), try at(seconds - 1e-4), try at(seconds + 1e-4))
        for k in [0, 3, 11] {
          let slope = (after.phases[k] - before.phases[k]) / 2e-4
          #expect((slope - now.rates[k]).magnitude <= 1e-4 * max(1, now.rates[k].magnitude), "\(k) at \(seconds) s")
        }
      }
      // Pure functions of the tick: the same bits at every common tick
      // (every 1/30 s) whatever the schedule that led there.
      var hashes: Set<UInt64> = []
      for schedule in [60, 120, 0] {
        var hasher = BitHasher()
        var random = SeededGenerator(seed: 7)
        var ticks: [Int64] = []
        var t: Int64 = 0
        while t < AnimationTime.ticksPerSecond * 6 / 10 {
          t += schedule > 0 ? AnimationTime.ticksPerSecond / Int64(schedule) : Int64.random(in: 1_000_000...20_000_000, using: &random)
          ticks.append(t)
        }
        // Irregular frames also land on the common ticks (the comparison needs them).
        if schedule == 0 { ticks = Array(Set(ticks + (1...18).map { $0 * (AnimationTime.ticksPerSecond / 30) })).sorted() }
        for tick in ticks where tick % (AnimationTime.ticksPerSecond / 30) == 0 && tick <= AnimationTime.ticksPerSecond / 2 {
          let shown = try at(Double(tick) / Double(AnimationTime.ticksPerSecond))
          for k in 0..<8 {
            hasher.combine(shown.phases[k])
            hasher.combine(shown.rates[k])
          }
        }
        hashes.insert(hasher.value)
      }
      #expect(hashes.count == 1)
    }
  }

  // MARK: - Presets, pinned

  @Test("scale and fade: scale 1 − (1 − s)·a, alpha × (1 − (1 − α)·a), nearest on top")
  func scaleAndFade() {
    let effect = ScrollEffect.scaleAndFade(minimumScale: 0.8, minimumAlpha: 0.5)
    let half = Self.applied(effect, phase: 0.5, distance: 150)
    #expect(Self.close(half.transform, (0.9, 0, 0, 0.9, 0, 0)) && abs(half.alpha - 0.75) < 1e-15 && half.zIndex == -50)
    let far = Self.applied(effect, phase: -2, distance: -600)
    #expect(Self.close(far.transform, (0.8, 0, 0, 0.8, 0, 0)) && far.alpha == 0.5 && far.zIndex == -200)
    let nan = Self.applied(effect, phase: .nan, distance: 0)
    #expect(nan == Self.card())
  }

  @Test("stack: waiting cards pulled back onto the reference with a peek, smaller, deeper ones fading; the leaving card fades in place")
  func stack() {
    let effect = ScrollEffect.stack(peek: 12, scaleStep: 0.05, visibleCount: 3)
    let second = Self.applied(effect, phase: 2, distance: 400)
    #expect(Self.close(second.transform, (0.9, 0, 0, 0.9, -376, 0)) && second.alpha == 1 && second.zIndex == -200)
    let deep = Self.applied(effect, phase: 3.5, distance: 700)
    #expect(Self.close(deep.transform, (0.85, 0, 0, 0.85, -664, 0)) && abs(deep.alpha - 0.5) < 1e-15 && deep.zIndex == -350)
    let leaving = Self.applied(effect, phase: -0.5, distance: -100)
    #expect(leaving.transform == .identity && leaving.alpha == 0.5 && leaving.zIndex == 50)
    // Past half way the leaving card is still above the next top card (issue
    // 69 item 3: with −round(100·|p|) it sank beneath it at p = −0.6, +0.4).
    let (going, coming) = (Self.applied(effect, phase: -0.6, distance: -120), Self.applied(effect, phase: 0.4, distance: 80))
    #expect(going.zIndex > coming.zIndex, "\(going.zIndex) vs \(coming.zIndex)")
    #expect(Self.applied(effect, phase: -.infinity, distance: 0).zIndex == 1 << 53)
    let vertical = Self.applied(effect, phase: 1, distance: 200, axis: .vertical)
    #expect(Self.close(vertical.transform, (0.95, 0, 0, 0.95, 0, -188)))
    // A peek past ±1e12 points is clamped there (1e308 · 2 overflowed to an
    // infinite translation: found by the fuzzer); a non-finite one is 0.
    let huge = Self.applied(ScrollEffect.stack(peek: 1e308), phase: 2, distance: 400)
    #expect(huge.transform == Self.applied(ScrollEffect.stack(peek: 1e12), phase: 2, distance: 400).transform)
    #expect(huge.transform.tx == -400 + 2e12)
    let none = Self.applied(ScrollEffect.stack(peek: -.infinity), phase: 2, distance: 400)
    #expect(none.transform == Self.applied(ScrollEffect.stack(peek: 0), phase: 2, distance: 400).transform)
  }

  @Test("cover flow: a turn of −s·c·θmax about y in perspective, and a scale; RTL turns the other way")
  func coverFlow() {
    let effect = ScrollEffect.coverFlow(maximumAngle: .pi / 4, perspective: 500, minimumScale: 0.8)
    let card = Self.applied(effect, phase: 0.5, distance: 100)
    #expect(Self.close(Self.entries(card.transform3D), Self.product(Self.rotationY(-0.5 * .pi / 4), Self.perspective(500))))
    #expect(Self.close(card.transform, (0.9, 0, 0, 0.9, 0, 0)) && card.zIndex == -50)
    let mirrored = Self.applied(effect, phase: 0.5, distance: 100, rtl: true)
    #expect(Self.close(Self.entries(mirrored.transform3D), Self.product(Self.rotationY(0.5 * .pi / 4), Self.perspective(500))))
    let vertical = Self.applied(effect, phase: -3, distance: -900, axis: .vertical)
    #expect(Self.close(Self.entries(vertical.transform3D), Self.product(Self.rotationX(-.pi / 4), Self.perspective(500))))
  }

  @Test("cube: a page after the reference turns c·90° about its leading edge, one before about its trailing edge; edge-on pages hidden")
  func cube() {
    let effect = ScrollEffect.cube(perspective: 500)
    let after = Self.applied(effect, phase: 0.5, distance: 50)
    let hingeLeading = Self.product(
      Self.product(Self.product(Self.translation(50, 0), Self.rotationY(.pi / 4)), Self.translation(-50, 0)), Self.perspective(500))
    #expect(Self.close(Self.entries(after.transform3D), hingeLeading))
    let before = Self.applied(effect, phase: -0.25, distance: -25)
    let hingeTrailing = Self.product(
      Self.product(Self.product(Self.translation(-50, 0), Self.rotationY(-.pi / 8)), Self.translation(50, 0)), Self.perspective(500))
    #expect(Self.close(Self.entries(before.transform3D), hingeTrailing))
    #expect(Self.applied(effect, phase: 1, distance: 100).alpha == 0 && Self.applied(effect, phase: -1.5, distance: -150).alpha == 0)
  }

  @Test("page turn: the page before the reference turns over its leading edge on top; the next one waits underneath")
  func pageTurn() {
    let effect = ScrollEffect.pageTurn(perspective: 1000)
    let turning = Self.applied(effect, phase: -0.5, distance: -200)
    #expect(Self.close(turning.transform, (1, 0, 0, 1, 200, 0)) && turning.zIndex == -50)
    let hinge = Self.product(
      Self.product(Self.product(Self.translation(50, 0), Self.rotationY(.pi / 4)), Self.translation(-50, 0)), Self.perspective(1000))
    #expect(Self.close(Self.entries(turning.transform3D), hinge))
    // Which way it turns (issue 69 item 3): its free (trailing) edge
    // recedes from the viewer — a perspective divisor above 1 — while the
    // hinge stays in the screen's plane, on both axes and in right to left.
    for (axis, rtl) in [(ScrollAxis.horizontal, false), (.horizontal, true), (.vertical, false)] {
      let t = Self.applied(effect, phase: -0.5, distance: -200, axis: axis, rtl: rtl).transform3D.m
      let edge: (Double, Double) = axis == .vertical ? (0, 50) : (rtl ? -50 : 50, 0)
      let (free, hinge) = (edge.0 * t[3] + edge.1 * t[7] + t[15], -edge.0 * t[3] - edge.1 * t[7] + t[15])
      #expect(free > 1.05 && abs(hinge - 1) < 1e-12, "\(axis), rtl \(rtl): free edge w \(free), hinge w \(hinge)")
    }
    let waiting = Self.applied(effect, phase: 0.5, distance: 200)
    #expect(Self.close(waiting.transform, (1, 0, 0, 1, -200, 0)) && waiting.zIndex == -150 && waiting.alpha == 1)
    #expect(Self.applied(effect, phase: 1.2, distance: 480).alpha == 0 && Self.applied(effect, phase: -1, distance: -400).alpha == 0)
  }

  @Test("parallax: −factor·d along the axis, both axes and RTL")
  func parallax() {
    let effect = ScrollEffect.parallax(factor: 0.5)
    #expect(Self.close(Self.applied(effect, phase: 0.5, distance: 300).transform, (1, 0, 0, 1, -150, 0)))
    #expect(Self.close(Self.applied(effect, phase: 0.5, distance: 300, axis: .vertical).transform, (1, 0, 0, 1, 0, -150)))
    #expect(Self.close(Self.applied(effect, phase: 0.5, distance: 300, rtl: true).transform, (1, 0, 0, 1, 150, 0)))
  }

  @Test("rotary wheel: onto a circle of radius r, turned by θ = p·angle; hidden past a quarter turn")
  func rotaryWheel() {
    let theta = Double.pi / 9
    let effect = ScrollEffect.rotaryWheel(radius: 400, angle: theta)
    let card = Self.applied(effect, phase: 1, distance: 150)
    let expected = (cos(theta), sin(theta), -sin(theta), cos(theta), 400 * sin(theta) - 150, 400 * (1 - cos(theta)))
    #expect(Self.close(card.transform, expected, 1e-9) && card.zIndex == -100)
    #expect(Self.applied(effect, phase: 5, distance: 750).alpha == 0)
    // A radius past ±1e12 points is clamped there: the pose stays finite.
    let far = Self.applied(ScrollEffect.rotaryWheel(radius: -1e308, angle: theta), phase: 1, distance: 150)
    #expect(far.transform == Self.applied(ScrollEffect.rotaryWheel(radius: -1e12, angle: theta), phase: 1, distance: 150).transform)
    #expect(far.transform.tx.isFinite && far.transform.ty.isFinite)
  }

  @Test("zoom: scale 1 + (s − 1)·a, alpha × (1 − a); cross-fade stays on the reference; rotate turns s·c·angle")
  func zoomCrossFadeRotate() {
    let out = Self.applied(.zoomAndFade(scale: 0.5), phase: -0.5, distance: -100)
    #expect(Self.close(out.transform, (0.75, 0, 0, 0.75, 0, 0)) && out.alpha == 0.5 && out.zIndex == -50)
    let into = Self.applied(.zoomAndFade(scale: 1.5), phase: 0.5, distance: 100)
    #expect(Self.close(into.transform, (1.25, 0, 0, 1.25, 0, 0)))
    let fade = Self.applied(.dissolve, phase: 0.25, distance: 100)
    #expect(Self.close(fade.transform, (1, 0, 0, 1, -100, 0)) && fade.alpha == 0.75 && fade.zIndex == -25)
    let turn = Self.applied(.turnAndFade(angle: .pi / 8, fade: 0.5), phase: 0.5, distance: 100)
    let t = Double.pi / 16
    #expect(Self.close(turn.transform, (cos(t), sin(t), -sin(t), cos(t), 0, 0)) && turn.alpha == 0.75)
    let mirrored = Self.applied(.turnAndFade(angle: .pi / 8, fade: 0.5), phase: 0.5, distance: 100, rtl: true)
    #expect(Self.close(mirrored.transform, (cos(t), -sin(t), sin(t), cos(t), 0, 0)))
  }

  @Test("effects compose in order, on top of a layout's own transform")
  func composition() throws {
    var card = Self.card()
    card.transform = .scale(2, 2)
    let both = ScrollEffect.parallax(factor: 0.5).combined(with: .scaleAndFade(minimumScale: 0.5, minimumAlpha: 1))
    try both.apply(to: &card, input: ScrollEffect.Input(phase: 1, distance: 100, axis: .horizontal))
    // (scale 2) then (translate −50) then (scale 0.5): a = 1, tx = −25.
    #expect(Self.close(card.transform, (1, 0, 0, 1, -25, 0)))
  }

  // MARK: - With layouts, transitions, snapping and the engine

  @Test("a carousel snapped by the engine: the centered card is whole, its neighbours scaled and faded, at rest and in flight")
  func engineCarousel() throws {
    let viewport = try Viewport(size: CGSize(width: 390, height: 844))
    let layout = try GridLayout.carousel(count: 20, itemSize: CGSize(width: 280, height: 400), spacing: 20, viewport: viewport.size)
    var engine = try LayoutAnimator(layout: layout, viewport: viewport, contentOffset: .zero)
    engine.snapping = { layout, viewport throws(HarmonicError) in try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport) }
    engine.snappingOptions = layout.snapOptions(alignment: .center)
    engine.scrollAxis = .horizontal
    engine.scrollEffect = .scaleAndFade(minimumScale: 0.8, minimumAlpha: 0.5)
    engine.scrollPhase = try ScrollPhase(axis: .horizontal, scale: .pitch(300))
    _ = try engine.scrollViewWillEndDragging(withVelocity: CGPoint(x: 1.2, y: 0))
    try engine.advance(to: try AnimationTime(seconds: 0.1))
    let moving = engine.layoutAttributesForElements(in: viewport.visibleRect(at: engine.contentOffset))
    #expect(moving.contains { $0.alpha < 1 } && moving.allSatisfy { $0.alpha >= 0.5 && $0.alpha <= 1 })
    try engine.advance(to: try AnimationTime(seconds: 3))
    let visible = viewport.visibleRect(at: engine.contentOffset)
    let cells = engine.layoutAttributesForElements(in: visible)
    let centered = try #require(cells.first { abs(Double($0.center.x) - Double(visible.midX)) < 1e-9 })
    #expect(centered.alpha == 1 && centered.transform == .identity && centered.zIndex == 0)
    let neighbour = try #require(cells.first { abs(Double($0.center.x) - Double(visible.midX) - 300) < 1e-9 })
    #expect(Self.close(neighbour.transform, (0.8, 0, 0, 0.8, 0, 0)) && neighbour.alpha == 0.5)
    #expect(engine.layoutAttributesForItem(at: neighbour.indexPath) == neighbour)
  }

  @Test("the engine answers exactly what the effect draws into the rect: every preset against a brute force over all elements (issue 69 item 2)")
  func engineMatchesBruteForce() throws {
    let viewport = try Viewport(size: CGSize(width: 390, height: 844))
    let presets: [(String, ScrollEffect)] = [
      ("scaleAndFade", .scaleAndFade()), ("stack", .stack()), ("stack 5", .stack(peek: 30, visibleCount: 5)), ("coverFlow", .coverFlow()),
      ("cube", .cube()), ("pageTurn", .pageTurn()), ("parallax", .parallax()), ("parallax 0.9", .parallax(factor: 0.9)),
      ("rotaryWheel", .rotaryWheel(radius: 400, angle: 0.4)), ("zoomAndFade", .zoomAndFade()), ("zoomAndFade 3", .zoomAndFade(scale: 3)),
      ("dissolve", .dissolve),
      ("turnAndFade", .turnAndFade()), ("combined", ScrollEffect.scaleAndFade().combined(with: .stack())),
    ]
    var compared = 0
    for (card, spacing) in [(300.0, 20.0), (120.0, 10.0)] {
      let layout = try GridLayout.carousel(count: 40, itemSize: CGSize(width: card, height: 500), spacing: spacing, viewport: viewport.size)
      let phase = try ScrollPhase(axis: .horizontal, scale: .pitch(card + spacing))
      let all = layout.attributes(in: CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
      for (name, effect) in presets {
        for offset in [0.0, 0.35 * (card + spacing), 7 * (card + spacing), 7.65 * (card + spacing)] {
          var engine = try LayoutAnimator(layout: layout, viewport: viewport, contentOffset: CGPoint(x: offset, y: 0))
          engine.scrollAxis = .horizontal
          (engine.scrollEffect, engine.scrollPhase) = (effect, phase)
          let rect = viewport.visibleRect(at: CGPoint(x: offset, y: 0))
          var everything = all
          try effect.apply(to: &everything, in: rect, phase: phase)
          // What UIKit would draw in the rect: not hidden, not transparent,
          // the 2-D transformed box overlapping it; alpha clamped. (The
          // engine may answer transparent elements too: they draw nothing.)
          let expected = everything.filter { a in
            let t = a.transform
            let (w, h) = (Double(a.size.width) / 2, Double(a.size.height) / 2)
            let (halfX, halfY) = (abs(t.a) * w + abs(t.c) * h, abs(t.b) * w + abs(t.d) * h)
            let (x, y) = (Double(a.center.x) + t.tx, Double(a.center.y) + t.ty)
            return !a.isHidden && a.alpha > 0 && halfX > 0 && halfY > 0 && x - halfX < Double(rect.maxX) && Double(rect.minX) < x + halfX
              && y - halfY < Double(rect.maxY) && Double(rect.minY) < y + halfY
          }.map { a -> LayoutAttributes in
            var a = a
            a.alpha = min(max(a.alpha, 0), 1)
            return a
          }
          let answer = engine.layoutAttributesForElements(in: rect).filter { $0.alpha > 0 }
          let (got, wanted) = (answer.map { $0.indexPath.item }, expected.map { $0.indexPath.item })
          #expect(got == wanted, "\(name), card \(card), offset \(offset): \(got) ≠ \(wanted)")
          #expect(got != wanted || answer == expected, "\(name), card \(card), offset \(offset): the same elements, other attributes")
          compared += 1
        }
      }
    }
    // The reported case: the default stack's three waiting cards, the third's own frame far beyond the screen.
    let layout = try GridLayout.carousel(count: 10, itemSize: CGSize(width: 300, height: 500), spacing: 20, viewport: viewport.size)
    var engine = try LayoutAnimator(layout: layout, viewport: viewport, contentOffset: .zero)
    engine.scrollAxis = .horizontal
    (engine.scrollEffect, engine.scrollPhase) = (.stack(), try ScrollPhase(axis: .horizontal, scale: .pitch(320)))
    let items = Set(engine.layoutAttributesForElements(in: viewport.visibleRect(at: .zero)).map(\.indexPath.item))
    #expect(items.isSuperset(of: [0, 1, 2, 3]), "\(items.sorted())")
    #expect(compared == 112)
  }

  @Test("a stack's waiting cards are answered although their own frames lie off screen")
  func engineStack() throws {
    let viewport = try Viewport(size: CGSize(width: 390, height: 844))
    let layout = try GridLayout.carousel(count: 10, itemSize: CGSize(width: 390, height: 600), spacing: 0, viewport: viewport.size)
    var engine = try LayoutAnimator(layout: layout, viewport: viewport, contentOffset: .zero)
    engine.scrollAxis = .horizontal
    engine.scrollEffect = .stack(peek: 10, scaleStep: 0.05, visibleCount: 2)
    engine.scrollPhase = try ScrollPhase(axis: .horizontal, scale: .pitch(390))
    let cells = engine.layoutAttributesForElements(in: viewport.visibleRect(at: .zero))
    #expect(Set(cells.map(\.indexPath.item)).isSuperset(of: [0, 1]), "\(cells.map(\.indexPath.item))")
  }

  @Test("a transition decorated with an effect ends on the effect applied to the new layout's visible cells; RTL mirrored")
  func transitionEnds() throws {
    let viewport = try Viewport(size: CGSize(width: 390, height: 844))
    let a = try GridLayout.carousel(count: 12, itemSize: CGSize(width: 280, height: 400), spacing: 20, viewport: viewport.size)
    let b = try GridLayout.carousel(count: 12, itemSize: CGSize(width: 200, height: 300), spacing: 20, viewport: viewport.size, isRightToLeft: true)
    let phase = try ScrollPhase(axis: .horizontal, scale: .pitch(220), isRightToLeft: true)
    let transition = try LayoutTransition(
      from: a, offset: .zero, to: b, offset: CGPoint(x: 440, y: 0), viewport: viewport,
      decoration: .scrollEffect(.coverFlow(), phase: phase))
    let rect = viewport.visibleRect(at: CGPoint(x: 440, y: 0))
    var expected = b.attributes(in: rect)
    try ScrollEffect.coverFlow().apply(to: &expected, in: rect, phase: phase)
    for cell in expected {
      let k = try #require(transition.elements.firstIndex { $0.to == cell.elementID })
      #expect(transition.endAttributes[k].transform3D == cell.transform3D && transition.endAttributes[k].zIndex == cell.zIndex)
    }
  }
}

@Suite("Entrances and exits: the presets' poses, and a transition that starts from them")
struct EntranceTests {
  static let update = LayoutUpdate(inserted: [ItemIndexPath(item: 0, section: 0)])

  @Test("each preset's pose, pinned: center and size kept, transform and alpha as documented")
  func poses() throws {
    let card = ScrollEffectTests.card()
    func pose(_ style: AppearanceStyle) -> LayoutAttributes { Self.update.initialAttributes(appearing: card, style: style) }
    let fade = pose(.fade)
    #expect(fade.alpha == 0 && fade.transform == .identity && fade.center == card.center)
    let fly = pose(.flyIn(distance: 80, rotation: 0.1))
    let turned = try AffineTransform2D.rotation(0.1)
    #expect(fly.center.y == card.center.y + 80 && fly.transform == turned && fly.alpha == 0)
    let scale = pose(.scale(0.5))
    #expect(scale.transform == .scale(0.5, 0.5) && scale.alpha == 0 && scale.size == card.size)
    let slide = pose(.slide(x: -320, y: 0))
    #expect(ScrollEffectTests.close(slide.transform, (1, 0, 0, 1, -320, 0)) && slide.alpha == 0)
    let flip = pose(.flip(about: .y, perspective: 500))
    #expect(
      ScrollEffectTests.close(
        ScrollEffectTests.entries(flip.transform3D), ScrollEffectTests.product(ScrollEffectTests.rotationY(.pi / 2), ScrollEffectTests.perspective(500))))
    let turn = pose(.rotate(angle: .pi / 6, scale: 0.8))
    let (c, s) = (cos(Double.pi / 6) * 0.8, sin(Double.pi / 6) * 0.8)
    #expect(ScrollEffectTests.close(turn.transform, (c, s, -s, c, 0, 0)) && turn.alpha == 0)
    let zoom = pose(.zoom(from: CGPoint(x: 100, y: 700), scale: 0.1))
    #expect(ScrollEffectTests.close(zoom.transform, (0.1, 0, 0, 0.1, -400, 500)) && zoom.alpha == 0)
  }

  @Test("an inserted card zooms in from a point: the transition starts on the pose, at rest, and ends on the layout")
  func zoomIntoTransition() throws {
    let viewport = try Viewport(size: CGSize(width: 390, height: 844))
    let before = try GridLayout(sections: [.init(itemCount: 4, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 390)
    let after = try GridLayout(sections: [.init(itemCount: 5, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 390)
    let update = LayoutUpdate(inserted: [ItemIndexPath(item: 4, section: 0)])
    let transition = try LayoutTransition(
      from: before, offset: .zero, to: after, offset: .zero, viewport: viewport, update: update,
      appearance: .zoom(from: CGPoint(x: 195, y: 800), scale: 0.1))
    let k = try #require(transition.elements.firstIndex { $0.to == ElementID(.cell, ItemIndexPath(item: 4, section: 0)) })
    let final = try after.attributes(of: ItemIndexPath(item: 4, section: 0))
    #expect(transition.startAttributes[k] == update.initialAttributes(appearing: final, style: .zoom(from: CGPoint(x: 195, y: 800), scale: 0.1)))
    var frame = transition.makeFrame(velocities: true)
    try transition.frame(at: .zero, into: &frame)
    #expect(frame.centerVelocity(ofElement: k) == .zero)
    try transition.frame(at: transition.endTick, into: &frame)
    #expect(frame.attributes[k] == final)
  }
}

@Suite("Snapping from a proposed end (SwiftUI's scroll target)")
struct ProposedTargetTests {
  @Test("the release offset is the proposed end less the deceleration's exact travel: the same decision as from the release")
  func sameAsFromTheRelease() throws {
    let pages = try SnapLayout.pages(contentExtent: 375 * 10, viewport: 375)
    var random = SeededGenerator(seed: 21)
    for _ in 0..<300 {
      let offset = Double.random(in: 0...3000, using: &random), velocity = Double.random(in: -4000...4000, using: &random)
      let options = Snapping.Options(maximumItemsPerFlick: Int.random(in: 1...3, using: &random))
      let proposed = try ScrollDeceleration(decelerationRate: options.decelerationRate, from: offset, velocity: velocity).restOffset
      let fromRelease = try Snapping.target(layout: pages, offset: offset, velocity: velocity, options: options).target
      let answer = try Snapping.target(
        proposed: CGPoint(x: 7, y: proposed), velocity: CGPoint(x: 0, y: velocity), axis: .vertical, layout: pages, options: options)
      #expect(answer == CGPoint(x: 7, y: fromRelease), "\(offset) at \(velocity)")
    }
    #expect(throws: HarmonicError.self) {
      try Snapping.target(proposed: CGPoint(x: CGFloat.nan, y: 0), velocity: .zero, axis: .horizontal, layout: pages)
    }
  }
}

@Suite("Attribute frames on many cores", .splittingEveryBatch)
struct ParallelAttributeTests {
  @Test("channels to attributes: the same bits for 1, 2, 3 and 8 workers, componentwise and decomposed, 2-D and 3-D")
  func sameBits() throws {
    var random = SeededGenerator(seed: 50)
    let n = 12_000
    for (channels, transforms) in [(LayoutChannels.count2D, TransformInterpolation.componentwise), (LayoutChannels.count3D, .decomposed)] {
      let values = (0..<(n * channels)).map { _ in Double.random(in: -2...2, using: &random) }
      var reference: [UInt64]?
      for threads in [1, 2, 3, 8] {
        var attributes = (0..<n).map { LayoutAttributes(indexPath: ItemIndexPath(item: $0, section: 0), frame: .zero) }
        try LayoutChannels.apply(values, to: &attributes, transforms: transforms, threads: threads)
        let bits = LayoutChannels.values(of: attributes, include3D: true).map(\.bitPattern)
        if let reference { #expect(bits == reference, "\(threads) workers, \(transforms)") } else { reference = bits }
      }
    }
  }

  @Test("componentwise channels (2-D four elements at a time) read back bit for bit, for every count and split")
  func componentwiseRoundTrip() throws {
    var random = SeededGenerator(seed: 51)
    // Counts around the four-element tiles; 1 to 3 workers split each at
    // positions that are not multiples of four.
    for n in [1, 3, 4, 5, 7, 8, 9, 13, 1_001] {
      for channels in [LayoutChannels.count2D, LayoutChannels.count3D] {
        let values = (0..<(n * channels)).map { _ in Double.random(in: -1e6...1e6, using: &random) }
        for threads in [1, 2, 3] {
          var attributes = (0..<n).map { LayoutAttributes(indexPath: ItemIndexPath(item: $0, section: 0), frame: .zero) }
          try LayoutChannels.apply(values, to: &attributes, transforms: .componentwise, threads: threads)
          let back = LayoutChannels.values(of: attributes, include3D: channels == LayoutChannels.count3D)
          let differing = values.indices.first { back[$0].bitPattern != values[$0].bitPattern }
          #expect(differing == nil, "\(n) elements × \(channels) channels, \(threads) workers: value \(differing ?? -1) differs")
          #expect(attributes.map(\.indexPath.item) == Array(0..<n), "only the channels are written")
        }
      }
    }
  }
}
