// The step basis of many springs at once, eight lanes wide: a C port of
// `_SpringBasisLanes.stepBasis` and the lane math of `_Math+Vector.swift`,
// the same IEEE operations in the same order, so every lane is bit for bit
// Harmonic's scalar result (`LaneKernelTests` compares each variant with
// the scalar path). C, not Swift, for one reason: a C function can be
// compiled for a wider instruction set (`target` attribute) and chosen at
// run time, which Swift cannot do without unsafe flags. One body, three
// builds: the baseline (SSE2 on x86-64: four registers per vector), AVX2
// (two) and AVX-512 (one).
//
// Determinism: no contraction (the pragma below; the AVX-512 and AVX2
// builds would otherwise be free to fuse a·b + c into one FMA with one
// rounding), no fast-math, no libm. Integer parts come from the bits of
// x·c + 1.5·2⁵², table entries are loaded per lane, branches are selects.

#include "HarmonicLanes.h"

#include <stdint.h>

#pragma clang fp contract(off)
#pragma STDC FP_CONTRACT OFF
// The helpers pass eight-lane vectors by value; they are always inlined, so
// no call with the baseline build's vector ABI is ever made.
#pragma clang diagnostic ignored "-Wpsabi"

#define LANES 8
typedef double vd __attribute__((ext_vector_type(LANES)));
typedef int64_t vl __attribute__((ext_vector_type(LANES)));

#define INLINE static inline __attribute__((always_inline))

INLINE vd bits_to_d(vl x) { return __builtin_bit_cast(vd, x); }
INLINE vl d_to_bits(vd x) { return __builtin_bit_cast(vl, x); }
/// m ? a : b per lane (m: all ones or all zeros per lane).
INLINE vd sel(vl m, vd a, vd b) { return bits_to_d((d_to_bits(a) & m) | (d_to_bits(b) & ~m)); }
INLINE vl seli(vl m, vl a, vl b) { return (a & m) | (b & ~m); }
INLINE vd splat(double x) { return (vd)(x); }
INLINE vd mag(vd x) { return bits_to_d(d_to_bits(x) & (vl)(INT64_C(0x7fffffffffffffff))); }
INLINE int any(vl m) {
  int64_t r = 0;
  for (int i = 0; i < LANES; i++) r |= m[i];
  return r != 0;
}

typedef struct { vd sum, error; } pair;

INLINE pair two_sum(vd a, vd b) {
  vd s = a + b;
  vd bb = s - a;
  return (pair){s, (a - (s - bb)) + (b - bb)};
}

typedef struct { vd n; vl integer; } nearest;

/// The integer nearest x·factor, as a double and as an integer.
INLINE nearest nearest_lanes(vd x, double factor) {
  vd shifted = x * factor + 0x1.8p52;
  vl bits = d_to_bits(shifted);
  return (nearest){shifted - 0x1.8p52, (bits & INT64_C(0xfffffffffffff)) - (INT64_C(1) << 51)};
}

typedef struct { vd hi, lo, power; } table_entry;

INLINE table_entry exp_table(const HarmonicLaneConstants *k, vl steps) {
  vl j = steps & 127;
  vd hi, lo;
  for (int i = 0; i < LANES; i++) {
    hi[i] = k->expTableHi[j[i]];
    lo[i] = k->expTableLo[j[i]];
  }
  return (table_entry){hi, lo, bits_to_d(((steps >> 7) + 1023) << 52)};
}

INLINE vd exp_minus_one_kernel(vd r) {
  vd r2 = r * r;
  vd low = 0.5 + r * (1.0 / 6), middle = 1.0 / 24 + r * (1.0 / 120);
  return r + r2 * ((low + r2 * middle) + (r2 * r2) * (1.0 / 720));
}

/// exp per lane, for |x| < 708.
INLINE vd exp_lanes(const HarmonicLaneConstants *k, vd x) {
  nearest n = nearest_lanes(x, k->expStepsPerUnit);
  vd r = (x - n.n * k->expStepHi) - n.n * k->expStepLo;
  table_entry e = exp_table(k, n.integer);
  vd result = (e.hi + (e.lo + e.hi * exp_minus_one_kernel(r))) * e.power;
  return sel(mag(x) < 0x1p-54, splat(1), result);
}

