// Activity analysis, forward half ("varied"): which values, variables and
// arrays depend on the active inputs. Only varied floating-point values get
// tangents. Flow-insensitive over variables and arrays (a variable is varied
// if any write to it is), which is conservative and sound for loops.
#pragma once

#include "ir/IR.h"

#include <set>
#include <vector>

namespace adgen {

struct Activity {
  std::set<const Op *> values;
  std::set<const Var *> vars;
  std::set<const Array *> arrays;

  bool active(const Op *o) const { return o && values.count(o); }
  bool active(const Var *v) const { return vars.count(v); }
  bool active(const Array *a) const { return arrays.count(a); }
};

/// Varied analysis of `f` seeded with the given active parameters.
Activity analyzeVaried(const Function &f, const std::set<const Var *> &seedVars,
                       const std::set<const Array *> &seedArrays);

/// Restricts `varied` to what is also useful: what the result or the arrays
/// the function writes out (non-const parameters) depend on. Reverse mode
/// then skips statements whose values never reach an output (and their
/// overflows cannot poison the gradient with inf·0).
void keepUseful(const Function &f, Activity &varied);

/// True when the callee writes its array parameter `i` (directly or through
/// calls).
bool writesParamArray(const Function &callee, unsigned i);
/// True when the callee reads its array parameter `i` (directly or through
/// calls; a function with no body may).
bool readsParamArray(const Function &callee, unsigned i);
/// Per array argument of a Call (call.arrays), whether the callee writes it.
std::vector<bool> writtenArguments(const Op &call);
/// Whether g calls itself, directly or through its callees (recursion).
bool callsItself(const Function &g);

} // namespace adgen
