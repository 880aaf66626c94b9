// C glue for Harmonic: the two BLAS routines the batch engine calls, one
// signature on every platform. Not public API; see README.md in this folder.
#ifndef HARMONIC_BLAS_H
#define HARMONIC_BLAS_H
#include <stdint.h>

/// y[0..<m] = A·x with A m×n, column-major, leading dimension lda (α = 1, β = 0).
void harmonic_dgemv(int32_t m, int32_t n, const double *a, int32_t lda, const double *x, double *y);

/// C = A·B + β·C with A m×k (lda), B k×n (ldb), C m×n (ldc), all column-major, α = 1.
void harmonic_dgemm(int32_t m, int32_t n, int32_t k, const double *a, int32_t lda, const double *b, int32_t ldb,
                    double beta, double *c, int32_t ldc);

#endif
