/// A value a spring can animate: a vector of `Double` components of any
/// length (`SIMD2` … `SIMD64`), each springing on its own with the same
/// spring — so a point moves on a straight line when it starts at rest, and
/// every component is C¹ through retargets. The spring's coefficients are
/// computed once per evaluation whatever the dimension.
///
/// Conformances: `Double`, `CGPoint`, `CGSize`, `CGRect` (origin x, origin
/// y, width, height), `SIMD2` … `SIMD64` of `Double`, and ``RGBAColor``.
///
/// To conform your own type, choose the SIMD vector that holds its
/// components and map the type to and from it; lanes past
/// ``springComponentCount`` are kept 0. The velocity is the value's own type
/// by default (a point's velocity is a point); a type whose initializer does
/// not take every vector back exactly (a colour clamps) names another
/// ``SpringVelocity`` and converts it:
///
/// ```swift
/// struct Pose: SpringAnimatable {            // a 3-D position and a scale
///   var position: SIMD3<Double>, scale: Double
///   var springComponents: SIMD4<Double> { SIMD4(position, scale) }
///   init(springComponents c: SIMD4<Double>) { (position, scale) = (SIMD3(c.x, c.y, c.z), c.w) }
///   init(position: SIMD3<Double>, scale: Double) { (self.position, self.scale) = (position, scale) }
/// }
/// ```
public protocol SpringAnimatable: Sendable {
  /// The vector of the components, in the units the spring moves them in.
  associatedtype SpringComponents: SIMD & Sendable
  where SpringComponents.Scalar == Double, SpringComponents.MaskStorage: Sendable, SpringComponents.MaskStorage.Scalar == Int64
  /// The type of the value's rate of change, in its units per second.
  associatedtype SpringVelocity: Sendable = Self
  /// How many lanes of ``SpringAnimatable/SpringComponents`` are used (default: all).
  static var springComponentCount: Int { get }
  /// The settle tolerance ``ValueAnimation`` uses when none is given: the
  /// largest |value − target| per component, in the components' units, that
  /// is not worth a frame (0.1 pt for points, sizes and rects, so that the
  /// last frame of an animation steps less than 1/6 pt, half a pixel at 3×;
  /// 1/256 for a colour's linear components and alpha; 0.001 for plain
  /// numbers and vectors, whose units are unknown). A band that is not
  /// finite and > 0 is taken as 0.001.
  static var springSettleTolerance: Double { get }
  /// The components.
  var springComponents: SpringComponents { get }
  /// The value for components (a type may clamp here: a colour does).
  init(springComponents: SpringComponents)
  /// A velocity's components, in units per second.
  static func springComponents(ofVelocity velocity: SpringVelocity) -> SpringComponents
  /// The velocity of components' rates, in units per second.
  static func springVelocity(ofComponents components: SpringComponents) -> SpringVelocity
}

extension SpringAnimatable {
  public static var springComponentCount: Int { SpringComponents.scalarCount }
  public static var springSettleTolerance: Double { 0.001 }
}

extension SpringAnimatable where SpringVelocity == Self {
  @inlinable public static func springComponents(ofVelocity velocity: Self) -> SpringComponents { velocity.springComponents }
  @inlinable public static func springVelocity(ofComponents components: SpringComponents) -> Self { Self(springComponents: components) }
}

extension Double: SpringAnimatable {
  public static var springComponentCount: Int { 1 }
  @inlinable public var springComponents: SIMD2<Double> { SIMD2(self, 0) }
  @inlinable public init(springComponents c: SIMD2<Double>) { self = c[0] }
}

extension CGPoint: SpringAnimatable {
  public static var springSettleTolerance: Double { 0.1 }
  public var springComponents: SIMD2<Double> { SIMD2(Double(x), Double(y)) }
  public init(springComponents c: SIMD2<Double>) { self.init(x: c[0], y: c[1]) }
}

extension CGSize: SpringAnimatable {
  public static var springSettleTolerance: Double { 0.1 }
  public var springComponents: SIMD2<Double> { SIMD2(Double(width), Double(height)) }
  public init(springComponents c: SIMD2<Double>) { self.init(width: c[0], height: c[1]) }
}

