import Foundation
#if canImport(CoreGraphics)
import CoreGraphics
#endif
#if canImport(QuartzCore)
import QuartzCore
#endif

/// The position of an element: section and item, ordered section-major.
public struct ItemIndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  public init(item: Int, section: Int) {
    self.item = item
    self.section = section
  }

  public static func < (lhs: ItemIndexPath, rhs: ItemIndexPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  public var description: String { "[\(section), \(item)]" }
}

/// What an element is, as `UICollectionView.ElementCategory` and its kinds.
public enum ElementKind: Sendable, Hashable {
  case cell
  /// A supplementary view of a kind ("header", "footer", or your own).
  case supplementary(String)
  /// A decoration view of a kind.
  case decoration(String)
}

/// The axis content scrolls along.
public enum ScrollAxis: Sendable, Hashable, CaseIterable {
  case vertical
  case horizontal
}

/// Insets in points, by physical edge (UIEdgeInsets' shape).
public struct LayoutInsets: Sendable, Hashable {
  public var top: Double, left: Double, bottom: Double, right: Double

  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
  }

  public static let zero = LayoutInsets()

  func check(_ name: String) throws(HarmonicError) {
    for (edge, value) in [("top", top), ("left", left), ("bottom", bottom), ("right", right)] {
      guard value >= 0, value <= 1e12 else {
        throw .invalidParameter(name: "\(name).\(edge)", value: value, accepted: "within [0, 1e12] (points)")
      }
    }
  }
}

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
    func mix(_ x: Double, _ y: Double) -> Double { (0 + x * (1 - p)) + y * p }
    return AffineTransform2D(a: mix(a, other.a), b: mix(b, other.b), c: mix(c, other.c), d: mix(d, other.d), tx: mix(tx, other.tx), ty: mix(ty, other.ty))
  }

  var components: [Double] { [a, b, c, d, tx, ty] }

  #if canImport(CoreGraphics)
  public init(_ t: CGAffineTransform) {
    self.init(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
  }
  public var cgAffineTransform: CGAffineTransform {
    CGAffineTransform(a: CGFloat(a), b: CGFloat(b), c: CGFloat(c), d: CGFloat(d), tx: CGFloat(tx), ty: CGFloat(ty))
  }
  #endif
}

/// A 4×4 transform in CATransform3D's row-major `m11…m44` layout, stored
/// inline (no heap allocation per attributes value). Interpolation is
/// component-wise, like ``AffineTransform2D``.
public struct Transform3D: Sendable, Hashable {
  /// m11, m12, m13, m14, m21, …, m44 (`m[0]` is m11, `m[15]` is m44).
  public var m: SIMD16<Double>

  /// - Precondition-free: a wrong count is refused with a typed error by
  ///   ``init(entries:)``; this initializer takes exactly 16 values.
  public init(m11: Double = 1, m12: Double = 0, m13: Double = 0, m14: Double = 0,
              m21: Double = 0, m22: Double = 1, m23: Double = 0, m24: Double = 0,
              m31: Double = 0, m32: Double = 0, m33: Double = 1, m34: Double = 0,
              m41: Double = 0, m42: Double = 0, m43: Double = 0, m44: Double = 1) {
    m = SIMD16(m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44)
  }

  /// From 16 row-major entries.
  public init(entries: [Double]) throws(HarmonicError) {
    guard entries.count == 16 else {
      throw .invalidParameter(name: "entries.count", value: Double(entries.count), accepted: "16")
    }
    m = SIMD16(entries)
  }

  public static let identity = Transform3D()

  public func interpolated(to other: Transform3D, progress p: Double) -> Transform3D {
    var result = self
    for k in 0..<16 { result.m[k] = (0 + m[k] * (1 - p)) + other.m[k] * p }
    return result
  }

  #if canImport(QuartzCore)
  public init(_ t: CATransform3D) {
    self.init(m11: Double(t.m11), m12: Double(t.m12), m13: Double(t.m13), m14: Double(t.m14),
              m21: Double(t.m21), m22: Double(t.m22), m23: Double(t.m23), m24: Double(t.m24),
              m31: Double(t.m31), m32: Double(t.m32), m33: Double(t.m33), m34: Double(t.m34),
              m41: Double(t.m41), m42: Double(t.m42), m43: Double(t.m43), m44: Double(t.m44))
  }
  public var caTransform3D: CATransform3D {
    CATransform3D(m11: CGFloat(m[0]), m12: CGFloat(m[1]), m13: CGFloat(m[2]), m14: CGFloat(m[3]),
                  m21: CGFloat(m[4]), m22: CGFloat(m[5]), m23: CGFloat(m[6]), m24: CGFloat(m[7]),
                  m31: CGFloat(m[8]), m32: CGFloat(m[9]), m33: CGFloat(m[10]), m34: CGFloat(m[11]),
                  m41: CGFloat(m[12]), m42: CGFloat(m[13]), m43: CGFloat(m[14]), m44: CGFloat(m[15]))
  }
  #endif
}
