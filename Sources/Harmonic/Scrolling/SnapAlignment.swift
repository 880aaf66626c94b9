/// Where an item sits in the snap area (the viewport minus the insets).
public enum SnapAlignment: String, Sendable, CaseIterable {
  /// The item's leading edge on the snap area's leading edge (right edge in RTL).
  case leading
  /// The item's center on the snap area's center.
  case center
  /// The item's trailing edge on the snap area's trailing edge.
  case trailing
}
