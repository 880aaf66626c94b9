/// Two poses of N·C values, kept side by side as one column-major N·C × 2
/// matrix, for linear interpolation between them.
///
/// `interpolate(progress: p)` writes `(0 + from·(1 − p)) + to·p` per element:
/// exactly `from` at p = 0 and exactly `to` at p = 1, and exactly `from` at
/// every p where `from` equals `to`. p outside [0, 1]
/// extrapolates (that is what a spring's overshoot does with progress).
/// Transforms are interpolated component-wise.
public struct PosePair: Sendable {
  package let elementCount: Int
  var _columns: [Double]

  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   unequal or empty poses or non-finite entries.
  public init(from: [Double], to: [Double]) throws(HarmonicError) {
    try _Check.count(from.count, "from.count", atLeast: 1)
    try _Check.shape(to.count, "to.count", expected: from.count, what: "from.count")
    for (name, pose) in [("from", from), ("to", to)] {
      for (index, value) in pose.enumerated() where !(value.magnitude <= _Check.maximumMagnitude) {
        try _Check.finiteMagnitude(value, "\(name)[\(index)]", unit: "units")
      }
    }
    elementCount = from.count
    _columns = from + to
  }

  /// Writes the pose at `progress` into `output`.
  ///
  /// - Parameters:
  ///   - progress: p; the pose is (1 − p)·from + p·to.
  ///   - output: `elementCount` values, overwritten.
  ///   - backend: `.native` (default) or `.blas`.
  ///   - threads: the most workers to use (default: the cores); each gets at
  ///     least 100,000 values, so a small batch runs on one. The result does
  ///     not depend on it.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   progress that is not finite with magnitude ≤ 1e6 or a wrongly sized output.
  public func interpolate(
    progress: Double, into output: inout [Double], backend: BatchBackend = .native, threads: Int? = nil
  ) throws(HarmonicError) {
    try _Check.factor(progress, "progress", unit: "progress")
    try _Check.shape(output.count, "output.count", expected: elementCount, what: "elementCount")
    let n = elementCount
    let weights = (1 - progress, progress)
    _columns.withUnsafeBufferPointer { columns in
      let columns = _SendableBuffer(columns)
      output.withUnsafeMutableBufferPointer { out in
        let out = _SendablePointer(out.baseAddress!)
        _Parallel.forEachItemRange(itemCount: n, elementCount: n, threads: threads) { range in
          if backend == .blas {
            var x = weights
            withUnsafePointer(to: &x) { x in
              x.withMemoryRebound(to: Double.self, capacity: 2) { x in
                _BLAS.gemv(m: range.count, n: 2, a: columns.buffer.baseAddress! + range.lowerBound, lda: n, x: x, y: out.base + range.lowerBound)
              }
            }
            for e in range where columns[e] == columns[n + e] { out[e] = columns[e] }
          } else {
            // `_interpolate` per element, in the C kernel of `_HarmonicLanes`.
            let (from, to) = (columns.buffer.baseAddress!, columns.buffer.baseAddress! + n)
            let applied = _StepBasisKernel.applyInterpolation(from, to, range: range, progress: progress, into: out.base)
            precondition(applied, "PosePair.interpolate: the C kernel refused")
          }
        }
      }
    }
  }
}
