// Reverse mode, to-be-recorded as the sweeps ask it: can the backward sweep
// compute forward-sweep value v again instead of taping it, and the ops that
// do. The answer depends on where v is: the forward sweep moves a position
// (its top-level statement, the loop bodies and counted-loop counters around
// it), and each answer is kept, so the backward sweep, which asks later,
// gets the answer given at the value's own place. Internal to transform/.
#pragma once

#include "analysis/Recording.h"
#include "transform/FunctionBuild.h"

#include <map>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

namespace adgen::detail {

/// A loop body being forwarded: which of its statements is current, and the
/// local arrays snapshotted once per iteration (see planSnapshots).
struct BodyContext {
  const Block *body = nullptr;
  int current = 0;
  std::map<const Array *, std::pair<int, Array *>> snaps; // (last write, copy)
  std::vector<const Array *> snapOrder; // snaps' keys in program order
  // Arrays declared outside the body, read in nested loops before the
  // body first writes them: snaps holds (first write, copy), the copy is
  // taken at the start of the iteration by the loop `entryCopy`.
  std::map<const Array *, Op *> entryCopy;
  // In a top-level loop without break, whose entry copies hold, in the
  // next iteration (or, copied once more as the loop exits, after the
  // last), what this iteration left: the arrays copied at entry that one
  // loop fills whole (wholeFill), with that loop's store. What it stores
  // is read back from there (Recompute::fromNextEntry).
  std::map<const Array *, const Op *> nextFill;
};

/// An integer variable a loop changes only by constant steps (analysis
/// steppedVars): statements in the loop read it, in the backward sweep,
/// from `back`, which takes each step back as its reversal passes it.
struct SteppedVar {
  const Var *var = nullptr; // in the primal
  Var *back = nullptr;      // f_grad's, once some statement reads it
  bool used = false;        // a recomputed value reads it
  // f_grad's own variable where it still holds the loop's last value in
  // the backward sweep (a top-level loop, nothing writing it later), else
  // null: that value is taped.
  Var *last = nullptr;
};

class Recompute {
public:
  /// Recomputes into out.F (the adjoint), through out.m from the primal.
  Recompute(FunctionBuild &out, const RecordFacts &facts)
      : out(out), facts(facts) {}

  // ---- the forward sweep's position ----------------------------------
  void atTop(int t) { pos.top = t; }
  int top() const { return pos.top; }
  /// Statement t of `in` is being forwarded (the innermost body's cursor).
  void atStatement(const Block &in, int t) {
    if (!pos.bodies.empty() && pos.bodies.back().body == &in)
      pos.bodies.back().current = t;
  }
  void enterBody(const BodyContext &ctx) { pos.bodies.push_back(ctx); }
  void leaveBody() { pos.bodies.pop_back(); }
  void enterCountedLoop(const Var *counter) { pos.counters.push_back(counter); }
  void leaveCountedLoop() { pos.counters.pop_back(); }
  /// Integer variable v holds `value` throughout (written once, by its
  /// declaration): the backward sweep computes it from that.
  void holdsCopy(const Var *v, Op *value) { known.copyOf[v] = value; }

  /// The forward sweep enters (leaves) the loop that steps sv->var.
  void enterStepped(std::shared_ptr<SteppedVar> sv) {
    stepping.push_back(std::move(sv));
  }
  void leaveStepped() { stepping.pop_back(); }
  /// The loop around the forward sweep stepping v, if any.
  std::shared_ptr<SteppedVar> steppingOf(const Var *v) const {
    for (auto &sv : stepping)
      if (sv->var == v)
        return sv;
    return nullptr;
  }
  /// While one lives, questions are a statement's (its values are read
  /// where it stands, so stepped variables count as recomputable); loop
  /// trip counts and conditions are asked without.
  class ForStatement {
  public:
    explicit ForStatement(Recompute &rc) : rc(rc), was(rc.statement) {
      rc.statement = true;
    }
    ~ForStatement() { rc.statement = was; }
    ForStatement(const ForStatement &) = delete;
    ForStatement &operator=(const ForStatement &) = delete;

  private:
    Recompute &rc;
    bool was;
  };
  /// v, recomputable, will be recomputed: the stepped variables it reads
  /// are used.
  void markUsed(const Op *v);
  /// The forward sweep is done: a stepped variable's read is recomputable
  /// where the forward sweep found it so.
  void backwardStarts() { backward = true; }

