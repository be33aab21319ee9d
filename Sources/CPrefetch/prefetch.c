// CPrefetch is header-only (include/prefetch.h); SwiftPM builds a C target from at least one source.
#include "prefetch.h"
