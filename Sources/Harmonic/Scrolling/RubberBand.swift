/// The rubber band of an overscrolled scroll view: how far content moves for
/// a finger that drags `overscroll` points beyond an edge.
///
///     offset = (1 − 1/(|x|·c/d + 1))·d·sign(x)
///
/// with `d` the viewport extent along the axis and `c` the coefficient (0.55,
/// the value commonly measured for UIScrollView). It is 0 at 0, has slope c at
/// 0, and approaches d asymptotically. For c = 0.55, d = 960: 100 → 52.02,
/// 400 → 178.98.
public enum RubberBand {
  /// The default coefficient, 0.55.
  public static let defaultCoefficient = 0.55

  /// - Parameters:
  ///   - overscroll: how far past the edge the finger is, points (signed).
  ///   - dimension: the viewport extent d along the axis, points, > 0.
  ///   - coefficient: c > 0. Default 0.55.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``.
  public static func offset(overscroll: Double, dimension: Double, coefficient: Double = defaultCoefficient) throws(HarmonicError) -> Double {
    try _Check.finiteMagnitude(overscroll, "overscroll", unit: "points")
    try _Check.within(dimension, "dimension", .open(0), .closed(_Check.maximumMagnitude), unit: "points")
    try _Check.factor(coefficient, "coefficient", positive: true, unit: "dimensionless")
    return _offsetAndSlope(overscroll: overscroll, dimension: dimension, coefficient: coefficient).offset
  }

  /// The inverse of ``offset(overscroll:dimension:coefficient:)``: how far
  /// past the edge a finger must be for the content to sit `offset` points
  /// past it — `x = sign(y)·|y|·d / (c·(d − |y|))`. For grabbing content that
  /// is springing back from an overscroll: the finger takes over at the
  /// overscroll that produces the current offset, so nothing jumps.
  ///
  /// - Parameters:
  ///   - offset: how far past the edge the content is, points (signed),
  ///     |offset| < `dimension` (the band never reaches d).
  ///   - dimension: the viewport extent d along the axis, points, > 0.
  ///   - coefficient: c > 0. Default 0.55.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   an offset at or beyond ±d, or so near it (or with so small a
  ///   coefficient) that the overscroll would exceed 1e100 points, or a bad
  ///   dimension or coefficient.
  public static func overscroll(offset: Double, dimension: Double, coefficient: Double = defaultCoefficient) throws(HarmonicError) -> Double {
    try _Check.within(dimension, "dimension", .open(0), .closed(_Check.maximumMagnitude), unit: "points")
    try _Check.factor(coefficient, "coefficient", positive: true, unit: "dimensionless")
    guard offset.magnitude < dimension else {
      throw .invalidParameter(name: "offset", value: offset, accepted: "within (−\(dimension), \(dimension)) (points: the band never reaches the dimension)")
    }
    let x = _overscroll(offset: offset.magnitude, dimension: dimension, coefficient: coefficient)
    // Near ±d, or with a tiny coefficient, the finger's overscroll can leave
    // the range of a motion's values (∞ for a coefficient of 5e-324).
    guard x <= _Check.maximumMagnitude else {
      throw .invalidParameter(
        name: "offset", value: offset,
        accepted: "an offset whose overscroll |offset|·d/(c·(d − |offset|)) is at most 1e100 points (here d = \(dimension), c = \(coefficient))")
    }
    return offset < 0 ? -x : x
  }

  /// |x| for a checked |y| < d: u = y/(d − y), x = u·d/c.
  static func _overscroll(offset y: Double, dimension: Double, coefficient: Double) -> Double {
    (y / (dimension - y)) * dimension / coefficient
  }

  /// The offset and its derivative with respect to the overscroll, for
  /// checked inputs (the transition's rubber-banded progress uses d = 1).
  static func _offsetAndSlope(overscroll: Double, dimension: Double, coefficient: Double) -> (offset: Double, slope: Double) {
    // (1 − 1/(u + 1))·d = d·u/(u + 1): no cancellation for small u.
    // u overflows to ∞ for a huge overscroll over a tiny dimension (found by
    // the fuzzer: ∞/∞ was NaN); the offset's limit there is d.
    let u = overscroll.magnitude * coefficient / dimension
    if u.isInfinite { return (overscroll < 0 ? -dimension : dimension, 0) }
    let result = dimension * (u / (u + 1))
    return (overscroll < 0 ? -result : result, coefficient / ((u + 1) * (u + 1)))
  }

  /// The spring that brings an overscrolled offset back to the edge, handing
  /// over the current velocity (C¹). Default spring: critically damped with a
  /// 0.4 s response (settles within 0.001 of a unit step in 0.59 s).
  public static func returnMotion(
    from offset: Double, velocity: Double, toEdge edge: Double, spring: Spring = RubberBand.returnSpring
  ) throws(HarmonicError) -> SpringMotion {
    try SpringMotion(spring: spring, from: offset, to: edge, initialVelocity: velocity)
  }

  /// Critically damped, response 0.4 s.
  public static let returnSpring: Spring = {
    _libraryConstant { try Spring(response: 0.4, dampingRatio: 1) }
  }()
}
