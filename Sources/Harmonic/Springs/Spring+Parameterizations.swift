// Conversions between the canonical (mass, stiffness, damping) and the
// parameterizations designers and platforms use. Each constructor checks its
// own inputs first, then the coefficients it derives, and names the input the
// caller actually passed when something is out of range.

extension Spring {
  // MARK: - Response and damping ratio (SwiftUI, Wave)

  /// Creates a spring from its response (the undamped period) and damping ratio.
  ///
  /// `k = (2π / response)²·m` and `c = 4π·ζ·m / response` (SwiftUI's
  /// `Spring(response:dampingRatio:)`, the Wave library).
  ///
  /// - Parameters:
  ///   - response: the period of the undamped oscillation, 2π/ω₀, in seconds; > 0.
  ///   - dampingRatio: ζ ≥ 0. 0 never settles, below 1 overshoots, 1 is
  ///     critically damped, above 1 approaches without overshoot.
  ///   - mass: m in mass units. Default 1.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming
  ///   `response`, `dampingRatio` or `mass`.
  public init(response: Double, dampingRatio: Double, mass: Double = 1) throws(HarmonicError) {
    try _Check.positive(response, "response", unit: "s")
    try _Check.positive(dampingRatio, "dampingRatio", orZero: true)
    try _Check.parameter(mass, "mass", unit: "mass units")
    let omega = 2 * Double.pi / response
    let stiffness = omega * omega * mass
    let damping = 4 * Double.pi * dampingRatio * mass / response
    try Spring._checkDerived(stiffness: stiffness, damping: damping, from: "response", response)
    self.init(_validatedMass: mass, stiffness: stiffness, damping: damping, dampingRatio: dampingRatio)
  }

  // MARK: - Stiffness and damping ratio (Flutter, androidx, Wave)

  /// Creates a spring from its stiffness and damping ratio: `c = 2ζ·√(k·m)`
  /// (Flutter's `SpringDescription.withDampingRatio`, androidx `SpringForce`
  /// with mass 1).
  ///
  /// - Parameters:
  ///   - stiffness: k in mass/s², within [1e-50, 1e50].
  ///   - dampingRatio: ζ ≥ 0 (1 = critically damped).
  ///   - mass: m in mass units. Default 1.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming
  ///   `stiffness`, `dampingRatio` or `mass`.
  public init(stiffness: Double, dampingRatio: Double, mass: Double = 1) throws(HarmonicError) {
    try _Check.parameter(stiffness, "stiffness", unit: "mass/s²")
    try _Check.positive(dampingRatio, "dampingRatio", orZero: true)
    try _Check.parameter(mass, "mass", unit: "mass units")
    let damping = 2 * dampingRatio * (stiffness * mass).squareRoot()
    try Spring._checkDerived(stiffness: stiffness, damping: damping, from: "dampingRatio", dampingRatio)
    self.init(_validatedMass: mass, stiffness: stiffness, damping: damping, dampingRatio: dampingRatio)
  }

