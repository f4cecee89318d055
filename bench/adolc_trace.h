// adolc_trace.h: ADOL-C traces whose buffers hold the whole tape, for the
// benchmarks' ADOL-C rows (kernels_adolc.cpp, speed/adolc_speed.cpp). The
// first trace of a tag runs with ADOL-C's default buffers and measures the
// tape (tapestats); later traces of that tag get buffers that large, so
// they stay in memory, as an ADOL-C user tuning for speed would set them.
#pragma once

#include <adolc/adolc.h>

#include <cstddef>
#include <map>

namespace adolc_trace {

struct Buffers {
  unsigned obs = 0, lbs = 0, vbs = 0, tbs = 0;
};

inline std::map<short, Buffers> &buffers() {
  static std::map<short, Buffers> sized;
  return sized;
}

/// trace_on(tag), with the buffers measured by the tag's first trace.
inline void start(short tag) {
  auto it = buffers().find(tag);
  if (it == buffers().end())
    trace_on(tag);
  else
    trace_on(tag, 0, it->second.obs, it->second.lbs, it->second.vbs,
             it->second.tbs);
}

/// trace_off(); after a tag's first trace, keeps the sizes its tape needs.
inline void stop(short tag) {
  trace_off();
  if (buffers().count(tag))
    return;
  std::size_t st[STAT_SIZE];
  tapestats(tag, st);
  Buffers b;
  b.obs = static_cast<unsigned>(st[NUM_OPERATIONS] + 64);
  b.lbs = static_cast<unsigned>(st[NUM_LOCATIONS] + 64);
  b.vbs = static_cast<unsigned>(st[NUM_VALUES] + 64);
  b.tbs = static_cast<unsigned>(st[TAY_STACK_SIZE] + 64);
  buffers()[tag] = b;
}

} // namespace adolc_trace
