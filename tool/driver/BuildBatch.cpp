#include "driver/BuildBatch.h"

#include "analysis/Stats.h"
#include "codegen/EmitBatch.h"
#include "driver/RenderDiagnostics.h"
#include "ir/ExtentExpr.h"
#include "ir/Clone.h"

#include <set>

namespace adgen {

/// A batch thread's own parameters, before the defaulted ones: the stride of
/// the shared adjoints' columns and the arena its tapes take memory from.
static Var *addThreadParams(Function &fn) {
  Var *stride = fn.newVar("adgen_stride", Type::Long);
  Array *arena = fn.newArray("adgen_arena", Type::Void);
  arena->runtime = RuntimeClass::Arena;
  size_t at = 0;
  while (at < fn.params.size() &&
         !(fn.params[at].var && fn.params[at].var->defaultValue))
    ++at;
  fn.params.insert(fn.params.begin() + static_cast<long>(at),
                   {Param{stride, nullptr, ParamRole::Stride},
                    Param{nullptr, arena, ParamRole::Arena}});
  for (size_t i = 0; i < fn.params.size(); ++i)
    (fn.params[i].var ? fn.params[i].var->paramIndex
                      : fn.params[i].arr->paramIndex) = static_cast<int>(i);
  fn.arena = arena;
  return stride;
}

/// Reports diagnostic d at f's location; always false, for `return fail(...)`.
static bool batchFail(const Function &f, Diag d, std::vector<std::string> args) {
  printDiagnostics({{d, f.sourceFile, f.loc, std::move(args)}});
  return false;
}

/// Fills spec's name, per-sample flags and array extents from f and req;
/// false after a diagnostic.
static bool batchExtents(const Function &f, const DiffRequest &req,
                         BatchSpec &spec) {
  spec.name = f.name;
  spec.perSample.assign(f.params.size(), false);
  for (const std::string &name : req.batch)
    for (size_t i = 0; i < f.params.size(); ++i)
      if (f.params[i].name() == name)
        spec.perSample[i] = true;
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param &p = f.params[i];
    std::string e;
    if (p.arr && p.arr->jagged)
      return batchFail(f, Diag::BatchRows, {shown(p.arr)});
    if (p.arr) {
      auto sz = req.sizes.find(p.arr->name);
      int64_t inferred = inferExtent(f, p.arr);
      e = sz != req.sizes.end() ? printExtent(*sz->second)
          : inferred > 0        ? std::to_string(inferred)
                                : "";
      if (e.empty())
        return batchFail(f, Diag::BatchExtentUnknown, {shown(p.arr)});
      // The extent of a per-sample array is the same for every sample.
      std::set<std::string> words;
      if (sz != req.sizes.end())
        extentNames(*sz->second, words);
      for (const Param &q : f.params)
        for (const std::string &name : req.batch)
          if (q.var && q.var->name == name && words.count(name))
            return batchFail(f, Diag::BatchExtentPerSample,
                             {shown(p.arr), e, name});
    }
    spec.extent.push_back(e);
  }
  return true;
}

/// Adds f's self-contained primal (calls inlined) for f_batch to the module
/// and to spec; false after a diagnostic.
static bool batchPrimal(const Function &f, const PassOptions &po,
                        DerivedModule &dm, BatchSpec &spec) {
  PassState s;
  s.primal = &f;
  if (!runPasses(batchPasses(), s, po)) {
    if (!s.errors.empty())
      printDiagnostics(s.errors);
    return false;
  }
  std::unique_ptr<Function> primal = std::move(s.fn);
  primal->name = "adgen_" + instanceName(f) + "_primal";
  primal->isInternal = true;
  primal->doc = f.name + " itself, for " + f.name + "_batch.";
  // What it writes, called functions included, must be per sample.
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Array *a = primal->params[i].arr;
    bool written = false;
    walk(primal->body, [&](const Op &o) {
      written = written || (o.kind == OpKind::Store && o.arr == a);
    });
    if (a && written && !spec.perSample[i])
      return batchFail(f, Diag::BatchSharedWritten, {shown(a), f.name});
  }
  spec.primal = primal.get();
  dm.module.functions.push_back(std::move(primal));
  return true;
}

/// Adds grad's strided copy (one thread of f_grad_batch) to the module and
/// sets spec's grad, active parameters, tape bytes and strided variant.
static void batchStrided(const Function &f, const DiffRequest &req,
                         Function *grad, DerivedModule &dm, BatchSpec &spec) {
  spec.grad = grad;
  spec.gradActive = activeParams(f, req.gradAll, req.gradWrt);
  auto strided = cloneFunction(*grad);
  strided->name = grad->name + "_strided";
  strided->isInternal = true;
  strided->doc = grad->name + " as one thread of " + f.name +
                 "_grad_batch runs it: adjoints of shared arrays strided by "
                 "adgen_stride (a column per sample), tapes in adgen_arena.";
  // (Adjoint parameters by position, before the thread's own go in.)
  std::vector<Array *> shared;
  size_t np = f.params.size(), k = np;
  for (size_t i = 0; i < np; ++i)
    if (spec.gradActive[i]) {
      Array *a = strided->params[k++].arr;
      if (a && !spec.perSample[i] && !a->scalarOut)
        shared.push_back(a);
    }
  Var *stride = addThreadParams(*strided);
  for (Array *a : shared)
    a->stride = stride;
  spec.tapeBytes = tapeBytesPerCall(*grad);
  spec.strided = strided.get();
  dm.module.functions.push_back(std::move(strided));
}

bool buildBatch(const Function &f, const DiffRequest &req, Function *grad,
                Function *jvp, const PassOptions &po, DerivedModule &dm,
                std::string &batchText, std::string &batchDecls) {
  BatchSpec spec;
  if (!batchExtents(f, req, spec) || !batchPrimal(f, po, dm, spec))
    return false;
  if (grad)
    batchStrided(f, req, grad, dm, spec);
  if (jvp) {
    spec.jvp = jvp;
    spec.jvpActive = activeParams(f, req.jvpAll, req.jvpWrt);
  }
  BatchCode code = emitBatch(spec);
  batchText += code.definitions;
  batchDecls += code.declarations;
  return true;
}

} // namespace adgen
