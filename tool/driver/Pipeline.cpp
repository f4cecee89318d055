#include "driver/Pipeline.h"

#include "driver/BuildBatch.h"
#include "driver/BuildHvp.h"
#include "driver/BuildJacobian.h"
#include "driver/DocComments.h"
#include "driver/Format.h"
#include "driver/Output.h"
#include "driver/PassRunner.h"
#include "driver/RenderDiagnostics.h"
#include "driver/StatsReport.h"

#include "codegen/EmitCpp.h"
#include "ir/Printer.h"

#include <sstream>

namespace adgen {
namespace {

/// What the requests build, into one output.
struct Outputs {
  DerivedModule dm;
  std::ostringstream text; // wengert and stats output
  std::string batchText;   // batched kernels and launchers, Jacobians
  std::string batchDecls;  // ... their declarations, for --header
  std::vector<std::unique_ptr<Function>> kept; // what f_hvp is built from
};

/// Reverse mode for one request: f_grad into the output module.
Function *grad(const Function &f, const DiffRequest &req, const Options &o,
               Outputs &out) {
  std::vector<CheckpointReport> loops;
  PassState s;
  s.primal = &f;
  s.adjoint = {f.name + "_grad",
               activeParams(f, req.gradAll, req.gradWrt),
               req.sizes,
               o.checkpoint,
               &loops,
               &out.dm,
               !req.batch.empty()};
  if (!runPasses(gradPasses(), s, o.passes)) {
    if (!s.errors.empty())
      printDiagnostics(s.errors);
    return nullptr;
  }
  s.fn->doc = gradDoc(f, s.adjoint.active);
  if (o.emit == "wengert" && o.show == "grad")
    out.text << printFunction(*s.fn) << "\n";
  if (o.emit == "stats")
    out.text << gradStats(f, *s.fn, s.adjoint.active, loops);
  out.dm.module.functions.push_back(std::move(s.fn));
  return out.dm.module.functions.back().get();
}

/// Forward mode for one request: f_jvp (after the callee tangents it
/// calls) into the output module.
Function *jvp(const Function &f, const DiffRequest &req, const Options &o,
              Outputs &out) {
  PassState s;
  s.primal = &f;
  s.dm = &out.dm;
  s.tangent = {f.name + "_jvp", activeParams(f, req.jvpAll, req.jvpWrt),
               req.width, req.sizes};
  if (!runPasses(req.width ? vectorJvpPasses() : jvpPasses(), s, o.passes)) {
    if (!s.errors.empty())
      printDiagnostics(s.errors);
    return nullptr;
  }
  s.fn->doc = jvpDoc(f, s.tangent.active);
  if (req.width)
    s.fn->doc += " " +
                 (req.width > 0 ? std::to_string(req.width) + " directions"
                                : std::string("adgen_width directions")) +
                 " per call: direction k's tangent of an array p of n "
                 "elements is p_dot[k * n + i], of a scalar x_dot[k].";
  if (o.emit == "wengert" && o.show == "jvp")
    out.text << printFunction(*s.fn) << "\n";
  if (o.emit == "stats")
    out.text << jvpStats(f, *s.fn, s.tangent.active, req);
  out.dm.module.functions.push_back(std::move(s.fn));
  return out.dm.module.functions.back().get();
}

/// f_hvp into the output module.
Function *hvp(const Function &f, const DiffRequest &req, const Options &o,
              Outputs &out) {
  std::vector<CheckpointReport> loops;
  Function *h = buildHvp(f, req, o, out.dm, loops, out.kept);
  if (h && o.emit == "wengert" && o.show == "hvp")
    out.text << printFunction(*h) << "\n";
  if (h && o.emit == "stats")
    out.text << gradStats(f, *h, activeParams(f, req.hvpAll, req.hvpWrt),
                          loops);
  return h;
}

} // namespace

int runPipeline(const Options &o) {
  FrontendOptions fo{o.input, o.clangArgs, o.buildDir};
  FrontendResult fr;
  PassState lowering;
  lowering.input = &fo;
  lowering.lowered = &fr;
  if (!runPasses(loweringPasses(), lowering, o.passes))
    return 1;
  if (fr.requests.empty())
    warnNothingToDifferentiate(o.input);

  Outputs out;
  out.dm.jointOnly = o.jointCallees;
  for (const DiffRequest &req : fr.requests) {
    const Function &f = *req.fn;
    if (o.emit == "wengert" && o.show == "primal")
      out.text << printFunction(f) << "\n";
    if (o.emit == "stats")
      out.text << primalStats(f);
    Function *g = nullptr, *t = nullptr;
    if (req.grad && !(g = grad(f, req, o, out)))
      return 1;
    if (req.jvp && !(t = jvp(f, req, o, out)))
      return 1;
    if (req.hvp && !hvp(f, req, o, out))
      return 1;
    std::string jstats;
    if (req.jacobian &&
        !buildJacobian(f, req, o, out.dm, out.batchText, out.batchDecls,
                       o.emit == "stats" ? &jstats : nullptr))
      return 1;
    out.text << jstats;
    if (!req.batch.empty() && !buildBatch(f, req, g, t, o.passes, out.dm,
                                          out.batchText, out.batchDecls))
      return 1;
  }

  EmitOptions eo{o.cuda, o.input, ADGEN_VERSION, fr.userTypes};
  std::string code =
      o.emit == "code" ? formatCode(emitFile(out.dm.module, eo) + out.batchText)
                       : out.text.str();
  std::vector<std::pair<std::string, std::string>> files{{o.output, code}};
  if (!o.header.empty())
    files.push_back(
        {o.header, formatCode(emitHeader(out.dm.module, eo) + out.batchDecls)});
  return writeOutputs(files) ? 0 : 1;
}

} // namespace adgen
