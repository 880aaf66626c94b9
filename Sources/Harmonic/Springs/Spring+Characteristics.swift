// Figures that describe a spring's step response as a whole.

extension Spring {
  /// Whether the spring oscillates about its target: ζ < 1, decided from the
  /// exactly computed sign of c² − 4km — and false for a spring constructed
  /// with ζ ≥ 1 (see ``dampingRatio``), whatever the rounding of its
  /// coefficients.
  package var isUnderdamped: Bool { _basis.isOscillating && dampingRatio < 1 }

  /// The period of the damped oscillation, 2π/ω_d with ω_d = ω₀·√(1 − ζ²), in
  /// seconds; `+∞` when the spring does not oscillate (ζ ≥ 1, exactly so for
  /// a spring constructed critical).
  public var dampedPeriod: Double {
    isUnderdamped ? 2 * Double.pi / _basis.rootDiscriminant : .infinity
  }

  /// The overshoot of a step from rest, as a fraction of the step:
  /// `exp(−π·ζ/√(1 − ζ²))` for ζ < 1 (0.077 for 7.7 %), 0 for ζ ≥ 1.
  ///
  /// Continuous in ζ: it falls to 0 as ζ → 1 from below.
  public var overshoot: Double {
    isUnderdamped ? _Math.exp(-(Double.pi * _basis.decayRate / _basis.rootDiscriminant)) : 0
  }

  /// The tolerance ``settlingDuration`` uses: SwiftUI's epsilon of 0.001 on
  /// the value of a unit step, velocity not considered.
  package static let settlingTolerance = SettleTolerance._unchecked(value: 0.001, velocity: .infinity)

  /// The settling duration in SwiftUI's meaning, computed exactly: a step from
  /// 0 to 1 starting at rest, and the time after which the value stays within
  /// 0.001 of 1 forever (the last crossing of the band, not an envelope
  /// estimate). In seconds; `+∞` only for an undamped spring.
  ///
  /// - Complexity: O(1) evaluations plus a bisection of about 60 steps.
  public var settlingDuration: Double {
    _settleTime(displacement: -1, velocity: 0, tolerance: Spring.settlingTolerance)
  }
}
