extension LayoutAnimator {
  /// The scroll's own motion after a release with snapping on: from the
  /// offset and velocity at the release to the snap target, along one axis,
  /// ending on the target exactly and without a step.
  ///
  /// - A spring (the release velocity handed over, C¹) runs until it is
  ///   within 0.5 pt and 5 pt/s of the target (its exact settle time); over
  ///   the next ``_ScrollMotion/fadeTicks`` what is left of its distance to
  ///   the target is multiplied by `1 − u²(3 − 2u)` (u from 0 to 1), a C¹
  ///   fade, so the offset arrives on the target with zero velocity and each
  ///   frame's step shrinks to nothing: no last-frame jump.
  /// - A deceleration (the decision's, when UIKit's own deceleration nearly
  ///   ends there) has its rate set so that its speed falls to
  ///   ``_ScrollMotion/stopSpeed`` exactly at the target, where it stops, as
  ///   UIKit's deceleration stops below a minimum speed: the last step is
  ///   at most that speed times a frame.
  ///
  /// A pure function of the tick: the same bits at every frame rate. A
  /// ``Motion`` of the offset along ``axis``, driven like any other: it ends
  /// exactly at ``end``, whatever the tolerance (as a timed curve does).
  struct _ScrollMotion: Motion {
    enum Shape: Sendable {
      case spring(SpringMotion, fadeStart: AnimationTime)
      case deceleration(ScrollDeceleration)
    }

    let shape: Shape
    /// The tick of the release.
    let start: AnimationTime
    /// The first tick at which the offset is the target.
    let end: AnimationTime
    let target: Double
    let axis: ScrollAxis
    /// The offset on the other axis, unchanged.
    var across: Double
    /// Added to the motion's offset along ``axis``: the content moved under
    /// the scroll by a change that kept the reader's place (0 otherwise).
    var shift = 0.0
    /// Where the motion rests from ``end`` on, once ``landing(at:)`` moved
    /// it there: that offset itself, since ``target`` + ``shift`` can round
    /// elsewhere (or keep a −0 the offset does not have), and the engine
    /// rests at that offset whichever frame first sees the move.
    var _rest: Double? = nil

    /// Speed at which a deceleration stops, points per second.
    static let stopSpeed = 5.0
    static let stopTolerance = _libraryConstant { try SettleTolerance(speed: stopSpeed) }
    /// Where a spring's fade onto its target begins: within 0.5 pt and 5 pt/s.
    static let fadeTolerance = SettleTolerance._unchecked(value: 0.5, velocity: 5)
    /// The length of a spring's fade onto its target: 0.15 s, so that the
    /// fade of a residue within 0.5 pt adds at most 0.5 × 1.5 / 0.15 = 5 pt/s.
    static let fadeTicks: Int64 = AnimationTime.ticksPerSecond / 20 * 3

    /// The motion of `animation` (a snap decision's) from `time`.
    init(_ animation: SnapMotion, target: Double, axis: ScrollAxis, across: Double, at time: AnimationTime) throws(HarmonicError) {
      (self.target, self.axis, self.across, self.start) = (target, axis, across, time)
      if case .deceleration(let natural) = animation, let stopping = _ScrollMotion.stopping(natural, at: target) {
        let seconds = stopping.endTime(within: _ScrollMotion.stopTolerance)
        (shape, end) = (.deceleration(stopping), time._advanced(by: _ScrollMotion.ticks(seconds)))
        return
      }
      let motion: SpringMotion
      switch animation {
      case .spring(let spring): motion = spring
      case .deceleration(let natural):
        motion = try SpringMotion(spring: Snapping.defaultSpring, from: natural.initialOffset, to: target, initialVelocity: natural.initialVelocity)
      }
      let settle = motion.endTime(within: _ScrollMotion.fadeTolerance)
      let fadeStart = time._advanced(by: _ScrollMotion.ticks(settle))
      (shape, end) = (.spring(motion, fadeStart: fadeStart), fadeStart._advanced(by: _ScrollMotion.fadeTicks))
    }

    /// Whole ticks for `seconds` (≥ 0), rounded up; a time the clock cannot
    /// hold (∞) is its last tick, so the end saturates there.
    static func ticks(_ seconds: Double) -> Int64 {
      AnimationTime._ticks(roundingUp: max(seconds, 0)) ?? .max
    }

    /// `natural`, its rate changed so that the speed falls to ``stopSpeed``
    /// exactly at `target` (within 1e-9 of the travel); nil when no rate in
    /// (0, 1) does that (a release at or below the stop speed, a target
    /// behind the motion) or the rate cannot be stored that precisely.
    static func stopping(_ natural: ScrollDeceleration, at target: Double) -> ScrollDeceleration? {
      let (x0, v) = (natural.initialOffset, natural.initialVelocity)
      let travel = target - x0
      guard v.magnitude > 2 * stopSpeed, travel != 0, (travel > 0) == (v > 0) else { return nil }
      // Decay constant λ = (|v| − s)/|travel|: the speed is s after |travel|.
      // Its rest offset is then travel·|v|/(|v| − s) from the start.
      let rest = x0 + travel * (v.magnitude / (v.magnitude - stopSpeed))
      guard let rate = ScrollDeceleration.decelerationRate(toRestAt: rest, from: x0, velocity: v) else { return nil }
      // The rate is in (0, 1) and x0, v come from a checked deceleration:
      // the initializer refuses nothing here (nil if it ever did).
      let stopping: ScrollDeceleration
      do { stopping = try ScrollDeceleration(decelerationRate: rate, from: x0, velocity: v) } catch { return nil }
      let there = stopping._state(atSeconds: stopping.endTime(within: stopTolerance)).value
      return (there - target).magnitude <= 1e-9 * max(1, travel.magnitude) ? stopping : nil
    }

