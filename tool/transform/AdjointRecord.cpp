// Reverse mode, to-be-recorded: what the backward sweep gets from the tape
// and what it computes again.
#include "transform/AdjointBuilder.h"

#include "analysis/Loops.h"
#include "analysis/Recording.h"
#include "analysis/Stats.h"

#include <algorithm>
#include <set>

namespace adgen::detail {

bool AdjointBuilder::pushesPer(const Block &blk, int64_t mult,
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

void AdjointBuilder::reserveFor(Op *loop, const Item &it) {
  std::map<Type, int64_t> per;
  if (!pushesPer(*loop->region(1), 1, per) || per.empty())
    return;
  if (loop->block != b.block())
    return;
  Builder::Restore restore(b);
  b.setInsertPoint(Builder::InsertPoint::beforeOp(loop));
  Op *init = recompute(it.init);
  Op *trips = b.cast(b.sub(recompute(it.bound), init), Type::Long);
  Op *zero = b.constant(0, Type::Long);
  trips = b.select(b.binary(OpKind::Gt, trips, zero), trips, zero);
  for (auto &[t, n] : per)
    b.create(OpKind::Reserve, Type::Void,
             {b.binary(OpKind::Mul, trips,
                       b.constant(static_cast<double>(n), Type::Long))})
        ->arr = tape(t);
}

Op *AdjointBuilder::forLoop(Op *count, const std::function<void(Op *)> &body,
                            const std::string &comment) {
  Op *lp = b.countedLoop(F.newVar(unique("k"), Type::Int), count, body);
  lp->comment = comment;
  return lp;
}

void AdjointBuilder::planSnapshots(const Op &o, BodyContext &ctx,
                                   Block *out) {
  for (const BodySnapshot &s : snapshotsOf(o)) {
    const Array *a = s.array;
    bool entry = s.kind == BodySnapshot::AtEntry;
    Array *copy = F.newArray(unique(a->name + (entry ? "_entry" : "_saved")),
                             a->elemType);
    copy->size = a->size;
    copy->dims = {a->size};
    atTop([&] { b.create(OpKind::DeclArray, Type::Void)->arr = copy; });
    // An entry copy is good before the first write (stored negative).
    ctx.snaps[a] = {entry ? -(s.at + 1) : s.at, copy};
    ctx.snapOrder.push_back(a);
    if (!entry)
      continue;
    Builder::Restore restore(b);
    b.setBlock(out);
    Array *fa = m.arrays.at(a);
    ctx.entryCopy[a] = forLoop(
        b.constant(static_cast<double>(a->size), Type::Int),
        [&](Op *q) { b.store(copy, q, b.load(fa, q)); },
        fa->name + " as this iteration starts, for the backward sweep");
    ctx.entryCopy[a]->role = OpRole::EntryCopy;
  }
}

void AdjointBuilder::moveToEnd(Op *op) { moveBefore(op, nullptr, op->block); }

void AdjointBuilder::countedLoop(const Op &o, Item &it) {
  const Block &blk = *o.block;
  auto c = matchCountedLoop(blk, blk.indexOf(&o), DeclSearch::Adjacent);
  if (!c || !isInteger(c->counter->type))
    return;
  Op *init = fv(c->init);
  if (init->kind != OpKind::Const && init->block != &F.body)
    return;
  it.counter = c->counter;
  it.init = init;
  // `c < bound` with a bound the backward sweep can compute: the trip
  // count is max(0, bound − init) and needs no tape.
  if (c->bound) {
    Op *bound = fv(c->bound);
    if (recomputable(bound))
      it.bound = bound;
  }
}

bool AdjointBuilder::recomputable(const Op *v) {
  auto memo = recomputeMemo.find(v);
  if (memo != recomputeMemo.end())
    return memo->second;
  bool r = false;
  if (v->kind == OpKind::Const || v->block == &F.body) {
    r = true;
  } else if (v->kind == OpKind::ReadVar) {
    const Var *gv = primalVar(v->var);
    auto copy = gv ? copyOf.find(gv) : copyOf.end();
    r = gv && (std::find(fwdCounters.begin(), fwdCounters.end(), gv) !=
                   fwdCounters.end() ||
               settled(gv) ||
               (copy != copyOf.end() && recomputable(copy->second)));
  } else if (v->kind == OpKind::Load) {
    const Array *ga = primalArray(v->arr);
    Array *copy = ga && !settled(ga) ? snapshotOf(ga) : nullptr;
    r = ga && (settled(ga) || copy) && recomputable(v->operands[0]);
    if (r && copy)
      snapshotCopy[v] = copy;
  } else if (isPure(*v) && v->kind != OpKind::Math) {
    r = true;
    for (const Op *x : v->operands)
      r = r && recomputable(x);
  }
  return recomputeMemo[v] = r;
}

const Var *AdjointBuilder::primalVar(const Var *fvar) {
  return m.source(fvar);
}

const Array *AdjointBuilder::primalArray(const Array *fa) {
  return m.source(fa);
}

Array *AdjointBuilder::snapshotOf(const Array *ga) const {
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

bool AdjointBuilder::settled(const void *varOrArray) const {
  return facts.settledAt(varOrArray, currentTop);
}

Op *AdjointBuilder::recompute(const Op *v) {
  if (v->kind == OpKind::Const)
    return b.constant(v->num, v->type);
  if (v->block == &F.body)
    return const_cast<Op *>(v);
  if (v->kind == OpKind::ReadVar) {
    const Var *gv = primalVar(v->var);
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

void AdjointBuilder::fail(const Op &o, Diag d, std::vector<std::string> args) {
  if (err.empty())
    err.push_back(
        {d, g.sourceFile, o.loc.line ? o.loc : g.loc, std::move(args)});
}

} // namespace adgen::detail
