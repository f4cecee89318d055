// Reverse mode: builds f_grad from f (SPEC §4).
//
// f is first prepared (the driver's grad passes, driver/Passes.cpp): calls
// inlined, break/continue/early returns turned into flags (Structure.h),
// loops hoisted for checkpointing (Hoist.h). The adjoint then has two sweeps
// in one function:
//
//  - forward: f's own code, with each active statement's local partials
//    (its linear form, the same one forward mode uses) computed on the way.
//    Inside ifs and loops the partials, the array indices the backward sweep
//    needs, the branch taken and the trip count go on a tape; at the top
//    level they simply stay in their SSA values.
//  - backward: the statements in reverse, each the transpose of its linear
//    form: for `x = e`, with t = x̄: x̄ = 0, then leaf̄ += ∂e/∂leaf · t.
//
// Adjoints accumulate: a_bar[i] += ..., *s_bar += ...; a written array's
// out_bar holds the cotangent of its final value on entry and of its
// initial value on exit.
#pragma once

#include "ir/Diagnostic.h"
#include "ir/ExtentExpr.h"
#include "ir/IR.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace adgen {

/// What `--emit=stats` says about a checkpointed loop of the adjoint.
struct CheckpointReport {
  unsigned line = 0;
  checkpoint::Policy policy;
  std::vector<std::string> state; // names in a snapshot ("h", "hs[64]")
  // Arrays the loop writes one stripe per iteration, read in memory by a
  // re-run instead (analysis/Stripes.h).
  std::vector<std::string> inMemory;
  int64_t stateBytes = -1; // per snapshot; -1: known at run time
  int64_t tapeBytes = -1;  // per taped iteration; -1: not static
  int64_t trips = -1;      // when the code fixes it
  // budget B: the real `all` (every iteration taped in the forward sweep)
  // runs when the loop's tape fits in B.
  bool tapesWhenItFits = false;
};

class DerivedModule;

struct AdjointOptions {
  std::string name;                    // e.g. "f_grad"
  std::vector<bool> active;            // per primal parameter
  std::map<std::string, Extent> sizes; // size(p, EXPR) clauses, parsed
  // --checkpoint, for outermost loops without a directive of their own.
  std::optional<checkpoint::Policy> defaultPolicy;
  std::vector<CheckpointReport> *report = nullptr; // filled when given
  // Where callee adjoints and primal copies go; without it every call must
  // have been inlined.
  DerivedModule *module = nullptr;
  // Every call inlined but recursive ones (a batched kernel's strided
  // adjoints cannot be passed on to a callee's adjoint).
  bool inlineAll = false;
};

namespace detail {
struct ForwardResult;
struct ReverseState;
} // namespace detail

/// Reverse mode pass by pass on `g`, a primal already prepared (calls
/// inlined, jumps structured, loops hoisted), which must outlive it. The
/// driver's grad list runs these in order; adjointOf runs them all.
class AdjointPasses {
public:
  AdjointPasses(const Function &g, const AdjointOptions &opts);
  ~AdjointPasses();
  /// What the active inputs vary and the results need (analysis/Activity).
  void activity();
  /// To-be-recorded facts: settled storage, single writes, per-iteration
  /// snapshots (analysis/Recording).
  void toBeRecorded();
  /// Per loop: its checkpoint policy and snapshot state
  /// (transform/CheckpointPlan).
  void checkpointPlan();
  /// f_grad's signature and adjoint storage (transform/AdjointStorage):
  /// hands over f_grad, which the sweeps then build in place (keep it alive
  /// as long as this object).
  std::unique_ptr<Function> storage();
  /// The primal with each active statement recorded; false on a construct
  /// it cannot reverse, with the diagnostic in `error`.
  bool forwardSweep(Diagnostic &error);
  /// The recorded statements in reverse, transposed; then the return.
  void backwardSweep();
  /// Value numbering of the backward sweep (transform/ValueNumbering): an
  /// index or a read it computes again is computed once per block. The
  /// forward sweep stays the primal as written.
  void numberBackward();
  /// Adjacent backward loops over one range run as one
  /// (transform/FuseLoops.h); the fused bodies numbered again.
  void fuseLoops();
  /// Backward loops whose iterations commute run first iteration first
  /// (transform/ForwardOrder.h).
  void forwardOrder();

private:
  std::unique_ptr<Function> F; // until storage() hands it over
  AdjointOptions opts;
  std::unique_ptr<detail::ReverseState> state; // shared by the sweeps
  std::unique_ptr<detail::ForwardResult> fwd;  // the forward sweep's result
  const Op *forwardEnd = nullptr; // f_grad's last op before the backward sweep
};

/// The adjoint pass: f_grad from `g`, a primal already prepared (calls
/// inlined, jumps structured, loops hoisted), before dead-code removal. On a
/// construct it cannot reverse it returns null and sets `error`.
std::unique_ptr<Function>
adjointOf(const Function &g, const AdjointOptions &opts, Diagnostic &error);

/// All of reverse mode in one call, for tests: the steps the driver runs as
/// its grad passes (prepare, adjointOf, dead code). On a construct it cannot
/// reverse it returns null and sets `error` to the message with its source
/// line (plainText()).
std::unique_ptr<Function>
buildAdjoint(const Function &f, const AdjointOptions &opts, std::string &error);

} // namespace adgen
