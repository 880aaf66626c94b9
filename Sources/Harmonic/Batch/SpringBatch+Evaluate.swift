extension SpringBatch {
  /// Output buffers for evaluating a ``SpringBatch`` at one tick, reused frame
  /// after frame so that steady-state evaluation allocates nothing.
  public struct Frame: Sendable {
    /// N·C values in units, channel-major (`channel·N + item`).
    public internal(set) var values: [Double]
    /// N·C velocities in units/s, channel-major; empty when not requested.
    public internal(set) var velocities: [Double]
    /// The tick last evaluated.
    public internal(set) var time: AnimationTime?
    /// Per group: R = Ĉ + a·Ŝ, P = 1 − R, Ŝ (value), Ĉ, −Ŝ (velocity).
    var _coefficients: [Double]
    /// With items in several groups, N per slot: the same five per item,
    /// slot-major (`slot·N + item`), when every item is its own group; else
    /// each block of items' coefficients gathered from the groups' (the
    /// slots a pass needs, in the block's part of the buffer).
    var _itemCoefficients: [Double]
  }
}

extension SpringBatch {
  /// Buffers sized for this batch: values (and velocities), N·C each, and —
  /// when items have different springs — room for five coefficients per
  /// item (40 bytes an item): a block of items' coefficients is read once
  /// per frame while every channel streams past it.
  ///
  /// - Parameter velocities: whether ``evaluate(at:into:backend:threads:)``
  ///   also computes velocities.
  public func makeFrame(velocities: Bool = true) -> SpringBatch.Frame {
    SpringBatch.Frame(
      values: Array(repeating: 0, count: elementCount),
      velocities: velocities ? Array(repeating: 0, count: elementCount) : [],
      time: nil,
      _coefficients: Array(repeating: 0, count: _groupsAreItems ? 0 : 5 * _groups.count),
      _itemCoefficients: Array(repeating: 0, count: _groupOfItem.isEmpty ? 0 : 5 * itemCount))
  }

  /// Values (and velocities, if the frame has room) of every element at `time`.
  ///
  /// Each element gets `((0 + start·R) + target·P) + velocity·Ŝ` and
  /// `(0 + velocity·Ĉ) + restoring·(−Ŝ)` — the same operations, in the same
  /// order, as ``SpringMotion/state(at:)`` and reference BLAS, so all three
  /// agree bit for bit. Times before ``start`` give the state at the start.
  ///
  /// - Parameters:
  ///   - time: the tick.
  ///   - frame: buffers from ``makeFrame(velocities:)`` of this batch (or one
  ///     with the same element and group counts).
  ///   - backend: `.native` (default) or `.blas`.
  ///   - threads: the most workers to use (default: the cores); each gets at
  ///     least 100,000 values, so a small batch runs on one. The result does
  ///     not depend on it.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   the frame was made for a differently sized batch; the frame is then untouched.
  /// - Complexity: O(N·C); no allocation.
  public func evaluate(
    at time: AnimationTime, into frame: inout SpringBatch.Frame, backend: BatchBackend = .native, threads: Int? = nil
  ) throws(HarmonicError) {
    try _evaluate(at: time, into: &frame, backend: backend, threads: threads, block: SpringBatch._perItemBlock)
  }

  /// A visitor of a frame's values block by block, called with the values
  /// (channel-major, ``elementCount`` long) and a range of items as soon as
  /// every channel of those items' values is written, on the worker that
  /// wrote them, while they are still in its cache — blocks of `visitBlock`
  /// items with one shared spring, of the per-item block with per-item
  /// springs. The ranges cover the items once each, in no particular order
  /// across workers; a visitor may read only its range's values (other
  /// workers are writing the rest). Not escaping: frames allocate nothing.
  typealias _ItemsWritten = @Sendable (UnsafePointer<Double>, Range<Int>) -> Void

