// The step basis of many springs at once, eight lanes wide: a C port of
// `_SpringBasis.stepBasis` and the scalar `_Math` functions, lane by lane,
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
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#pragma clang fp contract(off)
#pragma STDC FP_CONTRACT OFF
// The helpers pass eight-lane vectors by value; they are always inlined, so
// no call with the baseline build's vector ABI is ever made.
#pragma clang diagnostic ignored "-Wpsabi"

#define LANES 8
typedef double vd __attribute__((ext_vector_type(LANES)));
typedef int64_t vl __attribute__((ext_vector_type(LANES)));

#define INLINE static inline __attribute__((always_inline))

/// A lane comparison's result as `vl`: clang types it as a vector of
/// `long`, which is `int64_t` on Linux but not on Darwin (`long long`);
/// the cast keeps the bits (all ones or all zeros per lane).
#define MASK(comparison) ((vl)(comparison))

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

typedef double v2 __attribute__((ext_vector_type(2)));
typedef double v4 __attribute__((ext_vector_type(4)));

/// 2^(j/128) as hi + lo for each lane's j = steps mod 128, and 2^(steps
/// div 128): one 16-byte load per lane from the interleaved table, split
/// into the hi and lo vectors by shuffles (two 8-byte loads per lane from
/// separate tables cost 10 % more of the whole kernel on the EPYC).
INLINE table_entry exp_table(const HarmonicLaneConstants *k, vl steps) {
  vl j = steps & 127;
  v2 p[LANES];
  for (int i = 0; i < LANES; i++) __builtin_memcpy(&p[i], k->expTablePairs + 2 * j[i], sizeof(v2));
  v4 q0 = __builtin_shufflevector(p[0], p[1], 0, 1, 2, 3), q1 = __builtin_shufflevector(p[2], p[3], 0, 1, 2, 3);
  v4 q2 = __builtin_shufflevector(p[4], p[5], 0, 1, 2, 3), q3 = __builtin_shufflevector(p[6], p[7], 0, 1, 2, 3);
  vd r0 = __builtin_shufflevector(q0, q1, 0, 1, 2, 3, 4, 5, 6, 7), r1 = __builtin_shufflevector(q2, q3, 0, 1, 2, 3, 4, 5, 6, 7);
  vd hi = __builtin_shufflevector(r0, r1, 0, 2, 4, 6, 8, 10, 12, 14), lo = __builtin_shufflevector(r0, r1, 1, 3, 5, 7, 9, 11, 13, 15);
  return (table_entry){hi, lo, bits_to_d(((steps >> 7) + 1023) << 52)};
}

INLINE vd exp_minus_one_kernel(vd r) {
  vd r2 = r * r;
  vd low = 0.5 + r * (1.0 / 6), middle = 1.0 / 24 + r * (1.0 / 120);
  return r + r2 * ((low + r2 * middle) + (r2 * r2) * (1.0 / 720));
}

/// The reduced argument's polynomial and the table entry of an
/// exponential at x: e^x = (hi + lo)·(1 + p)·power, to rounding.
typedef struct { vd p; table_entry e; } exp_parts;

INLINE exp_parts exp_reduce(const HarmonicLaneConstants *k, vd x) {
  nearest n = nearest_lanes(x, k->expStepsPerUnit);
  vd r = (x - n.n * k->expStepHi) - n.n * k->expStepLo;
  return (exp_parts){exp_minus_one_kernel(r), exp_table(k, n.integer)};
}

/// exp from its parts, for |x| < 708.
INLINE vd exp_from(exp_parts q, vd x) {
  vd result = (q.e.hi + (q.e.lo + q.e.hi * q.p)) * q.e.power;
  return sel(MASK(mag(x) < 0x1p-54), splat(1), result);
}

