import Foundation
import Harmonic
import Testing

/// Inputs of the newer surfaces (issue 47's sweep, in part): each a typed
/// error or a documented result.
@Suite("Inputs of the newer surfaces")
struct InputSweepTests {
  @Test("a transform with a tiny or huge determinant inverts to full precision")
  func inverseAtTheEdgesOfTheExponent() throws {
    // b78c276: 1.000011e160, the determinant 1e-320 being subnormal.
    let tiny = try AffineTransform2D(a: 1e-160, b: 0, c: 0, d: 1e-160, tx: 0, ty: 0).inverted()
    #expect((tiny.a / 1e160 - 1).magnitude <= 2 * Double.ulpOfOne && (tiny.d / 1e160 - 1).magnitude <= 2 * Double.ulpOfOne, "\(tiny.a)")
    let huge = try AffineTransform2D(a: 1e160, b: 0, c: 0, d: 1e160, tx: 1e160, ty: 0).inverted()
    #expect((huge.a / 1e-160 - 1).magnitude <= 2 * Double.ulpOfOne && (huge.tx + 1).magnitude <= 2 * Double.ulpOfOne, "\(huge.a) \(huge.tx)")
    // Ordinary transforms: the same bits as the plain formula (the scaling is by a power of two).
    var random = SeededGenerator(seed: 47)
    for _ in 0..<1_000 {
      let (a, b, c, d) = (
        Double.random(in: -3...3, using: &random), Double.random(in: -3...3, using: &random),
        Double.random(in: -3...3, using: &random), Double.random(in: -3...3, using: &random)
      )
      let (tx, ty) = (Double.random(in: -500...500, using: &random), Double.random(in: -500...500, using: &random))
      let det = a * d - b * c
      guard det.magnitude > 1e-6 else { continue }
      let inverse = try AffineTransform2D(a: a, b: b, c: c, d: d, tx: tx, ty: ty).inverted()
      #expect(inverse.a == d / det && inverse.b == -b / det && inverse.c == -c / det && inverse.d == a / det)
      #expect(inverse.tx == (c * ty - d * tx) / det && inverse.ty == (b * tx - a * ty) / det)
    }
    #expect(throws: HarmonicError.self) { try AffineTransform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() }
    #expect(throws: HarmonicError.self) { try AffineTransform2D.scale(0, 1).inverted() }
  }

  @Test("a glide's hand-off refuses a minimum above its maximum; a NaN bound is no bound")
  func decayBounds() throws {
    let glide = try ValueDecay(value: 0.0, velocity: 800, decelerationRate: 0.998, start: .zero)
    // b78c276: accepted.
    #expect(throws: HarmonicError.self) { _ = try glide.handOff(minimum: SIMD2(10, 0), maximum: SIMD2(-10, 0), spring: .snappy) }
    #expect(glide.contactTick(maximum: SIMD2(.nan, 0)) == nil)
    let contact = try #require(glide.contactTick(maximum: SIMD2(100, 0)))
    #expect(contact > .zero && glide.value(at: contact) >= 100)
  }

