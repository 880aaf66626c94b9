#if HARMONIC_APPLE_INTERFACE
// Compiled on Linux in HarmonicAppleTests against Tests/AppleInterface, the
// SDK's shapes: Harmonic is another module there.
import _AppleInterface
import Harmonic
#elseif canImport(UIKit) && !os(watchOS) && !HARMONIC_APPLE_TESTS
import UIKit
#endif
#if HARMONIC_APPLE_INTERFACE || (canImport(UIKit) && !os(watchOS) && !HARMONIC_APPLE_TESTS)

// Springs on a layout the app keeps: its own answers pass through at rest;
// a batch update reads them before and after into snapshots and a
// LayoutAnimator runs the change between them. Everything that decides a
// pose is the engine's, tested on Linux; this file reads, forwards and
// drives frames.

/// Harmonic's springs for batch updates and bounds changes (a rotation) on a layout the app keeps — a
/// `UICollectionViewFlowLayout`, a compositional layout, its own subclass.
/// The layout owns one and forwards a handful of overrides to it, each in a
/// line (``HarmonicFlowLayout`` is a flow layout that does):
///
/// - `prepare()`: `springs.prepare { super.prepare() }`;
/// - `invalidateLayout()` and `invalidateLayout(with:)`: `springs.invalidate { super.invalidateLayout() }` (with the context);
/// - `collectionViewContentSize`, `layoutAttributesForElements(in:)`,
///   `layoutAttributesForItem(at:)`, `layoutAttributesForSupplementaryView(ofKind:at:)`,
///   `initialLayoutAttributesForAppearingItem(at:)`,
///   `finalLayoutAttributesForDisappearingItem(at:)`,
///   `targetContentOffset(forProposedContentOffset:)` (and, for snapping and
///   scroll effects, `…withScrollingVelocity:` and
///   `shouldInvalidateLayout(forBoundsChange:)`): the same call on
///   the springs with super's answer as the last argument, a closure
///   (`springs.layoutAttributesForElements(in: rect) { super.layoutAttributesForElements(in: rect) }`);
/// - `prepare(forCollectionViewUpdates:)` and `prepare(forAnimatedBoundsChange:)`:
///   super, then the same call on the springs.
///
/// **What it does.** At rest every answer is the layout's own (and what UIKit
/// shows is remembered, as Harmonic's attributes). A batch update springs
/// every element from where it is on screen — mid-flight too, with its
/// velocity — to the layout's answers for the new data, read around where
/// the content is heading; inserted elements appear, deleted ones leave
/// (``appearance``), the content offset keeps the reader's place
/// (``anchorPolicy``), and Reduce Motion (``reduceMotion``, the system's
/// setting) cross-fades. A bounds change springs the same way from the old
/// bounds to the layout's answers for the new ones. While the springs run, the layout is invalidated
/// each frame without being prepared again, and the last frame is exactly
/// the layout's own answers. Every element on screen before flies to its
/// new place, however far; a cell that comes into view from further than a
/// viewport beyond the visible area starts where it ends (or, during a
/// change in flight, appears when the springs come to rest).
///
/// **Errors surface.** A bad answer from the layout or an update the engine
/// refuses goes to ``onError`` (without one, an assertion fails in debug
/// builds), and the layout's own answers are shown at once: the screen
/// matches the data.
///
/// Cost: at rest, each answer UIKit asks for that meets the visible area is
/// converted once, O(k); an update reads O(k) elements around both ends;
/// each frame is one engine frame, O(k).
@MainActor
public final class HarmonicLayoutSprings: NSObject {
  /// The springs of each update (default `.shared(.smooth)`).
  public var springs: LayoutTransition.Springs
  /// How inserted elements appear and deleted ones leave (default ``AppearanceStyle/fade``).
  public var appearance: AppearanceStyle
  /// What an update keeps in place on screen (default: the first fully visible cell, the reader's place).
  public var anchorPolicy: AnchorPolicy = .keepAnchor()
  /// Whether updates reduce motion (default ``ReduceMotion/system``: the system's setting).
  public var reduceMotion: ReduceMotion = .system
  /// The axis of scrolling, for snapping and scroll effects (default vertical).
  public var scrollAxis: ScrollAxis = .vertical
  /// Snapping of a release to the layout's rows (columns, scrolling
  /// sideways): the lines its cells fill, with these options; nil (the
  /// default): UIKit's own target.
  public var snapping: Snapping.Options?
  /// A scroll-driven effect on every element the layout answers (a
  /// carousel's scale and fade, a stack of cards…), at rest and in flight;
  /// nil (the default) for none. Setting one makes every scroll a layout
  /// pass (`shouldInvalidateLayout(forBoundsChange:)`), without preparing the layout again.
  public var scrollEffect: ScrollEffect?
  /// How ``scrollEffect`` measures phases; nil: the viewport's center along ``scrollAxis``.
  public var scrollPhase: ScrollPhase?
  /// Called with every error: a bad answer of the layout, a refused update,
  /// a timestamp the clock cannot take. nil: an assertion in debug builds.
  public var onError: ((HarmonicError) -> Void)?
  /// Called once each time the springs come to rest.
  public var onIdle: (() -> Void)?
  /// The engine of the update in flight; nil before the first update.
  public private(set) var engine: LayoutAnimator?
  /// The layout that owns these springs.
  package var layout: UICollectionViewLayout { _layout! }
  /// Weak: the display link holds the springs, and may outlive the layout
  /// an app drops mid-flight (``frame(atTimestamp:)`` then stops it). Every
  /// other entry is called by the layout itself.
  weak var _layout: UICollectionViewLayout?
  var _clock: FrameClock?
  var _link: CADisplayLink?
  /// What UIKit was last shown at rest (its own objects: converted only
  /// when a change needs them), with the content size and item counts then.
  var _shown: (elements: [UICollectionViewLayoutAttributes], contentSize: CGSize, counts: [Int])?
  /// The layout's answers around the visible area at its first invalidation
  /// at rest since it was last prepared: the state a change starts from.
  var _before: (elements: [LayoutAttributes], contentSize: CGSize, counts: [Int])?
  /// Items per section at the last `prepare()`.
  var _counts: [Int] = []
  var _reading = false, _ownInvalidation = false, _basePrepareNeeded = true, _scrolled = false, _invalidating = false