  /// ``evaluate(at:into:backend:threads:)`` with per-item springs applied in
  /// blocks of `block` items (the tests vary it; the result does not depend
  /// on it), and `itemsWritten` called for each block of items written
  /// (``_ItemsWritten``; with one spring only when `visitBlock` is given;
  /// native backend only: BLAS writes channel by channel).
  func _evaluate(
    at time: AnimationTime, into frame: inout SpringBatch.Frame, backend: BatchBackend, threads: Int?, block: Int,
    visitBlock: Int? = nil, itemsWritten: _ItemsWritten = { _, _ in }
  ) throws(HarmonicError) {
    precondition(visitBlock == nil || !_usesBLAS(backend), "SpringBatch._evaluate: BLAS writes no item blocks")
    precondition((visitBlock ?? 1) >= 1, "SpringBatch._evaluate: a block of at least one item")
    try _checkFrame(frame)
    let seconds = time._seconds(since: start)
    // Index loops throughout: for-in over arrays of structs allocates in
    // unoptimized builds, and frames must not allocate in any build.
    // Every spring distinct: the coefficients are computed block by block
    // in the per-item pass below; otherwise once per group here.
    if !_groupsAreItems { _writeGroupCoefficients(at: seconds, into: &frame._coefficients, threads: threads) }
    let useBLAS = _usesBLAS(backend)
    if !useBLAS, !_groupOfItem.isEmpty {
      // Per-item springs: every stream sequential, the coefficients of a
      // block of items computed (every spring distinct) or gathered from
      // the groups' into a scratch part of the frame, read once for all
      // channels of values and velocities.
      _groups.withUnsafeBufferPointer { groups in
        let groups = _SendableBuffer(groups)
        frame._coefficients.withUnsafeBufferPointer { groupCoefficients in
          _groupBases.withUnsafeBufferPointer { bases in
            let source: _PerItemCoefficients =
              _groupsAreItems
              ? .computed(groups, bases: _SendableBuffer(bases), seconds: seconds) : .gathered(_SendableBuffer(groupCoefficients))
            frame._itemCoefficients.withUnsafeMutableBufferPointer { scratch in
              let scratch = _SendablePointer(scratch.baseAddress!)
              frame.values.withUnsafeMutableBufferPointer { values in
                let values = _SendablePointer(values.baseAddress!)
                if frame.velocities.isEmpty {
                  _applyPerItem(
                    source, scratch: scratch, values: values, velocities: nil, threads: threads, block: block, itemsWritten: itemsWritten)
                } else {
                  frame.velocities.withUnsafeMutableBufferPointer { velocities in
                    _applyPerItem(
                      source, scratch: scratch, values: values, velocities: _SendablePointer(velocities.baseAddress!), threads: threads, block: block,
                      itemsWritten: itemsWritten)
                  }
                }
              }
            }
          }
        }
      }
      frame.time = time
      return
    }
    frame._coefficients.withUnsafeBufferPointer { coefficients in
      let coefficients = _SendableBuffer(coefficients)
      frame.values.withUnsafeMutableBufferPointer { values in
        _applyValue(
          coefficients: coefficients, output: _SendablePointer(values.baseAddress!), useBLAS: useBLAS, threads: threads, visitBlock: visitBlock,
          itemsWritten: itemsWritten)
      }
      if !frame.velocities.isEmpty {
        frame.velocities.withUnsafeMutableBufferPointer { velocities in
          _applyVelocity(coefficients: coefficients, output: _SendablePointer(velocities.baseAddress!), useBLAS: useBLAS, threads: threads)
        }
      }
    }
    frame.time = time
  }

  func _checkFrame(_ frame: SpringBatch.Frame) throws(HarmonicError) {
    try _Check.shape(frame.values.count, "frame.values.count", expected: elementCount, what: "this batch's element count (make the frame with makeFrame())")
    guard frame.velocities.isEmpty || frame.velocities.count == elementCount else {
      throw .invalidParameter(name: "frame.velocities.count", value: Double(frame.velocities.count), accepted: "0 or \(elementCount)")
    }
    guard frame._coefficients.count == (_groupsAreItems ? 0 : 5 * _groups.count), frame._itemCoefficients.count == (_groupOfItem.isEmpty ? 0 : 5 * itemCount)
    else {
      throw .invalidParameter(
        name: "frame groups", value: Double(frame._coefficients.count / 5),
        accepted: "this batch's group count \(_groups.count) (make a new frame after a retarget that changed springs)")
    }
  }

