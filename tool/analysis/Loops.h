// Loop facts, found by one matcher for every pass that needs them: the
// adjoint (which counters the backward sweep can compute instead of taping),
// checkpoint planning (what a loop carries from one iteration to the next)
// and --emit=stats (trip counts).
#pragma once

#include "ir/IR.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace adgen {

/// `T c = init; loop (c < bound) { ... } step { c = c + 1; }` where the
/// step is c's only write in the loop. What the condition compares is in
/// `bound` only when it is exactly `c < bound`.
struct CountedLoop {
  const Op *loop = nullptr;
  const Var *counter = nullptr;
  const Op *decl = nullptr;  // `T c = init;`, before the loop in its block
  const Op *init = nullptr;  // the value c starts at
  const Op *bound = nullptr; // `c < bound`; null for another condition

  /// Iterations, when init and bound are constants; -1 otherwise (also
  /// when bound < init, which the code does not say is intended).
  int64_t constantTrips() const;
};

/// How far before the loop its counter's declaration may be: `adjacent`,
/// right before it (the IR the frontend makes); `throughOthers`, with ops
/// between that do not write the counter (an adjoint's tape reservation).
enum class DeclSearch { Adjacent, ThroughOthers };

/// The counted loop at blk.ops[i], if it is one.
std::optional<CountedLoop> matchCountedLoop(const Block &blk, size_t i,
                                            DeclSearch search);

/// Whether an iteration of `loop` may read v before writing it: a read in
/// the condition, or in the body or step before a write at their top
/// level. Such a v carries state from one iteration to the next.
bool carriedByLoop(const Op &loop, const Var *v);

/// c when `write` is `v = v + c` or `v = v - c` (c a constant, v an
/// integer: `++v`, `v += 2`), else nothing.
std::optional<double> constantStep(const Op &write);

/// The integer variables that `loop` changes only by constant steps, each
/// at the top level of a loop body nested in it with no if, condition or
/// step region in between, in loops `reversed` accepts, and with no break
/// or continue anywhere in it (an index counted by hand, `++idx` after
/// each element of a triangle). The backward sweep, which reverses each
/// such loop iteration by iteration, can take those steps back instead of
/// taping the variable.
std::vector<const Var *>
steppedVars(const Op &loop, const std::function<bool(const Op &)> &reversed);

/// Whether `o` or anything in its regions reads var v.
bool readsVar(const Op &o, const Var *v);

/// Whether anything in `blk` (recursively) writes var v.
bool writesVar(const Block &blk, const Var *v);

} // namespace adgen
