#if HARMONIC_APPLE_INTERFACE
// Compiled on Linux in HarmonicAppleTests against Tests/AppleInterface, the
// SDK's shapes: Harmonic is another module there.
import _AppleInterface
import Harmonic
#elseif canImport(UIKit) && !os(watchOS) && !HARMONIC_APPLE_TESTS
import UIKit
#endif
#if HARMONIC_APPLE_INTERFACE || (canImport(UIKit) && !os(watchOS) && !HARMONIC_APPLE_TESTS)

// A push, a pop or a presentation between two screens on springs: both
// screens are read into a ScreenTransition (tested on Linux), snapshot views
// stand in for their elements, and each frame poses the snapshots as the
// engine says. This file reads views, forwards gestures and drives frames.

/// One screen of a ``HarmonicScreenTransition``: the elements it shows, by
/// the app's model id, each with the view that shows it, and where it
/// would show an id it does not show now (a row scrolled off, which the
/// other screen shows). Its closures run once, when the transition starts,
/// so build it before the screen has laid out.
///
/// Use ``collectionView(_:id:indexPath:)`` or ``tableView(_:id:indexPath:)``
/// for a container's cells, ``views(_:)`` for views the app names (a detail
/// screen's header image, the far end of a hero), and ``adding(_:)`` for both.
public struct HarmonicScreen<ID: Hashable & Sendable> {
  /// The elements the screen shows, front to back order irrelevant, each
  /// with its model id (unique) and its view.
  public var shown: @MainActor () -> [(id: ID, view: UIView)]
  /// Where the screen would show `id` if it does not show it now: a rect in
  /// a view's coordinates (nil: the screen has no such id).
  public var place: @MainActor (ID) -> (rect: CGRect, view: UIView)?
  /// The scrolling container whose content offset
  /// ``HarmonicScreenTransition/DestinationOffset`` sets, when this screen
  /// is the destination, and the frame of an id in its content.
  public var scrollView: UIScrollView?
  /// The frame of `id` in ``scrollView``'s content (points), nil if it has none.
  public var contentFrame: @MainActor (ID) -> CGRect?

  /// - Parameters:
  ///   - shown: the elements the screen shows, each with its model id and view.
  ///   - place: where the screen would show an id it does not show now (default: nowhere).
  ///   - scrollView: the container whose offset a destination policy sets (default: none).
  ///   - contentFrame: the frame of an id in `scrollView`'s content (default: none).
  public init(
    shown: @escaping @MainActor () -> [(id: ID, view: UIView)], place: @escaping @MainActor (ID) -> (rect: CGRect, view: UIView)? = { _ in nil },
    scrollView: UIScrollView? = nil, contentFrame: @escaping @MainActor (ID) -> CGRect? = { _ in nil }
  ) {
    (self.shown, self.place, self.scrollView, self.contentFrame) = (shown, place, scrollView, contentFrame)
  }

  /// A screen of views the app names by model id, each shown where it is.
  public static func views(_ views: [(id: ID, view: UIView)]) -> HarmonicScreen {
    HarmonicScreen(shown: { views })
  }

  /// A collection view's visible cells, each the item `id` names (nil: not
  /// in the transition), and the layout's frame of any other item.
  ///
  /// - Parameters:
  ///   - id: the model id of the item at an index path, or nil.
  ///   - indexPath: the index path of a model id, or nil when the data has none.
  @MainActor public static func collectionView(
    _ collectionView: UICollectionView, id: @escaping @MainActor (IndexPath) -> ID?, indexPath: @escaping @MainActor (ID) -> IndexPath?
  ) -> HarmonicScreen {
    let frame: @MainActor (ID) -> CGRect? = { indexPath($0).flatMap { collectionView.layoutAttributesForItem(at: $0)?.frame } }
    return HarmonicScreen(
      shown: {
        collectionView.indexPathsForVisibleItems.sorted { ($0.section, $0.item) < ($1.section, $1.item) }.compactMap { path in
          guard let id = id(path), let cell = collectionView.cellForItem(at: path) else { return nil }
          return (id, cell)
        }
      }, place: { id in frame(id).map { ($0, collectionView) } }, scrollView: collectionView, contentFrame: frame)
  }

