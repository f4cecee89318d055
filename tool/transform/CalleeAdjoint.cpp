// Callee adjoints: which calls reverse mode keeps, and the adjoint
// functions of their callees (see CalleeAdjoint.h).
#include "transform/CalleeAdjoint.h"

#include "analysis/Activity.h"
#include "ir/Clone.h"
#include "transform/Adjoint.h"
#include "transform/DeadCode.h"
#include "transform/Hoist.h"
#include "transform/LoopConditions.h"
#include "transform/Structure.h"
#include "transform/Tangent.h"

#include <map>
#include <set>

namespace adgen {
namespace {

/// Every function f calls, itself included when recursive, each once.
void reachable(const Function &f, std::set<const Function *> &seen) {
  walk(f.body, [&](const Op &o) {
    if (o.kind == OpKind::Call && o.callee && seen.insert(o.callee).second)
      reachable(*o.callee, seen);
  });
}

/// Call sites of each function in f and what f reaches (each body once).
std::map<const Function *, int> callSites(const Function &f) {
  std::set<const Function *> bodies{&f};
  reachable(f, bodies);
  std::map<const Function *, int> sites;
  for (const Function *g : bodies)
    walk(g->body, [&](const Op &o) {
      if (o.kind == OpKind::Call && o.callee)
        ++sites[o.callee];
    });
  return sites;
}

bool hasLoop(const Function &g) {
  std::set<const Function *> bodies{&g};
  reachable(g, bodies);
  bool loop = false;
  for (const Function *h : bodies)
    walk(h->body, [&](const Op &o) { loop = loop || o.kind == OpKind::Loop; });
  return loop;
}

/// Arrays f writes after their declaration, or declares inside a region
/// (declared again on each pass).
std::set<const Array *> writtenArrays(const Function &f) {
  std::set<const Array *> w;
  walk(f.body, [&](const Op &o) {
    if (o.kind == OpKind::Store)
      w.insert(o.arr);
    if (o.kind == OpKind::DeclArray && o.block != &f.body)
      w.insert(o.arr);
  });
  return w;
}

} // namespace

bool hasOwnAdjoint(const Function &g) {
  if (!isFloating(g.retType))
    return false;
  for (unsigned i = 0; i < g.params.size(); ++i)
    if (g.params[i].arr && writesParamArray(g, i))
      return false;
  std::set<const Function *> bodies{&g};
  reachable(g, bodies);
  bool effects = false;
  for (const Function *h : bodies)
    walk(h->body,
         [&](const Op &o) { effects = effects || o.kind == OpKind::KeptCall; });
  return !effects;
}

int inlineForAdjoint(Function &f) {
  std::map<const Function *, int> sites = callSites(f);
  std::map<const Function *, bool> own;
  KeepCall rule = [&](const Op &call) {
    const Function *g = call.callee;
    auto it = own.find(g);
    if (it == own.end())
      it = own.emplace(g, hasOwnAdjoint(*g) && sites[g] > 1 && hasLoop(*g))
               .first;
    return it->second;
  };
  int n = inlineCalls(f, rule);
  // A kept call whose arrays the caller writes is inlined after all (its
  // callee re-run in the backward sweep would read the later values); its
  // body may hold more calls to look at, hence the rounds.
  for (;;) {
    std::set<const Array *> written = writtenArrays(f);
    KeepCall unwritten = [&](const Op &call) {
      for (const Array *a : call.arrays)
        if (written.count(a))
          return false;
      return rule(call);
    };
    int more = inlineCalls(f, unwritten);
    if (more == 0)
      return n;
    n += more;
  }
}

std::optional<std::vector<bool>>
customMask(const Op &call, bool grad,
           const std::function<bool(const Array *)> &active,
           CustomRefusal &why) {
  const Function &g = *call.callee;
  const char *mode = grad ? "reverse mode" : "forward mode";
  if (!(grad ? g.customGrad : g.customJvp)) {
    why = {Diag::CustomMissing,
           {g.name, grad ? "grad" : "jvp", grad ? "reverse" : "forward"}};
    return std::nullopt;
  }
  if (grad && !isFloating(g.retType)) {
    why = {Diag::CustomUnsupported,
           {g.name, "reverse mode, which seeds it through its result",
            "return the value it computes"}};
    return std::nullopt;
  }
  std::vector<bool> mask(g.params.size(), false);
  for (size_t k = 0; k < g.params.size(); ++k) {
    const Param &p = g.params[k];
    const Array *arg = p.arr ? call.arrays[~call.argOrder[k]] : nullptr;
    mask[k] = isFloating(p.var ? p.var->type : p.arr->elemType);
    if (!arg || !mask[k])
      continue;
    if (grad && !p.arr->isConst) {
      why = {Diag::CustomUnsupported,
             {g.name,
              std::string(mode) + ", writing through its '" + p.arr->name + "'",
              "reverse mode calls the grad with what the function read: "
              "return the value it computes instead"}};
      return std::nullopt;
    }
    if (!active(arg)) {
      why = {Diag::CustomUnsupported,
             {g.name,
              std::string(mode) + ", with the passive array '" + shown(arg) +
                  "' as its '" + p.arr->name + "'",
              "its derivative takes a tangent or adjoint for every "
              "floating-point array: differentiate with respect to that "
              "array too"}};
      return std::nullopt;
    }
  }
  return mask;
}

Function *DerivedModule::adjointOf(const Function &g,
                                   const std::vector<bool> &mask) {
  auto key = std::make_pair(&g, "grad" + maskString(mask));
  auto it = cache.find(key);
  if (it != cache.end())
    return it->second;
  // g prepared as the driver prepares f (driver/Passes.cpp's grad list).
  auto prepared = cloneFunction(g);
  inlineForAdjoint(*prepared);
  if (hasJumps(*prepared))
    structureJumps(*prepared);
  rotateLoopConditions(*prepared);
  hoistForCheckpoints(*prepared, std::nullopt);
  AdjointOptions o;
  o.name = "adgen_" + instanceName(g) + "_grad_" + maskString(mask);
  o.active = mask;
  o.module = this;
  AdjointPasses passes(*prepared, o);
  passes.activity();
  passes.toBeRecorded();
  passes.checkpointPlan();
  std::unique_ptr<Function> F = passes.storage();
  F->isInternal = true;
  // Registered before the sweeps: a recursive call in g finds it here.
  Function *f = cache[key] = F.get();
  Diagnostic d{};
  if (!passes.forwardSweep(d)) {
    cache.erase(key);
    if (!error)
      error = d;
    return nullptr;
  }
  passes.backwardSweep();
  eliminateDeadCode(*F);
  module.functions.push_back(std::move(F)); // after the callees it calls
  return f;
}

void DerivedModule::dropUncalledSince(size_t from) {
  for (bool dropped = true; dropped;) {
    dropped = false;
    std::set<const Function *> called;
    for (auto &fn : module.functions)
      walk(fn->body, [&](const Op &o) {
        if (o.kind == OpKind::Call)
          called.insert(o.callee);
      });
    for (size_t i = from; i < module.functions.size(); ++i) {
      Function *g = module.functions[i].get();
      if (!g->isInternal || called.count(g))
        continue;
      for (auto it = cache.begin(); it != cache.end();)
        it = it->second == g ? cache.erase(it) : std::next(it);
      module.functions.erase(module.functions.begin() +
                             static_cast<long>(i));
      dropped = true;
      break;
    }
  }
}

} // namespace adgen
