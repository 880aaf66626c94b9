import Harmonic

/// A model-based check of ``LayoutAnimator``: a scripted host that delivers
/// the events UIKit delivers — frames at 60 Hz, 120 Hz or irregularly
/// (dropped ones included), drags, releases on both paths, touches that
/// catch a moving scroll, batch updates, layout changes with and without
/// animation, interactive transitions (progress, finish, cancel, grab) and
/// rotations — in any order, and checks after every event and frame what
/// the engine promises:
///
/// - nothing throws for a valid event; a refused one (a grab with nothing
///   to grab, an update that does not match the data) throws and leaves the
///   engine's whole state as it was (``LayoutAnimator/_digest``, compared,
///   never restored: what a refusal changed would show later);
/// - no NaN, no alpha outside [0, 1], a content size within [0, 1e5] pt;
/// - every event continues from the pose on screen: each element shown
///   before it is shown after it — the same element, through UIKit's index
///   mapping of the update, written in the host from UIKit's rules — at
///   the same center and size (to 1e-6 pt), or among the leaving elements
///   when it left the data, and the offset is where it was (drags and
///   changes without animation are jumps by definition and are not
///   checked); updates, animated layout and bounds changes and Reduce
///   Motion's switch also keep every cell's velocity (its step over the
///   next tick, to 0.05 pt/s);
/// - the engine's whole state after every event is the same on every frame
///   schedule;
/// - **the bound between frames**, derived from what the script can start:
///   without an event between two frames Δt apart, the offset and each
///   element's center move at most 2 × (``maximumReleaseSpeed`` + (2r + 3/s)
///   × E) × Δt + 0.5 pt — twice the fastest motion a script can start. E is
///   the larger content extent plus the viewport's along the scroll axis at
///   the two frames; r the script spring's peak step rate (its unit step
///   response's fastest rate, ``peakStepRate(_:)``: 4.6/s for `.smooth`),
///   so a transition over E moves at most r × E, and a change in flight at
///   that speed adds its own (2r × E; with one travel's r × E, 26 of 90,000
///   seeds went past twice it, by up to 10 %); a release adds at most
///   4,000 pt/s, a gesture's release at most 3 progress per second;
/// - where a phase ends on its own (a transition completes, a snap lands), the
///   tick of the change is found by bisection and the step across it is at
///   most 0.51 pt (the completion tolerance): no jump at an end;
/// - at rest the offset lies in the layout's reachable range and, with
///   snapping on and no drag since the last release, is a snap target;
/// - the engine rests within 6 s after the last event;
/// - the same bits at every tick the schedules have in common.
///
/// Scripts are generated from a seed and hold only intents (an index is
/// taken modulo the data's size, a progress is sent only during a
/// gesture), so any part of a script is itself a valid script: a failing
/// one is shrunk by dropping events and printed as Swift to replay.
public enum LayoutAnimatorHost {
  /// The fastest release a script makes, points per second.
  public static let maximumReleaseSpeed = 4_000.0

  /// The fastest rate, per second, of `spring`'s unit step response from
  /// rest (max over t of |x'(t)| for x from 0 to 1), sampled every 1 ms
  /// for 3 s (near the peak x' is flat: the samples miss it by a relative
  /// (ω·1 ms)²/8 < 1e-4): ω/e for a critically damped spring.
  public static func peakStepRate(_ spring: Spring) -> Double {
    guard let motion = try? SpringMotion(spring: spring, from: 0, to: 1) else { return .infinity }
    var peak = 0.0
    for k in 0..<3_000 {
      guard let state = try? motion._checkedState(atSeconds: Double(k) / 1_000) else { break }
      peak = max(peak, state.velocity.magnitude)
    }
    return peak
  }

  /// What the app shows its data as.
  public enum Presentation: Sendable, Hashable { case grid, list }