/// expm1 of finite x ≤ 0 from the parts of an exponential: of x itself
/// where |x| ≥ 0.0189 and x ≥ −38; elsewhere the result is the series, x
/// or −1, whatever the parts.
INLINE vd expm1_from(exp_parts q, vd x) {
  vd ax = mag(x);
  pair d = two_sum(q.e.hi * q.e.power, splat(-1));
  vd result = d.sum + (d.error + q.e.power * (q.e.lo + q.e.hi * q.p));
  vd h = x * (1.0 / 362880);
  h = x * ((1.0 / 40320) + h);
  h = x * ((1.0 / 5040) + h);
  h = x * ((1.0 / 720) + h);
  h = x * ((1.0 / 120) + h);
  h = x * ((1.0 / 24) + h);
  h = x * ((1.0 / 6) + h);
  vd series = x + (x * x) * (0.5 + h);
  result = sel(MASK(ax < 0.0189), series, result);
  result = sel(MASK(ax < 0x1p-54), x, result);
  return sel(MASK(x < -38), splat(-1), result);
}

/// exp per lane, for |x| < 708.
INLINE vd exp_lanes(const HarmonicLaneConstants *k, vd x) { return exp_from(exp_reduce(k, x), x); }

/// expm1 per lane, for finite x ≤ 0 (the lanes that take the series, x or
/// −1 reduce −1 instead, keeping the table index in range).
INLINE vd expm1_lanes(const HarmonicLaneConstants *k, vd x) {
  vd xt = sel(MASK(x < -38) | MASK(mag(x) < 0.0189), splat(-1), x);
  return expm1_from(exp_reduce(k, xt), x);
}

typedef struct { vd exp, expm1; } exp_pair;

/// exp and expm1 of the same x per lane (finite x ≤ 0 with |x| < 708),
/// sharing the reduction, the polynomial and the table: each with the
/// bits of `exp_lanes` and `expm1_lanes`. The lanes where `expm1_lanes`
/// reduces −1 in place of x are the ones it then replaces by its series,
/// x or −1, so reducing x there changes nothing.
INLINE exp_pair exp_expm1_lanes(const HarmonicLaneConstants *k, vd x) {
  exp_parts q = exp_reduce(k, x);
  return (exp_pair){exp_from(q, x), expm1_from(q, x)};
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
  vl small = MASK(mag(x) <= 0.7853981633974483);
  vd r = sel(small, x, b.sum);
  vd rLo = sel(small, splat(0), (a.error + b.error) - n.n * k->pio2p3t);
  vl quadrant = seli(small, (vl)(0), n.integer) & 3;
  vd s = sin_kernel(k, r, rLo), c = cos_kernel(k, r, rLo);
  // q = 0: (s, c); 1: (c, −s); 2: (−s, −c); 3: (−c, s).
  vl swap = MASK((quadrant & 1) == 1);
  vd sine = sel(swap, c, s), cosine = sel(swap, -s, c);
  vl negate = MASK(quadrant >= 2);
  vd sinOut = sel(negate, -sine, sine), cosOut = sel(negate, -cosine, cosine);
  vl tiny = MASK(mag(x) < 0x1p-27);
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
    running &= ~MASK(mag(next) + mag(current) <= 0x1p-60 * sum);
    if (!any(running)) break;
    previous = current;
    current = next;
    n += 1;
  }
  return sum;
}

typedef struct { vd c, s, remaining, step; vl scalar; } basis;

