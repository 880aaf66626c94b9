import Dispatch
import Foundation
import Harmonic

/// One measured row.
struct Record: Codable {
  var operation: String
  var backend: String
  var threads: Int
  var items: Int
  var channels: Int
  var medianNanoseconds: Double
  var minNanoseconds: Double
  var maxNanoseconds: Double
  /// Bytes the operation must move per element (reads + writes).
  var bytesPerElement: Int
  var nanosecondsPerValue: Double { medianNanoseconds / Double(items * channels) }
  var itemsPerSecond: Double { Double(items) / (medianNanoseconds * 1e-9) }
  var gigabytesPerSecond: Double { Double(bytesPerElement * items * channels) / medianNanoseconds }
  var floorFraction: Double?
  var speedupOverBaseline: Double?
}

struct Suite {
  let repeats: Int
  let quick: Bool
  let channels = 11
  var records: [Record] = []

  init(repeats: Int, quick: Bool) {
    self.repeats = repeats
    self.quick = quick
  }

  /// Median, min, max wall time of `body` in ns, after one warm-up call.
  func measure(_ body: () throws -> Void) rethrows -> (median: Double, min: Double, max: Double) {
    try body()
    var samples: [Double] = []
    for _ in 0..<repeats {
      let start = DispatchTime.now().uptimeNanoseconds
      try body()
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    }
    samples.sort()
    return (samples[samples.count / 2], samples.first!, samples.last!)
  }

  mutating func record(_ operation: String, _ backend: String, threads: Int, items: Int, bytes: Int, _ time: (median: Double, min: Double, max: Double)) {
    records.append(Record(operation: operation, backend: backend, threads: threads, items: items, channels: channels,
                          medianNanoseconds: time.median, minNanoseconds: time.min, maxNanoseconds: time.max, bytesPerElement: bytes))
  }

  static func layoutBatch(items: Int, channels: Int, springs: SpringAssignment) throws -> SpringBatch {
    let n = items * channels
    var start = [Double](repeating: 0, count: n)
    var target = [Double](repeating: 0, count: n)
    var velocity = [Double](repeating: 0, count: n)
    for e in 0..<n {
      let item = Double(e % items), channel = Double(e / items)
      start[e] = item * 0.37 + channel * 13
      target[e] = item * 0.41 - channel * 7
      velocity[e] = (item.truncatingRemainder(dividingBy: 17) - 8) * 50
    }
    return try SpringBatch(itemCount: items, channelCount: channels, start: start, target: target, velocity: velocity, springs: springs)
  }

  mutating func runAll(itemCounts: [Int]) throws {
    let progress = ProgressBar(total: itemCounts.count)
    for (index, items) in itemCounts.enumerated() {
      progress.update(index, "\(items) items")
      try runSize(items: items)
    }
    progress.finish()
  }

  /// Floor times per (reads, writes, threads) for the current size.
  var floors: [String: Double] = [:]

  mutating func floorTime(elements: Int, reads: Int, writes: Int, threads: Int) -> Double {
    let key = "\(reads)/\(writes)/\(threads)"
    if let known = floors[key] { return known }
    let floor = Floor(elements: elements, reads: reads, writes: writes)
    let time = measure { floor.run(threads: threads) }
    floors[key] = time.median
    return time.median
  }

  /// Measures `body` and records it with its fraction of the matching floor.
  mutating func timed(
    _ operation: String, _ backend: String, threads: Int, items: Int, reads: Int, writes: Int, _ body: () throws -> Void
  ) rethrows {
    let time = try measure(body)
    record(operation, backend, threads: threads, items: items, bytes: 8 * (reads + writes), time)
    let floor = floorTime(elements: items * channels, reads: reads, writes: writes, threads: threads)
    records[records.count - 1].floorFraction = floor / time.median
  }

  mutating func runSize(items: Int) throws {
    floors = [:]
    let threadCounts = [1, 2]
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 7)
    do {
      let batch = try Suite.layoutBatch(items: items, channels: channels, springs: .shared(.bouncy))
      var valuesOnly = batch.makeFrame(velocities: false)
      var both = batch.makeFrame(velocities: true)
      for backend in BatchBackend.allCases {
        for threads in threadCounts {
          try timed("value at tick", "\(backend)", threads: threads, items: items, reads: 3, writes: 1) {
            try batch.evaluate(at: tick, into: &valuesOnly, backend: backend, threads: threads)
          }
          try timed("value + velocity", "\(backend)", threads: threads, items: items, reads: 5, writes: 2) {
            try batch.evaluate(at: tick, into: &both, backend: backend, threads: threads)
          }
        }
      }
      // Bake 60 frames: (N·C) × 60 doubles of output; kept to ≤ 100k items (528 MB).
      if items <= 100_000 {
        var bake = try batch.makeBake(frameCount: 60)
        let ticks = (0..<60).map { try! AnimationTime(frame: Int64($0), framesPerSecond: 60) }
        for backend in BatchBackend.allCases {
          for threads in threadCounts {
            try timed("bake 60 frames", "\(backend)", threads: threads, items: items, reads: 3, writes: 60) {
              try batch.bake(ticks: ticks, into: &bake, backend: backend, threads: threads)
            }
          }
        }
      }
      var stepper = try batch.makeStepper(step: try AnimationTime(frame: 1, framesPerSecond: 120))
      for backend in BatchBackend.allCases {
        for threads in threadCounts {
          timed("propagator step", "\(backend)", threads: threads, items: items, reads: 2, writes: 2) {
            stepper.advance(backend: backend, threads: threads)
          }
        }
      }
    }

