// Callee adjoints: which calls reverse mode keeps, and the adjoint
// functions of their callees (see CalleeAdjoint.h).
#include "transform/CalleeAdjoint.h"

#include "analysis/Activity.h"
#include "analysis/Recording.h"
#include "analysis/Stats.h"
#include "ir/Clone.h"
#include "transform/Adjoint.h"
#include "transform/DeadCode.h"
#include "transform/Hoist.h"
#include "transform/LoopConditions.h"
#include "transform/Structure.h"
#include "transform/Tangent.h"

#include <algorithm>
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
    if (o.kind == OpKind::Call) {
      std::vector<bool> by = writtenArguments(o);
      for (size_t j = 0; j < o.arrays.size(); ++j)
        if (by[j])
          w.insert(o.arrays[j]);
    }
  });
  return w;
}

} // namespace

bool hasOwnAdjoint(const Function &g) {
  if (!isFloating(g.retType) && g.retType != Type::Void)
    return false;
  bool recursive = callsItself(g);
  for (unsigned i = 0; i < g.params.size(); ++i)
    if (recursive && g.params[i].arr && writesParamArray(g, i))
      return false;
  std::set<const Function *> bodies{&g};
  reachable(g, bodies);
  bool effects = false;
  for (const Function *h : bodies)
    walk(h->body,
         [&](const Op &o) { effects = effects || o.kind == OpKind::KeptCall; });
  return !effects;
}

std::optional<std::vector<CallCopy>> callCopies(const Function &f,
                                                const Op &call) {
  // The top-level statements writing each array (a declaration counts).
  std::map<const Array *, std::vector<size_t>> writes;
  size_t at = f.body.ops.size();
  for (size_t t = 0; t < f.body.ops.size(); ++t) {
    const Op &top = *f.body.ops[t];
    if (&top == &call)
      at = t;
    auto note = [&](const Op &x) {
      forEachArrayWritten(x, [&](const Array *a) { writes[a].push_back(t); });
    };
    note(top);
    for (auto &r : top.regions)
      walk(*r, note);
  }
  if (at == f.body.ops.size())
    return std::nullopt; // not at the top level
  std::vector<bool> written = writtenArguments(call);
  std::vector<CallCopy> out(call.arrays.size(), CallCopy::None);
  for (size_t j = 0; j < call.arrays.size(); ++j) {
    const Array *a = call.arrays[j];
    const std::vector<size_t> &w = writes[a];
    bool later = !w.empty() && w.back() > at;
    if (!written[j]) {
      out[j] = later ? CallCopy::Copy : CallCopy::None;
      continue;
    }
    if (std::count(call.arrays.begin(), call.arrays.end(), a) > 1)
      return std::nullopt; // aliased: its adjoint would see two arrays
    auto k = std::find(call.argOrder.begin(), call.argOrder.end(),
                       ~static_cast<int>(j)) -
             call.argOrder.begin();
    bool reads = readsParamArray(*call.callee, static_cast<unsigned>(k));
    // A fixed local whose one write before the call is its declaration
    // holds its initialiser, as a fresh one declared like it does.
    bool fresh = a->paramIndex < 0 && !a->global && !w.empty() && w[0] < at &&
                 (w.size() < 2 || w[1] >= at) &&
                 f.body.ops[w[0]]->kind == OpKind::DeclArray;
    if (!reads && !later)
      out[j] = CallCopy::None; // the re-run writes what it holds already
    else if (!reads || fresh)
      out[j] = CallCopy::Fresh; // what the re-run reads is not the caller's
    else
      out[j] = CallCopy::Copy;
  }
  return out;
}

/// Whether a kept call's backward call can see its arrays as the call did
/// (callCopies; a copy needs an extent: a fixed size, a heap local's count,
/// a size(p, EXPR) clause, or one the code shows). In a region, the callee
/// writes none of them and the caller none anywhere.
static bool argumentsKeep(const Function &f, const Op &call,
                          const std::set<const Array *> &written,
                          const std::set<std::string> &sized) {
  auto copies = callCopies(f, call);
  if (!copies) {
    std::vector<bool> w = writtenArguments(call);
    for (size_t j = 0; j < call.arrays.size(); ++j)
      if (w[j] || written.count(call.arrays[j]))
        return false;
    return true;
  }
  for (size_t j = 0; j < call.arrays.size(); ++j) {
    const Array *a = call.arrays[j];
    bool extent = !a->jagged && !a->structElements &&
                  (a->size > 0 || a->heap || sized.count(a->name) ||
                   inferExtent(f, a) > 0);
    if ((*copies)[j] != CallCopy::None && !extent)
      return false;
  }
  return true;
}

int inlineForAdjoint(Function &f, const std::set<std::string> &sized) {
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
  // A kept call whose arrays its backward call could not see as the call
  // did is inlined after all; its body may hold more calls to look at,
  // hence the rounds.
  for (;;) {
    // Asked before the round: inlining rebuilds f's blocks as it goes.
    std::set<const Array *> written = writtenArrays(f);
    std::set<const Op *> refused;
    walk(f.body, [&](const Op &o) {
      if (o.kind == OpKind::Call && o.callee &&
          !argumentsKeep(f, o, written, sized))
        refused.insert(&o);
    });
    KeepCall keeps = [&](const Op &call) {
      return !refused.count(&call) && rule(call);
    };
    int more = inlineCalls(f, keeps);
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

std::unique_ptr<Function> preparedCallee(const Function &g) {
  auto prepared = cloneFunction(g);
  inlineForAdjoint(*prepared);
  if (hasJumps(*prepared))
    structureJumps(*prepared);
  rotateLoopConditions(*prepared);
  hoistForCheckpoints(*prepared, std::nullopt);
  return prepared;
}

Function *DerivedModule::adjointOf(const Function &g,
                                   const std::vector<bool> &mask) {
  auto key = std::make_pair(&g, "grad" + maskString(mask));
  auto it = cache.find(key);
  if (it != cache.end())
    return it->second;
  std::unique_ptr<Function> prepared = preparedCallee(g);
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
      module.functions.erase(module.functions.begin() + static_cast<long>(i));
      dropped = true;
      break;
    }
  }
}

} // namespace adgen
