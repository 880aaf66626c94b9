/// Where elements are relative to the viewport along the scroll axis, and
/// how fast that changes: the input of a scroll-driven effect
/// (``ScrollEffect``), for every visible element at once.
///
/// An element's **distance** is the signed distance, in points, from the
/// viewport's reference line to the element's matching point, counted in
/// reading order: with ``SnapAlignment/center`` the element's center from
/// the viewport's center, with ``SnapAlignment/leading`` its leading edge
/// from the viewport's leading edge (the right edge in right-to-left
/// layouts), with ``SnapAlignment/trailing`` the trailing edges. Negative
/// is before the reference (an element that has scrolled past the leading
/// edge), positive after it. Its **phase** is the distance in the chosen
/// ``Scale``, and its **phase velocity** the phase's change per second: the element's
/// own velocity along the axis (0 at rest; a transition's frame gives it)
/// minus the scroll's.
///
/// With ``Scale/viewport`` the phase runs −1 … 0 … 1 as the element crosses
/// the viewport, as SwiftUI's `scrollTransition` phase does: ±1 exactly
/// where the element has just left the viewport on that side, 0 on the
/// reference. Before the reference it is the distance over the span that
/// takes it off screen on the leading side, after it over the span to the
/// trailing side: (V + E)/2 on both sides for center alignment (V the
/// viewport's extent, E the element's), E before and V after for leading,
/// V before and E after for trailing.
///
/// The arithmetic is a few subtractions and one division per element,
/// each rounded once in a fixed order (no fused multiply-add): the same
/// bits on every machine. When the scroll is a Harmonic motion (a snap, a
/// deceleration, a springy scroll), its offset and velocity at a tick are
/// pure functions of the tick, so the phases at a tick are too, whatever
/// the frame schedule.
///
/// Cost: O(1) per element; ``phases(centers:extents:velocities:offset:offsetVelocity:viewportExtent:into:phaseVelocities:)``
/// reads and writes flat columns (structure of arrays) with no allocation.
public struct ScrollPhase: Sendable, Hashable {
  /// The unit of a phase.
  public enum Scale: Sendable, Hashable {
    /// −1 … 0 … 1 across the viewport (see ``ScrollPhase``).
    case viewport
    /// Points: the distance itself.
    case points
    /// Items of a carousel: the distance over `pitch` points (the card
    /// pitch, card extent plus spacing), so ±1 is one card away.
    case pitch(Double)
  }

  /// The axis the content scrolls along.
  public let axis: ScrollAxis
  /// Which line of the viewport, and which point of an element, the
  /// distance runs between.
  public let alignment: SnapAlignment
  /// The unit of the phase.
  public let scale: Scale
  /// Reading order runs right to left (horizontal axis only): phases are
  /// mirrored, so negative is still before the reference in reading order.
  public let isRightToLeft: Bool

  /// - Parameters:
  ///   - axis: the scroll axis.
  ///   - alignment: the reference; default the center (a carousel's snap).
  ///   - scale: the phase's unit; default ``Scale/viewport``.
  ///   - rightToLeft: mirror a horizontal axis for right-to-left reading.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `pitch` for a pitch outside [1e-6, 1e12] points (a smaller
  ///   one, down to a subnormal, made phases of ±∞).
  public init(axis: ScrollAxis, alignment: SnapAlignment = .center, scale: Scale = .viewport, isRightToLeft rightToLeft: Bool = false) throws(HarmonicError) {
    if case let .pitch(pitch) = scale {
      try _Check.within(pitch, "pitch", .closed(ScrollPhase.minimumExtent), .closed(_Check.maximumLength), unit: "points")
    }
    (self.axis, self.alignment, self.scale, self.isRightToLeft) = (axis, alignment, scale, rightToLeft && axis == .horizontal)
  }

  /// The smallest pitch and viewport extent a phase is measured in, points:
  /// with it every phase of accepted geometry is finite (|distance| ≤ 2e12
  /// over at least 1e-6), except where an element's own extent is the
  /// span (see ``phase(center:extent:velocity:offset:offsetVelocity:viewportExtent:)``).
  package static let minimumExtent = 1e-6

