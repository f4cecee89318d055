// Reverse mode, forward sweep (the pass after the adjoint storage): f's own
// code cloned into f_grad, each active statement recorded as an Item for the
// backward sweep (its linear form's terms and where their leaves live);
// inside ifs and loops the values the backward sweep cannot recompute go on
// the tape. Checkpointed loops keep snapshots instead (ForwardCheckpoint.cpp).
// Internal to transform/; its pass is AdjointPasses::forwardSweep.
#pragma once

#include "transform/ReverseState.h"

namespace adgen::detail {

/// Where the forward sweep is: f's top level (what the backward sweep needs
/// stays in SSA values), inside a region (it goes on the tape), or inside a
/// loop condition's own temporaries (their values end in a comparison:
/// nothing flows back through them, nothing is recorded).
enum class Where { Top, Region, Condition };

inline bool inRegion(Where w) { return w != Where::Top; }
/// Where the regions of an op at `w` are.
inline Where inner(Where w) {
  return w == Where::Condition ? Where::Condition : Where::Region;
}

struct LoopWrites; // TapeReservation.cpp

class ForwardSweep {
public:
  explicit ForwardSweep(ReverseState &cx);

  /// The whole sweep: the Items of f's top level and what f returns, for
  /// the backward sweep.
  ForwardResult run();

private:
  Op *fv(const Op *o) { return cx.out.m.values.at(o); }

  /// Clones `in` into the current block, recording what to reverse.
  std::vector<Item> forward(const Block &in, Where w);

  /// `in` forwarded into `out`, a region of what the sweep builds: its
  /// statements are recorded unless `w` is a loop condition's.
  std::vector<Item> forwardInto(const Block &in, Block *out, Where w);

  void forwardOp(const Op &o, Where w, std::vector<Item> &items);

  /// Before a statement overwrites `t`, a value still waiting for its own
  /// statement that read `t` is saved in a temporary (itself a statement),
  /// so the backward sweep credits the old value, not the new one.
  void protectOpenForms(const Target &t, Where w, std::vector<Item> &items);

  void forwardOpBody(const Op &o, Where w, std::vector<Item> &items);
  void forwardIf(const Op &o, Where w, std::vector<Item> &items);
  /// A heap array (Array::heap) and its adjoint, at f's top level only.
  void forwardHeapArray(const Op &o, Where w);
  /// Decl, WriteVar and Store: a statement when its target is active.
  void forwardAssign(const Op &o, Where w, std::vector<Item> &items);
  void forwardReturn(const Op &o, Where w, std::vector<Item> &items);
  /// ReadVar and Load: a leaf of the linear forms.
  void forwardLeaf(const Op &o);
  void forwardSelect(const Op &o);
  /// A kept call (ForwardCall.cpp): g's primal copy now, its adjoint in
  /// the backward sweep.
  void forwardCall(const Op &o, Where w, std::vector<Item> &items);
  /// Each active scalar argument of call o in a variable of its own (a
  /// statement, handing its adjoint on to what it was made of), or a plain
  /// variable argument as it is: rec.argTargets, which the backward call
  /// credits.
  void recordArguments(const Op &o, const std::vector<bool> &mask,
                       CallRecord &rec, Where w, std::vector<Item> &items);
  /// The arrays of call o as the backward call will read them: a copy of
  /// each that the caller writes later (rec.copies); false (and an error)
  /// when its extent is unknown.
  /// (In split mode the arrays the call writes need none.)
  bool keepArrays(const Op &o, CallRecord &rec, Where w, bool split);
  bool keepTopArrays(const Op &o, CallRecord &rec, bool split);
  /// Appends the caller's tapes for callee's tape parameters to call.
  void passTapes(Op &call, const Function &callee);
  /// A fresh active variable `name` of type t declared with value v, its
  /// adjoint zero at the top of f_grad.
  Var *activeTemp(const std::string &name, Type t, Op *v);

  std::vector<std::pair<Op *, Op *>> termsOf(const Op *v);

  /// Keeps a statement for the backward sweep; inside a region, the values
  /// it will need go on the tape now.
  void record(Stmt s, SourceLoc loc, Where w, std::vector<Item> &items);
  void markRecomputed(const Stmt &s, const std::vector<Op *> &needed);

  void forwardLoop(const Op &o, Where w, std::vector<Item> &items);
  /// forwardLoop, with the variables o steps by constants only (analysis
  /// steppedVars) read back by the backward sweep's statements: o's last
  /// value of each goes on the tape after it, and each step is an Item.
  void forwardStepping(const Op &o, Where w, std::vector<Item> &items);
  /// A step of a stepped variable: an Item taking it back.
  void recordStep(const Op &o, std::vector<Item> &items);

