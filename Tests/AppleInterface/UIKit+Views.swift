// Views, scroll views and the collection view, as far as the shims and the
// example use them (see UIKit.swift for what this file is). Each
// declaration names the SDK header it was checked against.

#if os(Linux)
/// UIKit (UIResponder.h): `@MainActor open class UIResponder : NSObject, UIResponderStandardEditActions`.
@MainActor open class UIResponder: NSObject {}

/// UIKit (UIColor.h): `open class UIColor : NSObject, NSSecureCoding,
/// NSCopying, @unchecked Sendable`, not actor-isolated.
open class UIColor: NSObject, @unchecked Sendable {
  /// `public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat)`
  public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) { super.init() }
}

/// UIKit (UIView.h): `@MainActor open class UIView : UIResponder, NSCoding, …`.
@MainActor open class UIView: UIResponder {
  /// `public struct AutoresizingMask : OptionSet` (in `UIView`).
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `static var flexibleWidth: UIView.AutoresizingMask { get }`
    public static var flexibleWidth: AutoresizingMask { AutoresizingMask(rawValue: 1 << 1) }
    /// `static var flexibleHeight: UIView.AutoresizingMask { get }`
    public static var flexibleHeight: AutoresizingMask { AutoresizingMask(rawValue: 1 << 4) }
  }

  /// `open var frame: CGRect` (scripted host: the bounds' size around
  /// `center`; transforms are not applied).
  open var frame: CGRect {
    get { CGRect(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width, height: bounds.height) }
    set {
      center = CGPoint(x: newValue.midX, y: newValue.midY)
      bounds.size = newValue.size
    }
  }
  /// `open var bounds: CGRect`
  open var bounds: CGRect
  /// `open var center: CGPoint`
  open var center: CGPoint
  /// `open var transform: CGAffineTransform`
  open var transform: CGAffineTransform = .identity
  /// `open var alpha: CGFloat`
  open var alpha: CGFloat = 1
  /// `open var isHidden: Bool`
  open var isHidden = false
  /// `open var autoresizingMask: UIView.AutoresizingMask`
  open var autoresizingMask: AutoresizingMask = []
  /// `@NSCopying open var backgroundColor: UIColor?`
  open var backgroundColor: UIColor?
  /// `open var superview: UIView? { get }`
  open private(set) weak var superview: UIView?
  /// Scripted host: the subviews (back to front) and gesture recognizers added.
  public private(set) var _subviews: [UIView] = []
  public private(set) var _gestureRecognizers: [UIGestureRecognizer] = []
  /// Scripted host: the view a snapshot view shows.
  public private(set) weak var _snapshotOf: UIView?

  /// `public init(frame: CGRect)`
  public init(frame: CGRect) {
    (self.center, self.bounds) = (CGPoint(x: frame.midX, y: frame.midY), CGRect(origin: .zero, size: frame.size))
    super.init()
  }
  /// `public init?(coder: NSCoder)`
  public required init?(coder: NSCoder) { nil }
  /// `open func addSubview(_ view: UIView)`
  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    _subviews.append(view)
    view.superview = self
  }
  /// `open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView)`
  open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
    view.removeFromSuperview()
    let index = _subviews.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? _subviews.count
    _subviews.insert(view, at: index)
    view.superview = self
  }
  /// `open func removeFromSuperview()`
  open func removeFromSuperview() {
    superview?._subviews.removeAll { $0 === self }
    superview = nil
  }
  /// `open var window: UIWindow? { get }` (scripted host: the window at the root of the superviews, if any).
  open var window: UIWindow? {
    var view: UIView? = self
    while let v = view, !(v is UIWindow) { view = v.superview }
    return view as? UIWindow
  }
  /// `open func convert(_ rect: CGRect, to view: UIView?) -> CGRect`
  /// (scripted host: through the superviews' frames and bounds origins, no transforms).
  open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
    func root(_ v: UIView) -> (UIView, CGPoint) {  // the root, and v's origin in it
      var (v, shift) = (v, CGPoint.zero)
      while let s = v.superview {
        shift.x += v.frame.minX - v.bounds.minX
        shift.y += v.frame.minY - v.bounds.minY
        v = s
      }
      return (v, shift)
    }
    let (mine, there) = (root(self), view.map(root) ?? root(self))
    guard mine.0 === there.0 || view == nil else { return rect }
    let to = view == nil ? CGPoint.zero : there.1
    return rect.offsetBy(dx: mine.1.x - to.x, dy: mine.1.y - to.y)
  }
  /// `open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView?`
  /// (scripted host: a view of the same bounds that remembers what it shows).
  open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
    let snapshot = UIView(frame: bounds)
    snapshot._snapshotOf = self
    return snapshot
  }
  /// `open func layoutIfNeeded()` (scripted host: lays out the subviews).
  open func layoutIfNeeded() { for view in _subviews { view.layoutIfNeeded() } }
  /// `open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer)`
  open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
    _gestureRecognizers.append(gestureRecognizer)
    gestureRecognizer.view = self
  }
}