/// expm1 per lane, for finite x ≤ 0.
INLINE vd expm1_lanes(const HarmonicLaneConstants *k, vd x) {
  vd ax = mag(x);
  vd xt = sel((x < -38) | (ax < 0.0189), splat(-1), x);
  nearest n = nearest_lanes(xt, k->expStepsPerUnit);
  vd r = (xt - n.n * k->expStepHi) - n.n * k->expStepLo;
  vd p = exp_minus_one_kernel(r);
  table_entry e = exp_table(k, n.integer);
  pair d = two_sum(e.hi * e.power, splat(-1));
  vd result = d.sum + (d.error + e.power * (e.lo + e.hi * p));
  vd h = x * (1.0 / 362880);
  h = x * ((1.0 / 40320) + h);
  h = x * ((1.0 / 5040) + h);
  h = x * ((1.0 / 720) + h);
  h = x * ((1.0 / 120) + h);
  h = x * ((1.0 / 24) + h);
  h = x * ((1.0 / 6) + h);
  vd series = x + (x * x) * (0.5 + h);
  result = sel(ax < 0.0189, series, result);
  result = sel(ax < 0x1p-54, x, result);
  return sel(x < -38, splat(-1), result);
}

INLINE vd sin_kernel(const HarmonicLaneConstants *k, vd r, vd rLo) {
  vd z = r * r;
  vd v = z * r;
  vd z2 = z * z;
  vd rest = (k->sinS2 + z * k->sinS3) + z2 * ((k->sinS4 + z * k->sinS5) + z2 * k->sinS6);
  return r - ((z * (0.5 * rLo - v * rest) - rLo) - v * k->sinS1);
}

INLINE vd cos_kernel(const HarmonicLaneConstants *k, vd r, vd rLo) {
  vd z = r * r;
  vd z2 = z * z;
  vd rest = z * (((k->cosC1 + z * k->cosC2) + z2 * (k->cosC3 + z * k->cosC4)) + (z2 * z2) * (k->cosC5 + z * k->cosC6));
  vd half = 0.5 * z;
  vd w = 1 - half;
  return w + (((1 - w) - half) + (z * rest - r * rLo));
}

typedef struct { vd sin, cos; } sine_cosine;

/// sin and cos per lane, for 0 ≤ x < 823,549.6.
INLINE sine_cosine sincos_lanes(const HarmonicLaneConstants *k, vd x) {
  nearest n = nearest_lanes(x, k->twoOverPi);
  vd y1 = x - n.n * k->pio2p1;
  pair a = two_sum(y1, -(n.n * k->pio2p2));
  pair b = two_sum(a.sum, -(n.n * k->pio2p3));
  vl small = mag(x) <= 0.7853981633974483;
  vd r = sel(small, x, b.sum);
  vd rLo = sel(small, splat(0), (a.error + b.error) - n.n * k->pio2p3t);
  vl quadrant = seli(small, (vl)(0), n.integer) & 3;
  vd s = sin_kernel(k, r, rLo), c = cos_kernel(k, r, rLo);
  // q = 0: (s, c); 1: (c, −s); 2: (−s, −c); 3: (−c, s).
  vl swap = (quadrant & 1) == 1;
  vd sine = sel(swap, c, s), cosine = sel(swap, -s, c);
  vl negate = quadrant >= 2;
  vd sinOut = sel(negate, -sine, sine), cosOut = sel(negate, -cosine, cosine);
  vl tiny = mag(x) < 0x1p-27;
  return (sine_cosine){sel(tiny, x, sinOut), sel(tiny, splat(1), cosOut)};
}