/// `_SpringBasis.stepBasis` for eight springs of one regime at `t`.
INLINE basis step_basis(
  const HarmonicLaneConstants *k, int oscillating, vd decayRate, vd omegaSquared, vd rootDiscriminant, vd slowRate, double t) {
  vl scalar;
  vd c, s;
  vd sinTheta = splat(0), cosTheta = splat(0), slowDecay = splat(0);
  if (oscillating) {
    vd decay = -(decayRate * t);
    vd theta = rootDiscriminant * t;
    scalar = MASK(decay <= -708) | MASK(theta >= 823549.6);
    vd envelope = exp_lanes(k, sel(scalar, splat(0), decay));
    sine_cosine sc = sincos_lanes(k, sel(scalar, splat(0), theta));
    sinTheta = sc.sin;
    cosTheta = sc.cos;
    c = envelope * cosTheta;
    vd theta2 = theta * theta;
    vd inner = 1.0 / 6 - theta2 * (1.0 / 120);
    vd series = envelope * (t * (1 - theta2 * inner));
    s = sel(MASK(theta < 0x1p-10), series, (envelope / rootDiscriminant) * sinTheta);
  } else {
    slowDecay = -(slowRate * t);
    vd y = 2 * rootDiscriminant * t;
    scalar = MASK(slowDecay <= -708) | MASK(y >= 708);
    vd slow = exp_lanes(k, sel(scalar, splat(0), slowDecay));
    // e^(−y) and e^(−y) − 1 from one reduction (the lanes left to the
    // caller reduce 0; their results are not used).
    exp_pair fast = exp_expm1_lanes(k, sel(scalar, splat(0), -y));
    vd ratio = fast.exp;
    c = slow * ((1 + ratio) * 0.5);
    vd h = y * (1.0 / 120);
    h = y * (1.0 / 24 - h);
    h = y * (1.0 / 6 - h);
    h = y * (0.5 - h);
    vd series = 1 - h;
    vd sine = slow * (-fast.expm1 / (2 * rootDiscriminant));
    s = sel(MASK(y < 0x1p-10), slow * (t * series), sine);
  }
  vd remaining = c + decayRate * s;
  vd step = 1 - remaining;
  vl needsMore = MASK(remaining > 0.5);
  if (any(needsMore)) {
    vl useSeries = needsMore & MASK((decayRate + rootDiscriminant) * t <= 1);
    if (any(useSeries)) step = sel(useSeries, step_series(decayRate, omegaSquared, t, useSeries), step);
    vl useMiddle = needsMore & ~useSeries;
    if (any(useMiddle)) {
      vd middle;
      if (oscillating) {
        vd envelopeMinusOne = expm1_lanes(k, -(decayRate * t));
        vd twoHalfSineSquared = (sinTheta * sinTheta) / (1 + cosTheta);
        middle = (-envelopeMinusOne + (1 + envelopeMinusOne) * twoHalfSineSquared) - decayRate * s;
        scalar |= useMiddle & MASK(cosTheta <= 0);
      } else {
        middle = -expm1_lanes(k, slowDecay) - slowRate * s;
      }
      step = sel(useMiddle, middle, step);
    }
  }
  return (basis){c, s, remaining, step, scalar};
}

/// The sorted layout (`harmonic_lane_sort`): items in chunks of CHUNK, each
/// chunk's springs in at most GROUPS groups of eight of one regime (the
/// oscillating ones first), each group GROUP_DOUBLES doubles — the decay
/// rates of its eight lanes, then their ω₀², their signed roots, their slow
/// rates (lane-contiguous: four vector loads, no transposition), then the
/// lanes' item indices as eight int32 (−1 for a lane that is not used; its
/// bases repeat lane 0's). Unused groups come last in a chunk, all −1.
/// Sorting once, at setup, instead of on every call saves the partition,
/// the eight loads and the transposition per group.
#define CHUNK 256
#define GROUPS 33 /* ⌈n/8⌉ + ⌈(256 − n)/8⌉ ≤ 33 */
#define GROUP_DOUBLES 36

int64_t harmonic_lane_layout_count(int64_t count) { return count <= 0 ? 0 : (count + CHUNK - 1) / CHUNK * GROUPS * GROUP_DOUBLES; }

