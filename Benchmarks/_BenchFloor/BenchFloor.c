// See include/BenchFloor.h. One body, built for the baseline, AVX2 and
// AVX-512 and chosen at run time, as Harmonic's own C kernels are.
#include "BenchFloor.h"

#include <string.h>

#define FLOOR_BODY                                                                                   \
  const double *restrict i = input;                                                                  \
  double *restrict o = output;                                                                       \
  if (reads == 2 && writes == 1) {                                                                   \
    for (long e = lo; e < hi; e++) o[e] = i[e] + i[n + e];                                           \
  } else if (reads == 3 && writes == 1) {                                                            \
    for (long e = lo; e < hi; e++) o[e] = i[e] + i[n + e] + i[2 * n + e];                            \
  } else if (reads == 2 && writes == 2) {                                                            \
    for (long e = lo; e < hi; e++) {                                                                 \
      o[e] = i[e] + i[n + e];                                                                        \
      o[n + e] = i[e] - i[n + e];                                                                    \
    }                                                                                                \
  } else if (reads == 5 && writes == 2) {                                                            \
    for (long e = lo; e < hi; e++) {                                                                 \
      o[e] = i[e] + i[n + e] + i[2 * n + e];                                                         \
      o[n + e] = i[3 * n + e] + i[4 * n + e];                                                        \
    }                                                                                                \
  } else {                                                                                           \
    /* Few inputs, many outputs (a bake): sum a block, then copy it out. */                          \
    double block[512];                                                                               \
    for (long start = lo; start < hi; start += 512) {                                                \
      long count = hi - start < 512 ? hi - start : 512;                                              \
      for (long k = 0; k < count; k++) block[k] = i[start + k];                                      \
      for (int r = 1; r < reads; r++)                                                                \
        for (long k = 0; k < count; k++) block[k] += i[r * n + start + k];                           \
      for (int w = 0; w < writes; w++) memcpy(o + w * n + start, block, (size_t)count * sizeof(double)); \
    }                                                                                                \
  }

#define FLOOR_PARAMETERS const double *input, double *output, long n, int reads, int writes, long lo, long hi

static void floor_baseline(FLOOR_PARAMETERS) { FLOOR_BODY }
#if defined(__x86_64__)
__attribute__((target("avx2"))) static void floor_avx2(FLOOR_PARAMETERS) { FLOOR_BODY }
__attribute__((target("avx512f"))) static void floor_avx512(FLOOR_PARAMETERS) { FLOOR_BODY }
#endif

static int best(void) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return 3;
  if (__builtin_cpu_supports("avx2")) return 2;
#endif
  return 1;
}

void bench_floor_stream(FLOOR_PARAMETERS) {
  switch (best()) {
#if defined(__x86_64__)
  case 3: floor_avx512(input, output, n, reads, writes, lo, hi); return;
  case 2: floor_avx2(input, output, n, reads, writes, lo, hi); return;
#endif
  default: floor_baseline(input, output, n, reads, writes, lo, hi);
  }
}

const char *bench_floor_variant(void) {
  switch (best()) {
  case 3: return "AVX-512";
  case 2: return "AVX2";
  default: return "baseline";
  }
}
