// The shapes of the UIKit API Harmonic's shims use, for compiling those
// shims on Linux (no UIKit there). Not a UIKit: declarations with the SDK's
// names, signatures, optionality, `open`/`final` and actor isolation — each
// written from the Apple documentation page cited beside it — plus the
// smallest behaviour a scripted host needs (marked "Scripted host").
// A declaration that differs from the SDK's is a bug of this file.
//
// Pages are under https://developer.apple.com/documentation/uikit/ unless given whole.

#if os(Linux)
@_exported import Foundation

// MARK: - Geometry and time (CoreGraphics, QuartzCore, CoreFoundation)

/// .../corefoundation/cftimeinterval: `typealias CFTimeInterval = Double`.
public typealias CFTimeInterval = Double

/// .../corefoundation/cgaffinetransform: `struct CGAffineTransform` with
/// `a, b, c, d, tx, ty: CGFloat` and `init(a:b:c:d:tx:ty:)`.
public struct CGAffineTransform: Equatable, Sendable {
  public var a, b, c, d, tx, ty: CGFloat
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
  /// .../corefoundation/cgaffinetransform/identity
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

/// .../quartzcore/catransform3d: `struct CATransform3D`, `m11`…`m44: CGFloat`,
/// memberwise `init(m11:m12:…:m44:)`.
public struct CATransform3D: Equatable, Sendable {
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
  /// .../quartzcore/catransform3didentity
  public static let identity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
}

/// .../objectivec/selector: `struct Selector`, `init(_ str: String)`.
public struct Selector: Hashable, Sendable {
  public let name: String
  public init(_ str: String) { name = str }
}

/// uikit/uiaccessibility: the accessibility settings (a namespace of
/// static members here; only the two the shim reads).
public struct UIAccessibility {
  /// uikit/uiaccessibility/isreducemotionenabled: `@MainActor static var isReduceMotionEnabled: Bool { get }`.
  @MainActor public static var isReduceMotionEnabled: Bool { _scriptedReduceMotion }
  /// uikit/uiaccessibility/reducemotionstatusdidchangenotification:
  /// `static let reduceMotionStatusDidChangeNotification: NSNotification.Name`.
  public static let reduceMotionStatusDidChangeNotification = NSNotification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
}

/// Scripted host: the Reduce Motion setting `UIAccessibility.isReduceMotionEnabled` reads.
@MainActor public var _scriptedReduceMotion = false

/// Scripted host: the media clock `CACurrentMediaTime()` reads, seconds.
nonisolated(unsafe) public var _scriptedMediaTime: CFTimeInterval = 0

/// .../quartzcore/1395996-cacurrentmediatime: `func CACurrentMediaTime() -> CFTimeInterval`.
public func CACurrentMediaTime() -> CFTimeInterval { _scriptedMediaTime }

/// .../quartzcore/cadisplaylink: `class CADisplayLink : NSObject`, an
/// Objective-C class (imported `open`), not main-actor isolated; its
/// `timestamp` is "the time the system displayed the previous frame".
open class CADisplayLink: NSObject {
  /// Scripted host: the target and selector it was made with.
  public let _target: AnyObject
  public let _selector: Selector
  /// Scripted host: added to a run loop and not invalidated.
  public private(set) var _isRunning = false

  /// .../quartzcore/cadisplaylink/init(target:selector:)
  public init(target: Any, selector sel: Selector) {
    (_target, _selector) = (target as AnyObject, sel)
    super.init()
  }
  /// .../quartzcore/cadisplaylink/timestamp: `var timestamp: CFTimeInterval { get }`.
  public internal(set) var timestamp: CFTimeInterval = 0
  /// .../quartzcore/cadisplaylink/targettimestamp: `var targetTimestamp: CFTimeInterval { get }`.
  public internal(set) var targetTimestamp: CFTimeInterval = 0
  /// .../quartzcore/cadisplaylink/add(to:formode:)
  public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) { _isRunning = true }
  /// .../quartzcore/cadisplaylink/invalidate()
  public func invalidate() { _isRunning = false }
}

// MARK: - Index paths (UIKit's additions to Foundation)

extension IndexPath {
  /// .../foundation/indexpath/init(item:section:) (UIKit)
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  /// .../foundation/indexpath/item (UIKit)
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
  /// .../foundation/indexpath/section (UIKit)
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }
}

// MARK: - Collection views

/// uicollectionview/elementcategory: `enum ElementCategory: UInt`.
extension UICollectionView {
  public enum ElementCategory: UInt, Sendable {
    case cell = 0
    case supplementaryView, decorationView
  }
}

/// uicollectionviewlayoutattributes: `@MainActor class UICollectionViewLayoutAttributes : NSObject`.
@MainActor open class UICollectionViewLayoutAttributes: NSObject {
  /// uicollectionviewlayoutattributes/frame
  open var frame: CGRect {
    get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
    set { (center, size) = (CGPoint(x: newValue.midX, y: newValue.midY), newValue.size) }
  }
  /// uicollectionviewlayoutattributes/center
  open var center: CGPoint = .zero
  /// uicollectionviewlayoutattributes/size
  open var size: CGSize = .zero
  /// uicollectionviewlayoutattributes/transform3d
  open var transform3D: CATransform3D = .identity
  /// uicollectionviewlayoutattributes/transform
  open var transform: CGAffineTransform = .identity
  /// uicollectionviewlayoutattributes/alpha
  open var alpha: CGFloat = 1
  /// uicollectionviewlayoutattributes/zindex
  open var zIndex: Int = 0
  /// uicollectionviewlayoutattributes/ishidden
  open var isHidden: Bool = false
  /// uicollectionviewlayoutattributes/indexpath
  open var indexPath = IndexPath(item: 0, section: 0)
  /// uicollectionviewlayoutattributes/representedelementcategory: `var representedElementCategory: UICollectionView.ElementCategory { get }`
  open private(set) var representedElementCategory: UICollectionView.ElementCategory = .cell
  /// uicollectionviewlayoutattributes/representedelementkind: `var representedElementKind: String? { get }`
  open private(set) var representedElementKind: String?

