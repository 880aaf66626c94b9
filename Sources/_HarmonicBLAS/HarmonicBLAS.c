// The only place that knows which BLAS interface the platform has.
// Linux: the system CBLAS (inside Debian's libblas.so.3).
// Apple platforms: Accelerate's current interface (ACCELERATE_NEW_LAPACK is
// defined for this target in Package.swift). Pure pass-through: no arithmetic
// here, so the bits are the library's.
#include "HarmonicBLAS.h"

#if defined(__APPLE__)
#include <Accelerate/Accelerate.h>
#else
#include <cblas.h>
#endif

void harmonic_dgemv(int32_t m, int32_t n, const double *a, int32_t lda, const double *x, double *y) {
  cblas_dgemv(CblasColMajor, CblasNoTrans, m, n, 1.0, a, lda, x, 1, 0.0, y, 1);
}

void harmonic_dgemm(int32_t m, int32_t n, int32_t k, const double *a, int32_t lda, const double *b, int32_t ldb,
                    double beta, double *c, int32_t ldc) {
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a, lda, b, ldb, beta, c, ldc);
}
