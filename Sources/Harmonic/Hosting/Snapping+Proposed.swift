extension Snapping {
  /// Where a scroll should stop, from what SwiftUI's `ScrollTargetBehavior`
  /// is told: the end its own deceleration proposes, and the release
  /// velocity. The offset at the release is that end less the
  /// deceleration's exact travel at `options.decelerationRate`
  /// (``ScrollDeceleration/restOffset``), and the decision is
  /// ``target(layout:offset:velocity:options:)``'s from there: paging that
  /// never skips content, items per flick, alignment, stops. The other axis
  /// keeps its proposed offset. With no velocity (SwiftUI also asks after a
  /// size change) the proposed offset is the release offset: the nearest
  /// target.
  ///
  /// - Parameters:
  ///   - proposed: the proposed content offset (the target rect's origin), points.
  ///   - velocity: the scroll's velocity, points per second (SwiftUI's
  ///     `context.velocity`, taken as points per second).
  ///   - axis: the axis that snaps.
  ///   - layout: the snap targets along it.
  ///   - options: alignment, deceleration rate, flick limits.
  /// - Returns: the content offset to stop at.
  /// - Throws: as ``target(layout:offset:velocity:options:)``, and
  ///   ``HarmonicError/invalidParameter(name:value:accepted:)`` naming
  ///   `proposed` or `velocity` when either coordinate (the other axis's
  ///   too, which is returned as given) is not finite or out of range.
  public static func target(
    proposed: CGPoint, velocity: CGPoint, axis: ScrollAxis, layout: SnapLayout, options: Options = Options()
  ) throws(HarmonicError) -> CGPoint {
    let vertical = axis == .vertical
    let end = Double(vertical ? proposed.y : proposed.x), v = Double(vertical ? velocity.y : velocity.x)
    try _Check.coordinate(end, "proposed")
    try _Check.coordinate(Double(vertical ? proposed.x : proposed.y), "proposed")
    try _Check.scrollVelocity(v, "velocity", unit: "points/s")
    try _Check.scrollVelocity(Double(vertical ? velocity.x : velocity.y), "velocity", unit: "points/s")
    let travel = try ScrollDeceleration(decelerationRate: options.decelerationRate, from: 0, velocity: v).restOffset
    let decision = try target(layout: layout, offset: end - travel, velocity: v, options: options)
    return vertical ? CGPoint(x: proposed.x, y: CGFloat(decision.target)) : CGPoint(x: CGFloat(decision.target), y: proposed.y)
  }
}