void harmonic_lane_sort(const double *bases, int64_t count, double *layout) {
  for (int64_t lo = 0; lo < count; lo += CHUNK) {
    int64_t hi = lo + CHUNK < count ? lo + CHUNK : count;
    double *chunk = layout + lo / CHUNK * GROUPS * GROUP_DOUBLES;
    int used = 0;
    for (int oscillating = 1; oscillating >= 0; oscillating--) {
      int32_t list[CHUNK];
      int m = 0;
      for (int64_t j = lo; j < hi; j++) {
        if ((bases[4 * j + 2] < 0) == oscillating) list[m++] = (int32_t)j;
      }
      for (int i = 0; i < m; i += LANES, used++) {
        double *group = chunk + used * GROUP_DOUBLES;
        int32_t indices[LANES];
        for (int lane = 0; lane < LANES; lane++) {
          int real = i + lane < m;
          int64_t j = list[real ? i + lane : i];
          for (int field = 0; field < 4; field++) group[LANES * field + lane] = bases[4 * j + field];
          indices[lane] = real ? (int32_t)j : -1;
        }
        __builtin_memcpy(group + 4 * LANES, indices, sizeof indices);
      }
    }
    for (; used < GROUPS; used++) {
      double *group = chunk + used * GROUP_DOUBLES;
      int32_t none[LANES];
      for (int lane = 0; lane < LANES; lane++) none[lane] = -1;
      for (int f = 0; f < 4 * LANES; f++) group[f] = 0;
      __builtin_memcpy(group + 4 * LANES, none, sizeof none);
    }
  }
}

/// One group's coefficients, lane by lane: R (NaN where the lane is left
/// to the caller), P, Ŝ, Ĉ and whether the lane was left. Passed through
/// memory, not as vectors: an AVX-512 function may not take eight-lane
/// vectors from a helper built for the baseline's vector ABI.
typedef struct {
  double remaining[LANES], step[LANES], s[LANES], c[LANES];
  int64_t scalar[LANES];
} group_out;

/// One group's step basis at `t`.
INLINE void group_basis(const HarmonicLaneConstants *k, const double *group, double t, group_out *out) {
  vd decayRate, omegaSquared, signedRoot, slowRate;
  __builtin_memcpy(&decayRate, group, sizeof decayRate);
  __builtin_memcpy(&omegaSquared, group + LANES, sizeof omegaSquared);
  __builtin_memcpy(&signedRoot, group + 2 * LANES, sizeof signedRoot);
  __builtin_memcpy(&slowRate, group + 3 * LANES, sizeof slowRate);
  // Lane 0's sign is the group's regime; the magnitude is the root.
  basis b = step_basis(k, group[2 * LANES] < 0, decayRate, omegaSquared, mag(signedRoot), slowRate, t);
  // A lane left to the caller is marked by a NaN R; its other slots are
  // written too (the caller overwrites them).
  vd remaining = sel(b.scalar, splat(__builtin_nan("")), b.remaining);
  __builtin_memcpy(out->remaining, &remaining, sizeof remaining);
  __builtin_memcpy(out->step, &b.step, sizeof b.step);
  __builtin_memcpy(out->s, &b.s, sizeof b.s);
  __builtin_memcpy(out->c, &b.c, sizeof b.c);
  __builtin_memcpy(out->scalar, &b.scalar, sizeof b.scalar);
}

/// Where one group's lanes go: the lanes of `o` whose items (`indices`)
/// are in first ..< end, slot-major `count` apart; adds to `*left` the
/// lanes left to the caller.
typedef void (*store_group)(
  const group_out *o, const int32_t *indices, int64_t first, int64_t end, int64_t count, int slots, double *out, int64_t *left);

/// Lane by lane, those in range.
INLINE void store_lanes(
  const group_out *o, const int32_t *indices, int64_t first, int64_t end, int64_t count, int slots, double *out, int64_t *left) {
  for (int i = 0; i < LANES; i++) {
    int64_t j = indices[i];
    if (j < first || j >= end) continue;
    j -= first;
    *left += o->scalar[i] & 1;
    out[j] = o->remaining[i];
    out[count + j] = o->step[i];
    out[2 * count + j] = o->s[i];
    if (slots == 5) {
      out[3 * count + j] = o->c[i];
      out[4 * count + j] = -o->s[i];
    }
  }
}

