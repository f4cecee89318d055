// Reverse mode, backward sweep (the pass after the forward sweep): reads
// what the forward sweep recorded (its Items, tapes and the Recompute
// answers) and builds the reversal at the end of f_grad. Internal to
// transform/; its pass is AdjointPasses::backwardSweep (Adjoint.h).
#pragma once

#include "transform/ReverseState.h"

namespace adgen::detail {

class BackwardSweep {
public:
  explicit BackwardSweep(ReverseState &cx);

  /// The items of a block in reverse: the top level when !inRegion (SSA
  /// values at hand), a region otherwise (values popped from the tape).
  void reverse(const std::vector<Item> &items, bool inRegion);

private:
  /// Reads, writes and accumulates the adjoint of a target.
  // idx and row (of a jagged array, else null): backward-sweep values.
  Op *read(const Target &t, Op *idx, Op *row);
  void write(const Target &t, Op *idx, Op *row, Op *v);
  void add(const Target &t, Op *idx, Op *row, Op *v);

  /// One statement: x̄ = 0 (or scaled by its self terms), then each leaf's
  /// adjoint += coefficient · x̄.
  void backwardStmt(const Stmt &s, bool inRegion);
  void addToLeaves(const Stmt &s, Op *t, Type ty,
                   const std::function<Op *(Op *)> &val);

  /// A kept call's reversal: its callee's adjoint with the arguments'
  /// forward values (`val`), seeded with t, the adjoint of its result.
  void backwardCall(const CallRecord &rec, Op *t,
                    const std::function<Op *(Op *)> &val, bool inRegion);

  /// The backward sweep of one iteration of a loop: step, then body.
  void reverseIteration(const Item &it);
  /// A stepped variable's StepBack or SteppedLoopEnd (ForwardRecord.cpp).
  void reverseStep(const Item &it);

  /// A checkpointed loop: the runtime's Reverse driver re-running
  /// iterations from snapshots, each reversed as it is reached.
  void backwardCheckpointed(const Item &it, bool inRegion);
  void copyStateIf(Array *rev, CkptMethod when, CkptMethod copy,
                   const CheckpointPlan &plan);
  /// `tape.reserveMore(per-iteration * (tapeEnd - tapeBegin))` per tape
  /// type, where the forward sweep bounded one iteration's tape.
  void reserveReRuns(Array *rev, const CheckpointedLoop &plan);

  /// for (long long i = begin; i < end; ++i) { counter = init + i; body }
  Op *rangeLoop(Op *begin, const std::function<Op *()> &end, const Item &it,
                const std::function<void()> &body, const std::string &comment);

  /// The effects of loop o's condition (k++ in `while (k++ < n)`), at the
  /// end of a re-run iteration.
  void conditionEffects(const Op &o);

  ReverseState &cx; // tapes, storage, runtime objects, the primal
  Builder &b;       // cx.out.b
};

} // namespace adgen::detail
