#include "transform/Recompute.h"

#include <algorithm>

namespace adgen::detail {

bool Recompute::recomputable(const Op *v) {
  auto answer = known.memo.find(v);
  if (answer != known.memo.end())
    return answer->second;
  bool r = false;
  if (v->kind == OpKind::Const || v->block == &out.F.body) {
    r = true;
  } else if (v->kind == OpKind::ReadVar) {
    const Var *gv = out.m.source(v->var);
    auto copy = gv ? known.copyOf.find(gv) : known.copyOf.end();
    r = gv && (std::find(pos.counters.begin(), pos.counters.end(), gv) !=
                   pos.counters.end() ||
               settled(gv) ||
               (copy != known.copyOf.end() && recomputable(copy->second)));
  } else if (v->kind == OpKind::Load) {
    const Array *ga = out.m.source(v->arr);
    Array *copy = ga && !settled(ga) ? snapshotOf(ga) : nullptr;
    r = ga && (settled(ga) || copy) && recomputable(v->operands[0]) &&
        (v->operands.size() < 2 || recomputable(v->operands[1])); // a row
    if (r && copy)
      known.snapshotCopy[v] = copy;
  } else if (isPure(*v) && v->kind != OpKind::Math) {
    r = true;
    for (const Op *x : v->operands)
      r = r && recomputable(x);
  }
  return known.memo[v] = r;
}

Array *Recompute::snapshotOf(const Array *ga) const {
  for (auto it = pos.bodies.rbegin(); it != pos.bodies.rend(); ++it) {
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
    return out.b.constant(v->num, v->type);
  if (v->block == &out.F.body)
    return const_cast<Op *>(v);
  if (v->kind == OpKind::ReadVar) {
    const Var *gv = out.m.source(v->var);
    for (auto it = bwdCounters.rbegin(); it != bwdCounters.rend(); ++it)
      if (it->first == gv)
        return out.b.cast(it->second, v->type);
    auto copy = gv ? known.copyOf.find(gv) : known.copyOf.end();
    if (copy != known.copyOf.end())
      return recompute(copy->second);
    return out.b.readVar(v->var);
  }
  std::vector<Op *> ops;
  for (const Op *x : v->operands)
    ops.push_back(recompute(x));
  if (v->kind == OpKind::Load) {
    auto snap = known.snapshotCopy.find(v);
    return out.b.load(snap != known.snapshotCopy.end() ? snap->second : v->arr,
                      ops[0], ops.size() > 1 ? ops[1] : nullptr);
  }
  Op *n = out.b.create(v->kind, v->type, ops);
  n->fn = v->fn;
  n->externName = v->externName;
  n->arr = v->arr; // RowSize's
  return n;
}

bool Recompute::readsSnapshot(const Array *copy) const {
  for (auto &[load, c] : known.snapshotCopy)
    if (c == copy)
      return true;
  return false;
}

} // namespace adgen::detail
