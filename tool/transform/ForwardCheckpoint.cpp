// Reverse mode, the forward sweep of checkpointed loops (SPEC §3): the
// primal loop keeping snapshots where the schedule says; its body taped,
// built aside for the backward sweep to re-run (see RuntimeObjects.cpp).
#include "transform/ForwardSweep.h"

#include "analysis/Stats.h"
#include "ir/ExtentExpr.h"
#include "ir/Policy.h"

namespace adgen::detail {

bool ForwardSweep::extentsKnown(const CheckpointPlan &plan,
                                UnknownExtent unknown) {
  for (const Array *ga : plan.arrays)
    if (!cx.rt.extentOf(ga, *plan.loop, unknown))
      return false;
  for (const Array *ga : plan.stash)
    if (!cx.rt.extentOf(ga, *plan.loop, unknown))
      return false;
  return cx.err.ok();
}

void ForwardSweep::forwardCheckpointed(const Op &o, Where w,
                                       std::vector<Item> &items,
                                       const CheckpointPlan &planned) {
  auto plan = std::make_shared<CheckpointedLoop>();
  static_cast<CheckpointPlan &>(*plan) = planned;
  checkpoint::Policy policy = planned.policy;
  Item it{Item::Loop, {}, nullptr, {}, {}, nullptr, nullptr, o.loc};
  it.ck = plan;
  std::string line = std::to_string(o.loc.line);

  // The primal loop as the forward sweep runs it (built first: the trip
  // count is read from its header).
  Op *plain = cloneOp(b, o, cx.out.m);
  plain->policy.reset();
  plain->role = OpRole::CheckpointForward;
  plain->comment = "forward sweep of the checkpointed loop at line " + line +
                   " (" + policyName(policy) +
                   "): the primal loop, keeping snapshots";
  countedLoop(o, it); // the counter the plan left out of the state
  plan->online = !it.bound;
  if (!extentsKnown(*plan))
    return;
  // What the runtime needs comes before the loop.
  // The trip count (the runtime reads a negative one as 0).
  Op *n = plan->online ? b.constant(0, Type::Long)
                       : cx.rc.countedTrips(it.init, it.bound);
  Op *bytes = cx.rt.stateBytes(*plan);
  if (!bytes)
    return;
  Array *fwd = cx.rt.runtimeObject(RuntimeClass::Forward, "forward" + line);
  Op *make = b.create(OpKind::CkptNew, Type::Void, {n, bytes});
  make->arr = fwd;
  make->arrays = {cx.rt.snapshotStore()};
  make->policy = policy;
  make->num = plan->online ? 1 : 0;
  make->loc = o.loc;
  Var *trips = nullptr;
  if (plan->online) {
    trips = cx.out.F.newVar(cx.out.unique("trips"), Type::Int);
    b.decl(trips, b.constant(0, Type::Int));
  }
  moveToEnd(plain);

  keepSnapshots(plain, fwd, *plan, it, trips);

  // The body taped, for the backward sweep to run.
  plan->tapedBody = std::make_shared<Block>();
  plan->tapedStep = std::make_shared<Block>();
  forwardIteration(o, it, plan->tapedBody.get(), plan->tapedStep.get(), true,
                   w);
  if (policy.kind == checkpoint::Kind::Budget && !plan->online)
    tapeAllWhenItFits(plain, make, fwd, *plan, it, w);
  reportLoop(o, *plan, bytes, plan.get());
  if (trips) {
    if (inRegion(w))
      b.push(cx.rt.tape(Type::Int), b.readVar(trips));
    else
      it.count = b.readVar(trips);
  }
  items.push_back(std::move(it));
}

namespace {

/// Whether blk jumps (break, continue) anywhere in it.
bool jumps(const Block &blk) {
  bool any = false;
  walk(blk, [&](const Op &x) {
    any = any || x.kind == OpKind::Break || x.kind == OpKind::Continue;
  });
  return any;
}

} // namespace

void ForwardSweep::tapeAllWhenItFits(Op *plain, Op *make, Array *fwd,
                                     CheckpointedLoop &plan, const Item &it,
                                     Where w) {
  // In a region the loop's counter is declared away from it and the loop
  // runs online (no bound when it starts): only f's top level gets here.
  if (inRegion(w) || jumps(*plan.tapedBody) || jumps(*plan.tapedStep))
    return;
  Builder::Restore restore(b);
  b.setInsertPoint(Builder::InsertPoint::beforeOp(plain));
  Op *tapes = cx.rt.ckCall(fwd, CkptMethod::Tapes, Type::Bool);
  Op *guard = b.ifOp(tapes);
  // Every iteration taped, as the backward sweep's re-runs are.
  b.setBlock(guard->region(0));
  Var *k = cx.out.F.newVar(cx.out.unique("i"), Type::Long);
  b.decl(k, b.constant(0, Type::Long));
  Op *lp = b.loop(LoopKind::For);
  lp->comment = "the budget holds the tape of every iteration: all taped, "
                "nothing re-run";
  b.setBlock(lp->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(k), make->operands[0])});
  b.setBlock(lp->region(1));
  Var *c = cx.out.m.vars.at(it.counter);
  b.writeVar(c, b.add(cx.rc.recompute(it.init), b.cast(b.readVar(k), c->type)));
  Remap again = cx.out.m.storageOnly();
  cloneBlock(b, *plan.tapedBody, again);
  cloneBlock(b, *plan.tapedStep, again);
  b.setBlock(lp->region(2));
  b.writeVar(k, b.binary(OpKind::Add, b.readVar(k), b.constant(1, Type::Long)));
  guard->region(1)->insert(0, plain->block->take(plain));
  // The bound of its tape, before the runtime object that compares it with
  // the budget.
  b.setInsertPoint(Builder::InsertPoint::beforeOp(make));
  std::map<Type, Op *> per, step;
  if (!tapeBound(lp, it, per, &step)) { // no bound: the checkpointed loop alone
    Block *at = guard->block;
    at->insert(at->indexOf(guard), guard->region(1)->take(plain));
    at->erase(guard);
    at->erase(tapes);
    return;
  }
  Op *total = nullptr; // one iteration's bytes
  for (auto &[t, n] : step) {
    Op *bytes =
        b.mul(n, b.constant(static_cast<double>(typeSize(t)), Type::Long));
    total = total ? b.add(total, bytes) : bytes;
  }
  plan.stepTapeBytes = total ? total : b.constant(0, Type::Long);
  plan.stepTape = step;
  make->operands.push_back(plan.stepTapeBytes);
  b.setInsertPoint(Builder::InsertPoint::beforeOp(lp));
  for (auto &[t, n] : per)
    b.create(OpKind::Reserve, Type::Void, {n})->arr = cx.rt.tape(t);
  plan.tapedForward = tapes;
}

