import Harmonic
import _HarmonicLAPACK

/// The two LAPACK routines the spring fitter uses, column-major, through the
/// `_HarmonicLAPACK` shim (LAPACKE on Linux, Accelerate on Apple platforms).
enum _LAPACK {
  /// Least-squares solution of A·x ≈ b (A m×n, m ≥ n, full rank) by QR
  /// (`dgels`). Returns nil when LAPACK reports a rank-deficient A.
  static func leastSquares(_ a: [Double], rows m: Int, columns n: Int, _ b: [Double]) -> [Double]? {
    precondition(a.count == m * n && b.count == m && m >= n && m <= Int(Int32.max))
    var matrix = a
    var rhs = b
    let info = harmonic_dgels(Int32(m), Int32(n), &matrix, &rhs)
    guard info == 0 else { return nil }
    return Array(rhs.prefix(n))
  }

  /// Eigenvalues (ascending) of a symmetric n×n matrix (`dsyev`).
  static func symmetricEigenvalues(_ a: [Double], n: Int) -> [Double]? {
    precondition(a.count == n * n && n <= Int(Int32.max))
    var matrix = a
    var values = [Double](repeating: 0, count: n)
    let info = harmonic_dsyev(Int32(n), &matrix, &values)
    return info == 0 ? values : nil
  }
}
