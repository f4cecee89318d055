// Reverse mode, forward sweep of a kept call (transform/CalleeAdjoint.h):
// the callee's primal copy runs now; the backward sweep calls its adjoint
// (BackwardSweep.cpp, backwardCall) with the arguments' forward values,
// taped inside regions like any statement's.
#include "analysis/Activity.h"
#include "transform/CalleeAdjoint.h"
#include "transform/ForwardSweep.h"
#include "transform/Tangent.h"

namespace adgen::detail {

Var *ForwardSweep::activeTemp(const std::string &name, Type t, Op *v) {
  Var *tmp = cx.out.F.newVar(cx.out.unique(name), t);
  b.decl(tmp, v);
  Var *bar = cx.out.F.newVar(cx.out.unique(tmp->name + "_bar"), t);
  cx.st.varAdj[tmp] = bar;
  cx.out.atTop([&] { b.decl(bar, b.constant(0, t)); });
  return tmp;
}

void ForwardSweep::passTapes(Op &call, const Function &callee) {
  for (const Param &p : callee.params)
    if (p.role == ParamRole::Tape) {
      call.argOrder.push_back(~static_cast<int>(call.arrays.size()));
      addArrayArg(call, cx.rt.tape(p.arr->elemType));
    }
}

bool ForwardSweep::keepArrays(const Op &o, CallRecord &rec, Where w,
                              bool split) {
  if (!inRegion(w))
    return keepTopArrays(o, rec, split);
  std::vector<bool> written = writtenArguments(o);
  for (size_t j = 0; j < o.arrays.size(); ++j) {
    const Array *a = o.arrays[j];
    if (cx.rc.settled(a) && !written[j])
      continue; // as the call saw it until the end
    Op *count = nullptr;
    Array *copy = nullptr;
    if (!a->jagged && !a->structElements && !a->heap && !written[j])
      cx.out.atTop([&] {
        count = cx.rt.extentOf(a, o, UnknownExtent::CountsZero);
        if (count->kind != OpKind::Const || count->num <= 0)
          return; // size(p, n) too: declared before the code reads n
        copy = cx.out.F.newArray(
            cx.out.unique(a->name + "_at_" + o.callee->name), a->elemType);
        copy->size = static_cast<int64_t>(count->num);
        b.declArray(copy);
      });
    if (!copy) {
      cx.err.fail(o, Diag::CalleeArrayWritten, {shown(a), o.callee->name});
      return false;
    }
    Array *fa = cx.out.m.arrays.at(a);
    cx.out.forLoop(
        count, [&](Op *q) { b.push(cx.rt.tape(a->elemType), b.load(fa, q)); },
        "tape " + shown(a) + " as " + o.callee->name +
            " reads it: the caller writes it later");
    rec.copies.push_back({j, copy, count});
  }
  return true;
}

bool ForwardSweep::keepTopArrays(const Op &o, CallRecord &rec, bool split) {
  auto how = callCopies(cx.in.g, o);
  std::vector<bool> written = writtenArguments(o);
  for (size_t j = 0; j < o.arrays.size(); ++j) {
    const Array *a = o.arrays[j];
    CallCopy c = how ? (*how)[j] : CallCopy::Copy;
    if (c == CallCopy::None || (split && written[j]))
      continue; // in split mode nothing runs the callee again
    Op *count = nullptr;
    Array *copy = nullptr;
    if (how && !a->jagged && !a->structElements)
      count = cx.rt.extentOf(a, o, UnknownExtent::CountsZero);
    bool fixed = count && count->kind == OpKind::Const;
    if (count && (!fixed || count->num > 0)) {
      // Declared at the call (the top level: the backward sweep sees it),
      // on the heap when its extent is known at run time only.
      copy = cx.out.F.newArray(cx.out.unique(a->name + "_at_" + o.callee->name),
                               a->elemType);
      copy->size = fixed ? static_cast<int64_t>(count->num) : -1;
      copy->heap = !fixed;
      if (c == CallCopy::Fresh && a->size > 0 && a->size == copy->size)
        copy->init = a->init; // the declaration's values
      b.declArray(copy, fixed ? nullptr : count);
    }
    if (!copy) {
      cx.err.fail(o, Diag::CalleeArrayWritten, {shown(a), o.callee->name});
      return false;
    }
    if (c == CallCopy::Copy) {
      Array *fa = cx.out.m.arrays.at(a);
      cx.out.forLoop(
          count, [&](Op *q) { b.store(copy, q, b.load(fa, q)); },
          "copy " + shown(a) + " as " + o.callee->name +
              (written[j] ? " sees it: the call writes it"
                          : " reads it: the caller writes it later"));
    }
    rec.copies.push_back({j, copy, count});
  }
  return true;
}

void ForwardSweep::recordArguments(const Op &o, const std::vector<bool> &mask,
                                   CallRecord &rec, Where w,
                                   std::vector<Item> &items) {
  const Function &g = *o.callee;
  for (size_t k = 0; k < g.params.size(); ++k) {
    int a = o.argOrder[k];
    if (!mask[k] || a < 0)
      continue;
    const Var *p = g.params[k].var;
    auto terms = termsOf(o.operands[a]);
    if (terms.size() == 1 && !terms[0].first) {
      // A variable as it is (`g(x)`): the call credits it directly.
      const Target &leaf = fs.leafTarget.at(terms[0].second);
      if (leaf.var && !leaf.idx) {
        rec.argTargets[k] = leaf;
        continue;
      }
    }
    Stmt s;
    s.target.var =
        activeTemp(g.name + "_" + p->name, p->type, fv(o.operands[a]));
    s.isDecl = true;
    s.terms = std::move(terms);
    rec.argTargets[k] = s.target;
    record(std::move(s), o.loc, w, items);
  }
}

void ForwardSweep::forwardCall(const Op &o, Where w, std::vector<Item> &items) {
  DerivedModule *dm = cx.in.opts.module;
  if (!dm)
    return cx.err.fail(o, Diag::CallOrJumpLeft);
  const Function &g = *o.callee;
  // What the call's activity is, per callee parameter.
  std::vector<bool> mask(g.params.size(), false);
  bool any = false;
  for (size_t k = 0; k < g.params.size(); ++k) {
    int a = o.argOrder[k];
    mask[k] = a >= 0 ? isFloating(g.params[k].var->type) &&
                           fs.lin.count(o.operands[a]) != 0
                     : isFloating(o.arrays[~a]->elemType) &&
                           cx.in.act.active(o.arrays[~a]);
    any = any || mask[k];
  }
  // The call may write an active array through a pointer (a custom
  // derivative's grad is then refused below), result or none.
  bool writesActive = false;
  std::vector<bool> written = writtenArguments(o);
  for (size_t j = 0; j < o.arrays.size(); ++j)
    writesActive =
        writesActive || (written[j] && cx.in.act.active(o.arrays[j]));
  if (!any || (!cx.in.act.active(&o) && !writesActive) ||
      w == Where::Condition) {
    cloneOp(b, o, cx.out.m)->callee = dm->primalCopyOf(g);
    return;
  }
  if (g.external) {
    CustomRefusal why;
    auto all = customMask(
        o, true, [&](const Array *a) { return cx.in.act.active(a); }, why);
    if (!all)
      return cx.err.fail(o, why.id, why.args);
    mask = *all;
  }
  if (!g.external && !hasOwnAdjoint(g))
    return cx.err.fail(
        o, Diag::Recursion,
        {g.name, "reverse mode, which needs an adjoint of its own",
         "a recursive function adgen differentiates in reverse mode returns "
         "its floating-point result and has no other effects"});
  auto rec = std::make_shared<CallRecord>();
  rec->src = &o;
  rec->argTargets.resize(g.params.size());
  recordArguments(o, mask, *rec, w, items);
  // Split mode at the top level (the callee tapes now, no re-run), else
  // joint mode.
  SplitAdjoint split = inRegion(w) || g.external || dm->jointOnly
                           ? SplitAdjoint{}
                           : dm->splitOf(g, mask);
  if (!keepArrays(o, *rec, w, split.rev != nullptr)) // before the call
    return;
  Op *n = cloneOp(b, o, cx.out.m);
  n->callee = split.fwd ? split.fwd : dm->primalCopyOf(g);
  if (split.fwd)
    passTapes(*n, *split.fwd);
  rec->fwd = n;
  rec->grad = g.external  ? g.customGrad
              : split.rev ? split.rev
                          : dm->adjointOf(g, mask);
  if (!rec->grad) {
    if (!cx.err.first)
      cx.err.first = dm->error;
    dm->error.reset();
    return;
  }
  Stmt s;
  s.call = rec;
  if (o.type != Type::Void) {
    Var *r = activeTemp(g.name + "_result", o.type, n);
    s.target.var = r;
    s.isDecl = true;
    Op *leaf = b.readVar(r);
    fs.leafTarget[leaf] = s.target;
    fs.lin[&o] = LinearForm::leaf(leaf);
  }
  record(std::move(s), o.loc, w, items);
}

} // namespace adgen::detail
