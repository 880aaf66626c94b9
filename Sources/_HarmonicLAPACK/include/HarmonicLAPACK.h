// C glue for HarmonicTuning: the two LAPACK routines the spring fitter calls,
// one signature on every platform. Not public API; see README.md in this folder.
#ifndef HARMONIC_LAPACK_H
#define HARMONIC_LAPACK_H
#include <stdint.h>

/// Least squares A·x ≈ b by QR (dgels, no transpose, one right-hand side);
/// A m×n column-major (lda = m) is overwritten, b (m) receives x in its first
/// n entries. Returns LAPACK's info (0 on success; > 0: A is rank-deficient;
/// −1000 if the workspace could not be allocated).
int32_t harmonic_dgels(int32_t m, int32_t n, double *a, double *b);

/// Eigenvalues, ascending, of the symmetric n×n matrix a (upper triangle
/// read, lda = n, overwritten) into w (dsyev, values only). Returns info.
int32_t harmonic_dsyev(int32_t n, double *a, double *w);

#endif
