import Foundation
import Harmonic
import Testing

@Suite("Scroll deceleration and rubber band")
struct ScrollPhysicsTests {
  @Test("Flutter's friction simulation: drag 0.135/s from 100 at 100/s rests at 149.938…")
  func flutterFriction() throws {
    let rate = try ScrollDeceleration.decelerationRate(fromDragPerSecond: 0.135)
    #expect((rate - 0.998).magnitude < 2e-6)  // 0.135 per second ≡ 0.998 per millisecond
    let decay = try ScrollDeceleration(decelerationRate: rate, from: 100, velocity: 100)
    // Flutter: x(∞) = x₀ − v₀/ln(drag).
    #expect((decay.restOffset - (100 - 100 / log(0.135))).magnitude < 1e-12)
    #expect(String(decay.restOffset).hasPrefix("149.938"))
    // Flutter's x(t) = x₀ + v₀·(drag^t − 1)/ln(drag), v(t) = v₀·drag^t.
    for t in [0.0, 0.1, 0.5, 1, 3] {
      let state = try decay._checkedState(atSeconds: t)
      #expect((state.value - (100 + 100 * (pow(0.135, t) - 1) / log(0.135))).magnitude < 1e-11)
      #expect((state.velocity - 100 * pow(0.135, t)).magnitude < 1e-11)
    }
  }

  @Test("exact rest point x₀ − v/(1000·ln d), and the common approximation (v/1000)·d/(1−d)")
  func restPoint() throws {
    for rate in [ScrollDeceleration.normal, ScrollDeceleration.fast, 0.5, 0.999999] {
      for velocity in [-4000.0, -1, 0, 2.5, 3000] {
        let decay = try ScrollDeceleration(decelerationRate: rate, from: 37, velocity: velocity)
        #expect((decay.restOffset - (37 - velocity / (1000 * log(rate)))).magnitude <= 1e-9 * (1 + velocity.magnitude / (1000 * -log(rate))))
        #expect((decay.approximateRestOffset - (37 + velocity / 1000 * rate / (1 - rate))).magnitude < 1e-9 * (1 + velocity.magnitude))
        // Far in the future (60 time constants) the position is the rest point.
        let late = try decay._checkedState(atSeconds: 60 / -decay.decayConstant)
        #expect((late.value - decay.restOffset).magnitude < 1e-9 * (1 + decay.restOffset.magnitude))
      }
    }
    // Normal rate, 1000 pt/s: exact travel 499.50 pt, approximation 499.00 pt.
    let decay = try ScrollDeceleration(velocity: 1000)
    #expect((decay.restOffset - 499.4998332).magnitude < 1e-6)
    #expect((decay.approximateRestOffset - 499).magnitude < 1e-9)
  }

  @Test("time until the speed falls below a threshold")
  func timeUntilSpeed() throws {
    let decay = try ScrollDeceleration(decelerationRate: 0.998, velocity: -2000)
    let t = try decay.endTime(within: SettleTolerance(speed: 20))
    #expect((try decay._checkedState(atSeconds: t).velocity + 20).magnitude < 1e-9)
    #expect(try decay.endTime(within: SettleTolerance(speed: 5000)) == 0)
    #expect(try ScrollDeceleration(velocity: 0).endTime(within: SettleTolerance(speed: 1)) == 0)
  }

  @Test("end times for tolerances in subnormal numbers: the band's edge, not +∞ (an input sweep)")
  func subnormalTolerances() throws {
    // ln((|v₀|/|λ|)/ε)/|λ| and ln(|v₀|/ε)/|λ| at 60 digits (mpmath), v₀ = 800
    // pt/s, λ = 1000·ln(0.998) as the double the type computes. The quotient
    // of a tolerance of 5e-324 by the travel underflowed to 0 (+∞ seconds);
    // of 1e-320 to a subnormal with a few bits (1.7e-5 relative off).
    let decay = try ScrollDeceleration(decelerationRate: 0.998, velocity: 800)
    #expect(decay.decayConstant == -2.0020026706730794)
    let cases: [(value: Double, velocity: Double, seconds: Double)] = [
      (5e-324, .infinity, 374.839927352273459843580237016062283027480071),
      (1, 5e-324, 375.186654169906176357117718197910876523241952),
      (1e-320, .infinity, 371.037319522660575590593488358164034342861805),
    ]
    for (value, velocity, seconds) in cases {
      let t = decay.endTime(within: try SettleTolerance(value: value, velocity: velocity))
      #expect((t - seconds).magnitude <= 1e-14 * seconds, "tolerance (\(value), \(velocity)): \(t) s, expected \(seconds)")
    }
  }