/// UIKit (UIScrollView.h): `@MainActor open class UIScrollView : UIView, NSCoding, UIFocusItemScrollableContainer`.
@MainActor open class UIScrollView: UIView {
  /// `public struct DecelerationRate : Hashable, Equatable, RawRepresentable` (in `UIScrollView`) over CGFloat.
  public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    public let rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// `static let normal: UIScrollView.DecelerationRate`
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// `static let fast: UIScrollView.DecelerationRate`
    public static let fast = DecelerationRate(rawValue: 0.99)
  }
  /// `open var contentOffset: CGPoint` (scripted host: it is `bounds.origin`).
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set { bounds.origin = newValue }
  }
  /// `open var contentSize: CGSize`
  open var contentSize: CGSize = .zero
  /// `open var decelerationRate: UIScrollView.DecelerationRate`
  open var decelerationRate: DecelerationRate = .normal
  /// `open var adjustedContentInset: UIEdgeInsets { get }` (iOS 11; scripted host: `_adjustedContentInset`).
  open var adjustedContentInset: UIEdgeInsets { _adjustedContentInset }
  /// Scripted host: the insets the safe area and bars would make.
  public var _adjustedContentInset = UIEdgeInsets()
}

/// UIKit (UIGeometry.h): `public struct UIEdgeInsets : @unchecked Sendable`, `init()`,
/// `init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat)` and the four `var`s.
public struct UIEdgeInsets: Equatable, @unchecked Sendable {
  /// `public var top: CGFloat`
  public var top: CGFloat
  /// `public var left: CGFloat`
  public var left: CGFloat
  /// `public var bottom: CGFloat`
  public var bottom: CGFloat
  /// `public var right: CGFloat`
  public var right: CGFloat
  /// `public init()`
  public init() { (top, left, bottom, right) = (0, 0, 0, 0) }
  /// `public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat)`
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) { (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right) }
}

/// UIKit (UIScrollView.h): `@MainActor public protocol UIScrollViewDelegate : NSObjectProtocol` (every method optional).
@MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {}

/// UIKit (UICollectionView.h): `@MainActor public protocol UICollectionViewDataSource : NSObjectProtocol`.
@MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
  /// `func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int`
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
  /// `func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell`
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
  /// `optional func numberOfSections(in collectionView: UICollectionView) -> Int`
  /// (optional there: a requirement here, UIKit's default of 1 in the extension below).
  func numberOfSections(in collectionView: UICollectionView) -> Int
}

extension UICollectionViewDataSource {
  /// What UIKit assumes when the data source does not implement it: one section.
  public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// UIKit (UICollectionView.h): `@MainActor public protocol UICollectionViewDelegate : UIScrollViewDelegate` (every method optional;
/// the one declared here is a requirement with UIKit's default in the extension below, as Linux has no `@objc optional`).
@MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {
  /// `optional func collectionView(_ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout, newLayout toLayout: UICollectionViewLayout) -> UICollectionViewTransitionLayout`
  func collectionView(
    _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout, newLayout toLayout: UICollectionViewLayout
  ) -> UICollectionViewTransitionLayout
}

extension UICollectionViewDelegate {
  /// What UIKit does when the delegate does not implement it: a plain transition layout.
  public func collectionView(
    _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout, newLayout toLayout: UICollectionViewLayout
  ) -> UICollectionViewTransitionLayout {
    UICollectionViewTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
  }
}

/// UIKit (UICollectionViewCell.h): `@MainActor open class UICollectionReusableView : UIView`.
@MainActor open class UICollectionReusableView: UIView {
  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { nil }
  /// `open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes)`
  open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
}

/// UIKit (UICollectionViewCell.h): `@MainActor open class UICollectionViewCell : UICollectionReusableView`.
@MainActor open class UICollectionViewCell: UICollectionReusableView {
  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { nil }
}

/// UIKit (UICollectionView.h): `@MainActor open class UICollectionView : UIScrollView, UIDataSourceTranslating`.
@MainActor open class UICollectionView: UIScrollView {
  /// `open var collectionViewLayout: UICollectionViewLayout`
  open var collectionViewLayout: UICollectionViewLayout {
    didSet {
      collectionViewLayout.collectionView = self
      _needsPrepare = true
    }
  }
  /// Scripted host: whether the next `layoutIfNeeded()` prepares the layout first.
  private var _needsPrepare = true
  /// `weak open var dataSource: (any UICollectionViewDataSource)?`
  open weak var dataSource: (any UICollectionViewDataSource)?
  /// `weak open var delegate: (any UICollectionViewDelegate)?`
  open weak var delegate: (any UICollectionViewDelegate)?
  /// `open var indexPathsForVisibleItems: [IndexPath] { get }`
  open var indexPathsForVisibleItems: [IndexPath] {
    (collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []).filter { $0.representedElementCategory == .cell }.map(\.indexPath)
  }

