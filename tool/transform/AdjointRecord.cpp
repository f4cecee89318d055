// Reverse mode, to-be-recorded: what the backward sweep gets from the tape
// and what it computes again.
#include "transform/AdjointBuilder.h"

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
  auto &ops = b.block()->ops;
  size_t at = ops.size();
  while (at > 0 && ops[at - 1].get() != loop)
    --at;
  if (at == 0)
    return;
  // Build at the end, then move before the loop.
  size_t before = ops.size();
  Op *init = recompute(it.init);
  Op *trips = b.cast(b.sub(recompute(it.bound), init), Type::Long);
  Op *zero = b.constant(0, Type::Long);
  trips = b.select(b.binary(OpKind::Gt, trips, zero), trips, zero);
  for (auto &[t, n] : per)
    b.create(OpKind::Reserve, Type::Void,
             {b.binary(OpKind::Mul, trips,
                       b.constant(static_cast<double>(n), Type::Long))})
        ->arr = tape(t);
  std::vector<std::unique_ptr<Op>> made;
  for (size_t i = before; i < ops.size(); ++i)
    made.push_back(std::move(ops[i]));
  ops.resize(before);
  ops.insert(ops.begin() + static_cast<long>(at - 1),
             std::make_move_iterator(made.begin()),
             std::make_move_iterator(made.end()));
}

Op *AdjointBuilder::forLoop(Op *count, const std::function<void(Op *)> &body,
                            const std::string &comment) {
  Var *k = F.newVar(unique("k"), Type::Int);
  b.decl(k, b.constant(0, Type::Int));
  Op *lp = b.loop(LoopKind::For);
  lp->comment = comment;
  Block *saved = b.block();
  b.setBlock(lp->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(k), count)});
  b.setBlock(lp->region(1));
  body(b.readVar(k));
  b.setBlock(lp->region(2));
  b.writeVar(k, b.binary(OpKind::Add, b.readVar(k), b.constant(1, Type::Int)));
  b.setBlock(saved);
  return lp;
}

void AdjointBuilder::planSnapshots(const Op &o, BodyContext &ctx,
                                   Block *out) {
  const Block &body = *o.region(1);
  std::map<const Array *, int> lastWrite, firstWrite;
  for (size_t t = 0; t < body.ops.size(); ++t) {
    auto note = [&](const Op &x) {
      if (x.kind == OpKind::Store || x.kind == OpKind::DeclArray) {
        lastWrite[x.arr] = static_cast<int>(t);
        if (!firstWrite.count(x.arr))
          firstWrite[x.arr] = static_cast<int>(t);
      }
    };
    note(*body.ops[t]);
    for (auto &r : body.ops[t]->regions)
      walk(*r, note);
  }
  for (auto &op : body.ops) {
    if (op->kind != OpKind::DeclArray || op->arr->size <= 0)
      continue;
    const Array *a = op->arr;
    int w = lastWrite[a];
    bool readInLoopAfter = false;
    for (size_t t = static_cast<size_t>(w) + 1; t < body.ops.size(); ++t)
      if (body.ops[t]->kind == OpKind::Loop)
        walk(*body.ops[t]->region(1), [&](const Op &x) {
          readInLoopAfter =
              readInLoopAfter || (x.kind == OpKind::Load && x.arr == a);
        });
    if (!readInLoopAfter)
      continue;
    Array *snap = F.newArray(unique(a->name + "_saved"), a->elemType);
    snap->size = a->size;
    snap->dims = {a->size};
    atTop([&] { b.create(OpKind::DeclArray, Type::Void)->arr = snap; });
    ctx.snaps[a] = {w, snap};
    ctx.snapOrder.push_back(a);
  }
  // Arrays from outside the body (with a known size) that it writes, read
  // by nested loops before the first write: one copy at the start of the
  // iteration instead of a push per read (h[j] in a matrix-vector product
  // h = tanh(W h)).
  std::set<const Array *> inside;
  walk(body, [&](const Op &x) {
    if (x.kind == OpKind::DeclArray)
      inside.insert(x.arr);
  });
  for (auto &[a, first] : firstWrite) {
    if (inside.count(a) || a->size <= 0 || ctx.snaps.count(a))
      continue;
    bool readInLoopBefore = false;
    for (int t = 0; t < first; ++t)
      if (body.ops[static_cast<size_t>(t)]->kind == OpKind::Loop)
        walk(*body.ops[static_cast<size_t>(t)]->region(1), [&](const Op &x) {
          readInLoopBefore =
              readInLoopBefore || (x.kind == OpKind::Load && x.arr == a);
        });
    if (!readInLoopBefore)
      continue;
    Array *copy = F.newArray(unique(a->name + "_entry"), a->elemType);
    copy->size = a->size;
    copy->dims = {a->size};
    atTop([&] { b.create(OpKind::DeclArray, Type::Void)->arr = copy; });
    ctx.snaps[a] = {-(first + 1), copy}; // negative: an entry copy
    ctx.snapOrder.push_back(a);
    Block *saved = b.block();
    b.setBlock(out);
    Array *fa = m.arrays.at(a);
    ctx.entryCopy[a] = forLoop(
        b.constant(static_cast<double>(a->size), Type::Int),
        [&](Op *q) { b.store(copy, q, b.load(fa, q)); },
        fa->name + " as this iteration starts, for the backward sweep");
    ctx.entryCopy[a]->role = OpRole::EntryCopy;
    b.setBlock(saved);
  }
}

