/// `(0 + a·(1 − p)) + b·p`: exactly `a` at p = 0 and exactly `b` at p = 1,
/// with the operations in reference BLAS's order (`PosePair` through `dgemv`
/// gives the same bits). Harmonic's one linear interpolation: content offsets
/// and sizes, transforms, poses.
@inline(__always)
func _interpolate(_ a: Double, _ b: Double, _ p: Double) -> Double {
  (0 + a * (1 - p)) + b * p
}
