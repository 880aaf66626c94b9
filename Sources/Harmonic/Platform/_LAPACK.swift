#if canImport(Accelerate)
import Accelerate
#elseif canImport(_HarmonicBLAS)
import _HarmonicBLAS
#endif

/// The two LAPACK routines the spring fitter uses, column-major.
enum _LAPACK {
  /// Least-squares solution of A·x ≈ b (A m×n, m ≥ n, full rank) by QR
  /// (`dgels`). Returns nil when LAPACK reports a rank-deficient A.
  static func leastSquares(_ a: [Double], rows m: Int, columns n: Int, _ b: [Double]) -> [Double]? {
    precondition(a.count == m * n && b.count == m && m >= n)
    var matrix = a
    var rhs = b
    #if canImport(Accelerate)
    var trans = Int8(UInt8(ascii: "N"))
    var (mm, nn, nrhs, lda, ldb) = (__CLPK_integer(m), __CLPK_integer(n), __CLPK_integer(1), __CLPK_integer(m), __CLPK_integer(m))
    var work = [Double](repeating: 0, count: max(1, 64 * (m + n)))
    var lwork = __CLPK_integer(work.count)
    var info = __CLPK_integer(0)
    dgels_(&trans, &mm, &nn, &nrhs, &matrix, &lda, &rhs, &ldb, &work, &lwork, &info)
    #else
    let info = LAPACKE_dgels(LAPACK_COL_MAJOR, Int8(UInt8(ascii: "N")), Int32(m), Int32(n), 1, &matrix, Int32(m), &rhs, Int32(m))
    #endif
    guard info == 0 else { return nil }
    return Array(rhs.prefix(n))
  }

  /// Eigenvalues (ascending) of a symmetric n×n matrix (`dsyev`).
  static func symmetricEigenvalues(_ a: [Double], n: Int) -> [Double]? {
    precondition(a.count == n * n)
    var matrix = a
    var values = [Double](repeating: 0, count: n)
    #if canImport(Accelerate)
    var (jobz, uplo) = (Int8(UInt8(ascii: "N")), Int8(UInt8(ascii: "U")))
    var (nn, lda) = (__CLPK_integer(n), __CLPK_integer(n))
    var work = [Double](repeating: 0, count: max(1, 8 * n))
    var lwork = __CLPK_integer(work.count)
    var info = __CLPK_integer(0)
    dsyev_(&jobz, &uplo, &nn, &matrix, &lda, &values, &work, &lwork, &info)
    #else
    let info = LAPACKE_dsyev(LAPACK_COL_MAJOR, Int8(UInt8(ascii: "N")), Int8(UInt8(ascii: "U")), Int32(n), &matrix, Int32(n), &values)
    #endif
    return info == 0 ? values : nil
  }
}
