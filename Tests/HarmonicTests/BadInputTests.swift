import Foundation
import Harmonic
import HarmonicTuning
import Testing

@Suite("Bad input is refused with a typed error")
struct BadInputTests {
  /// The parameter named by the error `body` throws; nil if it does not throw.
  func parameterName(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      guard let error = error as? HarmonicError else { return "not a HarmonicError: \(error)" }
      if case let .invalidParameter(name, _, accepted) = error {
        #expect(!accepted.isEmpty)
        #expect(error.description.contains(name))
        return name
      }
      return "\(error)"
    }
  }

  static let nonFinite: [Double] = [.nan, .infinity, -.infinity, .signalingNaN]

  @Test("mass, stiffness and damping out of range name themselves")
  func canonical() {
    for bad in BadInputTests.nonFinite + [0, -1, 1e-51, 1e51, -.ulpOfOne] {
      #expect(parameterName { _ = try Spring(mass: bad, stiffness: 1, damping: 1) } == "mass")
      #expect(parameterName { _ = try Spring(mass: 1, stiffness: bad, damping: 1) } == "stiffness")
    }
    for bad in BadInputTests.nonFinite + [-1, 1e-51, 1e51, -.leastNonzeroMagnitude] {
      #expect(parameterName { _ = try Spring(mass: 1, stiffness: 1, damping: bad) } == "damping")
    }
    // Zero damping (undamped) and negative zero are accepted.
    #expect(parameterName { _ = try Spring(mass: 1, stiffness: 1, damping: 0) } == nil)
    #expect(parameterName { _ = try Spring(mass: 1, stiffness: 1, damping: -0.0) } == nil)
  }

  @Test("every other parameterization names its own parameter")
  func families() {
    for bad in BadInputTests.nonFinite + [0, -1] {
      #expect(parameterName { _ = try Spring(response: bad, dampingRatio: 1) } == "response")
      #expect(parameterName { _ = try Spring(duration: bad, bounce: 0) } == "duration")
    }
    for bad in BadInputTests.nonFinite + [-0.1] {
      #expect(parameterName { _ = try Spring(response: 1, dampingRatio: bad) } == "dampingRatio")
    }
    for bad in BadInputTests.nonFinite + [-1, -1.5, 1.0000001] {
      #expect(parameterName { _ = try Spring(duration: 1, bounce: bad) } == "bounce")
    }
    for bad in BadInputTests.nonFinite + [-30] {
      #expect(parameterName { _ = try Spring(origamiTension: bad, friction: 7) } == "tension")
    }
    for bad in BadInputTests.nonFinite + [-5] {
      #expect(parameterName { _ = try Spring(origamiTension: 40, friction: bad) } == "friction")
    }
    for bad in BadInputTests.nonFinite {
      #expect(parameterName { _ = try Spring(bounciness: bad, speed: 12) } == "bounciness")
      #expect(parameterName { _ = try Spring(bounciness: 4, speed: bad) } == "speed")
    }
    #expect(parameterName { _ = try Spring(bounciness: 4, speed: -10) } == "speed")
    // A response so short that the stiffness leaves its range names the response.
    #expect(parameterName { _ = try Spring(response: 1e-30, dampingRatio: 1) } == "response")
  }

  @Test("inputs the fuzzer found: each is now a typed error or a finite result")
  func fuzzerFinds() throws {
    // Keyframes of a spring that settles after ~1e49 s: was an Int conversion trap / endless loop.
    let slow = try Spring(mass: 1, stiffness: 1, damping: 1e-50)
    #expect(parameterName { _ = try SpringExport.keyframes(slow, framesPerSecond: 60) } == "spring")
    let long = try Spring(mass: 1, stiffness: 1, damping: 0.01)  // settles in ~1,380 s: 82,800 frames at 60 fps
    #expect(try SpringExport.keyframes(long, framesPerSecond: 60).values.count > 80_000)
    // Pages of 1e-300 points: was an Int conversion trap.
    #expect(parameterName { _ = try SnapLayout.pages(contentExtent: 1000, viewport: 300, pageSize: 1e-300) } == "pageSize")
    #expect(try SnapLayout.pages(contentExtent: 1000, viewport: 300, pageSize: 1e-12).count == 1_000_000_000_000_000)
    // Content so small that content/pageSize underflows to 0: still one page (fuzzer find).
    let tiny = try SnapLayout.pages(contentExtent: 5e-324, viewport: 300, pageSize: 1e12)
    #expect(tiny.count == 1)
    #expect(try Snapping.target(layout: tiny, offset: 0, velocity: 1000).index == 0)
    // A drag so close to 1 that the rate per millisecond rounds to 1 (no deceleration).
    #expect(parameterName { _ = try ScrollDeceleration.decelerationRate(fromDragPerSecond: 1 - 1e-14) } == "drag")
    #expect(try ScrollDeceleration.decelerationRate(fromDragPerSecond: 1 - 1e-12) < 1)
    // A rate of 5e-70 per millisecond: its decay constant was −∞ (log1p(rate − 1) = log1p(−1)).
    let abrupt = try ScrollDeceleration(decelerationRate: 5.4e-70, from: 10, velocity: 1000)
    #expect(abrupt.decayConstant.isFinite && abrupt.restOffset.isFinite)
    // A rubber band of 1e100 pt over a 1e-300 pt dimension: u = x·c/d was ∞ and the offset NaN.
    #expect(try RubberBand.offset(overscroll: -1e100, dimension: 1e-300) == -1e-300)
    // A NaN current offset gave a NaN placement.
    let grid = try GridLayout(sections: [.init(itemCount: 3, itemSize: CGSize(width: 10, height: 10))], viewportCrossExtent: 100)
    let port = try Viewport(size: CGSize(width: 100, height: 50))
    #expect(
      parameterName { _ = try grid.placement(of: [ItemIndexPath(item: 0, section: 0)], .visible, viewport: port, current: CGPoint(x: Double.nan, y: 0)) }
        == "current")
    // A plot point at ±1e308 made the axis span infinite and the tick loop endless.
    let far = SpringPlot.Series(label: "far", spring: .smooth, points: [SpringFit.Sample(time: 0.1, value: -1.7e308)])
    #expect(parameterName { _ = try SpringPlot.svg([far]) } == "series[0].points[0].value")
    let huge = SpringPlot.Series(
      label: "huge", spring: .smooth, points: [SpringFit.Sample(time: 0.1, value: 1e100), SpringFit.Sample(time: 1e12, value: -1e100)])
    #expect(try SpringPlot.svg([huge]).contains("<polyline"))
    // A settle band of ±1.7e308 was drawn at y = −∞.
    #expect(parameterName { _ = try SpringPlot.svg([huge], tolerance: 1.7e308) } == "tolerance")
    #expect((abrupt.decayConstant - 1000 * Foundation.log(5.4e-70)).magnitude <= 1e-12 * abrupt.decayConstant.magnitude)
  }

  @Test("motions, times and tolerances name what was wrong")
  func motionInputs() throws {
    for bad in BadInputTests.nonFinite + [1.1e100, -1e101] {
      #expect(parameterName { _ = try SpringMotion(spring: .smooth, from: bad, to: 0) } == "from")
      #expect(parameterName { _ = try SpringMotion(spring: .smooth, from: 0, to: bad) } == "to")
      #expect(parameterName { _ = try SpringMotion(spring: .smooth, from: 0, to: 1, initialVelocity: bad) } == "initialVelocity")
    }
    let motion = try SpringMotion(spring: .smooth, from: 0, to: 1)
    for bad in BadInputTests.nonFinite + [-1e-300, -1, 1.1e12] {
      #expect(parameterName { _ = try motion._checkedState(atSeconds: bad) } == "time")
    }
    for bad in BadInputTests.nonFinite + [0, -1] {
      #expect(parameterName { _ = try SettleTolerance(value: bad) } == "valueTolerance")
    }
    for bad: Double in [.nan, -.infinity, 0, -1] {
      #expect(parameterName { _ = try SettleTolerance(value: 1, velocity: bad) } == "velocityTolerance")
    }
    #expect(parameterName { _ = try AnimationTime(frame: 1, framesPerSecond: 0) } == "framesPerSecond")
    #expect(parameterName { _ = try AnimationTime(seconds: .nan) } == "seconds")
    #expect(parameterName { _ = try AnimationTime(seconds: 1e11) } == "seconds")
  }

  @Test("a bad retarget is refused and changes nothing")
  func retargetRefused() throws {
    var animation = try ValueAnimation(value: 0.0, target: 1, spring: .snappy, start: AnimationTime(ticks: 100))
    let before = animation
    #expect(parameterName { try animation.retarget(to: .nan, at: AnimationTime(ticks: 200)) } == "target component 0")
    #expect(animation.state(at: AnimationTime(ticks: 300)) == before.state(at: AnimationTime(ticks: 300)) && animation.target == 1)
  }

  @Test("UIKit relative velocity converts both ways and is undefined for zero distance")
  func relativeVelocity() throws {
    #expect(try SpringMotion.absoluteVelocity(relative: 2, from: 100, to: 300) == 400)
    #expect(try SpringMotion.relativeVelocity(absolute: 400, from: 100, to: 300) == 2)
    #expect(try SpringMotion.relativeVelocity(absolute: -50, from: 10, to: 0) == 5)
    let motion = try SpringMotion(spring: .bouncy, from: 100, to: 300, initialVelocity: SpringMotion.absoluteVelocity(relative: 0.5, from: 100, to: 300))
    #expect(motion.initialVelocity == 100)
    #expect(throws: HarmonicError.undefined(quantity: "relative velocity", reason: "the distance from `from` to `to` is 0")) {
      try SpringMotion.relativeVelocity(absolute: 1, from: 3, to: 3)
    }
    // A quotient past the doubles is undefined too, not ±∞.
    for (absolute, to) in [(1e12, 1e-300), (-1e12, 1e-300), (1e-9, 5e-324)] {
      #expect {
        try SpringMotion.relativeVelocity(absolute: absolute, from: 0, to: to)
      } throws: { error in
        guard case .undefined(quantity: "relative velocity", let reason) = error as? HarmonicError else { return false }
        return reason.contains("overflows")
      }
    }
    #expect(try SpringMotion.relativeVelocity(absolute: 1e-300, from: 0, to: 1e-300) == 1)
  }
}

