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
//                if (ck.reverses()) { backward sweep of iteration
//                ck.iteration() }
//              }
//
// The state is what a re-run reads and cannot get otherwise: scalars the
// loop carries from one iteration to the next, arrays it writes and reads,
// and what it reads that changes before its backward sweep runs.
#include "transform/RuntimeObjects.h"

#include "analysis/Loops.h"
#include "analysis/Stats.h"
#include "ir/ExtentExpr.h"
#include "ir/Policy.h"

#include <algorithm>
#include <set>

namespace adgen::detail {

Array *RuntimeObjects::tape(Type t) {
  auto it = tapes.find(t);
  if (it != tapes.end())
    return it->second;
  // `tape_unsigned_long`: an identifier, whatever the type's spelling.
  std::string name = std::string("tape_") + typeName(t);
  std::replace(name.begin(), name.end(), ' ', '_');
  Array *tp = out.F.newArray(out.unique(name), t);
  tp->isTape = true;
  out.atTop([&] { out.b.create(OpKind::DeclArray, Type::Void)->arr = tp; });
  return tapes[t] = tp;
}

Array *RuntimeObjects::snapshotStore() {
  if (store)
    return store;
  store = out.F.newArray(out.unique("snapshots"), Type::Void);
  store->runtime = RuntimeClass::Store;
  out.atTop([&] { out.b.create(OpKind::DeclArray, Type::Void)->arr = store; });
  return store;
}

Array *RuntimeObjects::runtimeObject(RuntimeClass cls,
                                     const std::string &name) {
  Array *a = out.F.newArray(out.unique(name), Type::Void);
  a->runtime = cls;
  return a;
}

Op *RuntimeObjects::ckCall(Array *obj, CkptMethod method, Type t,
                           std::vector<Op *> args) {
  Op *c = out.b.create(OpKind::CkptCall, t, std::move(args));
  c->arr = obj;
  c->method = method;
  return c;
}

Op *RuntimeObjects::extentOf(const Array *ga, const Op &loop,
                             UnknownExtent unknown) {
  if (ga->size > 0)
    return out.b.constant(static_cast<double>(ga->size), Type::Long);
  if (ga->heap) // the count its declaration (at f's top level) keeps
    for (auto &op : in.g.body.ops)
      if (op->kind == OpKind::DeclArray && op->arr == ga &&
          op->operands[0]->kind == OpKind::ReadVar)
        return out.b.cast(
            out.b.readVar(out.m.vars.at(op->operands[0]->var)), Type::Long);
  if (ga->jagged) {
    err.fail(loop, Diag::CheckpointRows, {std::to_string(loop.loc.line), shown(ga)});
    return nullptr;
  }
  if (ga->structElements) {
    err.fail(loop, Diag::CheckpointStructArray,
             {std::to_string(loop.loc.line), shown(ga)});
    return nullptr;
  }
  auto sz = in.opts.sizes.find(ga->name);
  if (sz != in.opts.sizes.end()) {
    // size(p, EXPR): integers and integer parameters with + - * / ( ),
    // parsed and checked by the frontend; built here as ops.
    if (Op *v = extentOps(*sz->second))
      return v;
    err.fail(loop, Diag::AdjointSizeUnreadable,
             {shown(ga), printExtent(*sz->second)});
    return nullptr;
  }
  int64_t e = inferExtent(in.g, ga);
  if (e > 0)
    return out.b.constant(static_cast<double>(e), Type::Long);
  if (unknown == UnknownExtent::CountsZero)
    return out.b.constant(0, Type::Long);
  err.fail(loop, Diag::CheckpointExtentUnknown,
           {std::to_string(loop.loc.line), shown(ga)});
  return nullptr;
}

Op *RuntimeObjects::extentOps(const ExtentExpr &e) {
  switch (e.kind) {
  case ExtentExpr::Number:
    return out.b.constant(static_cast<double>(e.number), Type::Long);
  case ExtentExpr::Name:
    for (const Param &p : in.g.params)
      if (p.var && p.var->name == e.name && isInteger(p.var->type) &&
          !writesVar(in.g.body, p.var))
        return out.b.cast(out.b.readVar(out.m.vars.at(p.var)), Type::Long);
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
  return out.b.binary(k, l, r);
}

Op *RuntimeObjects::stateBytes(const CheckpointPlan &plan,
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
    Op *bytes =
        out.b.binary(OpKind::Mul, e,
                     out.b.constant(static_cast<double>(typeSize(ga->elemType)),
                                    Type::Long));
    total = total ? out.b.binary(OpKind::Add, total, bytes) : bytes;
  }
  Op *c = out.b.constant(static_cast<double>(fixed), Type::Long);
  return total ? (fixed ? out.b.binary(OpKind::Add, total, c) : total) : c;
}

void RuntimeObjects::copyArray(Array *obj, CkptMethod method, const Array *ga,
                               const Op &loop) {
  Op *c = out.b.create(OpKind::CkptCopy, Type::Void, {extentOf(ga, loop)});
  c->arr = obj;
  c->method = method;
  c->arrays = {out.m.arrays.at(ga)};
}

void RuntimeObjects::copyState(Array *obj, CkptMethod method,
                               const CheckpointPlan &plan) {
  for (const Var *gv : plan.vars) {
    Op *c = out.b.create(OpKind::CkptCopy, Type::Void);
    c->arr = obj;
    c->method = method;
    c->var = out.m.vars.at(gv);
  }
  for (const Array *ga : plan.arrays)
    copyArray(obj, method, ga, *plan.loop);
}

} // namespace adgen::detail
