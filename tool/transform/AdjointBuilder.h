// Reverse mode's shared state and the helpers both sweeps build with:
//   Adjoint.cpp            the passes in order (AdjointPasses), tapes, loops
//   AdjointCheckpoint.cpp  checkpoint runtime objects, snapshot state
//   ForwardSweep.h         the forward sweep (ForwardSweep.cpp: statements;
//                          ForwardRecord.cpp: counted loops, snapshots, tape
//                          reservations; ForwardCheckpoint.cpp: checkpointed
//                          loops)
//   BackwardSweep.h        the backward sweep
// Internal to transform/; the passes' interface is Adjoint.h.
#pragma once

#include "analysis/Activity.h"
#include "analysis/Recording.h"
#include "ir/Clone.h"
#include "ir/UniqueNames.h"
#include "transform/Adjoint.h"
#include "transform/AdjointStorage.h"
#include "transform/CheckpointPlan.h"
#include "transform/Recompute.h"
#include "transform/LinearForm.h"

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace adgen {
struct ExtentExpr;
}

namespace adgen::detail {

/// One active statement: target = Σ coef · leaf (its linear form).
struct Stmt {
  Target target;
  bool isDecl = false, isReturn = false;
  std::vector<std::pair<Op *, Op *>> terms; // (coef or null, leaf)
  std::vector<Target> leafTargets;          // where each term's leaf lives
  std::vector<Op *> saved; // forward values pushed for the backward sweep
  SourceLoc loc;
};

/// The forward sweep's linear forms of the values in flight.
struct StatementForms {
  LinearForms lin;                                   // value -> its form
  std::unordered_map<const Op *, Target> leafTarget; // leaf -> its storage
  std::map<const Var *, Op *> leafCache; // current leaf of each variable
  std::unordered_map<const Op *, int> remaining; // uses not yet reached
  // Values with a form whose users are ahead, in the order they were made
  // (so temporaries are named deterministically).
  std::vector<const Op *> open;
};

/// What the analysis passes find before f_grad is built: activity,
/// to-be-recorded facts, checkpoint plans.
struct AdjointAnalyses {
  Activity act;
  RecordFacts facts;
  CheckpointPlans plans;
};

/// What an extent adgen cannot tell means: an error (a checkpointed loop
/// needs it), or 0 (the ADGEN_STATS tally of a loop under `all`).
enum class UnknownExtent { Fails, CountsZero };

/// A checkpointed loop as the sweeps build it (AdjointCheckpoint.cpp): its
/// plan, and its body taped, built in the forward sweep but run in the
/// backward one.
struct CheckpointedLoop : CheckpointPlan {
  std::shared_ptr<Block> tapedBody, tapedStep;
  bool online = false; // trip count unknown when the loop starts
};

/// What the backward sweep reverses, mirroring the forward structure.
struct Item {
  enum Kind { Statement, If, Loop, ZeroArray } kind;
  Stmt stmt;
  Op *cond = nullptr;         // If: the branch taken (top level)
  std::vector<Item> a, b;     // If: then/else; Loop: body/step
  Op *count = nullptr;        // Loop: the trip count (top level)
  const Array *arr = nullptr; // ZeroArray: a local array declared again
  SourceLoc loc;
  const Var *counter = nullptr; // Loop: `for (c = init; ...; ++c)`'s c
  Op *init = nullptr;           // Loop: its first value (recomputable)
  Op *bound = nullptr;          // Loop: `c < bound`, when recomputable
  std::vector<std::pair<Array *, Array *>> snaps{}; // Loop: (array, copy)
  std::shared_ptr<CheckpointedLoop> ck{};          // Loop: checkpointed
};

/// What the forward sweep hands the backward sweep: the Items of f's top
/// level and what f returns (null for void).
struct ForwardResult {
  std::vector<Item> items;
  Op *returnValue = nullptr;
};

/// Reverse mode's passes over shared state: the analyses and the adjoint
/// storage are its own; the forward sweep (ForwardSweep.h) and the backward
/// sweep (BackwardSweep.h) build through the helpers below (tapes, runtime
/// objects, snapshot state, Recompute).
class AdjointBuilder {
  friend class ForwardSweep;
  friend class BackwardSweep;

public:
  /// Builds f_grad in F from the prepared primal g; opts must outlive it.
  AdjointBuilder(const Function &g, Function &F, const AdjointOptions &opts);

  // The passes, in order (see AdjointPasses in Adjoint.h).
  void analyzeActivity();
  void analyzeToBeRecorded();
  void planLoops();
  void declare();
  bool forwardSweep(Diagnostic &error);
  void backwardSweep();

private:
  // ---- helpers of both sweeps ---------------------------------------------

  std::string unique(const std::string &base);

  Op *zero() { return b.constant(0, Type::Int); }

  /// Builds ops with `emit` and puts them at the very top of the function
  /// (declarations the sweeps discover they need).
  void atTop(const std::function<void()> &emit);

  /// The tape of type t (declared at the top when first asked for).
  Array *tape(Type t);

  /// for (int k = 0; k < count; ++k) { body(k) } at the insertion point.
  Op *forLoop(Op *count, const std::function<void(Op *)> &body,
              const std::string &comment = "");

  /// Notes error `d` (ir/Diagnostics.def) at `o`; the first one wins.
  void fail(const Op &o, Diag d, std::vector<std::string> args = {});

  // ---- checkpointed loops' runtime (AdjointCheckpoint.cpp) -----------------

  /// A size() extent as ops over the function's integer parameters; null
  /// when it names anything else.
  Op *extentOps(const ExtentExpr &e);
  /// Elements of a state array: its size, size(p, EXPR), or the extent
  /// the code shows; null (after a diagnostic) when unknown.
  /// (With UnknownExtent::CountsZero an unknown extent counts 0: stats.)
  Op *extentOf(const Array *ga, const Op &loop,
               UnknownExtent unknown = UnknownExtent::Fails);

  /// Bytes of one snapshot, built at the insertion point.
  Op *stateBytes(const CheckpointPlan &plan,
                 UnknownExtent unknown = UnknownExtent::Fails);

  /// ck.METHOD(array, extent): a copy of one state array (or a stash).
  void copyArray(Array *obj, CkptMethod method, const Array *ga,
                 const Op &loop);

  /// max(0, bound − init) of a counted loop, recomputed, as a long (the
  /// runtime reads a negative count as 0).
  Op *countedTrips(const Item &it);

  /// ck.put/get/stash/unstash of every part of the state.
  void copyState(Array *obj, CkptMethod method, const CheckpointPlan &plan);

  /// The snapshot store of f_grad's checkpointed loops (made once).
  Array *snapshotStore();

  /// A checkpoint runtime object of class cls, named from `name`.
  Array *runtimeObject(RuntimeClass cls, const std::string &name);

  /// obj.method(args...), of type t.
  Op *ckCall(Array *obj, CkptMethod method, Type t,
             std::vector<Op *> args = {});

  const Function &g;
  Function &F;
  Builder b;
  const AdjointOptions &opts; // active, sizes, --checkpoint, report
  Remap m;
  UniqueNames names; // of g, and those unique() gave
  AdjointAnalyses an; // what the analysis passes found
  Recompute rc{b, F, m, an.facts}; // what the backward sweep computes again
  AdjointStorage st; // the adjoints, declared up front
  std::map<Type, Array *> tapes;
  Array *store = nullptr; // snapshots of checkpointed loops
  ForwardResult fwd; // what the forward sweep hands the backward one
  std::vector<Diagnostic> err; // the first error, when there is one
};

} // namespace adgen::detail
