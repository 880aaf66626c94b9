import Harmonic

// Layout queries on a grid: all attributes in a viewport-sized rect, and a
// hit test, at seeded random scroll positions.
extension Suite {
  func layoutQueries(count: Int) throws -> String {
    let layout = try GridLayout(
      sections: [.init(itemCount: count, itemSize: CGSize(width: 90, height: 90), lineSpacing: 2, interitemSpacing: 2)],
      viewportCrossExtent: 375)
    let height = Double(layout.contentSize.height)
    var random = SeededGenerator(seed: 12345)
    let offsets = (0..<10_000).map { _ in Double.random(in: 0..<1, using: &random) * (height - 812) }
    let rect = measure {
      var found = 0
      for y in offsets { found += layout.attributes(in: CGRect(x: 0, y: y, width: 375, height: 812)).count }
      blackHole(found)
    }
    let hit = measure {
      var found = 0
      for y in offsets { found += layout.indexPath(at: CGPoint(x: 200, y: y)) == nil ? 0 : 1 }
      blackHole(found)
    }
    let perQuery = layout.attributes(in: CGRect(x: 0, y: offsets[0], width: 375, height: 812)).count
    return String(
      format: "layout queries, %d-item grid: attributes in a 375×812 rect %.2f µs (%d items each), item at a point %.0f ns",
      count, rect.median / 1000 / Double(offsets.count), perQuery, hit.median / Double(offsets.count))
  }
}
