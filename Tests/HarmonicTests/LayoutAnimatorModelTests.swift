import Foundation
import Harmonic
import HarmonicFuzzing
import Testing

/// The engine under any events in any order: ``LayoutAnimatorHost`` (in
/// HarmonicFuzzing, which the fuzzer drives too) generates seeded scripts
/// of UIKit's events and checks every promise after every event and frame.
@Suite("Layout animator: any events, in any order")
struct LayoutAnimatorModelTests {
  /// 10,000 scripts in eight parallel parts, each at 60 Hz, 120 Hz or
  /// irregular frames; every twentieth at all three,
  /// compared bit for bit at the common ticks.
  @Test("seeded scripts of every host event keep every promise", arguments: 0..<8)
  func scripts(part: Int) {
    let perPart = 1_250
    for k in 0..<perPart {
      let seed = UInt64(part * perPart + k)
      let script = LayoutAnimatorHost.script(seed: seed)
      let schedules: [LayoutAnimatorHost.Schedule] = seed % 20 == 0 ? [.hz60, .hz120, .irregular] : [[.hz60, .hz120, .irregular][Int(seed % 3)]]
      guard let failure = LayoutAnimatorHost.check(script, schedules: schedules, seed: seed) else { continue }
      let minimal = LayoutAnimatorHost.shrink(script, schedules: schedules, seed: seed)
      Issue.record("seed \(seed): \(failure)\nminimal: \(LayoutAnimatorHost.check(minimal, schedules: schedules, seed: seed) ?? "?")\n\(minimal)")
      return
    }
  }
}

