#if canImport(UIKit) && !os(watchOS)
import UIKit

// The Apple shims: UIKit's layout subclass and a display-link driver, each
// override one line of forwarding into LayoutAnimator and FrameClock, which
// are compiled and tested on Linux. This file is compiled only where UIKit
// exists; nothing in it is tested here (the README says so).

extension ItemIndexPath {
  /// UIKit's index path, item and section.
  public init(_ indexPath: IndexPath) { self.init(item: indexPath.item, section: indexPath.section) }
  /// As UIKit's index path.
  public var uiKitIndexPath: IndexPath { IndexPath(item: item, section: section) }
}

extension LayoutAttributes {
  /// As `UICollectionViewLayoutAttributes`: the element's kind and index
  /// path, center, size, transform (the 3-D one when it is not the
  /// identity), alpha, zIndex and hidden.
  public var uiKitAttributes: UICollectionViewLayoutAttributes {
    let path = indexPath.uiKitIndexPath
    let attributes: UICollectionViewLayoutAttributes
    switch kind.category {
    case .cell: attributes = UICollectionViewLayoutAttributes(forCellWith: path)
    case .supplementary: attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind.name ?? "", with: path)
    case .decoration: attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: kind.name ?? "", with: path)
    }
    attributes.center = center
    attributes.size = size
    if transform3D == .identity { attributes.transform = transform.cgAffineTransform } else { attributes.transform3D = transform3D.caTransform3D }
    attributes.alpha = CGFloat(alpha)
    attributes.zIndex = zIndex
    attributes.isHidden = isHidden
    return attributes
  }
}

extension LayoutAnimator.UpdateItem {
  /// UIKit's update item (nil for `.none`; a section change when the item is `NSNotFound`).
  public init?(_ item: UICollectionViewUpdateItem) {
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
open class HarmonicCollectionViewLayout: UICollectionViewLayout {
  /// The engine every override forwards to.
  public var engine: LayoutAnimator
  /// The app's layout for the collection view's current data (read after `performBatchUpdates` changed it).
  public var currentLayout: () -> any CollectionLayout
  /// The clock of the engine's ticks (tick 0 at the engine's start).
  public var clock: FrameClock

  public init(engine: LayoutAnimator, clock: FrameClock, currentLayout: @escaping () -> any CollectionLayout) {
    (self.engine, self.clock, self.currentLayout) = (engine, clock, currentLayout)
    super.init()
  }

  /// Brings the engine to the current host time before an event (the display link may be idle).
  public func advanceToNow() {
    if let now = try? clock.time(atTimestamp: CACurrentMediaTime()) { try? engine.advance(to: now) }
  }

  public required init?(coder: NSCoder) { nil }

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
  open override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
    // UIKit raises its own inconsistency exception before an update that does not match the data gets here.
    advanceToNow()
    try? engine.prepare(forCollectionViewUpdates: updateItems.compactMap(LayoutAnimator.UpdateItem.init), layout: currentLayout())
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
  open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
    (try? engine.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)) ?? proposedContentOffset
  }
}

/// UIKit's own interactive transition (`startInteractiveTransition(to:completion:)`)
/// answered by Harmonic: return it from the delegate's
/// `collectionView(_:transitionLayoutForOldLayout:newLayout:)` after starting
/// the engine's interactive transition. The gesture's `transitionProgress`
/// poses the engine; on release, call the engine's
/// ``LayoutAnimator/finishInteractiveTransition(velocity:)`` (or cancel) and
/// let the display-link driver run the springs; when it reports idle, call
/// UIKit's `finishInteractiveTransition()` (or cancel): every element is then
/// where the next layout puts it, so UIKit's own closing animation moves nothing.
open class HarmonicTransitionLayout: UICollectionViewTransitionLayout {
  /// The layout whose engine holds the interactive transition.
  public let harmonic: HarmonicCollectionViewLayout

  public init(currentLayout: UICollectionViewLayout, nextLayout: UICollectionViewLayout, harmonic: HarmonicCollectionViewLayout) {
    self.harmonic = harmonic
    super.init(currentLayout: currentLayout, nextLayout: nextLayout)
  }

  public required init?(coder: NSCoder) { nil }

  open override var transitionProgress: CGFloat {
    didSet { harmonic.engine.transitionProgress = Double(transitionProgress) }
  }
  open override var collectionViewContentSize: CGSize { harmonic.collectionViewContentSize }
  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    harmonic.layoutAttributesForElements(in: rect)
  }
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    harmonic.layoutAttributesForItem(at: indexPath)
  }
  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    harmonic.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }
}

/// Drives a ``HarmonicCollectionViewLayout`` from a `CADisplayLink`: each
/// frame's `targetTimestamp` becomes a tick through the layout's
/// ``FrameClock`` (no drift, dropped frames exact), the engine advances, the
/// content offset follows it and the layout is invalidated — until the
/// engine is idle. Forward the scroll view's drag callbacks to it so that a
/// release springs to its snap target.
@MainActor
public final class HarmonicDisplayLinkDriver: NSObject {
  public let layout: HarmonicCollectionViewLayout
  public weak var collectionView: UICollectionView?
  /// Called once each time the engine comes to rest (the completion of an
  /// update, a layout change, a snap or a released interactive transition).
  public var onIdle: (() -> Void)?
  private var link: CADisplayLink?

  public init(layout: HarmonicCollectionViewLayout, collectionView: UICollectionView) {
    (self.layout, self.collectionView) = (layout, collectionView)
    super.init()
  }

  /// From `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`.
  public func scrollViewWillEndDragging(withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
    layout.advanceToNow()
    if let stay = try? layout.engine.scrollViewWillEndDragging(withVelocity: velocity) { targetContentOffset.pointee = stay }
    start()
  }

  /// From `scrollViewWillBeginDragging(_:)`.
  public func scrollViewWillBeginDragging() { layout.engine.scrollViewWillBeginDragging() }

  /// Starts the frames (call after any event that animates).
  public func start() {
    guard link == nil else { return }
    let link = CADisplayLink(target: self, selector: #selector(step(_:)))
    link.add(to: .main, forMode: .common)
    self.link = link
  }

  @objc private func step(_ link: CADisplayLink) {
    guard let time = try? layout.clock.time(atTimestamp: link.targetTimestamp) else { return }
    let moving = layout.engine.isAnimating  // a transition owns the offset; otherwise the finger does
    try? layout.engine.advance(to: time)
    if moving { collectionView?.contentOffset = layout.engine.contentOffset }
    layout.invalidateLayout()
    if !layout.engine.isAnimating {
      link.invalidate()
      self.link = nil
      onIdle?()
    }
  }
}
#endif
