/// A duration + easing animation of any ``SpringAnimatable`` value: from one
/// value to another over a fixed time, its progress shaped by a
/// ``TimingCurve`` (CSS `cubic-bezier()` and `linear()`, UIKit's and
/// SwiftUI's named curves) — and, when a gesture or a new target interrupts
/// it, a spring that takes over with its exact value and velocity (C¹,
/// ``handOff(to:with:at:)``).
///
/// The value at a tick is `from + (to − from)·curve(p)` with `p` the elapsed
/// ticks over the duration's ticks; the velocity is `(to − from)·curve'(p)`
/// per second. Exactly `from` at and before the start, exactly `to` from the
/// end on. A frame is a pure function of its tick, so 30, 60, 120 or 144 Hz
/// and dropped frames give the same value at the same tick.
///
/// Cost: a bezier's value inverts x(s) by bisection (about 55 polynomial
/// evaluations, no transcendental function); `linear()` is a binary search.
public struct TimedAnimation<Value: SpringAnimatable>: Sendable {
  /// The vector of the value's components.
  public typealias Components = Value.SpringComponents

  public let from: Value
  public let to: Value
  /// The tick the animation starts at.
  public let start: AnimationTime
  /// The tick it ends at, exactly on `to` (``endTick``).
  @usableFromInline let _end: AnimationTime
  public let curve: TimingCurve
  @usableFromInline let _from: Components
  @usableFromInline let _change: Components
  /// The duration in ticks (> 0) and in seconds.
  @usableFromInline let _ticks: Int64
  @usableFromInline let _seconds: Double

  /// - Parameters:
  ///   - from: the value at `start`.
  ///   - to: the value at `start + duration`.
  ///   - duration: seconds, within (0, 1e6]; rounded to the nearest tick
  ///     (1/705,600,000 s).
  ///   - curve: the easing; default UIKit's and SwiftUI's `easeInOut`.
  ///   - start: the tick it starts at.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   duration out of range or a non-finite or too large component.
  public init(
    from: Value, to: Value, duration: Double, curve: TimingCurve = .cubicBezier(.easeInOut), start: AnimationTime = .zero
  ) throws(HarmonicError) {
    try _Check.within(duration, "duration", .open(0), .closed(1e6), unit: "s")
    let ticks = try AnimationTime(seconds: duration)
    let (endTicks, overflow) = start.ticks.addingReportingOverflow(ticks.ticks)
    guard ticks.ticks > 0, !overflow else {
      throw .invalidParameter(name: "duration", value: duration, accepted: "at least one tick (1/705,600,000 s), ending before the clock's end")
    }
    var (a, b) = (from.springComponents, to.springComponents)
    let count = ValueAnimation<Value>.count
    for k in count..<Components.scalarCount { (a[k], b[k]) = (0, 0) }
    for k in 0..<count {
      try _Check.finiteMagnitude(a[k], "from component \(k)", unit: "units")
      try _Check.finiteMagnitude(b[k], "to component \(k)", unit: "units")
    }
    (self.from, self.to, self.start, self._end, self.curve) = (from, to, start, AnimationTime(ticks: endTicks), curve)
    (_from, _change, _ticks, _seconds) = (a, b - a, ticks.ticks, ticks.seconds)
  }

  /// Time progress at `time`: elapsed ticks over the duration's, in [0, 1].
  @inlinable
  func _progress(at time: AnimationTime) -> Double {
    guard time > start else { return 0 }
    guard time < _end else { return 1 }
    return Double(time.ticks - start.ticks) / Double(_ticks)
  }

  /// Components' values and rates (units per second) at `time`.
  @inlinable
  public func components(at time: AnimationTime) -> (value: Components, velocity: Components) {
    let p = _progress(at: time)
    guard p < 1 else { return (_from + _change, .zero) }
    let (eased, slope) = _easing(p)
    return (_from + _change * eased, _change * (slope / _seconds))
  }

  /// The curve's value and slope at time progress `p` in [0, 1). An
  /// unbounded slope (a vertical tangent at a bezier's end) is the secant
  /// over the next tick: the speed the next frame will show. So is a
  /// tangent steeper than `TimingCurve._steepestRate` per second (an x
  /// control point of 1e-300 under a y of 1,000, over a microsecond); the
  /// secant is at most 2e3 per tick, 1.4e12 per second.
  @usableFromInline
  func _easing(_ p: Double) -> (value: Double, slope: Double) {
    let (eased, slope) = p > 0 ? curve._valueAndSlope(atProgress: p) : (curve._value(atProgress: 0), curve._slope(atProgress: 0))
    if let slope, slope.magnitude <= TimingCurve._steepestRate * _seconds { return (eased, slope) }
    return (eased, (curve._value(atProgress: p + 1 / Double(_ticks)) - eased) * Double(_ticks))
  }

  /// The value at `time`: exactly ``from`` until the start, exactly ``to`` from the end.
  @inlinable
  public func value(at time: AnimationTime) -> Value {
    if time <= start { return from }
    if time >= _end { return to }
    return Value(springComponents: _from + _change * curve._value(atProgress: _progress(at: time)))
  }

  /// The value at the end, ``to``.
  public var endValue: Value { to }

  /// The last tick, start + duration, whatever the tolerance: from there
  /// on the value is exactly ``to``.
  public func endTick(within tolerance: SettleTolerance) -> AnimationTime? { _end }
}
