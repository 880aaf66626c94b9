/// Where `scrollToItem(at:at:animated:)` puts an item.
public enum ScrollPosition: Sendable, Hashable, CaseIterable {
  /// The least scrolling that makes the item fully visible (no change if it is).
  case none
  case top, centeredVertically, bottom
  case left, centeredHorizontally, right
}
