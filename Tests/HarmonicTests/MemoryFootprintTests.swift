import Foundation
import Harmonic
import Testing

/// Sizes the documentation states, checked against the compiler's layout and
/// the batch's storage, so that a figure in prose cannot drift from the code.
@Suite("Memory footprint")
struct MemoryFootprintTests {
  static func catalogArticle(_ name: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("Sources/Harmonic/Harmonic.docc/\(name).md"), encoding: .utf8)
  }

  @Test("a kind is 8 bytes and LayoutAttributes has the size LayoutsAndTransitions states")
  func attributes() throws {
    #expect(MemoryLayout<ElementKind>.size == 8)
    let article = try Self.catalogArticle("LayoutsAndTransitions")
    #expect(article.contains("a kind is\n8 bytes") || article.contains("a kind is 8 bytes"))
    let stated = "``LayoutAttributes`` (\(MemoryLayout<LayoutAttributes>.stride) bytes apart in an array"
    #expect(article.contains(stated), "LayoutsAndTransitions.md should say \(stated)")
  }

  @Test("a batch keeps four Doubles per element (32 bytes), and a frame one or two", arguments: [false, true])
  func batch(velocities: Bool) throws {
    let n = 7, channels = 3
    let start = (0..<n * channels).map(Double.init)
    let batch = try SpringBatch(
      itemCount: n, channelCount: channels, from: start, to: start.map { $0 + 1 },
      springs: .shared(.snappy))
    #expect(batch._columns.count * MemoryLayout<Double>.stride == 32 * batch.elementCount)
    let frame = batch.makeFrame(velocities: velocities)
    let bytes = (frame.values.count + frame.velocities.count) * MemoryLayout<Double>.stride
    #expect(bytes == (velocities ? 16 : 8) * batch.elementCount)
    let article = try Self.catalogArticle("BatchesAndDeterminism")
    #expect(article.contains("32\nbytes") || article.contains("32 bytes"))
  }

  @Test("a transition between grids keeps no per-element zIndex or hidden flags while every element's are the defaults")
  func plainMeta() throws {
    func transition(zIndex: Int) throws -> LayoutTransition {
      let grid = try GridLayout(
        sections: [.init(itemCount: 50, itemSize: CGSize(width: 10, height: 10), lineSpacing: 2, interitemSpacing: 2)],
        viewportCrossExtent: 120)
      let list = try GridLayout.list(rowHeights: [Array(repeating: 4, count: 50)], width: 120)
      let viewport = try Viewport(size: CGSize(width: 120, height: 400))
      return try LayoutTransition(
        from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport,
        decoration: zIndex == 0 ? nil : LayoutTransition.Decoration { attributes, _ in attributes.zIndex = zIndex })
    }
    func metaBytes(_ transition: LayoutTransition) -> Int? { transition._keptMetaBytes }
    let plain = try transition(zIndex: 0), raised = try transition(zIndex: 3)
    #expect(metaBytes(plain) == 0)
    // Once one element's differ, every element's are kept, and read back.
    #expect(try #require(metaBytes(raised)) >= 24 * raised.elements.count)
    #expect(raised.startAttributes.allSatisfy { $0.zIndex == 3 } && plain.startAttributes.allSatisfy { $0.zIndex == 0 })
  }
}
