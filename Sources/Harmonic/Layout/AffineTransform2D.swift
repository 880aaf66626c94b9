/// A 2-D affine transform `[a b 0; c d 0; tx ty 1]` (CGAffineTransform's
/// layout and meaning). Interpolation is component-wise (see
/// ``interpolated(to:progress:)``), which is what a spring per channel does.
///
/// Its entries are public and unchecked (so a NaN can be stored), but every
/// operation checks: ``rotation(_:)``, ``concatenating(_:)``,
/// ``applied(to:)`` and ``inverted()`` throw a typed error for an entry,
/// angle or point that is NaN or infinite, or a result that overflows —
/// never a NaN or infinite result. Harmonic checks transforms where they
/// enter it too (``LayoutSnapshot``, a transition's attributes).
///
/// Cost: a handful of multiplications and one pass of checks per operation.
public struct AffineTransform2D: Sendable, Hashable {
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  public static let identity = AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform2D {
    AffineTransform2D(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// Rotation by `angle` radians (counter-clockwise in a y-up system, as CGAffineTransform).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `angle` when it is not finite or beyond ±1e100 radians.
  public static func rotation(_ angle: Double) throws(HarmonicError) -> AffineTransform2D {
    try _Check.finiteMagnitude(angle, "angle", unit: "radians")
    return _rotation(angle)
  }

  /// ``rotation(_:)`` unchecked, for angles the library computed.
  static func _rotation(_ angle: Double) -> AffineTransform2D {
    AffineTransform2D(a: _Math.cos(angle), b: _Math.sin(angle), c: -_Math.sin(angle), d: _Math.cos(angle), tx: 0, ty: 0)
  }

  /// Throws unless every entry of `self` is finite, naming `name`.
  func _checkFinite(_ name: @autoclosure () -> String) throws(HarmonicError) {
    for (k, entry) in components.enumerated() {
      try _Check.holds(entry.isFinite, "\(name()).\(["a", "b", "c", "d", "tx", "ty"][k])", value: entry, accepted: "a finite transform entry")
    }
  }

  /// Component-wise linear interpolation: `self + p·(other − self)` per entry.
  /// Not a rotation interpolation: halfway between two rotations is in
  /// general not a rotation (it also scales).
  public func interpolated(to other: AffineTransform2D, progress p: Double) -> AffineTransform2D {
    func mix(_ x: Double, _ y: Double) -> Double { _interpolate(x, y, p) }
    return AffineTransform2D(a: mix(a, other.a), b: mix(b, other.b), c: mix(c, other.c), d: mix(d, other.d), tx: mix(tx, other.tx), ty: mix(ty, other.ty))
  }

  /// This transform followed by `other`, as `CGAffineTransform.concatenating`:
  /// a point p maps to `other` applied to (`self` applied to p). With the
  /// row-vector convention [x y 1]·M, the product `self.M · other.M`. Exact
  /// for integer and power-of-two entries; otherwise each entry is rounded
  /// once per product and sum, in a fixed order (no fused multiply-add).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `self` or `other` and the entry (as `other.tx`) when an entry
  ///   is not finite, or naming `other` when the product overflows.
  public func concatenating(_ other: AffineTransform2D) throws(HarmonicError) -> AffineTransform2D {
    try _checkFinite("self")
    try other._checkFinite("other")
    let product = _concatenating(other)
    for entry in product.components {
      try _Check.holds(entry.isFinite, "other", value: entry, accepted: "a transform whose product with this one is finite (the product overflows)")
    }
    return product
  }

  /// ``concatenating(_:)`` unchecked, for transforms the library built.
  func _concatenating(_ other: AffineTransform2D) -> AffineTransform2D {
    AffineTransform2D(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: (tx * other.a + ty * other.c) + other.tx, ty: (tx * other.b + ty * other.d) + other.ty)
  }

  /// The transform that undoes this one: `t.concatenating(t.inverted())` is
  /// the identity to within rounding.
  ///
  /// - Throws: ``HarmonicError/undefined(quantity:reason:)`` when the
  ///   transform is singular (determinant ad − bc of 0, or not finite: it
  ///   collapses the plane onto a line or a point) or an entry of the inverse
  ///   overflows.
  ///
  /// The linear part is scaled by a power of two (exactly) so that its
  /// largest entry is near 1 before the determinant is formed: a
  /// determinant that would be subnormal (entries near 1e-160) or overflow
  /// is then formed to full precision.
  public func inverted() throws(HarmonicError) -> AffineTransform2D {
    let largest = Swift.max(a.magnitude, b.magnitude, c.magnitude, d.magnitude)
    let scale = largest.isNormal ? Double(sign: .plus, exponent: -largest.exponent, significand: 1) : 1
    let (sa, sb, sc, sd) = (a * scale, b * scale, c * scale, d * scale)
    let scaled = sa * sd - sb * sc  // the determinant times scale²
    let determinant = a * d - b * c
    guard scaled != 0, scaled.isFinite, largest.isFinite else {
      throw .undefined(quantity: "inverse transform", reason: "the determinant ad − bc is \(determinant): the transform is not invertible")
    }
    // M⁻¹ = scale · (scale·M)⁻¹; the translation row likewise.
    func entry(_ x: Double) -> Double { (x / scaled) * scale }
    let inverse = AffineTransform2D(
      a: entry(sd), b: entry(-sb), c: entry(-sc), d: entry(sa),
      tx: entry(sc * ty - sd * tx), ty: entry(sb * tx - sa * ty))
    guard inverse.components.allSatisfy(\.isFinite) else {
      throw .undefined(quantity: "inverse transform", reason: "an entry overflows (determinant \(determinant))")
    }
    return inverse
  }

  /// `point` mapped by this transform: (a·x + c·y + tx, b·x + d·y + ty), as
  /// `CGPoint.applying(_:)`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `self` and the entry when an entry is not finite, `point.x` or
  ///   `point.y` when a coordinate is not finite, or `point` when the image
  ///   overflows.
  public func applied(to point: CGPoint) throws(HarmonicError) -> CGPoint {
    try _checkFinite("self")
    let (x, y) = (Double(point.x), Double(point.y))
    try _Check.holds(x.isFinite, "point.x", value: x, accepted: "a finite coordinate")
    try _Check.holds(y.isFinite, "point.y", value: y, accepted: "a finite coordinate")
    let image = ((a * x + c * y) + tx, (b * x + d * y) + ty)
    for value in [image.0, image.1] {
      try _Check.holds(value.isFinite, "point", value: value, accepted: "a point whose image is finite (it overflows)")
    }
    return CGPoint(x: image.0, y: image.1)
  }

  package var components: [Double] { [a, b, c, d, tx, ty] }
}

#if canImport(CoreGraphics)
extension AffineTransform2D {
  public init(_ t: CGAffineTransform) {
    self.init(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
  }
  public var cgAffineTransform: CGAffineTransform {
    CGAffineTransform(a: CGFloat(a), b: CGFloat(b), c: CGFloat(c), d: CGFloat(d), tx: CGFloat(tx), ty: CGFloat(ty))
  }
}
#endif
