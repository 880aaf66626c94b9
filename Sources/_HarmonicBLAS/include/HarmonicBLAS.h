// C glue for Harmonic: the four BLAS/LAPACK routines it calls, one signature
// on every platform. Not public API; see README.md in this folder.
#ifndef HARMONIC_BLAS_H
#define HARMONIC_BLAS_H
#include <stdint.h>

/// y[0..<m] = A·x with A m×n, column-major, leading dimension lda (α = 1, β = 0).
void harmonic_dgemv(int32_t m, int32_t n, const double *a, int32_t lda, const double *x, double *y);

/// C = A·B + β·C with A m×k (lda), B k×n (ldb), C m×n (ldc), all column-major, α = 1.
void harmonic_dgemm(int32_t m, int32_t n, int32_t k, const double *a, int32_t lda, const double *b, int32_t ldb,
                    double beta, double *c, int32_t ldc);

/// Least squares A·x ≈ b by QR (dgels, no transpose, one right-hand side);
/// A m×n column-major (lda = m) is overwritten, b (m) receives x in its first
/// n entries. Returns LAPACK's info (0 on success; > 0: A is rank-deficient;
/// −1000 if the workspace could not be allocated).
int32_t harmonic_dgels(int32_t m, int32_t n, double *a, double *b);

/// Eigenvalues, ascending, of the symmetric n×n matrix a (upper triangle
/// read, lda = n, overwritten) into w (dsyev, values only). Returns info.
int32_t harmonic_dsyev(int32_t n, double *a, double *w);

#endif
