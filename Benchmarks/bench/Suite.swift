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
  /// Thread counts for the batch and transition rows (`--threads`).
  let threadCounts: [Int]
  var records: [Record] = []

  init(repeats: Int, quick: Bool, threadCounts: [Int]) {
    self.repeats = repeats
    self.quick = quick
    self.threadCounts = threadCounts
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

  mutating func record(
    _ operation: String, _ backend: String, threads: Int, items: Int, channels: Int? = nil, bytes: Int, _ time: (median: Double, min: Double, max: Double)
  ) {
    records.append(
      Record(
        operation: operation, backend: backend, threads: threads, items: items, channels: channels ?? self.channels,
        medianNanoseconds: time.median, minNanoseconds: time.min, maxNanoseconds: time.max, bytesPerElement: bytes))
  }

  mutating func runAll(itemCounts: [Int]) throws {
    let progress = ProgressBar(total: itemCounts.count)
    for (index, items) in itemCounts.enumerated() {
      progress.update(index, "\(items) items")
      try batchOperations(items: items)
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

  /// The bodies measured in turns (a, b, c, a, b, c, …) after a warm-up of
  /// each, `count` times: for a ratio of two, both see the same machine (a
  /// noisy neighbour or a frequency change then affects them alike).
  /// Median, min and max per body, in nanoseconds.
  func measureInterleaved(count: Int, _ bodies: [() throws -> Void]) throws -> [(median: Double, min: Double, max: Double)] {
    for body in bodies { try body() }
    var samples = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<count {
      for (k, body) in bodies.enumerated() { samples[k].append(try measureOnce(body)) }
    }
    return samples.map { unsorted in
      let sorted = unsorted.sorted()
      return (sorted[count / 2], sorted[0], sorted[count - 1])
    }
  }

  func measureOnce(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
  }

  func table() -> String {
    var lines = [
      "operation                             backend              thr      items   ns/value    Mitems/s     GB/s  of floor  × baseline",
      String(repeating: "-", count: 124),
    ]
    for r in records {
      let floor = r.floorFraction.map { String(format: "%7.0f%%", $0 * 100) } ?? "        "
      let speedup = r.speedupOverBaseline.map { String(format: "%10.1f×", $0) } ?? ""
      lines.append(
        String(
          format: "%@ %@ %3d %10d %10.3f %11.2f %8.2f %@ %@",
          r.operation.padding(toLength: 37, withPad: " ", startingAt: 0),
          r.backend.padding(toLength: 20, withPad: " ", startingAt: 0),
          r.threads, r.items, r.nanosecondsPerValue, r.itemsPerSecond / 1e6, r.gigabytesPerSecond, floor, speedup))
    }
    return lines.joined(separator: "\n")
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
      text +=
        "\(r.operation),\(r.backend),\(r.threads),\(r.items),\(r.channels),\(r.medianNanoseconds),\(r.minNanoseconds),\(r.maxNanoseconds),\(r.nanosecondsPerValue),\(r.itemsPerSecond),\(r.gigabytesPerSecond),\(r.floorFraction.map { "\($0)" } ?? ""),\(r.speedupOverBaseline.map { "\($0)" } ?? "")\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}

/// A progress line on stderr, drawn only when stderr is a terminal: a run
/// whose output goes to a file (`Benchmarks/results.txt`, CI logs) gets the
/// results alone.
final class ProgressBar {
  let total: Int
  let isShown = isatty(2) == 1
  init(total: Int) { self.total = total }
  func update(_ done: Int, _ label: String) {
    guard isShown else { return }
    let width = 30
    let filled = width * done / max(total, 1)
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) \(label)        ".utf8))
  }
  func finish() {
    guard isShown else { return }
    update(total, "done")
    FileHandle.standardError.write(Data("\n".utf8))
  }
}

/// Keeps a result alive so the optimizer cannot drop the work that made it
/// (compiled without optimization, so the call and its argument stay).
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// The benchmark's one random source: SplitMix64 from a fixed seed, so every
/// run measures the same inputs.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
