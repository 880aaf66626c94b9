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

  /// Throws unless the preset's parameters are in range: distances,
  /// slides and points finite within ±1e12 points, angles finite within
  /// ±1e100 radians, scales finite within ±1e6, a flip's perspective
  /// within (0, 1e12] points (a negative one puts the eye behind the
  /// card). A custom pose is checked where it is made.
  func _check() throws(HarmonicError) {
    switch self {
    case .fade, .custom: return
    case let .flyIn(distance, rotation):
      try _Check.coordinate(distance, "flyIn distance")
      try _Check.finiteMagnitude(rotation, "flyIn rotation", unit: "radians")
    case let .scale(k):
      try _Check.factor(k, "scale", unit: "scale factor")
    case let .slide(x, y):
      try _Check.coordinate(x, "slide x")
      try _Check.coordinate(y, "slide y")
    case let .flip(_, perspective):
      try _Check.length(perspective, "flip perspective", positive: true)
    case let .rotate(angle, k):
      try _Check.finiteMagnitude(angle, "rotate angle", unit: "radians")
      try _Check.factor(k, "rotate scale", unit: "scale factor")
    case let .zoom(point, k):
      try _Check.coordinate(Double(point.x), "zoom point.x")
      try _Check.coordinate(Double(point.y), "zoom point.y")
      try _Check.factor(k, "zoom scale", unit: "scale factor")
    }
  }

  func pose(_ attributes: LayoutAttributes) -> LayoutAttributes {
    var pose = attributes
    switch self {
    case .fade:
      pose.alpha = 0
    case let .flyIn(distance, rotation):
      pose.center.y += CGFloat(distance)
      pose.transform = ._rotation(rotation)
      pose.alpha = 0
    case let .scale(k):
      pose.transform = pose.transform._concatenating(.scale(k, k))
      pose.alpha = 0
    case let .slide(x, y):
      pose.transform = pose.transform._concatenating(AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y))
      pose.alpha = 0
    case let .flip(axis, perspective):
      pose.transform3D = pose.transform3D._concatenating(._rotation(.pi / 2, about: axis))._concatenating(._perspective(distance: perspective))
      pose.alpha = 0
    case let .rotate(angle, k):
      pose.transform = pose.transform._concatenating(._rotation(angle))._concatenating(.scale(k, k))
      pose.alpha = 0
    case let .zoom(point, k):
      let move = AffineTransform2D(
        a: 1, b: 0, c: 0, d: 1, tx: Double(point.x) - Double(attributes.center.x), ty: Double(point.y) - Double(attributes.center.y))
      pose.transform = pose.transform._concatenating(.scale(k, k))._concatenating(move)
      pose.alpha = 0
    case let .custom(make):
      pose = make(attributes)
    }
    return pose
  }
}