  /// A table view's visible rows, each the row `id` names (nil: not in the
  /// transition), and the table's rect of any other row.
  ///
  /// - Parameters:
  ///   - id: the model id of the row at an index path, or nil.
  ///   - indexPath: the index path of a model id, or nil when the data has none.
  @MainActor public static func tableView(
    _ tableView: UITableView, id: @escaping @MainActor (IndexPath) -> ID?, indexPath: @escaping @MainActor (ID) -> IndexPath?
  ) -> HarmonicScreen {
    let frame: @MainActor (ID) -> CGRect? = { indexPath($0).map { tableView.rectForRow(at: $0) } }
    return HarmonicScreen(
      shown: {
        (tableView.indexPathsForVisibleRows ?? []).compactMap { path in
          guard let id = id(path), let cell = tableView.cellForRow(at: path) else { return nil }
          return (id, cell)
        }
      }, place: { id in frame(id).map { ($0, tableView) } }, scrollView: tableView, contentFrame: frame)
  }

  /// This screen with `views` shown as well (a hero's header image beside a
  /// container's cells); an id both name is `views`'.
  public func adding(_ views: [(id: ID, view: UIView)]) -> HarmonicScreen {
    var screen = self
    let shown = self.shown
    screen.shown = {
      let named = Set(views.map(\.id))
      return shown().filter { !named.contains($0.id) } + views
    }
    return screen
  }
}

