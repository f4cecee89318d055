// Reverse mode, checkpointed loops (SPEC §3): instead of taping every
// iteration, the forward sweep runs the primal loop and keeps snapshots of
// its state where the schedule says; the backward sweep re-runs iterations
// from them (untaped to reach a snapshot, taped to reverse) under the
// runtime's schedule (runtime/include/adgen/checkpoint.h):
//
//   forward:   Forward ck(store, policy, n, bytes);
//              for (...) { if (ck.save(i)) { ck.put(state) } body }
//   backward:  Reverse ck(store, policy, n, bytes);
//              while (ck.next()) {
//                if (ck.restores()) { ck.get(state) }
//                for (i in ck.advance range) { body }
//                if (ck.takesShot()) { ck.put(state) }
//                for (i in ck.tape range) { body, taped }
//                if (ck.reverses()) { backward sweep of iteration ck.iteration() }
//              }
//
// The state is what a re-run reads and cannot get otherwise: scalars the
// loop carries from one iteration to the next, arrays it writes and reads,
// and what it reads that changes before its backward sweep runs.
#include "transform/AdjointBuilder.h"

#include "analysis/Loops.h"
#include "analysis/Stats.h"
#include "ir/ExtentExpr.h"
#include "ir/Policy.h"

#include <algorithm>
#include <set>

