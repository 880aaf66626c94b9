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
        lines.append(String(format: "snapping query, %d items, %@ layout, %@: %.0f ns per query", count, name, label,
                            time.median / Double(queries.count)))
      }
    }
    return lines.joined(separator: "\n")
  }
}