  /// Throws unless the scalar forms' geometry is in range (as the column
  /// form's, with the viewport extent at least 1e-6).
  func _check(center: Double, extent: Double, offset: Double, viewportExtent: Double) throws(HarmonicError) {
    try _Check.coordinate(center, "center")
    try _Check.length(extent, "extent")
    try _Check.coordinate(offset, "offset")
    try _Check.within(viewportExtent, "viewportExtent", .closed(ScrollPhase.minimumExtent), .closed(_Check.maximumLength), unit: "points")
  }

  /// The signed distance in points, in reading order, from the viewport's
  /// reference line to the element's matching point.
  ///
  /// - Parameters:
  ///   - center: the element's center along the axis, content coordinates.
  ///   - extent: the element's extent along the axis, points (≥ 0).
  ///   - offset: the content offset along the axis (the viewport's origin).
  ///   - viewportExtent: the viewport's extent along the axis, points.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `center` or `offset` beyond ±1e12 points or not finite,
  ///   `extent` outside [0, 1e12] or `viewportExtent` outside [1e-6, 1e12].
  public func distance(center: Double, extent: Double, offset: Double, viewportExtent: Double) throws(HarmonicError) -> Double {
    try _check(center: center, extent: extent, offset: offset, viewportExtent: viewportExtent)
    return _distance(center: center, extent: extent, offset: offset, viewportExtent: viewportExtent)
  }

  /// ``distance(center:extent:offset:viewportExtent:)`` unchecked.
  @inlinable
  func _distance(center: Double, extent: Double, offset: Double, viewportExtent: Double) -> Double {
    // In content coordinates first, then mirrored: leading is the far edge in RTL.
    let half = extent / 2, viewHalf = viewportExtent / 2
    let element: Double, view: Double
    switch (alignment, isRightToLeft) {
    case (.center, _): (element, view) = (center, offset + viewHalf)
    case (.leading, false), (.trailing, true): (element, view) = (center - half, offset)
    case (.leading, true), (.trailing, false): (element, view) = (center + half, offset + viewportExtent)
    }
    return isRightToLeft ? view - element : element - view
  }

  /// The points per unit of phase on the side of the reference that
  /// `distance` is on (for ``Scale/points``, 1).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `distance` when it is NaN, `extent` outside [0, 1e12] or
  ///   `viewportExtent` outside [1e-6, 1e12].
  public func span(distance: Double, extent: Double, viewportExtent: Double) throws(HarmonicError) -> Double {
    try _Check.holds(!distance.isNaN, "distance", value: distance, accepted: "a distance that is not NaN")
    try _check(center: 0, extent: extent, offset: 0, viewportExtent: viewportExtent)
    return _span(distance: distance, extent: extent, viewportExtent: viewportExtent)
  }

  /// ``span(distance:extent:viewportExtent:)`` unchecked.
  @inlinable
  func _span(distance: Double, extent: Double, viewportExtent: Double) -> Double {
    switch scale {
    case .points: return 1
    case let .pitch(pitch): return pitch
    case .viewport:
      switch (alignment, distance < 0) {
      case (.center, _): return (viewportExtent + extent) / 2
      case (.leading, true), (.trailing, false): return extent
      case (.leading, false), (.trailing, true): return viewportExtent
      }
    }
  }

