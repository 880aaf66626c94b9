/// Insets in points, by physical edge (UIEdgeInsets' shape).
public struct LayoutInsets: Sendable, Hashable {
  public var top: Double, left: Double, bottom: Double, right: Double

  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
  }

  public static let zero = LayoutInsets()

  func check(_ name: String) throws(HarmonicError) {
    for (edge, value) in [("top", top), ("left", left), ("bottom", bottom), ("right", right)] {
      try _Check.length(value, "\(name).\(edge)")
    }
  }
}
