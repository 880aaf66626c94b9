// Everything is in the header (a static inline call into the platform's
// libm); SwiftPM builds a C target from at least one source file.
#include "BenchPlatformMath.h"
