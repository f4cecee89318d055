#include "transform/CheckpointPlan.h"

#include "analysis/Activity.h"
#include "analysis/Loops.h"
#include "analysis/Recording.h"
#include "analysis/Stripes.h"
#include "transform/ValueNumbering.h"

#include <set>

namespace adgen {

std::optional<checkpoint::Policy>
checkpointPolicy(const Op &o, bool outermost,
                 const std::optional<checkpoint::Policy> &defaultPolicy) {
  if (o.policy)
    return o.policy;
  return outermost ? defaultPolicy : std::nullopt;
}

std::optional<CountedLoop> recomputableCountedLoop(const Function &g,
                                                   const Op &loop) {
  const Block &blk = *loop.block;
  auto c = matchCountedLoop(blk, blk.indexOf(&loop), DeclSearch::Adjacent);
  if (!c || !isInteger(c->counter->type) ||
      (c->init->kind != OpKind::Const && c->init->block != &g.body))
    return std::nullopt;
  return c;
}

namespace {

/// What the regions of a loop declare, write and read.
struct Touched {
  std::set<const Var *> declared, written, read;
  std::set<const Array *> declaredA, writtenA, readA;
};

Touched touchedBy(const Op &o) {
  Touched t;
  for (auto &r : o.regions)
    walk(*r, [&](const Op &x) {
      if (x.kind == OpKind::Decl)
        t.declared.insert(x.var);
      if (x.kind == OpKind::WriteVar)
        t.written.insert(x.var);
      if (const Var *v = varRead(x))
        t.read.insert(v);
      if (x.kind == OpKind::DeclArray)
        t.declaredA.insert(x.arr);
      if (x.kind == OpKind::Store)
        t.writtenA.insert(x.arr);
      if (const Array *a = arrayRead(x))
        t.readA.insert(a);
    });
  return t;
}

/// The index of the top-level statement of g holding op o.
int topIndexOf(const Function &g, const Op &o) {
  const Op *at = &o;
  while (at->block != &g.body)
    at = at->block->parent;
  return static_cast<int>(g.body.indexOf(at));
}

/// Whether op o (or an op of its regions) writes an array that may be a's
/// memory: a itself, or another parameter or global (ValueNumbering's
/// alias rule), skipping a where `other` is set.
bool writesInto(const Op &o, const Array *a, bool other = false) {
  bool w = false;
  auto hit = [&](const Array *x) {
    w = w || (x == a ? !other : mayAlias(x, a));
  };
  forEachArrayWritten(o, hit);
  for (auto &r : o.regions)
    walk(*r, [&](const Op &x) { forEachArrayWritten(x, hit); });
  return w;
}

/// Whether top-level loop o (statement `top` of g) writes array a in
/// stripes (analysis/Stripes.h), writes nothing else that may be a's memory,
/// and nothing after it writes a: the re-run of any segment finds what it
/// reads in memory, so a snapshot need not hold it.
bool inMemoryThroughout(const Function &g, const Op &o, int top,
                        const Array *a) {
  if (o.block != &g.body || writesInto(o, a, /*other=*/true))
    return false;
  auto counted = recomputableCountedLoop(g, o);
  if (!counted || !writesInStripes(o, counted->counter, counted->init, a))
    return false;
  for (size_t i = static_cast<size_t>(top) + 1; i < g.body.ops.size(); ++i)
    if (writesInto(*g.body.ops[i], a))
      return false;
  return true;
}

} // namespace

void planCheckpointState(const Function &g, const RecordFacts &facts, int top,
                         CheckpointPlan &plan) {
  const Op &o = *plan.loop;
  Touched t = touchedBy(o);
  for (auto &v : g.vars) {
    const Var *gv = v.get();
    if (t.declared.count(gv) || !t.read.count(gv))
      continue;
    // The counter of a counted loop is set from the iteration number.
    if (t.written.count(gv) && gv == plan.counter)
      continue;
    bool keep =
        t.written.count(gv) ? carriedByLoop(o, gv) : !facts.settledAt(gv, top);
    if (keep)
      plan.vars.push_back(gv);
  }
  for (auto &a : g.arrays) {
    const Array *ga = a.get();
    if (t.declaredA.count(ga))
      continue;
    bool keep = t.writtenA.count(ga)
                    ? t.readA.count(ga) > 0
                    : t.readA.count(ga) && !facts.settledAt(ga, top);
    if (keep && t.writtenA.count(ga) && inMemoryThroughout(g, o, top, ga)) {
      plan.inMemory.push_back(ga);
      keep = false;
    }
    if (keep)
      plan.arrays.push_back(ga);
    // What the caller sees must be as the forward sweep left it.
    if (ga->paramIndex >= 0 && (t.writtenA.count(ga) || keep))
      plan.stash.push_back(ga);
  }
}

bool writesActive(const Op &o, const Activity &act) {
  bool w = false;
  for (auto &r : o.regions)
    walk(*r, [&](const Op &x) {
      w = w || (varWritten(x) && act.active(x.var)) ||
          (x.kind == OpKind::Store && act.active(x.arr));
    });
  return w;
}

CheckpointPlans
planCheckpoints(const Function &g, const Activity &act,
                const RecordFacts &facts,
                const std::optional<checkpoint::Policy> &defaultPolicy) {
  CheckpointPlans plans;
  walk(g.body, [&](const Op &o) {
    if (o.kind != OpKind::Loop || !writesActive(o, act))
      return;
    auto policy = checkpointPolicy(o, o.block == &g.body, defaultPolicy);
    if (!policy || policy->kind == checkpoint::Kind::All)
      return;
    // A re-run would repeat a kept call's I/O: a loop holding one keeps
    // everything (the frontend refuses one under a directive).
    bool kept = false;
    for (auto &r : o.regions)
      walk(*r, [&](const Op &x) { kept = kept || x.kind == OpKind::KeptCall; });
    if (kept && !o.policy)
      return;
    CheckpointPlan &p = plans[&o];
    p.loop = &o;
    p.policy = *policy;
    auto counted = recomputableCountedLoop(g, o);
    p.counter = counted ? counted->counter : nullptr;
    planCheckpointState(g, facts, topIndexOf(g, o), p);
  });
  return plans;
}

} // namespace adgen
