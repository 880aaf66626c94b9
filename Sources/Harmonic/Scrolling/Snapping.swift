/// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`,
/// done properly: from the offset and velocity at the end of a drag to the
/// content offset the scroll should come to rest at.
///
/// The rules, in order (one axis; run two queries for two axes):
/// 1. The natural rest offset r = offset − v/(1000·ln d), the exact end of
///    the exponential deceleration at rate d per millisecond.
/// 2. Candidates: for each item, the offset that aligns it with the snap area
///    (viewport minus insets) as `alignment` says. An item larger than the
///    snap area is a whole range of candidates — every offset where it covers
///    the snap area — so it can be scrolled inside freely (the CSS
///    scroll-snap rule).
/// 3. The candidate nearest r. If |v| ≥ the minimum fling velocity (default 50
///    points/s), the result lies strictly ahead of the current offset in the
///    direction of v — a flick never snaps back, and a short quick flick moves
///    one item; if no candidate lies ahead, the last one in that direction.
/// 4. Optionally at most n items per flick (paging: n = 1), and never past a
///    *stop* item (`scroll-snap-stop: always`). With a flick (|v| ≥ the
///    minimum fling velocity) the limit counts from the current offset in the
///    direction of the flick: the first candidate strictly ahead is 1 away,
///    the next 2, and so on, and the result is the candidate nearest the rest
///    offset among those at most n away (the n-th is the limit even when it
///    is the last item). When the current offset lies inside an oversized
///    item's range, the rest of that range ahead is the first step — its end
///    is 1 away and the items ahead count from 2 — so paging through long
///    cards never skips content: a flick inside a card reaches its end, the
///    next flick enters the next card at its start. Without a flick the
///    limit counts from the item nearest the current offset.
///    An item reached through the limit or a stop is entered at its first
///    snap position in the direction of travel — also when the rest offset
///    lies inside it — its range's start going forward, its range's end
///    going back (for an item that fits, its one aligned offset). With
///    pages of 375, n = 1: from 400 a flick back lands on 375, from 725 a
///    flick forward on 750.
/// 5. Clamped to the reachable range
///    [−leadingInset, max(−leadingInset, contentExtent + trailingInset − viewport)]:
///    the first and last items are reached as far as possible, never overshot.
/// 6. Ties go to the direction of v, else to the lower index.
///
/// With v = 0, center alignment and no insets this is the classic "item
/// nearest the viewport center" snap, except that it also clamps at the far end.
///
/// Units: offsets in points (the leading edge of the viewport in content
/// coordinates, like `contentOffset`), velocities in points per **second**
/// (UIKit's `withScrollingVelocity` is in points per millisecond: multiply by
/// 1000). In right-to-left layouts offsets and velocities are physical (x grows
/// to the right) while items are listed in reading order from the right edge.
///
/// - Complexity: O(log n) per query (binary searches), O(log s) for s stops.
public enum Snapping {
  /// How a snap query behaves beyond the layout itself.
  public struct Options: Sendable {
    public var alignment: SnapAlignment
    /// Deceleration rate per millisecond, in (0, 1). Default 0.998 (UIKit's normal).
    public var decelerationRate: Double
    /// Velocities at least this fast (points/s) count as a flick (rule 3). Default 50.
    public var minimumFlingVelocity: Double
    /// At most this many items per flick (rule 4); `nil` for no limit. With a
    /// flick the count starts at the current offset: the first candidate
    /// strictly ahead in the flick's direction is 1 away, the next 2. Without
    /// one it starts at the item nearest the current offset.
    public var maximumItemsPerFlick: Int?
    /// Sorted indices of items a scroll must not pass (rule 4).
    public var stopItems: [Int]
    /// Mirror offsets for a right-to-left layout.
    public var isRightToLeft: Bool

    public init(
      alignment: SnapAlignment = .center, decelerationRate: Double = ScrollDeceleration.normal,
      minimumFlingVelocity: Double = 50, maximumItemsPerFlick: Int? = nil, stopItems: [Int] = [], isRightToLeft: Bool = false
    ) {
      self.alignment = alignment
      self.decelerationRate = decelerationRate
      self.minimumFlingVelocity = minimumFlingVelocity
      self.maximumItemsPerFlick = maximumItemsPerFlick
      self.stopItems = stopItems
      self.isRightToLeft = isRightToLeft
    }
  }

