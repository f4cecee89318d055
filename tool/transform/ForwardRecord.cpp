// Reverse mode, forward sweep: what it records around loops (counted
// loops, per-iteration snapshots of arrays, tape reservations).
#include "transform/ForwardSweep.h"

#include "analysis/Loops.h"
#include "analysis/Recording.h"
#include "analysis/Stats.h"
#include "transform/CheckpointPlan.h"

#include <algorithm>
#include <set>

namespace adgen::detail {

bool ForwardSweep::pushesPer(const Block &blk, int64_t mult,
                             std::map<Type, int64_t> &out) {
  for (size_t i = 0; i < blk.ops.size(); ++i) {
    const Op &o = *blk.ops[i];
    if (o.kind == OpKind::Push)
      out[o.operands[0]->type] += mult;
    if (o.kind == OpKind::PushArray) {
      const Op *n = o.operands[0];
      if (n->kind != OpKind::Const)
        return false;
      out[o.arr->elemType] += mult * static_cast<int64_t>(n->num);
    }
    if (o.kind == OpKind::Loop) {
      int64_t n = staticTripCount(blk, i);
      if (n < 0)
        return false;
      for (auto &r : o.regions)
        if (!pushesPer(*r, mult * n, out))
          return false;
    } else {
      for (auto &r : o.regions) // both branches: an upper bound
        if (!pushesPer(*r, mult, out))
          return false;
    }
  }
  return true;
}

void ForwardSweep::planSnapshots(const Op &o, BodyContext &ctx, Block *out,
                                 bool nextEntry) {
  for (const BodySnapshot &s : snapshotsOf(o)) {
    const Array *a = s.array;
    if (s.inPlace) {
      // Restored into the array itself (declared at the top level).
      Array *fa = cx.out.m.arrays.at(a);
      ctx.snaps[a] = {s.at, fa};
      ctx.snapOrder.push_back(a);
      continue;
    }
    bool entry = s.kind == BodySnapshot::AtEntry;
    Array *copy = cx.out.F.newArray(
        cx.out.unique(a->name + (entry ? "_entry" : "_saved")), a->elemType);
    copy->size = a->size;
    copy->dims = {a->size};
    cx.out.atTop([&] { b.create(OpKind::DeclArray, Type::Void)->arr = copy; });
    // An entry copy is good before the first write (stored negative).
    ctx.snaps[a] = {entry ? -(s.at + 1) : s.at, copy};
    ctx.snapOrder.push_back(a);
    if (!entry)
      continue;
    Builder::Restore restore(b);
    b.setBlock(out);
    Array *fa = cx.out.m.arrays.at(a);
    ctx.entryCopy[a] = cx.out.forLoop(
        b.constant(static_cast<double>(a->size), Type::Int),
        [&](Op *q) { b.store(copy, q, b.load(fa, q)); },
        fa->name + " as this iteration starts, for the backward sweep");
    ctx.entryCopy[a]->role = OpRole::EntryCopy;
    if (const Op *fill = nextEntry ? wholeFill(*ctx.body, s.at, a) : nullptr)
      ctx.nextFill[a] = fill;
  }
}

void ForwardSweep::saveSnapshots(const BodyContext &ctx, Item &it,
                                 Block *body) {
  Block *saved = b.block();
  b.setBlock(body);
  for (const Array *ga : ctx.snapOrder) {
    Array *fa = cx.out.m.arrays.at(ga);
    Array *copy = ctx.snaps.at(ga).second;
    if (!cx.rc.readsSnapshot(copy) && copy == fa)
      continue; // restored in place: nothing declared
    if (!cx.rc.readsSnapshot(copy)) {
      // No backward value came from it: no copy, no declaration.
      auto entry = ctx.entryCopy.find(ga);
      if (entry != ctx.entryCopy.end()) {
        // The loop and its counter's declaration before it.
        size_t i = body->indexOf(entry->second);
        body->erase(i - 1, i + 1);
      }
      for (auto &op : cx.out.F.body.ops)
        if (op->kind == OpKind::DeclArray && op->arr == copy) {
          cx.out.F.body.erase(op.get());
          break;
        }
      continue;
    }
    // Filled by one loop with cheap arithmetic of settled inputs (GMM's
    // x - mu): the backward sweep runs that loop again instead.
    if (const Op *fill = wholeFill(*ctx.body, ctx.snaps.at(ga).first, ga)) {
      auto value = cx.out.m.values.find(fill->operands[1]);
      const Var *counter = fill->operands[0]->var;
      int ops = 16; // more, and the pop is cheaper
      if (value != cx.out.m.values.end() &&
          cx.rc.rebuildable(value->second, counter, ops)) {
        it.snaps.push_back({fa, copy, counter, value->second, fill->loc});
        continue;
      }
    }
    // An entry copy is pushed itself; an array final in the iteration is.
    Array *from = ctx.entryCopy.count(ga) ? copy : fa;
    b.pushArray(cx.rt.tape(fa->elemType), from, cx.out.extentOf(fa))->comment =
        "save " + from->name + " of this iteration for the backward sweep";
    it.snaps.push_back({fa, copy});
    if (ctx.entryCopy.count(ga))
      it.snaps.back().next = cx.rc.nextOf(copy);
  }
  b.setBlock(saved);
}

void ForwardSweep::exitCopies(const Item &it) {
  for (const IterationCopy &s : it.snaps)
    if (s.next) // the iteration after the last starts with this
      cx.out.forLoop(
          cx.out.extentOf(s.copy),
          [&](Op *q) { b.store(s.copy, q, b.load(s.array, q)); },
          s.array->name + " as the loop ends, for its last iteration's "
                          "backward sweep");
}

void ForwardSweep::moveToEnd(Op *op) { moveBefore(op, nullptr, op->block); }

void ForwardSweep::countedLoop(const Op &o, Item &it) {
  // A counter starting at a constant, a top-level value, or anything else
  // the backward sweep can recompute there (`j = i + 1` from the enclosing
  // loop's counter): then it needs no tape.
  auto c =
      matchCountedLoop(*o.block, o.block->indexOf(&o), DeclSearch::Adjacent);
  if (!c || !isInteger(c->counter->type))
    return;
  Op *init = fv(c->init);
  if (!recomputableCountedLoop(cx.in.g, o) && !cx.rc.recomputable(init))
    return;
  it.counter = c->counter;
  it.init = init;
  // `c < bound` with a bound the backward sweep can compute: the trip
  // count is max(0, bound − init) and needs no tape.
  if (c->bound) {
    Op *bound = fv(c->bound);
    if (cx.rc.recomputable(bound))
      it.bound = bound;
  }
}

void ForwardSweep::forwardStepping(const Op &o, Where w,
                                   std::vector<Item> &items) {
  // Not inside a checkpointed loop (its re-runs would step again).
  bool checkpointed = false;
  for (const Block *blk = &*o.block; blk->parent; blk = blk->parent->block)
    checkpointed = checkpointed || cx.in.plans.count(blk->parent);
  std::vector<std::shared_ptr<SteppedVar>> mine;
  if (w != Where::Condition && !checkpointed) {
    auto reversed = [&](const Op &l) {
      return !cx.in.plans.count(&l) && writesActive(l, cx.in.act);
    };
    for (const Var *v : steppedVars(o, reversed))
      if (!cx.rc.steppingOf(v)) {
        mine.push_back(std::make_shared<SteppedVar>());
        mine.back()->var = v;
        cx.rc.enterStepped(mine.back());
      }
  }
  forwardLoop(o, w, items);
  for (auto it = mine.rbegin(); it != mine.rend(); ++it) {
    cx.rc.leaveStepped();
    SteppedVar &sv = **it;
    if (!sv.used)
      continue;
    Var *fv = cx.out.m.vars.at(sv.var);
    sv.back = cx.out.F.newVar(cx.out.unique(fv->name + "_back"), fv->type);
    cx.out.atTop([&] { b.decl(sv.back, b.constant(0, fv->type)); });
    if (!inRegion(w) && cx.in.facts.settledAt(sv.var, cx.rc.top() + 1))
      sv.last = fv;
    else
      b.push(cx.rt.tape(fv->type), b.readVar(fv));
    Item end{
        Item::SteppedLoopEnd, {}, nullptr, {}, {}, nullptr, nullptr, o.loc};
    end.stepped = *it;
    items.push_back(std::move(end));
  }
}

void ForwardSweep::recordStep(const Op &o, std::vector<Item> &items) {
  auto sv = o.kind == OpKind::WriteVar ? cx.rc.steppingOf(o.var) : nullptr;
  if (!sv)
    return;
  Item back{Item::StepBack, {}, nullptr, {}, {}, nullptr, nullptr, o.loc};
  back.stepped = sv;
  back.step = *constantStep(o); // steppedVars: its only writes
  items.push_back(std::move(back));
}

} // namespace adgen::detail
