/// What an element is, as `UICollectionView.ElementCategory` and its kinds:
/// a cell, or a supplementary or decoration view of a named kind.
///
/// A kind is a plain 8-byte value: the name is interned once, process-wide,
/// the first time ``supplementary(_:)`` or ``decoration(_:)`` sees it, so
/// copying and comparing kinds — and the ``ElementID``s and
/// ``LayoutAttributes`` that hold them — costs no reference counting. Two
/// kinds are equal when their category and name are.
///
/// Use it as an enumeration: `kind == .cell`, `case .supplementary("header"):`,
/// or switch over ``category`` and read ``name``.
///
/// - Complexity: ``supplementary(_:)`` and ``decoration(_:)`` take a lock
///   and a dictionary lookup (make the kinds you use often once); ``cell``,
///   ``category``, `==` and copies are O(1) without locking; ``name`` and
///   hashing read the interned name.
public struct ElementKind: Sendable, Hashable, CustomStringConvertible {
  /// The three categories of elements.
  public enum Category: Int, Sendable, Hashable, Comparable {
    case cell, supplementary, decoration

    public static func < (lhs: Category, rhs: Category) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// 0 for a cell; otherwise the address of the interned name (16-byte
  /// aligned, never freed) ORed with the category's raw value.
  package let _raw: UInt

  init(_raw raw: UInt) { _raw = raw }

  /// A cell.
  public static var cell: ElementKind { ElementKind(_raw: 0) }

  /// A supplementary view of a kind ("header", "footer", or your own).
  public static func supplementary(_ name: String) -> ElementKind { _interned(.supplementary, name) }

  /// A decoration view of a kind.
  public static func decoration(_ name: String) -> ElementKind { _interned(.decoration, name) }

  static func _interned(_ category: Category, _ name: String) -> ElementKind {
    ElementKind(_raw: _InternedNames.shared.address(tag: category.rawValue, name) | UInt(category.rawValue))
  }

  /// The supplementary kinds ``GridLayout`` makes, interned once.
  package static let _header = ElementKind.supplementary("header")
  static let _footer = ElementKind.supplementary("footer")

  /// Cell, supplementary or decoration.
  public var category: Category { Category(rawValue: Int(_raw & 0xF))! }

  /// The kind's name; nil for a cell.
  public var name: String? { _raw == 0 ? nil : _InternedNames.name(at: _raw) }

  public static func == (lhs: ElementKind, rhs: ElementKind) -> Bool { lhs._raw == rhs._raw }

  /// Hashes the category and the name (not the address: hashes do not
  /// depend on which kind was interned first).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(category)
    if let name { hasher.combine(name) }
  }

  public var description: String {
    switch category {
    case .cell: return "cell"
    case .supplementary: return "supplementary \(name!)"
    case .decoration: return "decoration \(name!)"
    }
  }
}
