/// How a transition springs transforms.
public enum TransformInterpolation: Sendable, Hashable {
  /// Each matrix entry springs on its own (a, b, c, d, tx, ty; m11…m44).
  /// Exact and cheap, but halfway between two rotations is not a rotation:
  /// a 180° turn collapses through a scale of 0 instead of turning.
  case componentwise
  /// The transform is decomposed into translation, scale, skew and rotation,
  /// those spring, and the matrix is recomposed every frame: a 180° turn
  /// turns (the shorter way round), a scale of 0.2 grows without flipping.
  /// See ``DecomposedAffineTransform`` and ``DecomposedTransform3D``.
  case decomposed
}

/// An affine transform as translation, rotation, scale and skew:
/// rows `(a, b) = sx·u`, `(c, d) = skew·u + sy·u⊥` with `u = (cos θ, sin θ)`
/// and `u⊥ = (−sin θ, cos θ)` — that is, M = L·R (row vectors, as
/// CGAffineTransform) with L = [[sx, 0], [skew, sy]] lower triangular and R a
/// rotation by θ: a Gram–Schmidt (QR-type) decomposition of the rows.
///
/// `sx ≥ 0`; a reflection shows as a negative `sy`. `skew` is in points per
/// point (the y axis's image along the x axis's image). When `sx` is 0 the
/// angle is taken from the y row, so the decomposition is defined for every
/// matrix and recomposes it to within rounding.
public struct DecomposedAffineTransform: Sendable, Hashable {
  public var scaleX: Double, scaleY: Double
  /// Radians, in (−π, π] as decomposed (a transition may unwrap it).
  public var rotation: Double
  public var skew: Double
  public var tx: Double, ty: Double

  public init(scaleX: Double, scaleY: Double, rotation: Double, skew: Double, tx: Double, ty: Double) {
    (self.scaleX, self.scaleY, self.rotation, self.skew, self.tx, self.ty) = (scaleX, scaleY, rotation, skew, tx, ty)
  }

  /// The decomposition of `t`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming the entry (as `t.a`) when one is not finite, or `t` when a
  ///   component overflows (entries beyond about 1e308).
  public init(_ t: AffineTransform2D) throws(HarmonicError) {
    try t._checkFinite("t")
    self.init(_unchecked: t)
    for value in [scaleX, scaleY, rotation, skew] {
      try _Check.holds(value.isFinite, "t", value: value, accepted: "a transform whose scale and skew are finite (they overflow)")
    }
  }

  /// ``init(_:)`` unchecked: NaN in, NaN out.
  init(_unchecked t: AffineTransform2D) {
    let sx = _Math.hypot(t.a, t.b)
    var (ux, uy) = (1.0, 0.0)
    if sx > 0 {
      (ux, uy) = (t.a / sx, t.b / sx)
    } else if let r = Optional(_Math.hypot(t.c, t.d)), r > 0 {
      (ux, uy) = (t.d / r, -t.c / r)  // u⊥ = (c, d)/|(c, d)|
    }
    let skew = ux * t.c + uy * t.d
    let sy = ux * t.d - uy * t.c
    self.init(scaleX: sx, scaleY: sy, rotation: _Math.atan2(uy, ux), skew: skew, tx: t.tx, ty: t.ty)
  }

  /// The matrix: a = sx·cos θ, b = sx·sin θ, c = skew·cos θ − sy·sin θ,
  /// d = skew·sin θ + sy·cos θ.
  public var transform: AffineTransform2D {
    let (s, c) = _Math.sincos(rotation)
    return AffineTransform2D(a: scaleX * c, b: scaleX * s, c: skew * c - scaleY * s, d: skew * s + scaleY * c, tx: tx, ty: ty)
  }
}

/// A 3-D transform as translation, rotation, scale, skew and perspective.
///
/// The upper-left 3×3 block's rows r₀, r₁, r₂ are orthogonalised in order
/// (Gram–Schmidt, as the CSS Transforms "unmatrix" does): `r₀ = sx·u₀`,
/// `r₁ = kxy·u₀ + sy·u₁`, `r₂ = kxz·u₀ + kyz·u₁ + sz·u₂` with u₀, u₁, u₂
/// orthonormal and right-handed (a reflection shows as a negative `sz`).
/// The rotation (the matrix of rows u₀, u₁, u₂) is kept as a rotation vector
/// (axis × angle, radians, angle ≤ π), so it can spring per component. The
/// translation row m41–m43 and the perspective column m14, m24, m34, m44 are
/// kept as they are (they spring entry by entry).
public struct DecomposedTransform3D: Sendable, Hashable {
  public var scale: SIMD3<Double>
  /// kxy, kxz, kyz.
  public var skew: SIMD3<Double>
  public var rotation: SIMD3<Double>
  public var translation: SIMD3<Double>
  /// m14, m24, m34, m44.
  public var perspective: SIMD4<Double>

  public init(scale: SIMD3<Double>, skew: SIMD3<Double>, rotation: SIMD3<Double>, translation: SIMD3<Double>, perspective: SIMD4<Double>) {
    (self.scale, self.skew, self.rotation, self.translation, self.perspective) = (scale, skew, rotation, translation, perspective)
  }

