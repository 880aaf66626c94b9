/// Elements entering (or leaving) one after another: each holds still in an
/// ``AppearanceStyle`` pose until its turn, `delay` seconds after the one
/// before, then moves to its place along a progress motion — a spring, or
/// keyframes — from rest (C¹ from the hold). For views a host animates
/// itself (a SwiftUI list appearing, a grid's first load); a
/// ``LayoutTransition`` starts all its springs at one tick.
///
/// Element k's progress p runs 0 → 1 from tick `start + k·delay`: a
/// ``ValueAnimation`` of the spring from 0 to 1, or a ``KeyframeAnimation``
/// of the keys; before its tick it is exactly 0 (the pose), at its end
/// exactly 1 (the element's own attributes). Its attributes at p mix the
/// pose and its place channel by channel — center, size, both transforms'
/// entries and alpha, `a + (b − a)·p`, exactly `a` at 0 and `b` at 1 — as a
/// transition's springs would.
///
/// Cost: one evaluation of the element's progress motion and one mix of
/// its channels per element per frame.
public struct Cascade: Sendable {
  /// How the progress moves.
  public enum Progress: Sendable {
    /// A spring from 0 to 1, from rest.
    case spring(Spring)
    /// Keyframes of the progress; the last key's value must be 1 (the
    /// element's own attributes), or the element would rest part-entered.
    case keyframes([KeyframeAnimation<Double>.Key])
  }

  /// The pose elements enter from (and leave to, for an exit).
  public let style: AppearanceStyle
  /// Seconds between one element's start and the next's.
  public let delay: Double
  /// The tick element 0 starts at.
  public let start: AnimationTime
  public let progress: Progress
  let _step: AnimationTime

  /// - Parameters:
  ///   - style: the pose.
  ///   - delay: seconds between elements' starts, within [0, 60].
  ///   - progress: the progress motion (default the snappy spring).
  ///   - start: element 0's tick.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `delay` outside [0, 60] s, `style` for a pose with a
  ///   non-finite channel (a NaN scale, an infinite slide, a perspective
  ///   of 0), `progress` for keyframes whose last value is not 1, or the
  ///   keys as ``KeyframeAnimation`` does.
  public init(style: AppearanceStyle, delay: Double, progress: Progress = .spring(.snappy), start: AnimationTime = .zero) throws(HarmonicError) {
    try _Check.within(delay, "delay", .closed(0), .closed(60), unit: "s")
    try style._check()
    // The pose of a unit card at the origin: every channel must be finite.
    let probe = style.pose(LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: -0.5, y: -0.5, width: 1, height: 1)))
    if let bad = LayoutChannels.values(of: [probe], include3D: true).first(where: { !$0.isFinite }) {
      throw .invalidParameter(name: "style", value: bad, accepted: "a pose whose every channel is finite")
    }
    if case let .keyframes(keys) = progress {
      _ = try KeyframeAnimation(from: 0.0, keys: keys)
      // Not reached with no keys: KeyframeAnimation refuses an empty list.
      if let last = keys.last, last.value != 1 {
        throw .invalidParameter(name: "progress", value: last.value, accepted: "keyframes whose last value is 1 (the element in place)")
      }
    }
    (self.style, self.delay, self.progress, self.start) = (style, delay, progress, start)
    _step = try AnimationTime(seconds: delay)
  }

  /// Element `k`'s progress motion (0 → 1 from its start tick).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   a negative `k` (it was taken as element 0) or a start past the
  ///   clock's end (`k` too large).
  public func progress(ofElement k: Int) throws(HarmonicError) -> any Motion<Double> {
    guard k >= 0 else { throw .invalidParameter(name: "element", value: Double(k), accepted: "≥ 0 (an element's index in the cascade)") }
    let (offset, overflow) = _step.ticks.multipliedReportingOverflow(by: Int64(k))
    let (tick, past) = start.ticks.addingReportingOverflow(offset)
    guard !overflow, !past else {
      throw .invalidParameter(name: "element", value: Double(k), accepted: "an element whose start is before the clock's end")
    }
    switch progress {
    case let .spring(spring): return try ValueAnimation(value: 0.0, target: 1, spring: spring, start: AnimationTime(ticks: tick))
    case let .keyframes(keys): return try KeyframeAnimation(from: 0.0, keys: keys, start: AnimationTime(ticks: tick))
    }
  }

  /// Element `k`'s attributes at `time`, `final` its own (its place): the
  /// pose until its start, then the mix at its progress.
  ///
  /// - Throws: as ``progress(ofElement:)``, and
  ///   ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   `final` that is not valid attributes (a NaN or infinite center,
  ///   size or transform, as ``LayoutSnapshot`` checks them) or a pose of
  ///   it with a channel that is not (a custom pose, which the initializer
  ///   could try only on a unit card) — naming the element and channel.
  public func attributes(_ final: LayoutAttributes, ofElement k: Int, at time: AnimationTime) throws(HarmonicError) -> LayoutAttributes {
    try LayoutSnapshot.check(final)
    let pose = style.pose(final)
    try LayoutSnapshot.check(pose)
    return Cascade.mix(pose, final, progress: try progress(ofElement: k).value(at: time))
  }

  /// `a` and `b` mixed channel by channel at `p`: exactly `a` at 0, exactly
  /// `b` at 1; zIndex and hidden are `b`'s.
  static func mix(_ a: LayoutAttributes, _ b: LayoutAttributes, progress p: Double) -> LayoutAttributes {
    if p == 0 { return a }
    if p == 1 { return b }
    var mixed = b
    func x(_ u: CGFloat, _ v: CGFloat) -> CGFloat { CGFloat(_interpolate(Double(u), Double(v), p)) }
    mixed.center = CGPoint(x: x(a.center.x, b.center.x), y: x(a.center.y, b.center.y))
    mixed.size = CGSize(width: x(a.size.width, b.size.width), height: x(a.size.height, b.size.height))
    mixed.transform = a.transform.interpolated(to: b.transform, progress: p)
    mixed.transform3D = a.transform3D.interpolated(to: b.transform3D, progress: p)
    mixed.alpha = _interpolate(a.alpha, b.alpha, p)
    return mixed
  }
}
