/// Range checks shared by every entry point: one named limit per kind of
/// quantity, so that the same kind of input is accepted in the same range
/// everywhere and every error names that range in the same words. The DocC
/// article "Accepted ranges" lists the limits; `AcceptedRangesTests` checks
/// the article against them.
package enum _Check {
  // MARK: - Limits

  /// Values and velocities of motions — springs, decelerations, rubber
  /// bands, batches, value springs — in their own unit (and unit/s): finite,
  /// magnitude ≤ 1e100. Keeps every intermediate product of the closed form
  /// finite: |a·x| and |ω₀²·x| stay below 1e200 for the largest accepted rates.
  package static let maximumMagnitude = 1e100

  /// Mass (mass units), stiffness (mass/s²) and non-zero damping (mass/s).
  package static let parameterRange: ClosedRange<Double> = 1e-50...1e50

  /// Times and durations, seconds (about 31,700 years).
  package static let maximumTime = 1e12

  /// Lengths of a layout, points: sizes, extents, spacings, insets,
  /// viewports, content sizes, snap periods. At 1e12 a double still resolves
  /// 1.2e-4 pt, finer than any screen's pixel; at 1e15 it would be 0.125 pt.
  package static let maximumLength = 1e12

  /// Coordinates of a layout, points: centers, content offsets, snap
  /// offsets and snap points (the same resolution argument as lengths).
  package static let maximumCoordinate = 1e12

  /// Velocities of a scroll or of layout elements, points per second.
  package static let maximumScrollVelocity = 1e12

  /// Dimensionless factors — a transition's progress, its rate (per
  /// second), a rubber band's coefficient.
  package static let maximumFactor = 1e6

  /// Items of one layout or one update's item counts: ≤ 1e8. A layout keeps
  /// a few dozen bytes per item, so this bounds a layout at a few GB.
  package static let maximumItemCount = 100_000_000

  /// A released gesture's progress rate: ≤ 100 per second (a whole
  /// transition in 10 ms). A spring from rest carries a velocity v at most
  /// v/(e·ω) progress past its start — 0.29 travels at 10/s with a 0.5 s
  /// response, 2.9 at 100/s; 1e6/s sent a cancel's offsets to −2.8e7.
  package static let maximumProgressRate = 100.0

  /// Sections of one layout: ≤ 1e6 (a snapshot keeps a count per section).
  package static let maximumSectionCount = 1_000_000

  // MARK: - Checks

  /// A motion's value or velocity: finite, magnitude ≤ ``maximumMagnitude``.
  package static func finiteMagnitude(_ value: Double, _ name: @autoclosure () -> String, unit: String) throws(HarmonicError) {
    guard value.isFinite, value.magnitude <= maximumMagnitude else {
      throw .invalidParameter(name: name(), value: value, accepted: "finite with magnitude ≤ 1e100 (\(unit))")
    }
  }

  /// `condition`, else an error naming `name` with `value` and what is
  /// `accepted`: a value that must be finite (a transform's entry, a
  /// point's coordinate), or a result that must not overflow.
  static func holds(
    _ condition: Bool, _ name: @autoclosure () -> String, value: @autoclosure () -> Double, accepted: @autoclosure () -> String
  ) throws(HarmonicError) {
    guard condition else { throw .invalidParameter(name: name(), value: value(), accepted: accepted()) }
  }

  /// Mass, stiffness or damping: within ``parameterRange`` (damping may be 0).
  static func parameter(_ value: Double, _ name: @autoclosure () -> String, unit: String, allowZero: Bool = false) throws(HarmonicError) {
    if allowZero, value == 0 { return }
    guard parameterRange.contains(value) else {
      let range = allowZero ? "0 or within [1e-50, 1e50] (\(unit))" : "within [1e-50, 1e50] (\(unit))"
      throw .invalidParameter(name: name(), value: value, accepted: range)
    }
  }

  /// A time: within [0, ``maximumTime``] seconds.
  package static func time(_ t: Double, _ name: @autoclosure () -> String = "time") throws(HarmonicError) {
    guard t >= 0, t <= maximumTime else {
      throw .invalidParameter(name: name(), value: t, accepted: "within [0, 1e12] (s)")
    }
  }

  /// A length: within [0, ``maximumLength``] points, or (0, …] when it must
  /// be positive, or [`minimum`, …] when a smaller one cannot be resolved.
  static func length(
    _ value: Double, _ name: @autoclosure () -> String, positive: Bool = false, minimum: Double? = nil, unit: String = "points"
  ) throws(HarmonicError) {
    let low = minimum ?? 0
    guard value <= maximumLength, positive && minimum == nil ? value > 0 : value >= low else {
      let range = minimum.map { "within [\($0), 1e12]" } ?? (positive ? "within (0, 1e12]" : "within [0, 1e12]")
      throw .invalidParameter(name: name(), value: value, accepted: "\(range) (\(unit))")
    }
  }

  /// A coordinate: finite, magnitude ≤ ``maximumCoordinate`` points.
  static func coordinate(_ value: Double, _ name: @autoclosure () -> String, unit: String = "points") throws(HarmonicError) {
    guard value.magnitude <= maximumCoordinate else {
      throw .invalidParameter(name: name(), value: value, accepted: "finite with magnitude ≤ 1e12 (\(unit))")
    }
  }

  /// A scroll's or an element's velocity: finite, magnitude ≤
  /// ``maximumScrollVelocity`` points per second.
  static func scrollVelocity(_ value: Double, _ name: @autoclosure () -> String, unit: String = "points/s") throws(HarmonicError) {
    guard value.magnitude <= maximumScrollVelocity else {
      throw .invalidParameter(name: name(), value: value, accepted: "finite with magnitude ≤ 1e12 (\(unit))")
    }
  }

  /// A dimensionless factor: finite, magnitude ≤ ``maximumFactor``, or
  /// within (0, …] when it must be positive.
  static func factor(_ value: Double, _ name: @autoclosure () -> String, positive: Bool = false, unit: String) throws(HarmonicError) {
    guard value.magnitude <= maximumFactor, !positive || value > 0 else {
      let range = positive ? "within (0, 1e6]" : "finite with magnitude ≤ 1e6"
      throw .invalidParameter(name: name(), value: value, accepted: "\(range) (\(unit))")
    }
  }

  /// A count: at least `minimum`, and at most `maximum` when given (`why`
  /// says what the range means).
  static func count(
    _ value: Int, _ name: @autoclosure () -> String, atLeast minimum: Int, atMost maximum: Int? = nil, why: String? = nil
  ) throws(HarmonicError) {
    guard value >= minimum, value <= maximum ?? .max else {
      let range = maximum.map { "within [\(minimum), \($0)]" } ?? "≥ \(minimum)"
      throw .invalidParameter(name: name(), value: Double(value), accepted: range + (why.map { " (\($0))" } ?? ""))
    }
  }

  // MARK: - Plain ranges of one quantity

  /// A quantity with no limit of its own kind but its sign: finite and > 0
  /// (`orZero`: ≥ 0). `unit` (or what the range is) closes the message.
  static func positive(_ value: Double, _ name: @autoclosure () -> String, orZero: Bool = false, unit: String? = nil) throws(HarmonicError) {
    guard value.isFinite, orZero ? value >= 0 : value > 0 else {
      throw .invalidParameter(name: name(), value: value, accepted: (orZero ? "finite and ≥ 0" : "finite and > 0") + _Check._unit(unit))
    }
  }

  /// A finite quantity of magnitude at most `limit` (a limit of its own,
  /// tighter than ``maximumMagnitude``).
  static func magnitude(_ value: Double, _ name: @autoclosure () -> String, atMost limit: Double, unit: String? = nil) throws(HarmonicError) {
    guard value.isFinite, value.magnitude <= limit else {
      throw .invalidParameter(name: name(), value: value, accepted: "finite with magnitude ≤ \(_Check._shown(limit))" + _Check._unit(unit))
    }
  }

  /// One end of an accepted interval: included (closed) or not (open).
  enum Bound {
    case open(Double)
    case closed(Double)
  }

  /// A quantity within an interval of its own (a fraction, a rate per
  /// millisecond, a bounce): "within (a, b]". NaN is refused.
  static func within(_ value: Double, _ name: @autoclosure () -> String, _ low: Bound, _ high: Bound, unit: String? = nil) throws(HarmonicError) {
    let above: Bool
    let below: Bool
    let (opening, closing): (String, String)
    switch low {
    case .open(let a): (above, opening) = (value > a, "(\(_Check._shown(a))")
    case .closed(let a): (above, opening) = (value >= a, "[\(_Check._shown(a))")
    }
    switch high {
    case .open(let b): (below, closing) = (value < b, "\(_Check._shown(b)))")
    case .closed(let b): (below, closing) = (value <= b, "\(_Check._shown(b))]")
    }
    guard above, below else {
      throw .invalidParameter(name: name(), value: value, accepted: "within \(opening), \(closing)" + _Check._unit(unit))
    }
  }

  /// A step of the tick clock: at least one tick.
  static func ticks(_ ticks: Int64, _ name: @autoclosure () -> String) throws(HarmonicError) {
    guard ticks > 0 else { throw .invalidParameter(name: name(), value: Double(ticks), accepted: "> 0 ticks") }
  }

  /// How a quantity must stand to another: at least, above, or at most it.
  enum Order {
    case atLeast
    case above
    case atMost
  }

  /// A quantity in order with another (an end after its start, slots
  /// increasing, a minimum below its maximum): "≥ starts[3] = 120 (why)".
  /// NaN is refused.
  static func order(
    _ value: Double, _ name: @autoclosure () -> String, _ order: Order, _ other: Double, _ otherName: @autoclosure () -> String,
    why: String? = nil
  ) throws(HarmonicError) {
    let holds =
      switch order {
      case .atLeast: value >= other
      case .above: value > other
      case .atMost: value <= other
      }
    guard holds else {
      let sign =
        switch order {
        case .atLeast: "≥";
        case .above: ">";
        case .atMost: "≤"
        }
      throw .invalidParameter(name: name(), value: value, accepted: "\(sign) \(otherName()) = \(other)" + _Check._unit(why))
    }
  }

  /// A tick at or after the start of what it changes (a segment, a batch's
  /// origin): events cannot go back before it.
  static func notBefore(_ time: Int64, start: Int64, _ name: @autoclosure () -> String = "time", of what: String) throws(HarmonicError) {
    guard time >= start else {
      throw .invalidParameter(name: name(), value: Double(time), accepted: "≥ \(what), tick \(start)")
    }
  }

  /// A call that needs its receiver in some state (a gesture begun, a drag
  /// in progress): `holds`, else the error names the call (or the argument
  /// that cannot be taken now) and the state it needs.
  static func state(
    _ holds: Bool, _ name: @autoclosure () -> String, value: @autoclosure () -> Double = 0, needs state: @autoclosure () -> String
  )
    throws(HarmonicError)
  {
    guard holds else { throw .invalidParameter(name: name(), value: value(), accepted: state()) }
  }

  /// An element of a list that must not repeat (`isNew`: it was not listed
  /// before); `accepted` says what is unique ("a unique kind + index path").
  static func unique(_ isNew: Bool, _ name: @autoclosure () -> String, value: Double, accepted: @autoclosure () -> String) throws(HarmonicError) {
    guard isNew else { throw .invalidParameter(name: name(), value: value, accepted: accepted()) }
  }

  /// " (unit)", or nothing.
  static func _unit(_ unit: String?) -> String { unit.map { " (\($0))" } ?? "" }

  /// A bound as the messages write it: whole numbers below 1000 as they are
  /// (with a true minus sign), powers of ten as 1e6, infinities as ±∞,
  /// anything else as Swift prints it.
  static func _shown(_ x: Double) -> String {
    let sign = x < 0 ? "−" : ""
    let m = x.magnitude
    if m == .infinity { return x < 0 ? "−∞" : "+∞" }
    if m == m.rounded(), m < 1000 { return sign + String(Int(m)) }
    for e in -300...308 where Double("1e\(e)") == m { return sign + "1e\(e)" }
    return sign + "\(m)"
  }

  /// The length of an array that must match another: `expected`, described
  /// as `what` ("itemCount", "items × channels"…).
  static func shape(_ value: Int, _ name: @autoclosure () -> String, expected: Int, what: @autoclosure () -> String) throws(HarmonicError) {
    guard value == expected else {
      throw .invalidParameter(name: name(), value: Double(value), accepted: "\(what()) = \(expected)")
    }
  }

  /// A number of items: within [0, ``maximumItemCount``].
  static func itemCount(_ value: Int, _ name: @autoclosure () -> String) throws(HarmonicError) {
    guard value >= 0, value <= maximumItemCount else {
      throw .invalidParameter(name: name(), value: Double(value), accepted: "within [0, 100000000] (items)")
    }
  }

  /// An index into `count` things: within 0..<count.
  static func index(_ value: Int, _ name: @autoclosure () -> String, count: Int, of things: String? = nil) throws(HarmonicError) {
    guard value >= 0, value < count else {
      throw .invalidParameter(name: name(), value: Double(value), accepted: "within 0..<\(count)" + (things.map { " \($0)" } ?? ""))
    }
  }
}

/// A value built from Harmonic's own constants (presets, defaults), through
/// the same checked initializer a caller would use. A throw here would be a bug
/// in Harmonic, not bad input, so it is a precondition failure — the error
/// policy of the Architecture article — and the tests construct every such
/// constant.
package func _libraryConstant<T>(_ make: () throws -> T) -> T {
  do { return try make() } catch { preconditionFailure("Harmonic's own constant was refused: \(error)") }
}