  /// `public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout)`
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    collectionViewLayout = layout
    super.init(frame: frame)
    layout.collectionView = self
  }
  /// `public init?(coder: NSCoder)`
  public required init?(coder: NSCoder) { nil }

  /// `open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String)`
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
  /// `open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell`
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
    UICollectionViewCell(frame: .zero)
  }
  /// `open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)`.
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
  /// `open func deleteItems(at indexPaths: [IndexPath])`
  open func deleteItems(at indexPaths: [IndexPath]) {
    _pending += indexPaths.map { UICollectionViewUpdateItem(_action: .delete, before: $0, after: nil) }
  }
  /// `open func insertItems(at indexPaths: [IndexPath])`
  open func insertItems(at indexPaths: [IndexPath]) {
    _pending += indexPaths.map { UICollectionViewUpdateItem(_action: .insert, before: nil, after: $0) }
  }

  /// `open var contentSize: CGSize` (scripted host: the layout's content size).
  open override var contentSize: CGSize {
    get { collectionViewLayout.collectionViewContentSize }
    set {}
  }
  /// Scripted host: the cells shown, by index path, laid out by `layoutIfNeeded()` and `cellForItem(at:)`.
  private var _cells: [IndexPath: UICollectionViewCell] = [:]
  /// `open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell?`
  /// (scripted host: the cell of a visible item, laid out at the layout's frame).
  open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
    layoutIfNeeded()
    return _cells[indexPath]
  }
  /// `open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?`
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    collectionViewLayout.layoutAttributesForItem(at: indexPath)
  }
  /// Scripted host: the layout prepared once after it is set, then a cell for each item it shows in the bounds (kept while it stays visible).
  open override func layoutIfNeeded() {
    if _needsPrepare {
      _needsPrepare = false
      collectionViewLayout.prepare()
    }
    let shown = (collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []).filter { $0.representedElementCategory == .cell }
    let visible = Set(shown.map(\.indexPath))
    for (path, cell) in _cells where !visible.contains(path) {
      cell.removeFromSuperview()
      _cells[path] = nil
    }
    for attributes in shown {
      let cell = _cells[attributes.indexPath] ?? UICollectionViewCell(frame: attributes.frame)
      if _cells[attributes.indexPath] == nil { addSubview(cell) }
      (_cells[attributes.indexPath], cell.frame) = (cell, attributes.frame)
      cell.apply(attributes)
    }
  }

  /// `open var numberOfSections: Int { get }` (scripted host: the data source's answer, 0 without one).
  open var numberOfSections: Int { dataSource?.numberOfSections(in: self) ?? 0 }
  /// `open func numberOfItems(inSection section: Int) -> Int` (scripted host: the data source's answer).
  open func numberOfItems(inSection section: Int) -> Int { dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0 }

  /// `public typealias LayoutInteractiveTransitionCompletion = (Bool, Bool) -> Void` (in `UICollectionView`).
  public typealias LayoutInteractiveTransitionCompletion = (Bool, Bool) -> Void
  /// Scripted host: the interactive transition in progress (its two layouts and completion).
  private var _transition: (from: UICollectionViewLayout, to: UICollectionViewLayout, completion: LayoutInteractiveTransitionCompletion?)?

  /// `open func startInteractiveTransition(to layout: UICollectionViewLayout, completion: UICollectionView.LayoutInteractiveTransitionCompletion? = nil) -> UICollectionViewTransitionLayout`
  /// (iOS 7). Scripted host: the delegate's transition layout (or a plain
  /// one) is installed over both layouts, which now belong to this view, and prepared.
  open func startInteractiveTransition(
    to layout: UICollectionViewLayout, completion: UICollectionView.LayoutInteractiveTransitionCompletion? = nil
  ) -> UICollectionViewTransitionLayout {
    let old = collectionViewLayout
    let transition =
      delegate?.collectionView(self, transitionLayoutForOldLayout: old, newLayout: layout)
      ?? UICollectionViewTransitionLayout(currentLayout: old, nextLayout: layout)
    (old.collectionView, layout.collectionView) = (self, self)
    _transition = (old, layout, completion)
    collectionViewLayout = transition
    transition.prepare()
    return transition
  }
  /// `open func finishInteractiveTransition()` (iOS 7). Scripted host: the next layout is installed and prepared, then the completion runs.
  open func finishInteractiveTransition() { _endTransition(finished: true) }
  /// `open func cancelInteractiveTransition()` (iOS 7). Scripted host: the old layout is installed again, then the completion runs.
  open func cancelInteractiveTransition() { _endTransition(finished: false) }
  private func _endTransition(finished: Bool) {
    guard let (from, to, completion) = _transition else { return }
    _transition = nil
    collectionViewLayout = finished ? to : from
    collectionViewLayout.prepare()
    completion?(true, finished)
  }
}

