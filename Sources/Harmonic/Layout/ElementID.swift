/// Which element of a collection view: its kind and its index path, as
/// UIKit identifies cells, supplementary views and decoration views.
///
/// Ordered cells first (by index path), then supplementary views, then
/// decorations (each by kind name, then index path), so a transition's cells
/// keep index-path order.
public struct ElementID: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var kind: ElementKind
  public var indexPath: ItemIndexPath

  public init(_ kind: ElementKind = .cell, _ indexPath: ItemIndexPath) {
    self.kind = kind
    self.indexPath = indexPath
  }

  /// A cell.
  public static func cell(_ indexPath: ItemIndexPath) -> ElementID { ElementID(.cell, indexPath) }

  public static func < (lhs: ElementID, rhs: ElementID) -> Bool {
    if lhs.kind != rhs.kind {
      let (a, b) = (lhs.kind.category, rhs.kind.category)
      return a != b ? a < b : lhs.kind.name! < rhs.kind.name!
    }
    return lhs.indexPath < rhs.indexPath
  }

  public var description: String {
    switch kind.category {
    case .cell: return "cell \(indexPath)"
    case .supplementary: return "\(kind.name!) \(indexPath)"
    case .decoration: return "decoration \(kind.name!) \(indexPath)"
    }
  }
}

extension LayoutAttributes {
  /// Kind and index path.
  public var elementID: ElementID { ElementID(kind, indexPath) }
}
