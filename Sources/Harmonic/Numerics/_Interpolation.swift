/// `(0 + a·(1 − p)) + b·p`: exactly `a` at p = 0 and exactly `b` at p = 1,
/// and exactly `a` at every p when a = b (the weights sum to 1 only to
/// rounding), with the operations in reference BLAS's order (`PosePair`
/// through `dgemv` gives the same bits). Harmonic's one linear
/// interpolation: content offsets and sizes, transforms, poses.
@inline(__always)
func _interpolate(_ a: Double, _ b: Double, _ p: Double) -> Double {
  a == b ? a : (0 + a * (1 - p)) + b * p
}
