/// Scale, alpha and zIndex of carousel items from the distance d between an
/// item's center and the viewport's center along the scroll axis.
public enum CarouselDecoration: Sendable, Hashable {
  /// Linear: scale = max(0, 1 − (d / (W/2))·shrink), W the viewport
  /// extent: items beyond W/2 keep shrinking until they vanish (never a
  /// negative, mirroring scale). Alpha unchanged. `shrink` is taken as at
  /// least 0 when applied (a negative or NaN shrink is 0: no change), so
  /// the scale stays within [0, 1].
  case linear(shrink: Double)
  /// UPCarouselFlowLayout's clamped form: ratio = (D − min(d, D))/D,
  /// scale = side + ratio·(1 − side), alpha = sideAlpha + ratio·(1 − sideAlpha);
  /// D the distance at which an item becomes a side item (typically the
  /// item pitch). A D that is not positive and finite gives ratio 1 (no
  /// falloff); `sideScale` and `sideAlpha` are clamped into [0, 1] (NaN
  /// becomes 1: no change) when applied.
  case clamped(sideScale: Double, sideAlpha: Double, maxDistance: Double)

  /// The common cover-flow default: linear, an item half a viewport away
  /// drawn at 75 % (shrink 0.25).
  public static let standard = CarouselDecoration.linear(shrink: 0.25)

  /// Applies scale (as the affine transform), alpha and zIndex (nearer the
  /// center is on top: zIndex = −round(d)) to attributes for a viewport whose
  /// center along the scroll axis is `viewportCenter`. The zIndex saturates
  /// at −2⁵³ for distances beyond 2⁵³ points (and for a NaN distance), so
  /// no input traps. A viewport center or extent that is not finite, or an
  /// extent that is not positive, leaves the attributes unchanged; a linear
  /// scale that would fall below 0 is 0. Scale and alpha are therefore
  /// always within [0, 1] for attributes whose alpha is.
  public func apply(to attributes: inout LayoutAttributes, viewportCenter: Double, viewportExtent: Double, axis: ScrollAxis) {
    guard viewportCenter.isFinite, viewportExtent.isFinite, viewportExtent > 0 else { return }
    let center = axis == .horizontal ? Double(attributes.center.x) : Double(attributes.center.y)
    let d = (center - viewportCenter).magnitude
    var scale = 1.0, alpha = attributes.alpha
    switch self {
    case let .linear(shrink):
      // A negative shrink would grow items past 1, a NaN one would make every scale 0.
      let shrink = shrink > 0 ? shrink : 0
      scale = max(0, 1 - d / (viewportExtent / 2) * shrink)
    case let .clamped(sideScale, sideAlpha, maxDistance):
      func unit(_ x: Double) -> Double { x.isNaN ? 1 : min(max(x, 0), 1) }
      let (sideScale, sideAlpha) = (unit(sideScale), unit(sideAlpha))
      // An infinite maxDistance never falls off (∞/∞ was NaN; fuzzer find).
      let ratio = maxDistance > 0 && maxDistance.isFinite ? (maxDistance - min(d, maxDistance)) / maxDistance : 1
      scale = sideScale + ratio * (1 - sideScale)
      alpha = sideAlpha + ratio * (1 - sideAlpha)
    }
    attributes.transform = .scale(scale, scale)
    attributes.alpha = alpha
    let rank = d.rounded()
    attributes.zIndex = rank < 0x1p53 ? -Int(rank) : -(1 << 53)
  }
}

extension GridLayout {
  /// ``attributes(in:)`` with a carousel decoration applied for the visible
  /// rect `rect` (its center is the viewport's center).
  public func attributes(in rect: CGRect, decoration: CarouselDecoration) -> [LayoutAttributes] {
    var result = attributes(in: rect)
    let horizontal = scrollAxis == .horizontal
    let center = horizontal ? Double(rect.midX) : Double(rect.midY)
    let extent = horizontal ? Double(rect.width) : Double(rect.height)
    for k in result.indices where result[k].kind == .cell {
      decoration.apply(to: &result[k], viewportCenter: center, viewportExtent: extent, axis: scrollAxis)
    }
    return result
  }
}