  /// A snap decision.
  public struct Decision: Sendable, Hashable {
    /// The content offset to come to rest at, points (physical).
    public let target: Double
    /// The item snapped to.
    public let index: Int
    /// Where the deceleration alone would have stopped, points (physical, unclamped).
    public let restOffset: Double
    /// The offset, velocity and deceleration rate the query started from
    /// (physical), for ``motion(spring:start:)``.
    package let offset: Double, velocity: Double, decelerationRate: Double

    /// How to get there: a spring from the current offset carrying the
    /// release velocity (C¹ hand-off) — or, when the natural deceleration
    /// already ends within 5 % of its rate at the target, that deceleration
    /// with its rate adjusted to end on the target (to 1e-9 of the larger of
    /// 1 pt, |offset| and |target|; a rate within ~1e-15 of 1 cannot be
    /// stored that precisely — its rest offset was off by 0.94 pt in 1,339,
    /// found by the fuzzer — and then the spring is used). It starts at
    /// tick `start`, the release's.
    public func motion(spring: Spring = Snapping.defaultSpring, start: AnimationTime = .zero) throws(HarmonicError) -> SnapMotion {
      try Snapping._motion(from: offset, velocity: velocity, to: target, rate: decelerationRate, spring: spring, start: start)
    }
  }

  /// A snap's motion (see ``Decision/motion(spring:start:)``).
  package static func _motion(
    from offset: Double, velocity: Double, to target: Double, rate decelerationRate: Double, spring: Spring, start: AnimationTime = .zero
  ) throws(HarmonicError)
    -> SnapMotion
  {
    if let rate = ScrollDeceleration.decelerationRate(toRestAt: target, from: offset, velocity: velocity) {
      // |ln a / ln b − 1|: how much the decay constant changes.
      let change = (ScrollDeceleration.decayConstantPerSecond(rate) / ScrollDeceleration.decayConstantPerSecond(decelerationRate) - 1).magnitude
      if change <= 0.05 {
        let deceleration = try ScrollDeceleration(decelerationRate: rate, from: offset, velocity: velocity, start: start)
        if (deceleration.restOffset - target).magnitude <= 1e-9 * Swift.max(1, target.magnitude, offset.magnitude) {
          return .deceleration(deceleration)
        }
      }
    }
    return .spring(try SpringMotion(spring: spring, from: offset, to: target, initialVelocity: velocity, start: start))
  }

  /// The default spring to a snap target: critically damped, 0.4 s duration.
  public static let defaultSpring: Spring = {
    _libraryConstant { try Spring(duration: 0.4, bounce: 0) }
  }()