  /// Every group's five coefficients at `time` (group-major: R, P, Ŝ, Ĉ,
  /// −Ŝ), as ``evaluate(at:into:backend:threads:)`` computes them.
  func _groupCoefficients(at time: AnimationTime) -> [Double] {
    var coefficients = [Double](repeating: 0, count: 5 * _groups.count)
    _writeGroupCoefficients(at: time._seconds(since: start), into: &coefficients, threads: nil)
    return coefficients
  }

  /// Every group's five coefficients `seconds` after the start into
  /// `coefficients` (5 per group, group-major), the groups split across
  /// workers (many groups, per-item springs, are the costly part).
  ///
  /// The lane kernel (its baseline build runs everywhere) writes each of
  /// its chunks of 256 groups slot-major on the stack
  /// (`_LaneKernel.forEachChunk`); the chunk is
  /// then placed group-major. The same bits as the scalar `stepBasis`
  /// (`LaneKernelTests`), for any split of the groups.
  func _writeGroupCoefficients(at seconds: Double, into coefficients: inout [Double], threads: Int?) {
    _groups.withUnsafeBufferPointer { groups in
      let groups = _SendableBuffer(groups)
      _groupBases.withUnsafeBufferPointer { bases in
        let bases = _SendableBuffer(bases)
        coefficients.withUnsafeMutableBufferPointer { coefficients in
          let coefficients = _SendablePointer(coefficients.baseAddress!)
          _Parallel.forEachItemRange(itemCount: groups.buffer.count, elementCount: 16 * groups.buffer.count, threads: threads) { range in
            _LaneKernel.forEachChunk(
              bases, groups, range, at: seconds, slots: 5, caller: "SpringBatch._writeGroupCoefficients: the lane kernel refused a chunk"
            ) { chunk, slots in
              let count = chunk.count
              for g in 0..<count {
                for slot in 0..<5 { coefficients[5 * (chunk.lowerBound + g) + slot] = slots[slot * count + g] }
              }
            }
          }
        }
      }
    }
  }

  /// Whether `backend` really uses BLAS here: only when spring-group runs
  /// average at least 8 items (per-item springs fall back to native loops).
  func _usesBLAS(_ backend: BatchBackend) -> Bool {
    backend == .blas && !_groupsAreItems && (_runs.count == 1 || _runs.count * 8 <= itemCount)
  }

  /// values = [start | target | velocity] · (R, P, Ŝ) of each element's group.
  func _applyValue(
    coefficients: _SendableBuffer<Double>, output: _SendablePointer, useBLAS: Bool, threads: Int?, visitBlock: Int? = nil,
    itemsWritten: _ItemsWritten = { _, _ in }
  ) {
    _apply(
      firstColumn: 0, slots: (0, 1, 2), coefficients: coefficients, output: output, useBLAS: useBLAS, threads: threads,
      visitBlock: visitBlock, itemsWritten: itemsWritten)
  }

  /// velocities = [velocity | restoring] · (Ĉ, −Ŝ) of each element's group.
  func _applyVelocity(coefficients: _SendableBuffer<Double>, output: _SendablePointer, useBLAS: Bool, threads: Int?) {
    _apply(firstColumn: 2, slots: (3, 4, nil), coefficients: coefficients, output: output, useBLAS: useBLAS, threads: threads)
  }