  /// One event a host delivers.
  public enum Event: Sendable, Hashable {
    /// A finger lands and scrolls the content to `fraction` of its reachable range.
    case drag(fraction: Double)
    /// The finger lifts at `velocity` (points per millisecond, UIKit's unit);
    /// `engine`: Harmonic's motion carries it, else UIKit's
    /// (`targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`, then the host scrolls there).
    case release(velocity: Double, engine: Bool)
    /// A finger lands without moving (catches a moving scroll).
    case touch
    case insert(item: Int, section: Int)
    case delete(item: Int, section: Int)
    case move(from: Int, to: Int, section: Int)
    case reload(item: Int, section: Int)
    case insertSection(Int, count: Int)
    case deleteSection(Int)
    case moveSection(from: Int, to: Int)
    /// One update of several changes in a section: old items deleted and
    /// reloaded, new ones inserted (indices modulo the data).
    case changes(deleted: [Int], inserted: [Int], reloaded: [Int], section: Int)
    /// `setCollectionViewLayout(_:animated:)` to the other presentation, at `fraction` of the new reachable range.
    case setLayout(fraction: Double, animated: Bool)
    /// A rotation: the viewport's width and height swap.
    case rotate
    /// `setCollectionViewLayout(_:animated:)` to the other presentation,
    /// the engine placing the offset by its anchor policy.
    case setLayoutKeepingAnchor(animated: Bool)
    /// A rotation, the engine placing the offset by its anchor policy.
    case rotateKeepingAnchor
    /// The system's Reduce Motion setting changes.
    case reduceMotion(Bool)
    case interactiveStart(fraction: Double)
    case progress(Double)
    case finish(velocity: Double)
    case cancel(velocity: Double)
    case grab
    /// An update that does not match the data: must be refused.
    case bogusUpdate
  }

  /// A script: the set-up and the events at their ticks.
  public struct Script: Sendable, Hashable, CustomStringConvertible {
    public var counts: [Int]
    /// Sections have 30-pt headers (supplementary views) and the viewport
    /// 64/34-pt content insets (a navigation bar, a home indicator).
    public var chrome: Bool
    /// The content scrolls horizontally (a carousel of pages, or a grid of columns).
    public var horizontal: Bool
    /// A horizontal layout reads right to left.
    public var isRightToLeft: Bool
    /// Section headers (with `chrome`) stay pinned under the top inset.
    public var pinned: Bool
    public var snapping: Bool
    public var itemsPerFlick: Int?
    public var alignment: SnapAlignment
    public var spring: Spring
    /// The engine's anchor policy (``LayoutAnimator/anchorPolicy``).
    public var policy: AnchorPolicy
    public var steps: [Step]

    public struct Step: Sendable, Hashable {
      public var tick: Int64
      public var event: Event
      public init(tick: Int64, event: Event) { (self.tick, self.event) = (tick, event) }
    }

    public init(
      counts: [Int], chrome: Bool = false, horizontal: Bool = false, isRightToLeft rightToLeft: Bool = false, pinned: Bool = false, snapping: Bool,
      itemsPerFlick: Int?, alignment: SnapAlignment, spring: Spring, policy: AnchorPolicy = .keepAnchor(), steps: [Step]
    ) {
      (self.counts, self.chrome, self.horizontal, self.isRightToLeft, self.pinned) = (counts, chrome, horizontal, rightToLeft, pinned)
      (self.snapping, self.itemsPerFlick, self.alignment, self.spring, self.steps) = (snapping, itemsPerFlick, alignment, spring, steps)
      self.policy = policy
    }

    /// ``policy`` as Swift.
    var policySource: String {
      switch policy {
      case .keepAnchor(.firstVisible): ".keepAnchor()"
      case .keepAnchor(.point(let p)): ".keepAnchor(.point(CGPoint(x: \(p.x), y: \(p.y))))"
      case .keepAnchor(.element(let id)): ".keepAnchor(.element(ElementID(.cell, ItemIndexPath(item: \(id.indexPath.item), section: \(id.indexPath.section)))))"
      case .keepAnchor: ".keepAnchor()"
      default: ".\(policy)"
      }
    }

