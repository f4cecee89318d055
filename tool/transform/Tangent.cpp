#include "transform/Tangent.h"

#include "transform/TangentBuilder.h"

#include "analysis/Activity.h"
#include "ir/Builder.h"
#include "ir/Clone.h"
#include "ir/UniqueNames.h"
#include "transform/CalleeAdjoint.h"
#include "transform/DeadCode.h"
#include "transform/FunctionBuild.h"
#include "transform/LinearForm.h"
#include "transform/Rules.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace adgen {

std::string maskString(const std::vector<bool> &m) {
  std::string s;
  for (bool b : m)
    s += b ? '1' : '0';
  return s;
}

namespace {

/// Uses of the values of a block by its last ops (and their regions),
/// counted from the end as far back as asked: a value's uses all follow
/// it, so those of one defined near the end cost only the ops after it.
struct TailUses {
  const Block &blk;
  size_t pos; // ops[pos..] are counted
  std::unordered_set<const Op *> seen;
  std::unordered_map<const Op *, int> count;

  explicit TailUses(const Block &b) : blk(b), pos(b.ops.size()) {}
  /// The uses of v, an op of blk, in blk.
  int of(const Op *v) {
    while (!seen.count(v) && pos > 0) {
      const Op &o = *blk.ops[--pos];
      seen.insert(&o);
      for (const Op *x : o.operands)
        ++count[x];
      for (auto &r : o.regions)
        walk(*r, [&](const Op &in) {
          for (const Op *x : in.operands)
            ++count[x];
        });
    }
    auto it = count.find(v);
    return it == count.end() ? 0 : it->second;
  }
};

} // namespace

TangentBuilder::TangentBuilder(DerivedModule &dm, const Function &src,
                               Function &dst, const std::vector<bool> &mask,
                               bool withTangents, const TangentOptions *opts)
    : dm(dm), src(src), opts(opts), out(src, dst) {
  copyStorage(src, dst, out.m);
  std::set<const Var *> sv;
  std::set<const Array *> sa;
  for (size_t i = 0; i < src.params.size(); ++i) {
    if (!mask[i])
      continue;
    if (src.params[i].var)
      sv.insert(src.params[i].var);
    else
      sa.insert(src.params[i].arr);
  }
  if (withTangents) {
    act = analyzeVaried(src, sv, sa);
    walk(src.body, [&](const Op &o) {
      for (const Op *x : o.operands)
        ++forms.useCount[x];
    });
  }
  if (opts && opts->width && act)
    lanes.width = opts->width;
}

void TangentBuilder::build(const std::vector<bool> &mask) {
  if (act && vector())
    vectorSignature(mask);
  else if (act)
    scalarSignature(mask);
  if (!dm.error)
    block(src.body, &out.F.body);
}

void TangentBuilder::scalarSignature(const std::vector<bool> &mask) {
  // Tangent parameters follow the primal ones, in the same order.
  for (size_t i = 0; i < src.params.size(); ++i) {
    if (!mask[i])
      continue;
    const Param &p = src.params[i];
    Param tp;
    tp.shadowOf = static_cast<int>(i);
    if (p.var) {
      tp.var = tangentVar(p.var);
      tp.var->paramIndex = static_cast<int>(out.F.params.size());
    } else {
      tp.arr = tangentArray(p.arr);
      tp.arr->paramIndex = static_cast<int>(out.F.params.size());
    }
    out.F.params.push_back(tp);
  }
  if (isFloating(src.retType)) {
    tangents.ret = out.F.newArray(out.unique(src.name + "_dot"), src.retType);
    tangents.ret->scalarOut = true;
    tangents.ret->size = 1;
    tangents.ret->paramIndex = static_cast<int>(out.F.params.size());
    Param dot{nullptr, tangents.ret};
    dot.shadowOf = Param::kResultShadow;
    out.F.params.push_back(dot);
  }
  // Active locals get their tangent variables up front so every read
  // finds one (a local may be read before an active value reaches it).
  for (auto &v : src.vars)
    if (active(v.get()))
      tangentVar(v.get());
  // A parameter outside the mask that an active value reaches starts
  // with a zero tangent.
  for (size_t i = 0; i < src.params.size(); ++i)
    if (!mask[i] && src.params[i].var && active(src.params[i].var))
      out.b.decl(tangents.vars.at(src.params[i].var),
                 out.b.constant(0, src.params[i].var->type));
  for (auto &a : src.arrays)
    if (active(a.get()))
      tangentArray(a.get());
}

