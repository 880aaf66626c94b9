import Foundation

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

/// The pose an appearing item starts from, or a disappearing one ends at.
public enum AppearanceStyle: Sendable {
  /// Same frame, alpha 0 (UIKit's default).
  case fade
  /// Seed 000's fly-in: from `distance` points below its final position,
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
