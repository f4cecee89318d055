// Reverse mode's builder, shared by the files that implement it:
//   Adjoint.cpp            the passes in order (AdjointPasses), tapes
//   AdjointForward.cpp     the forward sweep: the primal, recording statements
//   AdjointRecord.cpp      what the forward sweep records: counted loops,
//                          snapshots, tape reservations
//   AdjointCheckpoint.cpp  checkpointed loops' forward sweep and the runtime
//                          helpers both sweeps use
//   BackwardSweep.cpp      the backward sweep (its own class)
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

/// Reverse mode's passes over shared state: the analyses, the adjoint
/// storage and the forward sweep are its own; the backward sweep
/// (BackwardSweep.h) reads what they left (Items, tapes, Recompute) through
/// the helpers below.
class AdjointBuilder {
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
  // ---- set-up -------------------------------------------------------------

  std::string unique(const std::string &base);

  Op *zero() { return b.constant(0, Type::Int); }

  /// Builds ops with `emit` and puts them at the very top of the function
  /// (declarations the sweeps discover they need).
  void atTop(const std::function<void()> &emit);


  Array *tape(Type t);

  // ---- forward sweep --------------------------------------------------------

  Op *fv(const Op *o) { return m.values.at(o); }

  /// Clones `in` into the current block, recording what to reverse.
  std::vector<Item> forward(const Block &in, bool inRegion);

  std::vector<Item> forwardInto(const Block &in, Block *out);

  void forwardOp(const Op &o, bool inRegion, std::vector<Item> &items);

  /// Before a statement overwrites `t`, a value still waiting for its own
  /// statement that read `t` is saved in a temporary (itself a statement),
  /// so the backward sweep credits the old value, not the new one.
  void protectOpenForms(const Target &t, bool inRegion,
                        std::vector<Item> &items);

  void forwardOpBody(const Op &o, bool inRegion, std::vector<Item> &items);
  void forwardIf(const Op &o, bool inRegion, std::vector<Item> &items);
  /// Decl, WriteVar and Store: a statement when its target is active.
  void forwardAssign(const Op &o, bool inRegion, std::vector<Item> &items);
  void forwardReturn(const Op &o, bool inRegion, std::vector<Item> &items);
  /// ReadVar and Load: a leaf of the linear forms.
  void forwardLeaf(const Op &o);
  void forwardSelect(const Op &o);

  std::vector<std::pair<Op *, Op *>> termsOf(const Op *v);

  /// Keeps a statement for the backward sweep; inside a region, the values
  /// it will need go on the tape now.
  void record(Stmt s, SourceLoc loc, bool inRegion, std::vector<Item> &items);

  void forwardLoop(const Op &o, bool inRegion, std::vector<Item> &items);

  /// A loop's body and step forwarded into `body` and `step` (the loop's
  /// own regions, or a checkpointed loop's taped copy), with per-iteration
  /// snapshots of its arrays when `snapshots`.
  void forwardIteration(const Op &o, Item &it, Block *body, Block *step,
                        bool snapshots);

  /// Values a forward block pushes per type, nested counted loops with
  /// constant bounds included; false when a nested count is not static.
  static bool pushesPer(const Block &blk, int64_t mult,
                        std::map<Type, int64_t> &out);

  /// A top-level loop with a computable trip count reserves its tape up
  /// front: `tape.reserveMore(trips * per-iteration)` before the loop.
  void reserveFor(Op *loop, const Item &it);

  /// for (int k = 0; k < count; ++k) { body(k) } at the insertion point.
  Op *forLoop(Op *count, const std::function<void(Op *)> &body,
              const std::string &comment = "");

  /// Local arrays of a loop body that are written early in the body and
  /// then read in a nested loop: one copy per iteration on the tape (pushed
  /// at the end of the iteration, restored into `<a>_saved` at the start of
  /// its reversal) replaces a push per read.
  void planSnapshots(const Op &o, BodyContext &ctx, Block *body);

  /// After a body is forwarded: pushes (at the end of `body`) a copy of
  /// each snapshotted array the backward sweep reads; drops the others.
  void saveSnapshots(const BodyContext &ctx, Item &it, Block *body);

