// Reverse mode, forward sweep: the primal computation, with each active
// statement recorded for the backward sweep.
#include "transform/ForwardSweep.h"

#include "transform/Rules.h"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace adgen::detail {
namespace {

/// Values a statement pushes, each once; one equal (sameValue) to a pushed
/// one is its alias. Per hash, each pushed value with the latest found equal
/// to it (the nearest to compare the next with).
struct SavedValues {
  std::vector<Op *> ops;
  std::vector<std::pair<Op *, Op *>> alias; // (value, the one pushed)
  void add(Op *v) {
    if (!seen.insert(v).second)
      return;
    auto &equalHash = classes[valueHash(v)];
    for (auto &[pushed, latest] : equalHash)
      if (sameValue(latest, v)) {
        latest = v;
        return alias.push_back({v, pushed});
      }
    equalHash.push_back({v, v});
    ops.push_back(v);
  }

private:
  std::unordered_set<Op *> seen;
  std::unordered_map<size_t, std::vector<std::pair<Op *, Op *>>> classes;
};

} // namespace

ForwardSweep::ForwardSweep(ReverseState &cx) : cx(cx), b(cx.out.b) {
  fs.remaining = cx.in.facts.uses;
}

ForwardResult ForwardSweep::run() {
  ForwardResult r;
  r.items = forward(cx.in.g.body, Where::Top);
  r.returnValue = retValue;
  return r;
}

std::vector<Item> ForwardSweep::forward(const Block &in, Where w) {
  std::vector<Item> items;
  for (size_t t = 0; t < in.ops.size() && cx.err.ok(); ++t) {
    if (&in == &cx.in.g.body)
      cx.rc.atTop(static_cast<int>(t));
    cx.rc.atStatement(in, static_cast<int>(t));
    forwardOp(*in.ops[t], w, items);
  }
  return items;
}

std::vector<Item> ForwardSweep::forwardInto(const Block &in, Block *out,
                                            Where w) {
  Block *saved = b.block();
  b.setBlock(out);
  auto items = forward(in, w);
  b.setBlock(saved);
  return items;
}

void ForwardSweep::forwardOp(const Op &o, Where w, std::vector<Item> &items) {
  b.setLoc(o.loc);
  for (const Op *x : o.operands)
    if (--fs.remaining[x] == 0)
      fs.open.erase(std::remove(fs.open.begin(), fs.open.end(), x),
                    fs.open.end());
  forwardOpBody(o, w, items);
  if (fs.lin.count(&o) && fs.remaining[&o] > 0)
    fs.open.push_back(&o);
}

void ForwardSweep::protectOpenForms(const Target &t, Where w,
                                    std::vector<Item> &items) {
  std::vector<const Op *> hit;
  for (const Op *p : fs.open) {
    for (auto &[coef, leaf] : fs.lin.at(p).terms) {
      const Target &lt = fs.leafTarget.at(leaf);
      if ((t.var && lt.var == t.var) || (t.arr && lt.arr == t.arr)) {
        hit.push_back(p);
        break;
      }
    }
  }
  for (const Op *p : hit) {
    // A value from an enclosing block cannot be saved here for every path
    // that uses it: refuse rather than credit the wrong value.
    if (fv(p)->block != b.block()) {
      cx.err.fail(*p, Diag::ValueBeforeBranchOverwritten);
      return;
    }
    Var *tmp = activeTemp("saved", p->type, fv(p));
    Stmt s;
    s.target.var = tmp;
    s.isDecl = true;
    s.terms = fs.lin.at(p).resolved();
    record(std::move(s), p->loc, w, items);
    Op *leaf = b.readVar(tmp);
    fs.leafTarget[leaf] = Target{tmp, nullptr, nullptr};
    fs.lin[p] = LinearForm::leaf(leaf);
  }
}

/// True when o, once, is the last use of x in its block: nothing reads
/// x's form after o.
static bool lastUseOf(const Op &o, const Op *x, int remaining) {
  return remaining == 0 && x->block == o.block &&
         std::count(o.operands.begin(), o.operands.end(), x) == 1;
}

