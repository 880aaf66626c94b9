// C glue for Harmonic: the system CBLAS and LAPACKE headers in one module.
// Not public API; see README.md in this folder.
#ifndef HARMONIC_BLAS_SHIM_H
#define HARMONIC_BLAS_SHIM_H
#include <cblas.h>
#include <lapacke.h>
#endif