/// The step response's Taylor series in the lanes of `active`.
INLINE vd step_series(vd decayRate, vd omegaSquared, double t, vl active) {
  vd alpha2 = 2 * (decayRate * t);
  vd beta = omegaSquared * (t * t);
  vd previous = splat(0);
  vd current = 0.5 * beta;
  vd sum = current;
  vl running = active;
  double n = 2.0;
  for (int i = 0; i < 40; i++) {
    double reciprocal = 1 / ((n + 1) * n);
    vd next = (-(alpha2 * n) * reciprocal) * current + (-beta * reciprocal) * previous;
    sum = sel(running, sum + next, sum);
    running &= ~(mag(next) + mag(current) <= 0x1p-60 * sum);
    if (!any(running)) break;
    previous = current;
    current = next;
    n += 1;
  }
  return sum;
}

typedef struct { vd c, s, remaining, step; vl scalar; } basis;

/// `_SpringBasisLanes.stepBasis` for eight springs of one regime at `t`.
INLINE basis step_basis(
  const HarmonicLaneConstants *k, int oscillating, vd decayRate, vd omegaSquared, vd rootDiscriminant, vd slowRate, double t) {
  vl scalar;
  vd c, s;
  vd sinTheta = splat(0), cosTheta = splat(0), slowDecay = splat(0);
  if (oscillating) {
    vd decay = -(decayRate * t);
    vd theta = rootDiscriminant * t;
    scalar = (decay <= -708) | (theta >= 823549.6);
    vd envelope = exp_lanes(k, sel(scalar, splat(0), decay));
    sine_cosine sc = sincos_lanes(k, sel(scalar, splat(0), theta));
    sinTheta = sc.sin;
    cosTheta = sc.cos;
    c = envelope * cosTheta;
    vd theta2 = theta * theta;
    vd inner = 1.0 / 6 - theta2 * (1.0 / 120);
    vd series = envelope * (t * (1 - theta2 * inner));
    s = sel(theta < 0x1p-10, series, (envelope / rootDiscriminant) * sinTheta);
  } else {
    slowDecay = -(slowRate * t);
    vd y = 2 * rootDiscriminant * t;
    scalar = (slowDecay <= -708) | (y >= 708);
    vd slow = exp_lanes(k, sel(scalar, splat(0), slowDecay));
    vd ratio = exp_lanes(k, sel(scalar, splat(0), -y));
    c = slow * ((1 + ratio) * 0.5);
    vd h = y * (1.0 / 120);
    h = y * (1.0 / 24 - h);
    h = y * (1.0 / 6 - h);
    h = y * (0.5 - h);
    vd series = 1 - h;
    vd sine = slow * (-expm1_lanes(k, -y) / (2 * rootDiscriminant));
    s = sel(y < 0x1p-10, slow * (t * series), sine);
  }
  vd remaining = c + decayRate * s;
  vd step = 1 - remaining;
  vl needsMore = remaining > 0.5;
  if (any(needsMore)) {
    vl useSeries = needsMore & ((decayRate + rootDiscriminant) * t <= 1);
    if (any(useSeries)) step = sel(useSeries, step_series(decayRate, omegaSquared, t, useSeries), step);
    vl useMiddle = needsMore & ~useSeries;
    if (any(useMiddle)) {
      vd middle;
      if (oscillating) {
        vd envelopeMinusOne = expm1_lanes(k, -(decayRate * t));
        vd twoHalfSineSquared = (sinTheta * sinTheta) / (1 + cosTheta);
        middle = (-envelopeMinusOne + (1 + envelopeMinusOne) * twoHalfSineSquared) - decayRate * s;
        scalar |= useMiddle & (cosTheta <= 0);
      } else {
        middle = -expm1_lanes(k, slowDecay) - slowRate * s;
      }
      step = sel(useMiddle, middle, step);
    }
  }
  return (basis){c, s, remaining, step, scalar};
}

typedef double v4 __attribute__((ext_vector_type(4)));

