// Reverse mode, forward sweep: what it records around loops (counted
// loops, per-iteration snapshots of arrays, tape reservations).
#include "transform/ForwardSweep.h"

#include "analysis/Loops.h"
#include "analysis/Recording.h"
#include "analysis/Stats.h"

#include <algorithm>
#include <set>

namespace adgen::detail {

bool ForwardSweep::pushesPer(const Block &blk, int64_t mult,
                             std::map<Type, int64_t> &out) {
  for (size_t i = 0; i < blk.ops.size(); ++i) {
    const Op &o = *blk.ops[i];
    if (o.kind == OpKind::Push)
      out[o.operands[0]->type] += mult;
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

void ForwardSweep::planSnapshots(const Op &o, BodyContext &ctx, Block *out) {
  for (const BodySnapshot &s : snapshotsOf(o)) {
    const Array *a = s.array;
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
  }
}

void ForwardSweep::moveToEnd(Op *op) { moveBefore(op, nullptr, op->block); }

void ForwardSweep::countedLoop(const Op &o, Item &it) {
  // A counter starting at a constant, a top-level value, or anything else
  // the backward sweep can recompute there (`j = i + 1` from the enclosing
  // loop's counter): then it needs no tape.
  auto c = matchCountedLoop(*o.block, o.block->indexOf(&o),
                            DeclSearch::Adjacent);
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

} // namespace adgen::detail
