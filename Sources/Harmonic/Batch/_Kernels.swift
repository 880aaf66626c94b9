/// y[e] = ((0 + V[e]·c0) + V[n+e]·c1) + V[2n+e]·c2 for e in lo..<hi: three
/// streams in, one out, no fused multiply-add.
@inline(__always)
func _valueKernel(
  _ columns: UnsafePointer<Double>, _ n: Int, _ lo: Int, _ hi: Int, _ c0: Double, _ c1: Double, _ c2: Double,
  _ output: UnsafeMutablePointer<Double>
) {
  let start = columns, target = columns + n, velocity = columns + 2 * n
  for e in lo..<hi {
    output[e] = ((0 + start[e] * c0) + target[e] * c1) + velocity[e] * c2
  }
}

/// y[e] = (0 + W[e]·c0) + W[n+e]·c1 for e in lo..<hi.
@inline(__always)
func _velocityKernel(
  _ columns: UnsafePointer<Double>, _ n: Int, _ lo: Int, _ hi: Int, _ c0: Double, _ c1: Double,
  _ output: UnsafeMutablePointer<Double>
) {
  let velocity = columns, restoring = columns + n
  for e in lo..<hi {
    output[e] = (0 + velocity[e] * c0) + restoring[e] * c1
  }
}