  @Test("rubber band: c = 0.55, d = 960 gives 100 → 52.02 and 400 → 178.98, odd in x")
  func rubberBand() throws {
    #expect((try RubberBand.offset(overscroll: 100, dimension: 960) - 52.02).magnitude < 0.005)
    #expect((try RubberBand.offset(overscroll: 400, dimension: 960) - 178.98).magnitude < 0.005)
    #expect(try RubberBand.offset(overscroll: -400, dimension: 960) == -(try RubberBand.offset(overscroll: 400, dimension: 960)))
    #expect(try RubberBand.offset(overscroll: 0, dimension: 960) == 0)
    // Slope c at 0, and never beyond d.
    #expect((try RubberBand.offset(overscroll: 1e-6, dimension: 960) / 1e-6 - 0.55).magnitude < 1e-6)
    #expect(try RubberBand.offset(overscroll: 1e90, dimension: 960) <= 960)
  }

  @Test("the return spring hands over position and velocity")
  func returnSpring() throws {
    let motion = try RubberBand.returnMotion(from: -40, velocity: -300, toEdge: 0)
    let start = motion.state(at: .zero)
    #expect(start.value == -40 && start.velocity == -300)
    #expect((try motion._checkedState(atSeconds: 5).value).magnitude < 1e-6)
  }

  @Test("bad input names the parameter")
  func badInput() {
    for rate in [0.0, 1, -0.5, 1.5, .nan] {
      #expect(throws: HarmonicError.self) { try ScrollDeceleration(decelerationRate: rate, velocity: 1) }
    }
    #expect(throws: HarmonicError.self) { try ScrollDeceleration(velocity: .nan) }
    #expect(throws: HarmonicError.self) { try ScrollDeceleration(velocity: 1).endTime(within: SettleTolerance(speed: 0)) }
    #expect(throws: HarmonicError.self) { try RubberBand.offset(overscroll: 1, dimension: 0) }
    #expect(throws: HarmonicError.self) { try RubberBand.offset(overscroll: .infinity, dimension: 10) }
    #expect(throws: HarmonicError.self) { try RubberBand.offset(overscroll: 1, dimension: 10, coefficient: -1) }
  }
}

@Suite("Snapping")
struct SnappingTests {
  // A carousel: 10 items of 300 pt with 20 pt spacing (pitch 320) in a 400 pt viewport.
  func carousel(insets: (Double, Double) = (0, 0), count: Int = 10) throws -> SnapLayout {
    try SnapLayout.uniform(count: count, itemExtent: 300, spacing: 20, viewport: 400, leadingInset: insets.0, trailingInset: insets.1)
  }

  func snap(_ layout: SnapLayout, _ offset: Double, _ velocity: Double, _ options: Snapping.Options = .init()) throws -> Snapping.Decision {
    try Snapping.target(layout: layout, offset: offset, velocity: velocity, options: options)
  }

  @Test("at rest, center alignment: the item whose center is nearest the viewport center")
  func atRest() throws {
    let layout = try carousel()
    // Centers at 150 + 320k; the viewport center is offset + 200.
    #expect(try snap(layout, 200, 0).target == 270)  // center 400: item 1 (470) beats item 0 (150)
    #expect(try snap(layout, 200, 0).index == 1)
    #expect(try snap(layout, 100, 0).target == 0)  // center 300: item 0 (150 away) beats item 1 (170); −50 clamps to 0
    #expect(try snap(layout, 100, 0).index == 0)
  }