  // ---- the backward sweep's counters ---------------------------------
  /// Within a reversed counted loop, `counter` is `value`.
  void enterReversedLoop(const Var *counter, Op *value) {
    bwdCounters.push_back({counter, value});
  }
  void leaveReversedLoop() { bwdCounters.pop_back(); }

  // ---- questions -----------------------------------------------------
  /// Constants, top-level values, loop counters, variables written once
  /// before any loop, loads of never-written inputs, and cheap arithmetic of
  /// those. Transcendentals are taped (a pop is cheaper).
  bool recomputable(const Op *v);
  /// A load the backward sweep can repeat once it has the index: of an
  /// array settled here or restored in place for this iteration.
  bool reloadable(const Op *v) const;
  /// v computed again at the builder's insertion point (see recomputable).
  Op *recompute(const Op *v);
  /// Settled at the current top-level statement (RecordFacts::settledAt).
  bool settled(const void *varOrArray) const {
    return facts.settledAt(varOrArray, pos.top);
  }
  /// max(0, bound − init) of a counted loop, recomputed, as a long (the
  /// runtime reads a negative count as 0).
  Op *countedTrips(const Op *init, const Op *bound) {
    return out.b.cast(out.b.sub(recompute(bound), recompute(init)), Type::Long);
  }
  /// Whether the backward sweep can compute v again at the end of the
  /// current iteration, with the counter of a loop that ended in it
  /// (`fill`, primal) standing for any index: from constants, top-level
  /// values, the counters around, settled variables and loads of settled
  /// arrays by cheap arithmetic (at most `ops` ops). Asks nothing of
  /// `recomputable`, whose answers hold at a value's own place.
  bool rebuildable(const Op *v, const Var *fill, int &ops) const;
  /// The array holding, in the backward sweep of an iteration, the entry
  /// copy `copy` of the iteration after it (its values as the iteration
  /// ended), when some recomputed value reads it; else null.
  Array *nextOf(const Array *copy) const {
    auto n = nextCopies.find(copy);
    return n == nextCopies.end() ? nullptr : n->second;
  }
  /// Whether some recomputed load reads the per-iteration copy `copy`
  /// (or, for an entry copy, its next iteration's: nextOf).
  bool readsSnapshot(const Array *copy) const;

private:
  /// The per-iteration copy of array ga, when the current statement comes
  /// after ga's last write in its loop body.
  Array *snapshotOf(const Array *ga) const;
  /// v is what a nextFill loop of a body around stores, for
  /// good, at every index of an array copied as each iteration starts
  /// (h[i] = tanh(a[i]) in an RNN step): the backward sweep reads it from
  /// the next iteration's copy. Records the load.
  bool fromNextEntry(const Op *v);

  FunctionBuild &out;
  const RecordFacts &facts;
  /// Where the forward sweep is: the top-level statement, the loop bodies
  /// and the counted loops around it.
  struct Position {
    int top = 0;
    std::vector<BodyContext> bodies;
    std::vector<const Var *> counters;
  } pos;
  /// Counted loops around the backward sweep, with the counter's value.
  std::vector<std::pair<const Var *, Op *>> bwdCounters;
  /// What is known for good: integer variables held by a single write,
  /// loads redirected to a per-iteration copy, and the answers given.
  struct Answers {
    std::unordered_map<const Var *, Op *> copyOf;
    std::unordered_map<const Op *, Array *> snapshotCopy;
    std::unordered_map<const Op *, bool> memo, memoInStatement;
    std::unordered_map<const Op *, SteppedVar *> viaStep;
    std::unordered_map<const Op *, std::pair<Array *, const Op *>> nextLoad;
  } known;
  std::map<const Array *, Array *> nextCopies; // see nextOf
  std::vector<std::shared_ptr<SteppedVar>> stepping;
  bool statement = false, backward = false;
  int stepReads = 0; // stepped-variable reads answered recomputable
  /// A read of stepped sv at v: valid for the statement being recorded
  /// when nothing between v and it (the end of its block) writes sv.
  bool readsStepHere(const Op *v) const;
};

} // namespace adgen::detail
