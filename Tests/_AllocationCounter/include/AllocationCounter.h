// Test-only: counts heap allocations made by the calling thread while counting
// is switched on. Not part of Harmonic.
#ifndef HARMONIC_ALLOCATION_COUNTER_H
#define HARMONIC_ALLOCATION_COUNTER_H
#include <stdint.h>
/// Starts counting this thread's allocations from zero.
void harmonic_allocations_start(void);
/// Stops counting and returns how many allocations this thread made.
int64_t harmonic_allocations_stop(void);
/// Whether the malloc interposer in this binary is live (a probe allocation was counted).
int harmonic_allocations_available(void);
#endif
