/// Advances a ``SpringBatch`` by a fixed step with the exact discrete
/// propagator: per spring, the closed-form solution over one step as a 2×2
/// matrix,
///
///     [u]        [Ĉ + a·Ŝ    Ŝ     ] [u]
///     [v](t+h) = [−ω₀²·Ŝ     Ĉ − a·Ŝ] [v](t),     u = value − target,
///
/// with (Ĉ, Ŝ) at the step h. It is unconditionally stable and exact at the
/// sample points up to rounding (which accumulates slowly: a step adds a few
/// ulps of the state). For frame-rate-independent bits use
/// ``SpringBatch/evaluate(at:into:backend:threads:)`` instead; the stepper's
/// result depends on h.
///
/// With `.blas` a step is `[u v]·Φᵀ`, one `dgemm` ((N·C × 2) by 2 × 2) per
/// group run.
public struct SpringBatchStepper: Sendable {
  /// The step h.
  public let step: AnimationTime
  /// The tick of the current state.
  public private(set) var time: AnimationTime
  let itemCount: Int
  let channelCount: Int
  /// [u | v], each N·C long; `_next` is the other buffer of the pair.
  var _state: [Double]
  var _next: [Double]
  var _targets: [Double]
  /// Per group Φᵀ column-major: Φ₀₀, Φ₀₁, Φ₁₀, Φ₁₁.
  var _propagators: [Double]
  var _groupOfItem: [Int32]
  var _runs: [_GroupRun]
  var _usesBLASRuns: Bool

  /// Advances by one step h.
  ///
  /// - Complexity: O(N·C); no allocation (the two state buffers swap).
  public mutating func advance(backend: BatchBackend = .native, threads: Int? = nil) {
    let n = itemCount * channelCount
    let items = itemCount
    let channels = channelCount
    let runs = _runs
    let useBLAS = backend == .blas && _usesBLASRuns
    _propagators.withUnsafeBufferPointer { phi in
      let phi = _SendableBuffer(phi)
      _state.withUnsafeBufferPointer { state in
        let state = _SendableBuffer(state)
        _next.withUnsafeMutableBufferPointer { next in
          let next = _SendablePointer(next.baseAddress!)
          _groupOfItem.withUnsafeBufferPointer { groupOfItem in
            let groupOfItem = _SendableBuffer(groupOfItem)
            _Parallel.forEachItemRange(itemCount: items, elementCount: n, threads: threads) { range in
              for channel in 0..<channels {
                let base = channel * items
                if useBLAS {
                  _forEachRunSlice(runs, in: range) { run, lo, hi in
                    _BLAS.gemm(m: hi - lo, n: 2, k: 2, a: state.buffer.baseAddress! + base + lo, lda: n,
                               b: phi.buffer.baseAddress! + 4 * run.group, ldb: 2, c: next.base + base + lo, ldc: n)
                  }
                  continue
                }
                for item in range {
                  let g = groupOfItem.isEmpty ? 0 : 4 * Int(groupOfItem[item])
                  let e = base + item
                  let u = state[e], v = state[n + e]
                  next[e] = (0 + u * phi[g]) + v * phi[g + 1]
                  next[n + e] = (0 + u * phi[g + 2]) + v * phi[g + 3]
                }
              }
            }
          }
        }
      }
    }
    swap(&_state, &_next)
    time = time + step
  }

  /// Writes target + u for every element (channel-major) into `values`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   `values.count` is not N·C.
  public func values(into values: inout [Double]) throws(HarmonicError) {
    let n = itemCount * channelCount
    guard values.count == n else {
      throw .invalidParameter(name: "values.count", value: Double(values.count), accepted: "N·C = \(n)")
    }
    for e in 0..<n { values[e] = _targets[e] + _state[e] }
  }

  /// The current velocity of every element (channel-major), units/s.
  public var velocities: ArraySlice<Double> { _state[(itemCount * channelCount)...] }
}

extension SpringBatch {
  /// A stepper starting at ``origin`` that advances by `step`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   `step` is not positive.
  public func makeStepper(step: AnimationTime) throws(HarmonicError) -> SpringBatchStepper {
    guard step.ticks > 0 else {
      throw .invalidParameter(name: "step", value: Double(step.ticks), accepted: "> 0 ticks")
    }
    let n = elementCount
    var state = [Double](repeating: 0, count: 2 * n)
    for e in 0..<n {
      state[e] = _valueColumns[e] - _valueColumns[n + e]
      state[n + e] = _velocityColumns[e]
    }
    let h = step.seconds
    var propagators: [Double] = []
    propagators.reserveCapacity(4 * _groups.count)
    for group in _groups {
      let basis = group.spring._basis
      let (c, s) = basis.basis(h)
      propagators += [c + basis.decayRate * s, s, -(basis.omegaSquared * s), c - basis.decayRate * s]
    }
    return SpringBatchStepper(
      step: step, time: origin, itemCount: itemCount, channelCount: channelCount, _state: state,
      _next: Array(repeating: 0, count: 2 * n), _targets: Array(_valueColumns[n..<(2 * n)]),
      _propagators: propagators, _groupOfItem: _groupOfItem, _runs: _runs, _usesBLASRuns: _usesBLAS(.blas))
  }
}
