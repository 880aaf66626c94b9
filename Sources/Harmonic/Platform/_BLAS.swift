import _HarmonicBLAS

/// The two BLAS calls Harmonic's batch engine makes, column-major, α = 1,
/// through the `_HarmonicBLAS` shim (the system CBLAS on Linux, Accelerate on
/// Apple platforms).
///
/// With reference BLAS (netlib) both compute, for every output element,
/// `((0 + w₀·a₀) + w₁·a₁) + …` in column order with separate multiplies and
/// adds — exactly what the native kernels do — so the two agree bit for bit.
/// OpenBLAS uses fused multiply-adds and blocks differently: its last bits differ.
enum _BLAS {
  /// y[0..<m] = A·x, A m×n column-major with leading dimension lda.
  static func gemv(
    m: Int, n: Int, a: UnsafePointer<Double>, lda: Int, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>
  ) {
    precondition(m <= Int(Int32.max) && lda <= Int(Int32.max), "BLAS dimensions are 32-bit")
    harmonic_dgemv(Int32(m), Int32(n), a, Int32(lda), x, y)
  }

  /// C = A·B, A m×k (lda), B k×n (ldb), C m×n (ldc), all column-major.
  static func gemm(
    m: Int, n: Int, k: Int, a: UnsafePointer<Double>, lda: Int, b: UnsafePointer<Double>, ldb: Int,
    c: UnsafeMutablePointer<Double>, ldc: Int, beta: Double = 0
  ) {
    precondition(m <= Int(Int32.max) && lda <= Int(Int32.max) && ldc <= Int(Int32.max), "BLAS dimensions are 32-bit")
    harmonic_dgemm(Int32(m), Int32(n), Int32(k), a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
  }

  /// Which BLAS is answering (see `_Platform.blasDescription`).
  static var implementation: String { _Platform.blasDescription }

  /// Whether the active BLAS is known to round exactly like the native kernels.
  static var isBitCompatibleWithNative: Bool { implementation.hasPrefix("reference BLAS") }
}
