// Windows, table views, pans, the navigation controller and the
// view-controller transition protocols, as far as the screen-transition shim
// and its example use them (see UIKit.swift for what this file is). Each
// declaration names the SDK header it was checked against.

#if os(Linux)
/// UIKit (UIWindow.h): `@MainActor open class UIWindow : UIView`.
@MainActor open class UIWindow: UIView {
  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { nil }
}

/// UIKit (UIGeometry.h): `public struct UIRectEdge : OptionSet, @unchecked Sendable`.
public struct UIRectEdge: OptionSet, @unchecked Sendable {
  public let rawValue: UInt
  /// `public init(rawValue: UInt)`
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// `public static var left: UIRectEdge { get }`
  public static var left: UIRectEdge { UIRectEdge(rawValue: 1 << 1) }
  /// `public static var right: UIRectEdge { get }`
  public static var right: UIRectEdge { UIRectEdge(rawValue: 1 << 3) }
}

/// UIKit (UIPanGestureRecognizer.h): `@MainActor open class UIPanGestureRecognizer : UIGestureRecognizer`.
@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
  /// Scripted host: the finger's travel and speed since the pan began (points, points per second, in the pan's view).
  public var _scriptedTranslation = CGPoint.zero
  public var _scriptedVelocity = CGPoint.zero
  /// `open func translation(in view: UIView?) -> CGPoint`
  open func translation(in view: UIView?) -> CGPoint { _scriptedTranslation }
  /// `open func setTranslation(_ translation: CGPoint, in view: UIView?)`
  open func setTranslation(_ translation: CGPoint, in view: UIView?) { _scriptedTranslation = translation }
  /// `open func velocity(in view: UIView?) -> CGPoint`
  open func velocity(in view: UIView?) -> CGPoint { _scriptedVelocity }
}

/// UIKit (UIScreenEdgePanGestureRecognizer.h): `@MainActor open class UIScreenEdgePanGestureRecognizer : UIPanGestureRecognizer`.
@MainActor open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
  /// `open var edges: UIRectEdge`
  open var edges: UIRectEdge = []
}

/// UIKit (UITableViewCell.h): `@MainActor open class UITableViewCell : UIView, NSCoding, UIGestureRecognizerDelegate`.
@MainActor open class UITableViewCell: UIView {
  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { nil }
}

/// UIKit (UITableView.h): `@MainActor public protocol UITableViewDataSource : NSObjectProtocol`.
@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
  /// `func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int`
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  /// `func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell`
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

