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

/// Harmonic's springs for batch updates on a layout the app keeps — a
/// `UICollectionViewFlowLayout`, a compositional layout, its own subclass.
/// The layout owns one and forwards a handful of overrides to it, each in a
/// line (``HarmonicFlowLayout`` is a flow layout that does):
///
/// - `prepare()`: `springs.prepare { super.prepare() }`;
/// - `invalidateLayout()` and `invalidateLayout(with:)`: `springs.layoutWillInvalidate()`, then super;
/// - `collectionViewContentSize`, `layoutAttributesForElements(in:)`,
///   `layoutAttributesForItem(at:)`, `layoutAttributesForSupplementaryView(ofKind:at:)`,
///   `initialLayoutAttributesForAppearingItem(at:)`,
///   `finalLayoutAttributesForDisappearingItem(at:)`,
///   `targetContentOffset(forProposedContentOffset:)`: the same call on
///   the springs with super's answer as the last argument, a closure
///   (`springs.layoutAttributesForElements(in: rect) { super.layoutAttributesForElements(in: rect) }`);
/// - `prepare(forCollectionViewUpdates:)`: super, then `springs.prepare(forCollectionViewUpdates: updateItems)`.
///
/// **What it does.** At rest every answer is the layout's own (and what UIKit
/// shows is remembered, as Harmonic's attributes). A batch update springs
/// every element from where it is on screen — mid-flight too, with its
/// velocity — to the layout's answers for the new data, read around where
/// the content is heading; inserted elements appear, deleted ones leave
/// (``appearance``), the content offset keeps the reader's place
/// (``anchorPolicy``), and Reduce Motion (``reduceMotion``, the system's
/// setting) cross-fades. While the springs run, the layout is invalidated
/// each frame without being prepared again, and the last frame is exactly
/// the layout's own answers. An element that moves further than a viewport
/// beyond what is visible at either end fades instead of flying.
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
  /// Called with every error: a bad answer of the layout, a refused update,
  /// a timestamp the clock cannot take. nil: an assertion in debug builds.
  public var onError: ((HarmonicError) -> Void)?
  /// Called once each time the springs come to rest.
  public var onIdle: (() -> Void)?
  /// The engine of the update in flight; nil before the first update.
  public private(set) var engine: LayoutAnimator?
  /// The layout that owns these springs.
  package private(set) unowned var layout: UICollectionViewLayout
  var _clock: FrameClock?
  var _link: CADisplayLink?
  /// What UIKit was last shown at rest, with the content size and item counts then.
  var _shown: (elements: [LayoutAttributes], contentSize: CGSize, counts: [Int])?
  /// The layout's answers around the visible area at its first invalidation
  /// at rest since it was last prepared: the state a change starts from.
  var _before: (elements: [LayoutAttributes], contentSize: CGSize, counts: [Int])?
  /// Items per section at the last `prepare()`.
  var _counts: [Int] = []
  var _reading = false, _ownInvalidation = false, _basePrepareNeeded = true

  /// - Parameters:
  ///   - layout: the layout that owns these springs and forwards to them.
  ///   - springs: the springs of each update (default `.shared(.smooth)`).
  ///   - appearance: how inserted elements appear and deleted ones leave (default ``AppearanceStyle/fade``).
  public init(layout: UICollectionViewLayout, springs: LayoutTransition.Springs = .shared(.smooth), appearance: AppearanceStyle = .fade) {
    (self.layout, self.springs, self.appearance) = (layout, springs, appearance)
    super.init()
  }

  /// Whether an update's springs are running: the answers are then the engine's.
  public var isAnimating: Bool { engine?.isAnimating ?? false }

  /// Hands `error` to ``onError``, or fails an assertion in debug builds.
  public func report(_ error: HarmonicError) {
    if let onError { onError(error) } else { assertionFailure("Harmonic: \(error)") }
  }

  // MARK: - Forwarded overrides

  /// From `invalidateLayout()` and `invalidateLayout(with:)`, before super:
  /// any invalidation but the springs' own frames prepares the layout again.
  public func layoutWillInvalidate() {
    guard !_ownInvalidation else { return }
    // The layout still answers for the data it was prepared with: keep
    // those answers around the visible area, where a change starts from.
    if !_basePrepareNeeded, !isAnimating, let collectionView = layout.collectionView, let viewport = try? _viewport(collectionView) {
      let rect = _around(viewport.visibleRect(at: collectionView.contentOffset), viewport)
      _reading = true
      _before = ((layout.layoutAttributesForElements(in: rect) ?? []).map(LayoutSnapshot._attributes), layout.collectionViewContentSize, _counts)
      _reading = false
    }
    _basePrepareNeeded = true
  }

  /// From `prepare()`: runs the layout's own `prepare` (`base`) unless the
  /// only invalidation since was a frame of the springs.
  public func prepare(_ base: () -> Void) {
    guard _basePrepareNeeded else { return }
    _basePrepareNeeded = false
    base()
    if let collectionView = layout.collectionView {
      _counts = (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
    }
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
      if !_reading, let bounds = layout.collectionView?.bounds, rect.intersects(bounds) {
        _shown = ((answer ?? []).map(LayoutSnapshot._attributes), layout.collectionViewContentSize, _counts)
      }
      return answer
    }
    return engine.layoutAttributesForElements(in: rect).map(\.uiKitAttributes)
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
    do {
      try _update(updateItems.compactMap(LayoutAnimator.UpdateItem.init), in: collectionView)
    } catch {
      report(error)
      engine = nil
      _stopFrames()
    }
  }

  func _update(_ items: [LayoutAnimator.UpdateItem], in collectionView: UICollectionView) throws(HarmonicError) {
    if _clock == nil { _clock = try FrameClock(origin: Double(CACurrentMediaTime())) }
    guard let clock = _clock else { return }
    let now = try clock.time(atTimestamp: Double(CACurrentMediaTime()))
    let viewport = try _viewport(collectionView)
    // Where the change starts from: the springs in flight, or, from rest,
    // the layout's answers before it and what UIKit showed.
    let running = engine.flatMap { $0.isAnimating && $0.viewport == viewport && $0.layout is LayoutSnapshot ? $0 : nil }
    let start: LayoutSnapshot
    if let running {
      start = running.layout as! LayoutSnapshot
    } else {
      var elements = _before?.elements ?? []
      var seen = Set(elements.map(\.elementID))
      for element in _shown?.elements ?? [] where !seen.contains(element.elementID) {
        elements.append(element)
        seen.insert(element.elementID)
      }
      // Nothing shown yet: UIKit's own update.
      guard let state = _before ?? _shown, !elements.isEmpty else { return }
      start = try LayoutSnapshot(elements: elements, contentSize: state.contentSize, itemCounts: state.counts)
    }
    let mapping = try LayoutAnimator.update(items).mapping(oldItemCounts: start.itemCounts, newItemCounts: _counts)
    let offset = running?.contentOffset ?? collectionView.contentOffset
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
      engine.systemReducesMotion = UIAccessibility.isReduceMotionEnabled
      try engine.prepare(forCollectionViewUpdates: items, layout: new)
      return engine
    }
    // The new layout, read around the visible area and where the content
    // heads; once more, wider, when the update takes it beyond that.
    var rect = _around(viewport.visibleRect(at: offset).union(viewport.visibleRect(at: running?.headingOffset ?? offset)), viewport)
    var next = try attempt(rect)
    let end = viewport.visibleRect(at: next.headingOffset)
    if !rect.contains(end) {
      rect = _around(rect.union(end), viewport)
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
    var read = (layout.layoutAttributesForElements(in: rect) ?? []).map(LayoutSnapshot._attributes)
    var seen = Set(read.map(\.elementID))
    for element in start.elements where element.kind == .cell {
      guard let id = mapping.newElement(forOld: element.elementID), !seen.contains(id), let one = LayoutSnapshot._attributes(of: id, in: layout)
      else { continue }
      read.append(one)
      seen.insert(id)
    }
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

  /// The collection view's size and adjusted content insets.
  func _viewport(_ collectionView: UICollectionView) throws(HarmonicError) -> Viewport {
    let inset = collectionView.adjustedContentInset
    return try Viewport(
      size: collectionView.bounds.size,
      insets: LayoutInsets(top: Double(inset.top), left: Double(inset.left), bottom: Double(inset.bottom), right: Double(inset.right)))
  }

  /// `rect` widened by a viewport on every side.
  func _around(_ rect: CGRect, _ viewport: Viewport) -> CGRect {
    rect.insetBy(dx: -viewport.size.width, dy: -viewport.size.height)
  }

  // MARK: - Frames

  func _startFrames() {
    if _link == nil, isAnimating { _link = _startDisplayLink() }
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

  open override func invalidateLayout() {
    springs.layoutWillInvalidate()
    super.invalidateLayout()
  }
  open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    springs.layoutWillInvalidate()
    super.invalidateLayout(with: context)
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
  open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.initialLayoutAttributesForAppearingItem(at: itemIndexPath) { super.initialLayoutAttributesForAppearingItem(at: itemIndexPath) }
  }
  open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.finalLayoutAttributesForDisappearingItem(at: itemIndexPath) { super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath) }
  }
  open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
    springs.targetContentOffset(forProposedContentOffset: proposedContentOffset) { super.targetContentOffset(forProposedContentOffset: proposedContentOffset) }
  }
}
#endif