  @Test("a short quick flick moves one item; it never snaps back against the flick")
  func shortFlick() throws {
    let layout = try carousel()
    // At item 1 (offset 270), a 60 pt/s flick would rest 30 pt ahead — nearest is item 1 again, behind.
    let forward = try snap(layout, 270, 60)
    #expect(forward.target == 590 && forward.index == 2)
    let backward = try snap(layout, 270, -60)
    #expect(backward.index == 0)
    #expect(backward.target == 0)  // item 0 aligns at −50, clamped
    // Below the minimum fling velocity it may settle back.
    #expect(try snap(layout, 270, 40).index == 1)
    // A custom threshold.
    #expect(try snap(layout, 270, 40, .init(minimumFlingVelocity: 30)).index == 2)
  }

  @Test("a hard flick goes as far as the deceleration carries, limited by max items per flick")
  func hardFlickAndPaging() throws {
    let layout = try carousel(count: 100)
    let free = try snap(layout, 270, 3000)  // rest ≈ 270 + 1498.5
    #expect(free.index == Int(((free.restOffset + 200 - 150) / 320).rounded()))
    #expect((free.target - free.restOffset).magnitude <= 160)
    let paged = try snap(layout, 270, 3000, .init(maximumItemsPerFlick: 1))
    #expect(paged.index == 2 && paged.target == 590)
    let pagedBack = try snap(layout, 270, -3000, .init(maximumItemsPerFlick: 1))
    #expect(pagedBack.index == 0)
    // n = 2 and a stop item at 3 (scroll-snap-stop: always).
    #expect(try snap(layout, 270, 30_000, .init(maximumItemsPerFlick: 2)).index == 3)
    #expect(try snap(layout, 270, 30_000, .init(stopItems: [5, 40])).index == 5)
    #expect(try snap(layout, 270 + 320 * 50, -30_000, .init(stopItems: [5, 40])).index == 40)
  }

  @Test("the ends are reachable as far as possible and never overshot")
  func edges() throws {
    let layout = try carousel()
    let range = layout.reachableOffsets  // content 3180, viewport 400: [0, 2780]
    #expect(range == 0...2780)
    let last = try snap(layout, 2700, 5000)
    #expect(last.index == 9 && last.target == 2780)
    let first = try snap(layout, 10, -5000)
    #expect(first.index == 0 && first.target == 0)
    // Content shorter than the viewport: the only reachable offset is −leadingInset.
    let tiny = try SnapLayout.uniform(count: 1, itemExtent: 100, viewport: 400, leadingInset: 8)
    #expect(try snap(tiny, 0, 1000).target == -8)
  }

  @Test("insets shrink the snap area and extend the reachable range")
  func insets() throws {
    let layout = try carousel(insets: (50, 50))
    // Snap area 300 pt starting 50 pt into the viewport; item k aligns at 320k − 50.
    #expect(layout.reachableOffsets == -50...2830)
    #expect(try snap(layout, 0, 0).target == -50)
    #expect(try snap(layout, 250, 0).target == 270)
    #expect(try snap(layout, 2700, 0).target == 2830)  // item 9 at 2830: reachable with the trailing inset
    #expect(try snap(layout, 250, 0, .init(alignment: .leading)).target == 270)
    #expect(try snap(layout, 250, 0, .init(alignment: .trailing)).target == 270)
  }

  @Test("leading and trailing alignment")
  func alignment() throws {
    let layout = try SnapLayout.uniform(count: 10, itemExtent: 100, spacing: 0, viewport: 250)
    #expect(try snap(layout, 130, 0, .init(alignment: .leading)).target == 100)
    #expect(try snap(layout, 130, 0, .init(alignment: .trailing)).target == 150)  // item 3 ends at 400 = 150 + 250
    #expect(try snap(layout, 130, 0, .init(alignment: .center)).target == 125)  // item 2 center 250
  }

