#if HARMONIC_APPLE_INTERFACE
// Compiled on Linux in HarmonicAppleTests against Tests/AppleInterface, the
// SDK's shapes: Harmonic is another module there.
import _AppleInterface
import Harmonic
#elseif canImport(UIKit) && !os(watchOS) && !HARMONIC_APPLE_TESTS
import UIKit
#endif
#if HARMONIC_APPLE_INTERFACE || (canImport(UIKit) && !os(watchOS) && !HARMONIC_APPLE_TESTS)

// A transition between any two of the app's own layouts: both are read into
// snapshots (LayoutSnapshot(reading:…)), and a LayoutAnimator's interactive
// transition runs between them. Everything that decides a pose is the
// engine's, tested on Linux; this file reads, forwards and drives frames.

/// A `UICollectionViewTransitionLayout` between any two
/// `UICollectionViewLayout`s — a flow layout, a compositional layout, a
/// subclass of the app's own — on Harmonic's springs: return it from the
/// delegate's `collectionView(_:transitionLayoutForOldLayout:newLayout:)`,
/// start it with `startInteractiveTransition(to:completion:)`, drive
/// ``transitionProgress`` from a gesture, and release it with
/// ``finish(velocity:)`` or ``cancel(velocity:)``; a touch mid-flight takes
/// it back with ``grab()``. ``transition(_:to:springs:completion:)`` runs one
/// to its end without a gesture (`setCollectionViewLayout(_:animated:)` on springs).
///
/// **What it reads.** When the collection view first prepares it, both
/// layouts are prepared and read at their visible rects — the current one at
/// the collection view's content offset, the next one at the offset its
/// `targetContentOffset(forProposedContentOffset:)` gives, clamped to its
/// content — widened to the corridors the elements cross, and each element
/// visible at one end is read from the other (see
/// ``LayoutSnapshot/init(reading:in:including:itemCounts:)``). Item counts come from
/// the collection view's data source. Only these elements move; UIKit shows
/// the next layout itself once the transition ends, and the last frame is
/// exactly its poses, so nothing jumps.
///
/// **Per element.** ``springs`` chooses the spring per item
/// (``LayoutTransition/Springs/perItem(_:)``) or a cascade
/// (``LayoutTransition/Springs/staggered(base:step:origin:)``, later items
/// arriving later without being held still); ``appearance`` says how
/// elements only one layout shows come and go. The release's velocity
/// carries into every spring.
///
/// **Errors surface.** A layout's bad answer (a frame that is not finite, an
/// index path twice, an item the data does not have, a content size that is
/// not finite) or a bad progress goes to ``onError`` naming it (without one,
/// an assertion fails in debug builds). A transition whose layouts could
/// not be read shows the current layout unmoved while the gesture runs, and
/// ends as UIKit's own does.
///
/// Cost: reading is O(k) for the k elements of both visible rects and their
/// corridors; each frame is one engine frame, O(k).
open class HarmonicTransitionLayout: UICollectionViewTransitionLayout {
  /// The springs of the transition, per item if wished (read when it is
  /// first prepared; default `.shared(.smooth)`).
  public var springs: LayoutTransition.Springs
  /// How elements only one of the layouts shows appear and leave (read when it is first prepared).
  public var appearance: AppearanceStyle
  /// Called with every error: a layout's bad answer, a bad progress or
  /// velocity, a timestamp the clock cannot take. nil: an assertion in debug builds.
  public var onError: ((HarmonicError) -> Void)?
  /// The engine running the transition: nil until the collection view
  /// prepares this layout, and when the layouts could not be read.
  public private(set) var engine: LayoutAnimator?
  /// The clock of the engine's ticks: tick 0 at the media time the transition was prepared.
  public private(set) var clock: FrameClock?
  /// Where a release is heading while its springs run: true to the next layout, false back.
  package private(set) var heading: Bool?
  /// Whether a release (``finish(velocity:)`` or ``cancel(velocity:)``) is
  /// springing: progress is then the springs', and a touch may ``grab()`` it.
  public var isReleased: Bool { heading != nil }
  var _link: CADisplayLink?
  var _prepared = false