  /// - Parameters:
  ///   - layout: the layout that owns these springs and forwards to them.
  ///   - springs: the springs of each update (default `.shared(.smooth)`).
  ///   - appearance: how inserted elements appear and deleted ones leave (default ``AppearanceStyle/fade``).
  public init(layout: UICollectionViewLayout, springs: LayoutTransition.Springs = .shared(.smooth), appearance: AppearanceStyle = .fade) {
    (_layout, self.springs, self.appearance) = (layout, springs, appearance)
    super.init()
  }

  /// Whether an update's springs are running: the answers are then the engine's.
  public var isAnimating: Bool { engine?.isAnimating ?? false }

  /// Hands `error` to ``onError``, or fails an assertion in debug builds.
  public func report(_ error: HarmonicError) {
    if let onError { onError(error) } else { assertionFailure("Harmonic: \(error)") }
  }

  // MARK: - Forwarded overrides

  /// From `invalidateLayout()` and `invalidateLayout(with:)`, around
  /// super (`base`): any invalidation but the springs' own frames and a
  /// scroll that only moves a ``scrollEffect`` prepares the layout again.
  /// A call inside another (UIKit's `invalidateLayout()` going through
  /// `invalidateLayout(with:)`) is the outer call's.
  public func invalidate(_ base: () -> Void) {
    guard !_invalidating else { return base() }
    _invalidating = true
    defer { _invalidating = false }
    if _scrolled {
      // A scroll that only moves the effect's phases changes nothing the layout computed.
      _scrolled = false
    } else if !_ownInvalidation {
      // The layout still answers for the data it was prepared with: keep
      // those answers around the visible area, where a change starts from.
      if !_basePrepareNeeded, !isAnimating, let collectionView = layout.collectionView, let viewport = try? collectionView._viewport() {
        let rect = _around(viewport.visibleRect(at: collectionView.contentOffset), viewport)
        _reading = true
        _before = (LayoutSnapshot._attributes(in: rect, of: layout), layout.collectionViewContentSize, _counts)
        _reading = false
      }
      _basePrepareNeeded = true
    }
    base()
  }

  /// From `prepare()`: runs the layout's own `prepare` (`base`) unless the
  /// only invalidation since was a frame of the springs.
  public func prepare(_ base: () -> Void) {
    guard _basePrepareNeeded else { return }
    _basePrepareNeeded = false
    base()
    if let collectionView = layout.collectionView {
      _counts = collectionView._itemCounts
    }
  }