/// UIKit (UITableView.h): `@MainActor public protocol UITableViewDelegate : UIScrollViewDelegate` (every method optional;
/// the one declared here is a requirement with UIKit's default, nothing, in the extension below).
@MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {
  /// `optional func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)`
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

/// UIKit (UITableView.h): `@MainActor open class UITableView : UIScrollView, NSCoding, UIDataSourceTranslating`.
/// Scripted host: one section of rows of `rowHeight`, from the top.
@MainActor open class UITableView: UIScrollView {
  /// `public enum Style : Int, @unchecked Sendable` (in `UITableView`).
  public enum Style: Int, @unchecked Sendable {
    case plain = 0
  }
  /// `weak open var dataSource: (any UITableViewDataSource)?`
  open weak var dataSource: (any UITableViewDataSource)?
  /// `weak open var delegate: (any UITableViewDelegate)?`
  open weak var delegate: (any UITableViewDelegate)?
  /// `open var rowHeight: CGFloat`
  open var rowHeight: CGFloat = 44
  private var _cells: [IndexPath: UITableViewCell] = [:]

  /// `public init(frame: CGRect, style: UITableView.Style)`
  public init(frame: CGRect, style: UITableView.Style) { super.init(frame: frame) }
  /// `public init?(coder: NSCoder)`
  public required init?(coder: NSCoder) { nil }

  private var _rows: Int { dataSource?.tableView(self, numberOfRowsInSection: 0) ?? 0 }
  /// `open var contentSize: CGSize` (scripted host: the rows' height).
  open override var contentSize: CGSize {
    get { CGSize(width: bounds.width, height: CGFloat(_rows) * rowHeight) }
    set {}
  }
  /// `open func rectForRow(at indexPath: IndexPath) -> CGRect`
  open func rectForRow(at indexPath: IndexPath) -> CGRect {
    CGRect(x: 0, y: CGFloat(indexPath.item) * rowHeight, width: bounds.width, height: rowHeight)
  }
  /// `open var indexPathsForVisibleRows: [IndexPath]? { get }`
  open var indexPathsForVisibleRows: [IndexPath]? {
    guard _rows > 0, rowHeight > 0 else { return [] }
    let first = max(0, Int((bounds.minY / rowHeight).rounded(.down)))
    let last = min(_rows - 1, Int((bounds.maxY / rowHeight).rounded(.up)) - 1)
    return first <= last ? (first...last).map { IndexPath(item: $0, section: 0) } : []
  }
  /// `open func cellForRow(at indexPath: IndexPath) -> UITableViewCell?` (scripted host: the visible row's cell).
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
    layoutIfNeeded()
    return _cells[indexPath]
  }
  /// `open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String)`
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
  /// `open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell`
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
    UITableViewCell(frame: rectForRow(at: indexPath))
  }
  /// Scripted host: a cell from the data source for each visible row (kept while it stays visible).
  open override func layoutIfNeeded() {
    let visible = Set(indexPathsForVisibleRows ?? [])
    for (path, cell) in _cells where !visible.contains(path) {
      cell.removeFromSuperview()
      _cells[path] = nil
    }
    for path in visible.sorted(by: { $0.item < $1.item }) where _cells[path] == nil {
      guard let cell = dataSource?.tableView(self, cellForRowAt: path) else { continue }
      cell.frame = rectForRow(at: path)
      _cells[path] = cell
      addSubview(cell)
    }
  }
}

/// UIKit (UIViewControllerTransitioning.h): `public struct UITransitionContextViewControllerKey : Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
public struct UITransitionContextViewControllerKey: Hashable, RawRepresentable, @unchecked Sendable {
  public let rawValue: String
  /// `public init(rawValue: String)`
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `public static let from: UITransitionContextViewControllerKey`
  public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewController")
  /// `public static let to: UITransitionContextViewControllerKey`
  public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewController")
}

/// UIKit (UIViewControllerTransitioning.h): `public struct UITransitionContextViewKey : Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
public struct UITransitionContextViewKey: Hashable, RawRepresentable, @unchecked Sendable {
  public let rawValue: String
  /// `public init(rawValue: String)`
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `public static let from: UITransitionContextViewKey`
  public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
  /// `public static let to: UITransitionContextViewKey`
  public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

/// UIKit (UIViewControllerTransitioning.h): `@MainActor public protocol UIViewControllerContextTransitioning : NSObjectProtocol`
/// (only the members the shim uses: a conformer here is the scripted host's).
@MainActor public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
  /// `var containerView: UIView { get }`
  var containerView: UIView { get }
  /// `var isInteractive: Bool { get }`
  var isInteractive: Bool { get }
  /// `func updateInteractiveTransition(_ percentComplete: CGFloat)`
  func updateInteractiveTransition(_ percentComplete: CGFloat)
  /// `func finishInteractiveTransition()`
  func finishInteractiveTransition()
  /// `func cancelInteractiveTransition()`
  func cancelInteractiveTransition()
  /// `func pauseInteractiveTransition()` (iOS 10)
  func pauseInteractiveTransition()
  /// `func completeTransition(_ didComplete: Bool)`
  func completeTransition(_ didComplete: Bool)
  /// `func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?`
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  /// `func view(forKey key: UITransitionContextViewKey) -> UIView?`
  func view(forKey key: UITransitionContextViewKey) -> UIView?
  /// `func finalFrame(for vc: UIViewController) -> CGRect`
  func finalFrame(for vc: UIViewController) -> CGRect
}

/// UIKit (UIViewControllerTransitioning.h): `@MainActor public protocol UIViewControllerAnimatedTransitioning : NSObjectProtocol`.
@MainActor public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
  /// `func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval`
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
  /// `func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)`
  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
  /// `optional func animationEnded(_ transitionCompleted: Bool)` (a requirement here, UIKit's default in the extension below)
  func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
  public func animationEnded(_ transitionCompleted: Bool) {}
}

