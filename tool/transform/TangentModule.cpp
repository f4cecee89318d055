// DerivedModule's tangents of callees and primal copies, and the entry
// points of the tangent pass (makeTangent, buildTangent): each builds a
// function with TangentBuilder and places it in the module after the
// callees it calls.
#include "transform/Tangent.h"

#include "transform/DeadCode.h"
#include "transform/FunctionBuild.h"
#include "transform/TangentBuilder.h"

namespace adgen {

static std::unique_ptr<Function>
newLike(const Function &f, const std::string &name, bool internal) {
  auto d = newFunctionLike(f, name);
  d->isInternal = internal;
  return d;
}

Function *DerivedModule::tangentOf(const Function &g,
                                   const std::vector<bool> &mask) {
  auto key = std::make_pair(&g, "jvp" + maskString(mask));
  auto it = cache.find(key);
  if (it != cache.end())
    return it->second;
  // Registered before its body is built: a recursive callee's own calls
  // find it here.
  auto d =
      newLike(g, "adgen_" + instanceName(g) + "_jvp_" + maskString(mask), true);
  Function *f = cache[key] = d.get();
  TangentBuilder(*this, g, *d, mask, true).build(mask);
  eliminateDeadCode(*d);
  module.functions.push_back(std::move(d)); // after the callees it calls
  return f;
}

Function *DerivedModule::primalCopyOf(const Function &g) {
  if (g.external) // the user's own function, declared in the output
    return const_cast<Function *>(&g);
  auto key = std::make_pair(&g, std::string("primal"));
  auto it = cache.find(key);
  if (it != cache.end())
    return it->second;
  auto d = newLike(g, "adgen_" + instanceName(g), true);
  Function *f = cache[key] = d.get(); // before its body: recursion
  std::vector<bool> none(g.params.size(), false);
  TangentBuilder tb(*this, g, *d, none, false);
  tb.build(none);
  // What the primal computes only for a value it drops (the result of
  // `(c ? a : b) = v` used as a statement) goes here as in its tangent.
  eliminateDeadCode(*d);
  module.functions.push_back(std::move(d));
  return f;
}

std::unique_ptr<Function> makeTangent(DerivedModule &out, const Function &f,
                                      const TangentOptions &opts) {
  auto d = newLike(f, opts.name, false);
  TangentBuilder(out, f, *d, opts.active, true, &opts).build(opts.active);
  return d;
}

Function *buildTangent(DerivedModule &out, const Function &f,
                       const TangentOptions &opts) {
  auto d = makeTangent(out, f, opts);
  eliminateDeadCode(*d);
  // Callees built meanwhile are already in the module, ahead of this one.
  out.module.functions.push_back(std::move(d));
  return out.module.functions.back().get();
}

} // namespace adgen