  @Test("right to left: offsets mirrored, items counted from the right")
  func rightToLeft() throws {
    let layout = try carousel()
    // Physical offset 100 in RTL is flow offset 3180 − 100 − 400 = 2680.
    let rest = try snap(layout, 100, 0, .init(isRightToLeft: true))
    // The flow viewport center 2880 is nearest item 9's center 3030 (item 8's is
    // 2710); item 9 aligns at flow 2830, clamped to the reachable 2780, which is
    // physical 3180 − 2780 − 400 = 0.
    #expect(rest.index == 9)
    #expect(rest.target == 0)
    // Symmetry: an RTL query equals the mirrored LTR query.
    for (offset, velocity) in [(100.0, 0.0), (100, 300), (1500, -2000), (2700, 60), (0, -60)] {
      let rtl = try snap(layout, offset, velocity, .init(isRightToLeft: true))
      let ltr = try snap(layout, 3180 - offset - 400, -velocity)
      #expect(rtl.index == ltr.index)
      #expect((rtl.target - (3180 - ltr.target - 400)).magnitude < 1e-9)
    }
    // Content shorter than the viewport (found by the fuzzer): the only
    // reachable physical offset is −(the trailing inset, on the left), not
    // contentExtent − viewport.
    let short = try SnapLayout.uniform(count: 2, itemExtent: 30, spacing: 5, viewport: 200, leadingInset: 8, trailingInset: 3)
    for velocity in [0.0, 500, -500] {
      #expect(try snap(short, -3, velocity, .init(isRightToLeft: true)).target == -3)
      #expect(try snap(short, -8, velocity).target == -8)
    }
    #expect(short.reachableOffsets(isRightToLeft: true) == -3 ... -3)
    // Asymmetric insets, long content: the physical range is [−trailing, content + leading − viewport].
    let long = try SnapLayout.uniform(count: 20, itemExtent: 30, spacing: 5, viewport: 200, leadingInset: 8, trailingInset: 3)
    #expect(long.reachableOffsets(isRightToLeft: true) == -3...(695 + 8 - 200))
    #expect(try snap(long, 100, -5000, .init(isRightToLeft: true)).target == -3)  // hard flicks reach both ends
    #expect(try snap(long, 100, 5000, .init(isRightToLeft: true)).target == 503)
  }

  @Test("ties go to the direction of the velocity, else the lower index")
  func ties() throws {
    // Items of 100 pt with no spacing, viewport 100, leading alignment: offset 150 is between items 1 and 2.
    let layout = try SnapLayout.uniform(count: 5, itemExtent: 100, viewport: 100)
    let options = Snapping.Options(alignment: .leading, minimumFlingVelocity: 1e9)
    #expect(try snap(layout, 150, 0, options).index == 1)
    // A velocity whose rest point is exactly halfway between two candidates.
    let v = -50 * 1000 * log(ScrollDeceleration.normal)  // travels 50 pt
    #expect(try snap(layout, 100, v, options).index == 2)
    #expect(try snap(layout, 200, -v, options).index == 1)
  }

  @Test("items larger than the snap area can be scrolled inside freely")
  func oversizeItems() throws {
    // Item 1 is 1000 pt long in a 400 pt viewport.
    let layout = try SnapLayout(starts: [0, 300, 1300], ends: [300, 1300, 1600], viewport: 400)
    let inside = try snap(layout, 600, 0, .init(alignment: .leading))
    #expect(inside.index == 1 && inside.target == 600)
    // Past the end of the long item, the next candidates take over.
    let near = try snap(layout, 1250, 0, .init(alignment: .leading))
    #expect(near.index == 2 && near.target == 1200)  // reachable max is 1600 − 400 = 1200
  }

  @Test("zero and tiny velocities")
  func tinyVelocity() throws {
    let layout = try carousel()
    #expect(try snap(layout, 300, 0).index == 1)
    #expect(try snap(layout, 300, 1e-300).index == 1)
    #expect(try snap(layout, 300, -1e-300).index == 1)
  }

  @Test("paging by viewport without items")
  func pages() throws {
    let layout = try SnapLayout.pages(contentExtent: 2000, viewport: 500)
    let options = Snapping.Options(alignment: .leading, maximumItemsPerFlick: 1)
    // From 520 a forward flick rests near 570: page 1 (500) is behind, so page 2.
    #expect(try snap(layout, 520, 100, options).target == 1000)
    #expect(try snap(layout, 520, -100, options).target == 500)
    #expect(try snap(layout, 480, 100, options).target == 500)
    #expect(try snap(layout, 1400, 0, options).target == 1500)
  }

