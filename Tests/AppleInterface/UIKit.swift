// The shapes of the UIKit API Harmonic's shims use, for compiling those
// shims on Linux (no UIKit there). Not a UIKit: declarations with the SDK's
// names, signatures, optionality, `open`/`final` and actor isolation — each
// checked against the iOS 17.4 SDK's Swift view of the framework named
// beside it (README.md says how) — plus the smallest behaviour a scripted
// host needs (marked "Scripted host"). A declaration that differs from the
// SDK's in a way README.md does not list is a bug of this file.

#if os(Linux)
@_exported import Foundation

// MARK: - Geometry and time (CoreGraphics, QuartzCore, CoreFoundation)

/// CoreFoundation (CFDate.h): `typealias CFTimeInterval = Double`.
public typealias CFTimeInterval = Double

/// CoreFoundation (CFCGTypes.h): `struct CGAffineTransform` with
/// `a, b, c, d, tx, ty: CGFloat`, `init()` and `init(a:b:c:d:tx:ty:)`;
/// `Equatable` and `identity` from the CoreGraphics overlay.
public struct CGAffineTransform: Equatable, Sendable {
  public var a, b, c, d, tx, ty: CGFloat
  public init() { (a, b, c, d, tx, ty) = (0, 0, 0, 0, 0, 0) }
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
  /// CoreGraphics overlay: `static var identity: CGAffineTransform { get }`.
  public static var identity: CGAffineTransform { CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
}

/// QuartzCore (CATransform3D.h): `struct CATransform3D`, `m11`…`m44: CGFloat`,
/// `init()` and `init(m11:m12:…:m44:)`. Not `Equatable` (compare with
/// `CATransform3DEqualToTransform`), and the identity is the global
/// `CATransform3DIdentity`, not a static member.
public struct CATransform3D: Sendable {
  public var m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44: CGFloat
  public init(
    m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
    m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }
  public init() { self.init(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0, m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0) }
}

/// QuartzCore (CATransform3D.h): `let CATransform3DIdentity: CATransform3D`.
public let CATransform3DIdentity = CATransform3D(
  m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

/// QuartzCore (CATransform3D.h): `func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool`.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
  [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
    == [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
}

/// ObjectiveC overlay: `public struct Selector`, `public init(_ str: Swift.String)`.
public struct Selector: Hashable, Sendable {
  public let name: String
  public init(_ str: String) { name = str }
}

/// UIKit (UIAccessibilityConstants.h): `struct UIAccessibility`, a
/// namespace of static members (only the two the shim reads).
public struct UIAccessibility {
  /// `static var isReduceMotionEnabled: Bool { get }` (not actor-isolated).
  public static var isReduceMotionEnabled: Bool { _scriptedReduceMotion }
  /// `static let reduceMotionStatusDidChangeNotification: NSNotification.Name`.
  public static let reduceMotionStatusDidChangeNotification = NSNotification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
}

/// Scripted host: the Reduce Motion setting `UIAccessibility.isReduceMotionEnabled` reads.
nonisolated(unsafe) public var _scriptedReduceMotion = false

/// Scripted host: the media clock `CACurrentMediaTime()` reads, seconds.
nonisolated(unsafe) public var _scriptedMediaTime: CFTimeInterval = 0

/// QuartzCore (CABase.h): `func CACurrentMediaTime() -> CFTimeInterval`.
public func CACurrentMediaTime() -> CFTimeInterval { _scriptedMediaTime }

/// QuartzCore (CADisplayLink.h): `open class CADisplayLink : NSObject`,
/// not actor-isolated; its `timestamp` is the time the previous frame
/// was shown, `targetTimestamp` (iOS 10) the time the next one will be.
open class CADisplayLink: NSObject {
  /// Scripted host: the target and selector it was made with.
  public let _target: AnyObject
  public let _selector: Selector
  /// Scripted host: added to a run loop and not invalidated.
  public private(set) var _isRunning = false

  /// `init(target: Any, selector sel: Selector)`.
  public init(target: Any, selector sel: Selector) {
    (_target, _selector) = (target as AnyObject, sel)
    super.init()
  }
  /// `open var timestamp: CFTimeInterval { get }`.
  open internal(set) var timestamp: CFTimeInterval = 0
  /// `open var targetTimestamp: CFTimeInterval { get }`.
  open internal(set) var targetTimestamp: CFTimeInterval = 0
  /// `open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode)`.
  open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) { _isRunning = true }
  /// `open func invalidate()`.
  open func invalidate() { _isRunning = false }
}

// MARK: - Index paths (UIKit's additions to Foundation)

extension IndexPath {
  /// UIKit (NSIndexPath+UIKitAdditions.h): `init(item: Int, section: Int)`.
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  /// UIKit: `var item: Int`.
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
  /// UIKit: `var section: Int`.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }
}

// MARK: - Collection views

/// UIKit (UICollectionViewLayout.h): `public enum ElementCategory : UInt` (in `UICollectionView`).
extension UICollectionView {
  public enum ElementCategory: UInt, Sendable {
    case cell = 0
    case supplementaryView = 1
    case decorationView = 2
  }
}

/// UIKit (UICollectionViewLayout.h): `@MainActor open class
/// UICollectionViewLayoutAttributes : NSObject, NSCopying, UIDynamicItem`
/// (the two protocols are not declared here: the shim uses neither).
@MainActor open class UICollectionViewLayoutAttributes: NSObject {
  /// `open var frame: CGRect`
  open var frame: CGRect {
    get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
    set { (center, size) = (CGPoint(x: newValue.midX, y: newValue.midY), newValue.size) }
  }
  /// `open var center: CGPoint`
  open var center: CGPoint = .zero
  /// `open var size: CGSize`
  open var size: CGSize = .zero
  /// `open var transform3D: CATransform3D`
  open var transform3D: CATransform3D = CATransform3DIdentity
  /// `open var bounds: CGRect` (iOS 7)
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: size) }
    set { size = newValue.size }
  }
  /// `open var transform: CGAffineTransform` (iOS 7)
  open var transform: CGAffineTransform = .identity
  /// `open var alpha: CGFloat`
  open var alpha: CGFloat = 1
  /// `open var zIndex: Int`
  open var zIndex: Int = 0
  /// `open var isHidden: Bool`
  open var isHidden: Bool = false
  /// `open var indexPath: IndexPath`
  open var indexPath = IndexPath(item: 0, section: 0)
  /// `open var representedElementCategory: UICollectionView.ElementCategory { get }`
  open private(set) var representedElementCategory: UICollectionView.ElementCategory = .cell
  /// `open var representedElementKind: String? { get }`
  open private(set) var representedElementKind: String?

  /// NSObject's `init()`, inherited.
  public override init() { super.init() }
  /// `public convenience init(forCellWith indexPath: IndexPath)`
  public convenience init(forCellWith indexPath: IndexPath) {
    self.init()
    self.indexPath = indexPath
  }
  /// `public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath)`
  public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
    self.init()
    (self.indexPath, representedElementCategory, representedElementKind) = (indexPath, .supplementaryView, elementKind)
  }
  /// `public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath)`
  public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
    self.init()
    (self.indexPath, representedElementCategory, representedElementKind) = (indexPath, .decorationView, decorationViewKind)
  }
}