  /// The period of the undamped oscillation, 2π/ω₀ = 2π·√(m/k), in seconds.
  public var response: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }

  /// The damping ratio ζ = c / (2√(k·m)), dimensionless — exactly the ζ
  /// given at construction when a parameterization took one (so a spring
  /// built with ζ = 1 or bounce 0 reports 1, not the 1 − 7e-18 its rounded
  /// coefficients give).
  public var dampingRatio: Double { _constructedDampingRatio }

  /// ζ recomputed from the stored coefficients (what the motion uses).
  package var _coefficientDampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// The undamped angular frequency ω₀ = √(k/m), in radians per second.
  public var naturalFrequency: Double { _basis.omegaSquared.squareRoot() }

  // MARK: - Duration and bounce (SwiftUI iOS 17, Flutter `withDurationAndBounce`)

  /// Creates a spring from a perceptual duration and a bounce.
  ///
  /// `duration` is the response (2π/ω₀). `bounce` maps to the damping ratio as
  /// ζ = 1 − bounce for bounce ≥ 0 and ζ = 1/(1 + bounce) for bounce < 0, as in
  /// SwiftUI's `Spring(duration:bounce:)` and Flutter's
  /// `SpringDescription.withDurationAndBounce`.
  ///
  /// - Parameters:
  ///   - duration: seconds, > 0. Default 0.5 (SwiftUI's default).
  ///   - bounce: within (−1, 1]. 0 is critically damped, 1 never settles,
  ///     negative values are overdamped. Default 0.
  ///   - mass: m in mass units. Default 1.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``.
  public init(duration: Double = 0.5, bounce: Double = 0, mass: Double = 1) throws(HarmonicError) {
    try _Check.positive(duration, "duration", unit: "s")
    try _Check.within(bounce, "bounce", .open(-1), .closed(1))
    let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    do {
      try self.init(response: duration, dampingRatio: ratio, mass: mass)
    } catch let error {
      throw error.renamingParameter("response", to: "duration")
    }
  }

  /// The perceptual duration: the same as ``response``, in seconds.
  public var duration: Double { response }

  /// The bounce: 1 − ζ when ζ ≤ 1, 1/ζ − 1 when ζ > 1 (so in (−1, 1]).
  ///
  /// Near 0 the value is only defined to about 1e-16 absolute, as it is a small
  /// difference of the damping ratio from 1.
  public var bounce: Double {
    let ratio = dampingRatio
    return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
  }

  // MARK: - Settling duration and damping ratio (UIKit's duration-based springs)

  /// Creates the spring of damping ratio `dampingRatio` that, started at rest,
  /// comes to rest after exactly `settlingDuration` seconds.
  ///
  /// This is the reading of UIKit's duration-based spring APIs —
  /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`
  /// and `UIViewPropertyAnimator(duration:dampingRatio:)` — that their
  /// documentation supports: the damping ratio is ζ, and the duration is "the
  /// total duration of the animations". How UIKit derives the stiffness from
  /// the duration is not published, nor is the amplitude at which it counts
  /// the motion as over, so this initializer states its own rule and keeps it
  /// exactly: "at rest" means within `restFraction` of the distance for good
  /// (Harmonic's exact settle time, ``Motion/endTick(within:)``,
  /// of a motion from rest over a distance of 1). The curve has UIKit's shape
  /// (the same ζ) and ends when UIKit's animation ends; it is not claimed to
  /// match UIKit's frames bit for bit. For iOS 17's
  /// `animate(springDuration:bounce:…)` the mapping is documented and exact:
  /// use ``init(duration:bounce:mass:)``.
  ///
  /// The mapping: for a fixed ζ and a motion from rest, the displacement is a
  /// function of ω₀·t alone, so the settle time is τ(ζ, ε)/ω₀ with τ the
  /// settle time of the spring with ω₀ = 1. Then ω₀ = τ / `settlingDuration`,
  /// k = m·ω₀² and c = 2ζ·√(k·m). UIKit's `initialSpringVelocity` is a
  /// velocity relative to the distance: pass it to
  /// ``SpringMotion/absoluteVelocity(relative:from:to:)``.
  ///
  /// - Parameters:
  ///   - settlingDuration: seconds until rest, finite and > 0.
  ///   - dampingRatio: ζ, finite and > 0 (an undamped spring never rests).
  ///   - restFraction: the band, as a fraction of the distance, that counts
  ///     as rest; within (0, 1). Default 0.001, SwiftUI's epsilon and the
  ///     band of ``settlingDuration`` (half a point of a 500-point move), so
  ///     that ``settlingDuration`` reads the duration back.
  ///   - mass: m in mass units. Default 1.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming
  ///   `settlingDuration`, `dampingRatio`, `restFraction` or `mass`
  ///   (`settlingDuration` also when the stiffness or damping it gives is
  ///   outside [1e-50, 1e50]).
  /// - Complexity: one exact settle-time search, about 100 spring evaluations.
  public init(
    settlingDuration: Double, dampingRatio: Double, restFraction: Double = 0.001, mass: Double = 1
  ) throws(HarmonicError) {
    try _Check.within(settlingDuration, "settlingDuration", .open(0), .closed(_Check.maximumTime), unit: "s")
    try _Check.positive(dampingRatio, "dampingRatio")
    try _Check.within(restFraction, "restFraction", .open(0), .open(1))
    try _Check.parameter(mass, "mass", unit: "mass units")
    let unit = try Spring(stiffness: 1, dampingRatio: dampingRatio)
    let tolerance = try SettleTolerance(value: restFraction)
    let unitSettleTime = unit._settleTime(displacement: -1, velocity: 0, tolerance: tolerance)
    let omega = unitSettleTime / settlingDuration
    let stiffness = mass * omega * omega
    let damping = 2 * dampingRatio * (stiffness * mass).squareRoot()
    try Spring._checkDerived(stiffness: stiffness, damping: damping, from: "settlingDuration", settlingDuration)
    self.init(_validatedMass: mass, stiffness: stiffness, damping: damping, dampingRatio: dampingRatio)
  }

  // MARK: - Origami / Rebound tension and friction

  /// Creates a spring from Origami (Quartz Composer) tension and friction, as
  /// Facebook's Rebound converts them: `k = (tension − 30)·3.62 + 194`,
  /// `c = (friction − 8)·3 + 25`, `m = 1` (Rebound's `OrigamiValueConverter`).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   a tension or friction below 0 (Origami's range; the tension and
  ///   friction of a spring Origami cannot express, as `harmonic describe`
  ///   prints them, are negative, and are not accepted back) or not finite, or when the
  ///   derived stiffness or damping is out of range.
  public init(origamiTension tension: Double, friction: Double) throws(HarmonicError) {
    try _Check.positive(tension, "tension", orZero: true, unit: "Origami's range")
    try _Check.positive(friction, "friction", orZero: true, unit: "Origami's range")
    let stiffness = Spring._reboundStiffness(origamiTension: tension)
    let damping = Spring._reboundDamping(origamiFriction: friction)
    try Spring._checkDerived(stiffness: stiffness, damping: damping, from: "tension", tension, dampingFrom: ("friction", friction))
    self.init(_validatedMass: 1, stiffness: stiffness, damping: damping)
  }

  /// The Origami tension of the equivalent unit-mass spring: `(k/m − 194)/3.62 + 30`.
  package var origamiTension: Double { (_basis.omegaSquared - 194) / 3.62 + 30 }

  /// The Origami friction of the equivalent unit-mass spring: `(c/m − 25)/3 + 8`.
  package var origamiFriction: Double { (damping / mass - 25) / 3 + 8 }

  // MARK: - POP bounciness and speed

  /// Creates a spring from POP's (and Rebound's `BouncyConversion`) bounciness
  /// and speed. POP's defaults are bounciness 4 and speed 12, which give
  /// stiffness 342.1006 and damping 30.48698 at mass 1.
  ///
  /// The conversion (Rebound `BouncyConversion`, POP `POPSpringSolver`):
  /// `b = 0.8·(bounciness/1.7)/20`, `s = (speed/1.7)/20`,
  /// `bouncyTension = 0.5 + 199.5·s`,
  /// `bouncyFriction = f₀ + (2b − b²)·(0.01 − f₀)` with `f₀` the piecewise cubic
  /// "no bounce" friction of `bouncyTension`; then Origami tension and friction
  /// as in ``init(origamiTension:friction:)``.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   a bounciness or speed below 0 (POP's range) or not finite, or when the
  ///   derived stiffness or damping is out of range.
  public init(bounciness: Double, speed: Double) throws(HarmonicError) {
    try _Check.positive(bounciness, "bounciness", orZero: true, unit: "POP's range")
    try _Check.positive(speed, "speed", orZero: true, unit: "POP's range")
    let b = 0.8 * ((bounciness / 1.7) / 20)
    let bouncyTension = 0.5 + 199.5 * ((speed / 1.7) / 20)
    let f0 = Spring._popNoBounceFriction(bouncyTension)
    let bouncyFriction = f0 + (2 * b - b * b) * (0.01 - f0)
    let stiffness = Spring._reboundStiffness(origamiTension: bouncyTension)
    let damping = Spring._reboundDamping(origamiFriction: bouncyFriction)
    try Spring._checkDerived(stiffness: stiffness, damping: damping, from: "speed", speed, dampingFrom: ("bounciness", bounciness))
    self.init(_validatedMass: 1, stiffness: stiffness, damping: damping)
  }

  /// POP speed of the equivalent unit-mass spring (inverse of ``init(bounciness:speed:)``).
  package var popSpeed: Double {
    let bouncyTension = (_basis.omegaSquared - 194) / 3.62 + 30
    return (bouncyTension - 0.5) / 199.5 * 20 * 1.7
  }

  /// POP bounciness of the equivalent unit-mass spring, or `nil` when no
  /// bounciness at this spring's speed gives its damping (POP's curve reaches
  /// its least damping at bounciness 42.5).
  package var popBounciness: Double? {
    let bouncyTension = (_basis.omegaSquared - 194) / 3.62 + 30
    let bouncyFriction = (damping / mass - 25) / 3 + 8
    let f0 = Spring._popNoBounceFriction(bouncyTension)
    // w = 2b − b², so b = 1 − √(1 − w), written without cancellation for small w.
    let w = (bouncyFriction - f0) / (0.01 - f0)
    guard w.isFinite, w <= 1 else { return nil }
    let b = w / (1 + (1 - w).squareRoot())
    return b / 0.8 * 20 * 1.7
  }

  @usableFromInline
  static func _reboundStiffness(origamiTension: Double) -> Double { (origamiTension - 30) * 3.62 + 194 }

  @usableFromInline
  static func _reboundDamping(origamiFriction: Double) -> Double { (origamiFriction - 8) * 3 + 25 }

  /// Rebound's `b3Nobounce`: the friction that just avoids bounce at a given
  /// bouncy tension, a piecewise cubic fitted by Facebook.
  @usableFromInline
  static func _popNoBounceFriction(_ tension: Double) -> Double {
    let x = tension
    if x <= 18 {
      return ((0.0007 * x - 0.031) * x + 0.64) * x + 1.28
    } else if x <= 44 {
      return ((0.000044 * x - 0.006) * x + 0.36) * x + 2
    } else {
      return ((0.00000045 * x - 0.000332) * x + 0.1078) * x + 5.84
    }
  }

  /// The stiffness and damping a parameterization derived, in range: the
  /// error names the parameter they came from (`dampingFrom`, when the
  /// damping came from another one) and what it gave.
  static func _checkDerived(
    stiffness: Double, damping: Double, from name: String, _ value: Double, dampingFrom: (name: String, value: Double)? = nil
  ) throws(HarmonicError) {
    guard stiffness >= 1e-50, stiffness <= 1e50 else {
      throw .invalidParameter(name: name, value: value, accepted: "such that the stiffness is within [1e-50, 1e50] mass/s² (it gave \(stiffness))")
    }
    guard damping == 0 || _Check.parameterRange.contains(damping) else {
      let (dampingName, dampingValue) = dampingFrom ?? (name, value)
      throw .invalidParameter(
        name: dampingName, value: dampingValue, accepted: "such that the damping is 0 or within [1e-50, 1e50] mass/s (it gave \(damping))")
    }
  }
}

extension HarmonicError {
  func renamingParameter(_ old: String, to new: String) -> HarmonicError {
    if case let .invalidParameter(name, value, accepted) = self, name == old {
      return .invalidParameter(name: new, value: value, accepted: accepted)
    }
    return self
  }
}
