// The shape BackwardSweep gives a reversed loop, for the passes that
// rewrite backward loops (ForwardOrder, FuseLoops): `for (k = 0; k < count;
// ++k)` whose body reads the forward index as back = (count - 1) - kread.
#pragma once

#include "ir/Builder.h"
#include "ir/IR.h"
#include "transform/ValueNumbering.h"

#include <unordered_map>
#include <unordered_set>

namespace adgen {

struct ReversedLoop {
  Op *loop = nullptr, *count = nullptr, *back = nullptr, *kread = nullptr;
  Var *k = nullptr;
};

/// Whether lp has that shape (one back in its body); fills r.
inline bool matchReversedLoop(Op *lp, ReversedLoop &r) {
  Block *cond = lp->region(0), *body = lp->region(1);
  if (cond->ops.empty() || cond->ops.back()->kind != OpKind::Condition)
    return false;
  const Op *lt = cond->ops.back()->operands[0];
  if (lt->kind != OpKind::Lt || lt->operands[0]->kind != OpKind::ReadVar)
    return false;
  r.loop = lp, r.k = lt->operands[0]->var, r.count = lt->operands[1];
  if (r.count->block == cond) // read before the loop when rewritten
    return false;
  for (auto &op : body->ops) {
    Op *o = op.get();
    if (o->kind == OpKind::Sub && o->operands[1]->kind == OpKind::ReadVar &&
        o->operands[1]->var == r.k && o->operands[0]->kind == OpKind::Sub &&
        o->operands[0]->operands[0] == r.count &&
        Builder::isConst(o->operands[0]->operands[1], 1)) {
      if (r.back)
        return false;
      r.back = o, r.kread = o->operands[1];
    }
  }
  return r.back != nullptr;
}

/// Whether two of f's arrays may be one memory: ValueNumbering's mayAlias,
/// less a shadow against a primal parameter (a shadow is its own memory, as
/// in Enzyme and Clad).
class ShadowAliasing {
public:
  explicit ShadowAliasing(const Function &f) {
    for (const Param &p : f.params)
      if (p.arr && p.role == ParamRole::User)
        (p.shadowOf == -1 ? primals : shadows).insert(p.arr);
  }
  bool mayShare(const Array *a, const Array *b) const {
    bool pair = (shadows.count(a) && primals.count(b)) ||
                (primals.count(a) && shadows.count(b));
    return !pair && mayAlias(a, b);
  }

private:
  std::unordered_set<const Array *> shadows, primals;
};

/// How many operands of a block's ops are each of its ops.
using UseCounts = std::unordered_map<const Op *, int>;
inline UseCounts countUses(const Block &body) {
  UseCounts uses;
  for (auto &op : body.ops)
    uses.emplace(op.get(), 0);
  for (auto &op : body.ops)
    for (const Op *x : op->operands)
      uses[x]++;
  return uses;
}

/// s is the store of A[e] = A[e] ± x (an adjoint's accumulation), its load
/// and sum feeding nothing else; returns the load (else null).
inline const Op *accumulatedLoad(const Op &s, const UseCounts &uses) {
  const Op *sum = s.operands[1];
  if (sum->kind != OpKind::Add && sum->kind != OpKind::Sub)
    return nullptr;
  for (size_t i = 0; i < 2; ++i) {
    const Op *l = sum->operands[i];
    if (l->kind != OpKind::Load || l->arr != s.arr || l->block != s.block ||
        (i && sum->kind != OpKind::Add))
      continue;
    bool same = l->operands.size() + 1 == s.operands.size() &&
                l->operands[0] == s.operands[0] &&
                (l->operands.size() < 2 || l->operands[1] == s.operands[2]);
    if (same && uses.at(l) == 1 && uses.at(sum) == 1)
      return l;
  }
  return nullptr;
}

} // namespace adgen
