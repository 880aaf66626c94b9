/// The viewport of a scroll view: its size and content insets, in points.
///
/// Cost: a value of 64 bytes; its queries are O(1).
public struct Viewport: Sendable, Hashable {
  /// Width and height, points.
  public private(set) var size: CGSize
  /// Content insets (a navigation bar's height at the top, say), points.
  public private(set) var insets: LayoutInsets

  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   width or height outside (0, 1e12] points, an inset outside [0, 1e12]
  ///   points, or insets that leave no visible area.
  public init(size: CGSize, insets: LayoutInsets = .zero) throws(HarmonicError) {
    try _Check.length(Double(size.width), "viewport width", positive: true)
    try _Check.length(Double(size.height), "viewport height", positive: true)
    try insets.check("insets")
    guard insets.left + insets.right < Double(size.width), insets.top + insets.bottom < Double(size.height) else {
      let horizontal = !(insets.left + insets.right < Double(size.width))
      throw .invalidParameter(
        name: horizontal ? "insets.left + insets.right" : "insets.top + insets.bottom",
        value: horizontal ? insets.left + insets.right : insets.top + insets.bottom,
        accepted: "< the viewport's \(horizontal ? "width \(size.width)" : "height \(size.height)") (the insets must leave a visible area)")
    }
    self.size = size
    self.insets = insets
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(size: size)
    hasher.combine(insets)
  }

  /// The reachable content offsets on each axis:
  /// [−inset.leading, max(−inset.leading, content + inset.trailing − viewport)].
  public func reachable(content: CGSize) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
    let x = -insets.left...max(-insets.left, Double(content.width) + insets.right - Double(size.width))
    let y = -insets.top...max(-insets.top, Double(content.height) + insets.bottom - Double(size.height))
    return (x, y)
  }

  /// `offset` clamped into the reachable ranges.
  public func clamp(_ offset: CGPoint, content: CGSize) -> CGPoint {
    let (x, y) = reachable(content: content)
    return CGPoint(x: min(max(Double(offset.x), x.lowerBound), x.upperBound) + 0, y: min(max(Double(offset.y), y.lowerBound), y.upperBound) + 0)
  }

  /// The visible rect at `offset` (the whole viewport, insets included).
  public func visibleRect(at offset: CGPoint) -> CGRect { CGRect(origin: offset, size: size) }
}
