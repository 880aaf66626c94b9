#if HARMONIC_APPLE_INTERFACE
// Compiled on Linux in HarmonicAppleTests against Tests/AppleInterface, the
// SDK's shapes: Harmonic is another module there.
import _AppleInterface
import Harmonic
#elseif canImport(UIKit) && !os(watchOS) && !HARMONIC_APPLE_TESTS
import UIKit
#endif
#if HARMONIC_APPLE_INTERFACE || (canImport(UIKit) && !os(watchOS) && !HARMONIC_APPLE_TESTS)

// The Apple shims: UIKit's layout subclass and a display-link driver, each
// override one line of forwarding into LayoutAnimator and FrameClock. On
// Apple platforms this file is part of Harmonic; on Linux the tests compile
// this same file against an interface of UIKit's API and drive it as UIKit
// would (HarmonicAppleTests). The display link's Objective-C target is the
// one part compiled only on Apple platforms (LayoutAnimator+DisplayLink.swift).

extension ItemIndexPath {
  /// UIKit's index path, item and section.
  public init(_ indexPath: IndexPath) { self.init(item: indexPath.item, section: indexPath.section) }
  /// As UIKit's index path.
  public var uiKitIndexPath: IndexPath { IndexPath(item: item, section: section) }
}

extension LayoutAttributes {
  /// As `UICollectionViewLayoutAttributes`: the element's kind and index
  /// path, center, size, transform (``combinedTransform3D`` when the 3-D
  /// one is not the identity), alpha, zIndex and hidden.
  @MainActor public var uiKitAttributes: UICollectionViewLayoutAttributes {
    let path = indexPath.uiKitIndexPath
    let attributes: UICollectionViewLayoutAttributes
    switch kind.category {
    case .cell: attributes = UICollectionViewLayoutAttributes(forCellWith: path)
    case .supplementary: attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind.name ?? "", with: path)
    case .decoration: attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: kind.name ?? "", with: path)
    }
    attributes.center = center
    attributes.size = size
    if transform3D == .identity {
      let t = transform
      attributes.transform = CGAffineTransform(a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty))
    } else {
      let combined = combinedTransform3D
      let m = combined.m.indices.map { CGFloat(combined.m[$0]) }
      attributes.transform3D = CATransform3D(
        m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
        m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }
    attributes.alpha = CGFloat(alpha)
    attributes.zIndex = zIndex
    attributes.isHidden = isHidden
    return attributes
  }
}

