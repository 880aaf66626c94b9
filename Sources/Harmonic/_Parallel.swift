import Dispatch

/// A raw pointer that may cross into Dispatch's worker threads. Each worker
/// touches a disjoint range, so no two threads write one element.
@usableFromInline
struct _SendablePointer: @unchecked Sendable {
  @usableFromInline let base: UnsafeMutablePointer<Double>
  @inlinable init(_ base: UnsafeMutablePointer<Double>) { self.base = base }
  @inlinable subscript(_ index: Int) -> Double {
    get { base[index] }
    nonmutating set { base[index] = newValue }
  }
}

@usableFromInline
struct _SendableBuffer<Element>: @unchecked Sendable {
  @usableFromInline let buffer: UnsafeBufferPointer<Element>
  @inlinable init(_ buffer: UnsafeBufferPointer<Element>) { self.buffer = buffer }
  @inlinable var isEmpty: Bool { buffer.isEmpty }
  @inlinable subscript(_ index: Int) -> Element { buffer[index] }
}

/// Splitting work across cores. Every element's result depends only on that
/// element's inputs, so results are the same bits for any split.
enum _Parallel {
  /// Below this many elements one thread is faster (`concurrentPerform` costs
  /// about 2 µs a call; a second thread pays off from about 1e5 values).
  static let threshold = 100_000

  /// Worker count: `threads` if given (≥ 1), else 1 below `threshold` and the
  /// active processor count above it.
  static func workers(elementCount: Int, threads: Int?) -> Int {
    if let threads { return max(1, threads) }
    return elementCount < threshold ? 1 : max(1, _activeProcessorCount)
  }

  static let _activeProcessorCount: Int = {
    #if canImport(Glibc) || canImport(Darwin)
    return Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    #else
    return 1
    #endif
  }()

  /// Calls `body` with disjoint item ranges covering 0..<itemCount.
  static func forEachItemRange(
    itemCount: Int, elementCount: Int, threads: Int?, _ body: @Sendable (Range<Int>) -> Void
  ) {
    let parts = min(workers(elementCount: elementCount, threads: threads), itemCount)
    if parts <= 1 {
      body(0..<itemCount)
      return
    }
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      body((part * itemCount / parts)..<((part + 1) * itemCount / parts))
    }
  }
}

/// Calls `body(run, lo, hi)` for the part of each spring-group run that lies
/// in `range` (an index loop: no allocation in any build).
@inline(__always)
func _forEachRunSlice(_ runs: [_GroupRun], in range: Range<Int>, _ body: (_GroupRun, Int, Int) -> Void) {
  for r in 0..<runs.count where runs[r].items.overlaps(range) {
    let run = runs[r]
    body(run, max(run.items.lowerBound, range.lowerBound), min(run.items.upperBound, range.upperBound))
  }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