  /// From `shouldInvalidateLayout(forBoundsChange:)`: also true for every
  /// scroll while a ``scrollEffect`` is set (such a pass does not prepare the layout again).
  public func shouldInvalidateLayout(forBoundsChange newBounds: CGRect, _ base: () -> Bool) -> Bool {
    let own = base()
    guard !own, scrollEffect != nil, newBounds.size == layout.collectionView?.bounds.size else { return own }
    _scrolled = true
    return true
  }

  /// From `collectionViewContentSize`: the engine's while the springs run.
  public func collectionViewContentSize(_ base: () -> CGSize) -> CGSize {
    guard !_reading, isAnimating, let engine else { return base() }
    return engine.collectionViewContentSize
  }

  /// From `layoutAttributesForElements(in:)`: the layout's own answer at
  /// rest (remembered when it meets the visible area), the engine's while the springs run.
  public func layoutAttributesForElements(
    in rect: CGRect, _ base: () -> [UICollectionViewLayoutAttributes]?
  ) -> [UICollectionViewLayoutAttributes]? {
    guard !_reading, isAnimating, let engine else {
      let answer = base()
      guard !_reading, let collectionView = layout.collectionView else { return answer }
      let bounds = collectionView.bounds
      if rect.intersects(bounds) { _shown = (answer ?? [], layout.collectionViewContentSize, _counts) }
      guard let effect = scrollEffect, let answer else { return answer }
      var shown = answer.map(LayoutSnapshot._attributes)
      // The effect at the scroll view's offset; an element it refuses stays as the layout put it.
      do { try effect.apply(to: &shown, in: bounds, phase: try _phase()) } catch { report(error) }
      return shown.map(\.uiKitAttributes)
    }
    return engine.layoutAttributesForElements(in: rect).map(\.uiKitAttributes)
  }

  /// ``scrollPhase``, or the viewport's center along ``scrollAxis``.
  func _phase() throws(HarmonicError) -> ScrollPhase {
    if let scrollPhase { return scrollPhase }
    return try ScrollPhase(axis: scrollAxis)
  }

  /// From `layoutAttributesForItem(at:)`.
  public func layoutAttributesForItem(at indexPath: IndexPath, _ base: () -> UICollectionViewLayoutAttributes?) -> UICollectionViewLayoutAttributes? {
    guard !_reading, isAnimating, let engine else { return base() }
    return engine.layoutAttributesForItem(at: ItemIndexPath(indexPath))?.uiKitAttributes
  }

  /// From `layoutAttributesForSupplementaryView(ofKind:at:)`.
  public func layoutAttributesForSupplementaryView(
    ofKind kind: String, at indexPath: IndexPath, _ base: () -> UICollectionViewLayoutAttributes?
  ) -> UICollectionViewLayoutAttributes? {
    guard !_reading, isAnimating, let engine else { return base() }
    return engine.layoutAttributesForSupplementaryView(ofKind: kind, at: ItemIndexPath(indexPath))?.uiKitAttributes
  }

  /// From `initialLayoutAttributesForAppearingItem(at:)`: the pose at the
  /// update's tick, so UIKit's own update animation moves nothing.
  public func initialLayoutAttributesForAppearingItem(
    at indexPath: IndexPath, _ base: () -> UICollectionViewLayoutAttributes?
  ) -> UICollectionViewLayoutAttributes? {
    guard isAnimating, let engine else { return base() }
    return engine.initialLayoutAttributesForAppearingItem(at: ItemIndexPath(indexPath))?.uiKitAttributes
  }

  /// From `finalLayoutAttributesForDisappearingItem(at:)`: as the appearing one.
  public func finalLayoutAttributesForDisappearingItem(
    at indexPath: IndexPath, _ base: () -> UICollectionViewLayoutAttributes?
  ) -> UICollectionViewLayoutAttributes? {
    guard isAnimating, let engine else { return base() }
    return engine.finalLayoutAttributesForDisappearingItem(at: ItemIndexPath(indexPath))?.uiKitAttributes
  }

