// Implementation detail of Harmonic, not public API (see README.md).
#ifndef HARMONIC_LANES_H
#define HARMONIC_LANES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The constants of Harmonic's deterministic exp and sincos, passed in from
/// Swift (`_Math`) so that the two sides cannot drift apart.
typedef struct {
  /// 2^(j/128) for j = 0 ..< 128 as hi + lo, interleaved: hi, lo, hi, … (256 doubles).
  const double *expTablePairs;
  double expStepHi, expStepLo, expStepsPerUnit;
  double twoOverPi, pio2p1, pio2p2, pio2p3, pio2p3t;
  double sinS1, sinS2, sinS3, sinS4, sinS5, sinS6;
  double cosC1, cosC2, cosC3, cosC4, cosC5, cosC6;
} HarmonicLaneConstants;

/// The doubles of the sorted layout of `count` springs (0 for none).
int64_t harmonic_lane_layout_count(int64_t count);

/// Sorts `count` springs into the kernel's layout (`layout`:
/// `harmonic_lane_layout_count(count)` doubles), once, at setup. Spring j's
/// basis is `bases[4j ..< 4j + 4]`: the decay rate a, ω₀², √|q| (negated
/// when the spring oscillates: its sign is the regime, its magnitude the
/// root) and the slow rate. Each chunk of 256 springs becomes groups of
/// eight of one regime, lane-contiguous, with their indices.
void harmonic_lane_sort(const double *bases, int64_t count, double *layout);

/// The step basis of springs `first ..< first + count` of a sorted layout at
/// `t` seconds, eight springs of one regime at a time. It writes, for
/// j = spring − first, out[j] = R, out[count + j] = P, out[2·count + j] = Ŝ,
/// out[3·count + j] = Ĉ, out[4·count + j] = −Ŝ (the last two only when
/// `slots` is 5, not 3) — the bits of Harmonic's scalar `stepBasis`, or a
/// NaN R where the caller must compute that spring with the scalar path.
/// Returns how many springs were left to the caller.
///
/// `variant`: 0 the widest this processor runs; 1 the baseline instruction
/// set; 2 AVX2; 3 AVX-512 (x86-64 only). Returns −1, writing nothing, when
/// the processor lacks the variant asked for (or `slots` is not 3 or 5).
int64_t harmonic_step_basis(
  const HarmonicLaneConstants *constants, const double *layout, int64_t first, int64_t count, double t, double *out, int slots,
  int variant);

/// The per-item channel pass over one block of `count` items: for each of
/// `width` (1–3) consecutive channels w and item i,
/// out[w·items + i] = ((0 + a[w·items + i]·k0[i]) + b[w·items + i]·k1[i]) +
/// d[w·items + i]·k2[i] with b = a + n and d = a + 2n (`inputs` 3; b[…]
/// itself where a[…] == b[…] and d[…] == 0: an element at rest), or
/// (0 + a[…]·k0[i]) + b[…]·k1[i] (`inputs` 2; `k2` unread) — the bits of
/// Harmonic's `_valueTerm` and `_velocityTerm` in every variant. The
/// output must not overlap the inputs or the coefficients.
///
/// `variant` as for `harmonic_step_basis`. Returns 0, or −1, writing
/// nothing, when the processor lacks the variant or `width` or `inputs` is
/// out of range.
int harmonic_apply_channels(
  const double *a, int64_t n, int64_t items, int width, int inputs, int64_t count, const double *k0, const double *k1, const double *k2,
  double *out, int variant);


/// The shared-spring pass: for e in lo ..< hi, out[e] = ((0 + a[e]·c0) +
/// b[e]·c1) + d[e]·c2 with b = a + n and d = a + 2n (`inputs` 3; b[e]
/// where a[e] == b[e] and d[e] == 0), or
/// (0 + a[e]·c0) + b[e]·c1 (`inputs` 2; `c2` unused) — the bits of
/// Harmonic's `_valueTerm` and `_velocityTerm` in every variant. Returns 0,
/// or −1, writing nothing, when the processor lacks `variant` or `inputs`
/// is out of range.
int harmonic_apply_shared(
  const double *a, int64_t n, int64_t lo, int64_t hi, int inputs, double c0, double c1, double c2, double *out, int variant);

/// The propagator step of one shared spring: for e in lo ..< hi,
/// u1[e] = (u0[e] + u0[e]·d0) + v0[e]·d1 and v1[e] = (v0[e] + u0[e]·d2) +
/// v0[e]·d3 — the bits of Harmonic's `_stepTerm` in every variant. Outputs
/// must not overlap inputs. Returns 0, or −1, writing nothing, when the
/// processor lacks `variant`.
int harmonic_apply_step(
  const double *u0, const double *v0, int64_t lo, int64_t hi, double d0, double d1, double d2, double d3, double *u1, double *v1,
  int variant);

/// For e in lo ..< hi, out[e] = a[e] where a[e] == b[e], else
/// (0 + a[e]·(1 − p)) + b[e]·p — the bits of Harmonic's `_interpolate` in
/// every variant. Returns 0, or −1, writing nothing, when the processor
/// lacks `variant`.
int harmonic_apply_interpolation(const double *a, const double *b, int64_t lo, int64_t hi, double p, double *out, int variant);

/// A hint to fetch the cache line at `address` for writing (no effect on
/// any value; inlined into Swift callers).
static inline void harmonic_prefetch_for_writing(const void *address) { __builtin_prefetch(address, 1, 3); }

/// The variant that `variant: 0` runs on this processor (1, 2 or 3).
int harmonic_step_basis_variant(void);

#ifdef __cplusplus
}
#endif

#endif
