/// The pose an appearing item starts from, or a disappearing one ends at.
public enum AppearanceStyle: Sendable {
  /// Same frame, alpha 0 (UIKit's default).
  case fade
  /// A fly-in: from `distance` points below its final position,
  /// rotated by `rotation` radians, alpha 0.
  case flyIn(distance: Double, rotation: Double)
  /// Any pose computed from the final (or initial) attributes.
  case custom(@Sendable (LayoutAttributes) -> LayoutAttributes)

  func pose(_ attributes: LayoutAttributes) -> LayoutAttributes {
    var pose = attributes
    switch self {
    case .fade:
      pose.alpha = 0
    case let .flyIn(distance, rotation):
      pose.center.y += CGFloat(distance)
      pose.transform = .rotation(rotation)
      pose.alpha = 0
    case let .custom(make):
      pose = make(attributes)
    }
    return pose
  }
}