  /// From `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`:
  /// with ``snapping`` set, the ``Snapping`` target for the release at the
  /// scroll view's offset with `velocity` (UIKit's points per millisecond)
  /// among the lines the layout's cells fill between there and UIKit's
  /// proposal, a viewport either side; UIKit's own deceleration carries
  /// the release there. Refused (reported) or without snapping: `base`.
  public func targetContentOffset(
    forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint, _ base: () -> CGPoint
  ) -> CGPoint {
    guard let options = snapping, let collectionView = layout.collectionView else { return base() }
    do {
      return try _snapTarget(proposedContentOffset, velocity: velocity, options: options, in: collectionView)
    } catch {
      report(error)
      return base()
    }
  }

  func _snapTarget(_ proposed: CGPoint, velocity: CGPoint, options: Snapping.Options, in collectionView: UICollectionView) throws(HarmonicError) -> CGPoint {
    let vertical = scrollAxis == .vertical
    let speed = Double(vertical ? velocity.y : velocity.x) * 1000  // Snapping refuses one that is not finite, named
    let viewport = try collectionView._viewport()
    let current = collectionView.contentOffset
    let rect = _around(viewport.visibleRect(at: current).union(viewport.visibleRect(at: proposed)), viewport)
    try LayoutSnapshot._checkRect(rect, "rect")
    _reading = true
    let cells = (layout.layoutAttributesForElements(in: rect) ?? []).filter { $0.representedElementCategory == .cell }
    let content = layout.collectionViewContentSize
    _reading = false
    // The lines the cells fill along the axis: their spans, overlapping ones merged.
    var lines: [(start: Double, end: Double)] = []
    for span in cells.map({ vertical ? (Double($0.frame.minY), Double($0.frame.maxY)) : (Double($0.frame.minX), Double($0.frame.maxX)) }).sorted(by: {
      $0.0 < $1.0
    }) {
      if let last = lines.last, span.0 < last.end { lines[lines.count - 1].end = max(last.end, span.1) } else { lines.append((span.0, span.1)) }
    }
    guard !lines.isEmpty else { return proposed }
    let inset = viewport.insets
    let snap = try SnapLayout(
      starts: lines.map(\.start), ends: lines.map(\.end), contentExtent: max(Double(vertical ? content.height : content.width), lines[lines.count - 1].end),
      viewport: Double(vertical ? viewport.size.height : viewport.size.width), leadingInset: vertical ? inset.top : inset.left,
      trailingInset: vertical ? inset.bottom : inset.right)
    let decision = try Snapping.target(layout: snap, offset: Double(vertical ? current.y : current.x), velocity: speed, options: options)
    return vertical ? CGPoint(x: proposed.x, y: decision.target) : CGPoint(x: decision.target, y: proposed.y)
  }

