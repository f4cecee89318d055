// Reverse mode's state, shared by the passes after the analyses:
//   Adjoint.cpp            the passes in order (AdjointPasses)
//   RuntimeObjects.h       tapes, checkpoint runtime objects, snapshot state
//   Recompute.h            what the backward sweep computes again
//   ForwardSweep.h         the forward sweep (ForwardSweep.cpp: statements;
//                          ForwardRecord.cpp: counted loops, snapshots, tape
//                          reservations; ForwardCheckpoint.cpp: checkpointed
//                          loops)
//   BackwardSweep.h        the backward sweep (BackwardSweep.cpp: statements
//                          and loops; BackwardIteration.cpp: one iteration,
//                          its copies restored or computed again)
// Internal to transform/; the passes' interface is Adjoint.h.
#pragma once

#include "transform/AdjointStorage.h"
#include "transform/LinearForm.h"
#include "transform/Recompute.h"
#include "transform/RuntimeObjects.h"

#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

namespace adgen::detail {

/// A kept call `r = g(args)` (transform/CalleeAdjoint.h): the backward
/// sweep calls g's adjoint with the arguments' forward values, seeded with
/// r's adjoint, and credits each active scalar argument's variable.
struct CallRecord {
  const Op *src = nullptr; // the call in the prepared primal
  Op *fwd = nullptr;       // its forward-sweep copy (calls g's primal)
  Function *grad = nullptr;
  // Per callee parameter: the variable holding an active scalar argument
  // (a statement of its own), else an empty target.
  std::vector<Target> argTargets;
  // Array arguments the caller writes after the call: the backward call
  // reads a copy as the call saw it (taken there, or taped in a region).
  struct Copy {
    size_t arg;  // index into the call's arrays
    Array *copy; // declared at f_grad's top
    Op *count;   // its elements (a top-level value)
  };
  std::vector<Copy> copies;
};

/// One active statement: target = Σ coef · leaf (its linear form).
struct Stmt {
  Target target;
  bool isDecl = false, isReturn = false;
  std::vector<std::pair<Op *, Op *>> terms; // (coef or null, leaf)
  std::vector<Target> leafTargets;          // where each term's leaf lives
  std::vector<Op *> saved; // forward values pushed for the backward sweep
  // Values equal to one pushed (sameValue: the `i` of a[i - 1] and of a[i]),
  // read from its pop: (value, the pushed one).
  std::vector<std::pair<Op *, Op *>> savedAlias;
  SourceLoc loc;
  std::shared_ptr<CallRecord> call{}; // a kept call's result: no terms
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

/// A checkpointed loop as the sweeps build it (ForwardCheckpoint.cpp): its
/// plan, and its body taped, built in the forward sweep but run in the
/// backward one.
struct CheckpointedLoop : CheckpointPlan {
  std::shared_ptr<Block> tapedBody, tapedStep;
  bool online = false; // trip count unknown when the loop starts
  // `budget B` with a tape bound (a top-level loop): whether the forward
  // sweep taped every iteration (Forward::tapes(), the real `all`); null
  // otherwise.
  Op *tapedForward = nullptr;
  // With it: the most one iteration tapes, in bytes (Forward and Reverse
  // resolve the budget with it) and in values per tape type (the backward
  // sweep reserves its taped re-runs with them).
  Op *stepTapeBytes = nullptr;
  std::map<Type, Op *> stepTape;
};

/// A snapshotted array's copy for one iteration (BodySnapshot): popped
/// back in the backward sweep, or, when `value` is set, rebuilt there by
/// storing value (a forward-sweep value, rebuildable) at every index, with
/// the primal counter `counter` standing for the index.
struct IterationCopy {
  Array *array = nullptr;
  Array *copy = nullptr;
  const Var *counter = nullptr;
  const Op *value = nullptr;
  SourceLoc loc{}; // value's, in the source
  // An entry copy whose values the backward sweep also reads as the
  // previous iteration's last (Recompute::nextOf): copied there before
  // the pop.
  Array *next = nullptr;
};

/// What the backward sweep reverses, mirroring the forward structure.
struct Item {
  // StepBack: a step of a stepped variable (`++idx`), taken back;
  // SteppedLoopEnd: the loop stepping it ended, its value on the tape.
  enum Kind { Statement, If, Loop, ZeroArray, StepBack, SteppedLoopEnd } kind;
  Stmt stmt;
  Op *cond = nullptr;         // If: the branch taken (top level)
  std::vector<Item> a, b;     // If: then/else; Loop: body/step
  Op *count = nullptr;        // Loop: the trip count (top level)
  const Array *arr = nullptr; // ZeroArray: a local array declared again
  SourceLoc loc;
  const Var *counter = nullptr;       // Loop: `for (c = init; ...; ++c)`'s c
  Op *init = nullptr;                 // Loop: its first value (recomputable)
  Op *bound = nullptr;                // Loop: `c < bound`, when recomputable
  std::vector<IterationCopy> snaps{}; // Loop: its copies
  std::shared_ptr<CheckpointedLoop> ck{}; // Loop: checkpointed
  std::shared_ptr<SteppedVar> stepped{};  // StepBack, SteppedLoopEnd
  double step = 0;                        // StepBack: what the step adds
};

/// What the forward sweep hands the backward sweep: the Items of f's top
/// level and what f returns (null for void).
struct ForwardResult {
  std::vector<Item> items;
  Op *returnValue = nullptr;
};

/// What the forward and backward sweeps share: what they read (the primal
/// and the analyses), f_grad as built so far, its adjoint storage, the
/// runtime objects, Recompute, and the first error.
struct ReverseState {
  ReverseState(const Function &g, Function &F, const AdjointOptions &opts)
      : in{g, opts, {}, {}, {}}, out(g, F), err{g, {}}, rt(out, in, err),
        rc(out, in.facts) {}

  AdjointInput in;
  FunctionBuild out;
  AdjointStorage st; // the adjoints, declared up front
  FirstError err;
  RuntimeObjects rt;
  Recompute rc; // what the backward sweep computes again
};

} // namespace adgen::detail
