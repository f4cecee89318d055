#include "transform/Recompute.h"

#include "analysis/Loops.h"

#include <algorithm>

namespace adgen::detail {

bool Recompute::recomputable(const Op *v) {
  auto &memo = statement ? known.memoInStatement : known.memo;
  auto answer = memo.find(v);
  if (answer != memo.end())
    return answer->second;
  // An answer that reads a stepped variable holds where it is given
  // (readsStepHere): not kept.
  int stepReadsBefore = stepReads;
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
    if (statement && !r && gv) {
      if (backward) {
        r = known.viaStep.count(v) > 0;
      } else if (auto sv = steppingOf(gv); sv && readsStepHere(v)) {
        r = true;
        known.viaStep[v] = sv.get();
      }
      stepReads += r;
    }
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
  if (!r && v->kind != OpKind::ReadVar && v->kind != OpKind::Load)
    r = fromNextEntry(v);
  if (r && stepReads != stepReadsBefore)
    return true;
  return memo[v] = r;
}

bool Recompute::fromNextEntry(const Op *v) {
  for (auto bc = pos.bodies.rbegin(); bc != pos.bodies.rend(); ++bc) {
    for (auto &[ga, fill] : bc->nextFill) {
      auto value = out.m.values.find(fill->operands[1]);
      if (value == out.m.values.end() || value->second != v)
        continue;
      auto idx = out.m.values.find(fill->operands[0]);
      if (idx == out.m.values.end() || !recomputable(idx->second))
        return false;
      Array *copy = bc->snaps.at(ga).second;
      Array *&next = nextCopies[copy];
      if (!next) {
        next = out.F.newArray(out.unique(ga->name + "_next"), copy->elemType);
        next->size = copy->size;
        next->dims = {copy->size};
        out.atTop(
            [&] { out.b.create(OpKind::DeclArray, Type::Void)->arr = next; });
      }
      known.nextLoad[v] = {next, idx->second};
      return true;
    }
  }
  return false;
}

bool Recompute::readsStepHere(const Op *v) const {
  const Block *blk = v->block;
  if (blk != out.b.block())
    return false;
  for (size_t i = blk->indexOf(v) + 1; i < blk->ops.size(); ++i) {
    const Op &x = *blk->ops[i];
    if (varWritten(x) == v->var)
      return false;
    for (auto &r : x.regions)
      if (writesVar(*r, v->var))
        return false;
  }
  return true;
}

void Recompute::markUsed(const Op *v) {
  auto sv = known.viaStep.find(v);
  if (sv != known.viaStep.end())
    sv->second->used = true;
  if (v->kind == OpKind::ReadVar) {
    const Var *gv = out.m.source(v->var);
    auto copy = gv ? known.copyOf.find(gv) : known.copyOf.end();
    if (copy != known.copyOf.end())
      markUsed(copy->second);
  }
  for (const Op *x : v->operands)
    markUsed(x);
}

bool Recompute::reloadable(const Op *v) const {
  if (v->kind != OpKind::Load)
    return false;
  const Array *ga = out.m.source(v->arr);
  return ga && (settled(ga) || snapshotOf(ga) == v->arr);
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
    auto sv = known.viaStep.find(v);
    if (sv != known.viaStep.end())
      return out.b.cast(out.b.readVar(sv->second->back), v->type);
    const Var *gv = out.m.source(v->var);
    for (auto it = bwdCounters.rbegin(); it != bwdCounters.rend(); ++it)
      if (it->first == gv)
        return out.b.cast(it->second, v->type);
    auto copy = gv ? known.copyOf.find(gv) : known.copyOf.end();
    if (copy != known.copyOf.end())
      return recompute(copy->second);
    return out.b.readVar(v->var);
  }
  auto next = known.nextLoad.find(v);
  if (next != known.nextLoad.end())
    return out.b.load(next->second.first, recompute(next->second.second));
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

bool Recompute::rebuildable(const Op *v, const Var *fill, int &ops) const {
  if (--ops < 0)
    return false;
  if (v->kind == OpKind::Const || v->block == &out.F.body)
    return true;
  auto all = [&] {
    for (const Op *x : v->operands)
      if (!rebuildable(x, fill, ops))
        return false;
    return true;
  };
  if (v->kind == OpKind::ReadVar) {
    const Var *gv = out.m.source(v->var);
    if (!gv)
      return false;
    if (gv == fill || settled(gv) ||
        std::find(pos.counters.begin(), pos.counters.end(), gv) !=
            pos.counters.end())
      return true;
    auto copy = known.copyOf.find(gv);
    return copy != known.copyOf.end() && rebuildable(copy->second, fill, ops);
  }
  if (v->kind == OpKind::Load) {
    const Array *ga = out.m.source(v->arr);
    return ga && settled(ga) && all();
  }
  return isPure(*v) && v->kind != OpKind::Math && all();
}

bool Recompute::readsSnapshot(const Array *copy) const {
  if (nextCopies.count(copy)) // read as the previous iteration's last
    return true;
  for (auto &[load, c] : known.snapshotCopy)
    if (c == copy)
      return true;
  return false;
}

} // namespace adgen::detail