/// Items first ..< first + count of the sorted layout at `t` into `out`
/// (slot-major, `count` apart): every group of the chunks they touch, the
/// lanes outside the range (or unused) not stored; `store` writes one
/// group's lanes. Returns how many lanes it left to the caller.
INLINE int64_t sorted_range(
  const HarmonicLaneConstants *k, const double *layout, int64_t first, int64_t count, double t, double *out, int slots, store_group store) {
  int64_t left = 0, end = first + count;
  for (int64_t c = first / CHUNK; c <= (end - 1) / CHUNK; c++) {
    const double *chunk = layout + c * GROUPS * GROUP_DOUBLES;
    for (int g = 0; g < GROUPS; g++) {
      const double *group = chunk + g * GROUP_DOUBLES;
      int32_t indices[LANES];
      __builtin_memcpy(indices, group + 4 * LANES, sizeof indices);
      if (indices[0] < 0) break; /* the chunk's unused groups */
      group_out o;
      group_basis(k, group, t, &o);
      store(&o, indices, first, end, count, slots, out, &left);
    }
  }
  return left;
}

static int64_t step_basis_baseline(
  const HarmonicLaneConstants *k, const double *layout, int64_t first, int64_t count, double t, double *out, int slots) {
  return sorted_range(k, layout, first, count, t, out, slots, store_lanes);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static int64_t step_basis_avx2(
  const HarmonicLaneConstants *k, const double *layout, int64_t first, int64_t count, double t, double *out, int slots) {
  return sorted_range(k, layout, first, count, t, out, slots, store_lanes);
}

/// One scatter per slot: the lanes in range, at their indices (AVX-512's
/// intrinsics, so built for it alone).
__attribute__((target("avx512f"))) static inline void store_scatter(
  const group_out *o, const int32_t *indices, int64_t first, int64_t end, int64_t count, int slots, double *out, int64_t *left) {
  __m256i at = _mm256_loadu_si256((const __m256i *)indices);
  __m512i wide = _mm512_castsi256_si512(at);
  __mmask8 m = (__mmask8)(_mm512_mask_cmpge_epi32_mask(0xFF, wide, _mm512_set1_epi32((int)first))
    & _mm512_mask_cmplt_epi32_mask(0xFF, wide, _mm512_set1_epi32((int)end)));
  at = _mm256_sub_epi32(at, _mm256_set1_epi32((int)first));
  __m512i scalar = _mm512_loadu_si512(o->scalar);
  *left += __builtin_popcount(m & _mm512_test_epi64_mask(scalar, scalar));
  __m512d sine = _mm512_loadu_pd(o->s);
  _mm512_mask_i32scatter_pd(out, m, at, _mm512_loadu_pd(o->remaining), 8);
  _mm512_mask_i32scatter_pd(out + count, m, at, _mm512_loadu_pd(o->step), 8);
  _mm512_mask_i32scatter_pd(out + 2 * count, m, at, sine, 8);
  if (slots == 5) {
    _mm512_mask_i32scatter_pd(out + 3 * count, m, at, _mm512_loadu_pd(o->c), 8);
    __m512i signBit = _mm512_set1_epi64((int64_t)0x8000000000000000ULL); /* −Ŝ: the sign flipped, not 0 − Ŝ */
    _mm512_mask_i32scatter_pd(out + 4 * count, m, at, _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(sine), signBit)), 8);
  }
}

