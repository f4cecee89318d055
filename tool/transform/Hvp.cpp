#include "transform/Hvp.h"

#include "ir/Builder.h"
#include "transform/DeadCode.h"

#include <map>

namespace adgen {

HvpLayout hvpLayout(const Function &f, const Function &t,
                    const std::vector<bool> &mask) {
  HvpLayout l;
  for (size_t i = 0; i < f.params.size(); ++i)
    if (mask[i])
      l.active.push_back(static_cast<int>(i));
  for (size_t i = f.params.size(); i < t.params.size(); ++i) {
    const Param &p = t.params[i];
    if (p.shadowOf == Param::kResultShadow)
      l.resultDot = static_cast<int>(i);
    else if (p.shadowOf >= 0)
      l.tangent.push_back(static_cast<int>(i));
  }
  return l;
}

std::vector<bool> hvpAdjointMask(const Function &t, const HvpLayout &l) {
  std::vector<bool> m(t.params.size(), false);
  for (int i : l.active)
    m[static_cast<size_t>(i)] = true;
  for (int i : l.tangent)
    m[static_cast<size_t>(i)] = true;
  m[static_cast<size_t>(l.resultDot)] = true;
  return m;
}

static void eraseStores(Block &blk, const Array *a) {
  blk.eraseIf([&](const std::unique_ptr<Op> &o) {
    return o->kind == OpKind::Store && o->arr == a;
  });
  for (auto &o : blk.ops)
    for (auto &r : o->regions)
      eraseStores(*r, a);
}

void makeHvpSignature(Function &a, const Function &f, const HvpLayout &l) {
  std::map<int, Param> adj; // T's parameter index -> its adjoint in a
  Param seed;
  for (const Param &p : a.params)
    if (p.shadowOf == Param::kResultShadow)
      seed = p;
    else if (p.shadowOf >= 0)
      adj[p.shadowOf] = p;
  std::vector<Param> ps;
  for (size_t i = 0; i < f.params.size(); ++i)
    ps.push_back(a.params[i]);
  for (size_t j = 0; j < l.active.size(); ++j) {
    Param t = a.params[static_cast<size_t>(l.tangent[j])];
    t.shadowOf = l.active[j];
    ps.push_back(t);
  }
  for (size_t j = 0; j < l.active.size(); ++j) {
    const std::string x = f.params[static_cast<size_t>(l.active[j])].name();
    Param grad = adj.at(l.tangent[j]), hv = adj.at(l.active[j]);
    grad.shadowOf = hv.shadowOf = l.active[j];
    (grad.var ? grad.var->name : grad.arr->name) = x + "_bar";
    (hv.var ? hv.var->name : hv.arr->name) = x + "_bar_dot";
    ps.push_back(grad);
    ps.push_back(hv);
  }
  // ḟ and its seed are locals; the value's seed is 0 and f_bar seeds ḟ.
  Array *fdot = a.params[static_cast<size_t>(l.resultDot)].arr;
  Array *fdotBar = adj.at(l.resultDot).arr;
  Var *fbar = a.newVar(seed.var->name, seed.var->type);
  fbar->defaultValue = 1;
  seed.var->name = f.name + "_value_bar";
  seed.var->defaultValue.reset();
  seed.var->paramIndex = -1;
  Param fbarParam{fbar, nullptr};
  fbarParam.shadowOf = Param::kResultShadow;
  ps.push_back(fbarParam);
  for (size_t i = 0; i < ps.size(); ++i)
    (ps[i].var ? ps[i].var->paramIndex : ps[i].arr->paramIndex) =
        static_cast<int>(i);
  a.params = ps;

  // Nothing reads ḟ (its adjoint is the seed): its stores go, and what
  // only they used (dead-code removal, after).
  bool read = false;
  walk(a.body, [&](const Op &o) {
    read = read || (o.arr == fdot && o.kind != OpKind::Store);
  });
  std::vector<Array *> locals{fdotBar};
  if (read)
    locals.push_back(fdot);
  else
    eraseStores(a.body, fdot);
  Builder b(a);
  b.setInsertPoint(Builder::InsertPoint::start(&a.body));
  for (Array *s : locals) {
    s->paramIndex = -1;
    s->scalarOut = false;
    s->scalarLocal = true;
    s->isConst = false;
    s->size = 1;
    b.declArray(s);
  }
  b.store(fdotBar, b.constant(0, Type::Int), b.readVar(fbar));
  b.decl(seed.var, b.constant(0, seed.var->type));
  eliminateDeadCode(a);
}

} // namespace adgen