  /// One element's phase and phase velocity (phase per second).
  ///
  /// - Parameters:
  ///   - center: the element's center along the axis, content coordinates.
  ///   - extent: its extent along the axis, points.
  ///   - velocity: its own velocity along the axis, points per second (0 at rest).
  ///   - offset: the content offset along the axis, points.
  ///   - offsetVelocity: the offset's velocity, points per second.
  ///   - viewportExtent: the viewport's extent along the axis, points.
  /// - Returns: the phase in the ``scale``'s unit and its velocity, phase per second,
  ///   never NaN. Where the span is the element's own extent
  ///   (``Scale/viewport`` with leading alignment before the reference, or
  ///   trailing after it), an element of extent 0 has a phase of ±∞ off
  ///   the reference and 0 on it, and one thinner than |distance| / 1.8e308
  ///   points (under 1.2e-296 pt) ±∞ too: the only infinite results.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `center` or `offset` beyond ±1e12 points, `extent` outside
  ///   [0, 1e12], `velocity` or `offsetVelocity` beyond ±1e12 points per
  ///   second, or `viewportExtent` outside [1e-6, 1e12] — as the column
  ///   form checks them.
  public func phase(
    center: Double, extent: Double, velocity: Double = 0, offset: Double, offsetVelocity: Double = 0, viewportExtent: Double
  ) throws(HarmonicError) -> (phase: Double, phaseVelocity: Double) {
    try _check(center: center, extent: extent, offset: offset, viewportExtent: viewportExtent)
    try _Check.scrollVelocity(velocity, "velocity")
    try _Check.scrollVelocity(offsetVelocity, "offsetVelocity")
    let d = _distance(center: center, extent: extent, offset: offset, viewportExtent: viewportExtent)
    return _phase(distance: d, extent: extent, velocity: velocity, offsetVelocity: offsetVelocity, viewportExtent: viewportExtent)
  }

  /// The phase and phase velocity of an element `d` points from the reference.
  @inlinable
  func _phase(distance d: Double, extent: Double, velocity: Double, offsetVelocity: Double, viewportExtent: Double) -> (phase: Double, phaseVelocity: Double) {
    let span = _span(distance: d, extent: extent, viewportExtent: viewportExtent)
    let relative = isRightToLeft ? offsetVelocity - velocity : velocity - offsetVelocity
    guard span > 0 else { return (d == 0 ? 0 : d < 0 ? -.infinity : .infinity, 0) }
    return (d / span, relative / span)
  }