    /// The offset along ``axis`` at `time` (at or after ``start``), held
    /// within ±``_Check/maximumCoordinate``: a release near that limit with
    /// a huge velocity would otherwise carry the engine's own offset past
    /// what its next event accepts (1e12 + 1.7e9 points, from 1e12 at 1e9
    /// points per millisecond).
    func value(at time: AnimationTime) -> Double {
      if let _rest, time >= end { return _rest }
      let x = _shifted(_own(at: time).value)
      return Swift.min(Swift.max(x, -_Check.maximumCoordinate), _Check.maximumCoordinate)
    }

    /// The offset's velocity along ``axis`` at `time`, points per second
    /// (the derivative of ``value(at:)``; 0 from ``end`` on, and where the
    /// offset is held at the coordinate limit).
    func velocity(at time: AnimationTime) -> Double {
      guard time < end else { return 0 }
      let own = _own(at: time)
      return _shifted(own.value).magnitude < _Check.maximumCoordinate ? own.velocity : 0
    }

    /// `x` plus ``shift``.
    func _shifted(_ x: Double) -> Double { shift == 0 ? x : x + shift }

    /// The motion's own offset (before ``shift``) and its velocity, from
    /// one evaluation of its state: the target and 0 from ``end`` on.
    func _own(at time: AnimationTime) -> (value: Double, velocity: Double) {
      guard time < end else { return (target, 0) }
      let seconds = time._seconds(since: start)
      switch shape {
      case .deceleration(let deceleration):
        // Within the motion's own time range: no check is needed.
        let state = deceleration._state(atSeconds: seconds)
        return (state.value, state.velocity)
      case .spring(let motion, let fadeStart):
        let state = motion._state(atSeconds: seconds)
        guard time > fadeStart else { return (state.value, state.velocity) }
        let length = Double(end.ticks - fadeStart.ticks) / Double(AnimationTime.ticksPerSecond)
        let u = Double(time.ticks - fadeStart.ticks) / Double(end.ticks - fadeStart.ticks)
        let (keep, rate) = (1 - u * u * (3 - 2 * u), 6 * u * (1 - u) / length)
        return (target + (state.value - target) * keep, state.velocity * keep - (state.value - target) * rate)
      }
    }

    /// The content offset at `time`.
    func offset(at time: AnimationTime) -> CGPoint {
      let along = value(at: time)
      return axis == .vertical ? CGPoint(x: across, y: along) : CGPoint(x: along, y: across)
    }

    /// Where the motion ends, along ``axis`` (its target plus ``shift``,
    /// or the offset ``landing(at:)`` gave).
    var landing: Double { value(at: end) }

    func components(at time: AnimationTime) -> (value: SIMD2<Double>, velocity: SIMD2<Double>) {
      (SIMD2(value(at: time), 0), SIMD2(velocity(at: time), 0))
    }
    var endValue: Double { landing }
    func endTick(within tolerance: SettleTolerance) -> AnimationTime? { end }

    /// The motion moved so that it ends at `offset` (along ``axis``; the
    /// other axis is `offset`'s).
    func landing(at offset: CGPoint) -> _ScrollMotion {
      var moved = self
      let (along, across) = axis == .vertical ? (Double(offset.y), Double(offset.x)) : (Double(offset.x), Double(offset.y))
      moved.shift += along - landing
      (moved.across, moved._rest) = (across, along)
      return moved
    }
  }

  /// What the engine adds to a running transition's content offset, along
  /// the scroll axis, so that a change that keeps the reader's place does
  /// not restart the scroll in flight:
  ///
  ///     (S(t) − S(t₀)) − w·(S(end) − S(t₀))
  ///
  /// with S the scroll carried over (a snap or a deceleration, started at
  /// or before t₀, the change's tick) and w the transition's residual
  /// weight (its average progress p̄, reaching 1 within the progress
  /// tolerance: ``LayoutTransition/_residualWeight(_:)``).
  /// It is 0 at t₀; from the transition's end on (w = 1) it is
  /// S(t) − S(end): the scroll goes on, and lands on its target moved with
  /// the content. A finger landing does not stop it before the transition
  /// ends (a transition keeps the offset until it completes); it stops the
  /// scroll it hands over to the resting stage.
  struct _Carried: Sendable {
    let axis: ScrollAxis
    let scroll: _ScrollMotion
    /// The scroll's offset at t₀.
    let from: Double

    /// Nil when `scroll` has landed by `time`.
    init?(axis: ScrollAxis, scroll: _ScrollMotion?, at time: AnimationTime) {
      guard let scroll, time < scroll.end else { return nil }
      (self.axis, self.scroll, self.from) = (axis, scroll, scroll.value(at: time))
    }

    /// The scroll, while it still moves at `time`.
    func moving(at time: AnimationTime) -> _ScrollMotion? { time < scroll.end ? scroll : nil }

    /// `offset` with the scroll's part added at `time`, at residual weight `w`.
    func offset(_ offset: CGPoint, at time: AnimationTime, weight w: Double) -> CGPoint {
      let added = (scroll.value(at: time) - from) - w * (scroll.landing - from)
      guard added != 0, added.isFinite else { return offset }
      var moved = offset
      if axis == .vertical { moved.y = CGFloat(Double(offset.y) + added) } else { moved.x = CGFloat(Double(offset.x) + added) }
      return moved
    }
  }
}