  public override init() { super.init() }
  /// uicollectionviewlayoutattributes/init(forcellwith:)
  public convenience init(forCellWith indexPath: IndexPath) {
    self.init()
    self.indexPath = indexPath
  }
  /// uicollectionviewlayoutattributes/init(forsupplementaryviewofkind:with:)
  public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
    self.init()
    (self.indexPath, representedElementCategory, representedElementKind) = (indexPath, .supplementaryView, elementKind)
  }
  /// uicollectionviewlayoutattributes/init(fordecorationviewofkind:with:)
  public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
    self.init()
    (self.indexPath, representedElementCategory, representedElementKind) = (indexPath, .decorationView, decorationViewKind)
  }
}

/// uicollectionviewupdateitem: `@MainActor class UICollectionViewUpdateItem : NSObject`.
@MainActor open class UICollectionViewUpdateItem: NSObject {
  /// uicollectionviewupdateitem/action: `enum Action: Int`.
  public enum Action: Int, Sendable {
    case insert = 0
    case delete, reload, move, none
  }
  /// uicollectionviewupdateitem/indexpathbeforeupdate: `var indexPathBeforeUpdate: IndexPath? { get }`
  open private(set) var indexPathBeforeUpdate: IndexPath?
  /// uicollectionviewupdateitem/indexpathafterupdate: `var indexPathAfterUpdate: IndexPath? { get }`
  open private(set) var indexPathAfterUpdate: IndexPath?
  /// uicollectionviewupdateitem/updateaction: `var updateAction: UICollectionViewUpdateItem.Action { get }`
  open private(set) var updateAction: Action = .none

  /// Scripted host: UIKit makes update items itself; a section change has `NSNotFound` as its item.
  public init(_action: Action, before: IndexPath?, after: IndexPath?) {
    (updateAction, indexPathBeforeUpdate, indexPathAfterUpdate) = (_action, before, after)
    super.init()
  }
}

/// uicollectionviewlayout: `@MainActor class UICollectionViewLayout : NSObject`.
@MainActor open class UICollectionViewLayout: NSObject {
  /// Scripted host: how many times the layout was invalidated.
  public private(set) var _invalidations = 0
  /// uicollectionviewlayout/collectionview: `var collectionView: UICollectionView? { get }`
  open internal(set) weak var collectionView: UICollectionView?

  /// uicollectionviewlayout/init()
  public override init() { super.init() }
  /// uicollectionviewlayout/init(coder:): `init?(coder: NSCoder)`
  public required init?(coder: NSCoder) { super.init() }

  /// uicollectionviewlayout/collectionviewcontentsize
  open var collectionViewContentSize: CGSize { .zero }
  /// uicollectionviewlayout/prepare()
  open func prepare() {}
  /// uicollectionviewlayout/layoutattributesforelements(in:)
  open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
  /// uicollectionviewlayout/layoutattributesforitem(at:)
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  /// uicollectionviewlayout/layoutattributesforsupplementaryview(ofkind:at:)
  open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  /// uicollectionviewlayout/shouldinvalidatelayout(forboundschange:)
  open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
  /// uicollectionviewlayout/invalidatelayout()
  open func invalidateLayout() { _invalidations += 1 }
  /// uicollectionviewlayout/prepare(forcollectionviewupdates:)
  open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}
  /// uicollectionviewlayout/finalizecollectionviewupdates()
  open func finalizeCollectionViewUpdates() {}
  /// uicollectionviewlayout/initiallayoutattributesforappearingitem(at:)
  open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  /// uicollectionviewlayout/finallayoutattributesfordisappearingitem(at:)
  open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  /// uicollectionviewlayout/prepare(foranimatedboundschange:)
  open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}
  /// uicollectionviewlayout/finalizeanimatedboundschange()
  open func finalizeAnimatedBoundsChange() {}
  /// uicollectionviewlayout/targetcontentoffset(forproposedcontentoffset:)
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }
  /// uicollectionviewlayout/targetcontentoffset(forproposedcontentoffset:withscrollingvelocity:)
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
    proposedContentOffset
  }
}

/// uicollectionviewtransitionlayout: `@MainActor class UICollectionViewTransitionLayout : UICollectionViewLayout`.
@MainActor open class UICollectionViewTransitionLayout: UICollectionViewLayout {
  /// uicollectionviewtransitionlayout/currentlayout: `var currentLayout: UICollectionViewLayout { get }`
  open private(set) var currentLayout: UICollectionViewLayout
  /// uicollectionviewtransitionlayout/nextlayout: `var nextLayout: UICollectionViewLayout { get }`
  open private(set) var nextLayout: UICollectionViewLayout
  /// uicollectionviewtransitionlayout/transitionprogress: `var transitionProgress: CGFloat { get set }`
  open var transitionProgress: CGFloat = 0

  /// uicollectionviewtransitionlayout/init(currentlayout:nextlayout:)
  public init(currentLayout: UICollectionViewLayout, nextLayout newLayout: UICollectionViewLayout) {
    (self.currentLayout, self.nextLayout) = (currentLayout, newLayout)
    super.init()
  }
  /// uicollectionviewtransitionlayout/init(coder:)
  public required init?(coder: NSCoder) { nil }
}
#endif