    do {
      let n = items * channels
      let pair = try PosePair(from: [Double](repeating: 1, count: n), to: [Double](repeating: 5, count: n))
      var out = [Double](repeating: 0, count: n)
      for backend in BatchBackend.allCases {
        for threads in threadCounts {
          try timed("interpolate poses", "\(backend)", threads: threads, items: items, reads: 2, writes: 1) {
            try pair.interpolate(progress: 0.37, into: &out, backend: backend, threads: threads)
          }
        }
      }
    }

    // Per-item springs: every item's coefficients are computed each frame.
    if items <= 1_000_000 {
      let springs = (0..<items).map { try! Spring(response: 0.3 + Double($0 % 97) * 0.005, dampingRatio: 0.6 + Double($0 % 13) * 0.05) }
      let batch = try Suite.layoutBatch(items: items, channels: channels, springs: .perItem(springs))
      var frame = batch.makeFrame(velocities: false)
      for threads in threadCounts {
        try timed("value at tick, per-item springs", "native", threads: threads, items: items, reads: 3, writes: 1) {
          try batch.evaluate(at: tick, into: &frame, threads: threads)
        }
      }
      let time = measure { _ = batch.averageProgress(at: tick) }
      record("average progress, per-item springs", "native", threads: 1, items: items, bytes: 0, time)
    }

