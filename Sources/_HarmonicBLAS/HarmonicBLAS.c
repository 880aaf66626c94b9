// The only place that knows which BLAS/LAPACK interface the platform has.
// Linux: the system CBLAS (inside Debian's libblas.so.3) and LAPACKE.
// Apple platforms: Accelerate's current interface (ACCELERATE_NEW_LAPACK is
// defined for this target in Package.swift; the CLAPACK entry points are
// deprecated since macOS 13.3). Pure pass-through: no arithmetic here, so the
// bits are the library's.
#include "HarmonicBLAS.h"
#include <stdlib.h>

#if defined(__APPLE__)
#include <Accelerate/Accelerate.h>

void harmonic_dgemv(int32_t m, int32_t n, const double *a, int32_t lda, const double *x, double *y) {
  cblas_dgemv(CblasColMajor, CblasNoTrans, m, n, 1.0, a, lda, x, 1, 0.0, y, 1);
}

void harmonic_dgemm(int32_t m, int32_t n, int32_t k, const double *a, int32_t lda, const double *b, int32_t ldb,
                    double beta, double *c, int32_t ldc) {
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a, lda, b, ldb, beta, c, ldc);
}

int32_t harmonic_dgels(int32_t m, int32_t n, double *a, double *b) {
  __LAPACK_int mm = m, nn = n, nrhs = 1, lda = m, ldb = m, lwork = -1, info = 0;
  double query = 0;
  dgels_("N", &mm, &nn, &nrhs, a, &lda, b, &ldb, &query, &lwork, &info);  // workspace query
  if (info != 0) return (int32_t)info;
  lwork = (__LAPACK_int)query;
  double *work = malloc(sizeof(double) * (size_t)(lwork > 1 ? lwork : 1));
  if (work == NULL) return -1000;
  dgels_("N", &mm, &nn, &nrhs, a, &lda, b, &ldb, work, &lwork, &info);
  free(work);
  return (int32_t)info;
}

int32_t harmonic_dsyev(int32_t n, double *a, double *w) {
  __LAPACK_int nn = n, lda = n, lwork = -1, info = 0;
  double query = 0;
  dsyev_("N", "U", &nn, a, &lda, w, &query, &lwork, &info);  // workspace query
  if (info != 0) return (int32_t)info;
  lwork = (__LAPACK_int)query;
  double *work = malloc(sizeof(double) * (size_t)(lwork > 1 ? lwork : 1));
  if (work == NULL) return -1000;
  dsyev_("N", "U", &nn, a, &lda, w, work, &lwork, &info);
  free(work);
  return (int32_t)info;
}

#else
#include <cblas.h>
#include <lapacke.h>

void harmonic_dgemv(int32_t m, int32_t n, const double *a, int32_t lda, const double *x, double *y) {
  cblas_dgemv(CblasColMajor, CblasNoTrans, m, n, 1.0, a, lda, x, 1, 0.0, y, 1);
}

void harmonic_dgemm(int32_t m, int32_t n, int32_t k, const double *a, int32_t lda, const double *b, int32_t ldb,
                    double beta, double *c, int32_t ldc) {
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a, lda, b, ldb, beta, c, ldc);
}

int32_t harmonic_dgels(int32_t m, int32_t n, double *a, double *b) {
  return (int32_t)LAPACKE_dgels(LAPACK_COL_MAJOR, 'N', m, n, 1, a, m, b, m);
}

int32_t harmonic_dsyev(int32_t n, double *a, double *w) {
  return (int32_t)LAPACKE_dsyev(LAPACK_COL_MAJOR, 'N', 'U', n, a, n, w);
}
#endif
