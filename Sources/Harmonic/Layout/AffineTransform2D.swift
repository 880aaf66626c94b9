/// A 2-D affine transform `[a b 0; c d 0; tx ty 1]` (CGAffineTransform's
/// layout and meaning). Interpolation is component-wise (see
/// ``interpolated(to:progress:)``), which is what a spring per channel does.
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
  public static func rotation(_ angle: Double) -> AffineTransform2D {
    AffineTransform2D(a: _Math.cos(angle), b: _Math.sin(angle), c: -_Math.sin(angle), d: _Math.cos(angle), tx: 0, ty: 0)
  }

  /// Component-wise linear interpolation: `self + p·(other − self)` per entry.
  /// Not a rotation interpolation: halfway between two rotations is in
  /// general not a rotation (it also scales).
  public func interpolated(to other: AffineTransform2D, progress p: Double) -> AffineTransform2D {
    func mix(_ x: Double, _ y: Double) -> Double { _interpolate(x, y, p) }
    return AffineTransform2D(a: mix(a, other.a), b: mix(b, other.b), c: mix(c, other.c), d: mix(d, other.d), tx: mix(tx, other.tx), ty: mix(ty, other.ty))
  }

  var components: [Double] { [a, b, c, d, tx, ty] }
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
