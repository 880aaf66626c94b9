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

  /// Sections of one layout: ≤ 1e6 (a snapshot keeps a count per section).
  package static let maximumSectionCount = 1_000_000

  // MARK: - Checks

  /// A motion's value or velocity: finite, magnitude ≤ ``maximumMagnitude``.
  package static func finiteMagnitude(_ value: Double, _ name: @autoclosure () -> String, unit: String) throws(HarmonicError) {
    guard value.isFinite, value.magnitude <= maximumMagnitude else {
      throw .invalidParameter(name: name(), value: value, accepted: "finite with magnitude ≤ 1e100 (\(unit))")
    }
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

  /// A count: at least `minimum` (`why` says what fewer would mean).
  static func count(_ value: Int, _ name: @autoclosure () -> String, atLeast minimum: Int, why: String? = nil) throws(HarmonicError) {
    guard value >= minimum else {
      throw .invalidParameter(name: name(), value: Double(value), accepted: "≥ \(minimum)" + (why.map { " (\($0))" } ?? ""))
    }
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
