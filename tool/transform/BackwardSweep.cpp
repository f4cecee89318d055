// Reverse mode, backward sweep: the forward sweep's recorded statements in
// reverse, each the transpose of its linear form; loops backwards by their
// trip counts, checkpointed loops through the runtime's Reverse driver.
#include "transform/BackwardSweep.h"

#include "ir/Policy.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <unordered_map>

namespace adgen::detail {

BackwardSweep::BackwardSweep(ReverseState &cx) : cx(cx), b(cx.out.b) {
  cx.rc.backwardStarts();
}

Op *BackwardSweep::read(const Target &t, Op *idx, Op *row) {
  return cx.st.read(b, t, idx, row);
}

void BackwardSweep::write(const Target &t, Op *idx, Op *row, Op *v) {
  cx.st.write(b, t, idx, row, v);
}

void BackwardSweep::add(const Target &t, Op *idx, Op *row, Op *v) {
  cx.st.add(b, t, idx, row, v);
}

void BackwardSweep::reverse(const std::vector<Item> &items, bool inRegion) {
  for (auto it = items.rbegin(); it != items.rend(); ++it) {
    b.setLoc(it->loc);
    switch (it->kind) {
    case Item::Statement:
      backwardStmt(it->stmt, inRegion);
      break;
    case Item::If: {
      Op *c = inRegion ? b.pop(cx.rt.tape(Type::Bool)) : it->cond;
      Op *n = b.ifOp(c);
      Block *saved = b.block();
      b.setBlock(n->region(0));
      reverse(it->a, true);
      b.setBlock(n->region(1));
      reverse(it->b, true);
      b.setBlock(saved);
      break;
    }
    case Item::Loop: {
      if (it->ck) {
        backwardCheckpointed(*it, inRegion);
        break;
      }
      Op *count = nullptr;
      if (it->bound) {
        Op *init = cx.rc.recompute(it->init);
        Op *diff = b.cast(b.sub(cx.rc.recompute(it->bound), init), Type::Int);
        count = b.select(b.binary(OpKind::Gt, diff, b.constant(0, Type::Int)),
                         diff, b.constant(0, Type::Int));
      } else {
        count = inRegion ? b.pop(cx.rt.tape(Type::Int)) : it->count;
      }
      // for (int k = 0; k < count; ++k) { step̄; bodȳ }
      Var *k = cx.out.F.newVar(cx.out.unique("k"), Type::Int);
      b.decl(k, b.constant(0, Type::Int));
      Op *lp = b.loop(LoopKind::For);
      lp->role = OpRole::BackwardLoop;
      lp->comment = "backward sweep of the loop at line " +
                    std::to_string(it->loc.line) + ", last iteration first";
      Block *saved = b.block();
      b.setBlock(lp->region(0));
      b.create(OpKind::Condition, Type::Void,
               {b.binary(OpKind::Lt, b.readVar(k), count)});
      b.setBlock(lp->region(1));
      if (it->counter) {
        // The forward counter in this iteration: init + (count − 1 − k).
        Op *back = b.sub(b.sub(count, b.constant(1, Type::Int)), b.readVar(k));
        Op *init = cx.rc.recompute(it->init);
        Op *c = b.add(init, b.cast(back, init->type));
        cx.rc.enterReversedLoop(it->counter, c);
      }
      reverseIteration(*it);
      if (it->counter)
        cx.rc.leaveReversedLoop();
      b.setBlock(lp->region(2));
      b.writeVar(k,
                 b.binary(OpKind::Add, b.readVar(k), b.constant(1, Type::Int)));
      b.setBlock(saved);
      break;
    }
    case Item::StepBack:
    case Item::SteppedLoopEnd:
      reverseStep(*it);
      break;
    case Item::ZeroArray: {
      // A local array declared again: its adjoint starts at zero for the
      // earlier iteration.
      Array *bar = cx.st.arrAdj.at(it->arr);
      cx.out
          .forLoop(
              b.constant(static_cast<double>(bar->size), Type::Int),
              [&](Op *q) { b.store(bar, q, b.constant(0, bar->elemType)); },
              "backward sweep: " + bar->name + " starts at zero")
          ->role = OpRole::BackwardZero;
      break;
    }
    }
  }
}

void BackwardSweep::backwardStmt(const Stmt &s, bool inRegion) {
  Recompute::ForStatement asStatement(cx.rc);
  // The forward values this statement needs, as the backward sweep has
  // them: popped inside regions (in reverse push order), else the SSA
  // values themselves.
  std::unordered_map<const Op *, Op *> have;
  if (inRegion) {
    for (auto it = s.saved.rbegin(); it != s.saved.rend(); ++it)
      have[*it] = b.pop(cx.rt.tape((*it)->type));
    for (auto &[v, pushed] : s.savedAlias) // equal to one popped
      have[v] = have.at(pushed);
  }
  // Values not popped are computed again: from the popped parts, or
  // wholly from what the backward sweep knows.
  std::unordered_map<const Op *, Op *> again;
  std::function<Op *(Op *)> val = [&](Op *v) -> Op * {
    if (!v)
      return nullptr;
    auto h = have.find(v);
    if (h != have.end())
      return h->second;
    auto a = again.find(v);
    if (a != again.end())
      return a->second;
    if (!inRegion || cx.rc.recomputable(v))
      return again[v] = inRegion ? cx.rc.recompute(v) : v;
    std::vector<Op *> ops;
    for (Op *x : v->operands)
      ops.push_back(val(x));
    Op *n = b.create(v->kind, v->type, ops);
    n->fn = v->fn;
    n->externName = v->externName;
    n->arr = v->arr; // RowSize's
    return again[v] = n;
  };
  if (s.call && !s.target.var && !s.target.arr) { // a call with no result
    backwardCall(*s.call, nullptr, val, inRegion);
    return;
  }
  Type ty = s.isReturn
                ? cx.in.g.retType
                : (s.target.var ? s.target.var->type : s.target.arr->elemType);
  Op *idx = val(s.target.idx), *row = val(s.target.row);
  Op *t = s.isReturn ? b.readVar(cx.st.seed) : read(s.target, idx, row);
  // Terms on the target itself (x = x·c + ...) update its adjoint in
  // place; otherwise the overwrite resets it.
  Op *self = nullptr;
  bool hasSelf = false;
  for (size_t i = 0; i < s.terms.size(); ++i)
    if (!s.isReturn && sameElement(s.leafTargets[i], s.target)) {
      Op *coef = s.terms[i].first;
      Op *c = coef ? b.cast(val(coef), ty) : b.constant(1, ty);
      self = self ? b.add(self, c) : c;
      hasSelf = true;
    }
  if (!s.isReturn) {
    if (hasSelf) {
      if (!Builder::isConst(self, 1)) {
        Op *scaled = b.mul(self, t);
        write(s.target, idx, row, scaled ? scaled : b.constant(0, ty));
      }
    } else if (!(s.isDecl && !inRegion)) {
      write(s.target, idx, row, b.constant(0, ty));
    }
  }
  if (s.call)
    backwardCall(*s.call, t, val, inRegion);
  addToLeaves(s, t, ty, val);
}

/// Each term's leaf gains coef · t; terms whose leaves are one element
/// (x[i] * x[i]) add to it once, in the order of their first term. Terms
/// on the target itself are done. A term is compared only with elements
/// of its hash, and with the latest term of each: the nearest in the block.
void BackwardSweep::addToLeaves(const Stmt &s, Op *t, Type ty,
                                const std::function<Op *(Op *)> &val) {
  size_t targetHash = s.isReturn ? 0 : elementHash(s.target);
  std::vector<std::vector<size_t>> groups; // term indices per element
  std::unordered_map<size_t, std::vector<size_t>> byHash; // hash → groups
  for (size_t i = 0; i < s.terms.size(); ++i) {
    const Target &lt = s.leafTargets[i];
    size_t h = elementHash(lt);
    if (!s.isReturn && h == targetHash && sameElement(lt, s.target))
      continue;
    std::vector<size_t> &candidates = byHash[h];
    auto g = std::find_if(candidates.begin(), candidates.end(), [&](size_t c) {
      return sameElement(s.leafTargets[groups[c].back()], lt);
    });
    if (g == candidates.end()) {
      candidates.push_back(groups.size());
      groups.emplace_back();
      g = candidates.end() - 1;
    }
    groups[*g].push_back(i);
  }
  for (const std::vector<size_t> &group : groups) {
    Op *c = nullptr;
    for (size_t j : group) {
      Op *coef = s.terms[j].first;
      Op *cj = coef ? b.cast(val(coef), ty) : b.constant(1, ty);
      c = c ? b.add(c, cj) : cj;
    }
    size_t i = group.front();
    Op *contrib = group.size() == 1 && !s.terms[i].first ? t : b.mul(c, t);
    if (contrib)
      contrib->tangentProduct = contrib != t;
    const Target &lt = s.leafTargets[i];
    add(lt, val(lt.idx), val(lt.row), contrib);
  }
}

/// What a kept call's backward call does, for its comment.
static std::string callComment(const CallRecord &rec) {
  const Function &g = *rec.src->callee;
  std::string what = g.external ? "its custom derivative " + rec.grad->name
                     : rec.grad->splitForward
                         ? rec.grad->name + " reverses it from the tape"
                         : rec.grad->name + " runs it again and reverses it";
  return "backward sweep of the call to " + g.name + " at line " +
         std::to_string(rec.src->loc.line) + ": " + what;
}

void BackwardSweep::backwardCall(const CallRecord &rec, Op *t,
                                 const std::function<Op *(Op *)> &val,
                                 bool inRegion) {
  const Op &n = *rec.fwd;
  const Function &g = *rec.src->callee;
  // Arrays the caller wrote later, as the call saw them (last taped first).
  std::map<size_t, Array *> copied;
  for (auto c = rec.copies.rbegin(); c != rec.copies.rend(); ++c) {
    copied[c->arg] = c->copy;
    if (!inRegion)
      continue;
    cx.out.forLoop(
        c->count,
        [&](Op *q) {
          Op *last = b.sub(b.cast(c->count, q->type), b.constant(1, q->type));
          b.store(c->copy, b.sub(last, q),
                  b.pop(cx.rt.tape(c->copy->elemType)));
        },
        "backward sweep: " + c->copy->name + " as the call saw it");
  }
  // Each active scalar argument's adjoint, accumulated by the call.
  std::vector<Array *> argBar(g.params.size(), nullptr);
  for (size_t k = 0; k < g.params.size(); ++k) {
    const Var *v = rec.argTargets[k].var;
    if (!v)
      continue;
    const Var *p = g.params[k].var;
    Array *bar = cx.out.F.newArray(
        cx.out.unique(g.name + "_" + p->name + "_bar"), p->type);
    bar->scalarLocal = true;
    bar->size = 1;
    Op *d = b.create(OpKind::DeclArray, Type::Void);
    d->arr = bar;
    argBar[k] = bar;
  }
  auto arrayArg = [&](Op &c, Array *a, size_t j) {
    c.argOrder.push_back(~static_cast<int>(c.arrays.size()));
    addArrayArg(c, a, val(arrayOffset(n, j)), val(arrayRow(n, j)));
  };
  for (Op *x : n.operands) // the arguments' values, ahead of the call
    val(x);
  Op *c = b.create(OpKind::Call, rec.grad->retType);
  c->callee = rec.grad;
  c->comment = callComment(rec);
  for (const Param &p : rec.grad->params) {
    if (p.role == ParamRole::Tape) { // the caller's, as the call had it
      c->argOrder.push_back(~static_cast<int>(c->arrays.size()));
      addArrayArg(*c, cx.rt.tape(p.arr->elemType));
      continue;
    }
    int k = p.shadowOf == -1 ? static_cast<int>(&p - rec.grad->params.data())
                             : p.shadowOf;
    if (k == Param::kResultShadow) {
      c->argOrder.push_back(static_cast<int>(c->operands.size()));
      c->operands.push_back(b.cast(t, p.var->type));
      continue;
    }
    int a = n.argOrder[static_cast<size_t>(k)];
    if (p.shadowOf == -1 && a >= 0) {
      c->argOrder.push_back(static_cast<int>(c->operands.size()));
      c->operands.push_back(val(n.operands[a]));
    } else if (p.shadowOf == -1) {
      auto copy = copied.find(static_cast<size_t>(~a));
      arrayArg(*c, copy != copied.end() ? copy->second : n.arrays[~a],
               static_cast<size_t>(~a));
    } else if (a >= 0) {
      c->argOrder.push_back(~static_cast<int>(c->arrays.size()));
      addArrayArg(*c, argBar[static_cast<size_t>(k)]);
    } else {
      arrayArg(*c, cx.st.arrAdj.at(rec.src->arrays[~a]),
               static_cast<size_t>(~a));
    }
  }
  for (size_t k = 0; k < g.params.size(); ++k)
    if (argBar[k]) {
      const Target &at = rec.argTargets[k];
      add(at, nullptr, nullptr,
          b.cast(b.load(argBar[k], b.constant(0, Type::Int)), at.var->type));
    }
}

Op *BackwardSweep::rangeLoop(Op *begin, const std::function<Op *()> &end,
                             const Item &it, const std::function<void()> &body,
                             const std::string &comment) {
  Var *i = cx.out.F.newVar(cx.out.unique("i"), Type::Long);
  b.decl(i, begin);
  Op *lp = b.loop(LoopKind::For);
  lp->comment = comment;
  Block *saved = b.block();
  b.setBlock(lp->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(i), end())});
  b.setBlock(lp->region(1));
  if (it.counter) {
    Var *c = cx.out.m.vars.at(it.counter);
    Op *init = cx.rc.recompute(it.init);
    b.writeVar(c, b.add(init, b.cast(b.readVar(i), c->type)));
  }
  body();
  b.setBlock(lp->region(2));
  b.writeVar(i, b.binary(OpKind::Add, b.readVar(i), b.constant(1, Type::Long)));
  b.setBlock(saved);
  return lp;
}

