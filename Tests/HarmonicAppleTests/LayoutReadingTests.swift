#if HARMONIC_APPLE_INTERFACE
import Foundation
import Harmonic
import Testing
import _AppleInterface

/// A layout as an app writes it, with UIKit's API alone: a flow-like grid of
/// `columns` columns of 100-pt cells 5 pt apart, a 40-pt header, optionally
/// turned in 3-D or broken on purpose. It records the rects it is asked for.
@MainActor
final class AppGridLayout: UICollectionViewLayout {
  enum Fault {
    case none
    case nanFrame(item: Int)
    case repeatedItem(Int)
    case extraItem, nanContentSize
  }
  let count: Int, columns: Int
  var fault = Fault.none
  var turned = false
  private(set) var asked: [CGRect] = []
  private(set) var prepared = 0

  init(count: Int, columns: Int) {
    (self.count, self.columns) = (count, columns)
    super.init()
  }

  required init?(coder: NSCoder) { nil }

  static let pitch = 105.0, header = 40.0

  /// Item `i`'s frame: row-major, below the header.
  func frame(ofItem i: Int) -> CGRect {
    CGRect(x: Double(i % columns) * Self.pitch, y: Self.header + Double(i / columns) * Self.pitch, width: 100, height: 100)
  }

  override var collectionViewContentSize: CGSize {
    if case .nanContentSize = fault { return CGSize(width: CGFloat.nan, height: 100) }
    let rows = (count + columns - 1) / columns
    return CGSize(width: Double(columns) * Self.pitch - 5, height: Self.header + Double(rows) * Self.pitch - 5)
  }

  override func prepare() { prepared += 1 }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.section == 0, (0..<count).contains(indexPath.item) else { return nil }
    let cell = UICollectionViewLayoutAttributes(forCellWith: indexPath)
    cell.frame = frame(ofItem: indexPath.item)
    return cell
  }

  override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    asked.append(rect)
    var result: [UICollectionViewLayoutAttributes] = []
    if rect.minY < Self.header {
      let header = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: "header", with: IndexPath(item: 0, section: 0))
      header.frame = CGRect(x: 0, y: 0, width: collectionViewContentSize.width, height: Self.header)
      header.zIndex = 1
      result.append(header)
    }
    // Only the rows the rect reaches: the cost of the rect, not of the layout.
    let firstRow = max(0, Int(((rect.minY - Self.header) / Self.pitch).rounded(.down)))
    let lastRow = Int(((rect.maxY - Self.header) / Self.pitch).rounded(.down))
    guard lastRow >= firstRow else { return result }
    for i in (firstRow * columns)..<min(count, (lastRow + 1) * columns) where frame(ofItem: i).intersects(rect) {
      let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
      cell.frame = frame(ofItem: i)
      cell.alpha = i % 7 == 0 ? 0.5 : 1
      cell.zIndex = i % 3
      cell.isHidden = i % 11 == 0
      if turned {
        cell.transform3D = CATransform3D(
          m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: -0.002, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
      }
      if case .nanFrame(let bad) = fault, bad == i { cell.center = CGPoint(x: CGFloat.nan, y: cell.center.y) }
      result.append(cell)
      if case .repeatedItem(let repeated) = fault, repeated == i { result.append(cell) }
    }
    if case .extraItem = fault {
      let ghost = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: count + 4, section: 0))
      ghost.frame = rect.insetBy(dx: 1, dy: 1)
      result.append(ghost)
    }
    return result
  }
}

/// `LayoutSnapshot(reading:in:itemCounts:)`: an app's own layout read into
/// Harmonic's model (issue 71, its first part), under the scripted host.
@MainActor
@Suite("Apple shims: reading a layout the app already has")
struct LayoutReadingTests {
  static let visible = CGRect(x: 0, y: 300, width: 320, height: 480)

