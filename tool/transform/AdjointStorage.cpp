#include "transform/AdjointStorage.h"

#include "analysis/Loops.h"

namespace adgen {

Op *AdjointStorage::read(Builder &b, const Target &t, Op *idx,
                         Op *row) const {
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
