// Reverse mode, checkpoint plan: for each loop of the prepared primal, the
// policy it runs under and, for a checkpointed one, what a snapshot holds.
// Found before the forward sweep, which builds the loop from it.
#pragma once

#include "analysis/Loops.h"
#include "analysis/Recording.h"
#include "ir/IR.h"

#include "adgen/schedule.h"

#include <optional>

#include <unordered_map>
#include <vector>

namespace adgen {

struct Activity;

struct CheckpointPlan {
  const Op *loop = nullptr;          // the primal loop
  checkpoint::Policy policy;         // its directive's, else --checkpoint's
  const Var *counter = nullptr;      // a counted loop's counter (not state)
  std::vector<const Var *> vars;     // primal scalars in the state
  std::vector<const Array *> arrays; // primal arrays in the state
  std::vector<const Array *> stash;  // parameters it writes: kept around
  // Arrays it writes and reads that need no snapshot: written one stripe per
  // iteration, read below it (analysis/Stripes.h), not written after it.
  std::vector<const Array *> inMemory;

  /// Whether a snapshot holds nothing (everything in memory throughout).
  bool copiesNothing() const { return vars.empty() && arrays.empty(); }
};

/// The policy loop `o` runs under: its directive's, else `defaultPolicy`
/// (--checkpoint) for an outermost loop; none or `all` tapes it.
std::optional<checkpoint::Policy>
checkpointPolicy(const Op &o, bool outermost,
                 const std::optional<checkpoint::Policy> &defaultPolicy);

/// A counted loop of g whose counter the backward sweep can set from the
/// iteration number: an integer counter starting at a constant or at a
/// value of g's top level.
std::optional<CountedLoop> recomputableCountedLoop(const Function &g,
                                                   const Op &loop);

/// What a snapshot of `loop` holds: scalars it carries from one iteration
/// to the next, arrays it writes and reads, plus what it reads that may
/// change before its backward sweep (not settled at top-level statement
/// `top`, the one holding the loop); and the parameter arrays it writes,
/// stashed around the backward sweep. In g's order of variables and arrays.
void planCheckpointState(const Function &g, const RecordFacts &facts, int top,
                         CheckpointPlan &plan);

/// Plans of the loops that are checkpointed: those writing active values
/// that have a policy other than `all`.
using CheckpointPlans = std::unordered_map<const Op *, CheckpointPlan>;
CheckpointPlans
planCheckpoints(const Function &g, const Activity &act,
                const RecordFacts &facts,
                const std::optional<checkpoint::Policy> &defaultPolicy);

/// Whether loop `o` writes (in any region) a variable or array `act` marks
/// active: only such a loop has a backward sweep.
bool writesActive(const Op &o, const Activity &act);

} // namespace adgen
