/// What a layout computes for one element, mirroring
/// `UICollectionViewLayoutAttributes`: index path, kind, center, size,
/// affine and 3-D transform, alpha, zIndex, hidden. Points, radians.
public struct LayoutAttributes: Sendable, Hashable {
  public var indexPath: ItemIndexPath
  public var kind: ElementKind
  public var center: CGPoint
  public var size: CGSize
  public var transform: AffineTransform2D
  public var alpha: Double
  public var zIndex: Int
  public var isHidden: Bool
  /// Stored last: a 2-D frame writes the fields above, the first 2 of the
  /// value's 4 cache lines, and leaves these 128 bytes untouched.
  public var transform3D: Transform3D

  public init(
    indexPath: ItemIndexPath, kind: ElementKind = .cell, frame: CGRect, transform: AffineTransform2D = .identity,
    transform3D: Transform3D = .identity, alpha: Double = 1, zIndex: Int = 0, isHidden: Bool = false
  ) {
    self.indexPath = indexPath
    self.kind = kind
    self.center = LayoutAttributes._center(of: frame)
    self.size = frame.size
    self.transform = transform
    self.transform3D = transform3D
    self.alpha = alpha
    self.zIndex = zIndex
    self.isHidden = isHidden
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(indexPath)
    hasher.combine(kind)
    hasher.combine(point: center)
    hasher.combine(size: size)
    hasher.combine(transform)
    hasher.combine(alpha)
    hasher.combine(zIndex)
    hasher.combine(isHidden)
    hasher.combine(transform3D)
  }

  /// What UIKit shows when both transforms are set: the 2-D ``transform``
  /// followed by ``transform3D``, as one 3-D transform (a layer has one
  /// transform; `UICollectionViewLayoutAttributes` keeps one of the two).
  public var combinedTransform3D: Transform3D {
    transform == .identity ? transform3D : Transform3D(_unchecked: transform)._concatenating(transform3D)
  }

  /// The untransformed frame: `size` centered on `center` (as UIKit's
  /// `frame` with an identity transform).
  public var frame: CGRect {
    get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
    set {
      center = LayoutAttributes._center(of: newValue)
      size = newValue.size
    }
  }

  /// `(frame.midX, frame.midY)`, bit for bit, without Foundation's call
  /// per coordinate: for a finite extent of size +0 or more it is
  /// `(min + (min + size)) / 2`, as Foundation computes it; anything else
  /// (negative sizes, −0, non-finite values, the null rect) asks Foundation.
  @inline(__always)
  static func _center(of frame: CGRect) -> CGPoint {
    let (x, y, w, h) = (Double(frame.origin.x), Double(frame.origin.y), Double(frame.size.width), Double(frame.size.height))
    let (maxX, maxY) = (x + w, y + h)
    guard w.sign == .plus, h.sign == .plus, maxX.isFinite, maxY.isFinite else { return CGPoint(x: frame.midX, y: frame.midY) }
    return CGPoint(x: (x + maxX) / 2, y: (y + maxY) / 2)
  }

  /// The bounds: origin zero, `size`.
  public var bounds: CGRect { CGRect(origin: .zero, size: size) }
}