extension LayoutSnapshot {
  /// What a layout the app already has — a `UICollectionViewFlowLayout`, a
  /// compositional layout, a subclass of its own — answers for `rect`,
  /// read into Harmonic's model: the layout is prepared (`prepare()`),
  /// then its content size and `layoutAttributesForElements(in: rect)` are
  /// read, items, supplementary and decoration views alike, each with its
  /// kind and index path, center, size, transform (the affine one, or the
  /// 3-D one when that is not affine), alpha, zIndex and hidden; then each
  /// of `elements` the rect did not hold, one at a time
  /// (`layoutAttributesForItem(at:)`, `…ForSupplementaryView`,
  /// `…ForDecorationView`; an element the layout does not have is left out).
  ///
  /// Only `rect` and `elements` are read, so a 100,000-item flow layout
  /// costs what they hold. For a transition between two of the app's
  /// layouts, read each at its own visible rect, including the elements
  /// the other end shows: every element on screen at either end then has
  /// its pose in both. Properties an app's attributes subclass adds are not
  /// carried: the snapshot holds what ``LayoutAttributes`` holds.
  ///
  /// - Parameters:
  ///   - layout: the app's layout, attached to its collection view.
  ///   - rect: the content rect to read, points.
  ///   - elements: elements to read besides those in `rect`.
  ///   - itemCounts: items per section, from the app's data; nil counts the
  ///     cells read (give it when they are not every cell).
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming the element (`cell [0, 10] center…`, `elements[k] (cell …)`
  ///   for an index path given twice) for a frame, transform or alpha that
  ///   is not finite, a cell beyond `itemCounts`, a content size that is
  ///   not finite and ≥ 0, or a rect that is not finite (before the layout
  ///   is asked anything). Nothing traps.
  /// - Complexity: O(k) for the k elements read, beside what the layout
  ///   itself spends answering.
  @MainActor public init(
    reading layout: UICollectionViewLayout, in rect: CGRect, including elements: [ElementID] = [], itemCounts: [Int]? = nil
  ) throws(HarmonicError) {
    try LayoutSnapshot._checkRect(rect, "rect")
    layout.prepare()
    let read = LayoutSnapshot._adding(elements, from: layout, to: LayoutSnapshot._attributes(in: rect, of: layout))
    try self.init(elements: read, contentSize: layout.collectionViewContentSize, itemCounts: itemCounts)
  }

  /// What `layout` answers for `rect`, unchecked (no `prepare()`).
  @MainActor static func _attributes(in rect: CGRect, of layout: UICollectionViewLayout) -> [LayoutAttributes] {
    (layout.layoutAttributesForElements(in: rect) ?? []).map(LayoutSnapshot._attributes)
  }

  /// `elements` and each of `ids` they lack that `layout` has, read one at a time.
  @MainActor static func _adding(
    _ ids: some Sequence<ElementID>, from layout: UICollectionViewLayout, to elements: [LayoutAttributes]
  ) -> [LayoutAttributes] {
    var result = elements
    var seen = Set(elements.map(\.elementID))
    for id in ids where !seen.contains(id) {
      guard let one = LayoutSnapshot._attributes(of: id, in: layout) else { continue }
      result.append(one)
      seen.insert(id)
    }
    return result
  }

  /// One element as `layout` answers it (`layoutAttributesForItem(at:)`,
  /// `…ForSupplementaryView`, `…ForDecorationView`), unchecked; nil when the layout has no such element.
  @MainActor static func _attributes(of id: ElementID, in layout: UICollectionViewLayout) -> LayoutAttributes? {
    let path = id.indexPath.uiKitIndexPath
    let one: UICollectionViewLayoutAttributes? =
      switch id.kind.category {
      case .cell: layout.layoutAttributesForItem(at: path)
      case .supplementary: layout.layoutAttributesForSupplementaryView(ofKind: id.kind.name ?? "", at: path)
      case .decoration: layout.layoutAttributesForDecorationView(ofKind: id.kind.name ?? "", at: path)
      }
    return one.map(LayoutSnapshot._attributes)
  }

  /// UIKit's attributes as Harmonic's (unchecked: the snapshot checks them).
  @MainActor static func _attributes(_ attributes: UICollectionViewLayoutAttributes) -> LayoutAttributes {
    let kind: ElementKind =
      switch attributes.representedElementCategory {
      case .cell: .cell
      case .supplementaryView: .supplementary(attributes.representedElementKind ?? "")
      default: .decoration(attributes.representedElementKind ?? "")
      }
    let (q, a) = (attributes.transform3D, attributes.transform)
    let t3 = Transform3D(
      m11: Double(q.m11), m12: Double(q.m12), m13: Double(q.m13), m14: Double(q.m14), m21: Double(q.m21), m22: Double(q.m22),
      m23: Double(q.m23), m24: Double(q.m24), m31: Double(q.m31), m32: Double(q.m32), m33: Double(q.m33), m34: Double(q.m34),
      m41: Double(q.m41), m42: Double(q.m42), m43: Double(q.m43), m44: Double(q.m44))
    let m = t3.m
    let affine = m[2] == 0 && m[3] == 0 && m[6] == 0 && m[7] == 0 && m[8] == 0 && m[9] == 0 && m[10] == 1 && m[11] == 0 && m[14] == 0 && m[15] == 1
    let t2 = AffineTransform2D(a: Double(a.a), b: Double(a.b), c: Double(a.c), d: Double(a.d), tx: Double(a.tx), ty: Double(a.ty))
    var element = LayoutAttributes(
      indexPath: ItemIndexPath(attributes.indexPath), kind: kind, frame: CGRect(origin: .zero, size: attributes.size),
      transform: affine ? t2 : .identity, transform3D: affine ? .identity : t3, alpha: Double(attributes.alpha), zIndex: attributes.zIndex,
      isHidden: attributes.isHidden)
    element.center = attributes.center
    return element
  }
}

extension UICollectionView {
  /// Items per section, from the data source.
  var _itemCounts: [Int] { (0..<numberOfSections).map { numberOfItems(inSection: $0) } }

