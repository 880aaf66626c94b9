/// The one error type Harmonic throws.
///
/// Every case names what was wrong and what would have been accepted, so the
/// message can be shown to a person as it is (the `harmonic` command prints
/// `description` and exits with status 2).
public enum HarmonicError: Error, Hashable, Sendable {
  /// A parameter was not finite, or lay outside its accepted range.
  ///
  /// - `name`: the parameter as the caller spelled it (`"stiffness"`, `"bounce"`).
  /// - `value`: what was passed.
  /// - `accepted`: the accepted range with its unit, e.g. `"[1e-50, 1e50] (mass/s²)"`.
  case invalidParameter(name: String, value: Double, accepted: String)

  /// The inputs were each valid, but the quantity asked for does not exist for
  /// them (for example a velocity relative to a distance of zero).
  case undefined(quantity: String, reason: String)
}

extension HarmonicError: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .invalidParameter(name, value, accepted):
      return "\(name) must be \(accepted); got \(value)"
    case let .undefined(quantity, reason):
      return "\(quantity) is undefined: \(reason)"
    }
  }
}
