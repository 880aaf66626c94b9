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
    /// With items in several groups: the same five per item, slot-major
    /// (`slot·N + item`), so that every channel streams them.
    var _itemCoefficients: [Double]

    /// The value of (item, channel) for a batch with `itemCount` items.
    public func value(item: Int, channel: Int, itemCount: Int) -> Double { values[channel * itemCount + item] }
  }
}

extension SpringBatch {
  /// Buffers sized for this batch: values (and velocities), N·C each, and —
  /// when items have different springs — five coefficients per item
  /// (40 bytes an item), gathered once per frame so that every channel
  /// streams them.
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
  /// agree bit for bit. Times before ``origin`` give the state at the origin.
  ///
  /// - Parameters:
  ///   - time: the tick.
  ///   - frame: buffers from ``makeFrame(velocities:)`` of this batch (or one
  ///     with the same element and group counts).
  ///   - backend: `.native` (default) or `.blas`.
  ///   - threads: worker count; `nil` picks 1 below 100,000 elements and all
  ///     cores above. The result does not depend on it.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   the frame was made for a differently sized batch; the frame is then untouched.
  /// - Complexity: O(N·C); no allocation.
  public func evaluate(
    at time: AnimationTime, into frame: inout SpringBatch.Frame, backend: BatchBackend = .native, threads: Int? = nil
  ) throws(HarmonicError) {
    try _checkFrame(frame)
    let seconds = time._seconds(since: origin)
    // Index loops throughout: for-in over arrays of structs allocates in
    // unoptimized builds, and frames must not allocate in any build.
    // Every spring distinct: the groups' coefficients are the items', slot-major.
    let layout = _groupsAreItems ? _StepCoefficients.Layout.slotMajor(count: itemCount) : .groupMajor
    _groups.withUnsafeBufferPointer { groups in
      let groups = _SendableBuffer(groups)
      func write(_ coefficients: inout [Double]) {
        coefficients.withUnsafeMutableBufferPointer { coefficients in
          let coefficients = _SendablePointer(coefficients.baseAddress!)
          // Many groups (per-item springs) are the costly part: split them too.
          _Parallel.forEachItemRange(itemCount: groups.buffer.count, elementCount: 16 * groups.buffer.count, threads: threads) { range in
            _StepCoefficients.write(groups, range, at: seconds, into: coefficients, layout: layout)
          }
        }
      }
      if _groupsAreItems { write(&frame._itemCoefficients) } else { write(&frame._coefficients) }
    }
    let useBLAS = _usesBLAS(backend)
    if !useBLAS, !_groupOfItem.isEmpty, !_groupsAreItems { _gatherItemCoefficients(&frame, threads: threads) }
    let gathered = !useBLAS && !_groupOfItem.isEmpty
    (gathered ? frame._itemCoefficients : frame._coefficients).withUnsafeBufferPointer { coefficients in
      let coefficients = _SendableBuffer(coefficients)
      frame.values.withUnsafeMutableBufferPointer { values in
        _applyValue(coefficients: coefficients, output: _SendablePointer(values.baseAddress!), useBLAS: useBLAS, threads: threads)
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
    guard frame.values.count == elementCount else {
      throw .invalidParameter(
        name: "frame.values.count", value: Double(frame.values.count), accepted: "this batch's element count \(elementCount) (make the frame with makeFrame())")
    }
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

  /// Whether `backend` really uses BLAS here: only when spring-group runs
  /// average at least 8 items (per-item springs fall back to native loops).
  func _usesBLAS(_ backend: BatchBackend) -> Bool {
    backend == .blas && (_runs.count == 1 || _runs.count * 8 <= itemCount)
  }

  /// values = [start | target | velocity] · (R, P, Ŝ) of each element's group.
  func _applyValue(coefficients: _SendableBuffer<Double>, output: _SendablePointer, useBLAS: Bool, threads: Int?) {
    _apply(firstColumn: 0, slots: (0, 1, 2), coefficients: coefficients, output: output, useBLAS: useBLAS, threads: threads)
  }

  /// velocities = [velocity | restoring] · (Ĉ, −Ŝ) of each element's group.
  func _applyVelocity(coefficients: _SendableBuffer<Double>, output: _SendablePointer, useBLAS: Bool, threads: Int?) {
    _apply(firstColumn: 2, slots: (3, 4, nil), coefficients: coefficients, output: output, useBLAS: useBLAS, threads: threads)
  }

  /// output = columns `firstColumn…` · (the group's coefficients at `slots`),
  /// one input column per slot, accumulated in column order from 0 — the
  /// order reference BLAS uses, so every path gives the same bits.
  func _apply(
    firstColumn: Int, slots: (Int, Int, Int?), coefficients: _SendableBuffer<Double>, output: _SendablePointer, useBLAS: Bool, threads: Int?
  ) {
    let n = elementCount
    let items = itemCount
    let channels = channelCount
    let runs = _runs
    // A tuple, not an array: frames must not allocate.
    let inputs = slots.2 == nil ? 2 : 3
    let (s0, s1, s2) = (slots.0, slots.1, slots.2 ?? 0)
    _columns.withUnsafeBufferPointer { allColumns in
      let columns = _SendableBuffer(UnsafeBufferPointer(rebasing: allColumns[(firstColumn * n)...]))
      _groupOfItem.withUnsafeBufferPointer { groupOfItem in
        let groupOfItem = _SendableBuffer(groupOfItem)
        _Parallel.forEachItemRange(itemCount: items, elementCount: n, threads: threads) { range in
          for channel in 0..<channels {
            let base = channel * items
            if useBLAS {
              _forEachRunSlice(runs, in: range) { run, lo, hi in
                let g = 5 * run.group
                var x = (coefficients[g + s0], coefficients[g + s1], coefficients[g + s2])
                withUnsafePointer(to: &x) { x in
                  x.withMemoryRebound(to: Double.self, capacity: 3) { x in
                    _BLAS.gemv(m: hi - lo, n: inputs, a: columns.buffer.baseAddress! + base + lo, lda: n, x: x, y: output.base + base + lo)
                  }
                }
              }
            } else if groupOfItem.isEmpty {
              let (lo, hi) = (base + range.lowerBound, base + range.upperBound)
              if inputs == 3 {
                _valueKernel(columns.buffer.baseAddress!, n, lo, hi, coefficients[s0], coefficients[s1], coefficients[s2], output.base)
              } else {
                _velocityKernel(columns.buffer.baseAddress!, n, lo, hi, coefficients[s0], coefficients[s1], output.base)
              }
            } else {
              // Per-item coefficients, slot-major (gathered once per frame):
              // every stream sequential, the same operations per element.
              let a = columns.buffer.baseAddress! + base, b = a + n, out = output.base + base
              let (k0, k1) = (coefficients.buffer.baseAddress! + s0 * items, coefficients.buffer.baseAddress! + s1 * items)
              if inputs == 3 {
                let (d, k2) = (a + 2 * n, coefficients.buffer.baseAddress! + s2 * items)
                for item in range { out[item] = ((0 + a[item] * k0[item]) + b[item] * k1[item]) + d[item] * k2[item] }
              } else {
                for item in range { out[item] = (0 + a[item] * k0[item]) + b[item] * k1[item] }
              }
            }
          }
        }
      }
    }
  }
}

extension SpringBatch {
  /// The group coefficients copied to every item, slot-major (N per slot):
  /// one pass over the items, then the channels stream them.
  func _gatherItemCoefficients(_ frame: inout SpringBatch.Frame, threads: Int?) {
    let items = itemCount
    _groupOfItem.withUnsafeBufferPointer { groupOfItem in
      let groupOfItem = _SendableBuffer(groupOfItem)
      frame._coefficients.withUnsafeBufferPointer { coefficients in
        let coefficients = _SendableBuffer(coefficients)
        frame._itemCoefficients.withUnsafeMutableBufferPointer { perItem in
          let perItem = _SendablePointer(perItem.baseAddress!)
          _Parallel.forEachItemRange(itemCount: items, elementCount: 5 * items, threads: threads) { range in
            for item in range {
              let g = 5 * Int(groupOfItem[item])
              for slot in 0..<5 { perItem[slot * items + item] = coefficients[g + slot] }
            }
          }
        }
      }
    }
  }
}
