// The only place that knows which LAPACK interface the platform has.
// Linux: LAPACKE (Debian's liblapacke). Apple platforms: Accelerate's current
// interface (ACCELERATE_NEW_LAPACK is defined for this target in
// Package.swift; the CLAPACK entry points are deprecated since macOS 13.3).
// Pure pass-through: no arithmetic here.
#include "HarmonicLAPACK.h"

#if defined(__APPLE__)
#include <Accelerate/Accelerate.h>
#include <stdlib.h>

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
#include <lapacke.h>

int32_t harmonic_dgels(int32_t m, int32_t n, double *a, double *b) {
  return (int32_t)LAPACKE_dgels(LAPACK_COL_MAJOR, 'N', m, n, 1, a, m, b, m);
}

int32_t harmonic_dsyev(int32_t n, double *a, double *w) {
  return (int32_t)LAPACKE_dsyev(LAPACK_COL_MAJOR, 'N', 'U', n, a, n, w);
}
#endif