    /// The script as Swift that builds it again (paste it into a test).
    public var description: String {
      let steps = self.steps.map { "      .init(tick: \($0.tick), event: .\($0.event)),\n" }.joined()
      return """
        LayoutAnimatorHost.Script(
          counts: \(counts), chrome: \(chrome), horizontal: \(horizontal), isRightToLeft: \(isRightToLeft), pinned: \(pinned), snapping: \(snapping), itemsPerFlick: \(itemsPerFlick.map(String.init) ?? "nil"), alignment: .\(alignment),
          spring: try! Spring(mass: \(spring.mass), stiffness: \(spring.stiffness), damping: \(spring.damping)), policy: \(policySource),
          steps: [
        \(steps)    ])
        """
    }
  }

  /// How frames arrive.
  public enum Schedule: Sendable, Hashable, CaseIterable {
    case hz60, hz120, irregular

    /// The first frame tick after `tick`.
    func frame(after tick: Int64, seed: UInt64) -> Int64 {
      switch self {
      case .hz60: return (tick / 11_760_000 + 1) * 11_760_000
      case .hz120: return (tick / 5_880_000 + 1) * 5_880_000
      case .irregular:
        // 3–25 ms gaps from a hash of the gap's index: a pure function of the tick.
        let period: Int64 = 14_000_000
        var k = tick / period
        while true {
          var generator = SeededRandom(seed: seed ^ UInt64(bitPattern: k) &* 0x2545_f491_4f6c_dd1d)
          let candidate = k * period + Int64(generator.next() % UInt64(period - 2_000_000))
          if candidate > tick { return candidate }
          k += 1
        }
      }
    }
  }

  // MARK: - Generating

  /// A script from `seed`: 2–7 events within about 1 s, many of them close together.
  public static func script(seed: UInt64) -> Script {
    var random = SeededRandom(seed: seed)
    func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
    func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
    let counts = (0..<int(1...2)).map { _ in int(3...24) }
    let springs = [Spring.snappy, .smooth, .bouncy]
    var steps: [Script.Step] = []
    var tick: Int64 = 0
    for _ in 0..<int(2...7) {
      // Often within a frame or two of the previous event, sometimes much later.
      tick += uniform() < 0.5 ? Int64(int(0...20)) * 1_000_000 : Int64(int(20...400)) * 1_000_000
      let item = int(0...30), section = int(0...2)
      let event: Event
      switch int(0...19) {
      case 0, 1: event = .drag(fraction: uniform())
      // A third of the releases slow (under 0.15 pt/ms): they leave a long, slow scroll for later changes to carry.
      case 2, 3, 4: event = .release(velocity: uniform() < 1.0 / 3 ? uniform() * 0.3 - 0.15 : uniform() * 8 - 4, engine: uniform() < 0.8)
      case 5: event = .touch
      case 6, 7: event = .insert(item: item, section: section)
      case 8: event = .delete(item: item, section: section)
      case 9: event = .move(from: item, to: int(0...30), section: section)
      case 10: event = .reload(item: item, section: section)
      case 11:
        switch int(0...3) {
        case 0: event = .insertSection(section, count: int(1...6))
        case 1: event = .deleteSection(section)
        case 2: event = .moveSection(from: section, to: int(0...2))
        default:
          event = .changes(
            deleted: (0..<int(0...3)).map { _ in int(0...30) }, inserted: (0..<int(0...3)).map { _ in int(0...30) },
            reloaded: (0..<int(0...2)).map { _ in int(0...30) }, section: section)
        }
      case 12: event = .setLayout(fraction: uniform(), animated: uniform() < 0.75)
      case 13: event = .rotate
      case 14, 15: event = .interactiveStart(fraction: uniform())
      case 16: event = .progress(uniform() * 1.6 - 0.3)
      case 17: event = uniform() < 0.5 ? .finish(velocity: uniform() * 4 - 1) : .cancel(velocity: uniform() * 4 - 3)
      case 18: event = .grab
      default:
        switch int(0...9) {
        case 0, 1: event = .bogusUpdate
        case 2: event = .changes(deleted: [], inserted: [], reloaded: [], section: section)  // an update without changes
        case 3: event = .setLayoutKeepingAnchor(animated: uniform() < 0.75)
        case 4: event = .rotateKeepingAnchor
        case 5: event = .reduceMotion(uniform() < 0.7)
        default: event = .progress(uniform())
        }
      }
      steps.append(Script.Step(tick: tick, event: event))
      // A gesture moves through a few progress steps.
      if case .interactiveStart = event {
        for _ in 0..<int(0...4) {
          tick += Int64(int(4...30)) * 1_000_000
          steps.append(Script.Step(tick: tick, event: .progress(uniform() * 1.4 - 0.2)))
        }
      }
    }
    let alignments: [SnapAlignment] = [.leading, .center, .trailing]
    let policies: [AnchorPolicy] = [
      .keepAnchor(), .keepAnchor(), .keepAnchor(), .followProgress, .keepOffset, .keepEnd, .keepAnchor(.point(CGPoint(x: 40, y: 200))),
      .keepAnchor(.element(ElementID(.cell, ItemIndexPath(item: 3, section: 0)))),
    ]
    let horizontal = uniform() < 0.25
    let chrome = !horizontal && uniform() < 0.3
    return Script(
      counts: counts, chrome: chrome, horizontal: horizontal, isRightToLeft: horizontal && uniform() < 0.5, pinned: chrome && uniform() < 0.5,
      snapping: uniform() < 0.6,
      itemsPerFlick: uniform() < 0.5 ? nil : int(1...3), alignment: alignments[int(0...2)],
      spring: springs[int(0...2)], policy: policies[int(0...7)], steps: steps)
  }

