// Timing curves: progress of time in, progress of value out, for duration +
// easing animations (``TimedAnimation``). Everything here is arithmetic and
// bisection — no transcendental function — so every platform gives the same
// bits.

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
    for (name, value) in [("x1", x1), ("x2", x2)] { try _Check.within(value, name, .closed(0), .closed(1), unit: "CSS cubic-bezier") }
    for (name, value) in [("y1", y1), ("y2", y2)] { try _Check.magnitude(value, name, atMost: 1e3) }
    (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
  }

  /// A curve from constants known to be valid.
  init(_unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) { (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2) }

  /// CSS `ease` and Core Animation's default timing function: (0.25, 0.1, 0.25, 1).
  public static let ease = CubicBezier(_unchecked: 0.25, 0.1, 0.25, 1)
  /// CSS `ease-in`, Core Animation's `easeIn`, UIKit's `.curveEaseIn`, SwiftUI's `easeIn`: (0.42, 0, 1, 1).
  public static let easeIn = CubicBezier(_unchecked: 0.42, 0, 1, 1)
  /// CSS `ease-out`, Core Animation's `easeOut`, UIKit's `.curveEaseOut`, SwiftUI's `easeOut`: (0, 0, 0.58, 1).
  public static let easeOut = CubicBezier(_unchecked: 0, 0, 0.58, 1)
  /// CSS `ease-in-out`, Core Animation's `easeInEaseOut`, UIKit's
  /// `.curveEaseInOut` (its default), SwiftUI's `easeInOut`: (0.42, 0, 0.58, 1).
  public static let easeInOut = CubicBezier(_unchecked: 0.42, 0, 0.58, 1)
  /// CSS `linear` as a bezier: (0, 0, 1, 1).
  public static let linear = CubicBezier(_unchecked: 0, 0, 1, 1)

  static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
  }

  /// d/ds of ``bezier(_:_:_:)``: 3(1−s)²·p1 + 6(1−s)s·(p2 − p1) + 3s²·(1 − p2).
  static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
  }

  /// The curve parameter s with x(s) = `x` (bisection on the monotone x(s)
  /// to adjacent doubles), for `x` in (0, 1).
  func parameter(atProgress x: Double) -> Double {
    var (low, high) = (0.0, 1.0)
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if middle <= low || middle >= high { break }
      if CubicBezier.bezier(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }

  /// The eased value at time fraction `x` in [0, 1] (bisection on the
  /// monotone x(s) to adjacent doubles); 0 before it, 1 after it.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `progress` when `x` is NaN.
  package func value(atProgress x: Double) throws(HarmonicError) -> Double {
    try TimingCurve._checkProgress(x)
    return _value(atProgress: x)
  }

  /// ``value(atProgress:)`` unchecked (0 for NaN), for progress the library computed.
  func _value(atProgress x: Double) -> Double {
    if !(x > 0) { return 0 }
    if x >= 1 { return 1 }
    return CubicBezier.bezier(parameter(atProgress: x), y1, y2)
  }

  /// The value and slope at time fraction `x` in (0, 1), from one inversion of x(s).
  func _valueAndSlope(atProgress x: Double) -> (value: Double, slope: Double?) {
    let s = parameter(atProgress: x)
    let dx = CubicBezier.derivative(s, x1, x2)
    return (CubicBezier.bezier(s, y1, y2), CubicBezier.slope(CubicBezier.derivative(s, y1, y2), over: dx))
  }

  /// dy/dx, or nil where it is unbounded: x'(s) = 0, or so small (an x
  /// control point of 1e-319) that the quotient leaves the doubles.
  static func slope(_ dy: Double, over dx: Double) -> Double? {
    guard dx > 0 else { return nil }
    let slope = dy / dx
    return slope.isFinite ? slope : nil
  }

  /// The slope dy/dx at time fraction `x` in [0, 1] — y'(s)/x'(s) — or nil
  /// where it is unbounded: x'(s) = 0 (a vertical or undefined tangent:
  /// only at an end whose control point sits on the x-axis end, like
  /// `ease-out`'s start), or a tangent too steep for a double (an x control
  /// point of 1e-319 under a y of 500). 0 outside [0, 1].
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `progress` when `x` is NaN.
  package func slope(atProgress x: Double) throws(HarmonicError) -> Double? {
    try TimingCurve._checkProgress(x)
    return _slope(atProgress: x)
  }

  /// ``slope(atProgress:)`` unchecked (0 for NaN).
  func _slope(atProgress x: Double) -> Double? {
    guard x >= 0, x <= 1 else { return 0 }
    let s = x == 0 ? 0 : x == 1 ? 1 : parameter(atProgress: x)
    return CubicBezier.slope(CubicBezier.derivative(s, y1, y2), over: CubicBezier.derivative(s, x1, x2))
  }
}

/// How the progress of a ``TimedAnimation`` follows the progress of its
/// time: both run from 0 to 1, the value may overshoot.
public enum TimingCurve: Sendable, Hashable {
  /// The steepest rate, per second, that an animation takes from a curve's
  /// tangent: beyond it a velocity could leave the doubles (values reach
  /// 1e100). A ``TimedAnimation`` takes the secant over the next tick
  /// instead, a keyframe's timing shape 0, as for a vertical tangent.
  @usableFromInline static let _steepestRate = 1e200