/// Springs `indices[0 ..< count]` (count ≤ LANES, all of one regime): the
/// missing lanes repeat the first spring and are not stored. Each spring's
/// four doubles are loaded as one vector and the eight are transposed.
INLINE long eight(
  const HarmonicLaneConstants *k, const double *bases, const int32_t *indices, int count, int oscillating, double t, double *out,
  long length, int slots) {
  v4 r[LANES];
  for (int i = 0; i < LANES; i++) __builtin_memcpy(&r[i], bases + 4 * (long)indices[i < count ? i : 0], sizeof r[i]);
  vd decayRate = {r[0].x, r[1].x, r[2].x, r[3].x, r[4].x, r[5].x, r[6].x, r[7].x};
  vd omegaSquared = {r[0].y, r[1].y, r[2].y, r[3].y, r[4].y, r[5].y, r[6].y, r[7].y};
  // The magnitude of the signed root (its sign is the regime).
  vd rootDiscriminant = mag((vd){r[0].z, r[1].z, r[2].z, r[3].z, r[4].z, r[5].z, r[6].z, r[7].z});
  vd slowRate = {r[0].w, r[1].w, r[2].w, r[3].w, r[4].w, r[5].w, r[6].w, r[7].w};
  basis b = step_basis(k, oscillating, decayRate, omegaSquared, rootDiscriminant, slowRate, t);
  // A lane left to the caller is marked by a NaN R; its other slots are
  // written too (the caller overwrites them).
  vd remaining = sel(b.scalar, splat(__builtin_nan("")), b.remaining);
  vd minusS = -b.s;
  long left = 0;
  for (int i = 0; i < count; i++) {
    long j = indices[i];
    left += b.scalar[i] & 1;
    out[j] = remaining[i];
    out[length + j] = b.step[i];
    out[2 * length + j] = b.s[i];
  }
  if (slots == 5) {
    for (int i = 0; i < count; i++) {
      long j = indices[i];
      out[3 * length + j] = b.c[i];
      out[4 * length + j] = minusS[i];
    }
  }
  return left;
}

/// The whole range, in chunks whose springs are sorted by regime.
INLINE long step_basis_range(const HarmonicLaneConstants *k, const double *bases, long count, double t, double *out, int slots) {
  enum { CHUNK = 256 };
  int32_t oscillating[CHUNK], other[CHUNK];
  long left = 0;
  for (long lo = 0; lo < count; lo += CHUNK) {
    long hi = lo + CHUNK < count ? lo + CHUNK : count;
    int no = 0, nr = 0;
    // Without a branch: the regimes of neighbouring items need not repeat.
    for (long j = lo; j < hi; j++) {
      int isOscillating = bases[4 * j + 2] < 0;
      oscillating[no] = (int32_t)j;
      other[nr] = (int32_t)j;
      no += isOscillating;
      nr += 1 - isOscillating;
    }
    for (int i = 0; i < no; i += LANES) {
      left += eight(k, bases, oscillating + i, no - i < LANES ? no - i : LANES, 1, t, out, count, slots);
    }
    for (int i = 0; i < nr; i += LANES) {
      left += eight(k, bases, other + i, nr - i < LANES ? nr - i : LANES, 0, t, out, count, slots);
    }
  }
  return left;
}

static long step_basis_baseline(
  const HarmonicLaneConstants *k, const double *bases, long count, double t, double *out, int slots) {
  return step_basis_range(k, bases, count, t, out, slots);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static long step_basis_avx2(
  const HarmonicLaneConstants *k, const double *bases, long count, double t, double *out, int slots) {
  return step_basis_range(k, bases, count, t, out, slots);
}

__attribute__((target("avx512f"))) static long step_basis_avx512(
  const HarmonicLaneConstants *k, const double *bases, long count, double t, double *out, int slots) {
  return step_basis_range(k, bases, count, t, out, slots);
}
#endif

int harmonic_step_basis_variant(void) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return 3;
  if (__builtin_cpu_supports("avx2")) return 2;
#endif
  return 1;
}

long harmonic_step_basis(
  const HarmonicLaneConstants *constants, const double *bases, long count, double t, double *out, int slots, int variant) {
  if (slots != 3 && slots != 5) return -1;
  int best = harmonic_step_basis_variant();
  if (variant == 0) variant = best;
  if (variant < 1 || variant > best) return -1;
  switch (variant) {
#if defined(__x86_64__)
  case 3: return step_basis_avx512(constants, bases, count, t, out, slots);
  case 2: return step_basis_avx2(constants, bases, count, t, out, slots);
#endif
  default: return step_basis_baseline(constants, bases, count, t, out, slots);
  }
}
