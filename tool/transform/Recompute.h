// Reverse mode, to-be-recorded as the sweeps ask it: can the backward sweep
// compute forward-sweep value v again instead of taping it, and the ops that
// do. The answer depends on where v is: the forward sweep moves a position
// (its top-level statement, the loop bodies and counted-loop counters around
// it), and each answer is kept, so the backward sweep, which asks later,
// gets the answer given at the value's own place. Internal to transform/.
#pragma once

#include "analysis/Recording.h"
#include "ir/Builder.h"
#include "ir/Clone.h"

#include <map>
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
};

class Recompute {
public:
  /// b builds in F (the adjoint); m maps the primal's storage into F.
  Recompute(Builder &b, const Function &F, const Remap &m,
            const RecordFacts &facts)
      : b(b), F(F), m(m), facts(facts) {}

  // ---- the forward sweep's position ----------------------------------
  void atTop(int t) { currentTop = t; }
  int top() const { return currentTop; }
  /// Statement t of `in` is being forwarded (the innermost body's cursor).
  void atStatement(const Block &in, int t) {
    if (!bodies.empty() && bodies.back().body == &in)
      bodies.back().current = t;
  }
  void enterBody(const BodyContext &ctx) { bodies.push_back(ctx); }
  void leaveBody() { bodies.pop_back(); }
  void enterCountedLoop(const Var *counter) { fwdCounters.push_back(counter); }
  void leaveCountedLoop() { fwdCounters.pop_back(); }
  /// Integer variable v holds `value` throughout (written once, by its
  /// declaration): the backward sweep computes it from that.
  void holdsCopy(const Var *v, Op *value) { copyOf[v] = value; }

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
  /// v computed again at the builder's insertion point (see recomputable).
  Op *recompute(const Op *v);
  /// Settled at the current top-level statement (RecordFacts::settledAt).
  bool settled(const void *varOrArray) const {
    return facts.settledAt(varOrArray, currentTop);
  }
  /// Whether some recomputed load reads the per-iteration copy `copy`.
  bool readsSnapshot(const Array *copy) const;

private:
  /// The per-iteration copy of array ga, when the current statement comes
  /// after ga's last write in its loop body.
  Array *snapshotOf(const Array *ga) const;

  Builder &b;
  const Function &F;
  const Remap &m;
  const RecordFacts &facts;
  int currentTop = 0;              // the top-level statement forwarded
  std::vector<BodyContext> bodies; // loop bodies being forwarded
  std::vector<const Var *> fwdCounters; // counted loops around the forward
  std::vector<std::pair<const Var *, Op *>> bwdCounters; // ... and backward
  std::unordered_map<const Var *, Op *> copyOf;
  std::unordered_map<const Op *, Array *> snapshotCopy; // loads to redirect
  std::unordered_map<const Op *, bool> memo; // the answers given
};

} // namespace adgen::detail
