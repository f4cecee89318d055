#include "transform/Recompute.h"

#include <algorithm>

namespace adgen::detail {

bool Recompute::recomputable(const Op *v) {
  auto known = memo.find(v);
  if (known != memo.end())
    return known->second;
  bool r = false;
  if (v->kind == OpKind::Const || v->block == &F.body) {
    r = true;
  } else if (v->kind == OpKind::ReadVar) {
    const Var *gv = m.source(v->var);
    auto copy = gv ? copyOf.find(gv) : copyOf.end();
    r = gv && (std::find(fwdCounters.begin(), fwdCounters.end(), gv) !=
                   fwdCounters.end() ||
               settled(gv) ||
               (copy != copyOf.end() && recomputable(copy->second)));
  } else if (v->kind == OpKind::Load) {
    const Array *ga = m.source(v->arr);
    Array *copy = ga && !settled(ga) ? snapshotOf(ga) : nullptr;
    r = ga && (settled(ga) || copy) && recomputable(v->operands[0]);
    if (r && copy)
      snapshotCopy[v] = copy;
  } else if (isPure(*v) && v->kind != OpKind::Math) {
    r = true;
    for (const Op *x : v->operands)
      r = r && recomputable(x);
  }
  return memo[v] = r;
}

Array *Recompute::snapshotOf(const Array *ga) const {
  for (auto it = bodies.rbegin(); it != bodies.rend(); ++it) {
    auto s = it->snaps.find(ga);
    if (s != it->snaps.end()) {
      int w = s->second.first;
      if (w < 0) // an entry copy: good before the first write
        return it->current < -w - 1 ? s->second.second : nullptr;
      return it->current > w ? s->second.second : nullptr;
    }
  }
  return nullptr;
}

Op *Recompute::recompute(const Op *v) {
  if (v->kind == OpKind::Const)
    return b.constant(v->num, v->type);
  if (v->block == &F.body)
    return const_cast<Op *>(v);
  if (v->kind == OpKind::ReadVar) {
    const Var *gv = m.source(v->var);
    for (auto it = bwdCounters.rbegin(); it != bwdCounters.rend(); ++it)
      if (it->first == gv)
        return b.cast(it->second, v->type);
    auto copy = gv ? copyOf.find(gv) : copyOf.end();
    if (copy != copyOf.end())
      return recompute(copy->second);
    return b.readVar(v->var);
  }
  std::vector<Op *> ops;
  for (const Op *x : v->operands)
    ops.push_back(recompute(x));
  if (v->kind == OpKind::Load) {
    auto snap = snapshotCopy.find(v);
    return b.load(snap != snapshotCopy.end() ? snap->second : v->arr, ops[0]);
  }
  Op *n = b.create(v->kind, v->type, ops);
  n->fn = v->fn;
  return n;
}

bool Recompute::readsSnapshot(const Array *copy) const {
  for (auto &[load, c] : snapshotCopy)
    if (c == copy)
      return true;
  return false;
}

} // namespace adgen::detail