void ForwardSweep::keepSnapshots(Op *plain, Array *fwd,
                                 const CheckpointPlan &plan, const Item &it,
                                 Var *trips) {
  // At the start of iteration i: keep a_i when the schedule says so.
  Builder::Restore restore(b);
  b.setInsertPoint(Builder::InsertPoint::start(plain->region(1)));
  Op *i = trips ? b.cast(b.readVar(trips), Type::Long)
                : b.cast(b.sub(b.readVar(cx.out.m.vars.at(it.counter)),
                               cx.rc.recompute(it.init)),
                         Type::Long);
  if (plan.copiesNothing()) {
    // Nothing to copy (the state is in memory throughout): the schedule
    // still counts the snapshot.
    cx.rt.ckCall(fwd, CkptMethod::Save, Type::Void, {i});
  } else {
    Op *keep = b.ifOp(cx.rt.ckCall(fwd, CkptMethod::Save, Type::Bool, {i}));
    b.setBlock(keep->region(0));
    cx.rt.copyState(fwd, CkptMethod::Put, plan);
  }
  if (trips) {
    b.setBlock(plain->region(2));
    b.writeVar(trips, b.binary(OpKind::Add, b.readVar(trips),
                               b.constant(1, Type::Int)));
  }
}

void ForwardSweep::tallyAll(const Op &o, const Item &it, Var *trips) {
  CheckpointPlan plan;
  plan.loop = &o;
  plan.counter = it.counter;
  planCheckpointState(cx.in.g, cx.in.facts, cx.rc.top(), plan);
  bool ok = extentsKnown(plan, UnknownExtent::CountsZero);
  Op *bytes = ok ? cx.rt.stateBytes(plan, UnknownExtent::CountsZero) : nullptr;
  if (!bytes)
    return;
  Op *n = trips      ? b.cast(b.readVar(trips), Type::Long)
          : it.bound ? cx.rc.countedTrips(it.init, it.bound)
                     : nullptr;
  if (!n)
    return;
  Op *t = b.create(OpKind::CkptTally, Type::Void, {n, bytes});
  t->loc = o.loc;
  plan.policy = checkpoint::Policy::all();
  reportLoop(o, plan, bytes, nullptr);
}

void ForwardSweep::reportLoop(const Op &o, const CheckpointPlan &plan,
                              Op *bytes, const CheckpointedLoop *taped) {
  if (!cx.in.opts.report)
    return;
  CheckpointReport r;
  r.line = o.loc.line;
  r.policy = plan.policy;
  for (const Var *v : plan.vars)
    r.state.push_back(v->name);
  for (const Array *a : plan.arrays) {
    auto sz = cx.in.opts.sizes.find(a->name);
    std::string n = a->size > 0                    ? std::to_string(a->size)
                    : sz != cx.in.opts.sizes.end() ? printExtent(*sz->second)
                                                   : "?";
    r.state.push_back(a->name + "[" + n + "]");
  }
  for (const Array *a : plan.inMemory)
    r.inMemory.push_back(a->name);
  r.tapesWhenItFits = taped && taped->tapedForward;
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
  cx.in.opts.report->push_back(r);
}

} // namespace adgen::detail
