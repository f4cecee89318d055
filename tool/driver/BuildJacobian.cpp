#include "driver/BuildJacobian.h"

#include "analysis/Activity.h"
#include "analysis/Stats.h"
#include "codegen/EmitJacobian.h"
#include "driver/DocComments.h"
#include "driver/PassRunner.h"
#include "driver/RenderDiagnostics.h"
#include "ir/ExtentExpr.h"

#include <optional>

namespace adgen {
namespace {

bool fail(const Function &f, const DiffRequest &req,
          std::vector<std::string> why) {
  printDiagnostics({Diagnostic{Diag::JacobianUnsupported, f.sourceFile,
                               req.jacobianLoc.line ? req.jacobianLoc : f.loc,
                               std::move(why)}});
  return false;
}

/// p's extent as C++ text ("1" for a scalar, empty when unknown).
std::string extentText(const Function &f, const DiffRequest &req,
                       const Param &p) {
  if (!p.arr)
    return "1";
  auto sz = req.sizes.find(p.arr->name);
  if (sz != req.sizes.end())
    return printExtent(*sz->second);
  int64_t n = inferExtent(f, p.arr);
  return n > 0 ? std::to_string(n) : std::string();
}

/// Whether f reads array a's values (itself, or by passing it on).
bool readsArray(const Function &f, const Array *a) {
  bool r = false;
  walk(f.body, [&](const Op &o) {
    r = r || arrayRead(o) == a;
    if (o.kind == OpKind::Call)
      for (const Array *b : o.arrays)
        r = r || b == a;
  });
  return r;
}

std::optional<long long> constantTotal(const std::vector<JacobianBlock> &bs) {
  std::string error;
  auto e = parseExtent(blockTotal(bs), error);
  return e ? constantExtent(*e) : std::nullopt;
}

/// Fills spec's blocks, activity and restored arrays; false after a
/// diagnostic.
bool layout(const Function &f, const DiffRequest &req, JacobianSpec &spec) {
  if (!f.signature.empty())
    return fail(f, req,
                {f.name, "it has struct, reference or container parameters",
                 "write a function of scalars and pointers and call it from "
                 "this one"});
  if (f.retType != Type::Void && !isFloating(f.retType))
    return fail(f, req,
                {f.name, "it returns a value that is not floating-point",
                 "return a floating-point value, or nothing"});
  spec.active = activeParams(f, req.jacobianAll, req.jacobianWrt);
  bool allFloat = f.retType != Type::Double;
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param &p = f.params[i];
    int k = static_cast<int>(i);
    bool written = p.arr && !p.arr->isConst && writesParamArray(f, i);
    bool restored = written && readsArray(f, p.arr); // a sweep rewrites it
    if (!spec.active[i] && !restored)
      continue;
    std::string e = extentText(f, req, p);
    if (e.empty())
      return fail(f, req,
                  {f.name, "the extent of '" + shown(p.arr) + "' is unknown",
                   "give it: size(" + p.name() + ", n)"});
    if (restored)
      spec.restored.push_back(k);
    if (!spec.active[i])
      continue;
    (written ? spec.rows : spec.columns).push_back({k, e});
    allFloat =
        allFloat && (p.var ? p.var->type : p.arr->elemType) == Type::Float;
  }
  if (isFloating(f.retType))
    spec.rows.push_back({-1, "1"});
  if (spec.rows.empty())
    return fail(f, req,
                {f.name, "it has no floating-point output",
                 "return the value, or write it to a 'double *' parameter"});
  if (spec.columns.empty())
    return fail(
        f, req,
        {f.name, "it has no active input", "name the inputs: jacobian(x)"});
  spec.elem = allFloat ? "float" : "double";
  return true;
}

/// Runs `passes` into an internal function of dm; null after a diagnostic
/// (printed unless `quiet`, left in s.errors).
Function *internal(PassState &s, const PassList &passes, const Options &o,
                   DerivedModule &dm, const std::string &doc,
                   bool quiet = false) {
  if (!runPasses(passes, s, o.passes)) {
    if (!s.errors.empty() && !quiet)
      printDiagnostics(s.errors);
    return nullptr;
  }
  s.fn->isInternal = true;
  s.fn->doc = doc;
  dm.module.functions.push_back(std::move(s.fn));
  return dm.module.functions.back().get();
}

std::string blockNames(const Function &f,
                       const std::vector<JacobianBlock> &bs) {
  std::string text;
  for (const JacobianBlock &b : bs)
    text += (text.empty() ? "" : ", ") +
            (b.param < 0 ? std::string("the result")
                         : f.params[static_cast<size_t>(b.param)].name() +
                               (b.extent == "1" ? "" : ": " + b.extent));
  return text;
}

} // namespace