/// UIKit (UIViewControllerTransitioning.h): `@MainActor public protocol UIViewControllerInteractiveTransitioning : NSObjectProtocol`.
@MainActor public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
  /// `func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)`
  func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
  /// `optional var wantsInteractiveStart: Bool { get }` (iOS 10; a requirement here, UIKit's default of true in the extension below)
  var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
  public var wantsInteractiveStart: Bool { true }
}

/// UIKit (UIViewController.h): `public enum UIModalPresentationStyle : Int, @unchecked Sendable` (the cases used).
public enum UIModalPresentationStyle: Int, @unchecked Sendable {
  case fullScreen = 0
  case custom = 4
  case overFullScreen = 5
}

/// UIKit (UIViewControllerTransitioning.h): `@MainActor public protocol UIViewControllerTransitioningDelegate : NSObjectProtocol`
/// (every method optional; the four declared here are requirements with UIKit's default, nil, in the extension below).
@MainActor public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
  /// `optional func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?`
  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)?
  /// `optional func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?`
  func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
  /// `optional func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?`
  func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?
  /// `optional func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?`
  func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UIViewControllerTransitioningDelegate {
  public func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
  public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
  public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?
  {
    nil
  }
  public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? {
    nil
  }
}

extension UIViewController {
  /// `open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)`.
  /// Scripted host: the presented controller's transitioning delegate gives
  /// the animator and interaction controller, run in a context whose
  /// container is the window (or the root of this view). Full screen: the
  /// presenter's view leaves at the end. Over full screen and custom: it
  /// stays, and a dismissal's context gives no `.to` view (as UIKit's).
  public func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
    let presented = viewControllerToPresent
    presented.loadViewIfNeeded()
    (presentedViewController, presented.presentingViewController) = (presented, self)
    let keeps = presented.modalPresentationStyle != .fullScreen
    _presentationRun(from: self, to: presented, toView: presented.view, fromView: keeps ? nil : view, presenting: true, animated: flag) {
      [weak self] finished in
      if finished, !keeps { self?.view.removeFromSuperview() }
      if !finished {
        self?.presentedViewController = nil
        presented.presentingViewController = nil
      }
      completion?()
    }
  }

  /// `open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)` (scripted host: the presented controller's, as `present`).
  public func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    guard let presenting = presentingViewController else { return }
    let keeps = modalPresentationStyle != .fullScreen
    let presenter = presenting
    _presentationRun(from: self, to: presenter, toView: keeps ? nil : presenter.view, fromView: view, presenting: false, animated: flag) {
      [weak self] finished in
      guard finished else { return }
      self?.view.removeFromSuperview()
      presenter.presentedViewController = nil
      self?.presentingViewController = nil
      completion?()
    }
  }

  private func _presentationRun(
    from: UIViewController, to: UIViewController, toView: UIView?, fromView: UIView?, presenting: Bool, animated: Bool,
    done: @escaping (Bool) -> Void
  ) {
    let delegate = (presenting ? to : from).transitioningDelegate
    let animator =
      animated
      ? (presenting ? delegate?.animationController(forPresented: to, presenting: from, source: from) : delegate?.animationController(forDismissed: from))
      : nil
    var root: UIView = from.view
    while let up = root.superview { root = up }
    guard let animator else {
      if let toView { root.addSubview(toView) }
      return done(true)
    }
    let interaction =
      presenting ? delegate?.interactionControllerForPresentation(using: animator) : delegate?.interactionControllerForDismissal(using: animator)
    let context = _ScriptedTransitionContext(
      container: root, from: from, to: to, isInteractive: interaction?.wantsInteractiveStart ?? false, fromView: fromView, toView: toView)
    let owner = presenting ? to : from
    context._onComplete = { [weak owner] finished in
      owner?._presentationContext = nil
      animator.animationEnded(finished)
      done(finished)
    }
    owner._presentationContext = context
    if let interaction { interaction.startInteractiveTransition(context) } else { animator.animateTransition(using: context) }
  }
}

