#include "driver/BuildHvp.h"

#include "driver/DocComments.h"
#include "driver/PassRunner.h"
#include "driver/RenderDiagnostics.h"
#include "transform/DeadCode.h"
#include "transform/Hvp.h"
#include "transform/ValueNumbering.h"

namespace adgen {
namespace {

/// Why f cannot have an f_hvp (empty when it can).
std::vector<std::string> refusal(const Function &f,
                                 const std::vector<bool> &mask) {
  if (!isFloating(f.retType))
    return {f.name, "it returns no floating-point value",
            "an HVP is of a scalar function: return the value"};
  if (!f.signature.empty())
    return {f.name, "it has struct, reference or container parameters",
            "write a function of scalars and pointers and call it from this "
            "one"};
  for (size_t i = 0; i < f.params.size(); ++i)
    if (mask[i] && f.params[i].arr && !f.params[i].arr->isConst)
      return {f.name,
              "it writes through its pointer parameter '" + f.params[i].name() +
                  "'",
              "the Hessian is of the returned value: make '" +
                  f.params[i].name() + "' a local array, or 'const'"};
  return {};
}

} // namespace

Function *buildHvp(const Function &f, const DiffRequest &req, const Options &o,
                   DerivedModule &dm, std::vector<CheckpointReport> &loops,
                   std::vector<std::unique_ptr<Function>> &keep) {
  std::vector<bool> mask = activeParams(f, req.hvpAll, req.hvpWrt);
  auto why = refusal(f, mask);
  if (!why.empty()) {
    printDiagnostics({Diagnostic{Diag::HvpUnsupported, f.sourceFile,
                                 req.hvpLoc.line ? req.hvpLoc : f.loc, why}});
    return nullptr;
  }
  size_t from = dm.module.functions.size();
  // T: f's tangent, named as f so that its adjoint's seeds read f_bar and
  // f_dot_bar.
  TangentOptions to{f.name, mask, 0, {}};
  std::unique_ptr<Function> t = makeTangent(dm, f, to);
  if (dm.error) {
    printDiagnostics({*dm.error});
    dm.error.reset();
    return nullptr;
  }
  eliminateDeadCode(*t);
  // The tangent repeats the primal's partials: once each, the adjoint
  // tapes them once.
  if (numberValues(*t))
    eliminateDeadCode(*t);
  HvpLayout l = hvpLayout(f, *t, mask);
  PassState s;
  s.primal = t.get();
  s.adjoint = {f.name + "_hvp",
               hvpAdjointMask(*t, l),
               req.sizes,
               o.checkpoint,
               &loops,
               &dm,
               false};
  for (size_t j = 0; j < l.active.size(); ++j) { // x_dot has x's extent
    auto sz = req.sizes.find(f.params[static_cast<size_t>(l.active[j])].name());
    if (sz != req.sizes.end())
      s.adjoint.sizes[t->params[static_cast<size_t>(l.tangent[j])].name()] =
          sz->second;
  }
  keep.push_back(std::move(t));
  if (!runPasses(gradPasses(), s, o.passes)) {
    if (!s.errors.empty())
      printDiagnostics(s.errors);
    return nullptr;
  }
  // The adjoint's partials of T's partials repeat too.
  if (numberValues(*s.fn))
    eliminateDeadCode(*s.fn);
  makeHvpSignature(*s.fn, f, l);
  s.fn->doc = "Hessian-vector product of " + f.name + " w.r.t. " +
              paramList(f, mask) +
              ": returns the value, adds f_bar times the gradient to the "
              "*_bar arguments and f_bar times H times the *_dot tangents to "
              "the *_bar_dot ones.";
  dm.module.functions.push_back(std::move(s.fn));
  Function *hvp = dm.module.functions.back().get();
  dm.dropUncalledSince(from);
  return hvp;
}

} // namespace adgen