Var *TangentBuilder::tangentVar(const Var *v) {
  auto it = tangents.vars.find(v);
  if (it != tangents.vars.end())
    return it->second;
  Var *d = out.F.newVar(out.unique(v->name + "_dot"), v->type);
  return tangents.vars[v] = d;
}

Array *TangentBuilder::tangentArray(const Array *a) {
  auto it = tangents.arrays.find(a);
  if (it != tangents.arrays.end())
    return it->second;
  Array *d = out.F.newArray("", a->elemType);
  *d = *out.m.arrays.at(a);
  d->name = out.unique(a->name + "_dot");
  d->init.clear();
  d->paramIndex = -1;
  return tangents.arrays[a] = d;
}

Op *TangentBuilder::tangent(const Op *o) {
  auto it = forms.lin.find(o);
  if (it == forms.lin.end())
    return nullptr;
  return vector() ? laneTangent(it->second, o->type)
                  : it->second.materialize(out.b, o->type);
}

Op *TangentBuilder::tangentOrZero(const Op *o, Type t) {
  Op *d = tangent(o);
  return d ? out.b.cast(d, t) : out.b.constant(0, t);
}

void TangentBuilder::block(const Block &in, Block *into) {
  Block *saved = out.b.block();
  out.b.setBlock(into);
  for (auto &o : in.ops)
    op(*o);
  out.b.setBlock(saved);
}

/// A copy of region-free op o (ir/Clone.h), its values mapped.
Op *TangentBuilder::clone(const Op &o) { return cloneOp(out.b, o, out.m); }

/// A local array and its tangent (of the same count, for a heap array).
void TangentBuilder::declArray(const Op &o) {
  Op *d = clone(o);
  if (!active(o.arr))
    return;
  if (vector())
    return laneDeclArray(o, d);
  out.b.declArrayLike(tangents.arrays.at(o.arr), *d);
}

void TangentBuilder::op(const Op &o) {
  if (dm.error)
    return; // the first error stands; what follows may lean on what failed
  out.b.setLoc(o.loc);
  switch (o.kind) {
  case OpKind::If: {
    Op *n = out.b.ifOp(map(o.operands[0]));
    block(*o.region(0), n->region(0));
    block(*o.region(1), n->region(1));
    return;
  }
  case OpKind::Loop: {
    Op *n = out.b.loop(o.loopKind);
    n->policy = o.policy;
    for (unsigned r = 0; r < 3; ++r)
      block(*o.region(r), n->region(r));
    return;
  }
  case OpKind::Decl:
    return vector() && active(o.var) ? laneDecl(o) : decl(o);
  case OpKind::DeclArray:
    return declArray(o);
  case OpKind::WriteVar:
    return vector() && active(o.var) ? laneWriteVar(o) : write(o);
  case OpKind::Store:
    return vector() && active(o.arr) ? laneStore(o) : write(o);
  case OpKind::Return:
    return vector() ? laneReturn(o) : ret(o);
  case OpKind::ReadVar:
    return readVar(o);
  case OpKind::Load: {
    Op *n = clone(o);
    if (active(&o)) {
      Array *t = tangents.arrays.at(o.arr);
      forms.lin[&o] =
          LinearForm::leaf(vector() ? laneLeaf(t, n->operands[0])
                                    : out.b.load(t, n->operands[0], rowOf(*n)));
    }
    return;
  }
  case OpKind::Select:
    return select(o);
  case OpKind::Call:
    return call(o);
  default: {
    Op *n = clone(o);
    if (o.kind == OpKind::Extern && active(&o))
      refuseExtern(o);
    if (!active(&o) || !hasRule(o))
      return;
    LinearForm form = linearizeOp(out.b, o, *n, forms.lin, [&](unsigned i) {
      const Op *x = o.operands[i];
      return x->block == o.block && forms.useCount[x] == 1;
    });
    if (!form.empty())
      forms.lin[&o] = std::move(form);
  }
  }
}

