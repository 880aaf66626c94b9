/// How a transition places a set of items in the new layout
/// (TLLayoutTransitioning's placement modes).
public enum TransitionPlacement: Sendable, Hashable {
  /// Keep the first item where it was on screen.
  case minimal
  /// The least scrolling from the current offset that shows the items' bounding box.
  case visible
  /// Center the items' bounding box in the visible area.
  case center
  case top, left, bottom, right
}
