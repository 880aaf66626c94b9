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

  mutating func runSize(items: Int) throws {
    let n = items * channels
    let threadCounts = [1, 2]
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 7)

    // The floor: the same bytes as the value operation (3 reads + 1 write per
    // element) moved by the simplest possible loop, in this process.
    var floorValue: [Int: Double] = [:]
    do {
      let a = [Double](repeating: 1, count: n), b = [Double](repeating: 2, count: n), c = [Double](repeating: 3, count: n)
      var out = [Double](repeating: 0, count: n)
      for threads in threadCounts {
        let time = measure { Floor.triad(a, b, c, &out, threads: threads) }
        floorValue[threads] = time.median
        record("floor: 3 reads + 1 write", "native", threads: threads, items: items, bytes: 32, time)
      }
    }

    do {
      let batch = try Suite.layoutBatch(items: items, channels: channels, springs: .shared(.bouncy))
      var valuesOnly = batch.makeFrame(velocities: false)
      var both = batch.makeFrame(velocities: true)
      for backend in BatchBackend.allCases {
        for threads in threadCounts {
          let name = "\(backend)"
          var time = try measure { try batch.evaluate(at: tick, into: &valuesOnly, backend: backend, threads: threads) }
          record("value at tick", name, threads: threads, items: items, bytes: 32, time)
          records[records.count - 1].floorFraction = floorValue[threads]! / time.median
          time = try measure { try batch.evaluate(at: tick, into: &both, backend: backend, threads: threads) }
          record("value + velocity", name, threads: threads, items: items, bytes: 56, time)
        }
      }
      // Bake 60 frames: (N·C) × 60 doubles of output; kept to ≤ 100k items (528 MB).
      if items <= 100_000 {
        var bake = try batch.makeBake(frameCount: 60)
        let ticks = (0..<60).map { try! AnimationTime(frame: Int64($0), framesPerSecond: 60) }
        for backend in BatchBackend.allCases {
          for threads in threadCounts {
            let time = try measure { try batch.bake(ticks: ticks, into: &bake, backend: backend, threads: threads) }
            record("bake 60 frames", "\(backend)", threads: threads, items: items, bytes: 24 + 60 * 8, time)
          }
        }
      }
      var stepper = try batch.makeStepper(step: try AnimationTime(frame: 1, framesPerSecond: 120))
      for backend in BatchBackend.allCases {
        for threads in threadCounts {
          let time = measure { stepper.advance(backend: backend, threads: threads) }
          record("propagator step", "\(backend)", threads: threads, items: items, bytes: 32, time)
        }
      }
    }

    do {
      let from = [Double](repeating: 1, count: n), to = [Double](repeating: 5, count: n)
      let pair = try PosePair(from: from, to: to)
      var out = [Double](repeating: 0, count: n)
      for backend in BatchBackend.allCases {
        for threads in threadCounts {
          let time = try measure { try pair.interpolate(progress: 0.37, into: &out, backend: backend, threads: threads) }
          record("interpolate poses", "\(backend)", threads: threads, items: items, bytes: 24, time)
        }
      }
    }

    // Per-item springs: every item's coefficients are computed each frame.
    if items <= 1_000_000 {
      let springs = (0..<items).map { try! Spring(response: 0.3 + Double($0 % 97) * 0.005, dampingRatio: 0.6 + Double($0 % 13) * 0.05) }
      let batch = try Suite.layoutBatch(items: items, channels: channels, springs: .perItem(springs))
      var frame = batch.makeFrame(velocities: false)
      for threads in threadCounts {
        let time = try measure { try batch.evaluate(at: tick, into: &frame, threads: threads) }
        record("value at tick, per-item springs", "native", threads: threads, items: items, bytes: 32, time)
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
      if let native = records.first(where: { $0.operation == "value at tick" && $0.backend == "native" && $0.threads == 1 && $0.items == items }) {
        let speedup = time.median / native.medianNanoseconds
        for index in records.indices where records[index].operation == "value at tick" && records[index].items == items && records[index].backend != "per-object baseline" {
          records[index].speedupOverBaseline = time.median / records[index].medianNanoseconds
        }
        _ = speedup
      }
    }
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

  func writeJSON(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(records).write(to: URL(fileURLWithPath: path))
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