void TangentBuilder::readVar(const Op &o) {
  clone(o);
  if (!active(&o))
    return;
  if (vector()) {
    forms.lin[&o] = LinearForm::leaf(laneLeaf(lanes.vars.at(o.var), nullptr));
    return;
  }
  // Reads of one variable within a statement share one leaf, so
  // `(h - y) * (h - y)` multiplies h's tangent once.
  Var *dv = tangents.vars.at(o.var);
  Op *&leaf = forms.leafCache[dv];
  if (!leaf || leaf->block != out.b.block())
    leaf = out.b.readVar(dv);
  forms.lin[&o] = LinearForm::leaf(leaf);
}

void TangentBuilder::select(const Op &o) {
  Op *n = clone(o);
  if (!active(&o))
    return;
  if (vector())
    return laneSelect(o, n);
  Op *t1 = tangentOrZero(o.operands[1], o.type);
  Op *t2 = tangentOrZero(o.operands[2], o.type);
  forms.lin[&o] = LinearForm::leaf(out.b.select(n->operands[0], t1, t2));
}

void TangentBuilder::ret(const Op &o) {
  if (tangents.ret)
    out.b.store(tangents.ret, out.b.constant(0, Type::Int),
                tangentOrZero(o.operands[0], src.retType));
  clone(o);
}

void TangentBuilder::decl(const Op &o) {
  // The value first (it has no old value a tangent could need), then its
  // tangent.
  if (!o.operands.empty())
    sinkValue(map(o.operands[0]));
  clone(o);
  if (active(o.var)) {
    Op *d = o.operands.empty() ? out.b.constant(0, o.var->type)
                               : tangentOrZero(o.operands[0], o.var->type);
    out.b.decl(tangents.vars.at(o.var), d);
  }
}

void TangentBuilder::write(const Op &o) {
  // The tangent first: it may read the old value being overwritten.
  bool isVar = o.kind == OpKind::WriteVar;
  bool tangentHere = isVar ? active(o.var) : active(o.arr);
  if (tangentHere) {
    Op *val = map(o.operands.back());
    if (isVar) {
      // x = x + 1 leaves x's tangent as it is: no `x_dot = x_dot`.
      Var *dv = tangents.vars.at(o.var);
      Op *t = tangentOrZero(o.operands[0], o.var->type);
      if (t->kind != OpKind::ReadVar || t->var != dv)
        out.b.writeVar(dv, t);
      forms.leafCache.erase(dv);
    } else {
      Op *row = rowOf(o);
      out.b.store(tangents.arrays.at(o.arr), map(o.operands[0]),
                  tangentOrZero(o.operands[1], o.arr->elemType),
                  row ? map(row) : nullptr);
    }
    sinkValue(val);
  }
  clone(o);
}

void TangentBuilder::fail(Diag id, const Op *at,
                          std::vector<std::string> args) {
  if (!dm.error)
    dm.error =
        Diagnostic{id, src.sourceFile, at && at->loc.line ? at->loc : src.loc,
                   std::move(args)};
}