  /// Every element's phase and phase velocity at once, from columns (structure of
  /// arrays): element k's center, extent and own velocity along the axis.
  ///
  /// - Parameters:
  ///   - centers: centers along the axis, content coordinates.
  ///   - extents: extents along the axis, points (one per center).
  ///   - velocities: own velocities along the axis, points per second;
  ///     empty for elements at rest.
  ///   - offset: the content offset along the axis.
  ///   - offsetVelocity: its velocity, points per second.
  ///   - viewportExtent: the viewport's extent along the axis, points,
  ///     within [1e-6, 1e12] (1e-6).
  ///   - phases: written, one per element (resized if needed).
  ///   - phaseVelocities: written, one per element (resized if needed).
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   columns of different counts, a center or offset beyond ±1e12 points,
  ///   an extent outside [0, 1e12], a velocity beyond ±1e12 points per second,
  ///   or a viewport extent outside [1e-6, 1e12] — naming the first, as
  ///   `centers[k]` — and nothing is written then.
  /// - Complexity: O(n), no allocation when the outputs already hold n values.
  public func phases(
    centers: [Double], extents: [Double], velocities: [Double] = [], offset: Double, offsetVelocity: Double = 0,
    viewportExtent: Double, into phases: inout [Double], phaseVelocities: inout [Double]
  ) throws(HarmonicError) {
    let n = centers.count
    try _Check.shape(extents.count, "extents.count", expected: n, what: "one per center")
    if !velocities.isEmpty { try _Check.shape(velocities.count, "velocities.count", expected: n, what: "one per center, or none") }
    try _Check.coordinate(offset, "offset")
    try _Check.scrollVelocity(offsetVelocity, "offsetVelocity")
    try _Check.within(viewportExtent, "viewportExtent", .closed(ScrollPhase.minimumExtent), .closed(_Check.maximumLength), unit: "points")
    // One pass that only reads, so that nothing is written for a bad column.
    var valid = true
    for k in 0..<n {
      let ok = centers[k].magnitude <= _Check.maximumCoordinate && extents[k] >= 0 && extents[k] <= _Check.maximumLength
      valid = valid && ok && (velocities.isEmpty || velocities[k].magnitude <= _Check.maximumScrollVelocity)
    }
    if !valid {
      for k in 0..<n {
        try _Check.coordinate(centers[k], "centers[\(k)]")
        try _Check.length(extents[k], "extents[\(k)]")
        if !velocities.isEmpty { try _Check.scrollVelocity(velocities[k], "velocities[\(k)]") }
      }
    }
    if phases.count != n { phases = [Double](repeating: 0, count: n) }
    if phaseVelocities.count != n { phaseVelocities = [Double](repeating: 0, count: n) }
    // The scalar arithmetic of phase(center:…), its choices made once: the
    // same operations in the same order, so the same bits.
    let view: Double, side: Double  // the reference line; the element point's offset in half extents
    switch (alignment, isRightToLeft) {
    case (.center, _): (view, side) = (offset + viewportExtent / 2, 0)
    case (.leading, false), (.trailing, true): (view, side) = (offset, -1)
    case (.leading, true), (.trailing, false): (view, side) = (offset + viewportExtent, 1)
    }
    let mirrored = isRightToLeft
    let fixedSpan: Double? =
      switch scale {
      case .points: 1
      case let .pitch(pitch): pitch
      case .viewport: nil
      }
    let centered = alignment == .center
    let (beforeIsExtent, afterIsExtent) = (alignment == .leading, alignment == .trailing)
    centers.withUnsafeBufferPointer { centers in
      extents.withUnsafeBufferPointer { extents in
        velocities.withUnsafeBufferPointer { velocities in
          phases.withUnsafeMutableBufferPointer { phases in
            phaseVelocities.withUnsafeMutableBufferPointer { phaseVelocities in
              for k in 0..<n {
                let extent = extents[k]
                let element = side == 0 ? centers[k] : side < 0 ? centers[k] - extent / 2 : centers[k] + extent / 2
                let d = mirrored ? view - element : element - view
                let span =
                  fixedSpan
                  ?? (centered
                    ? (viewportExtent + extent) / 2 : (d < 0 ? beforeIsExtent : afterIsExtent) ? extent : viewportExtent)
                let v = velocities.isEmpty ? 0 : velocities[k]
                let relative = mirrored ? offsetVelocity - v : v - offsetVelocity
                if span > 0 {
                  (phases[k], phaseVelocities[k]) = (d / span, relative / span)
                } else {
                  (phases[k], phaseVelocities[k]) = (d == 0 ? 0 : d < 0 ? -.infinity : .infinity, 0)
                }
              }
            }
          }
        }
      }
    }
  }

  /// The phase and phase velocity of `attributes` (its untransformed frame) seen
  /// through the visible rect `rect` (the viewport at its content offset),
  /// the scroll moving at `offsetVelocity` and the element at `velocity`
  /// (points per second; nil: at rest).
  ///
  /// - Throws: as ``phase(center:extent:velocity:offset:offsetVelocity:viewportExtent:)``,
  ///   for the components along ``axis``.
  public func phase(
    of attributes: LayoutAttributes, in rect: CGRect, velocity: CGPoint? = nil, offsetVelocity: CGPoint? = nil
  ) throws(HarmonicError) -> (phase: Double, phaseVelocity: Double) {
    let horizontal = axis == .horizontal
    let (velocity, offsetVelocity) = (velocity ?? CGPoint(x: 0, y: 0), offsetVelocity ?? CGPoint(x: 0, y: 0))
    return try phase(
      center: Double(horizontal ? attributes.center.x : attributes.center.y),
      extent: Double(horizontal ? attributes.size.width : attributes.size.height),
      velocity: Double(horizontal ? velocity.x : velocity.y),
      offset: Double(horizontal ? rect.origin.x : rect.origin.y),
      offsetVelocity: Double(horizontal ? offsetVelocity.x : offsetVelocity.y),
      viewportExtent: Double(horizontal ? rect.size.width : rect.size.height))
  }
}