void BackwardSweep::conditionEffects(const Op &o) {
  bool writes = false;
  walk(*o.region(0), [&](const Op &x) {
    writes = writes || x.kind == OpKind::WriteVar || x.kind == OpKind::Store;
  });
  if (!writes)
    return;
  // `while (k++ < n)`: a snapshot holds the state after the condition, so
  // re-running an iteration ends with the next one's condition (its
  // effects; the runtime knows whether the loop goes on).
  Remap again = cx.out.m.storageOnly();
  for (auto &op : o.region(0)->ops)
    if (op->kind != OpKind::Condition)
      cloneOp(b, *op, again);
}

/// `if (rev.when()) { rev.copy(state)... }` at the insertion point; nothing
/// when the state is empty (restores() and takesShot() only place copies).
void BackwardSweep::copyStateIf(Array *rev, CkptMethod when, CkptMethod copy,
                                const CheckpointPlan &plan) {
  if (plan.copiesNothing())
    return;
  Block *at = b.block();
  Op *guard = b.ifOp(cx.rt.ckCall(rev, when, Type::Bool));
  b.setBlock(guard->region(0));
  cx.rt.copyState(rev, copy, plan);
  b.setBlock(at);
}

void BackwardSweep::reserveReRuns(Array *rev, const CheckpointedLoop &plan) {
  // Where one iteration's tape is bounded (a budget counts it), the
  // iterations re-run taped are reserved at once.
  if (plan.stepTape.empty())
    return;
  Op *count = b.sub(cx.rt.ckCall(rev, CkptMethod::TapeEnd, Type::Long),
                    cx.rt.ckCall(rev, CkptMethod::TapeBegin, Type::Long));
  for (auto &[t, k] : plan.stepTape)
    b.create(OpKind::Reserve, Type::Void, {b.mul(k, count)})->arr =
        cx.rt.tape(t);
}