  @Test("every element the layout answers for the rect, with its kind, index path, frame, alpha, zIndex and hidden; only the rect is asked")
  func readsTheRect() throws {
    let layout = AppGridLayout(count: 100_000, columns: 3)
    let snapshot = try LayoutSnapshot(reading: layout, in: Self.visible, itemCounts: [100_000])
    #expect(layout.prepared == 1 && layout.asked == [Self.visible])
    #expect(snapshot.itemCounts == [100_000] && snapshot.contentSize == layout.collectionViewContentSize)
    // Brute force: every item whose frame meets the rect, and nothing else.
    let expected = (0..<100_000).filter { layout.frame(ofItem: $0).intersects(Self.visible) }
    #expect(snapshot.elements.map(\.indexPath.item) == expected && expected.count == 18)
    for element in snapshot.elements {
      let i = element.indexPath.item
      #expect(element.kind == .cell && element.frame == layout.frame(ofItem: i))
      #expect(element.alpha == (i % 7 == 0 ? 0.5 : 1) && element.zIndex == i % 3 && element.isHidden == (i % 11 == 0))
      #expect(element.transform == .identity && element.transform3D == .identity)
    }
    // The header, a supplementary view, where the rect reaches it.
    let top = try LayoutSnapshot(reading: layout, in: CGRect(x: 0, y: 0, width: 320, height: 200), itemCounts: [100_000])
    let header = try #require(top.attributes(of: ElementID(.supplementary("header"), ItemIndexPath(item: 0, section: 0))))
    #expect(header.frame == CGRect(x: 0, y: 0, width: 310, height: 40) && header.zIndex == 1)
  }

  @Test("a 3-D transform that is not affine is kept as the 3-D transform")
  func keepsThe3DTransform() throws {
    let layout = AppGridLayout(count: 30, columns: 3)
    layout.turned = true
    let snapshot = try LayoutSnapshot(reading: layout, in: Self.visible)
    #expect(!snapshot.elements.isEmpty)
    for element in snapshot.elements {
      #expect(element.transform == .identity && element.transform3D.m[7] == -0.002 && element.transform3D.m[0] == 1)
    }
  }

  @Test("two layouts the app has, read at both ends, are a transition: every cell lands exactly on the second layout's frame")
  func transitionBetweenReadLayouts() throws {
    let (three, two) = (AppGridLayout(count: 60, columns: 3), AppGridLayout(count: 60, columns: 2))
    let viewport = try Viewport(size: CGSize(width: 320, height: 480))
    let (from, to) = (CGPoint(x: 0, y: 300), CGPoint(x: 0, y: 1000))
    // Each end read at its own visible rect, with the cells the other end shows.
    let shownOld = try LayoutSnapshot(reading: three, in: viewport.visibleRect(at: from), itemCounts: [60]).elements.map(\.elementID)
    let shownNew = try LayoutSnapshot(reading: two, in: viewport.visibleRect(at: to), itemCounts: [60]).elements.map(\.elementID)
    let old = try LayoutSnapshot(reading: three, in: viewport.visibleRect(at: from), including: shownNew, itemCounts: [60])
    let new = try LayoutSnapshot(reading: two, in: viewport.visibleRect(at: to), including: shownOld, itemCounts: [60])
    #expect(Set(old.elements.map(\.elementID)) == Set(new.elements.map(\.elementID)) && old.elements.count > shownOld.count)
    let transition = try LayoutTransition(from: old, offset: from, to: new, offset: to, viewport: viewport, springs: .shared(.snappy))
    var frame = transition.makeFrame()
    try transition.frame(at: transition.endTick, into: &frame)
    #expect(frame.hasEnded && frame.contentOffset == to)
    let landed = frame.attributes.filter { new.attributes(of: $0.elementID) != nil }
    #expect(!landed.isEmpty && landed.allSatisfy { $0 == new.attributes(of: $0.elementID) })
  }

  @Test("a layout's bad answers are typed errors naming the element: a NaN frame, an index path twice, an item the data lacks, a NaN content size")
  func badAnswers() throws {
    func refusal(_ fault: AppGridLayout.Fault) -> String? {
      let layout = AppGridLayout(count: 30, columns: 3)
      layout.fault = fault
      do {
        _ = try LayoutSnapshot(reading: layout, in: Self.visible, itemCounts: [30])
        return nil
      } catch {
        guard case .invalidParameter(let name, _, _) = error else { return "\(error)" }
        return name
      }
    }
    #expect(refusal(.nanFrame(item: 10))?.hasPrefix("cell [0, 10] center") == true)
    #expect(refusal(.repeatedItem(10))?.contains("cell [0, 10]") == true)
    #expect(refusal(.extraItem) == "itemCounts[0]")
    #expect(refusal(.nanContentSize) == "contentSize.width")
    #expect(refusal(.none) == nil)
    let layout = AppGridLayout(count: 30, columns: 3)
    #expect(throws: HarmonicError.self) { _ = try LayoutSnapshot(reading: layout, in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)) }
    #expect(layout.asked.isEmpty, "a bad rect is refused before the layout is asked")
  }
}
#endif
