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

/// A mutable buffer that may cross into Dispatch's workers; each writes a
/// disjoint range of it.
struct _SendableMutableBuffer<Element>: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<Element>
  init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}

/// Splitting work across cores. Every element's result depends only on that
/// element's inputs, so results are the same bits for any split.
package enum _Parallel {
  /// Below this many elements one thread is faster (`concurrentPerform` costs
  /// about 2 µs a call; a second thread pays off from about 1e5 values).
  static let threshold = 100_000

  /// The fewest elements a worker is given: ``threshold`` outside tests.
  /// Tests that compare splits set it to 1 for the duration of a body
  /// (`_Parallel.workerMinimum.withValue(1) { … }`), so that small batches
  /// still run on as many workers as they ask for.
  package static var minimumElementsPerWorker: Int { workerMinimum.get() }

  /// The task-local value behind ``minimumElementsPerWorker``. Declared as a
  /// plain `TaskLocal` constant, not with `@TaskLocal`: Swift 5.10 (Xcode
  /// 15.3) reads the wrapper on a `static var` as shared mutable state.
  package static let workerMinimum = TaskLocal<Int>(wrappedValue: threshold)

  /// Worker count: at most `threads` when given (else the active processor
  /// count), and no more than one per ``minimumElementsPerWorker`` elements,
  /// so that an explicit thread count never makes a small batch slower
  /// than one thread (measured on 2 cores: at 11,000 values two workers
  /// took 1.3–3.4× one worker's time, at 110,000 1.08–1.76×; from 1.1M they pay).
  package static func workers(elementCount: Int, threads: Int?) -> Int {
    let wanted = threads.map { max(1, $0) } ?? _Platform.activeProcessorCount
    return max(1, min(wanted, elementCount / max(1, minimumElementsPerWorker)))
  }

  /// Calls `body(part)` for every part in 0..<parts, on Dispatch's workers
  /// when there is more than one.
  static func forEachPart(_ parts: Int, _ body: @Sendable (Int) -> Void) {
    if parts <= 1 {
      body(0)
      return
    }
    DispatchQueue.concurrentPerform(iterations: parts, execute: body)
  }

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

/// One slot per worker for partial results.
/// Each worker writes only its own slot.
final class _ResultSlots<Value>: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<Value>
  private let count: Int
  init(count: Int, initial: Value) {
    self.count = count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: initial, count: count)
  }
  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }
  func store(_ value: Value, at index: Int) { slots[index] = value }
  var values: [Value] { Array(UnsafeBufferPointer(start: slots, count: count)) }
}