  void moveToEnd(Op *op);

  /// `T c = init; for (...; c = c + 1)` with c written nowhere else and
  /// init recomputable: the backward sweep then knows c in iteration j as
  /// init + j, and values computed from c need no tape.
  void countedLoop(const Op &o, Item &it);

  bool recomputable(const Op *v) { return rc.recomputable(v); }
  Op *recompute(const Op *v) { return rc.recompute(v); }

  /// Notes error `d` (ir/Diagnostics.def) at `o`; the first one wins.
  void fail(const Op &o, Diag d, std::vector<std::string> args = {});

  // ---- checkpointed loops (AdjointCheckpoint.cpp) ---------------------------

  /// Forward sweep of a checkpointed loop: the primal loop keeping
  /// snapshots; its taped body is built aside for the backward sweep.
  void forwardCheckpointed(const Op &o, bool inRegion, std::vector<Item> &items,
                           checkpoint::Policy policy);

  /// Whether the extent of every array in a checkpoint plan is known
  /// (else a diagnostic).
  bool extentsKnown(const CheckpointPlan &plan);

  /// Elements of a state array: its size, size(p, EXPR), or the extent
  /// the code shows; null (after a diagnostic) when unknown.
  /// A size() extent as ops over the function's integer parameters; null
  /// when it names anything else.
  Op *extentOps(const ExtentExpr &e);
  Op *extentOf(const Array *ga, const Op &loop);

  /// Bytes of one snapshot, built at the insertion point.
  Op *stateBytes(const CheckpointPlan &plan);

  /// ck.METHOD(array, extent): a copy of one state array (or a stash).
  void copyArray(Array *obj, CkptMethod method, const Array *ga,
                 const Op &loop);

  /// max(0, bound − init) of a counted loop, recomputed, as a long (the
  /// runtime reads a negative count as 0).
  Op *countedTrips(const Item &it);

  /// ck.put/get/stash/unstash of every part of the state.
  void copyState(Array *obj, CkptMethod method, const CheckpointPlan &plan);

  Array *snapshotStore();

  Array *runtimeObject(RuntimeClass cls, const std::string &name);

  Op *ckCall(Array *obj, CkptMethod method, Type t,
             std::vector<Op *> args = {});

  /// At the start of each iteration of the forward sweep's loop `plain`:
  /// `if (fwd.save(i)) { fwd.put(state) }`; counts iterations in `trips`
  /// when the trip count is not known up front.
  void keepSnapshots(Op *plain, Array *fwd, const CheckpointPlan &plan,
                     const Item &it, Var *trips);

  /// checkpoint(all) tapes the loop; this reports its n states to the
  /// ADGEN_STATS counters.
  void tallyAll(const Op &o, const Item &it, Var *trips);

  const Function &g;
  Function &F;
  Builder b;
  const AdjointOptions &opts; // active, sizes, --checkpoint, report
  Activity act;
  Remap m;
  UniqueNames names; // of g, and those unique() gave
  StatementForms fs; // the forward sweep's linear forms in flight
  RecordFacts facts; // what the primal says before any code is built
  CheckpointPlans plans; // the loops checkpointed, planned up front
  Recompute rc{b, F, m, facts}; // what the backward sweep computes again
  bool recording = true; // false inside a loop condition's own temporaries
  AdjointStorage st; // the adjoints, declared up front
  std::map<Type, Array *> tapes;
  Array *store = nullptr; // snapshots of checkpointed loops
  bool softExtents = false; // unknown extents count 0 (stats only)

  /// Notes a checkpointed (taped: its re-runs are taped) or `all` loop
  /// for --emit=stats.
  void reportLoop(const Op &o, const CheckpointPlan &plan, Op *bytes,
                  const CheckpointedLoop *taped);
  Op *retValue = nullptr;
  std::vector<Item> items; // the forward sweep's record, for the backward
  std::vector<Diagnostic> err; // the first error, when there is one
};

} // namespace adgen::detail