  /// The target content offset for a drag that ends at `offset` with `velocity`.
  ///
  /// - Parameters:
  ///   - layout: the items along the axis.
  ///   - offset: the current content offset, points (physical).
  ///   - velocity: the release velocity, points per second (physical).
  ///   - options: alignment, deceleration, flick and paging rules, RTL.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite offset or velocity, a rate outside (0, 1), a negative
  ///   minimum fling velocity or item limit, or unsorted / out-of-range stops.
  public static func target(layout: SnapLayout, offset: Double, velocity: Double, options: Options = Options()) throws(HarmonicError) -> Decision {
    try _Check.coordinate(offset, "offset")
    try _Check.scrollVelocity(velocity, "velocity")
    try _Check.positive(options.minimumFlingVelocity, "minimumFlingVelocity", orZero: true, unit: "points/s")
    if let n = options.maximumItemsPerFlick { try _Check.count(n, "maximumItemsPerFlick", atLeast: 1, why: "nil for no limit") }
    for (position, stop) in options.stopItems.enumerated() {
      try _Check.index(stop, "stopItems[\(position)]", count: layout.count)
      if position > 0 {
        try _Check.order(
          Double(stop), "stopItems[\(position)]", .above, Double(options.stopItems[position - 1]), "stopItems[\(position - 1)]", why: "sorted, distinct")
      }
    }
    let flow = _FlowSnapper(layout: layout, alignment: options.alignment)
    let mirror = options.isRightToLeft
    let current = mirror ? layout.contentExtent - offset - layout.viewportExtent : offset
    let v = mirror ? -velocity : velocity
    let rest = try ScrollDeceleration(decelerationRate: options.decelerationRate, from: current, velocity: v).restOffset

    // Rules 2, 3 and 6: the candidate nearest the rest offset.
    var (index, point) = flow.nearest(to: rest, preferring: v)
    if v.magnitude >= options.minimumFlingVelocity, v != 0 {
      if v > 0, !(point > current) {
        if let k = flow.firstItem(withHighAbove: current) {
          (index, point) = (k, flow.point(k, nearest: rest))
        } else {
          (index, point) = (layout.count - 1, flow.high(layout.count - 1))
        }
      } else if v < 0, !(point < current) {
        if let k = flow.lastItem(withLowBelow: current) { (index, point) = (k, flow.point(k, nearest: rest)) } else { (index, point) = (0, flow.low(0)) }
      }
    }

    // Rule 4: the item limit and the stops. With a flick they count from the
    // current offset in the direction of travel (the rest of an oversized
    // item's range the offset lies in is where it is, not a step); without
    // one, from the item nearest the current offset.
    let flick = v.magnitude >= options.minimumFlingVelocity && v != 0
    // A limit beyond the item count is no limit (and keeps the index arithmetic in range).
    let itemLimit = options.maximumItemsPerFlick.map { min($0, layout.count) }
    if let n = itemLimit, flick {
      if v > 0 {
        let ahead = flow.firstItem(withLowAbove: current) ?? layout.count
        // Inside an oversized item whose range goes on ahead, the rest of
        // that range is the first step: its end is 1 away, the items ahead
        // count from 2, so a page never skips the content under the finger.
        let inside = ahead > 0 && flow.high(ahead - 1) > current
        var limit = (inside ? ahead - 1 : ahead) + n - 1
        if let stop = firstStop(options.stopItems, atOrAbove: ahead), stop < limit { limit = stop }
        // Rule 2: an item reached through the limit or a stop is entered at
        // its first snap position in the direction of travel — also when
        // the rest lies inside it: an oversized item is never entered past
        // its start — and the item the scroll is in is left at the end of its range.
        if limit < layout.count, index > limit || (index == limit && limit >= ahead) {
          (index, point) = (limit, limit < ahead ? flow.high(limit) : flow.low(limit))
        }
      } else {
        let ahead = flow.lastItem(withHighBelow: current) ?? -1
        let inside = ahead + 1 < layout.count && flow.low(ahead + 1) < current
        var limit = (inside ? ahead + 1 : ahead) - n + 1
        if let stop = lastStop(options.stopItems, atOrBelow: ahead), stop > limit { limit = stop }
        if limit >= 0, index < limit || (index == limit && limit <= ahead) {
          (index, point) = (limit, limit > ahead ? flow.low(limit) : flow.high(limit))
        }
      }
    } else if flick, itemLimit == nil, !options.stopItems.isEmpty {
      if v > 0, let stop = firstStop(options.stopItems, atOrAbove: flow.firstItem(withLowAbove: current) ?? layout.count), index > stop {
        (index, point) = (stop, flow.low(stop))
      } else if v < 0, let stop = lastStop(options.stopItems, atOrBelow: flow.lastItem(withHighBelow: current) ?? -1), index < stop {
        (index, point) = (stop, flow.high(stop))
      }
    } else if itemLimit != nil || !options.stopItems.isEmpty {
      let anchor = flow.nearest(to: current, preferring: 0).index
      var limited = index
      if let n = itemLimit {
        limited = min(max(limited, anchor - n), anchor + n)
      }
      if limited > anchor, let stop = firstStop(options.stopItems, above: anchor), stop < limited { limited = stop }
      if limited < anchor, let stop = lastStop(options.stopItems, below: anchor), stop > limited { limited = stop }
      if limited != index { (index, point) = (limited, flow.point(limited, nearest: rest)) }
    }

    // Rule 5: the reachable range, in physical coordinates (mirrored, a
    // one-point flow range — content shorter than the viewport — is the one
    // physical point −trailingInset, not contentExtent − viewport).
    func physical(_ x: Double) -> Double { mirror ? layout.contentExtent - x - layout.viewportExtent : x }
    let range = layout.reachableOffsets(isRightToLeft: mirror)
    let target = min(max(physical(point), range.lowerBound), range.upperBound) + 0  // + 0 turns −0 into +0
    return Decision(
      target: target, index: index, restOffset: physical(rest), offset: offset, velocity: velocity,
      decelerationRate: options.decelerationRate)
  }

  static func firstStop(_ stops: [Int], above anchor: Int) -> Int? {
    let k = _partitionPoint(count: stops.count) { stops[$0] > anchor }
    return k < stops.count ? stops[k] : nil
  }

  static func firstStop(_ stops: [Int], atOrAbove index: Int) -> Int? { firstStop(stops, above: index - 1) }
  static func lastStop(_ stops: [Int], atOrBelow index: Int) -> Int? { lastStop(stops, below: index + 1) }

  static func lastStop(_ stops: [Int], below anchor: Int) -> Int? {
    let k = _partitionPoint(count: stops.count) { stops[$0] >= anchor }
    return k > 0 ? stops[k - 1] : nil
  }
}
