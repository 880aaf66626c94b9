import Harmonic

/// A CSS cubic-bezier timing function: x(s) and y(s) Bézier polynomials with
/// end points (0, 0) and (1, 1); the value at a time fraction inverts x(s).
public struct CubicBezier: Sendable, Hashable {
  public let x1: Double, y1: Double, x2: Double, y2: Double

  /// The curve through (0, 0), (x1, y1), (x2, y2), (1, 1).
  ///
  /// - Throws: `HarmonicError.invalidParameter` for an x outside [0, 1]
  ///   (CSS requires it: x must be monotone so that time maps to one
  ///   value) or a y that is not finite with magnitude ≤ 1e3.
  public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(HarmonicError) {
    for (name, value) in [("x1", x1), ("x2", x2)] where !(value >= 0 && value <= 1) {
      throw .invalidParameter(name: name, value: value, accepted: "within [0, 1] (CSS cubic-bezier)")
    }
    for (name, value) in [("y1", y1), ("y2", y2)] where !(value.isFinite && value.magnitude <= 1e3) {
      throw .invalidParameter(name: name, value: value, accepted: "finite with magnitude ≤ 1e3")
    }
    (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
  }

  static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
  }

  /// The eased value at time fraction `x` in [0, 1] (bisection on the
  /// monotone x(s) to adjacent doubles); 0 before it, 1 after it, and 0
  /// for NaN.
  public func value(atProgress x: Double) -> Double {
    if !(x > 0) { return 0 }
    if x >= 1 { return 1 }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if middle <= low || middle >= high { break }
      if CubicBezier.bezier(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return CubicBezier.bezier((low + high) / 2, y1, y2)
  }
}
