// The benchmark's memory-traffic floor (never linked into Harmonic): plain
// loops that move `reads` input streams and `writes` output streams of
// doubles with next to no arithmetic, built for the widest vector
// instruction set the processor runs, so that the floor is the memory's
// and not the instruction width's.
#ifndef BENCH_FLOOR_H
#define BENCH_FLOOR_H

/// Elements `lo ..< hi` of the streams: inputs at `input + r·n`, outputs at
/// `output + w·n`. Patterns (reads, writes): (2, 1), (3, 1), (2, 2),
/// (5, 2), and otherwise a sum of the inputs copied to every output.
void bench_floor_stream(const double *input, double *output, long n, int reads, int writes, long lo, long hi);

/// The instruction set the floor runs: "AVX-512", "AVX2" or "baseline".
const char *bench_floor_variant(void);

#endif
