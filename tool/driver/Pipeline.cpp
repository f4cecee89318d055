#include "driver/Pipeline.h"

#include "adgen/schedule.h"
#include "analysis/Stats.h"
#include "codegen/EmitBatch.h"
#include "codegen/EmitCpp.h"
#include "ir/Clone.h"
#include "transform/Inline.h"
#include "frontend/Frontend.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "transform/Adjoint.h"
#include "transform/Tangent.h"

#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cstdio>
#include <fstream>
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

std::string clangFormat(const std::string &code) {
  clang::format::FormatStyle style = clang::format::getLLVMStyle();
  std::vector<clang::tooling::Range> ranges{
      {0, static_cast<unsigned>(code.size())}};
  auto repl = clang::format::reformat(style, code, ranges, "generated.cpp");
  auto res = clang::tooling::applyAllReplacements(code, repl);
  return res ? *res : code;
}

/// Writes every output to a temporary file beside it, then renames them
/// all: a failed run leaves each output exactly as it was.
bool writeAtomically(const std::vector<std::pair<std::string, std::string>> &files) {
  std::vector<std::string> tmps;
  auto cleanup = [&] {
    for (auto &t : tmps)
      std::remove(t.c_str());
  };
  for (auto &[path, text] : files) {
    if (path == "-")
      continue;
    std::string tmp = path + ".adgen-tmp";
    std::ofstream out(tmp, std::ios::binary);
    out << text;
    out.close();
    if (!out) {
      std::fprintf(stderr, "adgen: error: cannot write '%s'\n", path.c_str());
      std::remove(tmp.c_str());
      cleanup();
      return false;
    }
    tmps.push_back(tmp);
  }
  size_t k = 0;
  for (auto &[path, text] : files) {
    if (path == "-") {
      std::fwrite(text.data(), 1, text.size(), stdout);
      continue;
    }
    if (std::rename(tmps[k++].c_str(), path.c_str()) != 0) {
      std::fprintf(stderr, "adgen: error: cannot write '%s'\n", path.c_str());
      cleanup();
      return false;
    }
  }
  return true;
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
      // size(p, N) with a number overrides what the code shows.
      auto sz = req.sizes.find(p.arr->name);
      long long given = sz == req.sizes.end() ? 0 : std::atoll(sz->second.c_str());
      if (given > 0)
        e = given;
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

/// An error of a transform ("file:line:col: error: ...", then notes) shown
/// as clang shows its own: each with its source line and a caret, then the
/// count.
void printTransformError(const std::string &error) {
  std::istringstream lines(error);
  std::string text;
  while (std::getline(lines, text)) {
    std::fprintf(stderr, "%s\n", text.c_str());
    // path:line:col: ...
    size_t c2 = text.find(": ");
    size_t c1 = c2 == std::string::npos ? c2 : text.rfind(':', c2 - 1);
    size_t c0 = c1 == std::string::npos || c1 == 0 ? std::string::npos
                                                    : text.rfind(':', c1 - 1);
    if (c0 == std::string::npos)
      continue;
    unsigned line = static_cast<unsigned>(std::atoi(text.c_str() + c0 + 1));
    unsigned col = static_cast<unsigned>(std::atoi(text.c_str() + c1 + 1));
    std::ifstream in(text.substr(0, c0));
    std::string src;
    for (unsigned k = 0; k < line && std::getline(in, src); ++k)
      ;
    if (!in || line == 0 || col == 0)
      continue;
    std::string caret;
    for (unsigned k = 0; k + 1 < col && k < src.size(); ++k)
      caret += src[k] == '\t' ? '\t' : ' ';
    std::fprintf(stderr, "%5u | %s\n      | %s^\n", line, src.c_str(),
                 caret.c_str());
  }
  std::fprintf(stderr, "1 error generated.\n");
}

/// --emit=stats for a checkpointed loop: what a snapshot holds, the tape of
/// a re-run iteration, and the peak its policy predicts.
std::string checkpointLines(const CheckpointReport &r) {
  namespace ck = adgen::checkpoint;
  std::ostringstream s;
  std::string state;
  for (auto &x : r.state)
    state += (state.empty() ? "" : ", ") + x;
  s << "  loop at line " << r.line << ": checkpoint(" << r.policy
    << "), snapshot of " << (state.empty() ? "nothing" : state) << ": ";
  if (r.stateBytes >= 0)
    s << r.stateBytes << " bytes per state";
  else
    s << "size known at run time";
  if (r.tapeBytes >= 0 && r.policy != "all")
    s << "; tape " << r.tapeBytes << " bytes per re-run iteration";
  s << "\n";
  std::istringstream in(r.policy);
  std::string word;
  long long arg = 0;
  in >> word >> arg;
  ck::Policy p = word == "every"       ? ck::Policy::every(arg)
                 : word == "auto"      ? ck::Policy::automatic()
                 : word == "binomial"  ? ck::Policy::binomial(arg)
                 : word == "recompute" ? ck::Policy::recompute()
                 : word == "budget"    ? ck::Policy::budget(arg)
                                       : ck::Policy::all();
  if (r.trips < 0) {
    s << "    peak for n iterations (n known at run time): ";
    if (word == "every")
      s << "ceil(n/" << arg << ") + " << arg - 1 << " states";
    else if (word == "auto")
      s << "about 2 sqrt(n) - 1 states (every round(sqrt(n)))";
    else if (word == "binomial")
      s << arg + 1 << " states, recomputing Revolve's optimum t(n, " << arg
        << ")";
    else if (word == "recompute")
      s << "2 states, recomputing n(n - 1)/2";
    else if (word == "budget")
      s << "at most " << arg << " bytes of snapshots";
    else
      s << "n states";
    s << "\n";
    return s.str();
  }
  long long n = r.trips;
  if (p.kind == ck::Kind::Budget) {
    if (r.stateBytes < 0)
      return s.str();
    ck::BudgetChoice c = ck::chooseForBudget(
        n, static_cast<unsigned long long>(r.stateBytes),
        static_cast<unsigned long long>(arg));
    p = c.policy;
  }
  ck::Cost c = ck::cost(p, n);
  ck::Policy q = ck::resolve(p, n);
  // every s tapes a segment; binomial one iteration; all every iteration.
  long long taped = q.kind == ck::Kind::Every      ? q.arg
                    : q.kind == ck::Kind::Binomial ? (n > 0 ? 1 : 0)
                                                   : n;
  s << "    n = " << n << ": " << c.peak << " states held at most ("
    << c.snapshots << (c.snapshots == 1 ? " snapshot), " : " snapshots), ")
    << c.recomputed << " recomputed";
  if (r.stateBytes >= 0 && r.tapeBytes >= 0) {
    long long snapBytes = r.policy == "all" ? 0 : c.snapshots * r.stateBytes;
    s << "; peak " << snapBytes + taped * r.tapeBytes << " bytes ("
      << snapBytes << " of snapshots + " << taped * r.tapeBytes
      << " of tape)";
  }
  s << "\n";
  return s.str();
}

/// Bytes one call of an adjoint pushes on its tapes, when every loop's trip
/// count is a constant; -1 otherwise.
long long tapeBytesPerCall(const Block &b) {
  long long n = 0;
  for (size_t i = 0; i < b.ops.size(); ++i) {
    const Op &o = *b.ops[i];
    if (o.kind == OpKind::Push)
      n += isFloating(o.operands[0]->type) && o.operands[0]->type == Type::Float
               ? 4
               : o.operands[0]->type == Type::Bool ? 1 : 8;
    if (o.kind == OpKind::CkptNew)
      return -1; // snapshots: sized at run time
    long long mult = 1;
    if (o.kind == OpKind::Loop) {
      mult = staticTripCount(b, i);
      if (mult < 0)
        return -1;
    }
    for (auto &r : o.regions) {
      long long inner = tapeBytesPerCall(*r);
      if (inner < 0)
        return -1;
      n += mult * inner;
    }
  }
  return n;
}

/// `batch(...)`: kernels and launchers over a minibatch for f's primal,
/// f_grad and f_jvp (those requested).
bool buildBatch(const Function &f, const DiffRequest &req, Function *grad,
                Function *jvp, DerivedModule &dm, std::string &batchText,
                std::string &batchDecls) {
  BatchSpec spec;
  spec.perSample.assign(f.params.size(), false);
  for (const std::string &name : req.batch)
    for (size_t i = 0; i < f.params.size(); ++i)
      if (f.params[i].name() == name)
        spec.perSample[i] = true;
  auto where = [&] {
    return f.sourceFile + ":" + std::to_string(f.loc.line) + ":" +
           std::to_string(f.loc.col);
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
      if (e.empty()) {
        printTransformError(
            where() + ": error: batch(...): adgen cannot tell the extent of '" +
            p.arr->name + "' (per sample if it is batched, in all if it is "
            "shared)\n" + where() + ": note: hint: add size(" + p.arr->name +
            ", N) to the function's directive");
        return false;
      }
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
          if (q.var && q.var->name == name && words.count(name)) {
            printTransformError(
                where() + ": error: batch(...): the extent of '" +
                p.arr->name + "' (" + e + ") uses '" + name +
                "', which varies per sample\n" + where() +
                ": note: hint: per-sample arrays lie back to back with one "
                "extent for every sample; give a bound shared by all");
            return false;
          }
    }
    spec.extent.push_back(e);
  }
  // The primal itself, self-contained (calls inlined), for f_batch.
  auto primal = cloneFunction(f);
  inlineCalls(*primal);
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
    if (a && written && !spec.perSample[i]) {
      printTransformError(
          where() + ": error: batch(...): '" + a->name + "' is written by '" +
          f.name + "' but shared by every sample\n" + where() +
          ": note: hint: list it in batch(...): each sample writes its own");
      return false;
    }
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
    spec.tapeBytes = tapeBytesPerCall(grad->body);
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
      if (r.policy != "all")
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
                        ? clangFormat(emitFile(dm.module, eo) + batchText)
                        : text.str();
  std::vector<std::pair<std::string, std::string>> files{{o.output, out}};
  if (!o.header.empty())
    files.push_back(
        {o.header, clangFormat(emitHeader(dm.module, eo) + batchDecls)});
  return writeAtomically(files) ? 0 : 1;
}

} // namespace adgen
