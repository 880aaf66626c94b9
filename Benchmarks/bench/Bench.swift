import ArgumentParser
import Dispatch
import Foundation
import Harmonic

/// `swift run -c release bench`: throughput of Harmonic's batched operations
/// on large item counts, per backend and thread count, against a memory-traffic
/// floor and against a one-object-per-item design.
@main
struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Throughput of Harmonic's batched spring operations.",
    discussion: "Reports medians over repeats after a warm-up. Nothing passes or fails: it measures.")

  @Flag(help: "Small sizes and few repeats (under 30 s), for CI smoke runs.")
  var quick = false

  @Option(name: .customLong("max-items"), help: "Largest item count: 1k, 10k, 100k, 1m or 10m.")
  var maxItems: String = "1m"

  @Option(help: "Repeats per measurement (the median is reported).")
  var repeats: Int?

  @Option(help: "Write one JSON record per (operation, backend, threads, items) to this file.")
  var json: String?

  @Option(help: "Write the same records as CSV to this file.")
  var csv: String?

  @Option(help: "Draw throughput against item count (log axes) to this SVG file.")
  var svg: String?

  @Option(help: "Thread counts for the batch and transition rows, comma-separated, e.g. 1,2,4,8,16 (default: 1, 2 and this machine's cores).")
  var threads: String?

  @Flag(name: .customLong("allow-debug"), help: "Run even in a debug build (numbers are then meaningless).")
  var allowDebug = false

  func validate() throws {
    guard Bench.parseCount(maxItems) != nil else {
      throw ValidationError("--max-items must be one of 1k, 10k, 100k, 1m, 10m; got \(maxItems)")
    }
    if let repeats, repeats < 1 { throw ValidationError("--repeats must be ≥ 1") }
    if let threads, Bench.parseThreads(threads) == nil {
      throw ValidationError("--threads must be comma-separated counts from 1 to 1024, e.g. 1,2,4; got \(threads)")
    }
  }

  /// "1,2,4" → [1, 2, 4] (sorted, without repeats); nil for anything else.
  static func parseThreads(_ text: String) -> [Int]? {
    let counts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard !counts.isEmpty, counts.allSatisfy({ $0.map { (1...1024).contains($0) } ?? false }) else { return nil }
    return Array(Set(counts.map { $0! })).sorted()
  }

  static func parseCount(_ text: String) -> Int? {
    ["1k": 1_000, "10k": 10_000, "100k": 100_000, "1m": 1_000_000, "10m": 10_000_000][text.lowercased()]
  }

  func run() throws {
    #if DEBUG
    let debugBuild = true
    #else
    let debugBuild = false
    #endif
    if debugBuild {
      FileHandle.standardError.write(Data("bench: this is a DEBUG build; timings are meaningless. Use `swift run -c release bench`.\n".utf8))
      if !allowDebug { throw ExitCode(1) }
    }
    let largest = quick ? 100_000 : Bench.parseCount(maxItems)!
    let counts = [1_000, 10_000, 100_000, 1_000_000, 10_000_000].filter { $0 <= largest }
    let repeatCount = repeats ?? (quick ? 5 : 11)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let threadCounts = threads.flatMap(Bench.parseThreads) ?? Array(Set([1, 2, cores])).sorted()
    var suite = Suite(repeats: repeatCount, quick: quick, threadCounts: threadCounts)
    let machine = Machine.describe()
    print(machine)
    print("")
    try suite.runAll(itemCounts: counts)
    if quick {
      // The per-item springs row at a million items, in the smoke run too.
      suite.floors = [:]
      try suite.perItemSprings(items: 1_000_000, distinct: false)
    }
    print("")
    print(suite.table())
    print("")
    print(try suite.singleSpring())
    print(try suite.valueSprings())
    print(try suite.hosting())
    print(try suite.snapping(count: quick ? 1_000_000 : 10_000_000))
    print(try suite.gridSnapping(count: quick ? 1_000_000 : 10_000_000))
    print(try suite.layoutQueries(count: quick ? 1_000_000 : 10_000_000))
    for count in quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000] { print(try suite.transition(count: count)) }
    for count in [1_000, 100_000] { print(try suite.transitionFromAttributes(count: count)) }
    print(try suite.wrappedLayouts(count: 10_000))
    for count in [50, 1_000] { print(try suite.screenTransition(count: count)) }
    for count in [1_000, 100_000] { print(try suite.attributesFromChannels(count: count)) }
    for count in [1_000, 100_000] { print(try suite.scrollEffects(count: count)) }
    print("")
    let accuracy = Accuracy.run()
    print(Accuracy.table(accuracy))
    if let json { try suite.writeJSON(to: json, machine: machine, accuracy: accuracy) }
    if let csv { try suite.writeCSV(to: csv) }
    if let svg { try Chart.svg(records: suite.records, machine: machine).write(toFile: svg, atomically: true, encoding: .utf8) }
    print("")
    print(Chart.scalingTable(records: suite.records))
  }
}
