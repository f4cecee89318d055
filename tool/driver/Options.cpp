#include "driver/Options.h"

#include "driver/Output.h"
#include "ir/Policy.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace adgen {

static const char *kHelp =
    R"(adgen: source-transformation automatic differentiation for C++ and CUDA

USAGE
  adgen INPUT.cpp -o OUTPUT [options] [-- extra clang arguments]
  adgen plan --steps N POLICY [--bytes B] [--svg FILE]

Functions marked with `#pragma adgen jvp(...)` / `grad(...)` in INPUT are
differentiated; the derivatives are written to OUTPUT.

`adgen plan` prints the checkpoint schedule of a loop of N iterations under a
policy (--all, --every S, --auto, --binomial C, --recompute, --budget BYTES):
peak states held, snapshots, recomputed steps; see `adgen plan --help`.

OPTIONS
  -o FILE             Output file; `-` writes to stdout (the default for
                      --emit=wengert|stats). The extension picks the
                      flavour: .cu/.cuh -> CUDA, anything else -> C++. A
                      file is replaced atomically (symlinks followed);
                      devices and FIFOs are written through; the input
                      itself is refused.
  --target=cpp|cuda   Override the flavour chosen from -o.
  --emit=code         The derivative source (default).
  --emit=wengert      The Wengert list (IR) of each annotated function;
                      with --show=jvp, grad or hvp that of its tangent,
                      adjoint or Hessian-vector product.
  --show=primal|jvp|grad|hvp
                      What --emit=wengert prints (default primal).
  --emit=stats        Operation counts of the primal and of each generated
                      function (multiplications, additions, transcendental
                      calls, loads/stores, tangent products, sweeps; for
                      adjoints the tape bytes per loop iteration).
  --checkpoint=POLICY Default checkpoint policy for loops without a
                      directive: every S | auto | binomial C | all |
                      recompute | budget BYTES.
  --callees=split|joint
                      How reverse mode runs a callee's own adjoint: split
                      (default) where it can (a call at the top level of a
                      non-recursive callee without checkpointed loops): the
                      callee tapes in the forward sweep and its adjoint
                      reverses it, nothing runs twice; else joint: the
                      adjoint runs the callee again from its arguments
                      (less memory held between the sweeps). joint: always.
  --header FILE       Also write a header declaring the generated functions.
  --print-after=PASS[,PASS...]|all
                      Print the IR of the function a pass made to stderr
                      after the pass, under "*** IR after PASS (function)
                      ***". Passes in order: lowering: lower; grad: clone,
                      inline, structure, conditions, hoist, activity,
                      to-be-recorded, checkpoint-plan, adjoint-storage,
                      forward-sweep, backward-sweep, value-numbering,
                      dead-code; jvp: tangent, dead-code;
                      jvp with width: clone, inline, tangent,
                      value-numbering, dead-code; batch: clone, inline.
  --verify-each       Check the IR after every pass, not only after the
                      last of each mode (also when the environment sets
                      ADGEN_VERIFY_EACH=1; the test suite does). Invalid IR
                      is an internal error naming the pass.
  -I DIR, -D NAME[=V], -std=STD
                      Passed to the C++ parser (default -std=c++17).
  -p BUILD_DIR        Read compile flags from BUILD_DIR/compile_commands.json.
  --help              This text.
  --version           adgen's version and the LLVM it was built with.

EXIT STATUS
  0 success; 1 the input has errors (diagnostics printed, output untouched);
  2 bad usage.
)";

static bool startsWith(const char *s, const char *p) {
  return std::strncmp(s, p, std::strlen(p)) == 0;
}

static ParseResult usage(const std::string &msg) {
  std::fprintf(stderr, "adgen: error: %s\nTry 'adgen --help'.\n", msg.c_str());
  return ParseResult::Usage;
}

static bool endsWith(const std::string &s, const std::string &suf) {
  return s.size() >= suf.size() &&
         s.compare(s.size() - suf.size(), suf.size(), suf) == 0;
}

static std::string passList() {
  std::string s;
  for (const std::string &p : passNames())
    s += (s.empty() ? "" : ", ") + p;
  return s;
}

/// Adds the names in `v` ("adjoint,dead-code", "all"); false on an unknown
/// one.
static bool addPrintAfter(const std::string &v, std::set<std::string> &out) {
  std::vector<std::string> known = passNames();
  known.push_back("all");
  for (size_t k = 0; k <= v.size();) {
    size_t comma = std::min(v.find(',', k), v.size());
    std::string name = v.substr(k, comma - k);
    if (std::find(known.begin(), known.end(), name) == known.end())
      return false;
    out.insert(name);
    k = comma + 1;
  }
  return true;
}

namespace {
/// One argument, argv[i], and a way to take its flag's value.
struct Arg {
  int argc;
  char **argv;
  int &i;
  const char *a;
  /// The value of `flag`: after '=', glued on, or the next argument.
  const char *value(const char *flag) {
    size_t n = std::strlen(flag);
    if (a[n] == '=')
      return a + n + 1;
    if (a[n] != 0)
      return a + n;
    return i + 1 < argc ? argv[++i] : nullptr;
  }
};
} // namespace

/// What one argument did: nothing to return (go on), or a result.
using ArgResult = std::optional<ParseResult>;