  @Test("a bezier too steep for a double: no slope, the secant over a tick for a timed velocity, 0 for a keyframe's shape (the fuzzer)")
  func steepBezier() throws {
    // An x control point of 2.2e-319 under a y of 533: y'/x' at the start
    // overflowed to +∞, and the animator's first frame moved at +∞.
    // Parsed from text: a subnormal literal draws a compiler warning.
    let (x1, x2, y2) = (Double("2.2387e-319")!, Double("2.2885998403113e-310")!, Double("2.50519839025e-312")!)
    let subnormal = try CubicBezier(x1: x1, y1: 533.4375, x2: x2, y2: y2)
    #expect(subnormal.slopeOrNaN(atProgress: 0) == nil)
    let eased = try TimedAnimation(
      from: CGPoint(x: 663.375, y: 1392.625), to: CGPoint(x: 1558.3125, y: 1634.4375), duration: 1e-6, curve: .cubicBezier(subnormal),
      start: AnimationTime(ticks: 227_000_000))
    let ticks = 706.0  // 1e-6 s in ticks, rounded
    let secant = subnormal.valueOrNaN(atProgress: 1 / ticks) * ticks / (ticks / Double(AnimationTime.ticksPerSecond))
    let launch = eased.velocity(at: eased.start)
    #expect(Double(launch.x) == 894.9375 * secant && Double(launch.y) == 241.8125 * secant, "\(launch)")
    // A normal but tiny x control point: the tangent is finite, its velocity
    // over a microsecond is not (1e303 per unit of progress).
    let steep = try CubicBezier(x1: 1e-300, y1: 1_000, x2: 0.5, y2: 1)
    let track = try KeyframeAnimation(
      from: 0.0, keys: [.init(1e6, duration: 1e-6, curve: .timing(.cubicBezier(steep))), .init(-1e6, duration: 1e-6, curve: .timing(.cubicBezier(steep)))])
    for tick: Int64 in [0, 1, 2, 100, 705, 706, 707, 1_000, 1_411, 1_412] {
      let time = AnimationTime(ticks: tick)
      #expect(track.value(at: time).isFinite && track.velocity(at: time).isFinite, "tick \(tick): \(track.value(at: time)), \(track.velocity(at: time))")
    }
    #expect(track.value(at: try #require(track.tick(ofKey: 0))) == 1e6)
    let timed = try TimedAnimation(from: 0.0, to: 1e100, duration: 1e-6, curve: .cubicBezier(steep))
    #expect(timed.velocity(at: .zero).isFinite && timed.velocity(at: AnimationTime(ticks: 1)).isFinite)
  }

  @Test("the range checks through _Check name the parameter and the interval, open or closed at each end")
  func rangeMessages() throws {
    #expect(refusal { _ = try SettleTolerance(value: 1, velocity: 0) }?.accepted == "within (0, +∞] (units/s)")
    #expect(refusal { _ = try Spring(duration: 0.5, bounce: -1) }! == ("bounce", "within (−1, 1]"))
    #expect(
      refusal { _ = try ScrollDeceleration(decelerationRate: 1, velocity: 10) }! == ("decelerationRate", "within (0, 1) (velocity factor per millisecond)"))
    #expect(refusal { _ = try CubicBezier(x1: 0.2, y1: 2e3, x2: 0.5, y2: 1) }! == ("y1", "finite with magnitude ≤ 1e3"))
    #expect(refusal { _ = try SnapLayout(starts: [0, 100], ends: [90, 80], contentExtent: 200, viewport: 100) }! == ("ends[1]", "≥ starts[1] = 100.0"))
    #expect(refusal { _ = try Spring(response: .nan, dampingRatio: 1) }! == ("response", "finite and > 0 (s)"))
    #expect(refusal { _ = try SpringChain(count: 0, value: 0.0, spring: .smooth) }! == ("count", "within [1, 100000]"))
  }
}

