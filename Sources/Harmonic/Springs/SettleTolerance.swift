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

  static func _unchecked(value: Double, velocity: Double) -> SettleTolerance {
    _libraryConstant { try SettleTolerance(value: value, velocity: velocity) }
  }
}