void ForwardSweep::forwardOpBody(const Op &o, Where w,
                                 std::vector<Item> &items) {
  switch (o.kind) {
  case OpKind::If:
    return forwardIf(o, w, items);
  case OpKind::Loop:
    return forwardStepping(o, w, items);
  case OpKind::Decl:
  case OpKind::WriteVar:
  case OpKind::Store:
    return forwardAssign(o, w, items);
  case OpKind::DeclArray:
    if (o.arr->heap)
      return forwardHeapArray(o, w);
    cloneOp(b, o, cx.out.m);
    if (inRegion(w) && cx.in.act.active(o.arr))
      items.push_back(
          Item{Item::ZeroArray, {}, nullptr, {}, {}, nullptr, o.arr, o.loc});
    return;
  case OpKind::Return:
    return forwardReturn(o, w, items);
  case OpKind::ReadVar:
  case OpKind::Load:
    return forwardLeaf(o);
  case OpKind::Select:
    return forwardSelect(o);
  case OpKind::Call:
    return forwardCall(o, w, items);
  case OpKind::Break:
  case OpKind::Continue:
    cx.err.fail(o, Diag::CallOrJumpLeft);
    return;
  default: {
    Op *n = cloneOp(b, o, cx.out.m);
    if (o.kind == OpKind::Extern && cx.in.act.active(&o))
      cx.err.fail(o, Diag::ActiveExternCall, {o.externName});
    if (!cx.in.act.active(&o) || !hasRule(o))
      return;
    LinearForm form = linearizeOp(b, o, *n, fs.lin, [&](unsigned i) {
      return lastUseOf(o, o.operands[i], fs.remaining[o.operands[i]]);
    });
    if (!form.empty())
      fs.lin[&o] = std::move(form);
  }
  }
}

void ForwardSweep::forwardHeapArray(const Op &o, Where w) {
  if (inRegion(w))
    return cx.err.fail(o, Diag::HeapInRegion, {shown(o.arr)});
  Op *d = cloneOp(b, o, cx.out.m);
  // Its adjoint, zero, beside it: the count is known from here on.
  auto bar = cx.st.arrAdj.find(o.arr);
  if (bar == cx.st.arrAdj.end())
    return;
  b.declArrayLike(bar->second, *d);
}

void ForwardSweep::forwardIf(const Op &o, Where w, std::vector<Item> &items) {
  Op *c = fv(o.operands[0]);
  Op *n = b.ifOp(c);
  Item it{Item::If, {}, nullptr, {}, {}, nullptr, nullptr, o.loc};
  it.a = forwardInto(*o.region(0), n->region(0), inner(w));
  it.b = forwardInto(*o.region(1), n->region(1), inner(w));
  if (it.a.empty() && it.b.empty())
    return;
  if (inRegion(w))
    b.push(cx.rt.tape(Type::Bool), c); // after the branch's own pushes
  else
    it.cond = c;
  items.push_back(std::move(it));
}

void ForwardSweep::forwardAssign(const Op &o, Where w,
                                 std::vector<Item> &items) {
  Stmt s;
  if (o.kind == OpKind::Store) {
    if (cx.in.act.active(o.arr))
      protectOpenForms(Target{nullptr, o.arr, nullptr}, w, items);
    Op *n = cloneOp(b, o, cx.out.m);
    if (!cx.in.act.active(o.arr))
      return;
    s.target.arr = o.arr;
    s.target.idx = n->operands[0];
    s.target.row = rowOf(*n);
    s.terms = termsOf(o.operands[1]);
    record(std::move(s), o.loc, w, items);
    return;
  }
  if (cx.in.act.active(o.var))
    protectOpenForms(Target{o.var, nullptr, nullptr}, w, items);
  cloneOp(b, o, cx.out.m);
  recordStep(o, items);
  fs.leafCache.erase(o.var);
  if (cx.in.facts.writtenOnceByDecl(o))
    cx.rc.holdsCopy(o.var, fv(o.operands[0]));
  if (!cx.in.act.active(o.var))
    return;
  s.target.var = o.var;
  s.isDecl = o.kind == OpKind::Decl;
  if (!o.operands.empty())
    s.terms = termsOf(o.operands[0]);
  record(std::move(s), o.loc, w, items);
}

void ForwardSweep::forwardReturn(const Op &o, Where w,
                                 std::vector<Item> &items) {
  if (inRegion(w) || &o != cx.in.g.body.ops.back().get()) {
    cx.err.fail(o, Diag::ReturnInRegion);
    return;
  }
  if (o.operands.empty())
    return;
  retValue = fv(o.operands[0]);
  if (!cx.st.seed || !fs.lin.count(o.operands[0]))
    return;
  Stmt s;
  s.isReturn = true;
  s.terms = termsOf(o.operands[0]);
  record(std::move(s), o.loc, w, items);
}