__attribute__((target("avx512f"))) static int64_t step_basis_avx512(
  const HarmonicLaneConstants *k, const double *layout, int64_t first, int64_t count, double t, double *out, int slots) {
  return sorted_range(k, layout, first, count, t, out, slots, store_scatter);
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

/// `variant` resolved: 0 becomes the widest this processor runs; −1 for
/// one it lacks.
static int chosen_variant(int variant) {
  int best = harmonic_step_basis_variant();
  if (variant == 0) return best;
  return variant >= 1 && variant <= best ? variant : -1;
}

/// NAME_avx512, NAME_avx2 or NAME_baseline with the arguments, for the
/// chosen variant `v` (an expression, of the functions' type).
#if defined(__x86_64__)
#define RUN_VARIANT(v, name, ...) \
  ((v) == 3 ? name##_avx512(__VA_ARGS__) : (v) == 2 ? name##_avx2(__VA_ARGS__) : name##_baseline(__VA_ARGS__))
#else
#define RUN_VARIANT(v, name, ...) name##_baseline(__VA_ARGS__)
#endif

int64_t harmonic_step_basis(
  const HarmonicLaneConstants *constants, const double *layout, int64_t first, int64_t count, double t, double *out, int slots,
  int variant) {
  int v = chosen_variant(variant);
  if (v < 0 || (slots != 3 && slots != 5)) return -1;
  if (count <= 0) return 0;
  return RUN_VARIANT(v, step_basis, constants, layout, first, count, t, out, slots);
}

// The per-item channel pass: the coefficients of a block of items applied
// to `width` consecutive channels at a time, element by element
// `((0 + a·k0) + b·k1) + d·k2` (three inputs; b itself where a == b and
// d == 0, an element at rest on its target) or `(0 + a·k0) + b·k1` (two)
// — the operations of Swift's `_valueTerm` and `_velocityTerm` in the same
// order, no contraction (the pragma at the top), so every build gives
// their bits. Each coefficient load serves `width` elements; the AVX2 and
// AVX-512 builds run four lanes (256 bits) per instruction: eight-lane
// stores measured slower on the EPYC this was tuned on (1.31–1.43 against
// 1.25–1.30 ns a value), four-lane ones as fast on both.
/// Channel `w` of element `i`: `((0 + a·k0) + b·k1) + d·k2`, or b itself
/// where a == b and d == 0 (an element at rest on its target).
INLINE void value_of(
  const double *restrict a, const double *restrict b, const double *restrict d, int64_t items, int w, int64_t i, const double *restrict k0,
  const double *restrict k1, const double *restrict k2, double *restrict out) {
  int64_t e = w * items + i;
  out[e] = a[e] == b[e] && d[e] == 0 ? b[e] : ((0 + a[e] * k0[i]) + b[e] * k1[i]) + d[e] * k2[i];
}

/// Channel `w` of element `i`'s velocity: `(0 + a·k0) + b·k1`.
INLINE void rate_of(
  const double *restrict a, const double *restrict b, int64_t items, int w, int64_t i, const double *restrict k0, const double *restrict k1,
  double *restrict out) {
  int64_t e = w * items + i;
  out[e] = (0 + a[e] * k0[i]) + b[e] * k1[i];
}

/// The channel pass for `width` channels (each variant inlines it and
/// builds it for its own instruction set).
INLINE void channels(
  const double *restrict a, int64_t n, int64_t items, int width, int inputs, int64_t count, const double *restrict k0,
  const double *restrict k1, const double *restrict k2, double *restrict out) {
  const double *b = a + n;
  if (inputs == 3) {
    const double *d = b + n;
    if (width == 3) {
      _Pragma("clang loop vectorize_width(4) interleave_count(1)") for (int64_t i = 0; i < count; i++) {
        value_of(a, b, d, items, 0, i, k0, k1, k2, out);
        value_of(a, b, d, items, 1, i, k0, k1, k2, out);
        value_of(a, b, d, items, 2, i, k0, k1, k2, out);
      }
    } else if (width == 2) {
      _Pragma("clang loop vectorize_width(4) interleave_count(1)") for (int64_t i = 0; i < count; i++) {
        value_of(a, b, d, items, 0, i, k0, k1, k2, out);
        value_of(a, b, d, items, 1, i, k0, k1, k2, out);
      }
    } else {
      _Pragma("clang loop vectorize_width(4) interleave_count(1)") for (int64_t i = 0; i < count; i++) {
        value_of(a, b, d, items, 0, i, k0, k1, k2, out);
      }
    }
  } else {
    if (width == 3) {
      _Pragma("clang loop vectorize_width(4) interleave_count(1)") for (int64_t i = 0; i < count; i++) {
        rate_of(a, b, items, 0, i, k0, k1, out);
        rate_of(a, b, items, 1, i, k0, k1, out);
        rate_of(a, b, items, 2, i, k0, k1, out);
      }
    } else if (width == 2) {
      _Pragma("clang loop vectorize_width(4) interleave_count(1)") for (int64_t i = 0; i < count; i++) {
        rate_of(a, b, items, 0, i, k0, k1, out);
        rate_of(a, b, items, 1, i, k0, k1, out);
      }
    } else {
      _Pragma("clang loop vectorize_width(4) interleave_count(1)") for (int64_t i = 0; i < count; i++) { rate_of(a, b, items, 0, i, k0, k1, out); }
    }
  }
}

#define CHANNELS_PARAMETERS                                                                          \
  const double *restrict a, int64_t n, int64_t items, int width, int inputs, int64_t count, const double *restrict k0, \
    const double *restrict k1, const double *restrict k2, double *restrict out
#define CHANNELS_ARGUMENTS a, n, items, width, inputs, count, k0, k1, k2, out

static void channels_baseline(CHANNELS_PARAMETERS) { channels(CHANNELS_ARGUMENTS); }
#if defined(__x86_64__)
__attribute__((target("avx2"))) static void channels_avx2(CHANNELS_PARAMETERS) { channels(CHANNELS_ARGUMENTS); }
__attribute__((target("avx512f"))) static void channels_avx512(CHANNELS_PARAMETERS) { channels(CHANNELS_ARGUMENTS); }
#endif

int harmonic_apply_channels(
  const double *a, int64_t n, int64_t items, int width, int inputs, int64_t count, const double *k0, const double *k1, const double *k2,
  double *out, int variant) {
  int v = chosen_variant(variant);
  if (v < 0 || width < 1 || width > 3 || (inputs != 2 && inputs != 3)) return -1;
  if (count <= 0) return 0;
  RUN_VARIANT(v, channels, CHANNELS_ARGUMENTS);
  return 0;
}

// The shared-spring pass: one set of coefficients for a range of elements,
// `((0 + a·c0) + b·c1) + d·c2` (b where a == b and d == 0) or
// `(0 + a·c0) + b·c1` per element, as above,
// at the compiler's vector width (eight lanes on AVX-512: four streams,
// and 0.79–0.82 ns a value against 0.83–0.85 with four lanes on the EPYC).
INLINE void shared(
  const double *restrict a, int64_t n, int64_t lo, int64_t hi, int inputs, double c0, double c1, double c2, double *restrict out) {
  const double *b = a + n;
  if (inputs == 3) {
    const double *d = b + n;
    for (int64_t e = lo; e < hi; e++) out[e] = a[e] == b[e] && d[e] == 0 ? b[e] : ((0 + a[e] * c0) + b[e] * c1) + d[e] * c2;
  } else {
    for (int64_t e = lo; e < hi; e++) out[e] = (0 + a[e] * c0) + b[e] * c1;
  }
}
#define SHARED_PARAMETERS                                                                            \
  const double *restrict a, int64_t n, int64_t lo, int64_t hi, int inputs, double c0, double c1, double c2, double *restrict out
#define SHARED_ARGUMENTS a, n, lo, hi, inputs, c0, c1, c2, out

static void shared_baseline(SHARED_PARAMETERS) { shared(SHARED_ARGUMENTS); }
#if defined(__x86_64__)
__attribute__((target("avx2"))) static void shared_avx2(SHARED_PARAMETERS) { shared(SHARED_ARGUMENTS); }
__attribute__((target("avx512f"))) static void shared_avx512(SHARED_PARAMETERS) { shared(SHARED_ARGUMENTS); }
#endif

int harmonic_apply_shared(
  const double *a, int64_t n, int64_t lo, int64_t hi, int inputs, double c0, double c1, double c2, double *out, int variant) {
  int v = chosen_variant(variant);
  if (v < 0 || (inputs != 2 && inputs != 3)) return -1;
  if (hi <= lo) return 0;
  RUN_VARIANT(v, shared, SHARED_ARGUMENTS);
  return 0;
}

// The propagator step of one shared spring: for e in lo ..< hi,
// (u1, v1) = ((u0 + u0·d0) + v0·d1, (v0 + u0·d2) + v0·d3), Swift's
// `_stepTerm` (reference dgemm's order with β = 1), at the compiler's width.
INLINE void step(
  const double *restrict u0, const double *restrict v0, int64_t lo, int64_t hi, double d0, double d1, double d2, double d3,
  double *restrict u1, double *restrict v1) {
  for (int64_t e = lo; e < hi; e++) {
    double u = u0[e], v = v0[e];
    u1[e] = (u + u * d0) + v * d1;
    v1[e] = (v + u * d2) + v * d3;
  }
}
#define STEP_PARAMETERS                                                                              \
  const double *restrict u0, const double *restrict v0, int64_t lo, int64_t hi, double d0, double d1, double d2, double d3, \
    double *restrict u1, double *restrict v1
#define STEP_ARGUMENTS u0, v0, lo, hi, d0, d1, d2, d3, u1, v1

static void step_baseline(STEP_PARAMETERS) { step(STEP_ARGUMENTS); }
#if defined(__x86_64__)
__attribute__((target("avx2"))) static void step_avx2(STEP_PARAMETERS) { step(STEP_ARGUMENTS); }
__attribute__((target("avx512f"))) static void step_avx512(STEP_PARAMETERS) { step(STEP_ARGUMENTS); }
#endif

int harmonic_apply_step(
  const double *u0, const double *v0, int64_t lo, int64_t hi, double d0, double d1, double d2, double d3, double *u1, double *v1,
  int variant) {
  int v = chosen_variant(variant);
  if (v < 0) return -1;
  if (hi <= lo) return 0;
  RUN_VARIANT(v, step, STEP_ARGUMENTS);
  return 0;
}

// Linear interpolation of two columns: for e in lo ..< hi, out[e] = a[e]
// where a[e] == b[e], else (0 + a[e]·(1 − p)) + b[e]·p — Swift's
// `_interpolate` (1 − p is the same double for every element).
INLINE void interpolate(const double *restrict a, const double *restrict b, int64_t lo, int64_t hi, double p, double *restrict out) {
  double q = 1 - p;
  for (int64_t e = lo; e < hi; e++) out[e] = a[e] == b[e] ? a[e] : (0 + a[e] * q) + b[e] * p;
}
#define INTERPOLATE_PARAMETERS const double *restrict a, const double *restrict b, int64_t lo, int64_t hi, double p, double *restrict out
#define INTERPOLATE_ARGUMENTS a, b, lo, hi, p, out

static void interpolate_baseline(INTERPOLATE_PARAMETERS) { interpolate(INTERPOLATE_ARGUMENTS); }
#if defined(__x86_64__)
__attribute__((target("avx2"))) static void interpolate_avx2(INTERPOLATE_PARAMETERS) { interpolate(INTERPOLATE_ARGUMENTS); }
__attribute__((target("avx512f"))) static void interpolate_avx512(INTERPOLATE_PARAMETERS) { interpolate(INTERPOLATE_ARGUMENTS); }
#endif

int harmonic_apply_interpolation(const double *a, const double *b, int64_t lo, int64_t hi, double p, double *out, int variant) {
  int v = chosen_variant(variant);
  if (v < 0) return -1;
  if (hi <= lo) return 0;
  RUN_VARIANT(v, interpolate, INTERPOLATE_ARGUMENTS);
  return 0;
}
