/// What changed between two layouts: the items really inserted and deleted
/// (not those that only moved because the bounds changed).
public struct LayoutUpdate: Sendable, Hashable {
  public var inserted: Set<ItemIndexPath>
  public var deleted: Set<ItemIndexPath>
  /// True for a bounds change (rotation, resize): nothing appears or
  /// disappears, every visible item moves from its old to its new frame.
  public var isBoundsChange: Bool

  public init(inserted: Set<ItemIndexPath> = [], deleted: Set<ItemIndexPath> = [], isBoundsChange: Bool = false) {
    self.inserted = inserted
    self.deleted = deleted
    self.isBoundsChange = isBoundsChange
  }
}

extension LayoutUpdate {
  /// `initialLayoutAttributesForAppearingItem(at:)`: the styled pose for an
  /// item that was really inserted, and its final attributes unchanged for
  /// everything else (so a bounds change or a moved item does not fly in).
  public func initialAttributes(appearing final: LayoutAttributes, style: AppearanceStyle = .fade) -> LayoutAttributes {
    guard !isBoundsChange, final.kind == .cell, inserted.contains(final.indexPath) else { return final }
    return style.pose(final)
  }

  /// `finalLayoutAttributesForDisappearingItem(at:)`: the styled pose for an
  /// item that was really deleted, its attributes unchanged otherwise.
  public func finalAttributes(disappearing initial: LayoutAttributes, style: AppearanceStyle = .fade) -> LayoutAttributes {
    guard !isBoundsChange, initial.kind == .cell, deleted.contains(initial.indexPath) else { return initial }
    return style.pose(initial)
  }
}