  /// - Parameters:
  ///   - currentLayout: the layout on screen.
  ///   - nextLayout: the layout to go to.
  ///   - springs: the springs (default `.shared(.smooth)`).
  ///   - appearance: how elements only one layout shows come and go (default ``AppearanceStyle/fade``).
  public init(
    currentLayout: UICollectionViewLayout, nextLayout: UICollectionViewLayout, springs: LayoutTransition.Springs = .shared(.smooth),
    appearance: AppearanceStyle = .fade
  ) {
    (self.springs, self.appearance) = (springs, appearance)
    super.init(currentLayout: currentLayout, nextLayout: nextLayout)
  }

  public required init?(coder: NSCoder) { nil }

  /// Hands `error` to ``onError``, or fails an assertion in debug builds.
  public func report(_ error: HarmonicError) {
    if let onError { onError(error) } else { assertionFailure("Harmonic: \(error)") }
  }

  /// Reads both layouts and starts the engine's interactive transition, the first time only.
  open override func prepare() {
    super.prepare()
    guard !_prepared, let collectionView else { return }
    _prepared = true
    do { try _begin(collectionView) } catch { report(error) }
  }

  func _begin(_ collectionView: UICollectionView) throws(HarmonicError) {
    let clock = try FrameClock(origin: Double(CACurrentMediaTime()))
    let viewport = try collectionView._viewport()
    let counts = collectionView._itemCounts
    let from = collectionView.contentOffset
    currentLayout.prepare()
    nextLayout.prepare()
    let proposed = nextLayout.targetContentOffset(forProposedContentOffset: from)
    try LayoutSnapshot._checkRect(CGRect(origin: proposed, size: .zero), "nextLayout.targetContentOffset")
    let to = viewport.clamp(proposed, content: nextLayout.collectionViewContentSize)
    let (start, end) = try LayoutSnapshot._reading(
      currentLayout, at: viewport.visibleRect(at: from), nextLayout, at: viewport.visibleRect(at: to), itemCounts: counts)
    var engine = try LayoutAnimator(layout: start, viewport: viewport, contentOffset: from, springs: springs, appearance: appearance)
    try engine.startInteractiveTransition(to: end, contentOffset: to)
    (self.engine, self.clock) = (engine, clock)
    if Double(transitionProgress) != 0 { _pose(Double(transitionProgress)) }
  }

  /// How far the transition is (0 the current layout, 1 the next; past
  /// them rubber-banded): set it from the gesture. Each value poses every
  /// element and the content offset at once. A value that is not finite or
  /// beyond ±1e6 is reported and ignored; one set while a release springs is ignored.
  open override var transitionProgress: CGFloat {
    didSet { _pose(Double(transitionProgress)) }
  }

  func _pose(_ progress: Double) {
    guard engine != nil, heading == nil else { return }
    guard progress.isFinite, progress.magnitude <= 1e6 else {
      return report(.invalidParameter(name: "transitionProgress", value: progress, accepted: "finite, within ±1e6"))
    }
    _stampEvent()
    engine?.transitionProgress = progress
    _show()
  }

  /// Brings the engine to the present media time (never before its last frame).
  func _stampEvent() {
    guard let clock else { return }
    do { try engine?.advance(to: try clock.time(atTimestamp: Double(CACurrentMediaTime()))) } catch { report(error) }
  }

  /// Moves the content offset to the engine's and asks UIKit for the new poses.
  func _show() {
    if let engine { collectionView?.contentOffset = engine.contentOffset }
    invalidateLayout()
  }

  /// The gesture ends towards the next layout: the springs take every
  /// element from its pose, at `velocity` (progress per second: the
  /// gesture's speed over the distance it takes to go from 0 to 1), to the
  /// next layout; then UIKit's `finishInteractiveTransition()` is called
  /// for you. A velocity the engine refuses (not finite, beyond ±100) is
  /// reported and taken as 0. Without an engine, UIKit finishes at once.
  public func finish(velocity: Double = 0) { _release(velocity: velocity, towardsEnd: true) }

  /// As ``finish(velocity:)``, back to the current layout; then UIKit's
  /// `cancelInteractiveTransition()` is called for you.
  public func cancel(velocity: Double = 0) { _release(velocity: velocity, towardsEnd: false) }

  func _release(velocity: Double, towardsEnd: Bool) {
    guard engine != nil else { return _complete(towardsEnd) }
    _stampEvent()
    do { try _releaseEngine(velocity: velocity, towardsEnd: towardsEnd) } catch {
      report(error)
      do { try _releaseEngine(velocity: 0, towardsEnd: towardsEnd) } catch { return report(error) }
    }
    heading = towardsEnd
    _show()
    if _link == nil { _link = HarmonicFrameTarget.start { self.frame(atTimestamp: $0) } }
  }