/// UIKit (UICollectionViewLayout.h): `@MainActor open class UICollectionViewUpdateItem : NSObject` (iOS 6).
@MainActor open class UICollectionViewUpdateItem: NSObject {
  /// `public enum Action : Int` (in `UICollectionViewUpdateItem`).
  public enum Action: Int, Sendable {
    case insert = 0
    case delete = 1
    case reload = 2
    case move = 3
    case none = 4
  }
  /// `open var indexPathBeforeUpdate: IndexPath? { get }`
  open private(set) var indexPathBeforeUpdate: IndexPath?
  /// `open var indexPathAfterUpdate: IndexPath? { get }`
  open private(set) var indexPathAfterUpdate: IndexPath?
  /// `open var updateAction: UICollectionViewUpdateItem.Action { get }`
  open private(set) var updateAction: Action = .none

  /// Scripted host: UIKit makes update items itself; a section change has `NSNotFound` as its item.
  public init(_action: Action, before: IndexPath?, after: IndexPath?) {
    (updateAction, indexPathBeforeUpdate, indexPathAfterUpdate) = (_action, before, after)
    super.init()
  }
}

/// UIKit (UICollectionViewLayout.h): `@MainActor open class UICollectionViewLayoutInvalidationContext : NSObject` (iOS 7; no members used).
@MainActor open class UICollectionViewLayoutInvalidationContext: NSObject {}

/// UIKit (UICollectionViewLayout.h): `@MainActor open class UICollectionViewLayout : NSObject, NSCoding`.
@MainActor open class UICollectionViewLayout: NSObject, @preconcurrency NSCoding {
  /// Scripted host: how many times the layout was invalidated.
  public private(set) var _invalidations = 0
  /// `open var collectionView: UICollectionView? { get }`
  open internal(set) weak var collectionView: UICollectionView?

  /// `public init()`
  public override init() { super.init() }
  /// `public init?(coder: NSCoder)` (NSCoding: required of subclasses)
  public required init?(coder: NSCoder) { super.init() }
  /// NSCoding: `func encode(with coder: NSCoder)`.
  open func encode(with coder: NSCoder) {}