  // MARK: - Running

  /// Runs `script` at each of `schedules` and checks every promise; nil
  /// when all hold, else what broke (with the schedule and the tick).
  public static func check(_ script: Script, schedules: [Schedule] = [.hz60], seed: UInt64 = 1) -> String? {
    var runs: [[Int64: [UInt64]]] = []
    var digests: [[[UInt64]]] = []
    for schedule in schedules {
      var run = _HostRun(script: script, schedule: schedule, seed: seed)
      if let failure = run.go() { return "\(schedule): \(failure)" }
      runs.append(run.seen)
      digests.append(run.digests)
    }
    // The whole state after every event, whatever frames came before it.
    for (k, run) in digests.enumerated().dropFirst() {
      let common = min(run.count, digests[0].count)
      if let event = (0..<common).first(where: { run[$0] != digests[0][$0] }) ?? (run.count == digests[0].count ? nil : common) {
        return "\(schedules[k]) and \(schedules[0]) differ in the engine's state after event \(event)"
      }
    }
    for (k, run) in runs.enumerated().dropFirst() {
      for (tick, bits) in runs[0] where run[tick] != nil && run[tick] != bits {
        return "\(schedules[k]) and \(schedules[0]) differ at tick \(tick)"
      }
    }
    return nil
  }

  /// `script` with events dropped while it still fails: a minimal failing script.
  public static func shrink(_ script: Script, schedules: [Schedule] = [.hz60], seed: UInt64 = 1) -> Script {
    // The same failure: its message with the numbers and the event's arguments left out.
    func kind(_ failure: String?) -> String? {
      failure.map { message in
        String(message.split(separator: ":").dropFirst(2).joined().filter { !$0.isNumber && $0 != "." && $0 != "-" })
      }
    }
    guard let wanted = kind(check(script, schedules: schedules, seed: seed)) else { return script }
    var current = script
    var progress = true
    while progress {
      progress = false
      var k = 0
      while k < current.steps.count {
        var smaller = current
        smaller.steps.remove(at: k)
        if kind(check(smaller, schedules: schedules, seed: seed)) == wanted {
          (current, progress) = (smaller, true)
        } else {
          k += 1
        }
      }
    }
    return current
  }
}

/// SplitMix64: seeded, the same sequence on every platform — the host's
/// scripts and, through HarmonicTests' `SeededGenerator`, the tests' seeded
/// properties.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