extension CGRect: SpringAnimatable {
  public static var springSettleTolerance: Double { 0.1 }
  /// origin x, origin y, width, height.
  public var springComponents: SIMD4<Double> {
    SIMD4(Double(origin.x), Double(origin.y), Double(size.width), Double(size.height))
  }
  public init(springComponents c: SIMD4<Double>) { self.init(x: c[0], y: c[1], width: c[2], height: c[3]) }
}

/// A value that is its own component vector (the SIMD vectors of doubles):
/// the components are the value.
extension SpringAnimatable where SpringComponents == Self {
  @inlinable public var springComponents: Self { self }
  @inlinable public init(springComponents c: Self) { self = c }
}

extension SIMD2: SpringAnimatable where Scalar == Double { public typealias SpringComponents = Self }
extension SIMD3: SpringAnimatable where Scalar == Double { public typealias SpringComponents = Self }
extension SIMD4: SpringAnimatable where Scalar == Double { public typealias SpringComponents = Self }
extension SIMD8: SpringAnimatable where Scalar == Double { public typealias SpringComponents = Self }
extension SIMD16: SpringAnimatable where Scalar == Double { public typealias SpringComponents = Self }
extension SIMD32: SpringAnimatable where Scalar == Double { public typealias SpringComponents = Self }
extension SIMD64: SpringAnimatable where Scalar == Double { public typealias SpringComponents = Self }

/// An sRGB colour with alpha, each component in [0, 1] (gamma-encoded, as
/// UIColor, CSS and design tools give it).
///
/// It springs in **linear light**: the spring components are the linear
/// (decoded) red, green and blue — the IEC 61966-2-1 sRGB transfer function,
/// `c ≤ 0.04045 ? c/12.92 : ((c + 0.055)/1.055)^2.4` — and alpha, so a
/// transition between two colours passes through the colours light mixing
/// would (no muddy midpoint). At output every component is clamped to
/// [0, 1] before encoding: a bouncy spring overshoots in linear light, the
/// colour shown never leaves the gamut.
///
/// Its velocity is a `SIMD4<Double>`: the linear components' and alpha's
/// rates per second (a colour's initializer clamps, so a rate is not a colour).
public struct RGBAColor: SpringAnimatable, Hashable {
  /// Gamma-encoded components in [0, 1] (the initializer clamps them).
  public private(set) var red: Double, green: Double, blue: Double, alpha: Double

  /// Components are clamped into [0, 1] (a NaN becomes 0).
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    func unit(_ x: Double) -> Double { x >= 0 ? min(x, 1) : 0 }
    (self.red, self.green, self.blue, self.alpha) = (unit(red), unit(green), unit(blue), unit(alpha))
  }

  /// 1/256 per linear component and alpha: an 8-bit step at full scale.
  public static var springSettleTolerance: Double { 1.0 / 256 }

  public static func springComponents(ofVelocity velocity: SIMD4<Double>) -> SIMD4<Double> { velocity }
  public static func springVelocity(ofComponents components: SIMD4<Double>) -> SIMD4<Double> { components }

  /// sRGB-encoded → linear light. `c` is clamped into [0, 1] first (NaN
  /// becomes 0), as the initializer clamps.
  package static func linear(fromEncoded c: Double) -> Double {
    let c = c >= 0 ? min(c, 1) : 0
    return c <= 0.04045 ? c / 12.92 : _Math.exp(2.4 * _Math.log((c + 0.055) / 1.055))
  }

  /// Linear light → sRGB-encoded. `l` is clamped into [0, 1] first (NaN
  /// becomes 0).
  package static func encoded(fromLinear l: Double) -> Double {
    let l = l >= 0 ? min(l, 1) : 0
    return l <= 0.0031308 ? 12.92 * l : 1.055 * _Math.exp(_Math.log(l) / 2.4) - 0.055
  }

  /// Linear red, green, blue and alpha.
  public var springComponents: SIMD4<Double> {
    SIMD4(RGBAColor.linear(fromEncoded: red), RGBAColor.linear(fromEncoded: green), RGBAColor.linear(fromEncoded: blue), alpha)
  }

  /// From linear components, each clamped to [0, 1] first.
  public init(springComponents c: SIMD4<Double>) {
    func unit(_ x: Double) -> Double { x >= 0 ? min(x, 1) : 0 }
    self.init(
      red: RGBAColor.encoded(fromLinear: unit(c[0])), green: RGBAColor.encoded(fromLinear: unit(c[1])),
      blue: RGBAColor.encoded(fromLinear: unit(c[2])), alpha: unit(c[3]))
  }
}