  /// The viewport: the bounds' size and the adjusted content insets.
  func _viewport() throws(HarmonicError) -> Viewport {
    let inset = adjustedContentInset
    return try Viewport(
      size: bounds.size, insets: LayoutInsets(top: Double(inset.top), left: Double(inset.left), bottom: Double(inset.bottom), right: Double(inset.right)))
  }
}

extension LayoutAnimator.UpdateItem {
  /// UIKit's update item (nil for `.none`; a section change when the item is `NSNotFound`).
  @MainActor public init?(_ item: UICollectionViewUpdateItem) {
    let (before, after) = (item.indexPathBeforeUpdate, item.indexPathAfterUpdate)
    switch item.updateAction {
    case .insert:
      guard let after else { return nil }
      self = after.item == NSNotFound ? .insertSection(after.section) : .insert(ItemIndexPath(after))
    case .delete:
      guard let before else { return nil }
      self = before.item == NSNotFound ? .deleteSection(before.section) : .delete(ItemIndexPath(before))
    case .reload:
      guard let before else { return nil }
      self = .reload(ItemIndexPath(before))
    case .move:
      guard let before, let after else { return nil }
      self =
        before.item == NSNotFound ? .moveSection(from: before.section, to: after.section) : .move(from: ItemIndexPath(before), to: ItemIndexPath(after))
    default:
      return nil
    }
  }
}

/// A `UICollectionViewLayout` whose every answer is ``LayoutAnimator``'s.
/// Give it the engine, and the app's layout for the data after a batch
/// update; drive it with ``HarmonicDisplayLinkDriver``.
///
/// **One clock.** Frames and events read the same media clock, through
/// ``clock``: each display-link frame moves the engine to the link's
/// `timestamp` (the time the frame being replaced was shown), and each event
/// is taken at the present, `CACurrentMediaTime()` — never earlier than the
/// last frame, so never late. An event's tick is then the time it happened
/// whatever the frame rate, and the same script gives the same bits at 60 Hz,
/// 120 Hz or with dropped frames. UIKit's own events
/// (`prepare(forCollectionViewUpdates:)`, the drag callbacks through the
/// driver) are stamped here; send the app's events (a layout change, a
/// rotation, a gesture) through ``perform(_:)``, which stamps them the same
/// way, reports a refusal and starts the frames.
///
/// **Errors surface.** An event the engine refuses goes to ``onError``
/// (without one, an assertion fails in debug builds), and the screen is
/// kept on the data: a refused batch update shows the new layout at once.
open class HarmonicCollectionViewLayout: UICollectionViewLayout {
  /// The engine every override forwards to.
  public var engine: LayoutAnimator
  /// The app's layout for the collection view's current data (read after `performBatchUpdates` changed it).
  public var currentLayout: () -> any CollectionLayout
  /// The clock of the engine's ticks (tick 0 at the engine's start).
  public var clock: FrameClock
  /// Called with every error the engine or the clock reports (a refused
  /// event, a timestamp the clock cannot take); nil: an assertion in debug builds.
  public var onError: ((HarmonicError) -> Void)?
  /// The driver that shows the frames (set by ``HarmonicDisplayLinkDriver``'s initializer).
  package internal(set) weak var driver: HarmonicDisplayLinkDriver?
  /// The observer of the system's Reduce Motion setting (set once in the
  /// initializer, read once in `deinit`).
  nonisolated(unsafe) var _reduceMotionObserver: (any NSObjectProtocol)?

  /// The engine follows the system's Reduce Motion setting from here on
  /// (`UIAccessibility.isReduceMotionEnabled` and its change notification,
  /// into ``LayoutAnimator/systemReducesMotion``); the engine's
  /// ``LayoutAnimator/reduceMotion`` decides what it does with it.
  public init(engine: LayoutAnimator, clock: FrameClock, currentLayout: @escaping () -> any CollectionLayout) {
    (self.engine, self.clock, self.currentLayout) = (engine, clock, currentLayout)
    super.init()
    self.engine.systemReducesMotion = UIAccessibility.isReduceMotionEnabled
    _reduceMotionObserver = NotificationCenter.default.addObserver(
      forName: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil, queue: nil
    ) { [weak self] _ in
      MainActor.assumeIsolated { self?.reduceMotionStatusDidChange() }
    }
  }

  deinit {
    if let _reduceMotionObserver { NotificationCenter.default.removeObserver(_reduceMotionObserver) }
  }

  /// Reads the system's Reduce Motion setting into the engine (the
  /// notification's handler; a transition already running finishes as it began).
  public func reduceMotionStatusDidChange() {
    engine.systemReducesMotion = UIAccessibility.isReduceMotionEnabled
  }

  public required init?(coder: NSCoder) { nil }

  /// Hands `error` to ``onError``, or fails an assertion in debug builds.
  public func report(_ error: HarmonicError) {
    if let onError { onError(error) } else { assertionFailure("Harmonic: \(error)") }
  }

  /// Brings the engine to the tick of an event: the present media time.
  func _stampEvent() {
    do { try engine.advance(to: try clock.time(atTimestamp: CACurrentMediaTime())) } catch { report(error) }
  }

  /// Runs an app's event on the engine — `setLayout`,
  /// `startInteractiveTransition`, `prepare(forAnimatedBoundsChange:…)`,
  /// a gesture's progress, release or grab — at the event's tick (see the
  /// type's doc), reports a refusal to ``onError`` (the engine is then
  /// unchanged), invalidates the layout and starts the frames. Returns what
  /// the event returns, nil when it was refused.
  @discardableResult
  public func perform<T>(_ event: (inout LayoutAnimator) throws(HarmonicError) -> T) -> T? {
    _stampEvent()
    let result: T?
    do { result = try event(&engine) } catch {
      report(error)
      result = nil
    }
    invalidateLayout()
    driver?.start()
    return result
  }

