// Named springs people already know, with where each number comes from.

extension Spring {
  // MARK: - SwiftUI (iOS 17 / macOS 14)

  /// SwiftUI's `.smooth`: duration 0.5 s, bounce 0 (critically damped).
  public static let smooth = Spring._preset(duration: 0.5, bounce: 0)

  /// SwiftUI's `.snappy`: duration 0.5 s, bounce 0.15.
  public static let snappy = Spring._preset(duration: 0.5, bounce: 0.15)

  /// SwiftUI's `.bouncy`: duration 0.5 s, bounce 0.3 (m 1, k 157.91, c 17.59).
  public static let bouncy = Spring._preset(duration: 0.5, bounce: 0.3)

  // MARK: - Core Animation and POP

  /// `CASpringAnimation`'s defaults: mass 1, stiffness 100, damping 10 (ζ = 0.5).
  public static let coreAnimationDefault = Spring(_validatedMass: 1, stiffness: 100, damping: 10)

  /// POP's `POPSpringAnimation` defaults: bounciness 4, speed 12
  /// (tension 342.1006, friction 30.48698).
  public static let popDefault: Spring = {
    _libraryConstant { try Spring(bounciness: 4, speed: 12) }
  }()

  // MARK: - Android (androidx.dynamicanimation `SpringForce`, mass 1)

  /// `SpringForce.STIFFNESS_*` constants, in mass/s² for mass 1.
  public enum AndroidStiffness: Double, Sendable, CaseIterable {
    case high = 10_000
    case medium = 1_500
    case low = 200
    case veryLow = 50
  }

  /// `SpringForce.DAMPING_RATIO_*` constants.
  public enum AndroidDampingRatio: Double, Sendable, CaseIterable {
    case highBouncy = 0.2
    case mediumBouncy = 0.5
    case lowBouncy = 0.75
    case noBouncy = 1
  }

  /// An Android `SpringForce` with its named constants; the defaults are
  /// `SpringForce`'s own (medium stiffness, medium bouncy).
  /// `c = 2ζ·√k` at mass 1.
  public static func android(
    stiffness: AndroidStiffness = .medium,
    dampingRatio: AndroidDampingRatio = .mediumBouncy
  ) -> Spring {
    let k = stiffness.rawValue
    return Spring(_validatedMass: 1, stiffness: k, damping: 2 * dampingRatio.rawValue * k.squareRoot(), dampingRatio: dampingRatio.rawValue)
  }

  static func _preset(duration: Double, bounce: Double) -> Spring {
    _libraryConstant { try Spring(duration: duration, bounce: bounce) }
  }
}