/// Scripts the fuzzer found, kept as they were printed.
@Suite("Layout animator: scripts the fuzzer found")
struct LayoutAnimatorFoundScriptTests {
  @Test("a rotation with motion reduced during a gesture near the content's end: a cross-fade, not an error (a random host sweep)")
  func reducedRotationDuringGesture() {
    // Every element shown at the bottom of the portrait screen departed, and
    // none was inside the landscape viewport its fade was seen through.
    let script = LayoutAnimatorHost.Script(
      counts: [8, 12], chrome: true, horizontal: false, isRightToLeft: false, pinned: true, snapping: false, itemsPerFlick: nil,
      alignment: .trailing, spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 17.59291886010284), policy: .keepAnchor(),
      steps: [
        .init(tick: 180_000_000, event: .deleteSection(0)),
        .init(tick: 197_000_000, event: .interactiveStart(fraction: 0.9993685652456976)),
        .init(tick: 203_000_000, event: .reduceMotion(true)),
        .init(tick: 210_000_000, event: .rotate),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("a rotation after an update during a gesture ends without a step (seed 49,974 of the 100,000-seed sweep)")
  func rotationEndsWithoutStep() {
    // The rotation's change in flight capped the progress rate and swung the
    // rest of the offset's velocity as an impulse, whose end allowed the
    // point tolerance on top of the average progress's own: 0.64 pt at the end.
    let script = LayoutAnimatorHost.Script(
      counts: [7, 22], chrome: false, horizontal: true, isRightToLeft: true, pinned: false, snapping: true, itemsPerFlick: 1, alignment: .leading,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 17.59291886010284), policy: .keepAnchor(),
      steps: [
        .init(tick: 110_000_000, event: .interactiveStart(fraction: 0.8782065601115676)),
        .init(tick: 127_000_000, event: .progress(0.03545886676636237)),
        .init(tick: 606_000_000, event: .deleteSection(2)),
        .init(tick: 753_000_000, event: .rotate),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("a slow release, then layout changes in flight: the content size stays between the layouts' (a host sweep)")
  func runawayContentSize() {
    // The second change handed the offset's 14,464 pt/s on to the average
    // progress over the 1.1 pt left to travel: a rate of 13,134/s, p̄ near
    // −386 and a content width of −24,099 pt.
    let script = LayoutAnimatorHost.Script(
      counts: [12, 10], chrome: false, horizontal: true, isRightToLeft: false, pinned: true, snapping: true, itemsPerFlick: nil, alignment: .center,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 25.132741228718345), policy: .followProgress,
      steps: [
        .init(tick: 111_000_000, event: .setLayout(fraction: 0.9478398198600307, animated: true)),
        .init(tick: 128_000_000, event: .release(velocity: -0.060955029659854484, engine: true)),
        .init(tick: 136_000_000, event: .setLayout(fraction: 0.9658706647323518, animated: true)),
        .init(tick: 151_000_000, event: .drag(fraction: 0.8672180660104459)),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("a release grabbed after its progress arrived: nothing to grab, no cell moves (a random host sweep)")
  func grabAfterArrival() {
    // The frame showed progress 1 with cell [0, 1] still 0.17 pt short of
    // its place; the grab scrubbed the path at 1 and put it there.
    let script = LayoutAnimatorHost.Script(
      counts: [8], chrome: false, horizontal: true, isRightToLeft: false, pinned: false, snapping: true, itemsPerFlick: nil, alignment: .leading,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 17.59291886010284), policy: .keepAnchor(),
      steps: [
        .init(tick: 440_000_000, event: .interactiveStart(fraction: 0.16034678114862544)),
        .init(tick: 721_000_000, event: .finish(velocity: 2.0441003096916335)),
        .init(tick: 1_312_000_000, event: .grab),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("a pinned header where a transition ends under a carried scroll steps on screen by its own residual only")
  func pinnedHeaderAtTransitionEnd() {
    // In content coordinates the header stepped 0.63 pt: the offset's residual (0.31) plus its own (0.32).
    let script = LayoutAnimatorHost.Script(
      counts: [10, 7], chrome: true, horizontal: false, isRightToLeft: false, pinned: true, snapping: false, itemsPerFlick: 3, alignment: .trailing,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 21.362830044410593), policy: .keepOffset,
      steps: [
        .init(tick: 281_000_000, event: .drag(fraction: 0.8851442613026446)),
        .init(tick: 845_000_000, event: .release(velocity: -1.7466468176963037, engine: true)),
        .init(tick: 863_000_000, event: .insert(item: 21, section: 1)),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("a gesture begun while a finger holds the content past its end cancels back inside it")
  func cancelFromRubberBand() {
    let script = LayoutAnimatorHost.Script(
      counts: [12, 20], snapping: true, itemsPerFlick: nil, alignment: .trailing,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 17.59291886010284),
      steps: [
        .init(tick: 351_000_000, event: .release(velocity: 1.2625974541709457, engine: true)),
        .init(tick: 675_000_000, event: .release(velocity: 3.4929192884946048, engine: true)),
        .init(tick: 768_000_000, event: .touch),
        .init(tick: 1_000_000_000, event: .interactiveStart(fraction: 0.2013804690506018)),
        .init(tick: 1_028_000_000, event: .cancel(velocity: -1.5023934636827643)),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("a gesture across a long horizontal layout, let go: the offset travels fast, continuously")
  func longHorizontalGesture() {
    // 45 items: content about 9,200 pt; the offset crosses it at up to about 51,000 pt/s, inside the bound.
    let script = LayoutAnimatorHost.Script(
      counts: [24, 21], chrome: false, horizontal: true, isRightToLeft: false, pinned: false, snapping: true, itemsPerFlick: nil,
      alignment: .trailing, spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 17.59291886010284),
      steps: [.init(tick: 27_000_000, event: .interactiveStart(fraction: 0.9915807424595725))])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("an update during a gesture, anchored on a cell that changes size: no step at the end")
  func anchoredCellChangesSize() {
    // The anchor's leading edge kept 0.51 pt off at completion when the offset followed it (its center and size each within 0.5).
    let script = LayoutAnimatorHost.Script(
      counts: [3, 20], chrome: false, horizontal: false, isRightToLeft: false, pinned: false, snapping: true, itemsPerFlick: nil, alignment: .leading,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 25.132741228718345),
      steps: [
        .init(tick: 20_000_000, event: .interactiveStart(fraction: 0.1659742168667867)),
        .init(tick: 227_000_000, event: .moveSection(from: 2, to: 1)),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("a batch update during a deceleration the engine carries: the scroll lands after the transition, without a step")
  func carriedDeceleration() {
    let script = LayoutAnimatorHost.Script(
      counts: [18, 8], chrome: false, horizontal: true, isRightToLeft: true, pinned: false, snapping: true, itemsPerFlick: 2, alignment: .leading,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 21.362830044410593),
      steps: [
        .init(tick: 95_000_000, event: .release(velocity: -3.9505332567522835, engine: true)),
        .init(tick: 95_000_000, event: .delete(item: 18, section: 2)),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("a gesture after a reduced-motion update: the cross-fade rests in the app's layout, not in a snapshot of it")
  func gestureAfterCrossFade() {
    let script = LayoutAnimatorHost.Script(
      counts: [15, 4], chrome: true, horizontal: false, isRightToLeft: false, pinned: true, snapping: true, itemsPerFlick: nil, alignment: .trailing,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 17.59291886010284), policy: .followProgress,
      steps: [
        .init(tick: 585_000_000, event: .reduceMotion(true)),
        .init(tick: 588_000_000, event: .insert(item: 12, section: 2)),
        .init(tick: 887_000_000, event: .interactiveStart(fraction: 0.8676721276870178)),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("an update while cells fly between layouts: the offset follows a cell on screen, not one still far away")
  func anchorStillFlying() {
    // The anchor found at the heading was 3,000 pt off screen in flight; following it moved the offset 1,223 pt in a frame.
    let script = LayoutAnimatorHost.Script(
      counts: [17, 17], chrome: false, horizontal: true, isRightToLeft: true, pinned: false, snapping: true, itemsPerFlick: 1, alignment: .trailing,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 17.59291886010284), policy: .keepAnchor(),
      steps: [
        .init(tick: 38_000_000, event: .setLayout(fraction: 0.30042735995482495, animated: true)),
        .init(tick: 53_000_000, event: .setLayoutKeepingAnchor(animated: true)),
        .init(tick: 69_000_000, event: .move(from: 12, to: 16, section: 1)),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("a carried deceleration handed back to the resting phase: the same bits at 60 and 120 Hz")
  func carriedScrollHandOverBits() {
    // The frame that first saw the transition complete computed the offset by the transition's formula, later ones by the scroll's: 1 ulp apart.
    let script = LayoutAnimatorHost.Script(
      counts: [13, 17], chrome: false, horizontal: false, isRightToLeft: false, pinned: false, snapping: false, itemsPerFlick: nil, alignment: .trailing,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 17.59291886010284),
      policy: .keepAnchor(.point(CGPoint(x: 40.0, y: 200.0))),
      steps: [
        .init(tick: 2_000_000, event: .release(velocity: 2.1863410708516797, engine: true)),
        .init(tick: 25_000_000, event: .move(from: 17, to: 13, section: 1)),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }

  @Test("a gesture cancelled at its start with a flick, grabbed as it swings back: nothing moves")
  func grabAfterSettledCancel() {
    let script = LayoutAnimatorHost.Script(
      counts: [11, 17], chrome: true, horizontal: false, isRightToLeft: false, pinned: false, snapping: true, itemsPerFlick: nil, alignment: .center,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 21.362830044410593), policy: .keepOffset,
      steps: [
        .init(tick: 11_000_000, event: .interactiveStart(fraction: 0.32227960855348015)),
        .init(tick: 25_000_000, event: .cancel(velocity: -1.450877271197871)),
        .init(tick: 307_000_000, event: .grab),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }
  @Test("a gesture cancelled at its start with a flick across a long layout: the swing ends without a step")
  func flickedCancelEndsWithoutStep() {
    // The offset's swing (2.8 progress/s over about 4,000 pt) outlasted the cells' settle by 0.55 pt.
    let script = LayoutAnimatorHost.Script(
      counts: [21, 17], chrome: false, horizontal: true, isRightToLeft: false, pinned: false, snapping: true, itemsPerFlick: 3, alignment: .trailing,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 21.362830044410593), policy: .keepOffset,
      steps: [
        .init(tick: 374_000_000, event: .interactiveStart(fraction: 0.6440731179121513)),
        .init(tick: 457_000_000, event: .cancel(velocity: -2.794732464277587)),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }
  @Test("a move while a released drag decelerates, anchored: the same bits at 60 and 120 Hz")
  func moveDuringDecelerationBits() {
    let script = LayoutAnimatorHost.Script(
      counts: [15, 14], chrome: false, horizontal: false, isRightToLeft: false, pinned: false, snapping: false, itemsPerFlick: nil, alignment: .center,
      spring: try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 25.132741228718345), policy: .keepAnchor(),
      steps: [
        .init(tick: 120_000_000, event: .drag(fraction: 0.9498082266453448)),
        .init(tick: 555_000_000, event: .release(velocity: -3.2626601518939085, engine: true)),
        .init(tick: 777_000_000, event: .move(from: 9, to: 21, section: 2)),
      ])
    #expect(LayoutAnimatorHost.check(script, schedules: LayoutAnimatorHost.Schedule.allCases) == nil)
  }
}

/// Each of the host model's checks fails on an engine broken on purpose
/// (`LayoutAnimator._Fault`, debug builds), and passes on the same script
/// without the fault: a check that cannot fail would pass both.
@Suite("Layout animator host: every check fails on a broken engine")
struct LayoutAnimatorHostCheckTests {
  static let spring = try! Spring(mass: 1.0, stiffness: 157.91367041742973, damping: 25.132741228718345)  // .smooth

  /// A grid of `counts` with `steps`, vertical, no chrome, no snapping.
  static func script(_ counts: [Int], _ steps: [LayoutAnimatorHost.Script.Step]) -> LayoutAnimatorHost.Script {
    LayoutAnimatorHost.Script(counts: counts, snapping: false, itemsPerFlick: nil, alignment: .center, spring: spring, steps: steps)
  }

  /// What the host reports for `script` with `fault` in effect.
  static func check(
    _ script: LayoutAnimatorHost.Script, _ fault: LayoutAnimator._Fault, schedules: [LayoutAnimatorHost.Schedule] = [.hz60]
  ) -> String? {
    LayoutAnimator._fault.withValue(fault) { LayoutAnimatorHost.check(script, schedules: schedules) }
  }

  static let twoUpdates = script(
    [24], [.init(tick: 10_000_000, event: .insert(item: 0, section: 0)), .init(tick: 130_000_000, event: .delete(item: 5, section: 0))])

  @Test("the same element: an answer under another element's id is caught, though every pose is still on screen")
  func identity() throws {
    #expect(LayoutAnimatorHost.check(Self.twoUpdates) == nil)
    let failure = try #require(Self.check(Self.twoUpdates, .swappedIdentity))
    #expect(failure.contains("is no longer shown there"), "\(failure)")
  }

  @Test("the same velocity: an update in flight that starts every element at rest is caught")
  func velocity() throws {
    let failure = try #require(Self.check(Self.twoUpdates, .droppedVelocity))
    #expect(failure.contains("pt/s along") && failure.contains("before the event"), "\(failure)")
  }

  @Test("a refusal that changes hidden state is caught: the host compares the whole state and never restores it")
  func refusal() throws {
    let script = Self.script([12], [.init(tick: 200_000_000, event: .bogusUpdate), .init(tick: 300_000_000, event: .insert(item: 2, section: 0))])
    #expect(LayoutAnimatorHost.check(script) == nil)
    let failure = try #require(Self.check(script, .hiddenChangeOnRefusal))
    #expect(failure.contains("a refused event changed the engine's state"), "\(failure)")
  }

  @Test("the state after every event, across frame schedules: a frame-count dependence is caught")
  func schedules() throws {
    // The updates come after a different number of frames on each schedule.
    let all = LayoutAnimatorHost.Schedule.allCases
    #expect(LayoutAnimatorHost.check(Self.twoUpdates, schedules: all) == nil)
    let failure = try #require(Self.check(Self.twoUpdates, .frameCountDependent, schedules: all))
    #expect(failure.contains("differ in the engine's state after event"), "\(failure)")
  }

  @Test("the frame bound, from the springs in play: a 700-pt jump in flight is caught (bound 545 pt a frame here; 7806258's allowed 968)")
  func frameBound() throws {
    let script = Self.script([12], [.init(tick: 50_000_000, event: .setLayout(fraction: 0.5, animated: true))])
    #expect(LayoutAnimatorHost.check(script) == nil)
    let failure = try #require(Self.check(script, .jumpInFlight))
    #expect(failure.contains("moved") && failure.contains("(bound"), "\(failure)")
  }
}