    // The design users would otherwise have: one object per item in a
    // dictionary by index path, ticked through a method call; the same math.
    if items <= 1_000_000 {
      let baseline = try Baseline(items: items, channels: channels)
      let time = measure { baseline.tick(at: tick) }
      record("value at tick", "per-object baseline", threads: 1, items: items, bytes: 32, time)
      for index in records.indices where records[index].operation == "value at tick" && records[index].items == items
        && records[index].backend != "per-object baseline" {
        records[index].speedupOverBaseline = time.median / records[index].medianNanoseconds
      }
    }
  }

  /// Snapping queries: ns per query on uniform and explicit layouts of
  /// `count` items (random offsets and velocities, a fixed seed).
  func snapping(count: Int) throws -> String {
    let uniform = try SnapLayout.uniform(count: count, itemExtent: 44, spacing: 1, viewport: 800, leadingInset: 20, trailingInset: 20)
    let starts = (0..<count).map { Double($0) * 45 }
    let explicit = try SnapLayout(starts: starts, ends: starts.map { $0 + 44 }, viewport: 800, leadingInset: 20, trailingInset: 20)
    var state: UInt64 = 0x9e37_79b9_7f4a_7c15
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    let queries = (0..<100_000).map { _ in (next() * Double(count) * 45, (next() - 0.5) * 8000) }
    var lines: [String] = []
    for (name, layout) in [("uniform", uniform), ("explicit arrays", explicit)] {
      for options in [Snapping.Options(), Snapping.Options(maximumItemsPerFlick: 1)] {
        var sink = 0.0
        let time = try measure {
          for (offset, velocity) in queries {
            sink += try Snapping.target(layout: layout, offset: offset, velocity: velocity, options: options).target
          }
        }
        let label = options.maximumItemsPerFlick == nil ? "free" : "paging n = 1"
        lines.append(String(format: "snapping query, %d items, %@ layout, %@: %.0f ns per query%@", count, name, label,
                            time.median / Double(queries.count), sink.isNaN ? " (NaN!)" : ""))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Layout queries on a grid of `count` items: all attributes in a
  /// viewport-sized rect, and a hit test, at random scroll positions.
  func layoutQueries(count: Int) throws -> String {
    let layout = try GridLayout(sections: [.init(itemCount: count, itemSize: CGSize(width: 90, height: 90), lineSpacing: 2, interitemSpacing: 2)],
                                viewportCrossExtent: 375)
    let height = Double(layout.contentSize.height)
    var state: UInt64 = 12345
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    let offsets = (0..<10_000).map { _ in next() * (height - 812) }
    var found = 0
    let rect = measure {
      for y in offsets { found += layout.attributes(in: CGRect(x: 0, y: y, width: 375, height: 812)).count }
    }
    let hit = measure {
      for y in offsets { found += layout.indexPath(at: CGPoint(x: 200, y: y)) == nil ? 0 : 1 }
    }
    let perQuery = layout.attributes(in: CGRect(x: 0, y: offsets[0], width: 375, height: 812)).count
    return String(format: "layout queries, %d-item grid: attributes in a 375×812 rect %.2f µs (%d items each), item at a point %.0f ns%@",
                  count, rect.median / 1000 / Double(offsets.count), perQuery, hit.median / Double(offsets.count), found < 0 ? "" : "")
  }

  /// A grid → list transition with `count` visible items: setup time and
  /// one frame (batch evaluation, attributes, offset, progress).
  func transition(count: Int) throws -> String {
    let columns = Int(Double(count).squareRoot().rounded(.up))
    let cross = Double(columns) * 12
    let grid = try GridLayout(sections: [.init(itemCount: count, itemSize: CGSize(width: 10, height: 10), lineSpacing: 2, interitemSpacing: 2)],
                              viewportCrossExtent: cross)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 4, count: count)], width: cross)
    let viewport = try Viewport(size: CGSize(width: cross, height: max(grid.contentSize.height, list.contentSize.height)))
    var transition: LayoutTransition? = nil
    let setup = try measureOnce {
      transition = try LayoutTransition(from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport,
                                        springs: .shared(.snappy), velocity: .gesture(CGPoint(x: 0, y: -800)))
    }
    guard let transition else { return "" }
    var frame = transition.makeFrame()
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 5)
    let time = try measure { try transition.frame(at: tick, into: &frame) }
    return String(format: "transition grid → list, %d visible items × 11 channels: frame %.3f ms (120 Hz budget 8.33 ms), setup %.1f ms, completes after %.3f s",
                  transition.indexPaths.count, time.median / 1e6, setup / 1e6, transition.completion.seconds)
  }

  func measureOnce(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
  }

  func table() -> String {
    var lines = ["operation                             backend              thr      items   ns/value    Mitems/s     GB/s  of floor  × baseline",
                 String(repeating: "-", count: 124)]
    for r in records {
      let floor = r.floorFraction.map { String(format: "%7.0f%%", $0 * 100) } ?? "        "
      let speedup = r.speedupOverBaseline.map { String(format: "%10.1f×", $0) } ?? ""
      lines.append(String(format: "%@ %@ %3d %10d %10.3f %11.2f %8.2f %@ %@",
                          r.operation.padding(toLength: 37, withPad: " ", startingAt: 0),
                          r.backend.padding(toLength: 20, withPad: " ", startingAt: 0),
                          r.threads, r.items, r.nanosecondsPerValue, r.itemsPerSecond / 1e6, r.gigabytesPerSecond, floor, speedup))
    }
    return lines.joined(separator: "\n")
  }

  func singleSpring() throws -> String {
    let motion = try SpringMotion(spring: .bouncy, from: 0, to: 100, initialVelocity: 300)
    let count = quick ? 1_000_000 : 10_000_000
    var sink = 0.0
    let time = measure {
      for i in 0..<count {
        sink += motion.state(at: AnimationTime(ticks: Int64(i % 1_000) * 705_600)).value
      }
    }
    let settle = measure { sink += motion.settleTime(tolerance: try! SettleTolerance(value: 0.5, velocity: 5)) }
    return String(format: "single spring: %.1f ns per state (value + velocity); exact settle time %.2f µs%@",
                  time.median / Double(count), settle.median / 1000, sink == 0.5 ? " " : "")
  }

  struct Report: Codable {
    var machine: String
    var records: [Record]
    var accuracy: [AccuracyRow]
  }

  func writeJSON(to path: String, machine: String, accuracy: [AccuracyRow]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(Report(machine: machine, records: records, accuracy: accuracy)).write(to: URL(fileURLWithPath: path))
  }

  func writeCSV(to path: String) throws {
    var text = "operation,backend,threads,items,channels,median_ns,min_ns,max_ns,ns_per_value,items_per_s,gb_per_s,floor_fraction,speedup_over_baseline\n"
    for r in records {
      text += "\(r.operation),\(r.backend),\(r.threads),\(r.items),\(r.channels),\(r.medianNanoseconds),\(r.minNanoseconds),\(r.maxNanoseconds),\(r.nanosecondsPerValue),\(r.itemsPerSecond),\(r.gigabytesPerSecond),\(r.floorFraction.map { "\($0)" } ?? ""),\(r.speedupOverBaseline.map { "\($0)" } ?? "")\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}

/// A progress line on stderr.
final class ProgressBar {
  let total: Int
  init(total: Int) { self.total = total }
  func update(_ done: Int, _ label: String) {
    let width = 30
    let filled = width * done / max(total, 1)
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) \(label)        ".utf8))
  }
  func finish() {
    update(total, "done")
    FileHandle.standardError.write(Data("\n".utf8))
  }
}