void TangentBuilder::call(const Op &o) {
  const Function &g = *o.callee;
  std::vector<bool> mask(g.params.size(), false);
  bool any = false;
  if (act)
    for (size_t k = 0; k < g.params.size(); ++k) {
      int a = o.argOrder[k];
      mask[k] =
          a >= 0 ? forms.lin.count(o.operands[a]) != 0 : active(o.arrays[~a]);
      any = any || mask[k];
    }
  if (any && vector())
    return fail(Diag::WidthUnsupported, &o,
                {lanes.width < 0 ? "dynamic" : std::to_string(lanes.width),
                 src.name, "it calls '" + g.name + "' with active arguments",
                 "vector forward mode inlines its callees: recursive "
                 "functions and custom derivatives cannot be inlined"});
  Op *n = clone(o); // with its arrays and argument order
  if (!any) {
    n->callee = dm.primalCopyOf(g);
    return;
  }
  if (g.external) {
    CustomRefusal why;
    auto all = customMask(
        o, false, [&](const Array *a) { return active(a); }, why);
    if (!all) {
      if (!dm.error)
        dm.error = Diagnostic{why.id, src.sourceFile,
                              o.loc.line ? o.loc : src.loc, why.args};
      return;
    }
    mask = *all;
  }
  Function *gd = g.external ? g.customJvp : dm.tangentOf(g, mask);
  n->callee = gd;
  // Tangent arguments follow, in the callee's parameter order.
  for (size_t k = 0; k < g.params.size(); ++k) {
    if (!mask[k])
      continue;
    int a = o.argOrder[k];
    if (a >= 0) {
      // Operands must precede the call: form the tangent, then move the
      // call after it.
      Op *t = tangentOrZero(o.operands[a], g.params[k].var->type);
      n->argOrder.push_back(static_cast<int>(n->operands.size()));
      n->operands.push_back(t);
    } else {
      // The tangent of `x + i` is `x_dot + i`.
      n->argOrder.push_back(~static_cast<int>(n->arrays.size()));
      addArrayArg(*n, tangents.arrays.at(o.arrays[~a]),
                  arrayOffset(*n, static_cast<size_t>(~a)),
                  arrayRow(*n, static_cast<size_t>(~a)));
    }
  }
  Array *result = nullptr;
  if (isFloating(g.retType)) {
    result = out.F.newArray(out.unique(g.name + "_dot"), g.retType);
    result->scalarLocal = true;
    result->size = 1;
    Op *d = out.b.create(OpKind::DeclArray, Type::Void);
    d->arr = result;
    n->argOrder.push_back(~static_cast<int>(n->arrays.size()));
    n->arrays.push_back(result);
  }
  moveToEnd(n);
  if (result && active(&o))
    forms.lin[&o] =
        LinearForm::leaf(out.b.load(result, out.b.constant(0, Type::Int)));
}

/// Moves the primal expression a write stores (the value and the
/// single-use ops feeding it) down past the partials and tangent ops
/// emitted since, so the statement reads as one expression again. Safe:
/// the moved ops are pure, and what came between writes only tangents.
void TangentBuilder::sinkValue(Op *val) {
  Block &blk = *out.b.block();
  if (!val || val->block != &blk || !isPure(*val) ||
      val->kind == OpKind::ReadVar || val->kind == OpKind::Load)
    return;
  TailUses uses(blk);
  if (uses.of(val) != 0)
    return; // the partials use it (tanh, exp): it stays where it is
  std::unordered_set<const Op *> chain{val};
  std::vector<Op *> work(val->operands.begin(), val->operands.end());
  while (!work.empty()) {
    Op *v = work.back();
    work.pop_back();
    if (!v || v->block != &blk || !isPure(*v) || v->kind == OpKind::ReadVar ||
        v->kind == OpKind::Load || v->kind == OpKind::Const || uses.of(v) != 1)
      continue;
    chain.insert(v);
    work.insert(work.end(), v->operands.begin(), v->operands.end());
  }
  // Keep their relative order; the chain lies within the scanned tail.
  std::stable_partition(
      blk.ops.begin() + static_cast<long>(uses.pos), blk.ops.end(),
      [&](const std::unique_ptr<Op> &o) { return !chain.count(o.get()); });
}

/// Moves op n (already in the current block, near its end) to its end.
void TangentBuilder::moveToEnd(Op *n) {
  auto &ops = out.b.block()->ops;
  auto it =
      std::find_if(ops.rbegin(), ops.rend(),
                   [&](const std::unique_ptr<Op> &o) { return o.get() == n; });
  if (it != ops.rend())
    std::rotate(it.base() - 1, it.base(), ops.end());
}

/// A kept library call whose result is active: it has no derivative.
void TangentBuilder::refuseExtern(const Op &o) {
  fail(Diag::ActiveExternCall, &o, {o.externName});
}

} // namespace adgen