  /// From `targetContentOffset(forProposedContentOffset:)`: while the
  /// springs run, the offset they show (they move it themselves).
  public func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, _ base: () -> CGPoint) -> CGPoint {
    guard isAnimating, let engine else { return base() }
    return engine.contentOffset
  }

  /// From `prepare(forCollectionViewUpdates:)`, after super: the springs
  /// take every element from what UIKit shows to the layout's answers for
  /// the new data. Refused (reported): the layout's own answers at once.
  public func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
    guard let collectionView = layout.collectionView else { return }
    let items = updateItems.compactMap(LayoutAnimator.UpdateItem.init)
    _change(collectionView, from: nil, items: items) { engine, new throws(HarmonicError) in
      try engine.prepare(forCollectionViewUpdates: items, layout: new)
    }
  }

  /// From `prepare(forAnimatedBoundsChange:)`, after super: a rotation or
  /// resize springs every element from where it was in `oldBounds` to the
  /// layout's answers for the new bounds, keeping the reader's place as a
  /// fraction of the viewport (``anchorPolicy``). Refused (reported): the
  /// layout's own answers at once.
  public func prepare(forAnimatedBoundsChange oldBounds: CGRect) {
    guard let collectionView = layout.collectionView else { return }
    _change(collectionView, from: oldBounds, items: []) { engine, new throws(HarmonicError) in
      try engine.prepare(forAnimatedBoundsChange: try collectionView._viewport(), layout: new)
    }
  }

  /// Runs a change on the engine, reporting a refusal (the layout's own answers then show).
  func _change(
    _ collectionView: UICollectionView, from oldBounds: CGRect?, items: [LayoutAnimator.UpdateItem],
    _ event: (inout LayoutAnimator, LayoutSnapshot) throws(HarmonicError) -> Void
  ) {
    do { try _changing(collectionView, from: oldBounds, items: items, event) } catch {
      report(error)
      engine = nil
      _stopFrames()
    }
  }

  func _changing(
    _ collectionView: UICollectionView, from oldBounds: CGRect?, items: [LayoutAnimator.UpdateItem],
    _ event: (inout LayoutAnimator, LayoutSnapshot) throws(HarmonicError) -> Void
  ) throws(HarmonicError) {
    if _clock == nil { _clock = try FrameClock(origin: Double(CACurrentMediaTime())) }
    guard let clock = _clock else { return }
    let now = try clock.time(atTimestamp: Double(CACurrentMediaTime()))
    let endViewport = try collectionView._viewport()
    var viewport = endViewport
    if let oldBounds { viewport = try Viewport(size: oldBounds.size, insets: endViewport.insets) }
    // Where the change starts from: the springs in flight, or, from rest,
    // the layout's answers before it and what UIKit showed.
    let running = engine.flatMap { $0.isAnimating && $0.viewport == viewport && $0.layout is LayoutSnapshot ? $0 : nil }
    let start: LayoutSnapshot
    if let running {
      start = running.layout as! LayoutSnapshot
    } else {
      var elements = _before?.elements ?? []
      var seen = Set(elements.map(\.elementID))
      for element in (_shown?.elements ?? []).map(LayoutSnapshot._attributes) where !seen.contains(element.elementID) {
        elements.append(element)
        seen.insert(element.elementID)
      }
      // Nothing shown yet: UIKit's own update.
      let state = _before.map { (size: $0.contentSize, counts: $0.counts) } ?? _shown.map { (size: $0.contentSize, counts: $0.counts) }
      guard let state, !elements.isEmpty else { return }
      start = try LayoutSnapshot(elements: elements, contentSize: state.size, itemCounts: state.counts)
    }
    let mapping = try LayoutAnimator.update(items).mapping(oldItemCounts: start.itemCounts, newItemCounts: _counts)
    let offset = running?.contentOffset ?? oldBounds?.origin ?? collectionView.contentOffset
    func attempt(_ rect: CGRect) throws(HarmonicError) -> LayoutAnimator {
      let (old, new) = try _ends(from: start, reading: rect, mapping: mapping, completingStart: running == nil)
      var engine: LayoutAnimator
      if let running {
        engine = running
        try engine.advance(to: now)
      } else {
        engine = try LayoutAnimator(layout: old, viewport: viewport, contentOffset: offset, springs: springs, appearance: appearance, time: now)
      }
      (engine.springs, engine.appearance, engine.anchorPolicy, engine.reduceMotion) = (springs, appearance, anchorPolicy, reduceMotion)
      (engine.scrollAxis, engine.scrollEffect, engine.scrollPhase) = (scrollAxis, scrollEffect, scrollPhase)
      engine.systemReducesMotion = UIAccessibility.isReduceMotionEnabled
      try event(&engine, new)
      return engine
    }
    // The new layout, read around the visible area and where the content
    // heads; once more, wider, when the change takes it beyond that.
    let seen = viewport.visibleRect(at: offset).union(endViewport.visibleRect(at: offset))
    var rect = _around(seen.union(viewport.visibleRect(at: running?.headingOffset ?? offset)), endViewport)
    var next = try attempt(rect)
    let end = endViewport.visibleRect(at: next.headingOffset)
    if !rect.contains(end) {
      rect = _around(rect.union(end), endViewport)
      next = try attempt(rect)
    }
    engine = next
    _startFrames()
  }

  /// Both ends of an update: the layout's answers for `rect` (the new
  /// data), each cell of `start` added where the layout now puts it
  /// (however far), and `start` with each cell the new end shows but whose
  /// earlier place was not read set where it ends (`completingStart`, from
  /// rest: it stays put), or that cell left out of the new end (in flight:
  /// the layout shows it at rest).
  func _ends(
    from start: LayoutSnapshot, reading rect: CGRect, mapping: LayoutUpdate.IndexMapping, completingStart: Bool
  ) throws(HarmonicError) -> (LayoutSnapshot, LayoutSnapshot) {
    try LayoutSnapshot._checkRect(rect, "rect")
    _reading = true
    defer { _reading = false }
    // Each cell of the start where the layout now puts it, however far.
    let moved = start.elements.lazy.filter { $0.kind == .cell }.compactMap { mapping.newElement(forOld: $0.elementID) }
    let read = LayoutSnapshot._adding(moved, from: layout, to: LayoutSnapshot._attributes(in: rect, of: layout))
    var (old, new) = (start.elements, [LayoutAttributes]())
    for element in read {
      guard element.kind == .cell, let id = mapping.oldElement(forNew: element.elementID), start.attributes(of: id) == nil else {
        new.append(element)
        continue
      }
      guard completingStart else { continue }
      var unread = element
      unread.indexPath = id.indexPath
      old.append(unread)
      new.append(element)
    }
    let ends = (
      completingStart ? try LayoutSnapshot(elements: old, contentSize: start.contentSize, itemCounts: start.itemCounts) : start,
      try LayoutSnapshot(elements: new, contentSize: layout.collectionViewContentSize, itemCounts: _counts)
    )
    return ends
  }

  /// `rect` widened by a viewport on every side.
  func _around(_ rect: CGRect, _ viewport: Viewport) -> CGRect {
    rect.insetBy(dx: -viewport.size.width, dy: -viewport.size.height)
  }

  // MARK: - Frames

  func _startFrames() {
    if _link == nil, isAnimating { _link = HarmonicFrameTarget.start { self.frame(atTimestamp: $0) } }
  }

  func _stopFrames() {
    _link?.invalidate()
    _link = nil
  }

  /// One frame, what the display link calls with its `timestamp` (media
  /// time, seconds, of the frame last shown): the engine moves to that tick,
  /// the content offset follows, the layout is invalidated (not prepared
  /// again); at rest the link stops and ``onIdle`` is called.
  package func frame(atTimestamp timestamp: CFTimeInterval) {
    guard _layout != nil else { return _stopFrames() }
    guard let clock = _clock, engine != nil else { return }
    do { try engine?.advance(to: try clock.time(atTimestamp: Double(timestamp))) } catch { report(error) }
    if let engine { layout.collectionView?.contentOffset = engine.contentOffset }
    _ownInvalidation = true
    layout.invalidateLayout()
    _ownInvalidation = false
    guard !isAnimating else { return }
    _stopFrames()
    onIdle?()
  }
}

