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

#include "analysis/Stats.h"
#include "ir/ExtentExpr.h"
#include "ir/Policy.h"

#include <algorithm>
#include <set>

namespace adgen::detail {

namespace {

/// Whether `o` or anything in its regions reads var v.
bool reads(const Op &o, const Var *v) {
  bool r = o.kind == OpKind::ReadVar && o.var == v;
  for (auto &reg : o.regions)
    walk(*reg, [&](const Op &x) {
      r = r || (x.kind == OpKind::ReadVar && x.var == v);
    });
  return r;
}

/// Whether iteration k may read v before writing it: a read in the
/// condition, or in the body or step before an unconditional write.
bool carried(const Op &loop, const Var *v) {
  for (unsigned r : {0u, 1u, 2u}) {
    for (auto &op : loop.region(r)->ops) {
      if (reads(*op, v))
        return true;
      if ((op->kind == OpKind::WriteVar || op->kind == OpKind::Decl) &&
          op->var == v)
        return false;
    }
  }
  // Not written unconditionally at the top of an iteration: a read after
  // a conditional write counts (checked above); reads in the condition of
  // the next iteration are the first region's.
  return false;
}

} // namespace

std::optional<checkpoint::Policy>
AdjointBuilder::policyOf(const Op &o, bool inRegion) const {
  if (o.policy)
    return o.policy;
  return inRegion ? std::nullopt : defaultPolicy;
}

Array *AdjointBuilder::snapshotStore() {
  if (store)
    return store;
  store = F.newArray(unique("snapshots"), Type::Void);
  store->runtimeClass = "Store";
  atTop([&] { b.create(OpKind::DeclArray, Type::Void)->arr = store; });
  return store;
}

Array *AdjointBuilder::runtimeObject(const std::string &cls,
                                     const std::string &name) {
  Array *a = F.newArray(unique(name), Type::Void);
  a->runtimeClass = cls;
  return a;
}

Op *AdjointBuilder::ckCall(Array *obj, CkptMethod method, Type t,
                           std::vector<Op *> args) {
  Op *c = b.create(OpKind::CkptCall, t, std::move(args));
  c->arr = obj;
  c->method = method;
  return c;
}

bool AdjointBuilder::planState(const Op &o, CheckpointPlan &plan) {
  std::set<const Var *> declared, written, read;
  std::set<const Array *> declaredA, writtenA, readA;
  for (auto &r : o.regions)
    walk(*r, [&](const Op &x) {
      if (x.kind == OpKind::Decl)
        declared.insert(x.var);
      if (x.kind == OpKind::WriteVar)
        written.insert(x.var);
      if (x.kind == OpKind::ReadVar)
        read.insert(x.var);
      if (x.kind == OpKind::DeclArray)
        declaredA.insert(x.arr);
      if (x.kind == OpKind::Store)
        writtenA.insert(x.arr);
      if (x.kind == OpKind::Load)
        readA.insert(x.arr);
    });
  // In the primal's order, so snapshots are laid out deterministically.
  for (auto &v : g.vars) {
    const Var *gv = v.get();
    if (declared.count(gv) || !read.count(gv))
      continue;
    // The counter of a counted loop is set from the iteration number.
    if (written.count(gv) && gv == plan.counter)
      continue;
    bool keep = written.count(gv) ? carried(o, gv) : !settled(gv);
    if (keep)
      plan.vars.push_back(gv);
  }
  for (auto &a : g.arrays) {
    const Array *ga = a.get();
    if (declaredA.count(ga))
      continue;
    bool keep = writtenA.count(ga) ? readA.count(ga) > 0
                                   : readA.count(ga) && !settled(ga);
    if (keep)
      plan.arrays.push_back(ga);
    // What the caller sees must be as the forward sweep left it.
    if (ga->paramIndex >= 0 && (writtenA.count(ga) || keep))
      plan.stash.push_back(ga);
  }
  for (const Array *ga : plan.arrays)
    if (!extentOf(ga, o))
      return false;
  for (const Array *ga : plan.stash)
    if (!extentOf(ga, o))
      return false;
  return err.empty();
}

Op *AdjointBuilder::extentOf(const Array *ga, const Op &loop) {
  if (ga->size > 0)
    return b.constant(static_cast<double>(ga->size), Type::Long);
  auto sz = sizes.find(ga->name);
  if (sz != sizes.end()) {
    // size(p, EXPR): integers and integer parameters with + - * / ( ),
    // parsed and checked by the frontend; built here as ops.
    if (Op *v = extentOps(*sz->second))
      return v;
    fail(loop, "size(" + ga->name + ", " + printExtent(*sz->second) +
                   "): adgen reads sizes made of numbers and integer "
                   "parameters the function does not write (+ - * / and "
                   "parentheses); write the extent with those");
    return nullptr;
  }
  int64_t e = inferExtent(g, ga);
  if (e > 0)
    return b.constant(static_cast<double>(e), Type::Long);
  if (softExtents)
    return b.constant(0, Type::Long);
  fail(loop, "the checkpointed loop at line " + std::to_string(loop.loc.line) +
                 " writes or reads pointer parameter '" + ga->name +
                 "' as part of its state, and adgen cannot tell its extent; "
                 "add a size clause to the function's directive, e.g. "
                 "'#pragma adgen grad size(" + ga->name + ", n)'");
  return nullptr;
}

Op *AdjointBuilder::extentOps(const ExtentExpr &e) {
  switch (e.kind) {
  case ExtentExpr::Number:
    return b.constant(static_cast<double>(e.number), Type::Long);
  case ExtentExpr::Name:
    for (const Param &p : g.params)
      if (p.var && p.var->name == e.name && isInteger(p.var->type) &&
          !writes(g, p.var))
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

Op *AdjointBuilder::rangeLoop(Op *begin, const std::function<Op *()> &end,
                              const Item &it,
                              const std::function<void()> &body,
                              const std::string &comment) {
  Var *i = F.newVar(unique("i"), Type::Long);
  b.decl(i, begin);
  Op *lp = b.loop(LoopKind::For);
  lp->comment = comment;
  Block *saved = b.block();
  b.setBlock(lp->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(i), end())});
  b.setBlock(lp->region(1));
  if (it.counter) {
    Var *c = m.vars.at(it.counter);
    Op *init = recompute(it.init);
    b.writeVar(c, b.add(init, b.cast(b.readVar(i), c->type)));
  }
  body();
  b.setBlock(lp->region(2));
  b.writeVar(i, b.binary(OpKind::Add, b.readVar(i), b.constant(1, Type::Long)));
  b.setBlock(saved);
  return lp;
}

void AdjointBuilder::forwardCheckpointed(const Op &o, bool inRegion,
                                         std::vector<Item> &items,
                                         checkpoint::Policy policy) {
  auto plan = std::make_shared<CheckpointPlan>();
  plan->policy = policy;
  plan->loop = &o;
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
  plan->counter = it.counter;
  plan->online = !it.bound;
  if (!planState(o, *plan))
    return;
  // What the runtime needs comes before the loop.
  // The trip count (the runtime reads a negative one as 0).
  Op *n = plan->online ? b.constant(0, Type::Long) : countedTrips(it);
  Op *bytes = stateBytes(*plan);
  if (!bytes)
    return;
  Array *fwd = runtimeObject("Forward", "forward" + line);
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

  // At the start of iteration i: keep a_i when the schedule says so.
  {
    Block scratch;
    Block *saved = b.block();
    b.setBlock(&scratch);
    Op *i = trips ? b.cast(b.readVar(trips), Type::Long)
                  : b.cast(b.sub(b.readVar(m.vars.at(it.counter)),
                                 recompute(it.init)),
                           Type::Long);
    Op *keep = b.ifOp(ckCall(fwd, CkptMethod::Save, Type::Bool, {i}));
    b.setBlock(keep->region(0));
    copyState(fwd, CkptMethod::Put, *plan);
    Block *body = plain->region(1);
    for (auto &op : scratch.ops)
      op->block = body;
    body->ops.insert(body->ops.begin(),
                     std::make_move_iterator(scratch.ops.begin()),
                     std::make_move_iterator(scratch.ops.end()));
    if (trips) {
      b.setBlock(plain->region(2));
      b.writeVar(trips, b.binary(OpKind::Add, b.readVar(trips),
                                 b.constant(1, Type::Int)));
    }
    b.setBlock(saved);
  }

  // The body taped, for the backward sweep to run.
  plan->tapedBody = std::make_shared<Block>();
  plan->tapedStep = std::make_shared<Block>();
  if (it.counter)
    fwdCounters.push_back(it.counter);
  BodyContext ctx;
  ctx.body = o.region(1);
  planSnapshots(o, ctx, plan->tapedBody.get());
  bodies.push_back(ctx);
  it.a = forwardInto(*o.region(1), plan->tapedBody.get());
  bodies.pop_back();
  saveSnapshots(ctx, it, plan->tapedBody.get());
  it.b = forwardInto(*o.region(2), plan->tapedStep.get());
  if (it.counter)
    fwdCounters.pop_back();
  reportLoop(o, *plan, bytes, true);
  if (trips) {
    if (inRegion)
      b.push(tape(Type::Int), b.readVar(trips));
    else
      it.count = b.readVar(trips);
  }
  items.push_back(std::move(it));
}

void AdjointBuilder::tallyAll(const Op &o, const Item &it, Var *trips) {
  CheckpointPlan plan;
  plan.loop = &o;
  plan.counter = it.counter;
  softExtents = true;
  bool ok = planState(o, plan);
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
  reportLoop(o, plan, bytes, false);
}

void AdjointBuilder::reportLoop(const Op &o, const CheckpointPlan &plan,
                                Op *bytes, bool taped) {
  if (!report)
    return;
  CheckpointReport r;
  r.line = o.loc.line;
  r.policy = plan.policy;
  for (const Var *v : plan.vars)
    r.state.push_back(v->name);
  for (const Array *a : plan.arrays) {
    auto sz = sizes.find(a->name);
    std::string n = a->size > 0          ? std::to_string(a->size)
                    : sz != sizes.end() ? printExtent(*sz->second)
                                        : "?";
    r.state.push_back(a->name + "[" + n + "]");
  }
  if (bytes && bytes->kind == OpKind::Const)
    r.stateBytes = static_cast<int64_t>(bytes->num);
  std::map<Type, int64_t> per;
  if (taped && pushesPer(*plan.tapedBody, 1, per) &&
      pushesPer(*plan.tapedStep, 1, per)) {
    r.tapeBytes = 0;
    for (auto &[t, k] : per)
      r.tapeBytes += k * typeSize(t);
  }
  const Block &blk = *o.block;
  for (size_t i = 0; i < blk.ops.size(); ++i)
    if (blk.ops[i].get() == &o)
      r.trips = staticTripCount(blk, i);
  report->push_back(r);
}

void AdjointBuilder::conditionEffects(const Op &o) {
  bool writes = false;
  walk(*o.region(0), [&](const Op &x) {
    writes = writes || x.kind == OpKind::WriteVar || x.kind == OpKind::Store;
  });
  if (!writes)
    return;
  // `while (k++ < n)`: a snapshot holds the state after the condition, so
  // re-running an iteration ends with the next one's condition (its
  // effects; the runtime knows whether the loop goes on).
  Remap again;
  again.vars = m.vars;
  again.arrays = m.arrays;
  for (auto &op : o.region(0)->ops)
    if (op->kind != OpKind::Condition)
      cloneOp(b, *op, again);
}

void AdjointBuilder::backwardCheckpointed(const Item &it, bool inRegion) {
  const CheckpointPlan &plan = *it.ck;
  const Op &o = *plan.loop;
  std::string line = std::to_string(o.loc.line);
  Op *n = nullptr;
  if (plan.online)
    n = b.cast(inRegion ? b.pop(tape(Type::Int)) : it.count, Type::Long);
  else
    n = countedTrips(it);
  Op *bytes = stateBytes(plan);
  Array *rev = runtimeObject("Reverse", "reverse" + line);
  Op *make = b.create(OpKind::CkptNew, Type::Void, {n, bytes});
  make->arr = rev;
  make->arrays = {snapshotStore()};
  make->policy = plan.policy;
  make->num = plan.online ? 1 : 0;
  make->loc = o.loc;
  make->comment = "backward sweep of the checkpointed loop at line " + line +
                  " (" + policyName(plan.policy) +
                  "): iterations re-run from snapshots";
  for (const Array *ga : plan.stash)
    copyArray(rev, CkptMethod::Stash, ga, o);

  Op *lp = b.loop(LoopKind::While);
  lp->role = OpRole::CheckpointDriver;
  Block *saved = b.block();
  b.setBlock(lp->region(0));
  b.create(OpKind::Condition, Type::Void,
           {ckCall(rev, CkptMethod::Next, Type::Bool)});
  b.setBlock(lp->region(1));
  Op *restore = b.ifOp(ckCall(rev, CkptMethod::Restores, Type::Bool));
  b.setBlock(restore->region(0));
  copyState(rev, CkptMethod::Get, plan);
  b.setBlock(lp->region(1));
  // Untaped re-runs: the primal body again.
  Op *rerun = rangeLoop(
      ckCall(rev, CkptMethod::AdvanceBegin, Type::Long),
      [&] { return ckCall(rev, CkptMethod::AdvanceEnd, Type::Long); }, it,
      [&] {
        Remap again;
        again.vars = m.vars;
        again.arrays = m.arrays;
        cloneBlock(b, *o.region(1), again);
        cloneBlock(b, *o.region(2), again);
        conditionEffects(o);
      },
      "re-run iterations untaped, up to the next state kept");
  rerun->role = OpRole::ReRun;
  Op *shot = b.ifOp(ckCall(rev, CkptMethod::TakesShot, Type::Bool));
  b.setBlock(shot->region(0));
  copyState(rev, CkptMethod::Put, plan);
  b.setBlock(lp->region(1));
  // Taped re-runs: the body the forward sweep built for them.
  Op *taped = rangeLoop(
      ckCall(rev, CkptMethod::TapeBegin, Type::Long),
      [&] { return ckCall(rev, CkptMethod::TapeEnd, Type::Long); }, it,
      [&] {
        for (Block *part : {plan.tapedBody.get(), plan.tapedStep.get()}) {
          for (auto &op : part->ops) {
            op->block = b.block();
            b.block()->ops.push_back(std::move(op));
          }
          part->ops.clear();
        }
        conditionEffects(o);
      },
      "re-run iterations taped, for their backward sweep");
  taped->role = OpRole::ReRunTaped;
  Op *rv = b.ifOp(ckCall(rev, CkptMethod::Reverses, Type::Bool));
  b.setBlock(rv->region(0));
  if (it.counter) {
    Op *init = recompute(it.init);
    Op *k = ckCall(rev, CkptMethod::Iteration, Type::Long);
    Op *c = b.add(init, b.cast(k, init->type));
    bwdCounters.push_back({it.counter, c});
  }
  reverseIteration(it);
  if (it.counter)
    bwdCounters.pop_back();
  b.setBlock(saved);
  for (auto ga = plan.stash.rbegin(); ga != plan.stash.rend(); ++ga)
    copyArray(rev, CkptMethod::Unstash, *ga, o);
  ckCall(rev, CkptMethod::Finish, Type::Void);
}

} // namespace adgen::detail
