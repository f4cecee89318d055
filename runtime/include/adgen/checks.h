// Run-time checks of what adgen was told and could not verify (-DADGEN_CHECKS).
//
// A `size(p, EXPR)` clause states a pointer parameter's extent. Where adgen
// cannot see the extent the code indexes, generated code wraps each index of
// p in ADGEN_INDEX: with ADGEN_CHECKS defined it aborts, naming the source
// line, when an index falls outside [0, EXPR); without it, it is the index.
#pragma once

#include "adgen/hd.h"

#ifdef ADGEN_CHECKS
#include <cstdio>
#include <cstdlib>

namespace adgen {

ADGEN_HD inline long long checkedIndex(long long i, long long extent,
                                       const char *array, const char *size,
                                       const char *where) {
  if (i < 0 || i >= extent) {
    printf("adgen: ADGEN_CHECKS: index %lld of '%s' is outside size(%s, %s) "
           "= %lld at %s\n",
           i, array, array, size, extent, where);
#if defined(__CUDA_ARCH__)
    __trap();
#else
    std::fflush(stdout);
    std::abort();
#endif
  }
  return i;
}

} // namespace adgen

#define ADGEN_INDEX(i, extent, array, where)                                   \
  ::adgen::checkedIndex((i), (extent), array, #extent, where)
#else
#define ADGEN_INDEX(i, extent, array, where) (i)
#endif
