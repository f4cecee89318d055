#include "driver/BuildBatch.h"

#include "analysis/Stats.h"
#include "codegen/EmitBatch.h"
#include "driver/RenderDiagnostics.h"
#include "ir/Clone.h"

#include <cctype>
#include <set>

namespace adgen {

bool buildBatch(const Function &f, const DiffRequest &req, Function *grad,
                Function *jvp, const PassOptions &po, DerivedModule &dm,
                std::string &batchText, std::string &batchDecls) {
  BatchSpec spec;
  spec.perSample.assign(f.params.size(), false);
  for (const std::string &name : req.batch)
    for (size_t i = 0; i < f.params.size(); ++i)
      if (f.params[i].name() == name)
        spec.perSample[i] = true;
  auto fail = [&](Diag d, std::vector<std::string> args) {
    printDiagnostics({{d, f.sourceFile, f.loc, std::move(args)}});
    return false;
  };
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param &p = f.params[i];
    std::string e;
    if (p.arr) {
      auto sz = req.sizes.find(p.arr->name);
      int64_t inferred = inferExtent(f, p.arr);
      e = sz != req.sizes.end() ? sz->second
          : inferred > 0        ? std::to_string(inferred)
                                : "";
      if (e.empty())
        return fail(Diag::BatchExtentUnknown, {p.arr->name});
      // The extent of a per-sample array is the same for every sample.
      std::set<std::string> words;
      for (size_t k = 0; k < e.size();) {
        size_t j = k;
        while (j < e.size() && (std::isalnum(static_cast<unsigned char>(e[j])) ||
                                e[j] == '_'))
          ++j;
        if (j > k)
          words.insert(e.substr(k, j - k));
        k = j + 1;
      }
      for (const Param &q : f.params)
        for (const std::string &name : req.batch)
          if (q.var && q.var->name == name && words.count(name))
            return fail(Diag::BatchExtentPerSample, {p.arr->name, e, name});
    }
    spec.extent.push_back(e);
  }
  // The primal itself, self-contained (calls inlined), for f_batch.
  PassState s;
  s.primal = &f;
  if (!runPasses(batchPasses(), s, po))
    return false;
  std::unique_ptr<Function> primal = std::move(s.fn);
  primal->name = "adgen_" + f.name + "_primal";
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
      return fail(Diag::BatchSharedWritten, {a->name, f.name});
  }
  spec.primal = primal.get();
  dm.module.functions.push_back(std::move(primal));
  if (grad) {
    spec.grad = grad;
    spec.gradActive = activeParams(f, req.gradAll, req.gradWrt);
    auto strided = cloneFunction(*grad);
    strided->name = grad->name + "_strided";
    strided->isInternal = true;
    strided->extraParams = "[[maybe_unused]] long long adgen_stride, "
                           "[[maybe_unused]] adgen::Arena *adgen_arena";
    strided->arena = "adgen_arena";
    strided->doc = grad->name + " as one thread of " + f.name +
                   "_grad_batch runs it: adjoints of shared arrays strided by "
                   "adgen_stride (a column per sample), tapes in adgen_arena.";
    size_t np = f.params.size(), k = np;
    for (size_t i = 0; i < np; ++i)
      if (spec.gradActive[i]) {
        Array *a = strided->params[k++].arr;
        if (a && !spec.perSample[i] && !a->scalarOut)
          a->stride = "adgen_stride";
      }
    spec.tapeBytes = tapeBytesPerCall(*grad);
    spec.strided = strided.get();
    dm.module.functions.push_back(std::move(strided));
  }
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
