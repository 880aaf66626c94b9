/// The items that must animate in a layout-to-layout transition: those
/// visible before or after (sorted, without duplicates); the rest jump.
public func itemsToAnimate(
  from old: GridLayout, visible oldRect: CGRect, to new: GridLayout, visible newRect: CGRect
) -> [ItemIndexPath] {
  Array(Set(old.visibleIndexPaths(in: oldRect)).union(new.visibleIndexPaths(in: newRect))).sorted()
}
