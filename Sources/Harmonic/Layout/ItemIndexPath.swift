/// The position of an element: section and item, ordered section-major.
public struct ItemIndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  public init(item: Int, section: Int) {
    self.item = item
    self.section = section
  }

  public static func < (lhs: ItemIndexPath, rhs: ItemIndexPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  public var description: String { "[\(section), \(item)]" }
}