namespace adgen::detail {

Array *AdjointBuilder::snapshotStore() {
  if (store)
    return store;
  store = F.newArray(unique("snapshots"), Type::Void);
  store->runtime = RuntimeClass::Store;
  atTop([&] { b.create(OpKind::DeclArray, Type::Void)->arr = store; });
  return store;
}

Array *AdjointBuilder::runtimeObject(RuntimeClass cls,
                                     const std::string &name) {
  Array *a = F.newArray(unique(name), Type::Void);
  a->runtime = cls;
  return a;
}

Op *AdjointBuilder::ckCall(Array *obj, CkptMethod method, Type t,
                           std::vector<Op *> args) {
  Op *c = b.create(OpKind::CkptCall, t, std::move(args));
  c->arr = obj;
  c->method = method;
  return c;
}

bool AdjointBuilder::extentsKnown(const CheckpointPlan &plan) {
  for (const Array *ga : plan.arrays)
    if (!extentOf(ga, *plan.loop))
      return false;
  for (const Array *ga : plan.stash)
    if (!extentOf(ga, *plan.loop))
      return false;
  return err.empty();
}

Op *AdjointBuilder::extentOf(const Array *ga, const Op &loop) {
  if (ga->size > 0)
    return b.constant(static_cast<double>(ga->size), Type::Long);
  auto sz = opts.sizes.find(ga->name);
  if (sz != opts.sizes.end()) {
    // size(p, EXPR): integers and integer parameters with + - * / ( ),
    // parsed and checked by the frontend; built here as ops.
    if (Op *v = extentOps(*sz->second))
      return v;
    fail(loop, Diag::AdjointSizeUnreadable, {ga->name, printExtent(*sz->second)});
    return nullptr;
  }
  int64_t e = inferExtent(g, ga);
  if (e > 0)
    return b.constant(static_cast<double>(e), Type::Long);
  if (softExtents)
    return b.constant(0, Type::Long);
  fail(loop, Diag::CheckpointExtentUnknown,
       {std::to_string(loop.loc.line), ga->name});
  return nullptr;
}

Op *AdjointBuilder::extentOps(const ExtentExpr &e) {
  switch (e.kind) {
  case ExtentExpr::Number:
    return b.constant(static_cast<double>(e.number), Type::Long);
  case ExtentExpr::Name:
    for (const Param &p : g.params)
      if (p.var && p.var->name == e.name && isInteger(p.var->type) &&
          !writesVar(g.body, p.var))
        return b.cast(b.readVar(m.vars.at(p.var)), Type::Long);
    return nullptr;
  default:
    break;
  }
  Op *l = extentOps(*e.lhs);
  Op *r = l ? extentOps(*e.rhs) : nullptr;
  if (!r)
    return nullptr;
  OpKind k = e.kind == ExtentExpr::Add   ? OpKind::Add
             : e.kind == ExtentExpr::Sub ? OpKind::Sub
             : e.kind == ExtentExpr::Mul ? OpKind::Mul
                                         : OpKind::Div;
  return b.binary(k, l, r);
}

Op *AdjointBuilder::stateBytes(const CheckpointPlan &plan) {
  int64_t fixed = 0;
  Op *total = nullptr;
  for (const Var *gv : plan.vars)
    fixed += typeSize(gv->type);
  for (const Array *ga : plan.arrays) {
    Op *e = extentOf(ga, *plan.loop);
    if (!e)
      return nullptr;
    if (e->kind == OpKind::Const) {
      fixed += static_cast<int64_t>(e->num) * typeSize(ga->elemType);
      continue;
    }
    Op *bytes = b.binary(OpKind::Mul, e,
                         b.constant(static_cast<double>(typeSize(ga->elemType)),
                                    Type::Long));
    total = total ? b.binary(OpKind::Add, total, bytes) : bytes;
  }
  Op *c = b.constant(static_cast<double>(fixed), Type::Long);
  return total ? (fixed ? b.binary(OpKind::Add, total, c) : total) : c;
}

void AdjointBuilder::copyArray(Array *obj, CkptMethod method,
                               const Array *ga, const Op &loop) {
  Op *c = b.create(OpKind::CkptCopy, Type::Void, {extentOf(ga, loop)});
  c->arr = obj;
  c->method = method;
  c->arrays = {m.arrays.at(ga)};
}

void AdjointBuilder::copyState(Array *obj, CkptMethod method,
                               const CheckpointPlan &plan) {
  for (const Var *gv : plan.vars) {
    Op *c = b.create(OpKind::CkptCopy, Type::Void);
    c->arr = obj;
    c->method = method;
    c->var = m.vars.at(gv);
  }
  for (const Array *ga : plan.arrays)
    copyArray(obj, method, ga, *plan.loop);
}

Op *AdjointBuilder::countedTrips(const Item &it) {
  return b.cast(b.sub(recompute(it.bound), recompute(it.init)), Type::Long);
}

void AdjointBuilder::forwardCheckpointed(const Op &o, bool inRegion,
                                         std::vector<Item> &items,
                                         checkpoint::Policy policy) {
  auto plan = std::make_shared<CheckpointedLoop>();
  static_cast<CheckpointPlan &>(*plan) = plans.at(&o);
  Item it{Item::Loop, {}, nullptr, {}, {}, nullptr, nullptr, o.loc};
  it.ck = plan;
  std::string line = std::to_string(o.loc.line);

  // The primal loop as the forward sweep runs it (built first: the trip
  // count is read from its header).
  Op *plain = cloneOp(b, o, m);
  plain->policy.reset();
  plain->role = OpRole::CheckpointForward;
  plain->comment = "forward sweep of the checkpointed loop at line " + line +
                   " (" + policyName(policy) +
                   "): the primal loop, keeping snapshots";
  countedLoop(o, it);
  if (plan->counter != it.counter || plan->policy.kind != policy.kind ||
      plan->policy.arg != policy.arg) {
    fail(o, Diag::CheckpointPlanMismatch);
    return;
  }
  plan->online = !it.bound;
  if (!extentsKnown(*plan))
    return;
  // What the runtime needs comes before the loop.
  // The trip count (the runtime reads a negative one as 0).
  Op *n = plan->online ? b.constant(0, Type::Long) : countedTrips(it);
  Op *bytes = stateBytes(*plan);
  if (!bytes)
    return;
  Array *fwd = runtimeObject(RuntimeClass::Forward, "forward" + line);
  Op *make = b.create(OpKind::CkptNew, Type::Void, {n, bytes});
  make->arr = fwd;
  make->arrays = {snapshotStore()};
  make->policy = policy;
  make->num = plan->online ? 1 : 0;
  make->loc = o.loc;
  Var *trips = nullptr;
  if (plan->online) {
    trips = F.newVar(unique("trips"), Type::Int);
    b.decl(trips, b.constant(0, Type::Int));
  }
  moveToEnd(plain);

  keepSnapshots(plain, fwd, *plan, it, trips);

  // The body taped, for the backward sweep to run.
  plan->tapedBody = std::make_shared<Block>();
  plan->tapedStep = std::make_shared<Block>();
  forwardIteration(o, it, plan->tapedBody.get(), plan->tapedStep.get(), true);
  reportLoop(o, *plan, bytes, plan.get());
  if (trips) {
    if (inRegion)
      b.push(tape(Type::Int), b.readVar(trips));
    else
      it.count = b.readVar(trips);
  }
  items.push_back(std::move(it));
}

void AdjointBuilder::keepSnapshots(Op *plain, Array *fwd,
                                   const CheckpointPlan &plan, const Item &it,
                                   Var *trips) {
  // At the start of iteration i: keep a_i when the schedule says so.
  Builder::Restore restore(b);
  b.setInsertPoint(Builder::InsertPoint::start(plain->region(1)));
  Op *i = trips ? b.cast(b.readVar(trips), Type::Long)
                : b.cast(b.sub(b.readVar(m.vars.at(it.counter)),
                               recompute(it.init)),
                         Type::Long);
  Op *keep = b.ifOp(ckCall(fwd, CkptMethod::Save, Type::Bool, {i}));
  b.setBlock(keep->region(0));
  copyState(fwd, CkptMethod::Put, plan);
  if (trips) {
    b.setBlock(plain->region(2));
    b.writeVar(trips, b.binary(OpKind::Add, b.readVar(trips),
                               b.constant(1, Type::Int)));
  }
}

void AdjointBuilder::tallyAll(const Op &o, const Item &it, Var *trips) {
  CheckpointPlan plan;
  plan.loop = &o;
  plan.counter = it.counter;
  planCheckpointState(g, facts, rc.top(), plan);
  softExtents = true;
  bool ok = extentsKnown(plan);
  Op *bytes = ok ? stateBytes(plan) : nullptr;
  softExtents = false;
  if (!bytes)
    return;
  Op *n = trips ? b.cast(b.readVar(trips), Type::Long)
          : it.bound ? countedTrips(it)
                     : nullptr;
  if (!n)
    return;
  Op *t = b.create(OpKind::CkptTally, Type::Void, {n, bytes});
  t->loc = o.loc;
  plan.policy = checkpoint::Policy::all();
  reportLoop(o, plan, bytes, nullptr);
}

void AdjointBuilder::reportLoop(const Op &o, const CheckpointPlan &plan,
                                Op *bytes, const CheckpointedLoop *taped) {
  if (!opts.report)
    return;
  CheckpointReport r;
  r.line = o.loc.line;
  r.policy = plan.policy;
  for (const Var *v : plan.vars)
    r.state.push_back(v->name);
  for (const Array *a : plan.arrays) {
    auto sz = opts.sizes.find(a->name);
    std::string n = a->size > 0          ? std::to_string(a->size)
                    : sz != opts.sizes.end() ? printExtent(*sz->second)
                                        : "?";
    r.state.push_back(a->name + "[" + n + "]");
  }
  if (bytes && bytes->kind == OpKind::Const)
    r.stateBytes = static_cast<int64_t>(bytes->num);
  std::map<Type, int64_t> per;
  if (taped && pushesPer(*taped->tapedBody, 1, per) &&
      pushesPer(*taped->tapedStep, 1, per)) {
    r.tapeBytes = 0;
    for (auto &[t, k] : per)
      r.tapeBytes += k * typeSize(t);
  }
  const Block &blk = *o.block;
  for (size_t i = 0; i < blk.ops.size(); ++i)
    if (blk.ops[i].get() == &o)
      r.trips = staticTripCount(blk, i);
  opts.report->push_back(r);
}

} // namespace adgen::detail