  open override var collectionViewContentSize: CGSize { engine.collectionViewContentSize }
  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    engine.layoutAttributesForElements(in: rect).map(\.uiKitAttributes)
  }
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    engine.layoutAttributesForItem(at: ItemIndexPath(indexPath))?.uiKitAttributes
  }
  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    engine.layoutAttributesForSupplementaryView(ofKind: kind, at: ItemIndexPath(indexPath))?.uiKitAttributes
  }
  open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { engine.shouldInvalidateLayout(forBoundsChange: newBounds) }

  /// The data changed: the engine springs to ``currentLayout``. A refused
  /// update (the layout does not match UIKit's update items) is reported and
  /// the new layout is shown at once, so the screen matches the data.
  open override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
    _stampEvent()
    let layout = currentLayout()
    do {
      try engine.prepare(forCollectionViewUpdates: updateItems.compactMap(LayoutAnimator.UpdateItem.init), layout: layout)
    } catch {
      report(error)
      do { try engine.setLayout(layout, contentOffset: engine.contentOffset, animated: false) } catch { report(error) }
    }
    driver?.start()
  }
  open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    engine.initialLayoutAttributesForAppearingItem(at: ItemIndexPath(itemIndexPath))?.uiKitAttributes
  }
  open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    engine.finalLayoutAttributesForDisappearingItem(at: ItemIndexPath(itemIndexPath))?.uiKitAttributes
  }
  open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
    engine.targetContentOffset(forProposedContentOffset: proposedContentOffset)
  }
  /// UIKit's own deceleration is to carry the release: the snap target
  /// (velocity in points per millisecond), or, when the engine refuses the
  /// velocity (reported), UIKit's proposal.
  open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
    do { return try engine.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity) } catch {
      report(error)
      return proposedContentOffset
    }
  }
}

/// Drives a ``HarmonicCollectionViewLayout`` from a `CADisplayLink`: each
/// frame's `timestamp` becomes a tick through the layout's
/// ``FrameClock`` (no drift, dropped frames exact), the engine advances, the
/// content offset follows it and the layout is invalidated — until the
/// engine is idle. The layout starts it after every event it stamps; forward
/// the scroll view's drag callbacks to it so that a release springs to its
/// snap target.
@MainActor
public final class HarmonicDisplayLinkDriver: NSObject {
  package let layout: HarmonicCollectionViewLayout
  package weak var collectionView: UICollectionView?
  /// Called once each time the engine comes to rest (the completion of an
  /// update, a layout change, a snap or a released interactive transition).
  public var onIdle: (() -> Void)?
  var link: CADisplayLink?

  public init(layout: HarmonicCollectionViewLayout, collectionView: UICollectionView) {
    (self.layout, self.collectionView) = (layout, collectionView)
    super.init()
    layout.driver = self
  }

  /// Whether frames are coming.
  public var isRunning: Bool { link != nil }

  /// From `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`:
  /// the release, at the event's tick; a refused velocity is reported and
  /// UIKit's own deceleration goes on.
  public func scrollViewWillEndDragging(withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
    layout._stampEvent()
    do { targetContentOffset.pointee = try layout.engine.scrollViewWillEndDragging(withVelocity: velocity) } catch { layout.report(error) }
    start()
  }

  /// From `scrollViewWillBeginDragging(_:)`: a finger lands; a snap in
  /// flight stops where the screen shows it (the scroll view's offset).
  public func scrollViewWillBeginDragging() {
    layout._stampEvent()
    layout.engine.scrollViewWillBeginDragging(showing: collectionView?.contentOffset)
  }

  /// Starts the frames, when the engine animates and none are coming.
  public func start() {
    guard link == nil, layout.engine.isAnimating else { return }
    link = HarmonicFrameTarget.start { self.frame(atTimestamp: $0) }
  }

  /// One frame: what the display link calls every frame with its
  /// `timestamp` (media time, seconds, of the frame last shown — the clock
  /// events are stamped on, see ``HarmonicCollectionViewLayout``). The engine
  /// moves to that tick, the scroll view's offset follows a transition or
  /// snap, the layout is invalidated, and at rest the link stops and
  /// ``onIdle`` is called.
  package func frame(atTimestamp timestamp: CFTimeInterval) {
    let moving = layout.engine.isAnimating  // a transition or a snap owns the offset; otherwise the finger does
    do { try layout.engine.advance(to: try layout.clock.time(atTimestamp: timestamp)) } catch { layout.report(error) }
    if moving { collectionView?.contentOffset = layout.engine.contentOffset }
    layout.invalidateLayout()
    if !layout.engine.isAnimating, let link {
      link.invalidate()
      self.link = nil
      onIdle?()
    }
  }
}
#endif
