#include "transform/AdjointStorage.h"

#include "analysis/Loops.h"

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <utility>

namespace adgen {
namespace {

/// Positions of ops in their block, kept between calls so that comparing
/// the many terms of one statement does not search the block each time.
/// Every remembered position is checked against the block (ops[at] == op);
/// a miss indexes the ops appended since, then searches the block as
/// Block::indexOf does, so an edited block never gives a stale answer.
class Positions {
public:
  size_t of(const Op *op) {
    const Block &blk = *op->block;
    if (&blk != blk_) {
      blk_ = &blk;
      at_.clear();
      indexed_ = 0;
    }
    indexed_ = std::min(indexed_, blk.ops.size());
    auto valid = [&](auto it) {
      return it != at_.end() && it->second < blk.ops.size() &&
             blk.ops[it->second].get() == op;
    };
    auto it = at_.find(op);
    if (valid(it))
      return it->second;
    for (; indexed_ < blk.ops.size(); ++indexed_)
      at_[blk.ops[indexed_].get()] = indexed_;
    it = at_.find(op);
    if (valid(it))
      return it->second;
    return at_[op] = blk.indexOf(op); // ops were inserted or moved
  }

private:
  const Block *blk_ = nullptr;
  size_t indexed_ = 0;
  std::unordered_map<const Op *, size_t> at_;
};

/// Whether nothing between ops a and b of one block could change what
/// `x` reads: a write of its variable, or for a load any store or call.
bool unchangedBetween(const Op *a, const Op *b, const Op &x) {
  if (!a->block || a->block != b->block)
    return false;
  static Positions positions; // adgen runs one function at a time
  size_t i = positions.of(a), j = positions.of(b);
  if (i > j)
    std::swap(i, j);
  for (size_t k = i + 1; k < j; ++k) {
    const Op &o = *a->block->ops[k];
    if (x.kind == OpKind::ReadVar) {
      if (varWritten(o) == x.var)
        return false;
      for (auto &r : o.regions)
        if (writesVar(*r, x.var))
          return false;
      continue;
    }
    Effect e = effectOf(o.kind);
    if (!o.regions.empty() ||
        (e != Effect::None && e != Effect::ReadVar && e != Effect::ReadArray &&
         e != Effect::WriteVar && e != Effect::Tape))
      return false;
  }
  return true;
}

} // namespace

bool sameValue(const Op *a, const Op *b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind || a->type != b->type ||
      a->operands.size() != b->operands.size())
    return false;
  switch (a->kind) {
  case OpKind::Const:
    return a->num == b->num;
  case OpKind::ReadVar:
    return a->var == b->var && unchangedBetween(a, b, *a);
  case OpKind::Load:
    if (a->arr != b->arr || !unchangedBetween(a, b, *a))
      return false;
    for (size_t i = 0; i < a->operands.size(); ++i)
      if (!sameValue(a->operands[i], b->operands[i]))
        return false;
    return true;
  case OpKind::Add:
  case OpKind::Sub:
  case OpKind::Mul:
  case OpKind::Cast:
    if (!isInteger(a->type))
      return false;
    for (size_t i = 0; i < a->operands.size(); ++i)
      if (!sameValue(a->operands[i], b->operands[i]))
        return false;
    return true;
  default:
    return false;
  }
}