  /// `open var collectionViewContentSize: CGSize { get }`
  open var collectionViewContentSize: CGSize { .zero }
  /// `open func prepare()`
  open func prepare() {}
  /// `open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]?`
  open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
  /// `open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?`
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  /// `open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?`
  open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  /// `open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?`
  open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  /// `open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool`
  open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
  /// `open func invalidateLayout()` (scripted host: as UIKit, through
  /// `invalidateLayout(with:)` with a context that invalidates everything).
  open func invalidateLayout() { invalidateLayout(with: UICollectionViewLayoutInvalidationContext()) }
  /// `open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext)` (iOS 7)
  open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) { _invalidations += 1 }
  /// `open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem])`
  open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}
  /// `open func finalizeCollectionViewUpdates()`
  open func finalizeCollectionViewUpdates() {}
  /// `open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes?`
  open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  /// `open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes?`
  open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  /// `open func prepare(forAnimatedBoundsChange oldBounds: CGRect)`
  open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}
  /// `open func finalizeAnimatedBoundsChange()`
  open func finalizeAnimatedBoundsChange() {}
  /// `open func prepareForTransition(to newLayout: UICollectionViewLayout)` (iOS 7)
  open func prepareForTransition(to newLayout: UICollectionViewLayout) {}
  /// `open func prepareForTransition(from oldLayout: UICollectionViewLayout)` (iOS 7)
  open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}
  /// `open func finalizeLayoutTransition()` (iOS 7)
  open func finalizeLayoutTransition() {}
  /// `open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint` (iOS 7)
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }
  /// `open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint`
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
    proposedContentOffset
  }
}

/// UIKit (UICollectionViewFlowLayout.h): `@MainActor open class UICollectionViewFlowLayout : UICollectionViewLayout`.
/// Scripted host: one vertical section of `itemSize` items in rows inside
/// `sectionInset`, as many a row as fit `minimumInteritemSpacing` apart, the
/// row's spare width shared between its gaps (UIKit's justified rows; a
/// lone item at the leading edge), rows `minimumLineSpacing` apart.
@MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {
  /// `open var minimumLineSpacing: CGFloat`
  open var minimumLineSpacing: CGFloat = 10
  /// `open var minimumInteritemSpacing: CGFloat`
  open var minimumInteritemSpacing: CGFloat = 10
  /// `open var itemSize: CGSize`
  open var itemSize = CGSize(width: 50, height: 50)
  /// `open var sectionInset: UIEdgeInsets`
  open var sectionInset = UIEdgeInsets()
  private var frames: [CGRect] = []
  private var size = CGSize.zero

  public override init() { super.init() }
  public required init?(coder: NSCoder) { nil }

  open override func prepare() {
    guard let collectionView else { return (frames, size) = ([], .zero) }
    let count = collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0
    let width = collectionView.bounds.width - sectionInset.left - sectionInset.right
    let columns = max(1, Int(((width + minimumInteritemSpacing) / (itemSize.width + minimumInteritemSpacing)).rounded(.down)))
    let gap = columns > 1 ? (width - CGFloat(columns) * itemSize.width) / CGFloat(columns - 1) : 0
    frames = (0..<count).map { i in
      CGRect(
        x: sectionInset.left + CGFloat(i % columns) * (itemSize.width + gap),
        y: sectionInset.top + CGFloat(i / columns) * (itemSize.height + minimumLineSpacing), width: itemSize.width, height: itemSize.height)
    }
    let rows = (count + columns - 1) / columns
    let height = rows == 0 ? 0 : CGFloat(rows) * itemSize.height + CGFloat(rows - 1) * minimumLineSpacing
    size = CGSize(width: collectionView.bounds.width, height: sectionInset.top + height + sectionInset.bottom)
  }
  open override var collectionViewContentSize: CGSize { size }
  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    frames.indices.filter { frames[$0].intersects(rect) }.map { layoutAttributesForItem(at: IndexPath(item: $0, section: 0))! }
  }
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.section == 0, frames.indices.contains(indexPath.item) else { return nil }
    let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
    attributes.frame = frames[indexPath.item]
    return attributes
  }
}

/// UIKit (UICollectionViewTransitionLayout.h): `@MainActor open class
/// UICollectionViewTransitionLayout : UICollectionViewLayout` (iOS 7).
@MainActor open class UICollectionViewTransitionLayout: UICollectionViewLayout {
  /// `open var transitionProgress: CGFloat`
  open var transitionProgress: CGFloat = 0
  /// `open var currentLayout: UICollectionViewLayout { get }`
  open private(set) var currentLayout: UICollectionViewLayout
  /// `open var nextLayout: UICollectionViewLayout { get }`
  open private(set) var nextLayout: UICollectionViewLayout
  /// Scripted host: the values `updateValue(_:forAnimatedKey:)` set.
  private var _animatedValues: [String: CGFloat] = [:]

  /// `public init(currentLayout: UICollectionViewLayout, nextLayout newLayout: UICollectionViewLayout)`
  public init(currentLayout: UICollectionViewLayout, nextLayout newLayout: UICollectionViewLayout) {
    (self.currentLayout, self.nextLayout) = (currentLayout, newLayout)
    super.init()
  }
  /// `public init?(coder: NSCoder)`
  public required init?(coder: NSCoder) { nil }
  /// `open func updateValue(_ value: CGFloat, forAnimatedKey key: String)`
  open func updateValue(_ value: CGFloat, forAnimatedKey key: String) { _animatedValues[key] = value }
  /// `open func value(forAnimatedKey key: String) -> CGFloat`
  open func value(forAnimatedKey key: String) -> CGFloat { _animatedValues[key] ?? 0 }
}
#endif
