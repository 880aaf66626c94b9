// The platform libm's sine and cosine with one argument reduction, for the
// benchmark's "same formula on the platform libm" row only (never linked
// into Harmonic): glibc's sincos, a GNU extension that Swift's Glibc module
// does not declare; Apple's __sincos; elsewhere sin and cos.
#ifndef BENCH_PLATFORM_MATH_H
#define BENCH_PLATFORM_MATH_H

#include <math.h>

#if defined(__linux__)
extern void sincos(double x, double *sine, double *cosine);
#endif

static inline void bench_platform_sincos(double x, double *sine, double *cosine) {
#if defined(__linux__)
  sincos(x, sine, cosine);
#elif defined(__APPLE__)
  __sincos(x, sine, cosine);
#else
  *sine = sin(x);
  *cosine = cos(x);
#endif
}

#endif
