/// Range checks shared by every constructor, so that each error message has the
/// same shape.
package enum _Check {
  /// Magnitude limit for positions and velocities (units, units/s). Keeps every
  /// intermediate product of the closed form finite: |a·x| and |ω₀²·x| stay
  /// below 1e200 for the largest accepted rates.
  static let maximumMagnitude = 1e100

  /// Accepted range of mass, stiffness and (non-zero) damping.
  static let parameterRange: ClosedRange<Double> = 1e-50...1e50

  /// Longest accepted time, in seconds (about 31,700 years).
  static let maximumTime = 1e12

  package static func finiteMagnitude(_ value: Double, _ name: String, unit: String) throws(HarmonicError) {
    guard value.isFinite, value.magnitude <= maximumMagnitude else {
      throw .invalidParameter(name: name, value: value, accepted: "finite with magnitude ≤ 1e100 (\(unit))")
    }
  }

  static func parameter(_ value: Double, _ name: String, unit: String, allowZero: Bool = false) throws(HarmonicError) {
    if allowZero, value == 0 { return }
    guard parameterRange.contains(value) else {
      let range = allowZero ? "0 or within [1e-50, 1e50] (\(unit))" : "within [1e-50, 1e50] (\(unit))"
      throw .invalidParameter(name: name, value: value, accepted: range)
    }
  }

  package static func time(_ t: Double, _ name: String = "time") throws(HarmonicError) {
    guard t >= 0, t <= maximumTime else {
      throw .invalidParameter(name: name, value: t, accepted: "within [0, 1e12] (s)")
    }
  }
}

/// A value built from Harmonic's own constants (presets, defaults), through
/// the same checked initializer a caller would use. A throw here would be a bug
/// in Harmonic, not bad input, so it is a precondition failure — the README's
/// error policy — and the tests construct every such constant.
func _libraryConstant<T>(_ make: () throws -> T) -> T {
  do { return try make() } catch { preconditionFailure("Harmonic's own constant was refused: \(error)") }
}
