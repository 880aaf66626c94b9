import Harmonic

// Snapping queries: ns per query on uniform and explicit layouts.
extension Suite {
  /// `count` items, 100,000 seeded random offsets and velocities.
  func snapping(count: Int) throws -> String {
    let uniform = try SnapLayout.uniform(count: count, itemExtent: 44, spacing: 1, viewport: 800, leadingInset: 20, trailingInset: 20)
    let starts = (0..<count).map { Double($0) * 45 }
    let explicit = try SnapLayout(starts: starts, ends: starts.map { $0 + 44 }, viewport: 800, leadingInset: 20, trailingInset: 20)
    var random = SeededGenerator(seed: 0x9e37_79b9_7f4a_7c15)
    let queries = (0..<100_000).map { _ in
      (Double.random(in: 0..<1, using: &random) * Double(count) * 45, Double.random(in: -4000..<4000, using: &random))
    }
    var lines: [String] = []
    for (name, layout) in [("uniform", uniform), ("explicit arrays", explicit)] {
      for options in [Snapping.Options(), Snapping.Options(maximumItemsPerFlick: 1)] {
        let time = try measure {
          var sum = 0.0
          for (offset, velocity) in queries {
            sum += try Snapping.target(layout: layout, offset: offset, velocity: velocity, options: options).target
          }
          blackHole(sum)
        }
        let label = options.maximumItemsPerFlick == nil ? "free" : "paging n = 1"
        lines.append(
          String(
            format: "snapping query, %d items, %@ layout, %@: %.0f ns per query", count, name, label,
            time.median / Double(queries.count)))
      }
    }
    return lines.joined(separator: "\n")
  }
}

extension Suite {
  /// Snapping on a `count`-item grid (1,000 sections with 30-pt headers,
  /// three 100-pt items per line) by lines and by sections: records
  /// `snap query, grid lines` and `snap query, grid sections` (ns per
  /// query, 100,000 seeded queries; the snap layout built once).
  mutating func gridSnapping(count: Int) throws -> String {
    let perSection = count / 1_000
    let section = GridLayout.Section(itemCount: perSection, itemSize: CGSize(width: 100, height: 100), headerExtent: 30)
    let grid = try GridLayout(sections: Array(repeating: section, count: 1_000), viewportCrossExtent: 320)
    let viewport = try Viewport(size: CGSize(width: 320, height: 800))
    let height = Double(grid.contentSize.height)
    var random = SeededGenerator(seed: 0x5eed_0015)
    let queries = (0..<100_000).map { _ in
      (Double.random(in: 0..<1, using: &random) * height, Double.random(in: -4000..<4000, using: &random))
    }
    var lines: [String] = []
    for (name, unit) in [("lines", GridLayout.SnapUnit.lines), ("sections", .sections)] {
      var layout: SnapLayout? = nil
      let setup = try measureOnce { layout = try grid.snapLayout(by: unit, viewport: viewport) }
      guard let layout else { continue }
      let options = grid.snapOptions()
      let time = try measure {
        var sum = 0.0
        for (offset, velocity) in queries {
          sum += try Snapping.target(layout: layout, offset: offset, velocity: velocity, options: options).target
        }
        blackHole(sum)
      }
      let perQuery = (median: time.median / Double(queries.count), min: time.min / Double(queries.count), max: time.max / Double(queries.count))
      record("snap query, grid \(name)", "native", threads: 1, items: grid.itemCount, channels: 1, bytes: 0, perQuery)
      lines.append(
        String(
          format: "snap query, %d-item grid by %@ (%d targets): %.0f ns per query, snap layout built in %.3f ms", grid.itemCount, name,
          layout.count, perQuery.median, setup / 1e6))
    }
    return lines.joined(separator: "\n")
  }
}
