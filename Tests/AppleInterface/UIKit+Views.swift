// Views, scroll views and the collection view, as far as the shims and the
// example use them (see UIKit.swift for what this file is).

/// uiresponder: `@MainActor class UIResponder : NSObject`.
#if os(Linux)
@MainActor open class UIResponder: NSObject {}

/// uicolor: `@MainActor class UIColor : NSObject` (Sendable since iOS 17).
open class UIColor: NSObject, @unchecked Sendable {
  /// uicolor/init(hue:saturation:brightness:alpha:)
  public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) { super.init() }
}

/// uiview: `@MainActor class UIView : UIResponder`.
@MainActor open class UIView: UIResponder {
  /// uiview/autoresizingmask-swift.struct: `struct AutoresizingMask: OptionSet`.
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  }

  /// uiview/frame
  open var frame: CGRect
  /// uiview/bounds
  open var bounds: CGRect
  /// uiview/autoresizingmask-swift.property
  open var autoresizingMask: AutoresizingMask = []
  /// uiview/backgroundcolor: `var backgroundColor: UIColor?`
  open var backgroundColor: UIColor?
  /// Scripted host: the subviews and gesture recognizers added.
  public private(set) var _subviews: [UIView] = []
  public private(set) var _gestureRecognizers: [UIGestureRecognizer] = []

  /// uiview/init(frame:)
  public init(frame: CGRect) {
    (self.frame, self.bounds) = (frame, CGRect(origin: .zero, size: frame.size))
    super.init()
  }
  /// uiview/init(coder:)
  public required init?(coder: NSCoder) { nil }
  /// uiview/addsubview(_:)
  open func addSubview(_ view: UIView) { _subviews.append(view) }
  /// uiview/addgesturerecognizer(_:)
  open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { _gestureRecognizers.append(gestureRecognizer) }
}

/// uiscrollview: `@MainActor class UIScrollView : UIView`.
@MainActor open class UIScrollView: UIView {
  /// uiscrollview/decelerationrate-swift.struct: `struct DecelerationRate: RawRepresentable` over CGFloat.
  public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    public let rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// uiscrollview/decelerationrate-swift.struct/normal
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// uiscrollview/decelerationrate-swift.struct/fast
    public static let fast = DecelerationRate(rawValue: 0.99)
  }
  /// uiscrollview/contentoffset: setting it moves `bounds.origin`.
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set { bounds.origin = newValue }
  }
  /// uiscrollview/decelerationrate-swift.property
  open var decelerationRate: DecelerationRate = .normal
}

/// uiscrollviewdelegate: `@MainActor protocol UIScrollViewDelegate : NSObjectProtocol` (every method optional).
@MainActor public protocol UIScrollViewDelegate: AnyObject {}

/// uicollectionviewdatasource: `@MainActor protocol UICollectionViewDataSource : NSObjectProtocol`.
@MainActor public protocol UICollectionViewDataSource: AnyObject {
  /// uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
  /// uicollectionviewdatasource/collectionview(_:cellforitemat:)
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

/// uicollectionviewdelegate: `@MainActor protocol UICollectionViewDelegate : UIScrollViewDelegate` (every method optional).
@MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {}

/// uicollectionviewcell: `@MainActor class UICollectionViewCell : UICollectionReusableView`.
@MainActor open class UICollectionViewCell: UIView {
  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { nil }
}

/// uicollectionview: `@MainActor class UICollectionView : UIScrollView`.
@MainActor open class UICollectionView: UIScrollView {
  /// uicollectionview/collectionviewlayout: `var collectionViewLayout: UICollectionViewLayout`
  open var collectionViewLayout: UICollectionViewLayout {
    didSet { collectionViewLayout.collectionView = self }
  }
  /// uicollectionview/datasource: `weak var dataSource: (any UICollectionViewDataSource)?`
  open weak var dataSource: (any UICollectionViewDataSource)?
  /// uicollectionview/delegate: `weak var delegate: (any UICollectionViewDelegate)?`
  open weak var delegate: (any UICollectionViewDelegate)?
  /// uicollectionview/indexpathsforvisibleitems: `var indexPathsForVisibleItems: [IndexPath] { get }`
  open var indexPathsForVisibleItems: [IndexPath] {
    (collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []).filter { $0.representedElementCategory == .cell }.map(\.indexPath)
  }

  /// uicollectionview/init(frame:collectionviewlayout:)
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    collectionViewLayout = layout
    super.init(frame: frame)
    layout.collectionView = self
  }
  public required init?(coder: NSCoder) { nil }

  /// uicollectionview/register(_:forcellwithreuseidentifier:): `func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String)`
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
  /// uicollectionview/dequeuereusablecell(withreuseidentifier:for:)
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
    UICollectionViewCell(frame: .zero)
  }
  /// uicollectionview/performbatchupdates(_:completion:): `func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)`.
  /// Scripted host: the updates run, then the layout gets the update items
  /// the deletes and inserts recorded, in UIKit's order.
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    _pending = []
    updates?()
    collectionViewLayout.invalidateLayout()
    collectionViewLayout.prepare()
    collectionViewLayout.prepare(forCollectionViewUpdates: _pending)
    collectionViewLayout.finalizeCollectionViewUpdates()
    completion?(true)
  }
  private var _pending: [UICollectionViewUpdateItem] = []
  /// uicollectionview/deleteitems(at:)
  open func deleteItems(at indexPaths: [IndexPath]) {
    _pending += indexPaths.map { UICollectionViewUpdateItem(_action: .delete, before: $0, after: nil) }
  }
  /// uicollectionview/insertitems(at:)
  open func insertItems(at indexPaths: [IndexPath]) {
    _pending += indexPaths.map { UICollectionViewUpdateItem(_action: .insert, before: nil, after: $0) }
  }
}

/// uigesturerecognizer: `@MainActor class UIGestureRecognizer : NSObject`.
@MainActor open class UIGestureRecognizer: NSObject {
  /// uigesturerecognizer/state-swift.enum: `enum State: Int`.
  public enum State: Int, Sendable {
    case possible = 0
    case began, changed, ended, cancelled, failed
    /// uigesturerecognizer/state-swift.enum/recognized
    public static let recognized = State.ended
  }
  /// uigesturerecognizer/state-swift.property: `var state: UIGestureRecognizer.State`
  open var state: State = .possible
  /// uigesturerecognizer/init(target:action:): `init(target: Any?, action: Selector?)`
  public init(target: Any?, action: Selector?) { super.init() }
}

/// uipinchgesturerecognizer: `@MainActor class UIPinchGestureRecognizer : UIGestureRecognizer`.
@MainActor open class UIPinchGestureRecognizer: UIGestureRecognizer {
  /// uipinchgesturerecognizer/scale
  open var scale: CGFloat = 1
  /// uipinchgesturerecognizer/velocity: `var velocity: CGFloat { get }`
  open internal(set) var velocity: CGFloat = 0
}

/// uiviewcontrollertransitioncoordinator: `@MainActor protocol UIViewControllerTransitionCoordinator`.
@MainActor public protocol UIViewControllerTransitionCoordinator: AnyObject {}

/// uiviewcontroller: `@MainActor class UIViewController : UIResponder`.
@MainActor open class UIViewController: UIResponder {
  /// uiviewcontroller/view: `var view: UIView!`
  open var view: UIView! = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  public override init() { super.init() }
  /// uiviewcontroller/viewdidload()
  open func viewDidLoad() {}
  /// uiviewcontroller/viewwilltransition(to:with:)
  open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}
}
#endif