@Suite("Bad input to batches")
struct BatchBadInputTests {
  func name(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as HarmonicError {
      if case let .invalidParameter(name, _, _) = error { return name }
      return "\(error)"
    } catch {
      return "not a HarmonicError: \(error)"
    }
  }

  let ones = [Double](repeating: 1, count: 6)

  @Test("sizes, empty batches, non-finite entries and group indices are named")
  func construction() {
    #expect(name { _ = try SpringBatch(itemCount: 0, channelCount: 1, from: [], to: [], springs: .shared(.smooth)) } == "itemCount")
    #expect(name { _ = try SpringBatch(itemCount: 2, channelCount: 0, from: [], to: [], springs: .shared(.smooth)) } == "channelCount")
    #expect(name { _ = try SpringBatch(itemCount: 2, channelCount: 3, from: [1], to: ones, springs: .shared(.smooth)) } == "from.count")
    #expect(
      name { _ = try SpringBatch(itemCount: 2, channelCount: 3, from: ones, to: ones, velocity: [1], springs: .shared(.smooth)) } == "velocity.count")
    var bad = ones
    bad[5] = .nan
    #expect(name { _ = try SpringBatch(itemCount: 2, channelCount: 3, from: ones, to: bad, springs: .shared(.smooth)) } == "to[item 1, channel 2]")
    bad[5] = .infinity
    #expect(
      name { _ = try SpringBatch(itemCount: 2, channelCount: 3, from: ones, to: ones, velocity: bad, springs: .shared(.smooth)) }
        == "velocity[item 1, channel 2]")
    #expect(
      name { _ = try SpringBatch(itemCount: 2, channelCount: 3, from: ones, to: ones, springs: .groups([.smooth], groupOfItem: [0, 1])) }
        == "groupOfItem[1]")
    #expect(
      name { _ = try SpringBatch(itemCount: 2, channelCount: 3, from: ones, to: ones, springs: .groups([.smooth], groupOfItem: [0])) }
        == "groupOfItem.count")
    #expect(
      name { _ = try SpringBatch(itemCount: 2, channelCount: 3, from: ones, to: ones, springs: .groups([], groupOfItem: [0, 0])) } == "springs.count")
    #expect(name { _ = try SpringBatch(itemCount: 2, channelCount: 3, from: ones, to: ones, springs: .perItem([.smooth])) } == "springs.count")
    #expect(
      name { _ = try SpringBatch(itemCount: 1 << 20, channelCount: 1 << 12, from: [], to: [], springs: .shared(.smooth)) } == "itemCount × channelCount")
  }

  @Test("every entry of a long column is checked, eight at a time and in the tail: the first bad one is named; ±1e100, −0 and subnormals pass")
  func longColumns() {
    let (items, channels) = (5, 7)  // 35 values: four blocks of eight and a tail of three
    let base = (0..<(items * channels)).map { Double($0) - 17.5 }
    let bad: [Double] = [.nan, -.nan, .infinity, -.infinity, 1e100.nextUp, -(1e100.nextUp), .greatestFiniteMagnitude]
    let good: [Double] = [1e100, -1e100, -0.0, .leastNonzeroMagnitude, -.leastNormalMagnitude]
    for position in base.indices {
      let expected = "from[item \(position % items), channel \(position / items)]"
      for value in bad {
        var start = base
        start[position] = value
        start[(position + 11) % start.count] = -.infinity  // a second bad value: the first one is named
        let first = min(position, (position + 11) % start.count)
        #expect(
          name { _ = try SpringBatch(itemCount: items, channelCount: channels, from: start, to: base, springs: .shared(.smooth)) }
            == "from[item \(first % items), channel \(first / items)]", "\(value) at \(position)")
        start[(position + 11) % start.count] = 0
        #expect(
          name { _ = try SpringBatch(itemCount: items, channelCount: channels, from: start, to: base, springs: .shared(.smooth)) }
            == expected, "\(value) at \(position)")
      }
      for value in good {
        var start = base
        start[position] = value
        #expect(
          (try? SpringBatch(itemCount: items, channelCount: channels, from: start, to: base, springs: .shared(.smooth))) != nil,
          "\(value) at \(position)")
      }
    }
  }

  @Test("operations refuse bad buffers, times and targets before writing anything")
  func operations() throws {
    var batch = try SpringBatch(itemCount: 2, channelCount: 3, from: ones, to: [0, 0, 0, 0, 0, 0], springs: .shared(.bouncy))
    let other = try SpringBatch(itemCount: 3, channelCount: 3, from: ones + [1, 1, 1], to: ones + [1, 1, 1], springs: .shared(.bouncy))
    var wrongFrame = other.makeFrame()
    let untouched = wrongFrame.values
    #expect(name { try batch.evaluate(at: .zero, into: &wrongFrame) } == "frame.values.count")
    #expect(wrongFrame.values == untouched)

    var bake = try batch.makeBake(frameCount: 3)
    let ticks = [AnimationTime(ticks: 0), AnimationTime(ticks: 10), AnimationTime(ticks: 5)]
    #expect(name { try batch.bake(ticks: ticks, into: &bake) } == "ticks[2]")
    #expect(bake.values.allSatisfy { $0 == 0 } && bake.ticks.isEmpty)
    #expect(name { try batch.bake(ticks: Array(ticks.prefix(2)), into: &bake) } == "ticks.count")
    #expect(name { _ = try batch.makeBake(frameCount: 0) } == "frameCount")
    #expect(name { _ = try batch.makeStepper(step: .zero) } == "step")

    let before = batch.target(item: 0, channel: 0)
    #expect(name { try batch.retarget(items: [0, 0], to: ones, at: .zero) } == "items[1]")
    #expect(name { try batch.retarget(items: [2], to: [1, 2, 3], at: .zero) } == "items[0]")
    #expect(name { try batch.retarget(items: [1], to: [1, .nan, 3], at: .zero) } == "targets[1]")
    #expect(name { try batch.retarget(items: [1], to: [1, 2], at: .zero) } == "targets.count")
    try batch.retarget(items: [1], to: [1, 2, 3], at: AnimationTime(ticks: 100))
    #expect(name { try batch.retarget(items: [1], to: [1, 2, 3], at: AnimationTime(ticks: 99)) } == "time")
    #expect(batch.target(item: 0, channel: 0) == before)

    var progress = [Double](repeating: 0, count: 3)
    #expect(name { try batch.progress(at: .zero, into: &progress) } == "progress.count")
    #expect(name { _ = try PosePair(from: [1, 2], to: [1]) } == "to.count")
    #expect(name { _ = try PosePair(from: [], to: []) } == "from.count")
    #expect(name { _ = try PosePair(from: [1, .nan], to: [1, 2]) } == "from[1]")
    let pair = try PosePair(from: [1, 2], to: [3, 4])
    var out = [0.0, 0.0]
    #expect(name { try pair.interpolate(progress: .nan, into: &out) } == "progress")
    var short = [0.0]
    #expect(name { try pair.interpolate(progress: 0.5, into: &short) } == "output.count")
  }
}