/// UIKit (UINavigationController.h): `@MainActor public protocol UINavigationControllerDelegate : NSObjectProtocol`
/// (every method optional; the two declared here are requirements with UIKit's default, nil, in the extension below).
@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {
  /// `optional func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation, from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?`
  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)?
  /// `optional func navigationController(_ navigationController: UINavigationController, interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?`
  func navigationController(
    _ navigationController: UINavigationController, interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
  public func navigationController(
    _ navigationController: UINavigationController, interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

/// UIKit (UINavigationController.h): `@MainActor open class UINavigationController : UIViewController`.
/// Scripted host: a push or pop asks the delegate for an animator and an
/// interaction controller and runs the transition in a scripted context
/// (`_context`); without an animator it is immediate.
@MainActor open class UINavigationController: UIViewController {
  /// `public enum Operation : Int, @unchecked Sendable` (in `UINavigationController`).
  public enum Operation: Int, @unchecked Sendable {
    case none = 0
    case push = 1
    case pop = 2
  }
  /// `open var viewControllers: [UIViewController]`
  open var viewControllers: [UIViewController] = []
  /// `weak open var delegate: (any UINavigationControllerDelegate)?`
  open weak var delegate: (any UINavigationControllerDelegate)?
  /// `open var topViewController: UIViewController? { get }`
  open var topViewController: UIViewController? { viewControllers.last }
  /// Scripted host: the transition in flight.
  public private(set) var _context: _ScriptedTransitionContext?

  /// `public init(rootViewController: UIViewController)`
  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    _show(rootViewController)
    viewControllers = [rootViewController]
  }
  public required init?(coder: NSCoder) { nil }

  private func _show(_ controller: UIViewController) {
    controller.navigationController = self
    controller.loadViewIfNeeded()
    controller.view.frame = view.bounds
    view.addSubview(controller.view)
  }

  /// `open func pushViewController(_ viewController: UIViewController, animated: Bool)`
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    guard let from = topViewController else { return }
    viewController.navigationController = self
    viewController.loadViewIfNeeded()
    _run(.push, from: from, to: viewController, animated: animated) { [weak self] in self?.viewControllers.append(viewController) }
  }

  /// `open func popViewController(animated: Bool) -> UIViewController?`
  @discardableResult open func popViewController(animated: Bool) -> UIViewController? {
    guard viewControllers.count > 1, let from = topViewController else { return nil }
    let to = viewControllers[viewControllers.count - 2]
    _run(.pop, from: from, to: to, animated: animated) { [weak self] in self?.viewControllers.removeLast() }
    return from
  }

  private func _run(_ operation: Operation, from: UIViewController, to: UIViewController, animated: Bool, done: @escaping () -> Void) {
    let animator = animated ? delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to) : nil
    guard let animator else {
      // Layout to layout: the arriving controller takes over the collection view, with its own layout.
      let shared =
        (to as? UICollectionViewController)?.useLayoutToLayoutNavigationTransitions == true
        || (from as? UICollectionViewController)?.useLayoutToLayoutNavigationTransitions == true
      if shared, let a = from as? UICollectionViewController, let b = to as? UICollectionViewController, let view = a.collectionView {
        b.collectionView = view
        if view.collectionViewLayout !== b.collectionViewLayout { view.collectionViewLayout = b.collectionViewLayout }
      }
      from.view.removeFromSuperview()
      _show(to)
      if shared, let b = to as? UICollectionViewController, let view = b.collectionView { b.view.addSubview(view) }
      return done()
    }
    let interaction = delegate?.navigationController(self, interactionControllerFor: animator)
    let context = _ScriptedTransitionContext(container: view, from: from, to: to, isInteractive: interaction?.wantsInteractiveStart ?? false)
    context._onComplete = { [weak self, weak context] finished in
      guard let self, let context else { return }
      if finished {
        from.view.removeFromSuperview()
        done()
      } else {
        to.view.removeFromSuperview()
      }
      self._context = nil
      animator.animationEnded(finished)
      _ = context
    }
    _context = context
    if let interaction { interaction.startInteractiveTransition(context) } else { animator.animateTransition(using: context) }
  }
}