  /// A loop's body and step forwarded into `body` and `step` (the loop's
  /// own regions, or a checkpointed loop's taped copy), with per-iteration
  /// snapshots of its arrays when `snapshots`; `nextEntry`: a top-level
  /// loop whose entry copies may give back what an iteration stored
  /// (BodyContext::nextFill).
  void forwardIteration(const Op &o, Item &it, Block *body, Block *step,
                        bool snapshots, Where w, bool nextEntry = false);

  /// Values a forward block pushes per type, nested counted loops with
  /// constant bounds included; false when a nested count is not static.
  static bool pushesPer(const Block &blk, int64_t mult,
                        std::map<Type, int64_t> &out);

  /// A top-level loop with a computable trip count reserves its tape up
  /// front: `tape.reserveMore(trips * per-iteration)` before the loop, an
  /// upper bound where nested bounds vary (TapeReservation.cpp).
  void reserveFor(Op *loop, const Item &it);
  /// An upper bound of what `loop` (at the insertion point's block, its
  /// counter it.counter over [it.init, it.bound)) pushes, per tape type, in
  /// ops at the insertion point; false when there is none. step: also one
  /// iteration's bound per type (per is then trips times it).
  bool tapeBound(Op *loop, const Item &it, std::map<Type, Op *> &per,
                 std::map<Type, Op *> *step = nullptr);
  /// Output counter variables of the loops inside a reserved one: the
  /// lowest and highest value each takes (ops before that loop).
  using Ranges = std::map<Var *, std::pair<Op *, Op *>>;
  bool boundsOf(const Op *v, const Ranges &ranges, bool emit, Op *&lo, Op *&hi);
  /// Adds to `out` an upper bound of the values blk pushes per type, each
  /// iteration of blk counting `mult`; with `emit` false only whether the
  /// bound can be built.
  bool pushBound(const Block &blk, Op *mult, Ranges &ranges, bool emit,
                 std::map<Type, Op *> &out);
  /// v computed before the reserved loop (itself if defined there).
  Op *copyBefore(const Op *v);
  const Op *reserved_ = nullptr;        // the loop being reserved for
  const LoopWrites *written_ = nullptr; // what it writes

  /// Local arrays of a loop body that are written early in the body and
  /// then read in a nested loop: one copy per iteration on the tape (pushed
  /// at the end of the iteration, restored into `<a>_saved` at the start of
  /// its reversal) replaces a push per read.
  void planSnapshots(const Op &o, BodyContext &ctx, Block *body,
                     bool nextEntry);
  /// After a loop: each entry copy the backward sweep reads as an
  /// iteration's last values (IterationCopy::next) copied once more.
  void exitCopies(const Item &it);

  /// After a body is forwarded: pushes (at the end of `body`) a copy of
  /// each snapshotted array the backward sweep reads; drops the others.
  void saveSnapshots(const BodyContext &ctx, Item &it, Block *body);

  void moveToEnd(Op *op);

  /// `T c = init; for (...; c = c + 1)` with c written nowhere else and
  /// init recomputable: the backward sweep then knows c in iteration j as
  /// init + j, and values computed from c need no tape.
  void countedLoop(const Op &o, Item &it);

  /// Forward sweep of a checkpointed loop: the primal loop keeping
  /// snapshots; its taped body is built aside for the backward sweep.
  void forwardCheckpointed(const Op &o, Where w, std::vector<Item> &items,
                           const CheckpointPlan &planned);

  /// Whether the extent of every array in a checkpoint plan is known
  /// (else a diagnostic).
  bool extentsKnown(const CheckpointPlan &plan,
                    UnknownExtent unknown = UnknownExtent::Fails);

  /// At the start of each iteration of the forward sweep's loop `plain`:
  /// `if (fwd.save(i)) { fwd.put(state) }`; counts iterations in `trips`
  /// when the trip count is not known up front.
  /// `budget B` (SPEC §3) with a bound on the loop's tape: the forward
  /// sweep becomes `if (fwd.tapes()) { every iteration taped } else { plain
  /// }` (the real `all` when that tape fits in B; make, the Forward object,
  /// gets the bound) and the choice is kept for the backward sweep.
  void tapeAllWhenItFits(Op *plain, Op *make, Array *fwd,
                         CheckpointedLoop &plan, const Item &it, Where w);
  void keepSnapshots(Op *plain, Array *fwd, const CheckpointPlan &plan,
                     const Item &it, Var *trips);

  /// checkpoint(all) tapes the loop; this reports its n states to the
  /// ADGEN_STATS counters.
  void tallyAll(const Op &o, const Item &it, Var *trips);

  /// Notes a checkpointed (taped: its re-runs are taped) or `all` loop
  /// for --emit=stats.
  void reportLoop(const Op &o, const CheckpointPlan &plan, Op *bytes,
                  const CheckpointedLoop *taped);

  ReverseState &cx;  // shared: the primal, f_grad, storage, runtime objects
  Builder &b;        // cx.out.b
  StatementForms fs; // the linear forms in flight
  Op *retValue = nullptr;
};

} // namespace adgen::detail