/// A sweep of adversarial arguments through the public entry points whose
/// results are documented finite for any accepted input: each call must
/// throw ``HarmonicError`` or return finite numbers (and an alpha within
/// [0, 1]). Functions documented as unchecked IEEE arithmetic (the
/// transform types, `ScrollPhase.distance`, pure unit conversions) are
/// left out. The sweep that found the three subnormal-tolerance results
/// below ran 4,456 such calls; these ~1,200 are one per entry point and
/// argument (it also tried every phase on every preset).
@Suite("An adversarial sweep of the public entry points")
struct AdversarialSweepTests {
  static let values: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, 1e-300, -1, 1e300, -1e300, 1e6, 0.5, 2]
  static let tiny: [Double] = [1e-300, 1e-308, 1e-300 * 1e-10, 1e-300 * 1e-20, .leastNonzeroMagnitude]

  /// Runs `body` and returns what broke: nil for a typed error or finite numbers.
  static func broken(_ name: String, _ body: () throws -> [Double]) -> String? {
    do {
      let out = try body()
      if let k = out.firstIndex(where: { !$0.isFinite }) { return "\(name): output \(k) is \(out[k])" }
    } catch is HarmonicError {
    } catch { return "\(name): untyped error \(error)" }
    return nil
  }

  /// A tick as a number; no tick (never ends) as NaN, so that it counts as broken.
  static func ticks(_ time: AnimationTime?) -> Double { time.map { Double($0.ticks) } ?? .nan }

  static func numbers(_ a: LayoutAttributes) -> [Double] {
    let alpha = a.alpha >= 0 && a.alpha <= 1 ? 0.0 : .nan  // an alpha outside [0, 1] counts as broken
    return [
      Double(a.center.x), Double(a.center.y), Double(a.size.width), Double(a.size.height), a.transform.a, a.transform.b, a.transform.c,
      a.transform.d, a.transform.tx, a.transform.ty, a.alpha, alpha,
    ] + (0..<16).map { a.transform3D.m[$0] }
  }

  static let base = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 10, y: 20, width: 100, height: 50))
  static let (t0, t1, t9) = (
    AnimationTime.zero, AnimationTime(ticks: AnimationTime.ticksPerSecond / 10), AnimationTime(ticks: AnimationTime.ticksPerSecond * 9)
  )

  func expectNothingBroken(_ failures: [String]) {
    #expect(failures.isEmpty, "\(failures.count) broken: \(failures.prefix(8).joined(separator: "; "))")
  }

  @Test("end times for every band down to 5e-324 are finite")
  func tinyTolerances() throws {
    var failures: [String] = []
    let (t0, t1) = (Self.t0, Self.t1)
    for tiny in Self.tiny {
      for (value, velocity) in [(tiny, Double.infinity), (1e-3, tiny), (tiny, tiny)] {
        let band = try SettleTolerance(value: value, velocity: velocity)
        let named = "band (\(value), \(velocity))"
        let motions: [(String, () throws -> [Double])] = [
          ("spring", { [try SpringMotion(spring: .bouncy, from: 0, to: 1, initialVelocity: 5).endTime(within: band)] }),
          ("critical spring", { [try SpringMotion(spring: .smooth, from: 0, to: 1, initialVelocity: 5).endTime(within: band)] }),
          ("overdamped spring", { [try SpringMotion(spring: Spring(response: 0.5, dampingRatio: 1.5), from: 0, to: 1).endTime(within: band)] }),
          ("deceleration", { [try ScrollDeceleration(velocity: 800).endTime(within: band)] }),
          ("value animation", { [Self.ticks(try ValueAnimation(value: 0.0, velocity: 5, target: 1, spring: .bouncy).endTick(within: band))] }),
          (
            "point animation",
            {
              [Self.ticks(try ValueAnimation(value: CGPoint(x: 0, y: 0), target: CGPoint(x: 100, y: -3), spring: .smooth).endTick(within: band))]
            }
          ),
          (
            "snap",
            {
              let decision = try Snapping.target(layout: try SnapLayout.uniform(count: 10, itemExtent: 100, viewport: 320), offset: 50, velocity: 300)
              return [Self.ticks(try decision.motion().endTick(within: band))]
            }
          ),
          (
            "springy row",
            {
              var scroll = try SpringyScroll(offset: 0, touch: 10, at: t0)
              try scroll.update(offset: 100, at: t1)
              return [Self.ticks(scroll.motion(ofRowAt: 400).endTick(within: band))]
            }
          ),
          (
            "animator",
            {
              var animator = try ValueAnimator(value: 0.0, tolerance: band)
              try animator.spring(to: 1, at: t0)
              return [Self.ticks(animator.endTick)]
            }
          ),
        ]
        for (name, body) in motions { if let failure = Self.broken("\(name), \(named)", body) { failures.append(failure) } }
      }
      let batch = try SpringBatch(itemCount: 2, channelCount: 1, from: [0, 1], to: [1, 0], velocity: [5, 0], springs: .shared(.bouncy))
      if let failure = Self.broken("batch, value band \(tiny)", { [Self.ticks(try batch.endTick(valueTolerances: [tiny]))] }) {
        failures.append(failure)
      }
    }
    expectNothingBroken(failures)
  }

  @Test("springs, scrolling, snapping and layouts: a typed error or finite numbers")
  func scalarsAndLayouts() {
    var failures: [String] = []
    func check(_ name: String, _ body: () throws -> [Double]) { if let failure = Self.broken(name, body) { failures.append(failure) } }
    let (t1, t9) = (Self.t1, Self.t9)
    for v in Self.values {
      check("Spring(response: \(v))") {
        let s = try Spring(response: v, dampingRatio: 0.5); return [s.stiffness, s.damping, s.settlingDuration]
      }
      check("Spring(dampingRatio: \(v))") {
        let s = try Spring(response: 0.5, dampingRatio: v)
        return [s.stiffness, s.damping, s.dampingRatio == 0 ? 0 : s.settlingDuration, s.overshoot]  // undamped: ∞, documented
      }
      check("Spring(duration: \(v))") {
        let s = try Spring(duration: v, bounce: 0.2); return [s.stiffness, s.bounce]
      }
      check("Spring(bounce: \(v))") {
        let s = try Spring(duration: 0.5, bounce: v); return [s.stiffness, s.bounce]
      }
      check("Spring(origamiTension: \(v))") {
        let s = try Spring(origamiTension: v, friction: 10); return [s.stiffness, s.origamiTension]
      }
      check("Spring(bounciness: \(v))") {
        let s = try Spring(bounciness: v, speed: 12); return [s.stiffness, s.popSpeed, s.popBounciness ?? 0]
      }
      check("state(atTime: \(v))") {
        let s = try SpringMotion(spring: .bouncy, from: 0, to: 1)._checkedState(atSeconds: v); return [s.value, s.velocity]
      }
      check("endTime(value band \(v))") {
        [try SpringMotion(spring: .bouncy, from: 0, to: 1, initialVelocity: 5).endTime(within: try SettleTolerance(value: v))]
      }
      check("ScrollDeceleration(decelerationRate: \(v))") {
        let d = try ScrollDeceleration(decelerationRate: v, velocity: 100); return [d.restOffset, try d._checkedState(atSeconds: 1).value]
      }
      check("ScrollDeceleration(velocity: \(v))") {
        let d = try ScrollDeceleration(velocity: v); return [d.restOffset, d.endTime(within: try .init(speed: 1))]
      }
      check("rate(fromDragPerSecond: \(v))") { [try ScrollDeceleration.decelerationRate(fromDragPerSecond: v)] }
      check("RubberBand.offset(overscroll: \(v))") { [try RubberBand.offset(overscroll: v, dimension: 300)] }
      check("RubberBand.offset(dimension: \(v))") { [try RubberBand.offset(overscroll: 30, dimension: v)] }
      check("RubberBand.overscroll(coefficient: \(v))") { [try RubberBand.overscroll(offset: 30, dimension: 300, coefficient: v)] }
      check("RubberBand.overscroll(offset: \(v))") { [try RubberBand.overscroll(offset: v, dimension: 300)] }
      check("progress(fromRubberBanded: \(v))") { [try LayoutTransition.progress(fromRubberBanded: v)] }
      let uniform = { () throws(HarmonicError) in try SnapLayout.uniform(count: 10, itemExtent: 100, viewport: 320) }
      check("snap offset \(v)") {
        let d = try Snapping.target(layout: try uniform(), offset: v, velocity: 100); return [d.target, d.restOffset]
      }
      check("snap velocity \(v)") {
        let d = try Snapping.target(layout: try uniform(), offset: 50, velocity: v); return [d.target, d.restOffset]
      }
      check("snap rate \(v)") {
        var options = Snapping.Options()
        options.decelerationRate = v
        return [try Snapping.target(layout: try uniform(), offset: 50, velocity: 100, options: options).target]
      }
      check("SnapLayout.uniform(itemExtent: \(v))") { [try SnapLayout.uniform(count: 10, itemExtent: v, viewport: 320).reachableOffsets.upperBound] }
      check("SnapLayout.pages(pageSize: \(v))") { [try SnapLayout.pages(contentExtent: 1000, viewport: 320, pageSize: v).reachableOffsets.upperBound] }
      check("SnapLayout.points(\(v))") {
        [try Snapping.target(layout: try SnapLayout.points([0, 100, v], contentExtent: 1000, viewport: 320), offset: 30, velocity: 100).target]
      }
      check("CircularSnapLayout(period: \(v))") {
        [try Snapping.target(circular: try CircularSnapLayout(period: v, points: [0, 1]), offset: 3, velocity: 10).target]
      }
      check("circular offset \(v)") {
        [try Snapping.target(circular: try CircularSnapLayout.evenlySpaced(count: 7, period: 700), offset: v, velocity: 10).target]
      }
      check("GridLayout.list(height: \(v))") { [Double(try GridLayout.list(rowHeights: [[v, 44]], width: 320).contentSize.height)] }
      check("GridLayout.list(width: \(v))") { [Double(try GridLayout.list(rowHeights: [[44, 44]], width: v).contentSize.height)] }
      check("GridLayout.carousel(width: \(v))") {
        [
          Double(
            try GridLayout.carousel(count: 5, itemSize: CGSize(width: v, height: 100), spacing: 10, viewport: CGSize(width: 320, height: 200)).contentSize.width
          )
        ]
      }
      check("Viewport(width: \(v))") { [Double(try Viewport(size: CGSize(width: v, height: 100)).size.width)] }
      check("Pinch(completionScale: \(v))") {
        let p = try LayoutAnimator.Pinch(completionScale: v); return [p.progress(scale: 1.5), p.progressVelocity(scale: 1.5, velocity: 1)]
      }
      check("FrameClock(origin: \(v))") { [Double(try FrameClock(origin: v).time(atTimestamp: 1).ticks)] }
      check("AnimationTime(seconds: \(v))") { [Double(try AnimationTime(seconds: v).ticks)] }
      check("CubicBezier(x1: \(v))") { [try CubicBezier(x1: v, y1: 0, x2: 0.5, y2: 1).value(atProgress: 0.3)] }
      check("CubicBezier progress \(v)") { [try CubicBezier.ease.value(atProgress: v), try CubicBezier.ease.slope(atProgress: v) ?? 0] }
      check("piecewiseLinear(values: \(v))") {
        let c = try TimingCurve.piecewiseLinear(values: [0, v, 1]); return [try c.value(atProgress: 0.3), try c.slope(atProgress: 0.3) ?? 0]
      }
      check("ValueDecay(rate: \(v))") {
        let d = try ValueDecay(value: 0.0, velocity: 100, decelerationRate: v); return [d.value(at: t1), d.endValue]
      }
      check("ValueDecay(velocity: \(v))") {
        let d = try ValueDecay(value: 0.0, velocity: v); return [d.value(at: t1), d.endValue]
      }
      check("ValueAnimator.ease(duration: \(v))") {
        var animator = try ValueAnimator(value: 0.0)
        try animator.ease(to: 1, duration: v, at: .zero)
        return [animator.value(at: t1), animator.velocity(at: t1)]
      }
      check("ValueAnimation.retarget(to: \(v))") {
        var animation = try ValueAnimation(value: 0.0, target: 1, spring: .bouncy)
        try animation.retarget(to: v, at: t1)
        return [animation.value(at: t9)]
      }
      check("KeyframeAnimation duration \(v)") {
        let k = try KeyframeAnimation(from: 0.0, keys: [.init(1, duration: v, curve: .spring(.bouncy)), .init(3, duration: 0.1)])
        return [k.value(at: t1), k.velocity(at: t1), k.value(at: t9)]
      }
      check("SpringyScroll offset \(v)") {
        var scroll = try SpringyScroll(offset: 0, touch: 10, at: .zero)
        try scroll.update(offset: v, at: t1)
        return [scroll.lag(at: t1).displacement(ofRowAt: 500)]
      }
      check("ReorderModel drag \(v)") {
        var model = try ReorderModel(slots: [0, 44, 88])
        try model.beginDrag(row: 0, position: 0, at: .zero)
        try model.drag(to: v, velocity: v, at: t1)
        try model.drop(velocity: v, at: t1)
        return [try model.state(ofRow: 1, at: t1).value, try model.state(ofRow: 0, at: t9).value]
      }
    }
    expectNothingBroken(failures)
  }

  @Test("poses, cascades, effects over finite geometry, transitions and the host: a typed error, or finite attributes with alpha in [0, 1]")
  func attributes() throws {
    var failures: [String] = []
    func check(_ name: String, _ body: () throws -> [Double]) { if let failure = Self.broken(name, body) { failures.append(failure) } }
    let base = Self.base
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 40)], width: 320)
    let grid = try GridLayout(sections: [.init(itemCount: 40, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let viewport = try Viewport(size: CGSize(width: 320, height: 480))
    let everything = CGRect(x: 0, y: 0, width: 320, height: 6000)
    for v in Self.values {
      let styles: [AppearanceStyle] = [
        .flyIn(distance: v, rotation: 0), .flyIn(distance: 10, rotation: v), .scale(v), .slide(x: v, y: 0), .flip(about: .y, perspective: v),
        .rotate(angle: v, scale: 1), .rotate(angle: 0, scale: v), .zoom(from: CGPoint(x: v, y: 0), scale: 0.5),
      ]
      for style in styles {
        check("Cascade style \(style)") { Self.numbers(try Cascade(style: style, delay: 0.05).attributes(base, ofElement: 3, at: Self.t1)) }
        check("insert with \(style)") {
          var update = LayoutUpdate()
          update.inserted = [ItemIndexPath(item: 40, section: 0)]
          let longer = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 41)], width: 320)
          let transition = try LayoutTransition(
            from: list, offset: .zero, to: longer, offset: .zero, viewport: viewport, update: update, appearance: style, include3D: true)
          var frame = transition.makeFrame()
          try transition.frame(at: Self.t1, into: &frame)
          return frame.attributes.flatMap(Self.numbers)
        }
      }
      check("Cascade(delay: \(v))") { Self.numbers(try Cascade(style: .fade, delay: v).attributes(base, ofElement: 3, at: Self.t1)) }
      let presets: [ScrollEffect] = [
        .scaleAndFade(minimumScale: v), .scaleAndFade(minimumAlpha: v), .stack(peek: v), .stack(scaleStep: v), .coverFlow(maximumAngle: v),
        .coverFlow(perspective: v), .coverFlow(minimumScale: v), .cube(perspective: v), .pageTurn(perspective: v), .parallax(factor: v),
        .rotaryWheel(radius: v), .rotaryWheel(angle: v), .zoomAndFade(scale: v), .turnAndFade(angle: v), .turnAndFade(fade: v),
      ]
      for (k, effect) in presets.enumerated() {
        check("preset \(k) with \(v)") {
          var attributes = grid.attributes(in: everything)
          try effect.apply(to: &attributes, in: CGRect(x: 0, y: 130, width: 320, height: 480), phase: try ScrollPhase(axis: .vertical, scale: .pitch(110)))
          return attributes.flatMap(Self.numbers)
        }
      }
      check("scrub(progress: \(v))") {
        let transition = try LayoutTransition(from: list, offset: .zero, to: grid, offset: .zero, viewport: viewport)
        var frame = transition.makeFrame()
        try transition.scrub(progress: v, rubberBand: true, into: &frame)
        return frame.attributes.flatMap(Self.numbers) + [Double(frame.contentOffset.y)]
      }
      check("finish(fromProgress: \(v))") {
        let transition = try LayoutTransition(from: list, offset: .zero, to: grid, offset: .zero, viewport: viewport)
        let finished = try transition.finish(fromProgress: v, velocity: 1, at: .zero)
        var frame = finished.makeFrame()
        try finished.frame(at: Self.t1, into: &frame)
        return frame.attributes.flatMap(Self.numbers) + [Double(frame.contentOffset.y)]
      }
      check("retarget(offset: \(v))") {
        var transition = try LayoutTransition(from: list, offset: .zero, to: grid, offset: .zero, viewport: viewport)
        try transition.retarget(to: list, offset: CGPoint(x: 0, y: v), viewport: viewport, at: Self.t1)
        var frame = transition.makeFrame()
        try transition.frame(at: Self.t1, into: &frame)
        return frame.attributes.flatMap(Self.numbers)
      }
      check("host fling \(v)") {
        var host = try LayoutAnimator(layout: list, viewport: viewport, contentOffset: .zero)
        host.snapping = { (_: any CollectionLayout, viewport: Viewport) throws(HarmonicError) -> SnapLayout in
          try SnapLayout.uniform(count: 40, itemExtent: 44, viewport: viewport.size.height)
        }
        host.scrollViewWillBeginDragging()
        let target = try host.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: v))
        try host.advance(to: Self.t1)
        return [Double(target.y), Double(host.contentOffset.y)] + host.layoutAttributesForElements(in: everything).flatMap(Self.numbers)
      }
      check("host interactive finish \(v)") {
        var host = try LayoutAnimator(layout: list, viewport: viewport, contentOffset: .zero)
        try host.startInteractiveTransition(to: grid, contentOffset: .zero)
        try host.finishInteractiveTransition(velocity: v)
        try host.advance(to: Self.t1)
        return [Double(host.contentOffset.y), host.transitionProgress] + host.layoutAttributesForElements(in: everything).flatMap(Self.numbers)
      }
    }
    expectNothingBroken(failures)
  }
}
