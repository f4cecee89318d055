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

Op *AdjointBuilder::extentOf(const Array *ga, const Op &loop,
                             UnknownExtent unknown) {
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
  if (unknown == UnknownExtent::CountsZero)
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

Op *AdjointBuilder::stateBytes(const CheckpointPlan &plan,
                               UnknownExtent unknown) {
  int64_t fixed = 0;
  Op *total = nullptr;
  for (const Var *gv : plan.vars)
    fixed += typeSize(gv->type);
  for (const Array *ga : plan.arrays) {
    Op *e = extentOf(ga, *plan.loop, unknown);
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
  return b.cast(b.sub(rc.recompute(it.bound), rc.recompute(it.init)), Type::Long);
}

} // namespace adgen::detail
