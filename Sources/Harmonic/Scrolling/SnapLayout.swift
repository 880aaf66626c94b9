/// Items along one scroll axis, for snapping: sorted, non-overlapping extents
/// in reading order (item 0 at the leading end), plus the viewport and insets.
///
/// Positions are in points along the axis from the leading edge of the
/// content. In a right-to-left layout the leading edge is the right one;
/// ``Snapping`` mirrors offsets for you.
public struct SnapLayout: Sendable {
  enum Items: Sendable {
    case uniform(count: Int, extent: Double, spacing: Double)
    case explicit(starts: [Double], ends: [Double])
  }

  /// Uniform items as (pitch, extent), or explicit edges; kept as plain
  /// stored properties so queries read them without unpacking an enum.
  let _pitch: Double
  let _extent: Double
  let _count: Int
  let _starts: [Double]
  let _ends: [Double]
  /// The content extent along the axis, points.
  public let contentExtent: Double
  /// The viewport extent along the axis, points.
  public let viewportExtent: Double
  /// Content inset at the leading end, points (≥ 0).
  public let leadingInset: Double
  /// Content inset at the trailing end, points (≥ 0).
  public let trailingInset: Double

  /// Number of items.
  public var count: Int { _count }

  /// Items of one extent at k·(extent + spacing); content extent
  /// count·extent + (count − 1)·spacing.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   an empty layout, a non-positive extent, a negative spacing, or bad
  ///   viewport and insets.
  public static func uniform(
    count: Int, itemExtent: Double, spacing: Double = 0, viewport: Double, leadingInset: Double = 0, trailingInset: Double = 0
  ) throws(HarmonicError) -> SnapLayout {
    try _Check.count(count, "count", atLeast: 1, why: "an empty layout has nothing to snap to")
    try _Check.length(itemExtent, "itemExtent", positive: true)
    try _Check.length(spacing, "spacing")
    let content = Double(count) * itemExtent + Double(count - 1) * spacing
    try _checkViewport(viewport, leadingInset, trailingInset)
    return SnapLayout(
      items: .uniform(count: count, extent: itemExtent, spacing: spacing), contentExtent: content,
      viewportExtent: viewport, leadingInset: leadingInset, trailingInset: trailingInset)
  }

  /// Explicit item extents.
  ///
  /// - Parameters:
  ///   - starts: leading edges, points, sorted.
  ///   - ends: trailing edges, points; `ends[k] ≥ starts[k]` and
  ///     `ends[k] ≤ starts[k + 1]` (no overlap).
  ///   - contentExtent: the content's extent; default `ends.last`.
  ///   - viewport: the viewport's extent along the axis, points.
  ///   - leadingInset: content inset before the first item, points.
  ///   - trailingInset: content inset after the last item, points.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming
  ///   the first unsorted, overlapping or non-finite item.
  public init(
    starts: [Double], ends: [Double], contentExtent: Double? = nil, viewport: Double, leadingInset: Double = 0, trailingInset: Double = 0
  ) throws(HarmonicError) {
    try _Check.count(starts.count, "starts.count", atLeast: 1, why: "an empty layout has nothing to snap to")
    try _Check.shape(ends.count, "ends.count", expected: starts.count, what: "starts.count")
    for k in 0..<starts.count {
      try _Check.coordinate(starts[k], "starts[\(k)]")
      try _Check.coordinate(ends[k], "ends[\(k)]")
      try _Check.order(ends[k], "ends[\(k)]", .atLeast, starts[k], "starts[\(k)]")
      if k > 0 { try _Check.order(starts[k], "starts[\(k)]", .atLeast, ends[k - 1], "ends[\(k - 1)]", why: "items sorted, not overlapping") }
    }
    let content = contentExtent ?? ends[ends.count - 1]
    try _Check.coordinate(content, "contentExtent")
    try _Check.order(content, "contentExtent", .atLeast, ends[ends.count - 1], "the last item's end")
    try SnapLayout._checkViewport(viewport, leadingInset, trailingInset)
    self.init(
      items: .explicit(starts: starts, ends: ends), contentExtent: content, viewportExtent: viewport,
      leadingInset: leadingInset, trailingInset: trailingInset)
  }