void BackwardSweep::backwardCheckpointed(const Item &it, bool inRegion) {
  const CheckpointedLoop &plan = *it.ck;
  const Op &o = *plan.loop;
  std::string line = std::to_string(o.loc.line);
  Op *n = nullptr;
  if (plan.online)
    n = b.cast(inRegion ? b.pop(cx.rt.tape(Type::Int)) : it.count, Type::Long);
  else
    n = cx.rc.countedTrips(it.init, it.bound);
  Op *bytes = cx.rt.stateBytes(plan);
  Array *rev = cx.rt.runtimeObject(RuntimeClass::Reverse, "reverse" + line);
  Op *make = b.create(OpKind::CkptNew, Type::Void, {n, bytes});
  if (plan.stepTapeBytes) // the Forward's bound of one iteration's tape
    make->operands.push_back(plan.stepTapeBytes);
  make->arr = rev;
  make->arrays = {cx.rt.snapshotStore()};
  make->policy = plan.policy;
  make->num = plan.online ? 1 : 0;
  make->loc = o.loc;
  make->comment = "backward sweep of the checkpointed loop at line " + line +
                  " (" + policyName(plan.policy) +
                  "): iterations re-run from snapshots";
  for (const Array *ga : plan.stash)
    cx.rt.copyArray(rev, CkptMethod::Stash, ga, o);

  Op *lp = b.loop(LoopKind::While);
  lp->role = OpRole::CheckpointDriver;
  Block *saved = b.block();
  b.setBlock(lp->region(0));
  b.create(OpKind::Condition, Type::Void,
           {cx.rt.ckCall(rev, CkptMethod::Next, Type::Bool)});
  b.setBlock(lp->region(1));
  copyStateIf(rev, CkptMethod::Restores, CkptMethod::Get, plan);
  // Untaped re-runs: the primal body again.
  Op *rerun = rangeLoop(
      cx.rt.ckCall(rev, CkptMethod::AdvanceBegin, Type::Long),
      [&] { return cx.rt.ckCall(rev, CkptMethod::AdvanceEnd, Type::Long); }, it,
      [&] {
        Remap again = cx.out.m.storageOnly();
        cloneBlock(b, *o.region(1), again);
        cloneBlock(b, *o.region(2), again);
        conditionEffects(o);
      },
      "re-run iterations untaped, up to the next state kept");
  rerun->role = OpRole::ReRun;
  copyStateIf(rev, CkptMethod::TakesShot, CkptMethod::Put, plan);
  // Taped re-runs: the body the forward sweep built for them.
  reserveReRuns(rev, plan);
  Op *taped = rangeLoop(
      cx.rt.ckCall(rev, CkptMethod::TapeBegin, Type::Long),
      [&] { return cx.rt.ckCall(rev, CkptMethod::TapeEnd, Type::Long); }, it,
      [&] {
        for (Block *part : {plan.tapedBody.get(), plan.tapedStep.get()})
          b.block()->splice(b.block()->ops.size(), *part);
        conditionEffects(o);
      },
      "re-run iterations taped, for their backward sweep");
  taped->role = OpRole::ReRunTaped;
  Op *rv = b.ifOp(cx.rt.ckCall(rev, CkptMethod::Reverses, Type::Bool));
  b.setBlock(rv->region(0));
  if (it.counter) {
    Op *init = cx.rc.recompute(it.init);
    Op *k = cx.rt.ckCall(rev, CkptMethod::Iteration, Type::Long);
    Op *c = b.add(init, b.cast(k, init->type));
    cx.rc.enterReversedLoop(it.counter, c);
  }
  reverseIteration(it);
  if (it.counter)
    cx.rc.leaveReversedLoop();
  b.setBlock(saved);
  for (auto ga = plan.stash.rbegin(); ga != plan.stash.rend(); ++ga)
    cx.rt.copyArray(rev, CkptMethod::Unstash, *ga, o);
  cx.rt.ckCall(rev, CkptMethod::Finish, Type::Void);
}

} // namespace adgen::detail
