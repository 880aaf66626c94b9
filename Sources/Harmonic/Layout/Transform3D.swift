/// A 4×4 transform in CATransform3D's row-major `m11…m44` layout, stored
/// inline (no heap allocation per attributes value). Interpolation is
/// component-wise, like ``AffineTransform2D``.
///
/// Its entries are public and unchecked, but the operations that could
/// make a NaN or infinite entry check: ``init(_:)`` from a 2-D transform,
/// ``concatenating(_:)``, ``rotation(_:about:)`` and
/// ``perspective(distance:)`` throw a typed error for a NaN or infinite
/// entry or angle, a distance outside (0, 1e12] points, or a product that
/// overflows. Harmonic checks transforms where they enter it too (a
/// transition's attributes).
///
/// Cost: 64 multiplications for a product; a pass of checks per operation.
public struct Transform3D: Sendable, Hashable {
  /// m11, m12, m13, m14, m21, …, m44 (`m[0]` is m11, `m[15]` is m44).
  public var m: SIMD16<Double>

  /// - Precondition-free: a wrong count is refused with a typed error by
  ///   ``init(entries:)``; this initializer takes exactly 16 values.
  public init(
    m11: Double = 1, m12: Double = 0, m13: Double = 0, m14: Double = 0,
    m21: Double = 0, m22: Double = 1, m23: Double = 0, m24: Double = 0,
    m31: Double = 0, m32: Double = 0, m33: Double = 1, m34: Double = 0,
    m41: Double = 0, m42: Double = 0, m43: Double = 0, m44: Double = 1
  ) {
    m = SIMD16(m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44)
  }

  /// From 16 row-major entries.
  public init(entries: [Double]) throws(HarmonicError) {
    try _Check.shape(entries.count, "entries.count", expected: 16, what: "4 × 4")
    for (k, entry) in entries.enumerated() where !(entry.magnitude <= _Check.maximumMagnitude) {
      try _Check.finiteMagnitude(entry, "entries[\(k)]", unit: "matrix entry")
    }
    m = SIMD16(entries)
  }

  public static let identity = Transform3D()

  public func interpolated(to other: Transform3D, progress p: Double) -> Transform3D {
    var result = self
    for k in 0..<16 { result.m[k] = _interpolate(m[k], other.m[k], p) }
    return result
  }
}

#if canImport(QuartzCore)
extension Transform3D {
  public init(_ t: CATransform3D) {
    self.init(
      m11: Double(t.m11), m12: Double(t.m12), m13: Double(t.m13), m14: Double(t.m14),
      m21: Double(t.m21), m22: Double(t.m22), m23: Double(t.m23), m24: Double(t.m24),
      m31: Double(t.m31), m32: Double(t.m32), m33: Double(t.m33), m34: Double(t.m34),
      m41: Double(t.m41), m42: Double(t.m42), m43: Double(t.m43), m44: Double(t.m44))
  }
  public var caTransform3D: CATransform3D {
    CATransform3D(
      m11: CGFloat(m[0]), m12: CGFloat(m[1]), m13: CGFloat(m[2]), m14: CGFloat(m[3]),
      m21: CGFloat(m[4]), m22: CGFloat(m[5]), m23: CGFloat(m[6]), m24: CGFloat(m[7]),
      m31: CGFloat(m[8]), m32: CGFloat(m[9]), m33: CGFloat(m[10]), m34: CGFloat(m[11]),
      m41: CGFloat(m[12]), m42: CGFloat(m[13]), m43: CGFloat(m[14]), m44: CGFloat(m[15]))
  }
}
#endif

extension Transform3D {
  /// Whether every entry has the identity's bits (+0 off the diagonal): the
  /// bits' differences ORed, no branch per lane (SIMD16's `==` is a generic
  /// loop that does not vectorize).
  var _isBitwiseIdentity: Bool {
    var bits: UInt64 = 0
    for lane in 0..<16 { bits |= m[lane].bitPattern ^ (lane % 5 == 0 ? 0x3FF0_0000_0000_0000 : 0) }
    return bits == 0
  }
}