size_t valueHash(const Op *v) {
  if (!v)
    return 0;
  auto mix = [](size_t h, size_t x) {
    return h ^ (x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
  };
  size_t h = mix(static_cast<size_t>(v->kind), static_cast<size_t>(v->type));
  switch (v->kind) {
  case OpKind::Const:
    return mix(h, std::hash<double>()(v->num));
  case OpKind::ReadVar:
    return mix(h, std::hash<const Var *>()(v->var));
  case OpKind::Load:
    h = mix(h, std::hash<const Array *>()(v->arr));
    break;
  case OpKind::Add:
  case OpKind::Sub:
  case OpKind::Mul:
  case OpKind::Cast:
    if (isInteger(v->type))
      break;
    [[fallthrough]];
  default: // equal only to itself
    return mix(h, std::hash<const Op *>()(v));
  }
  for (const Op *x : v->operands)
    h = mix(h, valueHash(x));
  return h;
}

bool sameElement(const Target &x, const Target &y) {
  return x.var == y.var && x.arr == y.arr && sameValue(x.idx, y.idx) &&
         sameValue(x.row, y.row);
}

size_t elementHash(const Target &t) {
  size_t h = std::hash<const Var *>()(t.var);
  h = h * 31 + std::hash<const Array *>()(t.arr);
  h = h * 31 + valueHash(t.idx);
  return h * 31 + valueHash(t.row);
}

Op *AdjointStorage::read(Builder &b, const Target &t, Op *idx, Op *row) const {
  if (t.var) {
    auto d = directAdj.find(t.var);
    if (d != directAdj.end())
      return b.load(d->second, b.constant(0, Type::Int));
    return b.readVar(varAdj.at(t.var));
  }
  return b.load(arrAdj.at(t.arr), idx, row);
}

void AdjointStorage::write(Builder &b, const Target &t, Op *idx, Op *row,
                           Op *v) const {
  if (t.var) {
    auto d = directAdj.find(t.var);
    if (d != directAdj.end())
      b.store(d->second, b.constant(0, Type::Int),
              b.cast(v, d->second->elemType));
    else
      b.writeVar(varAdj.at(t.var), b.cast(v, t.var->type));
    return;
  }
  b.store(arrAdj.at(t.arr), idx, b.cast(v, t.arr->elemType), row);
}

void AdjointStorage::add(Builder &b, const Target &t, Op *idx, Op *row,
                         Op *v) const {
  if (!v)
    return;
  Type ty = t.var ? t.var->type : t.arr->elemType;
  write(b, t, idx, row, b.add(read(b, t, idx, row), b.cast(v, ty)));
}

namespace {

/// p_bar for each active parameter, in the primal's order, then the seed.
void declareAdjointParams(const Function &g, Function &F,
                          const std::vector<bool> &active, UniqueNames &names,
                          AdjointStorage &s) {
  for (size_t i = 0; i < g.params.size(); ++i) {
    if (!active[i])
      continue;
    const Param &p = g.params[i];
    Array *bar = F.newArray(names.fresh(p.name() + "_bar"),
                            p.var ? p.var->type : p.arr->elemType);
    bar->paramIndex = static_cast<int>(F.params.size());
    if (p.arr) { // a jagged one's adjoint has its rows
      bar->jagged = p.arr->jagged;
      bar->rowVector = p.arr->rowVector;
      bar->rowArray = p.arr->rowArray;
    }
    if (p.var) {
      bar->scalarOut = true;
      bar->size = 1;
      if (writesVar(g.body, p.var)) {
        // Overwritten inside: its adjoint is reset on the way back, so it
        // lives in a local until the end.
        Var *local =
            F.newVar(names.fresh(p.name() + "_bar_local"), p.var->type);
        s.varAdj[p.var] = local;
        s.accumulateInto.push_back({local, bar});
      } else {
        s.directAdj[p.var] = bar;
      }
    } else {
      s.arrAdj[p.arr] = bar;
    }
    Param shadow{nullptr, bar};
    shadow.shadowOf = static_cast<int>(i);
    F.params.push_back(shadow);
  }
  if (isFloating(g.retType)) {
    s.seed = F.newVar(names.fresh(g.name + "_bar"), g.retType);
    s.seed->paramIndex = static_cast<int>(F.params.size());
    s.seed->defaultValue = 1.0;
    Param seed{s.seed, nullptr};
    seed.shadowOf = Param::kResultShadow;
    F.params.push_back(seed);
  }
}

/// Adjoints of active locals, zero, at the top of F.
void declareAdjointLocals(const Function &g, Function &F, const Activity &act,
                          UniqueNames &names, AdjointStorage &s) {
  Builder b(F);
  for (auto &v : g.vars)
    if (act.active(v.get()) && !s.varAdj.count(v.get()) &&
        !s.directAdj.count(v.get()))
      s.varAdj[v.get()] = F.newVar(names.fresh(v->name + "_bar"), v->type);
  for (auto &v : g.vars) // in the primal's order, for stable output
    if (Var *bar = s.varAdj.count(v.get()) ? s.varAdj.at(v.get()) : nullptr)
      b.decl(bar, b.constant(0, bar->type));
  for (auto &a : g.arrays) {
    if (!act.active(a.get()) || s.arrAdj.count(a.get()))
      continue;
    std::string nm = names.fresh(a->name + "_bar");
    Array *bar = F.newArray(nm, a->elemType);
    *bar = *a;
    bar->name = nm;
    bar->init.clear();
    bar->paramIndex = -1;
    s.arrAdj[a.get()] = bar;
    if (!a->heap) // a heap array's is declared with it (ForwardSweep)
      b.declArray(bar);
  }
}

} // namespace

AdjointStorage declareAdjointStorage(const Function &g, Function &F,
                                     const std::vector<bool> &active,
                                     const Activity &act, Remap &m,
                                     UniqueNames &names) {
  AdjointStorage s;
  copyStorage(g, F, m); // the primal's, under their names
  F.adjoint = true;
  declareAdjointParams(g, F, active, names, s);
  declareAdjointLocals(g, F, act, names, s);
  return s;
}

} // namespace adgen