  /// output = columns `firstColumn…` · (the group's coefficients at `slots`),
  /// one input column per slot, accumulated in column order from 0 — the
  /// order reference BLAS uses, so every path gives the same bits. One
  /// shared spring, or BLAS over each group's runs (per-item springs on
  /// the native backend: ``_applyPerItem(_:scratch:values:velocities:threads:block:)``).
  func _apply(
    firstColumn: Int, slots: (Int, Int, Int?), coefficients: _SendableBuffer<Double>, output: _SendablePointer, useBLAS: Bool, threads: Int?,
    visitBlock: Int? = nil, itemsWritten: _ItemsWritten = { _, _ in }
  ) {
    let n = elementCount
    let items = itemCount
    let channels = channelCount
    let runs = _runs
    // A tuple, not an array: frames must not allocate.
    let inputs = slots.2 == nil ? 2 : 3
    let (s0, s1, s2) = (slots.0, slots.1, slots.2 ?? 0)
    precondition(useBLAS || _groupOfItem.isEmpty, "SpringBatch._apply: per-item springs go through _applyPerItem")
    _columns.withUnsafeBufferPointer { allColumns in
      let columns = _SendableBuffer(UnsafeBufferPointer(rebasing: allColumns[(firstColumn * n)...]))
      _Parallel.forEachItemRange(itemCount: items, elementCount: n, threads: threads) { range in
        // Every channel of a block of items, then the visitor while the
        // block's values are in cache; one block, the whole range, without
        // a visitor.
        let block = visitBlock ?? range.count
        var lo = range.lowerBound
        while lo < range.upperBound {
          let hi = Swift.min(lo + block, range.upperBound)
          for channel in 0..<channels {
            let base = channel * items
            if useBLAS {
              _forEachRunSlice(runs, in: lo..<hi) { run, lo, hi in
                let g = 5 * run.group
                var x = (coefficients[g + s0], coefficients[g + s1], coefficients[g + s2])
                withUnsafePointer(to: &x) { x in
                  x.withMemoryRebound(to: Double.self, capacity: 3) { x in
                    _BLAS.gemv(m: hi - lo, n: inputs, a: columns.buffer.baseAddress! + base + lo, lda: n, x: x, y: output.base + base + lo)
                  }
                }
                if inputs == 3 { _holdResting(columns.buffer.baseAddress!, n, base + lo, base + hi, output.base) }
              }
            } else if inputs == 3 {
              _valueKernel(columns.buffer.baseAddress!, n, base + lo, base + hi, coefficients[s0], coefficients[s1], coefficients[s2], output.base)
            } else {
              _velocityKernel(columns.buffer.baseAddress!, n, base + lo, base + hi, coefficients[s0], coefficients[s1], output.base)
            }
          }
          if visitBlock != nil { itemsWritten(UnsafePointer(output.base), lo..<hi) }
          lo = hi
        }
      }
    }
  }

  /// Items per block of ``_applyPerItem(_:scratch:values:velocities:threads:block:)``:
  /// long enough that each channel's streams run 512 KB at a stretch (the
  /// hardware prefetchers' ramp is paid once per block and stream), short
  /// enough that the block's coefficients (1.5 MB for three slots) stay in
  /// the last-level cache while the channels pass. Measured at 1M items ×
  /// 11 channels, one thread, one channel per coefficient load: 2.2 ns/value
  /// unblocked, 2.1–2.4 at 2k–16k items, 1.7–1.8 at 64k–256k; with three
  /// channels per load, 1.32–1.38 at 64k and 1.32–1.41 at 32k.
  static let _perItemBlock = 65_536

  /// Items per block when a visitor reads each block's values as they are
  /// written (``_ItemsWritten``, one shared spring): 8,192 items × 11
  /// channels is 704 KB of values, in a core's L2 (1 MB on Zen 4, 2 MB on
  /// Sapphire Rapids) when the visitor reads them. A transition frame at
  /// 1M elements, one thread, on the EPYC: 16.6–17.9 ms against 18.1–18.5
  /// for the values and then the attributes, each in one pass; 17.9–18.1
  /// with blocks of 4,096.
  static let _itemsWrittenBlock = 8_192