/// The rest after the valued options: --verify-each, clang flags, -p,
/// unknown options and the input file.
static ArgResult parseOtherArg(Arg &arg, Options &o) {
  const char *a = arg.a;
  if (!std::strcmp(a, "--verify-each")) {
    o.passes.verifyEach = true;
  } else if (startsWith(a, "-I") || startsWith(a, "-D")) {
    std::string flag(a, 2);
    const char *v = arg.value(flag.c_str());
    if (!v)
      return usage(flag + " needs an argument");
    o.clangArgs.push_back(flag + v);
  } else if (startsWith(a, "-std=")) {
    o.clangArgs.push_back(a);
  } else if (!std::strcmp(a, "-p") || startsWith(a, "-p=")) {
    const char *v = arg.value("-p");
    if (!v)
      return usage("-p needs a build directory");
    o.buildDir = v;
  } else if (a[0] == '-' && a[1] != 0) {
    return usage(std::string("unknown option '") + a + "'");
  } else if (o.input.empty()) {
    o.input = a;
  } else {
    return usage(std::string("more than one input file ('") + o.input +
                 "' and '" + a + "')");
  }
  return std::nullopt;
}

/// The options with a value (-o, --target, --emit, --show, --checkpoint,
/// --callees, --header, --print-after); anything else goes to parseOtherArg.
static ArgResult parseArg(Arg &arg, Options &o, std::string &target) {
  const char *a = arg.a;
  if (!std::strcmp(a, "-o") || startsWith(a, "-o")) {
    const char *v = arg.value("-o");
    if (!v)
      return usage("-o needs a file name");
    o.output = v;
  } else if (startsWith(a, "--target")) {
    const char *v = arg.value("--target");
    if (!v || (std::strcmp(v, "cpp") && std::strcmp(v, "cuda")))
      return usage("--target takes cpp or cuda");
    target = v;
  } else if (startsWith(a, "--emit")) {
    const char *v = arg.value("--emit");
    if (!v || (std::strcmp(v, "code") && std::strcmp(v, "wengert") &&
               std::strcmp(v, "stats")))
      return usage("--emit takes code, wengert or stats");
    o.emit = v;
  } else if (startsWith(a, "--show")) {
    const char *v = arg.value("--show");
    if (!v || (std::strcmp(v, "primal") && std::strcmp(v, "jvp") &&
               std::strcmp(v, "grad") && std::strcmp(v, "hvp")))
      return usage("--show takes primal, jvp, grad or hvp");
    o.show = v;
  } else if (startsWith(a, "--checkpoint")) {
    const char *v = arg.value("--checkpoint");
    std::string why = "the policy is missing";
    checkpoint::Policy p;
    if (!v || !parsePolicy(v, p, &why))
      return usage(std::string("bad checkpoint policy '") + (v ? v : "") +
                   "': " + why +
                   " (every S | auto | binomial C | all | recompute | "
                   "budget BYTES)");
    o.checkpoint = p;
  } else if (startsWith(a, "--callees")) {
    const char *v = arg.value("--callees");
    if (!v || (std::strcmp(v, "split") && std::strcmp(v, "joint")))
      return usage("--callees takes split or joint");
    o.jointCallees = !std::strcmp(v, "joint");
  } else if (startsWith(a, "--header")) {
    const char *v = arg.value("--header");
    if (!v)
      return usage("--header needs a file name");
    o.header = v;
  } else if (startsWith(a, "--print-after")) {
    const char *v = arg.value("--print-after");
    if (!v || !addPrintAfter(v, o.passes.printAfter))
      return usage(std::string("--print-after takes 'all' or pass names "
                               "separated by commas: ") +
                   passList());
  } else {
    return parseOtherArg(arg, o);
  }
  return std::nullopt;
}

/// Checks what the arguments left (input, output) and picks the flavour.
static ParseResult finishOptions(Options &o, const std::string &target) {
  if (o.input.empty())
    return usage("no input file");
  // A dump goes to stdout unless -o says otherwise (as clang -ast-dump).
  if (o.output.empty() && o.emit != "code")
    o.output = "-";
  if (o.output.empty())
    return usage("no output file (-o FILE, or -o - for stdout)");
  if (!checkOutputPaths(o.input, {o.output, o.header}))
    return ParseResult::Usage;
  o.cuda = target.empty()
               ? endsWith(o.output, ".cu") || endsWith(o.output, ".cuh")
               : target == "cuda";
  return ParseResult::Run;
}

ParseResult parseOptions(int argc, char **argv, Options &o) {
  std::string target;
  const char *env = std::getenv("ADGEN_VERIFY_EACH");
  o.passes.verifyEach = env && *env && std::strcmp(env, "0") != 0;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
      std::fputs(kHelp, stdout);
      return ParseResult::Exit0;
    }
    if (!std::strcmp(a, "--version")) {
      std::printf("adgen %s (built with LLVM/Clang %s)\n", ADGEN_VERSION,
                  ADGEN_LLVM_VERSION);
      return ParseResult::Exit0;
    }
    if (!std::strcmp(a, "--")) {
      for (++i; i < argc; ++i)
        o.clangArgs.push_back(argv[i]);
      break;
    }
    Arg arg{argc, argv, i, a};
    if (ArgResult r = parseArg(arg, o, target))
      return *r;
  }
  return finishOptions(o, target);
}

} // namespace adgen
