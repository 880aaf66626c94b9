/// Follow-the-leader (Rebound's SpringChain, react-spring's trail): element
/// 0 is the leader, which you move; every other element springs towards the
/// element before it.
///
/// What "exact" means here. A chain of springs coupled continuously is a
/// linear ODE system with a closed form, but its terms grow with the chain's
/// length (each link adds a repeated root). Harmonic defines the chain
/// instead as retargets at fixed instants: every `step` after the start,
/// each follower retargets to its leader's value at that instant (all at
/// once), and between those instants every element moves in closed form.
/// So the chain depends on `step` — never on when or how often frames are
/// drawn: every frame schedule sees the same bits at the same tick.
///
/// Time moves forward: ``values(at:into:)`` applies the step instants up to
/// its tick; a tick before the last applied instant gives the states at
/// that instant.
///
/// Cost: O(n) per step instant passed, O(n) per frame. One call applies at
/// most 10,000,000 element updates (instants passed ×
/// elements, about a second of work); a tick further ahead of
/// the last applied tick throws instead of running on: read the chain as frames
/// go, or in several calls.
public struct SpringChain<Value: SpringAnimatable>: Sendable {
  public let step: AnimationTime
  public let spring: Spring
  /// The elements; index 0 is the leader.
  public private(set) var elements: [ValueAnimation<Value>]
  /// The last step instant applied.
  package private(set) var appliedUntil: AnimationTime
  let _start: AnimationTime

  /// - Parameters:
  ///   - count: elements, leader included (≥ 1).
  ///   - value: where they all start, at rest.
  ///   - spring: the spring of every link.
  ///   - step: the interval between retargets (default 1/120 s).
  ///   - start: the starting tick.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   count outside 1…100,000, a step that is not positive, or a bad value.
  public init(
    count: Int, value: Value, spring: Spring, step: AnimationTime = AnimationTime(ticks: AnimationTime.ticksPerSecond / 120),
    start: AnimationTime = .zero
  ) throws(HarmonicError) {
    try _Check.count(count, "count", atLeast: 1, atMost: 100_000)
    try _Check.ticks(step.ticks, "step")
    let element = try ValueAnimation(value: value, target: value, spring: spring, start: start)
    self.elements = Array(repeating: element, count: count)
    self.step = step
    self.spring = spring
    self.appliedUntil = start
    self._start = start
  }

  /// Most element updates (step instants × elements) one call applies.
  package static var maximumElementUpdates: Int { 10_000_000 }

  /// Applies every step instant up to `time`: a bounded number of them
  /// (10,000,000), with no tick arithmetic that can overflow.
  mutating func _advance(to time: AnimationTime) throws(HarmonicError) {
    guard time > appliedUntil else { return }
    // time > appliedUntil, so the difference is positive, or overflows only
    // past Int64.max ticks (then it is certainly too far).
    let (ahead, overflow) = time.ticks.subtractingReportingOverflow(appliedUntil.ticks)
    let instants = overflow ? Int64.max : ahead / step.ticks
    let limit = Int64(SpringChain.maximumElementUpdates / elements.count)
    guard instants <= limit else {
      throw .invalidParameter(
        name: "time", value: Double(time.ticks),
        accepted: "at most \(limit) step instants after tick \(appliedUntil.ticks) (\(SpringChain.maximumElementUpdates) element updates per call)")
    }
    for _ in 0..<instants {
      let instant = appliedUntil + step  // ≤ time: no overflow
      var leaders: [Value] = []
      leaders.reserveCapacity(elements.count - 1)
      for k in 0..<(elements.count - 1) { leaders.append(elements[k].value(at: instant)) }
      for k in 1..<elements.count { try elements[k].retarget(to: leaders[k - 1], at: instant) }
      appliedUntil = instant
    }
  }

  /// Moves the leader towards `target` from `time` on (C¹).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a bad target.
  public mutating func moveLeader(to target: Value, at time: AnimationTime) throws(HarmonicError) {
    try _advance(to: time)
    try elements[0].retarget(to: target, at: time)
  }

  /// Holds the leader exactly at `value` from `time` on, at rest — a finger
  /// holding it (chat heads): no spring between the finger and the leader,
  /// so it never trails the finger; the followers trail it as usual. Call it
  /// at every touch event, then ``releaseLeader(velocity:to:at:)`` or
  /// ``moveLeader(to:at:)`` when the finger lifts.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   bad value, or a time too far ahead (see 10,000,000).
  public mutating func holdLeader(_ value: Value, at time: AnimationTime) throws(HarmonicError) {
    try _advance(to: time)
    try elements[0].reset(value: value, velocity: Value.springVelocity(ofComponents: .zero), target: value, at: time)
  }

  /// Lets go of a held leader at `time`: it leaves from where it is with the
  /// finger's `velocity` (units per second) and springs to `target`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   bad velocity or target.
  public mutating func releaseLeader(velocity: Value.SpringVelocity, to target: Value, at time: AnimationTime) throws(HarmonicError) {
    try _advance(to: time)
    let now = max(time, elements[0].start)
    try elements[0].reset(value: elements[0].value(at: now), velocity: velocity, target: target, at: now)
  }

  /// Every element's value at `time`, in chain order, into `values` (n elements).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for an
  ///   array of the wrong count.
  public mutating func values(at time: AnimationTime, into values: inout [Value]) throws(HarmonicError) {
    try _Check.shape(values.count, "values.count", expected: elements.count, what: "one per element")
    try _advance(to: time)
    for k in 0..<elements.count { values[k] = elements[k].value(at: max(time, appliedUntil)) }
  }
}
