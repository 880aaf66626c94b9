import Dispatch
import Harmonic
import _BenchFloor

/// The memory-traffic floor: a loop that moves the same bytes as an operation
/// — `reads` input streams and `writes` output streams of N·C doubles — with
/// next to no arithmetic, split across threads the way the batch kernels are,
/// in loops built for the widest vector instruction set the processor runs.
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

  /// The loops of each stream pattern the operations have, in C
  /// (`_BenchFloor`), built for the widest vector instruction set this
  /// processor runs, so that only memory limits them.
  static func stream(_ p: Pointers, n: Int, reads: Int, writes: Int, range: Range<Int>) {
    bench_floor_stream(p.input, p.output, n, Int32(reads), Int32(writes), range.lowerBound, range.upperBound)
  }

  struct Pointers: @unchecked Sendable {
    let input: UnsafeMutablePointer<Double>
    let output: UnsafeMutablePointer<Double>
  }
}
