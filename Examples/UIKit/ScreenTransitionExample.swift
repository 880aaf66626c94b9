#if HARMONIC_APPLE_INTERFACE
// Compiled on Linux in HarmonicAppleTests against Tests/AppleInterface.
import Harmonic
import _AppleInterface
#elseif canImport(UIKit) && !os(watchOS)
import Harmonic
import UIKit
#endif
#if HARMONIC_APPLE_INTERFACE || (canImport(UIKit) && !os(watchOS))

// The table-to-grid seed as an app writes it with Harmonic: a list of 50
// rows; a tap pushes a grid with the tapped item on its first row, every row
// flying to its grid cell; an edge pan pops back, following the finger and
// released with its velocity; a touch mid-flight catches either. A tap on a
// grid cell opens a detail screen whose header is the cell grown (a hero).
// The only Harmonic here is ScreenNavigator, the navigation controller's
// delegate. Harmonic's tests compile it on Linux against an interface of
// UIKit's API and drive it as UIKit would (HarmonicAppleTests); the edge
// pan's target and action need the Objective-C runtime and are compiled on
// Apple platforms only.

/// The list: 50 rows 44 pt tall, each the model item of its number.
final class RowListViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
  private(set) var tableView: UITableView!

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView = UITableView(frame: view.bounds, style: .plain)
    tableView.rowHeight = 44
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    (tableView.dataSource, tableView.delegate) = (self, self)
    view.addSubview(tableView)
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 50 }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    navigationController?.pushViewController(ItemGridViewController(opening: indexPath.item), animated: true)
  }

  /// This screen for a transition: each visible row is the item of its number.
  var screen: HarmonicScreen<Int> {
    loadViewIfNeeded()
    return .tableView(tableView, id: { $0.item }, indexPath: { IndexPath(item: $0, section: 0) })
  }
}

/// The grid: the same 50 items, three squares across.
final class ItemGridViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
  /// The item tapped in the list, brought to the grid's first row.
  let opened: Int
  private(set) var collectionView: UICollectionView!

  init(opening item: Int) {
    opened = item
    super.init(nibName: nil, bundle: nil)
  }
  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    let flow = UICollectionViewFlowLayout()
    let side = (view.bounds.width - 4) / 3
    (flow.itemSize, flow.minimumLineSpacing, flow.minimumInteritemSpacing) = (CGSize(width: side, height: side), 2, 2)
    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: flow)
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "item")
    (collectionView.dataSource, collectionView.delegate) = (self, self)
    view.addSubview(collectionView)
    #if canImport(ObjectiveC)
    let pan = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(edgePanned(_:)))
    pan.edges = .left
    view.addGestureRecognizer(pan)
    #endif
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 50 }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    cell.backgroundColor = UIColor(hue: CGFloat(indexPath.item % 12) / 12, saturation: 0.5, brightness: 0.9, alpha: 1)
    return cell
  }

  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    navigationController?.pushViewController(ItemDetailViewController(item: indexPath.item), animated: true)
  }

  #if canImport(ObjectiveC)
  @objc private func edgePanned(_ pan: UIScreenEdgePanGestureRecognizer) { edgePan(pan) }
  #endif

  /// The edge pan's every change: the navigator pops (or catches) and follows it.
  func edgePan(_ pan: UIPanGestureRecognizer) {
    (navigationController?.delegate as? ScreenNavigator)?.edgePan(pan, on: self)
  }

  /// This screen for a transition: each visible cell is the item of its number.
  var screen: HarmonicScreen<Int> {
    loadViewIfNeeded()
    return .collectionView(collectionView, id: { $0.item }, indexPath: { IndexPath(item: $0, section: 0) })
  }
}

/// One item, its header the grid cell grown to the screen's width.
final class ItemDetailViewController: UIViewController {
  let item: Int
  private(set) var header: UIView!

  init(item: Int) {
    self.item = item
    super.init(nibName: nil, bundle: nil)
  }
  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    header = UIView(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: view.bounds.width * 0.75))
    header.backgroundColor = UIColor(hue: CGFloat(item % 12) / 12, saturation: 0.5, brightness: 0.9, alpha: 1)
    view.addSubview(header)
  }

  /// This screen for a transition: the header is the item (the hero's far end).
  var screen: HarmonicScreen<Int> {
    loadViewIfNeeded()
    return .views([(item, header)])
  }
}

/// The navigation controller's delegate: every push and pop between the
/// three screens on Harmonic's springs, each interruptible.
final class ScreenNavigator: NSObject, UINavigationControllerDelegate {
  /// The transition in flight, from UIKit's request until it completes.
  private(set) var transition: HarmonicScreenTransition<Int>?
  private var isPush = false
  private var panning = false

  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? {
    let next: HarmonicScreenTransition<Int>
    switch (fromVC, toVC) {
    case (let list as RowListViewController, let grid as ItemGridViewController):
      next = HarmonicScreenTransition(from: list.screen, to: grid.screen, destinationOffset: .bringingToFirstRow(grid.opened))
    case (let grid as ItemGridViewController, let list as RowListViewController):
      next = HarmonicScreenTransition(from: grid.screen, to: list.screen)
    case (let grid as ItemGridViewController, let detail as ItemDetailViewController):
      next = HarmonicScreenTransition(from: grid.screen, to: detail.screen, springs: .shared(.bouncy))
    case (let detail as ItemDetailViewController, let grid as ItemGridViewController):
      next = HarmonicScreenTransition(from: detail.screen, to: grid.screen, springs: .shared(.bouncy))
    default:
      return nil
    }
    // A pan starts a pop; a tap's push or pop springs at once (a touch may catch it).
    next.wantsInteractiveStart = panning
    // A refused screen is a bug of this app: stop in debug builds.
    next.onError = { error in assertionFailure("Harmonic: \(error)") }
    next.completion = { [weak self] _ in self?.transition = nil }
    (transition, isPush) = (next, operation == .push)
    return next
  }

  /// Always interactive, so that a touch can catch any transition mid-flight.
  func navigationController(
    _ navigationController: UINavigationController, interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    animationController as? HarmonicScreenTransition<Int>
  }

  /// An edge pan on `controller`'s screen: it starts a pop, or catches the
  /// transition in flight, and drives it (rightwards towards the list).
  func edgePan(_ pan: UIPanGestureRecognizer, on controller: UIViewController) {
    if pan.state == .began, transition == nil {
      panning = true
      controller.navigationController?.popViewController(animated: true)
      panning = false
    }
    let width = controller.view.bounds.width
    transition?.follow(pan, distance: isPush ? -width : width)
  }
}
#endif