  func _releaseEngine(velocity: Double, towardsEnd: Bool) throws(HarmonicError) {
    if towardsEnd { try engine?.finishInteractiveTransition(velocity: velocity) } else { try engine?.cancelInteractiveTransition(velocity: velocity) }
  }

  /// A touch lands while a release springs: the gesture takes the
  /// transition back where it shows it, and the frames stop. Returns the
  /// progress that pose is at (now ``transitionProgress``): carry on from it
  /// with the new gesture's movement. nil when there is nothing to grab (no
  /// release in flight, or it has all but arrived).
  public func grab() -> CGFloat? {
    guard heading != nil, engine != nil else { return nil }
    _stampEvent()
    let progress: Double
    do { progress = try engine!.grabInteractiveTransition() } catch { return nil }
    heading = nil
    _stopFrames()
    transitionProgress = CGFloat(progress)  // poses the same progress again: the same pose
    return transitionProgress
  }

  /// One frame, what the display link calls with its `timestamp` (media
  /// time, seconds, of the frame last shown): the engine moves to that tick,
  /// the content offset follows, the layout is invalidated; at rest the
  /// link stops and UIKit's finish or cancel is called.
  package func frame(atTimestamp timestamp: CFTimeInterval) {
    guard let clock, engine != nil else { return }
    do { try engine?.advance(to: try clock.time(atTimestamp: Double(timestamp))) } catch { report(error) }
    _show()
    guard engine?.isAnimating == false, let heading else { return }
    _stopFrames()
    _complete(heading)
  }

  func _stopFrames() {
    _link?.invalidate()
    _link = nil
  }

  func _complete(_ towardsEnd: Bool) {
    heading = nil
    if towardsEnd { collectionView?.finishInteractiveTransition() } else { collectionView?.cancelInteractiveTransition() }
  }

  open override var collectionViewContentSize: CGSize { engine?.collectionViewContentSize ?? currentLayout.collectionViewContentSize }
  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    guard let engine else { return currentLayout.layoutAttributesForElements(in: rect) }
    return engine.layoutAttributesForElements(in: rect).map(\.uiKitAttributes)
  }
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard let engine else { return currentLayout.layoutAttributesForItem(at: indexPath) }
    return engine.layoutAttributesForItem(at: ItemIndexPath(indexPath))?.uiKitAttributes
  }
  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard let engine else { return currentLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath) }
    return engine.layoutAttributesForSupplementaryView(ofKind: kind, at: ItemIndexPath(indexPath))?.uiKitAttributes
  }
  /// Where the transition leaves the content: the engine's offset.
  open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
    engine?.contentOffset ?? proposedContentOffset
  }
}

extension HarmonicTransitionLayout {
  /// `setCollectionViewLayout(_:animated:)` on springs: starts UIKit's
  /// interactive transition to `layout` and releases it at once, so the
  /// springs carry every element to `layout`. The collection view's
  /// delegate must answer `collectionView(_:transitionLayoutForOldLayout:newLayout:)`
  /// with a ``HarmonicTransitionLayout``; `springs`, when given, replaces its springs.
  ///
  /// - Returns: the transition layout, or nil when the delegate gave
  ///   another kind (that transition is then finished at once, as UIKit's).
  @discardableResult
  public static func transition(
    _ collectionView: UICollectionView, to layout: UICollectionViewLayout, springs: LayoutTransition.Springs? = nil,
    completion: ((Bool) -> Void)? = nil
  ) -> HarmonicTransitionLayout? {
    let started = collectionView.startInteractiveTransition(to: layout) { _, finished in completion?(finished) }
    guard let harmonic = started as? HarmonicTransitionLayout else {
      collectionView.finishInteractiveTransition()
      return nil
    }
    harmonic.finish()
    return harmonic
  }
}

