// Operation counts of a function (`adgen --emit=stats`): per kind, counted
// once per execution where loop trip counts are compile-time constants
// (`for (int i = 0; i < 3; ++i)`), and per iteration otherwise.
#pragma once

#include "ir/IR.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace adgen {

struct OpCounts {
  int64_t mul = 0, add = 0, div = 0, transcendental = 0, other_math = 0,
          loads = 0, stores = 0, tangentProducts = 0;
  bool exact = true; // false when some loop's trip count is unknown
};

OpCounts countOps(const Function &f);

/// Bytes one iteration of a loop pushes on the tape (its own body, not
/// loops nested in it), per loop in program order, with the loop's line.
struct LoopTape {
  unsigned line = 0;
  int64_t bytesPerIteration = 0;
};
std::vector<LoopTape> tapeBytesPerIteration(const Function &f);

/// Bytes one call of f pushes on its tapes, when every loop's trip count
/// is a constant (and no checkpointed loop sizes snapshots at run time);
/// -1 otherwise.
int64_t tapeBytesPerCall(const Function &f);

/// Extent of an array parameter as far as the code shows it: the largest
/// constant index read or written (+1), also through loops with constant
/// bounds; -1 when some access is not constant.
int64_t inferExtent(const Function &f, const Array *a);

/// Trip count of the loop at b.ops[i] when its header is the canonical
/// `for (T v = C0; v < C1; ++v)` with constants; -1 otherwise.
int64_t staticTripCount(const Block &b, size_t i);

} // namespace adgen
