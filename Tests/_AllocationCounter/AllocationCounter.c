// Interposes the glibc allocation entry points in the test binary, forwarding
// to glibc's own implementations (__libc_*), and counts calls made by a thread
// that switched counting on. Test-only.
#include "AllocationCounter.h"
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define HARMONIC_SANITIZED 1
#endif
#endif

// Sanitizers interpose malloc themselves; the counter stands aside then.
#if defined(__linux__) && defined(__GLIBC__) && !defined(HARMONIC_SANITIZED)
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static __thread int counting;
static __thread int64_t count;

void *malloc(size_t size) { if (counting) count++; return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { if (counting) count++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { if (counting) count++; return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t size) { if (counting) count++; return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { if (counting) count++; return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
  if (counting) count++;
  void *p = __libc_memalign(alignment, size);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

void harmonic_allocations_start(void) { count = 0; counting = 1; }
int64_t harmonic_allocations_stop(void) { counting = 0; return count; }
int harmonic_allocations_available(void) {
  harmonic_allocations_start();
  void *volatile p = malloc(16);
  free(p);
  return harmonic_allocations_stop() == 1;
}
#else
void harmonic_allocations_start(void) {}
int64_t harmonic_allocations_stop(void) { return 0; }
int harmonic_allocations_available(void) { return 0; }
#endif