void AdjointBuilder::moveToEnd(Op *op) {
  auto &ops = b.block()->ops;
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].get() == op) {
      auto keep = std::move(ops[i]);
      ops.erase(ops.begin() + static_cast<long>(i));
      ops.push_back(std::move(keep));
      return;
    }
}

void AdjointBuilder::countedLoop(const Op &o, Item &it) {
  const Block &blk = *o.block;
  size_t i = 0;
  while (blk.ops[i].get() != &o)
    ++i;
  if (i == 0)
    return;
  const Op &d = *blk.ops[i - 1];
  if (d.kind != OpKind::Decl || d.operands.empty() || !isInteger(d.var->type))
    return;
  const Var *c = d.var;
  int writes = 0;
  const Op *w = nullptr;
  for (auto &r : o.regions)
    walk(*r, [&](const Op &x) {
      if (x.kind == OpKind::WriteVar && x.var == c) {
        ++writes;
        w = &x;
      }
    });
  if (writes != 1 || w->block != o.region(2))
    return;
  const Op *inc = w->operands[0];
  if (inc->kind != OpKind::Add || inc->operands[0]->kind != OpKind::ReadVar ||
      inc->operands[0]->var != c || !Builder::isConst(inc->operands[1], 1))
    return;
  Op *init = fv(d.operands[0]);
  if (init->kind != OpKind::Const && init->block != &F.body)
    return;
  it.counter = c;
  it.init = init;
  // `c < bound` with a bound the backward sweep can compute: the trip
  // count is max(0, bound − init) and needs no tape.
  const Op &cond = *o.region(0)->ops.back();
  const Op *lt = cond.operands[0];
  if (lt->kind == OpKind::Lt && lt->operands[0]->kind == OpKind::ReadVar &&
      lt->operands[0]->var == c) {
    Op *bound = fv(lt->operands[1]);
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
  for (auto &[gv, nv] : m.vars)
    if (nv == fvar)
      return gv;
  return nullptr;
}

const Array *AdjointBuilder::primalArray(const Array *fa) {
  for (auto &[ga, na] : m.arrays)
    if (na == fa)
      return ga;
  return nullptr;
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
  auto it = lastWriteTop.find(varOrArray);
  return it == lastWriteTop.end() || it->second < currentTop;
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

void AdjointBuilder::fail(const Op &o, const std::string &msg) {
  if (err.empty())
    err = g.sourceFile + ":" + std::to_string(o.loc.line) + ":" +
          std::to_string(o.loc.col) + ": error: " + msg;
  // The hint follows the message after "; ", as the frontend's notes do.
  size_t semi = err.find("; ");
  if (semi != std::string::npos)
    err = err.substr(0, semi) + "\n" + g.sourceFile + ":" +
          std::to_string(o.loc.line) + ":" + std::to_string(o.loc.col) +
          ": note: hint: " + err.substr(semi + 2);
}

} // namespace adgen::detail