void ForwardSweep::forwardLeaf(const Op &o) {
  Op *n = cloneOp(b, o, cx.out.m);
  if (!cx.in.act.active(&o))
    return;
  if (o.kind == OpKind::Load) {
    fs.leafTarget[n] = Target{nullptr, o.arr, n->operands[0], rowOf(*n)};
    fs.lin[&o] = LinearForm::leaf(n);
    return;
  }
  // Reads of one variable within a statement share one leaf.
  Op *&leaf = fs.leafCache[o.var];
  if (!leaf || leaf->block != b.block()) {
    leaf = n;
    fs.leafTarget[n] = Target{o.var, nullptr, nullptr};
  }
  fs.lin[&o] = LinearForm::leaf(leaf);
}

void ForwardSweep::forwardSelect(const Op &o) {
  Op *n = cloneOp(b, o, cx.out.m);
  if (!cx.in.act.active(&o))
    return;
  LinearForm form;
  for (unsigned k = 1; k <= 2; ++k) {
    auto it = fs.lin.find(o.operands[k]);
    if (it == fs.lin.end())
      continue;
    // The arm not taken contributes nothing: its coefficients are
    // selected by the same condition.
    Op *one = b.constant(1, o.type), *none = b.constant(0, o.type);
    Op *pick = k == 1 ? b.select(n->operands[0], one, none)
                      : b.select(n->operands[0], none, one);
    if (lastUseOf(o, o.operands[k], fs.remaining[o.operands[k]]))
      form.takeScaled(b, std::move(it->second), pick);
    else
      form.addScaled(b, it->second, pick);
  }
  if (!form.empty())
    fs.lin[&o] = std::move(form);
}

std::vector<std::pair<Op *, Op *>> ForwardSweep::termsOf(const Op *v) {
  auto it = fs.lin.find(v);
  return it == fs.lin.end() ? std::vector<std::pair<Op *, Op *>>{}
                            : it->second.resolved();
}

void ForwardSweep::record(Stmt s, SourceLoc loc, Where w,
                          std::vector<Item> &items) {
  if (w == Where::Condition)
    return;
  s.loc = loc;
  if (inRegion(w)) {
    // To-be-recorded: what the backward sweep cannot recompute from
    // loop counters, never-written inputs and constants goes on the tape:
    // either the needed values themselves, or, when fewer, what they are
    // made of by cheap arithmetic (h·t and w·t share t: tape h and t).
    Recompute::ForStatement asStatement(cx.rc);
    std::vector<Op *> needed;
    SavedValues whole, parts;
    std::function<void(Op *)> decompose = [&](Op *v) {
      if (cx.rc.recomputable(v))
        return;
      // A load of an array the backward sweep still has is made of its
      // index (icf[off + k]: tape off + k's parts, not the element).
      if ((isPure(*v) && v->kind != OpKind::ReadVar &&
           v->kind != OpKind::Load && v->kind != OpKind::Math) ||
          cx.rc.reloadable(v)) {
        for (Op *x : v->operands)
          decompose(x);
        return;
      }
      parts.add(v);
    };
    auto need = [&](Op *v) {
      if (v)
        needed.push_back(v);
      if (v && !cx.rc.recomputable(v)) {
        whole.add(v);
        decompose(v);
      }
    };
    need(s.target.idx);
    need(s.target.row);
    if (s.call) // the kept call's arguments, as the backward call passes
      for (Op *v : s.call->fwd->operands)
        need(v);
    for (auto &[coef, leaf] : s.terms) {
      need(coef);
      const Target &lt = fs.leafTarget.at(leaf);
      if (!s.isReturn && sameElement(lt, s.target))
        continue; // a term on the target: updated in place at its index
      need(lt.idx);
      need(lt.row);
    }
    SavedValues &chosen = parts.ops.size() < whole.ops.size() ? parts : whole;
    s.saved = chosen.ops;
    s.savedAlias = chosen.alias;
    for (Op *v : s.saved)
      b.push(cx.rt.tape(v->type), v);
    markRecomputed(s, needed);
  }
  for (auto &term : s.terms)
    s.leafTargets.push_back(fs.leafTarget.at(term.second));
  items.push_back(Item{
      Item::Statement, std::move(s), nullptr, {}, {}, nullptr, nullptr, loc});
}

/// Marks what the backward sweep will compute again of a statement's
/// needed values (as backwardStmt does): what it did not pop.
void ForwardSweep::markRecomputed(const Stmt &s,
                                  const std::vector<Op *> &needed) {
  std::function<void(Op *)> again = [&](Op *v) {
    if (std::find(s.saved.begin(), s.saved.end(), v) != s.saved.end() ||
        std::any_of(s.savedAlias.begin(), s.savedAlias.end(),
                    [v](auto &a) { return a.first == v; }))
      return;
    if (cx.rc.recomputable(v))
      return cx.rc.markUsed(v);
    for (Op *x : v->operands)
      again(x);
  };
  for (Op *v : needed)
    again(v);
}