// Each builder checks its arguments; the unchecked forms (`_`) are for
// values the library computed.
extension Transform3D {
  /// A 2-D affine transform as a 3-D one (`CATransform3DMakeAffineTransform`):
  /// m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx, m42 = ty.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming the entry (as `t.tx`) when one is not finite.
  public init(_ t: AffineTransform2D) throws(HarmonicError) {
    try t._checkFinite("t")
    self.init(_unchecked: t)
  }

  /// ``init(_:)`` unchecked.
  init(_unchecked t: AffineTransform2D) { self.init(m11: t.a, m12: t.b, m21: t.c, m22: t.d, m41: t.tx, m42: t.ty) }

  /// Throws unless every entry is finite, naming `name`.
  func _checkFinite(_ name: @autoclosure () -> String) throws(HarmonicError) {
    for k in 0..<16 {
      try _Check.holds(m[k].isFinite, "\(name()).m\(k / 4 + 1)\(k % 4 + 1)", value: m[k], accepted: "a finite matrix entry")
    }
  }

  /// This transform followed by `other` (CATransform3DConcat's order): a
  /// point maps through `self`, then `other`. With CATransform3D's row
  /// vectors [x y z 1]·M, the product `self.m · other.m`; each entry is a
  /// sum of four products rounded in a fixed order (no fused multiply-add).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `self` or `other` and the entry (as `other.m34`) when an entry
  ///   is not finite, or `other` when the product overflows.
  public func concatenating(_ other: Transform3D) throws(HarmonicError) -> Transform3D {
    try _checkFinite("self")
    try other._checkFinite("other")
    let product = _concatenating(other)
    for k in 0..<16 {
      try _Check.holds(
        product.m[k].isFinite, "other", value: product.m[k], accepted: "a transform whose product with this one is finite (the product overflows)")
    }
    return product
  }

  /// ``concatenating(_:)`` unchecked.
  func _concatenating(_ other: Transform3D) -> Transform3D {
    var result = Transform3D()
    for row in 0..<4 {
      for column in 0..<4 {
        let a = m[4 * row], b = m[4 * row + 1], c = m[4 * row + 2], d = m[4 * row + 3]
        let products = (a * other.m[column], b * other.m[4 + column], c * other.m[8 + column], d * other.m[12 + column])
        result.m[4 * row + column] = ((products.0 + products.1) + products.2) + products.3
      }
    }
    return result
  }

  /// A translation by (x, y, z) points.
  public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D { Transform3D(m41: x, m42: y, m43: z) }

  /// A scale by (x, y, z).
  public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D { Transform3D(m11: x, m22: y, m33: z) }

  /// A rotation by `angle` radians about a coordinate axis, as
  /// `CATransform3DMakeRotation(angle, 1, 0, 0)`, `(angle, 0, 1, 0)` and
  /// `(angle, 0, 0, 1)`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `angle` when it is not finite or beyond ±1e100 radians.
  public static func rotation(_ angle: Double, about axis: Axis) throws(HarmonicError) -> Transform3D {
    try _Check.finiteMagnitude(angle, "angle", unit: "radians")
    return _rotation(angle, about: axis)
  }

  /// ``rotation(_:about:)`` unchecked.
  static func _rotation(_ angle: Double, about axis: Axis) -> Transform3D {
    let (c, s) = (_Math.cos(angle), _Math.sin(angle))
    switch axis {
    case .x: return Transform3D(m22: c, m23: s, m32: -s, m33: c)
    case .y: return Transform3D(m11: c, m13: -s, m31: s, m33: c)
    case .z: return Transform3D(m11: c, m12: s, m21: -s, m22: c)
    }
  }

  /// A coordinate axis of the layer's space: x right, y down, z out of the screen.
  public enum Axis: Sendable, Hashable, CaseIterable {
    case x, y, z
  }

  /// Perspective seen from `distance` points in front of the plane
  /// (m34 = −1/distance, the usual `transform.m34 = -1 / 500`).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `distance` outside (0, 1e12] points.
  public static func perspective(distance: Double) throws(HarmonicError) -> Transform3D {
    try _Check.length(distance, "distance", positive: true)
    return _perspective(distance: distance)
  }

  /// ``perspective(distance:)`` unchecked.
  static func _perspective(distance: Double) -> Transform3D { Transform3D(m34: -1 / distance) }
}