/// The inputs the bad-input sweep against 7806258 found accepted without a
/// typed error (issue 69, item 6): each is now refused, naming itself.
@Suite("Inputs once accepted unchecked: transforms, phases, effects, curves, poses")
struct UncheckedInputTests {
  static func name(_ body: () throws -> Void) -> String? { refusal(body)?.name }

  @Test("2-D and 3-D transforms: NaN entries, overflowing products and images, NaN angles, a perspective of 0 or less")
  func transforms() throws {
    let nan = AffineTransform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    let huge = AffineTransform2D.scale(1e200, 1e200)
    #expect(Self.name { _ = try AffineTransform2D.identity.concatenating(nan) } == "other.a")
    #expect(Self.name { _ = try nan.concatenating(.identity) } == "self.a")
    #expect(Self.name { _ = try huge.concatenating(huge) } == "other")  // 1e400 overflows
    #expect(Self.name { _ = try AffineTransform2D.identity.applied(to: CGPoint(x: CGFloat.nan, y: 0)) } == "point.x")
    #expect(Self.name { _ = try huge.applied(to: CGPoint(x: 1e200, y: 0)) } == "point")
    #expect(Self.name { _ = try AffineTransform2D.rotation(.nan) } == "angle")
    #expect(Self.name { _ = try AffineTransform2D.rotation(.infinity) } == "angle")
    #expect(Self.name { _ = try DecomposedAffineTransform(nan) } == "t.a")
    #expect(Self.name { _ = try DecomposedAffineTransform(.scale(1e308, 1e308).concatenating(.scale(1, 1))) } == nil)
    #expect(Self.name { _ = try DecomposedAffineTransform(AffineTransform2D(a: 1.5e308, b: 1.5e308, c: 0, d: 1, tx: 0, ty: 0)) } == "t")
    #expect(Self.name { _ = try Transform3D.rotation(.nan, about: .y) } == "angle")
    let big = Transform3D.scale(x: 1e200, y: 1, z: 1)
    #expect(Self.name { _ = try big.concatenating(big) } == "other")
    #expect(Self.name { _ = try Transform3D(AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0)) } == "t.tx")
    #expect(Self.name { _ = try Transform3D.identity.concatenating(Transform3D(m34: .nan)) } == "other.m34")
    for distance in [0, -500, .nan, .infinity] { #expect(Self.name { _ = try Transform3D.perspective(distance: distance) } == "distance") }
    // In range, the same bits as before: the checks add no arithmetic.
    let turn = try AffineTransform2D.rotation(0.3)
    #expect(try turn.concatenating(.scale(2, 3)) == AffineTransform2D(a: turn.a * 2, b: turn.b * 3, c: turn.c * 2, d: turn.d * 3, tx: 0, ty: 0))
  }

  @Test("scalar phase forms, pitches and viewports: every argument checked as the column form checks it")
  func phases() throws {
    let phase = try ScrollPhase(axis: .horizontal, alignment: .center)
    func scalar(center: Double = 500, extent: Double = 100, velocity: Double = 0, offset: Double = 0, viewport: Double = 400) -> String? {
      Self.name {
        _ = try phase.phase(center: center, extent: extent, velocity: velocity, offset: offset, offsetVelocity: 0, viewportExtent: viewport)
      }
    }
    #expect(scalar() == nil)
    #expect(scalar(center: .nan) == "center")
    #expect(scalar(center: 1e300) == "center")  // the huge distance
    #expect(scalar(extent: -1) == "extent")
    #expect(scalar(velocity: .infinity) == "velocity")
    #expect(scalar(viewport: 0) == "viewportExtent")
    #expect(scalar(viewport: 5e-324) == "viewportExtent")  // a subnormal viewport gave ±∞
    #expect(Self.name { _ = try phase.distance(center: .nan, extent: 1, offset: 0, viewportExtent: 1) } == "center")
    #expect(Self.name { _ = try phase.span(distance: .nan, extent: 1, viewportExtent: 1) } == "distance")
    #expect(Self.name { _ = try ScrollPhase(axis: .horizontal, scale: .pitch(5e-324)) } == "pitch")
    var (phases, rates) = ([Double](), [Double]())
    #expect(
      Self.name { try phase.phases(centers: [0], extents: [1], offset: 0, viewportExtent: 1e-7, into: &phases, phaseVelocities: &rates) } == "viewportExtent")
    // At the smallest pitch and 1e12 points away: finite.
    let finest = try ScrollPhase(axis: .horizontal, scale: .pitch(ScrollPhase.minimumExtent))
    let far = try finest.phase(center: 1e12, extent: 0, offset: -1e12, viewportExtent: ScrollPhase.minimumExtent)
    #expect(far.phase.isFinite && far.phase > 1e18)
  }

