#include "analysis/Loops.h"

#include "ir/Builder.h"

#include <map>

namespace adgen {
namespace {

bool isWriteOf(const Op &x, const Var *v) {
  return x.kind == OpKind::WriteVar && x.var == v;
}

/// `T v = init;` before blk.ops[i] under the search rule; null when absent.
const Op *findDecl(const Block &blk, size_t i, const Var *v,
                   DeclSearch search) {
  for (size_t j = i; j-- > 0;) {
    const Op &x = *blk.ops[j];
    if (x.kind == OpKind::Decl && x.var == v)
      return x.operands.empty() ? nullptr : &x;
    if (search == DeclSearch::Adjacent)
      return nullptr;
    bool writes = isWriteOf(x, v);
    for (auto &reg : x.regions)
      writes = writes || writesVar(*reg, v);
    if (writes)
      return nullptr;
  }
  return nullptr;
}

/// The one write of a counter candidate in the loop: its step's `v = v + k`
/// with a constant k; null when v is written anywhere else.
const Op *onlyIncrement(const Op &loop, const Var *v) {
  int writes = 0;
  const Op *w = nullptr;
  for (auto &r : loop.regions)
    walk(*r, [&](const Op &x) {
      if (isWriteOf(x, v)) {
        ++writes;
        w = &x;
      }
    });
  if (writes != 1 || w->block != loop.region(2))
    return nullptr;
  const Op *inc = w->operands[0];
  if (inc->kind != OpKind::Add || inc->operands[0]->kind != OpKind::ReadVar ||
      inc->operands[0]->var != v || !Builder::isConst(inc->operands[1], 1))
    return nullptr;
  return w;
}

} // namespace

int64_t CountedLoop::constantTrips() const {
  if (!bound || init->kind != OpKind::Const || bound->kind != OpKind::Const)
    return -1;
  auto lo = static_cast<int64_t>(init->num);
  auto hi = static_cast<int64_t>(bound->num);
  return hi >= lo ? hi - lo : -1;
}

/// The loop at blk.ops[i] counted by v, if it is.
static std::optional<CountedLoop> countedBy(const Block &blk, size_t i,
                                            const Var *v, DeclSearch search) {
  const Op &lp = *blk.ops[i];
  const Op *decl = onlyIncrement(lp, v) ? findDecl(blk, i, v, search) : nullptr;
  if (!decl)
    return std::nullopt;
  CountedLoop c;
  c.loop = &lp;
  c.counter = v;
  c.decl = decl;
  c.init = decl->operands[0];
  const Op *lt = lp.region(0)->ops.back()->operands[0];
  if (lt->kind == OpKind::Lt && lt->operands[0]->kind == OpKind::ReadVar &&
      lt->operands[0]->var == v)
    c.bound = lt->operands[1];
  return c;
}

std::optional<CountedLoop> matchCountedLoop(const Block &blk, size_t i,
                                            DeclSearch search) {
  const Op &lp = *blk.ops[i];
  if (lp.kind != OpKind::Loop || lp.region(0)->ops.empty())
    return std::nullopt;
  // The counter: what the condition compares, else what is declared right
  // before the loop (`for (int k = 0; k != n; ++k)`: a counter, no bound).
  const Op *lt = lp.region(0)->ops.back()->operands[0];
  if (lt->kind == OpKind::Lt && lt->operands[0]->kind == OpKind::ReadVar)
    if (auto c = countedBy(blk, i, lt->operands[0]->var, search))
      return c;
  if (i > 0 && blk.ops[i - 1]->kind == OpKind::Decl)
    return countedBy(blk, i, blk.ops[i - 1]->var, search);
  return std::nullopt;
}

bool readsVar(const Op &o, const Var *v) {
  bool r = varRead(o) == v;
  for (auto &reg : o.regions)
    walk(*reg, [&](const Op &x) { r = r || varRead(x) == v; });
  return r;
}

bool writesVar(const Block &blk, const Var *v) {
  bool w = false;
  walk(blk, [&](const Op &x) { w = w || isWriteOf(x, v); });
  return w;
}

bool carriedByLoop(const Op &loop, const Var *v) {
  for (unsigned r : {0u, 1u, 2u}) {
    for (auto &op : loop.region(r)->ops) {
      if (readsVar(*op, v))
        return true;
      if (varWritten(*op) == v)
        return false;
    }
  }
  return false;
}

std::optional<double> constantStep(const Op &write) {
  if (write.kind != OpKind::WriteVar || !isInteger(write.var->type))
    return std::nullopt;
  const Op *e = write.operands[0];
  if (e->kind != OpKind::Add && e->kind != OpKind::Sub)
    return std::nullopt;
  const Op *a = e->operands[0], *c = e->operands[1];
  if (e->kind == OpKind::Add && c->kind == OpKind::ReadVar)
    std::swap(a, c); // c + v
  if (a->kind != OpKind::ReadVar || a->var != write.var ||
      c->kind != OpKind::Const)
    return std::nullopt;
  return e->kind == OpKind::Add ? c->num : -c->num;
}

std::vector<const Var *>
steppedVars(const Op &loop, const std::function<bool(const Op &)> &reversed) {
  bool jumps = false;
  std::map<const Var *, bool> stepsOnly; // written in loop: only by steps?
  std::vector<const Var *> order;
  // Whether x sits in bodies of reversed loops all the way up to `loop`.
  auto inBodies = [&](const Op &x) {
    for (const Block *b = x.block;; b = b->parent->block) {
      const Op *owner = b->parent;
      if (!owner || owner->kind != OpKind::Loop || owner->region(1) != b ||
          !reversed(*owner))
        return false;
      if (owner == &loop)
        return true;
    }
  };
  for (unsigned r = 0; r < 3; ++r)
    walk(*loop.region(r), [&](const Op &x) {
      jumps = jumps || x.kind == OpKind::Break || x.kind == OpKind::Continue;
      const Var *v = varWritten(x);
      if (!v)
        return;
      bool step = constantStep(x) && inBodies(x);
      auto [it, fresh] = stepsOnly.emplace(v, step);
      if (fresh)
        order.push_back(v);
      else
        it->second = it->second && step;
    });
  std::vector<const Var *> out;
  if (!jumps)
    for (const Var *v : order)
      if (stepsOnly[v])
        out.push_back(v);
  return out;
}

} // namespace adgen