bool buildJacobian(const Function &f, const DiffRequest &req, const Options &o,
                   DerivedModule &dm, std::string &text, std::string &decls,
                   std::string *stats) {
  JacobianSpec spec;
  spec.primal = &f;
  if (!layout(f, req, spec))
    return false;
  std::optional<long long> cols = constantTotal(spec.columns),
                           rows = constantTotal(spec.rows);
  bool known = cols && rows;
  bool forward = !known || *cols <= *rows, reverse = !known || *cols > *rows;
  std::string base = "adgen_" + instanceName(f) + "_jacobian";
  // Why vector forward mode cannot take f (a recursive callee, a custom
  // derivative, ...): then reverse mode does it alone.
  std::string refused;
  if (forward) {
    PassState s;
    s.primal = &f;
    s.dm = &dm;
    spec.dynamicWidth = !cols || *cols > 1024;
    s.tangent = {base + "_jvp", spec.active, spec.dynamicWidth ? -1 : *cols,
                 req.sizes};
    size_t before = dm.module.functions.size();
    spec.jvp = internal(s, vectorJvpPasses(), o, dm,
                        f.name + "'s vector JVP, for " + f.name +
                            "_jacobian: a direction per column.",
                        true);
    if (!spec.jvp) {
      if (s.errors.empty())
        return false; // reported already
      refused = fillArgs(diagMessage(s.errors[0].id), s.errors[0].args);
      dm.dropUncalledSince(before);
      forward = false;
      reverse = true;
    }
  }
  if (reverse) {
    std::vector<CheckpointReport> loops;
    PassState s;
    s.primal = &f;
    s.adjoint = {base + "_grad", spec.active, req.sizes, o.checkpoint,
                 &loops,         &dm,         false};
    spec.grad = internal(s, gradPasses(), o, dm,
                         f.name + "'s adjoint, for " + f.name +
                             "_jacobian: a sweep per row.");
    if (!spec.grad)
      return false;
  }
  JacobianCode code = emitJacobian(spec);
  text += code.definition;
  decls += code.declaration;
  if (stats) {
    std::string c = blockTotal(spec.columns), r = blockTotal(spec.rows);
    std::vector<bool> inputs(f.params.size(), false);
    for (const JacobianBlock &b : spec.columns)
      inputs[static_cast<size_t>(b.param)] = true;
    *stats += "function " + f.name + "_jacobian (jacobian w.r.t. " +
              paramList(f, inputs) + ")\n  columns " + c + " (" +
              blockNames(f, spec.columns) + "), rows " + r + " (" +
              blockNames(f, spec.rows) + ")\n  ";
    if (!refused.empty())
      *stats += "reverse mode: " + r + " adjoint sweeps (vector forward mode " +
                "cannot take it: " + refused + ")\n";
    else if (!known)
      *stats += "extents known at run time only: vector forward mode (one "
                "sweep of " +
                c +
                " directions) when columns <= rows, else "
                "reverse mode (" +
                r + " sweeps); both built\n";
    else if (forward)
      *stats += "vector forward mode: one sweep of " + c + " directions (" + c +
                " columns <= " + r + " rows; reverse mode would take " + r +
                " sweeps)\n";
    else
      *stats += "reverse mode: " + r + " adjoint sweeps (" + r + " rows < " +
                c + " columns; forward mode would take " + c + " directions)\n";
  }
  return true;
}

} // namespace adgen