  @Test("with v = 0 and center alignment it is the plain nearest-center snap, clamped at both ends (seeded)")
  func matchesSeedAlgorithm() throws {
    var random = SeededGenerator(seed: 77)
    for _ in 0..<300 {
      let count = Int.random(in: 1...40, using: &random)
      var starts: [Double] = [], ends: [Double] = []
      var position = 0.0
      for _ in 0..<count {
        position += Double(Int.random(in: 0...30, using: &random))
        let extent = Double(Int.random(in: 10...200, using: &random))
        starts.append(position)
        ends.append(position + extent)
        position += extent
      }
      let viewport = Double(Int.random(in: 210...600, using: &random))
      let layout = try SnapLayout(starts: starts, ends: ends, viewport: viewport)
      let proposed = Double.random(in: -100...(position + 100), using: &random)
      // The plain algorithm: the item whose center is nearest the viewport center (first on ties), clamped at 0.
      var lesser = Double.greatestFiniteMagnitude
      for k in 0..<count {
        let distance = (starts[k] + ends[k]) / 2 - (viewport / 2 + proposed)
        if distance.magnitude < lesser.magnitude { lesser = distance }
      }
      let seed = min(max(proposed + lesser, 0), max(0, position - viewport))
      #expect((try snap(layout, proposed, 0).target - seed).magnitude < 1e-9, "proposed \(proposed)")
    }
  }

  @Test("10M uniform items answer without scanning (O(log n))")
  func large() throws {
    let layout = try SnapLayout.uniform(count: 10_000_000, itemExtent: 44, spacing: 1, viewport: 800)
    let result = try snap(layout, 45 * 5_000_000 + 3, 2000)
    #expect(result.index > 5_000_000 && result.index < 5_000_040)
  }

  @Test("the animation: a spring with the release velocity, or the deceleration when it already ends there")
  func animation() throws {
    let layout = try carousel()
    let result = try snap(layout, 270, 60)
    guard case let .spring(motion) = try result.motion() else { Issue.record("expected a spring"); return }
    #expect(motion.initialValue == 270 && motion.initialVelocity == 60 && motion.target == 590)
    // A flick whose natural rest point is (almost) on an item: the deceleration is kept.
    let v = -(590.0 - 270.2) * 1000 * log(ScrollDeceleration.normal)
    let natural = try snap(layout, 270, v)
    guard case let .deceleration(decay) = try natural.motion() else { Issue.record("expected the deceleration"); return }
    #expect((decay.restOffset - 590).magnitude < 1e-9)
  }

  @Test("bad input: unsorted, overlapping, empty, non-finite, rates outside (0, 1)")
  func badInput() throws {
    #expect(throws: HarmonicError.self) { try SnapLayout(starts: [], ends: [], viewport: 100) }
    #expect(throws: HarmonicError.self) { try SnapLayout(starts: [0, 50], ends: [60, 80], viewport: 100) }  // overlap
    #expect(throws: HarmonicError.self) { try SnapLayout(starts: [10, 0], ends: [20, 5], viewport: 100) }  // unsorted
    #expect(throws: HarmonicError.self) { try SnapLayout(starts: [0], ends: [.nan], viewport: 100) }
    #expect(throws: HarmonicError.self) { try SnapLayout.uniform(count: 0, itemExtent: 10, viewport: 100) }
    #expect(throws: HarmonicError.self) { try SnapLayout.uniform(count: 3, itemExtent: 10, viewport: 100, leadingInset: 60, trailingInset: 40) }
    let layout = try carousel()
    #expect(throws: HarmonicError.self) { try snap(layout, .nan, 0) }
    #expect(throws: HarmonicError.self) { try snap(layout, 0, .infinity) }
    #expect(throws: HarmonicError.self) { try snap(layout, 0, 10, .init(decelerationRate: 1)) }
    #expect(throws: HarmonicError.self) { try snap(layout, 0, 10, .init(maximumItemsPerFlick: -1)) }
    #expect(throws: HarmonicError.self) { try snap(layout, 0, 10, .init(stopItems: [3, 2])) }
  }
}
