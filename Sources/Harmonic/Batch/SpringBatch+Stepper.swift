extension SpringBatch {
  /// Advances a ``SpringBatch`` by a fixed step with the exact discrete
  /// propagator: per spring, the closed-form solution over one step as a 2×2
  /// matrix,
  ///
  ///     [u]        [Ĉ + a·Ŝ    Ŝ     ] [u]
  ///     [v](t+h) = [−ω₀²·Ŝ     Ĉ − a·Ŝ] [v](t),     u = value − target,
  ///
  /// with (Ĉ, Ŝ) at the step h. It is unconditionally stable and exact at the
  /// sample points up to rounding. A step adds an increment to the state,
  /// `x + (Φ − I)·x`, with `Ĉ − 1` formed without cancellation
  /// (`expm1(−a h)·cos θ − 2 sin²(θ/2)`): the matrix entries then carry errors
  /// relative to the small increment, not to 1, and undamped springs keep
  /// their amplitude and phase over 10⁸ steps (see the `soak` figures in
  /// <doc:Reliability>). For frame-rate-independent bits use
  /// ``SpringBatch/evaluate(at:into:backend:threads:)`` instead; the stepper's
  /// result depends on h.
  ///
  /// With `.blas` a step is `[u v] + [u v]·(Φ − I)ᵀ`, one `dgemm` ((N·C × 2)
  /// by 2 × 2, β = 1) per group run; the native loop performs the same
  /// operations in the same order, so both give the same bits.
  public struct Stepper: Sendable {
    /// The step h.
    public let step: AnimationTime
    /// The tick of the current state (saturates at `Int64.max` ticks, ±414
    /// years, rather than wrapping).
    public private(set) var time: AnimationTime
    let itemCount: Int
    let channelCount: Int
    /// [u | v], each N·C long; `_next` is the other buffer of the pair.
    var _state: [Double]
    var _next: [Double]
    var _targets: [Double]
    /// Per group (Φ − I)ᵀ column-major: Φ₀₀ − 1, Φ₀₁, Φ₁₀, Φ₁₁ − 1.
    var _propagators: [Double]
    var _groupOfItem: [Int32]
    var _runs: [_GroupRun]
    var _usesBLASRuns: Bool

    /// Advances by one step h.
    ///
    /// - Parameters:
    ///   - backend: `.native` (default) or `.blas`.
    ///   - threads: the most workers to use (default: the cores); each gets at
    ///     least 100,000 values, so a small batch runs on one. The result does
    ///     not depend on it.
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
                      // next = state, then next += state·(Φ − I)ᵀ (β = 1).
                      (next.base + base + lo).update(from: state.buffer.baseAddress! + base + lo, count: hi - lo)
                      (next.base + n + base + lo).update(from: state.buffer.baseAddress! + n + base + lo, count: hi - lo)
                      _BLAS.gemm(
                        m: hi - lo, n: 2, k: 2, a: state.buffer.baseAddress! + base + lo, lda: n,
                        b: phi.buffer.baseAddress! + 4 * run.group, ldb: 2, c: next.base + base + lo, ldc: n, beta: 1)
                    }
                    continue
                  }
                  if groupOfItem.isEmpty {
                    // One spring: its propagator hoisted, in the C kernel
                    // of `_HarmonicLanes` (the same operations per element
                    // as below, `_stepTerm`).
                    let (u0, v0) = (state.buffer.baseAddress! + base, state.buffer.baseAddress! + n + base)
                    let (u1, v1) = (next.base + base, next.base + n + base)
                    let stepped = _StepBasisKernel.applyStep(u0, v0, range: range, (phi[0], phi[1], phi[2], phi[3]), into: u1, v1)
                    precondition(stepped, "SpringBatch.step: the C kernel refused")
                    continue
                  }
                  for item in range {
                    let g = 4 * Int(groupOfItem[item])
                    let e = base + item
                    (next[e], next[n + e]) = _stepTerm(state[e], state[n + e], phi[g], phi[g + 1], phi[g + 2], phi[g + 3])
                  }
                }
              }
            }
          }
        }
      }
      swap(&_state, &_next)
      time = time._advanced(by: step.ticks)
    }

    /// Writes target + u for every element (channel-major) into `values`.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
    ///   `values.count` is not N·C.
    public func values(into values: inout [Double]) throws(HarmonicError) {
      let n = itemCount * channelCount
      try _Check.shape(values.count, "values.count", expected: n, what: "N·C")
      for e in 0..<n { values[e] = _targets[e] + _state[e] }
    }

    /// The current velocity of every element (channel-major), units/s.
    public var velocities: ArraySlice<Double> { _state[(itemCount * channelCount)...] }
  }
}

extension SpringBatch {
  /// A stepper starting at ``start`` that advances by `step`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   `step` is not positive.
  public func makeStepper(step: AnimationTime) throws(HarmonicError) -> SpringBatch.Stepper {
    try _Check.ticks(step.ticks, "step")
    let n = elementCount
    var state = [Double](repeating: 0, count: 2 * n)
    for e in 0..<n {
      state[e] = _columns[e] - _columns[n + e]
      state[n + e] = _columns[2 * n + e]
    }
    let h = step.seconds
    var propagators: [Double] = []
    propagators.reserveCapacity(4 * _groups.count)
    for group in _groups {
      let basis = group.spring._basis
      let (_, s) = basis.basis(h)
      let cMinusOne = basis.basisMinusOne(h)
      propagators += [cMinusOne + basis.decayRate * s, s, -(basis.omegaSquared * s), cMinusOne - basis.decayRate * s]
    }
    return SpringBatch.Stepper(
      step: step, time: start, itemCount: itemCount, channelCount: channelCount, _state: state,
      _next: Array(repeating: 0, count: 2 * n), _targets: Array(_columns[n..<(2 * n)]),
      _propagators: propagators, _groupOfItem: _groupOfItem, _runs: _runs, _usesBLASRuns: _usesBLAS(.blas))
  }
}