  @Test("effects: an input holds no NaN distance, phase or rate, and a NaN scroll velocity is refused")
  func effects() throws {
    #expect(Self.name { _ = try ScrollEffect.Input(phase: 0.5, distance: .nan, axis: .horizontal) } == "distance")
    #expect(Self.name { _ = try ScrollEffect.Input(phase: .nan, distance: 0, axis: .horizontal) } == "phase")
    #expect(Self.name { _ = try ScrollEffect.Input(phase: 0, phaseVelocity: .infinity, distance: 0, axis: .horizontal) } == "phaseVelocity")
    var cards = (0..<3).map {
      LayoutAttributes(indexPath: ItemIndexPath(item: $0, section: 0), frame: CGRect(x: Double($0) * 120, y: 0, width: 100, height: 100))
    }
    let before = cards
    let phase = try ScrollPhase(axis: .horizontal)
    let rect = CGRect(x: 0, y: 0, width: 320, height: 480)
    for preset in [ScrollEffect.parallax(), .scaleAndFade(), .coverFlow(), .rotaryWheel(), .zoomAndFade()] {
      #expect(Self.name { try preset.apply(to: &cards, in: rect, phase: phase, offsetVelocity: CGPoint(x: CGFloat.nan, y: 0)) } == "offsetVelocity")
      #expect(Self.name { try preset.apply(to: &cards, in: rect, phase: phase, velocities: [.zero]) } == "velocities.count")
      #expect(cards == before, "nothing written")
    }
    // A body that throws: passed on, the element unchanged.
    let failing = ScrollEffect { attributes, input throws(HarmonicError) in
      attributes.alpha = 0
      attributes.transform = try attributes.transform.concatenating(.rotation(input.phase * .infinity))
    }
    var one = cards[0]
    #expect(Self.name { try failing.apply(to: &one, input: ScrollEffect.Input(phase: 1, distance: 10, axis: .horizontal)) } == "angle")
    #expect(one == cards[0])
  }

