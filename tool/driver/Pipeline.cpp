#include "driver/Pipeline.h"

#include "driver/BuildBatch.h"
#include "driver/Format.h"
#include "driver/Messages.h"
#include "driver/Output.h"

#include "analysis/Stats.h"
#include "codegen/EmitCpp.h"
#include "frontend/Frontend.h"
#include "ir/ExtentExpr.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "transform/Adjoint.h"
#include "transform/Tangent.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <optional>
#include <set>
#include <sstream>

namespace adgen {
namespace {

/// Internal invariant broken: say so plainly rather than emit wrong code.
bool verified(const Function &f, const char *stage) {
  auto errs = verify(f);
  for (auto &e : errs)
    std::fprintf(stderr, "adgen: internal error: invalid IR after %s in '%s': %s\n",
                 stage, f.name.c_str(), e.c_str());
  return errs.empty();
}

std::string paramList(const Function &f, const std::vector<bool> &mask) {
  std::string s;
  for (size_t i = 0; i < f.params.size(); ++i)
    if (mask[i])
      s += (s.empty() ? "" : ", ") + f.params[i].name();
  return s;
}

std::string countsLine(const OpCounts &c) {
  std::ostringstream s;
  s << "mul " << c.mul << ", add/sub " << c.add << ", div " << c.div
    << ", transcendental " << c.transcendental << ", loads " << c.loads
    << ", stores " << c.stores;
  if (!c.exact)
    s << " (loops with unknown trip counts counted once)";
  return s.str();
}

/// Forward mode costs one sweep per active input scalar: arrays count by
/// their extent (from size(...) or from the code).
std::string sweeps(const Function &f, const std::vector<bool> &mask,
                   const DiffRequest &req, int64_t &n) {
  n = 0;
  std::string what;
  for (size_t i = 0; i < f.params.size(); ++i) {
    if (!mask[i])
      continue;
    const Param &p = f.params[i];
    // An output array whose initial value is never read is no input.
    bool read = !p.arr;
    walk(f.body, [&](const Op &op) {
      read = read || (op.kind == OpKind::Load && op.arr == p.arr);
    });
    if (!read)
      continue;
    int64_t e = 1;
    if (p.arr) {
      e = inferExtent(f, p.arr);
      // size(p, N) with a constant N overrides what the code shows.
      auto sz = req.sizes.find(p.arr->name);
      std::optional<long long> given;
      if (sz != req.sizes.end())
        given = constantExtent(*sz->second);
      if (given && *given > 0)
        e = *given;
    }
    what += (what.empty() ? "" : ", ") + p.name() +
            (p.arr ? "[" + (e < 0 ? std::string("?") : std::to_string(e)) + "]"
                   : "");
    if (e < 0 || n < 0)
      n = -1;
    else
      n += e;
  }
  return what;
}

/// Reverse mode for one request: f_grad into the output module.
bool buildGrad(const Function &f, const DiffRequest &req, const Options &o,
               DerivedModule &dm, std::ostringstream &text) {
  std::vector<bool> mask = activeParams(f, req.gradAll, req.gradWrt);
  std::string error;
  std::vector<CheckpointReport> loops;
  auto g = buildAdjoint(
      f, {f.name + "_grad", mask, req.sizes, o.checkpoint, &loops}, error);
  if (!g) {
    printTransformError(error);
    return false;
  }
  g->doc = "Reverse mode (gradient) of " + f.name + " w.r.t. " +
           paramList(f, mask) + ": " +
           (f.retType == Type::Void ? std::string("has f's effects")
                                    : std::string("returns the value")) +
           " and adds the adjoints to the *_bar arguments" +
           (isFloating(f.retType) ? " (seeded by " + f.name + "_bar)." : ".");
  if (!verified(*g, "the adjoint transform"))
    return false;
  if (o.emit == "wengert" && o.show == "grad")
    text << printFunction(*g) << "\n";
  if (o.emit == "stats") {
    OpCounts c = countOps(*g);
    text << "function " << g->name << " (grad w.r.t. " << paramList(f, mask)
         << ")\n  " << countsLine(c) << "\n  adjoint products: "
         << c.tangentProducts << ", one sweep for the whole gradient\n";
    std::set<unsigned> checkpointed;
    for (const CheckpointReport &r : loops)
      if (r.policy.kind != checkpoint::Kind::All)
        checkpointed.insert(r.line);
    for (const LoopTape &t : tapeBytesPerIteration(*g))
      if (!checkpointed.count(t.line))
        text << "  loop at line " << t.line << ": tape " << t.bytesPerIteration
             << " bytes per iteration\n";
    for (const CheckpointReport &r : loops)
      text << checkpointLines(r);
  }
  dm.module.functions.push_back(std::move(g));
  return true;
}

} // namespace

int runPipeline(const Options &o) {
  FrontendOptions fo{o.input, o.clangArgs, o.buildDir};
  FrontendResult fr;
  if (!runFrontend(fo, fr))
    return 1;
  for (auto &f : fr.module.functions)
    if (!verified(*f, "lowering"))
      return 1;
  if (fr.requests.empty()) {
    std::fprintf(stderr, "adgen: warning: %s has no '#pragma adgen jvp' or "
                         "'grad' directive; nothing to differentiate\n",
                 o.input.c_str());
  }

  DerivedModule dm;
  std::ostringstream text; // wengert and stats output
  std::string batchText;   // batched kernels and launchers
  std::string batchDecls;  // ... their declarations, for --header
  for (const DiffRequest &req : fr.requests) {
    const Function &f = *req.fn;
    if (o.emit == "wengert" && o.show == "primal")
      text << printFunction(f) << "\n";
    OpCounts primal = countOps(f);
    if (o.emit == "stats")
      text << "function " << f.name << " (primal)\n  " << countsLine(primal)
           << "\n";
    if (req.grad && !buildGrad(f, req, o, dm, text))
      return 1;
    Function *grad = req.grad ? dm.module.functions.back().get() : nullptr;
    if (!req.jvp) {
      if (!req.batch.empty() &&
          !buildBatch(f, req, grad, nullptr, dm, batchText, batchDecls))
        return 1;
      continue;
    }
    std::vector<bool> mask = activeParams(f, req.jvpAll, req.jvpWrt);
    Function *t = buildTangent(dm, f, {f.name + "_jvp", mask});
    t->doc = "Forward mode (JVP) of " + f.name + " w.r.t. " +
             paramList(f, mask) + ": " +
             (f.retType == Type::Void
                  ? std::string("has f's effects, and writes the tangents "
                                "of the arrays it writes.")
                  : "returns the value and writes the directional "
                    "derivative along the given tangents" +
                        (isFloating(f.retType) ? " to *" + f.name + "_dot."
                                               : std::string(".")));
    if (!verified(*t, "the tangent transform"))
      return 1;
    if (!req.batch.empty() &&
        !buildBatch(f, req, grad, t, dm, batchText, batchDecls))
      return 1;
    if (o.emit == "wengert" && o.show == "jvp")
      text << printFunction(*t) << "\n";
    if (o.emit == "stats") {
      OpCounts c = countOps(*t);
      int64_t n;
      std::string inputs = sweeps(f, mask, req, n);
      text << "function " << t->name << " (jvp w.r.t. " << inputs << ")\n  "
           << countsLine(c) << "\n  tangent products per sweep: "
           << c.tangentProducts << "\n";
      if (n >= 0)
        text << "  full gradient by forward mode: " << n
             << (n == 1 ? " sweep x " : " sweeps x ")
             << c.tangentProducts << " = " << n * c.tangentProducts
             << " tangent products\n";
      else
        text << "  full gradient by forward mode: one sweep per input "
                "scalar (extent unknown; give size(p, n))\n";
    }
  }

  EmitOptions eo{o.cuda, o.input, ADGEN_VERSION};
  std::string out = o.emit == "code"
                        ? formatCode(emitFile(dm.module, eo) + batchText)
                        : text.str();
  std::vector<std::pair<std::string, std::string>> files{{o.output, out}};
  if (!o.header.empty())
    files.push_back(
        {o.header, formatCode(emitHeader(dm.module, eo) + batchDecls)});
  return writeOutputs(files) ? 0 : 1;
}

} // namespace adgen
