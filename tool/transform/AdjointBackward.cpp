// Reverse mode, backward sweep: statements in reverse, each the transpose
// of its linear form.
#include "transform/AdjointBuilder.h"

namespace adgen::detail {

Op *AdjointBuilder::adjRead(const Target &t, Op *idx) {
  return st.read(b, t, idx);
}

void AdjointBuilder::adjWrite(const Target &t, Op *idx, Op *v) {
  st.write(b, t, idx, v);
}

void AdjointBuilder::adjAdd(const Target &t, Op *idx, Op *v) {
  st.add(b, t, idx, v);
}

void AdjointBuilder::backward(const std::vector<Item> &items, bool inRegion) {
  for (auto it = items.rbegin(); it != items.rend(); ++it) {
    b.setLoc(it->loc);
    switch (it->kind) {
    case Item::Statement:
      backwardStmt(it->stmt, inRegion);
      break;
    case Item::If: {
      Op *c = inRegion ? b.pop(tape(Type::Bool)) : it->cond;
      Op *n = b.ifOp(c);
      Block *saved = b.block();
      b.setBlock(n->region(0));
      backward(it->a, true);
      b.setBlock(n->region(1));
      backward(it->b, true);
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
        Op *init = recompute(it->init);
        Op *diff = b.cast(b.sub(recompute(it->bound), init), Type::Int);
        count = b.select(b.binary(OpKind::Gt, diff, b.constant(0, Type::Int)),
                         diff, b.constant(0, Type::Int));
      } else {
        count = inRegion ? b.pop(tape(Type::Int)) : it->count;
      }
      // for (int k = 0; k < count; ++k) { step̄; bodȳ }
      Var *k = F.newVar(unique("k"), Type::Int);
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
        Op *init = recompute(it->init);
        Op *c = b.add(init, b.cast(back, init->type));
        rc.enterReversedLoop(it->counter, c);
      }
      reverseIteration(*it);
      if (it->counter)
        rc.leaveReversedLoop();
      b.setBlock(lp->region(2));
      b.writeVar(k,
                 b.binary(OpKind::Add, b.readVar(k), b.constant(1, Type::Int)));
      b.setBlock(saved);
      break;
    }
    case Item::ZeroArray: {
      // A local array declared again: its adjoint starts at zero for the
      // earlier iteration.
      Array *bar = st.arrAdj.at(it->arr);
      forLoop(
          b.constant(static_cast<double>(bar->size), Type::Int),
          [&](Op *q) { b.store(bar, q, b.constant(0, bar->elemType)); },
          "backward sweep: " + bar->name + " starts at zero")
          ->role = OpRole::BackwardZero;
      break;
    }
    }
  }
}

void AdjointBuilder::reverseIteration(const Item &it) {
  backward(it.b, true); // the step ran after the body
  // This iteration's copies of snapshotted arrays, last pushed first.
  for (auto s = it.snaps.rbegin(); s != it.snaps.rend(); ++s) {
    Array *copy = s->second;
    Op *size = b.constant(static_cast<double>(copy->size), Type::Int);
    forLoop(
        size,
        [&](Op *q) {
          Op *idx = b.sub(
              b.constant(static_cast<double>(copy->size - 1), Type::Int), q);
          b.store(copy, idx, b.pop(tape(copy->elemType)));
        },
        "backward sweep: " + copy->name + " as in this iteration")
        ->role = OpRole::BackwardRestore;
  }
  backward(it.a, true);
}

void AdjointBuilder::backwardStmt(const Stmt &s, bool inRegion) {
  // The forward values this statement needs, as the backward sweep has
  // them: popped inside regions (in reverse push order), else the SSA
  // values themselves.
  std::unordered_map<const Op *, Op *> have;
  if (inRegion)
    for (auto it = s.saved.rbegin(); it != s.saved.rend(); ++it)
      have[*it] = b.pop(tape((*it)->type));
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
    if (!inRegion || recomputable(v))
      return again[v] = inRegion ? recompute(v) : v;
    std::vector<Op *> ops;
    for (Op *x : v->operands)
      ops.push_back(val(x));
    Op *n = b.create(v->kind, v->type, ops);
    n->fn = v->fn;
    return again[v] = n;
  };
  Type ty = s.isReturn
                ? g.retType
                : (s.target.var ? s.target.var->type : s.target.arr->elemType);
  Op *idx = val(s.target.idx);
  Op *t = s.isReturn ? b.readVar(st.seed) : adjRead(s.target, idx);
  // Terms on the target itself (x = x·c + ...) update its adjoint in
  // place; otherwise the overwrite resets it.
  Op *self = nullptr;
  bool hasSelf = false;
  for (size_t i = 0; i < s.terms.size(); ++i)
    if (!s.isReturn && s.leafTargets[i] == s.target) {
      Op *coef = s.terms[i].first;
      Op *c = coef ? b.cast(val(coef), ty) : b.constant(1, ty);
      self = self ? b.add(self, c) : c;
      hasSelf = true;
    }
  if (!s.isReturn) {
    if (hasSelf) {
      if (!Builder::isConst(self, 1)) {
        Op *scaled = b.mul(self, t);
        adjWrite(s.target, idx, scaled ? scaled : b.constant(0, ty));
      }
    } else if (!(s.isDecl && !inRegion)) {
      adjWrite(s.target, idx, b.constant(0, ty));
    }
  }
  for (size_t i = 0; i < s.terms.size(); ++i) {
    const Target &lt = s.leafTargets[i];
    if (!s.isReturn && lt == s.target)
      continue;
    Op *coef = s.terms[i].first;
    Op *c = coef ? b.cast(val(coef), ty) : nullptr;
    Op *contrib = c ? b.mul(c, t) : t;
    if (contrib)
      contrib->tangentProduct = contrib != t;
    adjAdd(lt, val(lt.idx), contrib);
  }
}

} // namespace adgen::detail