/// A `UICollectionViewFlowLayout` with Harmonic's springs for batch updates
/// (``HarmonicLayoutSprings``): use it where the app used the flow layout,
/// set its properties as before, and configure ``springs``.
open class HarmonicFlowLayout: UICollectionViewFlowLayout {
  /// The springs every override below forwards to.
  public private(set) lazy var springs = HarmonicLayoutSprings(layout: self)

  open override func invalidateLayout() { springs.invalidate { super.invalidateLayout() } }
  open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    springs.invalidate { super.invalidateLayout(with: context) }
  }
  open override func prepare() { springs.prepare { super.prepare() } }
  open override var collectionViewContentSize: CGSize { springs.collectionViewContentSize { super.collectionViewContentSize } }
  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    springs.layoutAttributesForElements(in: rect) { super.layoutAttributesForElements(in: rect) }
  }
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.layoutAttributesForItem(at: indexPath) { super.layoutAttributesForItem(at: indexPath) }
  }
  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath) { super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath) }
  }
  open override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    springs.prepare(forCollectionViewUpdates: updateItems)
  }
  open override func prepare(forAnimatedBoundsChange oldBounds: CGRect) {
    super.prepare(forAnimatedBoundsChange: oldBounds)
    springs.prepare(forAnimatedBoundsChange: oldBounds)
  }
  open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.initialLayoutAttributesForAppearingItem(at: itemIndexPath) { super.initialLayoutAttributesForAppearingItem(at: itemIndexPath) }
  }
  open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.finalLayoutAttributesForDisappearingItem(at: itemIndexPath) { super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath) }
  }
  open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    springs.shouldInvalidateLayout(forBoundsChange: newBounds) { super.shouldInvalidateLayout(forBoundsChange: newBounds) }
  }
  open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
    springs.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity) {
      super.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)
    }
  }
  open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
    springs.targetContentOffset(forProposedContentOffset: proposedContentOffset) { super.targetContentOffset(forProposedContentOffset: proposedContentOffset) }
  }
}
#endif
