// Drives every entry point of `_HarmonicLanes` over inputs read from a file
// and writes every output to stdout, as raw little-endian doubles, so that
// the kernel built for two architectures (x86-64 here, aarch64 under
// qemu-user) can be compared bit for bit. `LaneKernelArchitectureTests`
// builds it, writes the inputs, runs both builds and compares.
//
// Usage: lane_driver INPUT VARIANT [ftz]
//   INPUT    int64 springs, times, columns; then 256 + 20 doubles of
//            `HarmonicLaneConstants` (the exponential's table pairs, then
//            the scalars in the struct's order); then four bases per
//            spring (as `harmonic_lane_sort` takes them), the times and
//            the columns.
//   VARIANT  passed to every call (0: the widest this processor runs).
//   ftz      first set flush-to-zero and denormals-are-zero on this thread
//            (x86-64 MXCSR bits 15 and 6, arm64 FPCR.FZ), as an audio or
//            game thread may: the bits then differ (LaneKernelArchitectureTests).
// Exits 1 on a short input, 2 when the variant cannot run here.

#include "HarmonicLanes.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

static void set_flush_to_zero(void) {
#if defined(__x86_64__)
  _mm_setcsr(_mm_getcsr() | 0x8040);  // FTZ (bit 15) and DAZ (bit 6)
#elif defined(__aarch64__)
  uint64_t fpcr;
  __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
  fpcr |= (uint64_t)1 << 24;  // FZ: subnormal inputs and results are zero
  __asm__ volatile("msr fpcr, %0" : : "r"(fpcr));
#endif
}

static void emit(const double *values, int64_t count) { fwrite(values, sizeof(double), (size_t)count, stdout); }
static void emit_one(double value) { emit(&value, 1); }

static double *read_doubles(FILE *f, int64_t count) {
  double *p = malloc(sizeof(double) * (size_t)(count > 0 ? count : 1));
  if (!p || fread(p, sizeof(double), (size_t)count, f) != (size_t)count) exit(1);
  return p;
}

/// A buffer of `count` doubles set to the sentinel −7 (so that what a call
/// leaves unwritten is compared too).
static double *sentinels(int64_t count) {
  double *p = malloc(sizeof(double) * (size_t)(count > 0 ? count : 1));
  if (!p) exit(1);
  for (int64_t i = 0; i < count; i++) p[i] = -7;
  return p;
}

static void step_basis_cases(const HarmonicLaneConstants *k, const double *layout, int64_t n, const double *times, int64_t timeCount, int variant) {
  // The whole batch, then ranges that start and end inside the chunks of 256.
  int64_t ranges[][2] = {{0, n}, {37, 1900}, {256, 512}, {300, 301}, {255, 257}, {n - 2, n}};
  for (int64_t ti = 0; ti < timeCount; ti++) {
    for (int slots = 5; slots >= 3; slots -= 2) {
      for (int r = 0; r < 6; r++) {
        int64_t lo = ranges[r][0], hi = ranges[r][1];
        if (lo < 0 || hi > n || lo >= hi) continue;
        double *out = sentinels(5 * (hi - lo));
        int64_t left = harmonic_step_basis(k, layout, lo, hi - lo, times[ti], out, slots, variant);
        if (left < 0) exit(2);
        emit_one((double)left);
        emit(out, 5 * (hi - lo));
        free(out);
      }
    }
  }
}

static void streaming_cases(const double *columns, int64_t columnCount, int variant) {
  // Per-item channels: 37 items × 3 channels, four columns of n.
  const int64_t items = 37, n = 3 * items;
  if (columnCount < 4 * n + 3 * items) exit(1);
  const double *k = columns + 4 * n;
  for (int inputs = 3; inputs >= 2; inputs--) {
    for (int width = 1; width <= 3; width++) {
      int64_t blocks[][2] = {{0, items}, {3, 29}};
      for (int b = 0; b < 2; b++) {
        int64_t first = blocks[b][0], count = blocks[b][1];
        double *out = sentinels(n);
        const double *a = columns + (inputs == 3 ? 0 : 2 * n) + first;
        if (harmonic_apply_channels(a, n, items, width, inputs, count, k + first, k + items + first, k + 2 * items + first, out + first, variant) != 0) exit(2);
        emit(out, n);
        free(out);
      }
    }
  }
  // The shared spring, the propagator step and interpolation over ranges
  // with vector remainders at both ends.
  int64_t spans[][2] = {{0, n}, {5, 98}, {17, 18}};
  for (int s = 0; s < 3; s++) {
    int64_t lo = spans[s][0], hi = spans[s][1];
    for (int inputs = 3; inputs >= 2; inputs--) {
      double *out = sentinels(n);
      if (harmonic_apply_shared(columns, n, lo, hi, inputs, k[0], k[1], k[2], out, variant) != 0) exit(2);
      emit(out, n);
      free(out);
    }
    double *u1 = sentinels(n), *v1 = sentinels(n);
    if (harmonic_apply_step(columns, columns + n, lo, hi, k[3], k[4], k[5], k[6], u1, v1, variant) != 0) exit(2);
    emit(u1, n);
    emit(v1, n);
    free(u1);
    free(v1);
    for (int p = 0; p < 4; p++) {
      double progress[] = {0, 1.0 / 3, 0.5, 1};
      double *out = sentinels(n);
      if (harmonic_apply_interpolation(columns + 2 * n, columns + 3 * n, lo, hi, progress[p], out, variant) != 0) exit(2);
      emit(out, n);
      free(out);
    }
  }
}

int main(int argc, char **argv) {
  if (argc != 3 && !(argc == 4 && strcmp(argv[3], "ftz") == 0)) {
    fprintf(stderr, "usage: lane_driver INPUT VARIANT [ftz]\n");
    return 1;
  }
  if (argc == 4) set_flush_to_zero();
  FILE *f = fopen(argv[1], "rb");
  if (!f) return 1;
  int64_t header[3];
  if (fread(header, sizeof(int64_t), 3, f) != 3) return 1;
  int64_t springs = header[0], timeCount = header[1], columnCount = header[2];
  double *table = read_doubles(f, 256), *c = read_doubles(f, 20);
  HarmonicLaneConstants k = {
    table, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12], c[13], c[14], c[15], c[16], c[17], c[18], c[19]};
  double *bases = read_doubles(f, 4 * springs), *times = read_doubles(f, timeCount), *columns = read_doubles(f, columnCount);
  fclose(f);
  int variant = atoi(argv[2]);
  // The layout, sorted on this architecture (and compared too).
  int64_t layoutCount = harmonic_lane_layout_count(springs);
  double *layout = sentinels(layoutCount);
  harmonic_lane_sort(bases, springs, layout);
  emit(layout, layoutCount);
  step_basis_cases(&k, layout, springs, times, timeCount, variant);
  streaming_cases(columns, columnCount, variant);
  return fflush(stdout) == 0 ? 0 : 1;
}
