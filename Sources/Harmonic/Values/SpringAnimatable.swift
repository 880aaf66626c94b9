/// A value a spring can animate: up to four components, each springing on
/// its own with the same spring (so a point moves on a straight line when it
/// starts at rest, and every component is C¹ through retargets).
///
/// Conformances: `Double`, `CGPoint`, `CGSize`, `CGRect` (origin x, origin
/// y, width, height), `SIMD2/3/4<Double>` and ``RGBAColor``. Conform your
/// own type by mapping it to and from `SIMD4<Double>`; components past
/// ``springComponentCount`` are ignored (kept 0).
public protocol SpringAnimatable: Sendable {
  /// How many of the four components are used (1…4).
  static var springComponentCount: Int { get }
  /// The components, in the units the spring moves them in.
  var springComponents: SIMD4<Double> { get }
  /// The value for components (a type may clamp here: a colour does).
  init(springComponents: SIMD4<Double>)
}

extension Double: SpringAnimatable {
  public static var springComponentCount: Int { 1 }
  public var springComponents: SIMD4<Double> { SIMD4(self, 0, 0, 0) }
  public init(springComponents c: SIMD4<Double>) { self = c[0] }
}

extension CGPoint: SpringAnimatable {
  public static var springComponentCount: Int { 2 }
  public var springComponents: SIMD4<Double> { SIMD4(Double(x), Double(y), 0, 0) }
  public init(springComponents c: SIMD4<Double>) { self.init(x: c[0], y: c[1]) }
}

extension CGSize: SpringAnimatable {
  public static var springComponentCount: Int { 2 }
  public var springComponents: SIMD4<Double> { SIMD4(Double(width), Double(height), 0, 0) }
  public init(springComponents c: SIMD4<Double>) { self.init(width: c[0], height: c[1]) }
}

extension CGRect: SpringAnimatable {
  public static var springComponentCount: Int { 4 }
  /// origin x, origin y, width, height.
  public var springComponents: SIMD4<Double> { SIMD4(Double(origin.x), Double(origin.y), Double(size.width), Double(size.height)) }
  public init(springComponents c: SIMD4<Double>) { self.init(x: c[0], y: c[1], width: c[2], height: c[3]) }
}

extension SIMD2: SpringAnimatable where Scalar == Double {
  public static var springComponentCount: Int { 2 }
  public var springComponents: SIMD4<Double> { SIMD4(self[0], self[1], 0, 0) }
  public init(springComponents c: SIMD4<Double>) { self.init(c[0], c[1]) }
}

extension SIMD3: SpringAnimatable where Scalar == Double {
  public static var springComponentCount: Int { 3 }
  public var springComponents: SIMD4<Double> { SIMD4(self[0], self[1], self[2], 0) }
  public init(springComponents c: SIMD4<Double>) { self.init(c[0], c[1], c[2]) }
}

extension SIMD4: SpringAnimatable where Scalar == Double {
  public static var springComponentCount: Int { 4 }
  public var springComponents: SIMD4<Double> { self }
  public init(springComponents c: SIMD4<Double>) { self = c }
}

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
public struct RGBAColor: SpringAnimatable, Hashable {
  /// Gamma-encoded components in [0, 1] (the initializer clamps them).
  public private(set) var red: Double, green: Double, blue: Double, alpha: Double

  /// Components are clamped into [0, 1] (a NaN becomes 0).
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    func unit(_ x: Double) -> Double { x >= 0 ? min(x, 1) : 0 }
    (self.red, self.green, self.blue, self.alpha) = (unit(red), unit(green), unit(blue), unit(alpha))
  }

  public static var springComponentCount: Int { 4 }

  /// sRGB-encoded → linear light. `c` is clamped into [0, 1] first (NaN
  /// becomes 0), as the initializer clamps.
  public static func linear(fromEncoded c: Double) -> Double {
    let c = c >= 0 ? min(c, 1) : 0
    return c <= 0.04045 ? c / 12.92 : _Math.exp(2.4 * _Math.log((c + 0.055) / 1.055))
  }

  /// Linear light → sRGB-encoded. `l` is clamped into [0, 1] first (NaN
  /// becomes 0).
  public static func encoded(fromLinear l: Double) -> Double {
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