/// A transition between two screens — a navigation push or pop, a
/// presentation — on Harmonic's springs: the elements of both screens,
/// matched by model id (never by view, so cell reuse cannot ghost one), fly
/// from where the source shows them to where the destination will, in the
/// transition's container; elements only one screen shows come and go with
/// ``appearance``; the destination screen fades in with the springs' progress.
///
/// Return it from the navigation controller delegate's
/// `navigationController(_:animationControllerFor:from:to:)`, and also
/// from `navigationController(_:interactionControllerFor:)` to make it
/// interactive and interruptible (or from a transitioning delegate's
/// counterparts for a presentation):
///
/// - A gesture drives it: ``follow(_:distance:)`` reads a pan (the seed's
///   rule: progress = translation ÷ distance; a release past one half or
///   faster than ``finishingSpeed`` finishes), or set ``update(progress:)``,
///   ``finish(velocity:)`` and ``cancel(velocity:)`` yourself. A release
///   hands the gesture's velocity to the springs: no fixed duration.
/// - ``wantsInteractiveStart`` false (a tap's push): the springs run at
///   once, and a touch mid-flight takes them back with ``grab()`` — a pan
///   that begins while they run does it through ``follow(_:distance:)``.
/// - Returned only as the animator, it runs to its end without a gesture.
///
/// **Snapshot views, not real cells.** Each element is drawn by a snapshot
/// of its view (both screens' snapshots cross-fade on a matched element),
/// added to the container above the destination screen; the real views are
/// hidden until the end. Real cells belong to their container, which may
/// reuse, move or drop them during the transition (a reload, a scroll of
/// the screen beneath); a snapshot belongs to the transition, so nothing
/// the containers do can ghost or move it.
///
/// **Reduce Motion** (`UIAccessibility.isReduceMotionEnabled` when it
/// starts): every element cross-fades in place.
///
/// **Errors surface.** A view with a frame that is not finite, an id shown
/// twice, a progress outside [0, 1], a velocity the springs refuse, a
/// container view that leaves its window mid-flight: each goes to
/// ``onError`` named (without one, an assertion fails in debug builds). A
/// transition whose screens could not be read shows the destination's
/// own views, fading in with the gesture, and ends at the release; a
/// container that left its window ends the transition where it heads.
///
/// Units: points in the container view; progress 0 the source, 1 the
/// destination; velocities in progress per second.
///
/// Cost: reading is O(k) in the k elements both screens show, plus a
/// snapshot view each; a frame is one engine frame, O(k), and k view updates.
public final class HarmonicScreenTransition<ID: Hashable & Sendable>: NSObject, UIViewControllerAnimatedTransitioning,
  UIViewControllerInteractiveTransitioning
{
  /// Where the destination scrolls before it is read.
  public enum DestinationOffset {
    /// As it is: the reader's place (a pop back to where they were).
    case unchanged
    /// The element of this id on the first row, clamped to the content
    /// (the table-to-grid seed's rule; see
    /// ``ScreenTransition/destinationOffset(bringing:contentSize:viewport:)``).
    case bringingToFirstRow(ID)
  }

  /// The screen being left.
  public let source: HarmonicScreen<ID>
  /// The screen arriving.
  public let destination: HarmonicScreen<ID>
  /// Where the destination scrolls before it is read (default ``DestinationOffset/unchanged``).
  public var destinationOffset: DestinationOffset
  /// The springs (default `.shared(.smooth)`; per item: items are numbered
  /// in the order ids first appear, the source's first).
  public var springs: LayoutTransition.Springs
  /// How elements only one screen shows appear and leave (default ``AppearanceStyle/fade``).
  public var appearance: AppearanceStyle
  /// Whether a gesture starts it (a pop from an edge pan: true), or the
  /// springs run at once and a touch may grab them (a tap's push: false).
  public var wantsInteractiveStart: Bool
  /// The release speed, in progress per second, past which
  /// ``follow(_:distance:)`` finishes or cancels whatever the progress
  /// (default 0.5, as ``LayoutAnimator/shouldFinish(progress:progressVelocity:threshold:)``).
  public var finishingSpeed: Double = 0.5
  /// Called once UIKit's transition is completed: true at the destination, false back at the source.
  public var completion: ((Bool) -> Void)?
  /// Called with every error; nil: an assertion in debug builds.
  public var onError: ((HarmonicError) -> Void)?
  /// The transition's model while it runs (nil before, after, and when the
  /// screens could not be read).
  public private(set) var model: ScreenTransition<ID>?
  /// The clock of the model's ticks: tick 0 at the media time it started.
  public private(set) var clock: FrameClock?

  var _context: (any UIViewControllerContextTransitioning)?
  var _toView: UIView?
  var _hadWindow = false
  /// Where a release heads while its springs run: true to the destination.
  var _heading: Bool?
  /// Whether UIKit holds the transition as interactive (finish, cancel and pause are then due).
  var _interactive = false
  var _canPause = false
  /// The snapshot views of each element the model animates, and the real views hidden meanwhile.
  var _views: [ElementID: (source: UIView?, destination: UIView?)] = [:]
  var _hidden: [UIView] = []
  /// The progress a pan's zero translation stands for (the grabbed one, after a grab).
  var _panBase = 0.0
  var _link: CADisplayLink?

  /// - Parameters:
  ///   - source: the screen being left.
  ///   - destination: the screen arriving.
  ///   - destinationOffset: where the destination scrolls first (default ``DestinationOffset/unchanged``).
  ///   - springs: the springs (default `.shared(.smooth)`).
  ///   - appearance: how one-screen elements come and go (default ``AppearanceStyle/fade``).
  ///   - wantsInteractiveStart: true when a gesture starts it (default), false for a tap.
  public init(
    from source: HarmonicScreen<ID>, to destination: HarmonicScreen<ID>, destinationOffset: DestinationOffset = .unchanged,
    springs: LayoutTransition.Springs = .shared(.smooth), appearance: AppearanceStyle = .fade, wantsInteractiveStart: Bool = true
  ) {
    (self.source, self.destination, self.destinationOffset) = (source, destination, destinationOffset)
    (self.springs, self.appearance, self.wantsInteractiveStart) = (springs, appearance, wantsInteractiveStart)
    super.init()
  }

  /// Hands `error` to ``onError``, or fails an assertion in debug builds.
  public func report(_ error: HarmonicError) {
    if let onError { onError(error) } else { assertionFailure("Harmonic: \(error)") }
  }

  // MARK: - UIKit's calls

  /// What UIKit asks to time animations alongside: the shared spring's
  /// settling duration (0.5 s for springs per item), seconds. The
  /// transition itself ends when its springs rest, whatever this says.
  public func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
    if case .shared(let spring) = springs, spring.settlingDuration.isFinite { return spring.settlingDuration }
    return 0.5
  }

  /// Not interactive (returned only as the animator): the springs run to the destination.
  public func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    (_interactive, _canPause) = (false, false)
    _start(transitionContext)
    _release(velocity: 0, towardsEnd: true)
  }

  /// Interactive: a gesture drives it (``wantsInteractiveStart``), or the
  /// springs run at once and a touch may grab them.
  public func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    (_interactive, _canPause) = (transitionContext.isInteractive, true)
    _start(transitionContext)
    if !transitionContext.isInteractive { _release(velocity: 0, towardsEnd: true) }
  }

  func _start(_ context: any UIViewControllerContextTransitioning) {
    _context = context
    let container = context.containerView
    _hadWindow = container.window != nil
    guard let to = context.viewController(forKey: .to) else { return _end(true) }
    // UIKit gives no arriving view when it stays where it is (a dismissal
    // back to a presenter that was never removed): then it is left alone.
    let toView = context.view(forKey: .to)
    if let toView {
      toView.frame = context.finalFrame(for: to)
      container.addSubview(toView)
    }
    (toView ?? to.view).layoutIfNeeded()
    _toView = toView
    do { try _read(container, toView ?? to.view) } catch {
      report(error)
      _restore()
    }
    toView?.alpha = CGFloat(model?.shownProgress ?? 0)
    _show()
  }

  /// Scrolls the destination as ``destinationOffset`` says, reads both
  /// screens into the model, and puts a snapshot over each element.
  func _read(_ container: UIView, _ toView: UIView) throws(HarmonicError) {
    if case .bringingToFirstRow(let id) = destinationOffset, let scrollView = destination.scrollView,
      let frame = destination.contentFrame(id)
    {
      let inset = scrollView.adjustedContentInset
      let viewport = try Viewport(
        size: scrollView.bounds.size,
        insets: LayoutInsets(top: Double(inset.top), left: Double(inset.left), bottom: Double(inset.bottom), right: Double(inset.right)))
      let offset = ScreenTransition<ID>.destinationOffset(bringing: frame, contentSize: scrollView.contentSize, viewport: viewport)
      try LayoutSnapshot._checkRect(CGRect(origin: offset, size: .zero), "destination offset")
      scrollView.contentOffset = offset
      toView.layoutIfNeeded()
    }
    func side(_ screen: HarmonicScreen<ID>) -> (ScreenTransition<ID>.Side, [ID: UIView]) {
      let shown = screen.shown().filter { !$0.view.isHidden }
      func attributes(_ rect: CGRect, in view: UIView, alpha: CGFloat) -> LayoutAttributes {
        LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: view.convert(rect, to: container), alpha: Double(alpha))
      }
      let place = screen.place
      let elements = shown.map { ($0.id, attributes($0.view.bounds, in: $0.view, alpha: $0.view.alpha)) }
      // Read now: the side is read once, by the model's initializer, on this actor.
      var places: [ID: LayoutAttributes?] = [:]
      let views = Dictionary(shown.map { ($0.id, $0.view) }, uniquingKeysWith: { first, _ in first })
      return (
        ScreenTransition<ID>.Side(
          shown: elements,
          place: { id in
            if let known = places[id] { return known }
            let found = MainActor.assumeIsolated { place(id).map { attributes($0.rect, in: $0.view, alpha: 1) } }
            places[id] = found
            return found
          }), views
      )
    }
    let (from, sourceViews) = side(source)
    let (to, destinationViews) = side(destination)
    let clock = try FrameClock(origin: Double(CACurrentMediaTime()))
    let model = try ScreenTransition(
      from: from, to: to, container: container.bounds.size, springs: springs, appearance: appearance,
      reducesMotion: UIAccessibility.isReduceMotionEnabled)
    // A snapshot of each element's view on each screen that shows it.
    for (element, id) in model.ids {
      let isCell = element.kind == .cell
      let fromView = isCell || element.kind == ScreenTransition<ID>._leaving ? sourceViews[id] : nil
      let toView = isCell || element.kind == ScreenTransition<ID>._arriving ? destinationViews[id] : nil
      _views[element] = (fromView?.snapshotView(afterScreenUpdates: false), toView?.snapshotView(afterScreenUpdates: true))
    }
    // Back to front: leaving elements, matched ones, arriving ones.
    func rank(_ e: ElementID) -> Int { e.kind == ScreenTransition<ID>._leaving ? 0 : e.kind == .cell ? 1 : 2 }
    for element in model.ids.keys.sorted(by: { (rank($0), $0.indexPath.item) < (rank($1), $1.indexPath.item) }) {
      let (a, b) = _views[element]!
      for view in [a, b].compactMap({ $0 }) {
        view.isHidden = true
        container.addSubview(view)
      }
    }
    _hidden = (Array(sourceViews.values) + Array(destinationViews.values)).filter { !$0.isHidden }
    for view in _hidden { view.isHidden = true }
    (self.model, self.clock) = (model, clock)
  }

  // MARK: - The gesture

  /// Poses every element at `progress` (0 the source, 1 the destination)
  /// from a gesture. Outside [0, 1], or while a release springs, it is
  /// reported and changes nothing (clamp a gesture, or ``grab()`` first).
  public func update(progress: CGFloat) {
    guard _heading == nil else {
      return report(.invalidParameter(name: "progress", value: Double(progress), accepted: "none while a release springs (grab() first)"))
    }
    guard let clock, model != nil else {
      _toView?.alpha = min(max(progress, 0), 1)
      return
    }
    do { try model?.setProgress(Double(progress), at: try clock.time(atTimestamp: Double(CACurrentMediaTime()))) } catch {
      return report(error)
    }
    _context?.updateInteractiveTransition(progress)
    _show()
  }

  /// The gesture ends towards the destination at `velocity` (progress per
  /// second: the gesture's speed over the distance from 0 to 1): the
  /// springs take it from there, and UIKit's transition completes when they
  /// rest. A velocity the springs refuse (not finite, beyond ±100) is
  /// reported and taken as 0.
  public func finish(velocity: Double = 0) { _release(velocity: velocity, towardsEnd: true) }

  /// As ``finish(velocity:)``, back to the source.
  public func cancel(velocity: Double = 0) { _release(velocity: velocity, towardsEnd: false) }

  func _release(velocity: Double, towardsEnd: Bool) {
    guard let context = _context, _heading == nil else { return }
    if _interactive {
      if towardsEnd { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
      _interactive = false
    }
    guard let clock, model != nil else { return _end(towardsEnd) }
    do {
      let time = try clock.time(atTimestamp: Double(CACurrentMediaTime()))
      do { try _releaseModel(velocity: velocity, towardsEnd: towardsEnd, at: time) } catch {
        report(error)
        try _releaseModel(velocity: 0, towardsEnd: towardsEnd, at: time)
      }
    } catch {
      report(error)
      return _end(towardsEnd)
    }
    _heading = towardsEnd
    _show()
    if _link == nil { _link = HarmonicFrameTarget.start { [weak self] in self?.frame(atTimestamp: $0) } }
  }

  func _releaseModel(velocity: Double, towardsEnd: Bool, at time: AnimationTime) throws(HarmonicError) {
    if towardsEnd { try model?.finish(velocity: velocity, at: time) } else { try model?.cancel(velocity: velocity, at: time) }
  }

  /// A touch lands while a release springs: the gesture takes the
  /// transition back where it shows it (UIKit's transition is paused, made
  /// interactive again), and the frames stop. Returns the progress of that
  /// pose: carry on from it. nil when there is nothing to grab (no release
  /// in flight, one all but arrived, or a transition UIKit started as not
  /// interactive).
  public func grab() -> CGFloat? {
    guard _heading != nil, _canPause, let clock, var model else { return nil }
    let progress: Double
    do { progress = try model.grab(at: try clock.time(atTimestamp: Double(CACurrentMediaTime()))) } catch { return nil }
    self.model = model
    (_heading, _interactive) = (nil, true)
    _stopFrames()
    _context?.pauseInteractiveTransition()
    _context?.updateInteractiveTransition(CGFloat(progress))
    _show()
    return CGFloat(progress)
  }

  /// Follows a pan from its recognizer's action: `.began` grabs a release
  /// in flight; `.changed` sets the progress to the start's plus the
  /// translation along x ÷ `distance` (negative: leftwards), clamped to
  /// [0, 1]; `.ended` finishes faster than ``finishingSpeed`` towards the
  /// destination, or slower past one half, else cancels, with the pan's
  /// velocity; `.cancelled` and `.failed` cancel.
  ///
  /// - Parameter distance: the travel along x, points, that takes the
  ///   progress from 0 to 1 (the container's width for an edge pan); a
  ///   zero or non-finite one is reported and the pan ignored.
  public func follow(_ pan: UIPanGestureRecognizer, distance: CGFloat) {
    guard distance.isFinite, distance != 0 else {
      return report(.invalidParameter(name: "distance", value: Double(distance), accepted: "finite and not 0 (points)"))
    }
    let progress = _panBase + Double(pan.translation(in: pan.view).x / distance)
    let speed = Double(pan.velocity(in: pan.view).x / distance)
    switch pan.state {
    case .began: _panBase = grab().map(Double.init) ?? model?.progress ?? 0
    case .changed: update(progress: CGFloat(min(max(progress, 0), 1)))
    case .ended:
      let velocity = speed.isFinite ? speed : 0
      let finishes = LayoutAnimator.shouldFinish(progress: min(max(progress, 0), 1), progressVelocity: velocity, threshold: finishingSpeed)
      finishes ? finish(velocity: velocity) : cancel(velocity: velocity)
    case .cancelled, .failed: cancel()
    default: break
    }
  }

  // MARK: - Frames

  /// One frame, what the display link calls with its `timestamp` (media
  /// time, seconds): the springs move to that tick and the snapshots
  /// follow; at rest the transition completes. A container that left its
  /// window is reported, and the transition ends where it heads.
  package func frame(atTimestamp timestamp: CFTimeInterval) {
    guard let clock, let heading = _heading else { return }
    if _hadWindow, _context?.containerView.window == nil {
      report(.invalidParameter(name: "transitionContext.containerView", value: 0, accepted: "a container in a window until the transition completes"))
      return _end(heading)
    }
    do { try model?.advance(to: try clock.time(atTimestamp: Double(timestamp))) } catch { report(error) }
    _show()
    if model?.isAnimating != true { _end(heading) }
  }

  /// Poses every snapshot as the model shows it; the destination fades in.
  func _show() {
    guard let model else { return }
    let progress = min(max(model.shownProgress, 0), 1)
    _toView?.alpha = CGFloat(progress)
    var posed = Set<ElementID>()
    for (_, attributes) in model.shown {
      guard let (a, b) = _views[attributes.elementID] else { continue }
      posed.insert(attributes.elementID)
      let t = attributes.transform
      for (view, share) in [(a, b == nil ? 1 : 1 - progress), (b, a == nil ? 1 : progress)] {
        guard let view else { continue }
        view.center = attributes.center
        view.bounds.size = attributes.size
        view.transform = CGAffineTransform(a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty))
        view.alpha = CGFloat(attributes.alpha * share)
        view.isHidden = attributes.isHidden
      }
    }
    for (element, (a, b)) in _views where !posed.contains(element) {
      a?.isHidden = true
      b?.isHidden = true
    }
  }

  func _stopFrames() {
    _link?.invalidate()
    _link = nil
  }

  /// Removes the snapshots, shows the real views, and completes UIKit's transition.
  func _end(_ finished: Bool) {
    _stopFrames()
    _restore()
    _toView?.alpha = 1
    if !finished { _toView?.removeFromSuperview() }
    let context = _context
    (_context, _toView, _heading, model, clock) = (nil, nil, nil, nil, nil)
    context?.completeTransition(finished)
    completion?(finished)
  }

  func _restore() {
    for (a, b) in _views.values {
      a?.removeFromSuperview()
      b?.removeFromSuperview()
    }
    for view in _hidden { view.isHidden = false }
    (_views, _hidden) = ([:], [])
  }
}
#endif
