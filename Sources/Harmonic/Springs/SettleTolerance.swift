/// When a motion counts as settled: its distance from the target and its speed
/// both stay within these bounds from some time on, forever.
///
/// Tolerances are absolute, in the motion's own units. Pick them from what can
/// be seen: a position within half a point, an alpha within 1/256, a scale
/// within 1/500 (Android's minimum visible changes for those properties).
public struct SettleTolerance: Sendable, Hashable {
  /// Largest accepted |value − target|, in value units; finite and > 0.
  public let value: Double
  /// Largest accepted |velocity|, in value units per second; > 0, or `+∞` to
  /// ignore the velocity.
  public let velocity: Double

  /// - Parameters:
  ///   - value: units, finite and > 0.
  ///   - velocity: units/s, > 0; `+∞` (the default) ignores velocity.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming
  ///   `valueTolerance` or `velocityTolerance`.
  public init(value: Double, velocity: Double = .infinity) throws(HarmonicError) {
    try _Check.positive(value, "valueTolerance", unit: "units")
    try _Check.within(velocity, "velocityTolerance", .open(0), .closed(.infinity), unit: "units/s")  // +∞: velocity not considered
    self.value = value
    self.velocity = velocity
  }

  /// Speed only: ended once the speed stays at or below `speed` (units/s,
  /// finite and > 0), wherever the value is — UIKit's scroll view stops a
  /// deceleration below 5 pt/s.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming `speed`.
  public init(speed: Double) throws(HarmonicError) {
    try _Check.positive(speed, "speed", unit: "units/s")
    (value, velocity) = (.greatestFiniteMagnitude, speed)
  }

  /// `tolerance` scaled by `factor` ≥ 1 (a finite value stays finite).
  init(_share factor: Double, of tolerance: SettleTolerance) {
    (value, velocity) = (min(tolerance.value * factor, .greatestFiniteMagnitude), tolerance.velocity * factor)
  }

  static func _unchecked(value: Double, velocity: Double) -> SettleTolerance {
    _libraryConstant { try SettleTolerance(value: value, velocity: velocity) }
  }
}