  /// Uniform: value progress = time progress.
  case linear
  /// A cubic bezier (CSS `cubic-bezier()`, UIKit and SwiftUI's named curves).
  case cubicBezier(CubicBezier)
  /// CSS `linear()`: straight lines between points (time progress, value
  /// progress), time progress non-decreasing from 0 to 1. Build it with
  /// ``piecewiseLinear(_:)`` or ``piecewiseLinear(values:)``.
  case _piecewise([Double], [Double])

  /// CSS `linear(…)` from points (time progress, value progress): times
  /// within [0, 1] and non-decreasing, the first 0 and the last 1 (a
  /// repeated time is a jump, as in CSS); values finite, |value| ≤ 1e3.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming `points[i]`.
  public static func piecewiseLinear(_ points: [(time: Double, value: Double)]) throws(HarmonicError) -> TimingCurve {
    try _Check.count(points.count, "points.count", atLeast: 2)
    for (i, point) in points.enumerated() {
      let previous = i == 0 ? 0 : points[i - 1].time
      try _Check.within(point.time, "points[\(i)].time", .closed(previous), .closed(1), unit: "non-decreasing")
      try _Check.magnitude(point.value, "points[\(i)].value", atMost: 1e3)
    }
    try _Check.within(points[0].time, "points[0].time", .closed(0), .closed(0), unit: "the curve starts at time 0")
    try _Check.within(points[points.count - 1].time, "points[\(points.count - 1)].time", .closed(1), .closed(1), unit: "the curve ends at time 1")
    return ._piecewise(points.map(\.time), points.map(\.value))
  }

  /// CSS `linear(v₀, v₁, …, vₙ)`: the values at evenly spaced times i/n.
  ///
  /// - Throws: as ``piecewiseLinear(_:)``.
  public static func piecewiseLinear(values: [Double]) throws(HarmonicError) -> TimingCurve {
    let n = Double(max(values.count - 1, 1))
    return try piecewiseLinear(values.enumerated().map { (time: $0.offset == values.count - 1 ? 1 : Double($0.offset) / n, value: $0.element) })
  }

  /// Throws unless the time progress `x` is a number (±∞ are before 0
  /// and after 1).
  static func _checkProgress(_ x: Double) throws(HarmonicError) {
    try _Check.holds(!x.isNaN, "progress", value: x, accepted: "a time progress that is not NaN (below 0: the start, above 1: the end)")
  }

  /// The value progress at time progress `x`: 0 before 0, 1 (the curve's
  /// end) after 1.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `progress` when `x` is NaN.
  public func value(atProgress x: Double) throws(HarmonicError) -> Double {
    try TimingCurve._checkProgress(x)
    return _value(atProgress: x)
  }

  /// ``value(atProgress:)`` unchecked (the start for NaN), for progress the library computed.
  @usableFromInline func _value(atProgress x: Double) -> Double {
    switch self {
    case .linear: return x > 0 ? min(x, 1) : 0
    case let .cubicBezier(curve): return curve._value(atProgress: x)
    case let ._piecewise(times, values):
      if !(x > 0) { return values[0] }
      if x >= 1 { return values[values.count - 1] }
      let i = TimingCurve.segment(times, x)
      let span = times[i + 1] - times[i]
      return values[i] + (values[i + 1] - values[i]) * ((x - times[i]) / span)
    }
  }

  /// ``value(atProgress:)`` and ``slope(atProgress:)`` for `x` in (0, 1), a
  /// bezier inverted once.
  func _valueAndSlope(atProgress x: Double) -> (value: Double, slope: Double?) {
    if case let .cubicBezier(curve) = self { return curve._valueAndSlope(atProgress: x) }
    return (_value(atProgress: x), _slope(atProgress: x))
  }

  /// The rate of value progress per unit of time progress at `x` (the
  /// right-hand slope at a corner), or nil where it is unbounded: a
  /// bezier's vertical tangent, or a piecewise segment too steep for a
  /// double (a rise over a span of subnormal length). 0 outside [0, 1).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `progress` when `x` is NaN.
  public func slope(atProgress x: Double) throws(HarmonicError) -> Double? {
    try TimingCurve._checkProgress(x)
    return _slope(atProgress: x)
  }

  /// ``slope(atProgress:)`` unchecked (0 for NaN).
  @usableFromInline func _slope(atProgress x: Double) -> Double? {
    switch self {
    case .linear: return x >= 0 && x < 1 ? 1 : 0
    case let .cubicBezier(curve): return x >= 1 ? 0 : curve._slope(atProgress: x)
    case let ._piecewise(times, values):
      guard x >= 0, x < 1 else { return 0 }
      let i = TimingCurve.segment(times, x)
      let slope = (values[i + 1] - values[i]) / (times[i + 1] - times[i])
      return slope.isFinite ? slope : nil
    }
  }

  /// The segment [times[i], times[i+1]) holding `x` in [0, 1), of positive length.
  static func segment(_ times: [Double], _ x: Double) -> Int {
    var (low, high) = (0, times.count - 1)  // times[low] ≤ x < times[high]
    while high - low > 1 {
      let middle = (low + high) / 2
      if times[middle] <= x { low = middle } else { high = middle }
    }
    return low
  }
}