void ForwardSweep::forwardLoop(const Op &o, Where w, std::vector<Item> &items) {
  bool reversible = w != Where::Condition && writesActive(o, cx.in.act);
  // A condition may compute with temporaries of its own (a `?:` over
  // array elements, an inlined call): their values end in a comparison, so
  // nothing flows back through them and nothing is recorded. A condition
  // that writes anything else active cannot be reversed.
  std::set<const void *> ownTemps;
  bool writesOther = false;
  walk(*o.region(0), [&](const Op &x) {
    if (x.kind == OpKind::Decl)
      ownTemps.insert(x.var);
    if (x.kind == OpKind::DeclArray)
      ownTemps.insert(x.arr);
  });
  walk(*o.region(0), [&](const Op &x) {
    if (x.kind == OpKind::WriteVar && cx.in.act.active(x.var) &&
        !ownTemps.count(x.var))
      writesOther = true;
    if (x.kind == OpKind::Store && cx.in.act.active(x.arr) &&
        !ownTemps.count(x.arr))
      writesOther = true;
  });
  // Its own temporaries must not flow into the body or the step either
  // (the preparation moves such conditions into the body).
  for (unsigned r = 1; r <= 2; ++r)
    walk(*o.region(r), [&](const Op &x) {
      if (x.kind == OpKind::ReadVar && ownTemps.count(x.var) &&
          cx.in.act.active(x.var))
        writesOther = true;
    });
  if (writesOther) {
    cx.err.fail(o, Diag::ActiveLoopCondition);
    return;
  }
  // The checkpoint plan decides which loops are checkpointed; `all` tapes.
  auto planned = cx.in.plans.find(&o);
  if (reversible && planned != cx.in.plans.end())
    return forwardCheckpointed(o, w, items, planned->second);
  std::optional<checkpoint::Policy> policy;
  if (reversible)
    policy = checkpointPolicy(o, !inRegion(w), cx.in.opts.defaultPolicy);
  bool all = policy && policy->kind == checkpoint::Kind::All;
  Op *n = b.loop(o.loopKind);
  n->policy = o.policy;
  Item it{Item::Loop, {}, nullptr, {}, {}, nullptr, nullptr, o.loc};
  forwardInto(*o.region(0), n->region(0), Where::Condition);
  Var *counter = nullptr;
  if (reversible) {
    countedLoop(o, it);
    // A trip count the backward sweep can compute needs no counting.
    if (!it.bound) {
      counter = cx.out.F.newVar(cx.out.unique("trips"), Type::Int);
      b.decl(counter, b.constant(0, Type::Int));
      moveToEnd(n); // the counter is declared before the loop
      Block *saved = b.block();
      b.setBlock(n->region(1));
      b.writeVar(counter, b.binary(OpKind::Add, b.readVar(counter),
                                   b.constant(1, Type::Int)));
      b.setBlock(saved);
    }
  }
  forwardIteration(o, it, n->region(1), n->region(2), reversible, w,
                   reversible && !inRegion(w) && exitsAtTheTop(o));
  if (!reversible)
    return;
  exitCopies(it);
  if (!inRegion(w) && it.bound)
    reserveFor(n, it);
  if (counter) {
    if (inRegion(w))
      b.push(cx.rt.tape(Type::Int), b.readVar(counter));
    else
      it.count = b.readVar(counter);
  }
  if (all)
    tallyAll(o, it, counter);
  items.push_back(std::move(it));
}

void ForwardSweep::forwardIteration(const Op &o, Item &it, Block *body,
                                    Block *step, bool snapshots, Where w,
                                    bool nextEntry) {
  if (it.counter)
    cx.rc.enterCountedLoop(it.counter);
  BodyContext ctx;
  ctx.body = o.region(1);
  if (snapshots)
    planSnapshots(o, ctx, body, nextEntry);
  cx.rc.enterBody(ctx);
  it.a = forwardInto(*o.region(1), body, inner(w));
  cx.rc.leaveBody();
  saveSnapshots(ctx, it, body);
  it.b = forwardInto(*o.region(2), step, inner(w));
  if (it.counter)
    cx.rc.leaveCountedLoop();
}

} // namespace adgen::detail
