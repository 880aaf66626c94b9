/// A value and its velocity at one instant.
public struct SpringState: Sendable, Hashable {
  /// The value, in the motion's units.
  public var value: Double
  /// The rate of change, in units per second.
  public var velocity: Double

  public init(value: Double, velocity: Double) {
    self.value = value
    self.velocity = velocity
  }
}