  /// values = columns 0–2 · (R, P, Ŝ) and velocities = columns 2–3 ·
  /// (Ĉ, −Ŝ) of each item's own coefficients, for batches whose items have
  /// their own springs, in blocks of items: a block's coefficients are
  /// computed (`.computed`: every spring distinct) or gathered from the
  /// groups' (`.gathered`) into this worker's part of `scratch`, one array
  /// per slot, and stay in cache while every channel's columns stream past
  /// them — values and velocities from the same block. The same operations
  /// per element as ``_apply``, and the same coefficients for any block or
  /// split (the lanes give the scalar path's bits).
  func _applyPerItem(
    _ source: _PerItemCoefficients, scratch: _SendablePointer, values: _SendablePointer, velocities: _SendablePointer?, threads: Int?,
    block: Int, itemsWritten: _ItemsWritten = { _, _ in }
  ) {
    precondition(block >= 1, "SpringBatch._applyPerItem: a block of at least one item")
    let n = elementCount
    let items = itemCount
    let channels = channelCount
    let slotCount = velocities == nil ? 3 : 5
    _columns.withUnsafeBufferPointer { allColumns in
      let columns = _SendableBuffer(allColumns)
      _groupOfItem.withUnsafeBufferPointer { groupOfItem in
        let groupOfItem = _SendableBuffer(groupOfItem)
        _Parallel.forEachItemRange(itemCount: items, elementCount: n, threads: threads) { range in
          // This range's own part of the scratch (5 slots per item of the
          // range: room for a block's 3 or 5).
          let k = scratch.base + 5 * range.lowerBound
          var lo = range.lowerBound
          while lo < range.upperBound {
            let hi = Swift.min(lo + block, range.upperBound)
            let length = hi - lo
            switch source {
            case .computed(let groups, let bases, let seconds):
              // The baseline variant runs everywhere and `_groupBases` is
              // kept with `_groupsAreItems`: the kernel always answers.
              let written = _LaneKernel.write(bases, groups, lo..<hi, at: seconds, into: _SendablePointer(k), slots: slotCount)
              precondition(written != nil, "SpringBatch._applyPerItem: the lane kernel refused a block")
            case .gathered(let groupCoefficients):
              for j in 0..<length {
                let g = 5 * Int(groupOfItem[lo + j])
                for slot in 0..<slotCount { k[slot * length + j] = groupCoefficients[g + slot] }
              }
            }
            let slot = (UnsafePointer(k), UnsafePointer(k + length), UnsafePointer(k + 2 * length))
            // Three channels at a time (then two, or one): each coefficient
            // load serves three elements.
            var first = 0
            while first < channels {
              let width = Swift.min(3, channels - first)
              let a = columns.buffer.baseAddress! + first * items + lo
              _perItemChannels(a, n: n, items: items, width: width, inputs: 3, count: length, slot.0, slot.1, slot.2, values.base + first * items + lo)
              if let velocities {
                _perItemChannels(
                  a + 2 * n, n: n, items: items, width: width, inputs: 2, count: length, UnsafePointer(k + 3 * length),
                  UnsafePointer(k + 4 * length), slot.0, velocities.base + first * items + lo)
              }
              first += width
            }
            itemsWritten(UnsafePointer(values.base), lo..<hi)
            lo = hi
          }
        }
      }
    }
  }
}

/// Where ``SpringBatch/_applyPerItem(_:scratch:values:velocities:threads:block:)``
/// takes each block's coefficients from.
enum _PerItemCoefficients {
  /// Computed at `seconds` from each item's own group (group i is item i),
  /// whose bases are also in `bases` (`SpringBatch._groupBases`).
  case computed(_SendableBuffer<_SpringGroup>, bases: _SendableBuffer<Double>, seconds: Double)
  /// Gathered from the groups' five coefficients each (group-major).
  case gathered(_SendableBuffer<Double>)
}

/// `width` (1–3) consecutive channels of one block of `count` items: `a`
/// at the first channel's first input for the block's first item (inputs
/// `n` elements apart, channels `items` apart), `out` and the coefficients
/// `k0`–`k2` likewise; element by element `((0 + a·k0) + b·k1) + d·k2`
/// (three inputs) or `(0 + a·k0) + b·k1` (two; `k2` unread), the
/// operations of ``_valueTerm`` and ``_velocityTerm`` — in the C kernel of
/// `_HarmonicLanes`, four lanes wide where the processor has AVX2
/// (`LaneKernelTests.channelsMatchSwift` compares every build with them).
@inline(__always)
func _perItemChannels(
  _ a: UnsafePointer<Double>, n: Int, items: Int, width: Int, inputs: Int, count: Int, _ k0: UnsafePointer<Double>,
  _ k1: UnsafePointer<Double>, _ k2: UnsafePointer<Double>, _ out: UnsafeMutablePointer<Double>
) {
  let applied = _StepBasisKernel.applyChannels(a, n: n, items: items, width: width, inputs: inputs, count: count, k0, k1, k2, into: out)
  precondition(applied, "SpringBatch._perItemChannels: the channel kernel refused a block")
}
