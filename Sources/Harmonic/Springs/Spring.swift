/// The parameters of a damped harmonic spring: `m·x'' + c·x' + k·(x − target) = 0`.
///
/// A `Spring` is canonical in (mass, stiffness, damping). Every other
/// parameterization designers and platforms use (response and damping ratio,
/// duration and bounce, Origami tension and friction, POP bounciness and speed,
/// named presets) converts into these three numbers and reads back out of
/// them; see `Spring+Parameterizations.swift`.
///
/// Units. Positions and velocities share one unit of length (points, say);
/// time is in seconds. Then
/// - `mass` is in mass units (only the ratios k/m and c/m affect motion),
/// - `stiffness` k is in mass/s²,
/// - `damping` c is in mass/s.
///
/// The damping *coefficient* c is not the damping *ratio* ζ = c / (2√(k·m));
/// a spring is critically damped at ζ = 1, whatever its c.
///
/// Accepted range: mass and stiffness within [1e-50, 1e50], damping 0 or
/// within [1e-50, 1e50]. Inside that range every quantity Harmonic derives is
/// finite; anything else is refused with ``HarmonicError/invalidParameter(name:value:accepted:)``.
public struct Spring: Sendable {
  /// Mass m, in mass units. Default 1.
  public let mass: Double
  /// Stiffness k, in mass/s².
  public let stiffness: Double
  /// Damping coefficient c, in mass/s (not the damping ratio).
  public let damping: Double

  @usableFromInline package let _basis: _SpringBasis

  /// The damping ratio this spring was constructed with: the caller's ζ when
  /// a parameterization gave one (response/dampingRatio, stiffness/dampingRatio,
  /// duration/bounce, Android's constants), else c / (2√(km)). Reported
  /// quantities read it, so a spring built critical reports ζ = 1 exactly even
  /// though its stored coefficients give 1 − 7e-18; the motion never does
  /// (there is no formula to switch).
  let _constructedDampingRatio: Double

  /// Creates a spring from its physical coefficients.
  ///
  /// - Parameters:
  ///   - mass: m in mass units, within [1e-50, 1e50]. Default 1.
  ///   - stiffness: k in mass/s², within [1e-50, 1e50].
  ///   - damping: c in mass/s, 0 or within [1e-50, 1e50].
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming
  ///   the first parameter that is out of range.
  public init(mass: Double = 1, stiffness: Double, damping: Double) throws(HarmonicError) {
    try _Check.parameter(mass, "mass", unit: "mass units")
    try _Check.parameter(stiffness, "stiffness", unit: "mass/s²")
    try _Check.parameter(damping, "damping", unit: "mass/s", allowZero: true)
    self.init(_validatedMass: mass, stiffness: stiffness, damping: damping)
  }

  /// For values already checked (presets and converted parameters).
  @usableFromInline
  init(_validatedMass mass: Double, stiffness: Double, damping: Double, dampingRatio: Double? = nil) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping + 0  // turns −0 into +0, so equal springs hash alike
    self._basis = _SpringBasis(mass: mass, stiffness: stiffness, damping: self.damping)
    self._constructedDampingRatio = dampingRatio ?? self.damping / (2 * (stiffness * mass).squareRoot())
  }
}

/// Equality and hashing compare the coefficients (m, k, c): two springs that
/// move identically are equal, whichever parameterization built them.
extension Spring: Hashable {
  public static func == (lhs: Spring, rhs: Spring) -> Bool {
    lhs.mass == rhs.mass && lhs.stiffness == rhs.stiffness && lhs.damping == rhs.damping
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(mass)
    hasher.combine(stiffness)
    hasher.combine(damping)
  }
}

extension Spring: CustomStringConvertible {
  public var description: String {
    "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping))"
  }
}
