// Reverse mode: set-up of f_grad and the pass entry point (see Adjoint.h).
#include "transform/Adjoint.h"
#include "transform/AdjointBuilder.h"

#include "transform/DeadCode.h"
#include "transform/Hoist.h"
#include "transform/Inline.h"
#include "transform/Structure.h"

namespace adgen::detail {

AdjointBuilder::AdjointBuilder(
    const Function &g, Function &F, const std::vector<bool> &mask,
    const std::map<std::string, Extent> &sizes,
    const std::optional<checkpoint::Policy> &defaultPolicy)
    : g(g), F(F), b(F), sizes(sizes), defaultPolicy(defaultPolicy) {
  std::set<const Var *> sv;
  std::set<const Array *> sa;
  for (size_t i = 0; i < g.params.size(); ++i)
    if (mask[i]) {
      if (g.params[i].var)
        sv.insert(g.params[i].var);
      else
        sa.insert(g.params[i].arr);
    }
  act = analyzeVaried(g, sv, sa);
  keepUseful(g, act);
  walk(g.body, [&](const Op &o) {
    for (const Op *x : o.operands)
      remaining[x]++;
  });
  // The last top-level statement writing each variable and array.
  for (size_t t = 0; t < g.body.ops.size(); ++t) {
    auto note = [&](const Op &x) {
      if (x.kind == OpKind::WriteVar || x.kind == OpKind::Decl)
        lastWriteTop[x.var] = static_cast<int>(t);
      if (x.kind == OpKind::Store || x.kind == OpKind::DeclArray)
        lastWriteTop[x.arr] = static_cast<int>(t);
    };
    note(*g.body.ops[t]);
    for (auto &r : g.body.ops[t]->regions)
      walk(*r, note);
  }
  walk(g.body, [&](const Op &x) {
    if (x.kind == OpKind::WriteVar || x.kind == OpKind::Decl)
      writeCount[x.var]++;
  });
  names.sync(g);
}

bool AdjointBuilder::build(const std::vector<bool> &mask, std::string &error) {
  declare(mask);
  std::vector<Item> items = forward(g.body, false);
  if (!err.empty()) {
    error = err;
    return false;
  }
  b.setBlock(&F.body);
  backward(items, false);
  // Scalar parameters that the function overwrites accumulated into a
  // local; hand the total to the caller.
  for (auto &[param, out] : accumulateInto) {
    Op *sum = b.add(b.load(out, zero()), b.readVar(param));
    b.store(out, zero(), sum);
  }
  b.create(OpKind::Return, Type::Void,
           retValue ? std::vector<Op *>{retValue} : std::vector<Op *>{});
  return true;
}

std::string AdjointBuilder::unique(const std::string &base) {
  return names.fresh(base);
}

void AdjointBuilder::atTop(const std::function<void()> &emit) {
  Block scratch;
  Block *saved = b.block();
  b.setBlock(&scratch);
  emit();
  b.setBlock(saved);
  for (auto &op : scratch.ops)
    op->block = &F.body;
  F.body.ops.insert(F.body.ops.begin(),
                    std::make_move_iterator(scratch.ops.begin()),
                    std::make_move_iterator(scratch.ops.end()));
}

bool AdjointBuilder::writes(const Function &fn, const Var *v) {
  bool w = false;
  walk(fn.body, [&](const Op &o) {
    w = w || (o.kind == OpKind::WriteVar && o.var == v);
  });
  return w;
}

void AdjointBuilder::declare(const std::vector<bool> &mask) {
  // The primal's variables, arrays and parameters, under their names.
  for (auto &v : g.vars) {
    Var *n = F.newVar(v->name, v->type);
    *n = *v;
    m.vars[v.get()] = n;
  }
  for (auto &a : g.arrays) {
    Array *n = F.newArray(a->name, a->elemType);
    *n = *a;
    m.arrays[a.get()] = n;
  }
  for (const Param &p : g.params)
    F.params.push_back(Param{p.var ? m.vars.at(p.var) : nullptr,
                             p.arr ? m.arrays.at(p.arr) : nullptr});
  // Adjoint parameters follow, in the primal's order.
  for (size_t i = 0; i < g.params.size(); ++i) {
    if (!mask[i])
      continue;
    const Param &p = g.params[i];
    Array *bar = F.newArray(unique(p.name() + "_bar"),
                            p.var ? p.var->type : p.arr->elemType);
    bar->paramIndex = static_cast<int>(F.params.size());
    if (p.var) {
      bar->scalarOut = true;
      bar->size = 1;
      if (writes(g, p.var)) {
        // Overwritten inside: its adjoint is reset on the way back, so it
        // lives in a local until the end.
        Var *local = F.newVar(unique(p.name() + "_bar_local"), p.var->type);
        varAdj[p.var] = local;
        accumulateInto.push_back({local, bar});
      } else {
        directAdj[p.var] = bar;
      }
    } else {
      arrAdj[p.arr] = bar;
    }
    F.params.push_back(Param{nullptr, bar});
  }
  if (isFloating(g.retType)) {
    seed = F.newVar(unique(g.name + "_bar"), g.retType);
    seed->paramIndex = static_cast<int>(F.params.size());
    seed->defaultArg = g.retType == Type::Float ? "1.0f" : "1.0";
    F.params.push_back(Param{seed, nullptr});
  }
  // Local adjoints, zero, at the top.
  b.setBlock(&F.body);
  for (auto &v : g.vars)
    if (act.active(v.get()) && !varAdj.count(v.get()) &&
        !directAdj.count(v.get()))
      varAdj[v.get()] = F.newVar(unique(v->name + "_bar"), v->type);
  for (auto &v : g.vars) // in the primal's order, for stable output
    if (Var *bar = varAdj.count(v.get()) ? varAdj.at(v.get()) : nullptr)
      b.decl(bar, b.constant(0, bar->type));
  for (auto &a : g.arrays) {
    if (!act.active(a.get()) || arrAdj.count(a.get()))
      continue;
    std::string nm = unique(a->name + "_bar");
    Array *bar = F.newArray(nm, a->elemType);
    *bar = *a;
    bar->name = nm;
    bar->init.clear();
    bar->paramIndex = -1;
    arrAdj[a.get()] = bar;
    Op *d = b.create(OpKind::DeclArray, Type::Void);
    d->arr = bar;
  }
}

Array *AdjointBuilder::tape(Type t) {
  auto it = tapes.find(t);
  if (it != tapes.end())
    return it->second;
  Array *tp = F.newArray(unique(std::string("tape_") + typeName(t)), t);
  tp->isTape = true;
  atTop([&] { b.create(OpKind::DeclArray, Type::Void)->arr = tp; });
  return tapes[t] = tp;
}

} // namespace adgen::detail

namespace adgen {

using detail::AdjointBuilder;

std::unique_ptr<Function> buildAdjoint(const Function &f,
                                       const AdjointOptions &opts,
                                       std::string &error) {
  // Prepare: calls inlined, jumps structured.
  auto g = cloneFunction(f);
  inlineCalls(*g);
  if (hasJumps(*g))
    structureJumps(*g);
  hoistForCheckpoints(*g, opts.defaultPolicy);
  auto F = std::make_unique<Function>();
  F->name = opts.name;
  F->nameSpace = f.nameSpace;
  F->retType = f.retType;
  F->sourceFile = f.sourceFile;
  F->loc = f.loc;
  AdjointBuilder ab(*g, *F, opts.active, opts.sizes, opts.defaultPolicy);
  ab.setReport(opts.report);
  if (!ab.build(opts.active, error))
    return nullptr;
  eliminateDeadCode(*F);
  return F;
}

} // namespace adgen
