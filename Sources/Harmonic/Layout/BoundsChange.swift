/// One item's old and new attributes across a bounds change.
public struct BoundsChangeItem: Sendable, Hashable {
  public var indexPath: ItemIndexPath
  public var from: LayoutAttributes
  public var to: LayoutAttributes
}

/// Old and new attributes for every item visible before or after a bounds
/// change (rotation), so each moves smoothly instead of disappearing and
/// reappearing. Items are paired by index path.
///
/// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
///   the layouts do not have the same items.
public func boundsChange(
  from old: GridLayout, visible oldRect: CGRect, to new: GridLayout, visible newRect: CGRect
) throws(HarmonicError) -> [BoundsChangeItem] {
  guard old.itemCounts == new.itemCounts else {
    throw .invalidParameter(name: "new.itemCounts", value: Double(new.itemCount), accepted: "the same sections and items as the old layout (\(old.itemCounts))")
  }
  return try itemsToAnimate(from: old, visible: oldRect, to: new, visible: newRect).map { indexPath throws(HarmonicError) in
    BoundsChangeItem(indexPath: indexPath, from: try old.attributes(of: indexPath), to: try new.attributes(of: indexPath))
  }
}
