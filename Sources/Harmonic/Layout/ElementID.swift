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

  var _kindOrder: (Int, String) {
    switch kind {
    case .cell: return (0, "")
    case let .supplementary(name): return (1, name)
    case let .decoration(name): return (2, name)
    }
  }

  public static func < (lhs: ElementID, rhs: ElementID) -> Bool {
    let (a, b) = (lhs._kindOrder, rhs._kindOrder)
    if a != b { return a < b }
    return lhs.indexPath < rhs.indexPath
  }

  public var description: String {
    switch kind {
    case .cell: return "cell \(indexPath)"
    case let .supplementary(name): return "\(name) \(indexPath)"
    case let .decoration(name): return "decoration \(name) \(indexPath)"
    }
  }
}

extension LayoutAttributes {
  /// Kind and index path.
  public var elementID: ElementID { ElementID(kind, indexPath) }
}
