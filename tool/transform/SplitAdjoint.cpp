// Split mode for callee adjoints (see CalleeAdjoint.h): g's adjoint cut in
// two. `adgen_g_fwd_<mask>` runs g and tapes what its backward sweep needs,
// in the caller's forward sweep; `adgen_g_rev_<mask>` runs that backward
// sweep from the tape, in the caller's backward sweep. The caller passes its
// own tapes to both (their pushes nest last-in first-out with the caller's),
// so nothing runs twice.
//
// How: g's body goes into a region (`if (true) { ... }`) before its adjoint
// is built, so that the forward sweep tapes everything (at the top level
// the backward sweep would read the forward sweep's values); the adjoint's
// body is then cut after the forward sweep. Each declaration goes to the
// half that uses it; a tape both use becomes a parameter of both; any other
// value both would use makes the split fail (the call stays in joint mode).
#include "analysis/Activity.h"
#include "ir/Clone.h"
#include "transform/Adjoint.h"
#include "transform/CalleeAdjoint.h"
#include "transform/DeadCode.h"
#include "transform/Tangent.h"

#include <algorithm>
#include <map>
#include <set>

namespace adgen {
namespace {

/// Whether g can be split: no recursion, no checkpointed loop (its
/// snapshots live in one call), no kept calls (they run in joint mode
/// inside), a body ending in its return.
bool splittable(const Function &g) {
  if (g.external || callsItself(g) || g.body.ops.empty() ||
      g.body.ops.back()->kind != OpKind::Return)
    return false;
  bool ok = true;
  walk(g.body, [&](const Op &o) {
    ok = ok && o.kind != OpKind::Call && o.kind != OpKind::KeptCall &&
         !(o.kind == OpKind::Loop && o.policy) &&
         !(o.kind == OpKind::Return && &o != g.body.ops.back().get());
  });
  return ok;
}

/// g's body as `[T result;] if (true) { ...; [result = value;] } return
/// [result];`.
void intoRegion(Function &g) {
  std::unique_ptr<Op> ret = g.body.take(g.body.ops.back().get());
  Op *value = ret->operands.empty() ? nullptr : ret->operands[0];
  Block inner;
  g.body.moveTail(0, inner);
  Builder b(g);
  b.setBlock(&g.body);
  b.setLoc(ret->loc);
  Var *result = nullptr;
  if (value) {
    std::string name = "result";
    for (int k = 1; std::any_of(g.vars.begin(), g.vars.end(),
                                [&](const auto &v) { return v->name == name; });
         ++k)
      name = "result_" + std::to_string(k);
    result = g.newVar(name, g.retType);
    b.decl(result);
  }
  Op *region = b.ifOp(b.constant(1, Type::Bool));
  region->region(0)->splice(0, inner);
  if (value) {
    b.setBlock(region->region(0));
    b.writeVar(result, value);
    b.setBlock(&g.body);
  }
  b.create(OpKind::Return, Type::Void,
           value ? std::vector<Op *>{b.readVar(result)} : std::vector<Op *>{});
}

/// Calls f on o and on every op of its regions.
template <typename F> void walkOp(const Op &o, F &&f) {
  f(o);
  for (auto &r : o.regions)
    walk(*r, f);
}

/// The top-level op of F's body that o is in (o itself at the top).
const Op *topOf(const Op *o) {
  while (o->block && o->block->parent)
    o = o->block->parent;
  return o;
}

/// Replaces each top-level `if (true)` of f by its body.
void unwrapRegions(Function &f) {
  for (size_t t = 0; t < f.body.ops.size(); ++t) {
    Op *o = f.body.ops[t].get();
    if (o->kind != OpKind::If || o->operands[0]->kind != OpKind::Const ||
        o->operands[0]->num == 0)
      continue;
    Block body;
    o->region(0)->moveTail(0, body);
    f.body.erase(o);
    size_t n = body.ops.size();
    f.body.splice(t, body);
    t += n - (n ? 1 : 0);
  }
}

/// Where each top-level op of F goes: the forward half, the backward half,
/// both (a constant), or neither (a tape declaration: a parameter).
enum class Half { Forward, Backward, Both, Tape };

/// Whether a variable or array other than a parameter or a tape is used by
/// both halves (declared in a region of one, read by the other).
bool sharesStorage(const Function &F,
                   const std::map<const void *, std::set<size_t>> &usedAt,
                   const std::vector<Half> &half) {
  for (auto &[what, at] : usedAt) {
    bool fwd = false, back = false, tape = false, param = false;
    for (size_t u : at) {
      fwd = fwd || half[u] == Half::Forward;
      back = back || half[u] == Half::Backward;
      tape = tape || half[u] == Half::Tape;
    }
    for (const Param &p : F.params)
      param = param || p.var == what || p.arr == what;
    if (fwd && back && !param && !tape)
      return true;
  }
  return false;
}

/// The halves of F cut after `lastForward`; false when a value, variable or
/// array other than a tape and a constant would be in both.
bool cut(Function &F, const Op *lastForward, std::vector<Half> &half) {
  std::vector<std::unique_ptr<Op>> &ops = F.body.ops;
  size_t boundary = 0;
  while (boundary < ops.size() && ops[boundary].get() != lastForward)
    ++boundary;
  ++boundary;
  // The return (the primal value) ends the forward half.
  if (ops.back()->kind == OpKind::Return && boundary < ops.size()) {
    std::unique_ptr<Op> ret = F.body.take(ops.back().get());
    F.body.insert(boundary++, std::move(ret));
  }
  half.assign(ops.size(), Half::Backward);
  std::map<const void *, std::set<size_t>> usedAt; // storage -> top ops
  std::set<const Op *> valuesUsedBack;
  for (size_t t = 0; t < ops.size(); ++t)
    walkOp(*ops[t], [&](const Op &o) {
      if (o.var)
        usedAt[o.var].insert(t);
      if (o.arr)
        usedAt[o.arr].insert(t);
      for (const Array *a : o.arrays)
        usedAt[a].insert(t);
    });
  std::map<const Op *, size_t> position; // of each top-level op
  for (size_t t = 0; t < ops.size(); ++t)
    position[ops[t].get()] = t;
  for (size_t t = 0; t < boundary; ++t) {
    const Op &o = *ops[t];
    half[t] = Half::Forward;
    const void *declared = o.kind == OpKind::Decl        ? (const void *)o.var
                           : o.kind == OpKind::DeclArray ? (const void *)o.arr
                                                         : nullptr;
    if (!declared)
      continue;
    bool fwd = false, back = false;
    for (size_t u : usedAt[declared]) {
      fwd = fwd || (u < boundary && u != t);
      back = back || u >= boundary;
    }
    if (o.kind == OpKind::DeclArray && o.arr->isTape)
      half[t] = back ? Half::Tape : Half::Forward;
    else if (back && fwd)
      return false;
    else if (back)
      half[t] = Half::Backward;
  }
  // Values the backward half reads from the forward one: constants only.
  for (size_t t = 0; t < ops.size(); ++t)
    if (half[t] == Half::Backward)
      walkOp(*ops[t], [&](const Op &o) {
        valuesUsedBack.insert(o.operands.begin(), o.operands.end());
      });
  for (const Op *x : valuesUsedBack) {
    auto at = position.find(topOf(x));
    size_t t = at == position.end() ? ops.size() : at->second;
    if (t >= boundary)
      continue;
    if (x->kind != OpKind::Const || x != ops[t].get())
      return false;
    half[t] = Half::Both;
  }
  return !sharesStorage(F, usedAt, half);
}

/// The forward half of F: a copy with the other ops gone, g's parameters
/// and the tapes (in the order they are declared); null when it would name
/// an adjoint.
std::unique_ptr<Function> forwardHalf(const Function &F,
                                      const std::vector<Half> &half) {
  std::unique_ptr<Function> fwd = cloneFunction(F);
  fwd->adjoint = false;
  std::vector<Param> params, tapes;
  std::set<const void *> shadows; // which it may not name
  for (const Param &p : fwd->params)
    if (p.shadowOf == -1)
      params.push_back(p);
    else
      shadows.insert(p.var ? (const void *)p.var : (const void *)p.arr);
  for (size_t t = 0; t < half.size(); ++t)
    if (half[t] == Half::Tape)
      tapes.push_back(Param{nullptr, fwd->body.ops[t]->arr, ParamRole::Tape});
  for (size_t t = half.size(); t-- > 0;)
    if (half[t] == Half::Backward || half[t] == Half::Tape)
      fwd->body.erase(fwd->body.ops[t].get());
  params.insert(params.end(), tapes.begin(), tapes.end());
  fwd->params = params;
  bool clean = true;
  walk(fwd->body, [&](const Op &x) {
    clean = clean && !shadows.count(x.var) && !shadows.count(x.arr);
    for (const Array *a : x.arrays)
      clean = clean && !shadows.count(a);
  });
  return clean ? std::move(fwd) : nullptr;
}

} // namespace

SplitAdjoint DerivedModule::splitOf(const Function &g,
                                    const std::vector<bool> &mask) {
  std::string m = maskString(mask);
  auto fk = std::make_pair(&g, "fwd" + m), rk = std::make_pair(&g, "rev" + m);
  if (cache.count(rk))
    return {cache[fk], cache[rk]};
  auto no = std::make_pair(&g, "nosplit" + m);
  if (cache.count(no) || !splittable(g))
    return {};
  cache[no] = nullptr; // until it succeeds
  std::unique_ptr<Function> prepared = preparedCallee(g);
  if (!splittable(*prepared))
    return {};
  intoRegion(*prepared);
  AdjointOptions o;
  o.name = "adgen_" + instanceName(g) + "_rev_" + m;
  o.active = mask;
  o.module = this;
  AdjointPasses passes(*prepared, o);
  passes.activity();
  passes.toBeRecorded();
  passes.checkpointPlan();
  std::unique_ptr<Function> F = passes.storage();
  Diagnostic d{};
  if (!passes.forwardSweep(d) || F->body.ops.empty())
    return {}; // joint mode says why, if it fails too
  const Op *lastForward = F->body.ops.back().get();
  passes.backwardSweep();
  std::vector<Half> half;
  if (!cut(*F, lastForward, half))
    return {};
  std::unique_ptr<Function> fwd = forwardHalf(*F, half);
  if (!fwd)
    return {};
  fwd->name = "adgen_" + instanceName(g) + "_fwd_" + m;
  // The backward half: F itself, returning nothing.
  for (size_t t = 0; t < half.size(); ++t)
    if (half[t] == Half::Tape)
      F->params.push_back(Param{nullptr, F->body.ops[t]->arr, ParamRole::Tape});
  for (size_t t = half.size(); t-- > 0;)
    if (half[t] == Half::Forward || half[t] == Half::Tape)
      F->body.erase(F->body.ops[t].get());
  F->retType = Type::Void;
  for (Function *h : {fwd.get(), F.get()}) {
    unwrapRegions(*h);
    eliminateDeadCode(*h);
    h->isInternal = true;
  }
  F->splitForward = fwd.get();
  cache.erase(no);
  cache[fk] = fwd.get();
  cache[rk] = F.get();
  module.functions.push_back(std::move(fwd));
  module.functions.push_back(std::move(F));
  return {cache[fk], cache[rk]};
}

} // namespace adgen
