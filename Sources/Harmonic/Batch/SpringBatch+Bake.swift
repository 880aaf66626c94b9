extension SpringBatch {
  /// A baked animation: the values of every element at T ticks, as one
  /// (N·C) × T column-major matrix.
  public struct Bake: Sendable {
    /// T.
    package let frameCount: Int
    /// `values[j·N·C + e]` is element `e` at `ticks[j]`, in units.
    public internal(set) var values: [Double]
    /// The ticks of the last bake.
    public internal(set) var ticks: [AnimationTime]
    /// Per group a 3 × T matrix (column j = Ĉ, 1 − Ĉ, Ŝ at ticks[j]).
    var _coefficients: [Double]
  }
}

extension SpringBatch {
  /// Buffers for baking `frameCount` ticks at once.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   `frameCount` < 1 or N·C·T does not fit in memory addresses.
  public func makeBake(frameCount: Int) throws(HarmonicError) -> SpringBatch.Bake {
    let (size, overflow) = elementCount.multipliedReportingOverflow(by: max(frameCount, 0))
    guard frameCount >= 1, !overflow, size <= Int(Int32.max) * 64 else {
      throw .invalidParameter(name: "frameCount", value: Double(frameCount), accepted: "≥ 1, with N·C·T ≤ 1.4e11")
    }
    return SpringBatch.Bake(
      frameCount: frameCount, values: Array(repeating: 0, count: size), ticks: [],
      _coefficients: Array(repeating: 0, count: 3 * frameCount * _groups.count))
  }

  /// Values of every element at every tick of `ticks`, at once.
  ///
  /// Column j of the result has the same bits as ``evaluate(at:into:backend:threads:)``
  /// at `ticks[j]`. With `.blas` it is one `dgemm` of [start | target | velocity]
  /// (N·C × 3) by a 3 × T coefficient matrix per group run.
  ///
  /// - Parameters:
  ///   - ticks: `frameCount` ticks in non-decreasing order.
  ///   - bake: buffers from ``makeBake(frameCount:)``.
  ///   - backend: `.native` (default) or `.blas`; the same bits with reference BLAS.
  ///   - threads: the most workers to use (default: the cores); each gets at
  ///     least 100,000 values, so a small batch runs on one.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   wrong tick count, a tick before its predecessor, or a buffer made for
  ///   another batch — before anything is written.
  /// - Complexity: O(N·C·T); no allocation.
  public func bake(
    ticks: [AnimationTime], into bake: inout SpringBatch.Bake, backend: BatchBackend = .native, threads: Int? = nil
  ) throws(HarmonicError) {
    let frames = bake.frameCount
    try _Check.shape(ticks.count, "ticks.count", expected: frames, what: "the bake's frameCount")
    for j in 1..<max(1, ticks.count) {
      try _Check.order(Double(ticks[j].ticks), "ticks[\(j)]", .atLeast, Double(ticks[j - 1].ticks), "ticks[\(j - 1)]", why: "bake times must not decrease")
    }
    guard bake.values.count == elementCount * frames, bake._coefficients.count == 3 * frames * _groups.count else {
      throw .invalidParameter(name: "bake", value: Double(bake.values.count), accepted: "buffers from this batch's makeBake(frameCount:)")
    }
    bake._coefficients.withUnsafeMutableBufferPointer { w in
      for g in 0..<_groups.count {
        let basis = _groups[g].spring._basis
        for j in 0..<frames {
          let tick = ticks[j]
          let (_, s, remaining, step) = basis.stepBasis(tick._seconds(since: start))
          let k = 3 * (g * frames + j)
          w[k] = remaining
          w[k + 1] = step
          w[k + 2] = s
        }
      }
    }
    let n = elementCount
    let items = itemCount
    let channels = channelCount
    let runs = _runs
    let useBLAS = _usesBLAS(backend)
    bake._coefficients.withUnsafeBufferPointer { w in
      let w = _SendableBuffer(w)
      bake.values.withUnsafeMutableBufferPointer { out in
        let out = _SendablePointer(out.baseAddress!)
        _columns.withUnsafeBufferPointer { columns in
          let columns = _SendableBuffer(columns)
          _groupOfItem.withUnsafeBufferPointer { groupOfItem in
            let groupOfItem = _SendableBuffer(groupOfItem)
            _Parallel.forEachItemRange(itemCount: items, elementCount: n * frames, threads: threads) { range in
              for channel in 0..<channels {
                let base = channel * items
                if useBLAS {
                  _forEachRunSlice(runs, in: range) { run, lo, hi in
                    _BLAS.gemm(
                      m: hi - lo, n: frames, k: 3, a: columns.buffer.baseAddress! + base + lo, lda: n,
                      b: w.buffer.baseAddress! + 3 * run.group * frames, ldb: 3, c: out.base + base + lo, ldc: n)
                    for j in 0..<frames { _holdResting(columns.buffer.baseAddress!, n, base + lo, base + hi, out.base + j * n) }
                  }
                  continue
                }
                // Blocks of elements stay in cache while every frame is written.
                var blockStart = range.lowerBound
                while blockStart < range.upperBound {
                  let blockEnd = min(blockStart + 512, range.upperBound)
                  for j in 0..<frames {
                    if groupOfItem.isEmpty {
                      let k = 3 * j
                      _valueKernel(columns.buffer.baseAddress!, n, base + blockStart, base + blockEnd, w[k], w[k + 1], w[k + 2], out.base + j * n)
                    } else {
                      for item in blockStart..<blockEnd {
                        let k = 3 * (Int(groupOfItem[item]) * frames + j)
                        let e = base + item
                        out[j * n + e] = _valueTerm(columns[e], columns[n + e], columns[2 * n + e], w[k], w[k + 1], w[k + 2])
                      }
                    }
                  }
                  blockStart = blockEnd
                }
              }
            }
          }
        }
      }
    }
    bake.ticks = ticks
  }
}
