#if canImport(UIKit) && !os(watchOS) && !HARMONIC_APPLE_INTERFACE
import Harmonic
import UIKit

// An app's compositional layout keeping itself and taking Harmonic's
// springs: the recipe of HarmonicLayoutSprings, one line per override. Batch
// updates, rotation, snapping to rows and a scroll effect then run on
// Harmonic's springs; everything else is the compositional layout's own.
// Compiled for iOS by ../shared/apple-sdk/check; the same recipe runs under
// the scripted UIKit host in KeptLayoutTests (RecipeGridLayout), as
// HarmonicFlowLayout does for a flow layout.

/// A grid of square photos, three across, whose updates spring.
final class SpringyCompositionalLayout: UICollectionViewCompositionalLayout {
  lazy var springs = HarmonicLayoutSprings(layout: self, springs: .shared(.snappy))

  /// Three square photos across, 1 pt inset each.
  static func photoGrid() -> SpringyCompositionalLayout {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
    item.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1.0 / 3)), subitems: [item])
    let layout = SpringyCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    layout.springs.snapping = Snapping.Options(alignment: .leading)
    return layout
  }

  override func invalidateLayout() { springs.invalidate { super.invalidateLayout() } }
  override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    springs.invalidate { super.invalidateLayout(with: context) }
  }
  override func prepare() { springs.prepare { super.prepare() } }
  override var collectionViewContentSize: CGSize { springs.collectionViewContentSize { super.collectionViewContentSize } }
  override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    springs.layoutAttributesForElements(in: rect) { super.layoutAttributesForElements(in: rect) }
  }
  override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.layoutAttributesForItem(at: indexPath) { super.layoutAttributesForItem(at: indexPath) }
  }
  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath) { super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath) }
  }
  override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    springs.prepare(forCollectionViewUpdates: updateItems)
  }
  override func prepare(forAnimatedBoundsChange oldBounds: CGRect) {
    super.prepare(forAnimatedBoundsChange: oldBounds)
    springs.prepare(forAnimatedBoundsChange: oldBounds)
  }
  override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.initialLayoutAttributesForAppearingItem(at: itemIndexPath) { super.initialLayoutAttributesForAppearingItem(at: itemIndexPath) }
  }
  override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    springs.finalLayoutAttributesForDisappearingItem(at: itemIndexPath) { super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath) }
  }
  override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    springs.shouldInvalidateLayout(forBoundsChange: newBounds) { super.shouldInvalidateLayout(forBoundsChange: newBounds) }
  }
  override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
    springs.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity) {
      super.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)
    }
  }
  override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
    springs.targetContentOffset(forProposedContentOffset: proposedContentOffset) { super.targetContentOffset(forProposedContentOffset: proposedContentOffset) }
  }
}
#endif
