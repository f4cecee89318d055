#include "transform/CheckpointPlan.h"

#include "analysis/Activity.h"
#include "analysis/Loops.h"

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
    bool keep = t.written.count(gv) ? carriedByLoop(o, gv)
                                    : !facts.settledAt(gv, top);
    if (keep)
      plan.vars.push_back(gv);
  }
  for (auto &a : g.arrays) {
    const Array *ga = a.get();
    if (t.declaredA.count(ga))
      continue;
    bool keep = t.writtenA.count(ga) ? t.readA.count(ga) > 0
                                     : t.readA.count(ga) && !facts.settledAt(ga, top);
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
