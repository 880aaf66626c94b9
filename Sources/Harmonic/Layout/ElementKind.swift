/// What an element is, as `UICollectionView.ElementCategory` and its kinds.
public enum ElementKind: Sendable, Hashable {
  case cell
  /// A supplementary view of a kind ("header", "footer", or your own).
  case supplementary(String)
  /// A decoration view of a kind.
  case decoration(String)
}