  /// Pages of `pageSize` points (default: the viewport) over `contentExtent`,
  /// for paging without items.
  public static func pages(contentExtent: Double, viewport: Double, pageSize: Double? = nil) throws(HarmonicError) -> SnapLayout {
    let size = pageSize ?? viewport
    try _Check.length(size, "pageSize", positive: true)
    try _Check.length(contentExtent, "contentExtent", positive: true)
    try _checkViewport(viewport, 0, 0)
    // At least one page: content of 5e-324 pt over 1e12-pt pages divides to
    // exactly 0 (found by the fuzzer: a layout of 0 items, snap index −1).
    let pages = Swift.max(1, (contentExtent / size).rounded(.up))
    guard pages <= SnapLayout.maximumPageCount else {
      throw .invalidParameter(name: "pageSize", value: size, accepted: "≥ contentExtent/1e15 (points; at most 1e15 pages)")
    }
    let count = Int(pages)
    return SnapLayout(
      items: .uniform(count: count, extent: size, spacing: 0), contentExtent: contentExtent,
      viewportExtent: viewport, leadingInset: 0, trailingInset: 0)
  }

  init(items: Items, contentExtent: Double, viewportExtent: Double, leadingInset: Double, trailingInset: Double) {
    switch items {
    case let .uniform(count, extent, spacing):
      (_pitch, _extent, _count, _starts, _ends) = (extent + spacing, extent, count, [], [])
    case let .explicit(starts, ends):
      (_pitch, _extent, _count, _starts, _ends) = (0, 0, starts.count, starts, ends)
    }
    self.contentExtent = contentExtent
    self.viewportExtent = viewportExtent
    self.leadingInset = leadingInset
    self.trailingInset = trailingInset
  }

  /// Most pages ``pages(contentExtent:viewport:pageSize:)`` makes: page
  /// indices stay exact integers in a `Double`.
  static let maximumPageCount = 1e15

  static func _checkViewport(_ viewport: Double, _ leading: Double, _ trailing: Double) throws(HarmonicError) {
    try _Check.length(viewport, "viewport", positive: true)
    try _Check.length(leading, "leadingInset")
    try _Check.length(trailing, "trailingInset")
    guard leading + trailing < viewport else {
      throw .invalidParameter(
        name: "leadingInset + trailingInset", value: leading + trailing, accepted: "< viewport \(viewport) (the snap area must not be empty)")
    }
  }

  /// Leading edge of item k.
  @inline(__always)
  func start(_ k: Int) -> Double { _starts.isEmpty ? Double(k) * _pitch : _starts[k] }

  /// Trailing edge of item k.
  @inline(__always)
  func end(_ k: Int) -> Double { _starts.isEmpty ? Double(k) * _pitch + _extent : _ends[k] }

  /// The reachable offsets (leading edge of the viewport, flow coordinates):
  /// [−leadingInset, max(−leadingInset, contentExtent + trailingInset − viewport)].
  package var reachableOffsets: ClosedRange<Double> {
    let low = -leadingInset
    return low...max(low, contentExtent + trailingInset - viewportExtent)
  }

  /// The reachable content offsets in physical coordinates (what a scroll
  /// view reports). Left to right (the default) they are
  /// [−leadingInset, max(−leadingInset, contentExtent + trailingInset − viewport)];
  /// right to left the leading inset is on the right:
  /// [−trailingInset, max(−trailingInset, contentExtent + leadingInset − viewport)].
  /// When the content is shorter than the viewport the range is one point,
  /// and mirroring must land on it, not on `contentExtent − viewport`.
  public func reachableOffsets(isRightToLeft: Bool = false) -> ClosedRange<Double> {
    guard isRightToLeft else { return reachableOffsets }
    let low = -trailingInset
    return low...max(low, contentExtent + leadingInset - viewportExtent)
  }
}
