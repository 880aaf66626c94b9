/// The pose an appearing item starts from, or a disappearing one ends at:
/// an entrance or exit preset (Reanimated's entering and exiting
/// animations, UIKit's initial and final layout attributes).
///
/// The pose is a layout attributes value; the transition's springs carry
/// every channel from it to the element's place (or from its place to it)
/// starting at rest, so an entrance continues C¹ into the springs. Each
/// preset keeps the element's center and size and changes the transform,
/// alpha or both, as stated. ``flip(about:perspective:)`` animates the 3-D
/// transform: it shows only in transitions made with `include3D: true`.
public enum AppearanceStyle: Sendable {
  /// Same frame, alpha 0 (UIKit's default).
  case fade
  /// A fly-in: from `distance` points below its final position,
  /// rotated by `rotation` radians, alpha 0.
  case flyIn(distance: Double, rotation: Double)
  /// Scaled by `scale` about its center (0.5: from half size), alpha 0.
  case scale(Double)
  /// Moved by (`x`, `y`) points (a slide from an edge: `x: -320` from the
  /// left), alpha 0.
  case slide(x: Double, y: Double)
  /// Edge-on: turned 90° about `axis` (``Transform3D/Axis/y``: a card
  /// flipping about its vertical center line) in perspective from
  /// `perspective` points, alpha 0.
  case flip(about: Transform3D.Axis, perspective: Double)
  /// Turned by `angle` radians in the screen's plane and scaled by
  /// `scale`, alpha 0.
  case rotate(angle: Double, scale: Double)
  /// Shrunk to `scale` at `point` (a zoom from the tapped spot):
  /// translated by `point − center`, alpha 0.
  case zoom(from: CGPoint, scale: Double)
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
    case let .scale(k):
      pose.transform = pose.transform.concatenating(.scale(k, k))
      pose.alpha = 0
    case let .slide(x, y):
      pose.transform = pose.transform.concatenating(AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y))
      pose.alpha = 0
    case let .flip(axis, perspective):
      pose.transform3D = pose.transform3D.concatenating(.rotation(.pi / 2, about: axis)).concatenating(.perspective(distance: perspective))
      pose.alpha = 0
    case let .rotate(angle, k):
      pose.transform = pose.transform.concatenating(.rotation(angle)).concatenating(.scale(k, k))
      pose.alpha = 0
    case let .zoom(point, k):
      let move = AffineTransform2D(
        a: 1, b: 0, c: 0, d: 1, tx: Double(point.x) - Double(attributes.center.x), ty: Double(point.y) - Double(attributes.center.y))
      pose.transform = pose.transform.concatenating(.scale(k, k)).concatenating(move)
      pose.alpha = 0
    case let .custom(make):
      pose = make(attributes)
    }
    return pose
  }
}
