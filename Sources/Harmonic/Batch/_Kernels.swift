/// y[e] = ((0 + V[e]·c0) + V[n+e]·c1) + V[2n+e]·c2 for e in lo..<hi, or
/// V[n+e] where V[e] == V[n+e] and V[2n+e] == 0: three streams in, one out,
/// no fused multiply-add — ``_valueTerm`` per element,
/// in the C kernel of `_HarmonicLanes`, built for the widest vector
/// instruction set the processor runs (`LaneKernelTests.sharedMatchesSwift`).
@inline(__always)
func _valueKernel(
  _ columns: UnsafePointer<Double>, _ n: Int, _ lo: Int, _ hi: Int, _ c0: Double, _ c1: Double, _ c2: Double,
  _ output: UnsafeMutablePointer<Double>
) {
  let applied = _StepBasisKernel.applyShared(columns, n: n, range: lo..<hi, inputs: 3, c0, c1, c2, into: output)
  precondition(applied, "_valueKernel: the C kernel refused")
}

/// y[e] = (0 + W[e]·c0) + W[n+e]·c1 for e in lo..<hi (``_velocityTerm``).
@inline(__always)
func _velocityKernel(
  _ columns: UnsafePointer<Double>, _ n: Int, _ lo: Int, _ hi: Int, _ c0: Double, _ c1: Double,
  _ output: UnsafeMutablePointer<Double>
) {
  let applied = _StepBasisKernel.applyShared(columns, n: n, range: lo..<hi, inputs: 2, c0, c1, 0, into: output)
  precondition(applied, "_velocityKernel: the C kernel refused")
}

/// One element's value, `((0 + start·c0) + target·c1) + velocity·c2`: the
/// order reference BLAS accumulates in, no fused multiply-add — or the
/// target itself where the element rests on it (start == target, velocity
/// 0): R + P is 1 only to rounding, and a channel at rest must not drift an
/// ulp off its value (an alpha of 1.0000000000000002).
@inline(__always)
func _valueTerm(_ start: Double, _ target: Double, _ velocity: Double, _ c0: Double, _ c1: Double, _ c2: Double) -> Double {
  start == target && velocity == 0 ? target : ((0 + start * c0) + target * c1) + velocity * c2
}

/// After BLAS has written `output[e] = columns · (R, P, Ŝ)` for e in
/// `lo..<hi` (a dgemv or dgemm, which cannot select): the target where the
/// element rests on it, as ``_valueTerm`` gives.
@inline(__always)
func _holdResting(_ columns: UnsafePointer<Double>, _ n: Int, _ lo: Int, _ hi: Int, _ output: UnsafeMutablePointer<Double>) {
  // A second pass over three of the inputs: the BLAS backend's price for
  // the same bits (bench, one thread: 1.6 → 2.3 ns a value in cache).
  for e in lo..<hi where columns[e] == columns[n + e] && columns[2 * n + e] == 0 { output[e] = columns[n + e] }
}

/// One element's rate, `(0 + velocity·c0) + restoring·c1`.
@inline(__always)
func _velocityTerm(_ velocity: Double, _ restoring: Double, _ c0: Double, _ c1: Double) -> Double {
  (0 + velocity * c0) + restoring * c1
}

/// One element's exact propagator step, `x + x·(Φ − I)`: displacement `u`
/// and velocity `v` to `((u + u·D₀) + v·D₁, (v + u·D₂) + v·D₃)`, the order
/// of reference dgemm with β = 1, no fused multiply-add.
@inline(__always)
func _stepTerm(_ u: Double, _ v: Double, _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double) -> (u: Double, v: Double) {
  ((u + u * d0) + v * d1, (v + u * d2) + v * d3)
}
