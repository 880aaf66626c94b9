/// What a layout computes for one element, mirroring
/// `UICollectionViewLayoutAttributes`: index path, kind, center, size,
/// affine and 3-D transform, alpha, zIndex, hidden. Points, radians.
public struct LayoutAttributes: Sendable, Hashable {
  public var indexPath: ItemIndexPath
  public var kind: ElementKind
  public var center: CGPoint
  public var size: CGSize
  public var transform: AffineTransform2D
  public var transform3D: Transform3D
  public var alpha: Double
  public var zIndex: Int
  public var isHidden: Bool

  public init(
    indexPath: ItemIndexPath, kind: ElementKind = .cell, frame: CGRect, transform: AffineTransform2D = .identity,
    transform3D: Transform3D = .identity, alpha: Double = 1, zIndex: Int = 0, isHidden: Bool = false
  ) {
    self.indexPath = indexPath
    self.kind = kind
    self.center = CGPoint(x: frame.midX, y: frame.midY)
    self.size = frame.size
    self.transform = transform
    self.transform3D = transform3D
    self.alpha = alpha
    self.zIndex = zIndex
    self.isHidden = isHidden
  }

  /// The untransformed frame: `size` centered on `center` (as UIKit's
  /// `frame` with an identity transform).
  public var frame: CGRect {
    get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
    set {
      center = CGPoint(x: newValue.midX, y: newValue.midY)
      size = newValue.size
    }
  }

  /// The bounds: origin zero, `size`.
  public var bounds: CGRect { CGRect(origin: .zero, size: size) }
}