/// UIKit (UIGestureRecognizer.h): `@MainActor open class UIGestureRecognizer : NSObject`.
@MainActor open class UIGestureRecognizer: NSObject {
  /// `public enum State : Int` (in `UIGestureRecognizer`).
  public enum State: Int, Sendable {
    case possible = 0
    case began = 1
    case changed = 2
    case ended = 3
    case cancelled = 4
    case failed = 5
    /// `static var recognized: UIGestureRecognizer.State { get }`
    public static var recognized: State { .ended }
  }
  /// `open var state: UIGestureRecognizer.State { get }` (settable only by a
  /// subclass that imports UIKit.UIGestureRecognizerSubclass; here the
  /// scripted host sets it with `_setScriptedState(_:)`).
  open private(set) var state: State = .possible
  /// `open var view: UIView? { get }` (the view it was added to).
  open internal(set) weak var view: UIView?
  /// `public init(target: Any?, action: Selector?)`
  public init(target: Any?, action: Selector?) { super.init() }
  /// Scripted host: what the touches would make the state.
  public func _setScriptedState(_ state: State) { self.state = state }
}

/// UIKit (UIPinchGestureRecognizer.h): `@MainActor open class UIPinchGestureRecognizer : UIGestureRecognizer`.
@MainActor open class UIPinchGestureRecognizer: UIGestureRecognizer {
  /// `open var scale: CGFloat`
  open var scale: CGFloat = 1
  /// `open var velocity: CGFloat { get }`
  open internal(set) var velocity: CGFloat = 0
}

/// UIKit (UIViewControllerTransitionCoordinator.h): `@MainActor public protocol
/// UIViewControllerTransitionCoordinator : UIViewControllerTransitionCoordinatorContext`
/// (the parent protocol's members are not declared here: the shim uses none).
@MainActor public protocol UIViewControllerTransitionCoordinator: AnyObject {}

/// UIKit (UIViewController.h): `@MainActor open class UIViewController : UIResponder, NSCoding, …`.
@MainActor open class UIViewController: UIResponder {
  /// `open var view: UIView!`
  open var view: UIView! = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  /// `open var navigationController: UINavigationController? { get }` (scripted host: set by the navigation controller).
  open internal(set) weak var navigationController: UINavigationController?
  /// `open var modalPresentationStyle: UIModalPresentationStyle`
  open var modalPresentationStyle: UIModalPresentationStyle = .fullScreen
  /// `weak open var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?`
  open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
  /// `open var presentedViewController: UIViewController? { get }`
  open internal(set) var presentedViewController: UIViewController?
  /// `open var presentingViewController: UIViewController? { get }`
  open internal(set) weak var presentingViewController: UIViewController?
  /// Scripted host: the presentation or dismissal in flight.
  public internal(set) var _presentationContext: _ScriptedTransitionContext?
  /// `public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
  /// `public init?(coder: NSCoder)`
  public required init?(coder: NSCoder) { nil }
  /// NSObject's initializer without arguments, which UIKit answers with a nil nib name and bundle.
  public convenience override init() { self.init(nibName: nil, bundle: nil) }
  /// `open func viewDidLoad()`
  open func viewDidLoad() {}
  /// `open func loadViewIfNeeded()` (iOS 9; scripted host: calls `viewDidLoad()` the first time).
  open func loadViewIfNeeded() {
    guard !_loaded else { return }
    _loaded = true
    viewDidLoad()
  }
  private var _loaded = false
  /// UIContentContainer: `func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)`
  open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}
}
#endif
