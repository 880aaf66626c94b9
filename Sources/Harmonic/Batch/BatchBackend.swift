/// How a batch operation is computed. Both give the same bits with reference
/// BLAS; <doc:Performance> compares their cost.
public enum BatchBackend: Sendable, Hashable, CaseIterable {
  /// Fused single-pass Swift loops: one read of each input column and one
  /// write per element. The default: the inner dimension of every batch
  /// operation is only 2 or 3, so these are memory-bound level-2 shapes, and a
  /// single pass moves the fewest bytes (<doc:Performance> compares
  /// the backends).
  case native
  /// `cblas_dgemv` / `cblas_dgemm` of the active `libblas.so.3` (Accelerate on
  /// Apple platforms), one call per (spring-group run, worker). With per-item
  /// springs every run is one item, so this backend falls back to `.native`.
  case blas
}

extension SpringBatch {
  /// The BLAS library answering the `.blas` backend, as found at run time
  /// from its symbols: "reference BLAS", "OpenBLAS … (Haswell)" or
  /// "Accelerate".
  package static var blasImplementation: String { _BLAS.implementation }

  /// Whether `.blas` gives the same bits as `.native` with the BLAS found at
  /// run time: `true` for reference BLAS, which accumulates in the native
  /// loops' order without fused multiply-add. Otherwise (OpenBLAS,
  /// Accelerate) the backends agree to within 4ε of the sum of the magnitudes
  /// of each element's terms (e.g. |start·R| + |target·P| + |v₀·Ŝ| for a
  /// value): FMA and blocking change the last bits, never more. Either
  /// backend alone is deterministic run to run.
  package static var blasMatchesNativeBitForBit: Bool { _BLAS.isBitCompatibleWithNative }
}