extension HarmonicTransitionLayout {
  /// A layout-to-layout navigation push, interactive and interruptible
  /// (UIKit's own, with `useLayoutToLayoutNavigationTransitions`, is
  /// neither): `controller`'s layout is brought onto `current`'s collection
  /// view by an interactive transition — the layout its delegate returns
  /// from `collectionView(_:transitionLayoutForOldLayout:newLayout:)`,
  /// which must be a ``HarmonicTransitionLayout`` — and once it finishes,
  /// `controller` is pushed without animation, sharing the collection view
  /// (`useLayoutToLayoutNavigationTransitions` is set for you). Drive the
  /// returned layout as any other: ``transitionProgress`` from a gesture,
  /// ``finish(velocity:)`` or ``cancel(velocity:)`` at the release,
  /// ``grab()`` for a touch mid-flight; or ``finish(velocity:)`` at once for a tap.
  ///
  /// - Returns: the transition layout, or nil when `current` is not in a
  ///   navigation controller or its delegate gave another kind (that
  ///   transition is then finished at once and `controller` pushed, as UIKit's).
  @discardableResult
  public static func push(
    _ controller: UICollectionViewController, from current: UICollectionViewController, completion: ((Bool) -> Void)? = nil
  ) -> HarmonicTransitionLayout? {
    guard let navigation = current.navigationController, let collectionView = current.collectionView else { return nil }
    controller.useLayoutToLayoutNavigationTransitions = true
    return _navigate(collectionView, to: controller.collectionViewLayout, completion: completion) { [weak navigation] in
      navigation?.pushViewController(controller, animated: false)
    }
  }

  /// As ``push(_:from:completion:)``, back: the controller beneath
  /// `controller` in its navigation controller gets its layout back on the
  /// shared collection view, and `controller` is popped without animation
  /// once the transition finishes. nil when there is no collection view
  /// controller beneath it.
  @discardableResult
  public static func pop(_ controller: UICollectionViewController, completion: ((Bool) -> Void)? = nil) -> HarmonicTransitionLayout? {
    guard let navigation = controller.navigationController, navigation.viewControllers.count > 1,
      let previous = navigation.viewControllers[navigation.viewControllers.count - 2] as? UICollectionViewController,
      let collectionView = controller.collectionView
    else { return nil }
    return _navigate(collectionView, to: previous.collectionViewLayout, completion: completion) { [weak navigation] in
      _ = navigation?.popViewController(animated: false)
    }
  }

  static func _navigate(
    _ collectionView: UICollectionView, to layout: UICollectionViewLayout, completion: ((Bool) -> Void)?, then navigate: @escaping () -> Void
  ) -> HarmonicTransitionLayout? {
    let started = collectionView.startInteractiveTransition(to: layout) { _, finished in
      if finished { navigate() }
      completion?(finished)
    }
    guard let harmonic = started as? HarmonicTransitionLayout else {
      collectionView.finishInteractiveTransition()
      return nil
    }
    return harmonic
  }
}

extension LayoutSnapshot {
  /// Both ends of a transition between two of the app's (prepared)
  /// layouts: each read at its visible rect widened to its corridor (the
  /// frames, in that layout, of what the other end shows), plus every
  /// element the other end read. Errors as ``init(reading:in:including:itemCounts:)``.
  @MainActor static func _reading(
    _ current: UICollectionViewLayout, at startRect: CGRect, _ next: UICollectionViewLayout, at endRect: CGRect, itemCounts: [Int]
  ) throws(HarmonicError) -> (LayoutSnapshot, LayoutSnapshot) {
    try _checkRect(startRect, "visible rect")
    try _checkRect(endRect, "nextLayout's visible rect")
    /// `rect` widened by the frames, in `layout`, of `others` (finite ones: a
    /// bad frame is refused by the snapshot, named).
    func corridor(_ layout: UICollectionViewLayout, _ rect: CGRect, _ others: [LayoutAttributes]) -> CGRect {
      var corridor = rect
      for id in others.map(\.elementID) {
        guard let frame = LayoutSnapshot._attributes(of: id, in: layout)?.frame,
          [frame.minX, frame.minY, frame.width, frame.height].allSatisfy({ $0.isFinite && $0.magnitude <= 1e12 })
        else { continue }
        corridor = corridor.union(frame)
      }
      return corridor
    }
    let (shownOld, shownNew) = (_attributes(in: startRect, of: current), _attributes(in: endRect, of: next))
    let old = _attributes(in: corridor(current, startRect, shownNew), of: current)
    let new = _attributes(in: corridor(next, endRect, shownOld), of: next)
    let start = try LayoutSnapshot(
      elements: _adding(new.map(\.elementID), from: current, to: old), contentSize: current.collectionViewContentSize, itemCounts: itemCounts)
    let end = try LayoutSnapshot(
      elements: _adding(old.map(\.elementID), from: next, to: new), contentSize: next.collectionViewContentSize, itemCounts: itemCounts)
    return (start, end)
  }
}
#endif