  @Test("curves: a NaN time progress is refused by every reading of every curve")
  func curves() throws {
    let curves: [TimingCurve] = [.linear, .cubicBezier(.ease), .cubicBezier(.easeOut), try .piecewiseLinear(values: [0, 0.8, 1])]
    for curve in curves {
      #expect(Self.name { _ = try curve.value(atProgress: .nan) } == "progress")
      #expect(Self.name { _ = try curve.slope(atProgress: .nan) } == "progress")
      #expect(try curve.value(atProgress: -.infinity) == 0 && curve.value(atProgress: .infinity) == 1)
    }
    #expect(Self.name { _ = try CubicBezier.ease.slope(atProgress: .nan) } == "progress")
  }

  @Test("poses: a negative flip perspective, a custom pose NaN beyond a unit card, a NaN final position")
  func poses() throws {
    let grid = try GridLayout(sections: [.init(itemCount: 6, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let more = try GridLayout(sections: [.init(itemCount: 7, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let viewport = try Viewport(size: CGSize(width: 320, height: 480))
    let insert = LayoutAnimator.update([.insert(ItemIndexPath(item: 6, section: 0))])
    for style in [AppearanceStyle.flip(about: .y, perspective: -500), .flip(about: .x, perspective: 0)] {
      #expect(Self.name { _ = try Cascade(style: style, delay: 0.05) } == "flip perspective")
      #expect(
        Self.name { _ = try LayoutTransition(from: grid, offset: .zero, to: more, offset: .zero, viewport: viewport, update: insert, appearance: style) }
          == "flip perspective")
    }
    #expect(Self.name { _ = try Cascade(style: .scale(.nan), delay: 0.05) } == "scale")
    // NaN only for a card wider than 1 pt: the initializer's unit card cannot see it, the attributes can.
    let wide = AppearanceStyle.custom { final in
      var pose = final
      if final.size.width > 1 { pose.center.x = .nan }
      return pose
    }
    let cascade = try Cascade(style: wide, delay: 0.05)
    let card = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    #expect(Self.name { _ = try cascade.attributes(card, ofElement: 0, at: .zero) }?.contains("center") == true)
    var lost = card
    lost.center.y = .nan
    #expect(Self.name { _ = try Cascade(style: .fade, delay: 0.05).attributes(lost, ofElement: 0, at: .zero) }?.contains("center") == true)
  }

  @Test("a cross-fade's shown elements: a NaN frame, an id the old layout lacks and a repeated id are refused")
  func crossFadeShown() throws {
    let grid = try GridLayout(sections: [.init(itemCount: 6, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let viewport = try Viewport(size: CGSize(width: 320, height: 480))
    let shown = grid.attributes(in: viewport.visibleRect(at: .zero), viewport: viewport, at: .zero)
    func fade(_ shown: [LayoutAttributes]) -> String? {
      Self.name { _ = try LayoutTransition.crossFade(from: grid, offset: .zero, shown: shown, to: grid, offset: .zero, viewport: viewport) }
    }
    #expect(fade(shown) == nil)
    var broken = shown
    broken[2].size.width = .nan
    #expect(fade(broken)?.contains("width") == true)  // 7806258 dropped it without a word
    var stranger = shown
    stranger[0].indexPath = ItemIndexPath(item: 40, section: 0)
    #expect(fade(stranger) == "shown[0] (cell [0, 40])")  // 7806258 faded it anyway
    #expect(fade(shown + [shown[1]]) == "shown[\(shown.count)] (cell [0, 1])")
  }

  @Test("a snap from a proposed offset: the other axis is checked too; a release faster than 100 progress/s is refused")
  func otherAxisAndRelease() throws {
    let pages = try SnapLayout.pages(contentExtent: 3_200, viewport: 320)
    for bad: CGFloat in [.nan, -.infinity] {
      #expect(Self.name { _ = try Snapping.target(proposed: CGPoint(x: bad, y: 640), velocity: .zero, axis: .vertical, layout: pages) } == "proposed")
      #expect(
        Self.name { _ = try Snapping.target(proposed: CGPoint(x: 0, y: 640), velocity: CGPoint(x: bad, y: 0), axis: .vertical, layout: pages) } == "velocity")
    }
    let grid = try GridLayout(sections: [.init(itemCount: 60, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 60)], width: 320)
    var engine = try LayoutAnimator(layout: grid, viewport: try Viewport(size: CGSize(width: 320, height: 480)), contentOffset: .zero)
    try engine.startInteractiveTransition(to: list, contentOffset: CGPoint(x: 0, y: 900))
    engine.transitionProgress = 0.4
    // 7806258 took 1e6 progress/s and sent the offset to −2.8e7 pt.
    #expect(Self.name { try engine.cancelInteractiveTransition(velocity: -1e6) } == "velocity")
    try engine.cancelInteractiveTransition(velocity: -100)
    var lowest = Double(engine.contentOffset.y)
    var tick: Int64 = 0
    while engine.isAnimating {
      tick += 5_880_000
      try engine.advance(to: AnimationTime(ticks: tick))
      lowest = min(lowest, Double(engine.contentOffset.y))
    }
    #expect(lowest > -3 * 900, "the fastest cancel accepted swings \(lowest) pt")
  }
}