  public init(_ t: Transform3D) {
    let m = t.m
    let rows = [SIMD3(m[0], m[1], m[2]), SIMD3(m[4], m[5], m[6]), SIMD3(m[8], m[9], m[10])]
    func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a.x * b.x + a.y * b.y) + a.z * b.z }
    func norm(_ a: SIMD3<Double>) -> Double { _Math.hypot(_Math.hypot(a.x, a.y), a.z) }
    func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
      SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
    /// A unit vector orthogonal to unit `u` (the axis least along u, orthogonalised).
    func orthogonal(_ u: SIMD3<Double>) -> SIMD3<Double> {
      let axis = abs(u.x) <= abs(u.y) && abs(u.x) <= abs(u.z) ? SIMD3(1.0, 0, 0) : abs(u.y) <= abs(u.z) ? SIMD3(0, 1.0, 0) : SIMD3(0, 0, 1.0)
      let v = axis - dot(axis, u) * u
      return v / norm(v)
    }
    let sx = norm(rows[0])
    var u0 = SIMD3(1.0, 0, 0)
    if sx > 0 {
      u0 = rows[0] / sx
    } else if norm(rows[1]) > 0 {
      u0 = orthogonal(rows[1] / norm(rows[1]))
    }
    let kxy = dot(u0, rows[1])
    let rest1 = rows[1] - kxy * u0
    let sy = norm(rest1)
    let u1 = sy > 0 ? rest1 / sy : orthogonal(u0)
    let u2 = cross(u0, u1)
    let kxz = dot(u0, rows[2]), kyz = dot(u1, rows[2])
    let sz = dot(u2, rows[2])
    self.init(
      scale: SIMD3(sx, sy, sz), skew: SIMD3(kxy, kxz, kyz),
      rotation: DecomposedTransform3D.rotationVector(rows: u0, u1, u2),
      translation: SIMD3(m[12], m[13], m[14]), perspective: SIMD4(m[3], m[7], m[11], m[15]))
  }

  /// The rotation vector of the rotation matrix with rows u₀, u₁, u₂
  /// (through its unit quaternion, Shepperd's method).
  static func rotationVector(rows u0: SIMD3<Double>, _ u1: SIMD3<Double>, _ u2: SIMD3<Double>) -> SIMD3<Double> {
    let (r00, r01, r02) = (u0.x, u0.y, u0.z), (r10, r11, r12) = (u1.x, u1.y, u1.z), (r20, r21, r22) = (u2.x, u2.y, u2.z)
    let trace = (r00 + r11) + r22
    var (w, x, y, z): (Double, Double, Double, Double)
    if trace > 0 {
      let s = (trace + 1).squareRoot() * 2
      (w, x, y, z) = (s / 4, (r21 - r12) / s, (r02 - r20) / s, (r10 - r01) / s)
    } else if r00 > r11 && r00 > r22 {
      let s = ((1 + r00) - r11 - r22).squareRoot() * 2
      (w, x, y, z) = ((r21 - r12) / s, s / 4, (r01 + r10) / s, (r02 + r20) / s)
    } else if r11 > r22 {
      let s = ((1 + r11) - r00 - r22).squareRoot() * 2
      (w, x, y, z) = ((r02 - r20) / s, (r01 + r10) / s, s / 4, (r12 + r21) / s)
    } else {
      let s = ((1 + r22) - r00 - r11).squareRoot() * 2
      (w, x, y, z) = ((r10 - r01) / s, (r02 + r20) / s, (r12 + r21) / s, s / 4)
    }
    if w < 0 { (w, x, y, z) = (-w, -x, -y, -z) }
    let v = _Math.hypot(_Math.hypot(x, y), z)
    guard v > 0 else { return .zero }
    let angle = 2 * _Math.atan2(v, w)
    return SIMD3(x, y, z) * (angle / v)
  }

  /// The rotation matrix's rows for a rotation vector (the inverse of
  /// ``rotationVector(rows:_:_:)``).
  static func rotationRows(_ r: SIMD3<Double>) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
    let angle = _Math.hypot(_Math.hypot(r.x, r.y), r.z)
    var (w, x, y, z) = (1.0, 0.0, 0.0, 0.0)
    if angle > 0 {
      let (s, c) = _Math.sincos(angle / 2)
      (w, x, y, z) = (c, r.x * (s / angle), r.y * (s / angle), r.z * (s / angle))
    }
    return (
      SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
      SIMD3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
      SIMD3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))
    )
  }

  public var transform: Transform3D {
    let (u0, u1, u2) = DecomposedTransform3D.rotationRows(rotation)
    let r0 = scale.x * u0
    let r1 = skew.x * u0 + scale.y * u1
    let r2 = (skew.y * u0 + skew.z * u1) + scale.z * u2
    return Transform3D(
      m11: r0.x, m12: r0.y, m13: r0.z, m14: perspective[0],
      m21: r1.x, m22: r1.y, m23: r1.z, m24: perspective[1],
      m31: r2.x, m32: r2.y, m33: r2.z, m34: perspective[2],
      m41: translation.x, m42: translation.y, m43: translation.z, m44: perspective[3])
  }
}
