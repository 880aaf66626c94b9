import Dispatch
import Harmonic

/// The memory-traffic floor: a loop that moves the same bytes as an operation
/// — `reads` input streams and `writes` output streams of N·C doubles — with
/// next to no arithmetic, split across threads the way the batch kernels are.
/// An operation's "fraction of the floor" is floor time / operation time.
struct Floor: ~Copyable {
  let elements: Int
  let reads: Int
  let writes: Int
  let input: UnsafeMutablePointer<Double>
  let output: UnsafeMutablePointer<Double>

  init(elements: Int, reads: Int, writes: Int) {
    self.elements = elements
    self.reads = reads
    self.writes = writes
    input = .allocate(capacity: reads * elements)
    input.initialize(repeating: 1, count: reads * elements)
    output = .allocate(capacity: writes * elements)
    output.initialize(repeating: 0, count: writes * elements)
  }

  deinit {
    input.deallocate()
    output.deallocate()
  }

  func run(threads: Int) {
    let pointers = Pointers(input: input, output: output)
    let (n, reads, writes) = (elements, self.reads, self.writes)
    // The library's split (at most `threads` workers, each ≥ 100,000 values).
    let parts = _Parallel.workers(elementCount: n, threads: threads)
    let body: @Sendable (Int) -> Void = { part in
      Floor.stream(pointers, n: n, reads: reads, writes: writes, range: (part * n / parts)..<((part + 1) * n / parts))
    }
    if parts == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: parts, execute: body) }
  }

  /// Straight-line loops for each stream pattern the operations have, so the
  /// compiler vectorizes them and only memory limits them.
  static func stream(_ p: Pointers, n: Int, reads: Int, writes: Int, range: Range<Int>) {
    let i = p.input, o = p.output
    switch (reads, writes) {
    case (2, 1):
      for e in range { o[e] = i[e] + i[n + e] }
    case (3, 1):
      for e in range { o[e] = i[e] + i[n + e] + i[2 * n + e] }
    case (2, 2):
      for e in range { o[e] = i[e] + i[n + e]; o[n + e] = i[e] - i[n + e] }
    case (5, 2):
      for e in range {
        o[e] = i[e] + i[n + e] + i[2 * n + e]
        o[n + e] = i[3 * n + e] + i[4 * n + e]
      }
    default:
      // Few inputs, many outputs (a bake): sum a block, then copy it out.
      var blockStart = range.lowerBound
      withUnsafeTemporaryAllocation(of: Double.self, capacity: 512) { block in
        while blockStart < range.upperBound {
          let count = min(512, range.upperBound - blockStart)
          for k in 0..<count { block[k] = i[blockStart + k] }
          for r in 1..<max(reads, 1) { for k in 0..<count { block[k] += i[r * n + blockStart + k] } }
          for w in 0..<writes { (o + w * n + blockStart).update(from: block.baseAddress!, count: count) }
          blockStart += count
        }
      }
    }
  }

  struct Pointers: @unchecked Sendable {
    let input: UnsafeMutablePointer<Double>
    let output: UnsafeMutablePointer<Double>
  }
}