/// UIKit (UICollectionViewController.h): `@MainActor open class UICollectionViewController : UIViewController, UICollectionViewDelegate, UICollectionViewDataSource`.
/// Scripted host: the collection view is made at `viewDidLoad()` over the
/// view's bounds; with `useLayoutToLayoutNavigationTransitions` a push or
/// pop between two of them shares one collection view, which takes the
/// arriving controller's layout (UIKit's documented behaviour).
@MainActor open class UICollectionViewController: UIViewController, UICollectionViewDelegate, UICollectionViewDataSource {
  /// `open var collectionView: UICollectionView!`
  open var collectionView: UICollectionView!
  /// `open var useLayoutToLayoutNavigationTransitions: Bool`
  open var useLayoutToLayoutNavigationTransitions = false
  /// `open var collectionViewLayout: UICollectionViewLayout { get }`
  open var collectionViewLayout: UICollectionViewLayout { _layout }
  private let _layout: UICollectionViewLayout

  /// `public init(collectionViewLayout layout: UICollectionViewLayout)`
  public init(collectionViewLayout layout: UICollectionViewLayout) {
    _layout = layout
    super.init(nibName: nil, bundle: nil)
  }
  public required init?(coder: NSCoder) { nil }

  open override func viewDidLoad() {
    super.viewDidLoad()
    guard collectionView == nil else { return }
    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: _layout)
    (collectionView.dataSource, collectionView.delegate) = (self, self)
    view.addSubview(collectionView)
  }
  open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
  open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    collectionView.dequeueReusableCell(withReuseIdentifier: "", for: indexPath)
  }
  open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
  open func collectionView(
    _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout, newLayout toLayout: UICollectionViewLayout
  ) -> UICollectionViewTransitionLayout {
    UICollectionViewTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
  }
}

/// Scripted host: the transition context UIKit hands an animator (its
/// class is private there), recording every call the animator makes.
@MainActor public final class _ScriptedTransitionContext: NSObject, UIViewControllerContextTransitioning {
  public let containerView: UIView
  public private(set) var isInteractive: Bool
  let from: UIViewController, to: UIViewController
  /// Every call the animator made, in order: `update 0.25`, `finish`, `cancel`, `pause`, `complete true`.
  public private(set) var _calls: [String] = []
  public private(set) var _completed: Bool?
  var _onComplete: ((Bool) -> Void)?

  /// The views `view(forKey:)` gives: the controllers' by default (a navigation transition's).
  let fromView: UIView?, toView: UIView?

  public init(container: UIView, from: UIViewController, to: UIViewController, isInteractive: Bool) {
    (self.containerView, self.from, self.to, self.isInteractive) = (container, from, to, isInteractive)
    (fromView, toView) = (from.view, to.view)
    super.init()
  }
  public init(container: UIView, from: UIViewController, to: UIViewController, isInteractive: Bool, fromView: UIView?, toView: UIView?) {
    (self.containerView, self.from, self.to, self.isInteractive) = (container, from, to, isInteractive)
    (self.fromView, self.toView) = (fromView, toView)
    super.init()
  }
  public func updateInteractiveTransition(_ percentComplete: CGFloat) { _calls.append("update \(percentComplete)") }
  public func finishInteractiveTransition() {
    _calls.append("finish")
    isInteractive = false
  }
  public func cancelInteractiveTransition() {
    _calls.append("cancel")
    isInteractive = false
  }
  public func pauseInteractiveTransition() {
    _calls.append("pause")
    isInteractive = true
  }
  public func completeTransition(_ didComplete: Bool) {
    guard _completed == nil else { return _calls.append("complete again") }
    _calls.append("complete \(didComplete)")
    _completed = didComplete
    _onComplete?(didComplete)
  }
  public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    key == .from ? from : key == .to ? to : nil
  }
  public func view(forKey key: UITransitionContextViewKey) -> UIView? { key == .from ? fromView : key == .to ? toView : nil }
  public func finalFrame(for vc: UIViewController) -> CGRect { containerView.bounds }
}
#endif
