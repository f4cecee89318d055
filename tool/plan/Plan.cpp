#include "plan/Plan.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>

namespace adgen {

using checkpoint::Cost;
using checkpoint::Kind;
using checkpoint::Policy;

static const char *kPlanHelp =
    R"(adgen plan: the checkpoint schedule of a loop of N iterations, without code

USAGE
  adgen plan --steps N POLICY [--bytes B] [--svg FILE]

Prints the peak number of loop states held during the backward sweep, the
snapshots kept, the states recomputed, and the recomputation as a fraction
of one forward pass (SPEC section 3 counts them).

POLICY (exactly one)
  --all             Keep the state of every iteration.
  --every S         Keep one state in S; recompute one segment at a time.
  --auto            --every S with S = max(1, round(sqrt(N))).
  --binomial C      Griewank-Walther binomial (Revolve) schedule with at most
                    C snapshots: the least recomputation C snapshots allow,
                    F(N, C), the forward sweep taking the first snapshots.
  --recompute       Keep only the loop's input state.
  --budget BYTES    The policy above that recomputes least while its peak
                    fits in BYTES (needs --bytes).

OPTIONS
  --steps N         Iterations of the loop (0 .. 2147483647).
  --bytes B         Bytes in one state: also print the peak memory in GiB.
  --svg FILE        Draw the states held over the backward sweep (N up to
                    1000000).
  --help            This text.

Byte counts take a unit: 4096, 64KiB, 256MiB, 1.5GiB, 2GB (K/M/G = KiB/MiB/GiB),
from 1 byte to 8 EiB (2^63 - 1 bytes), as the checkpoint(budget B) directive.

EXAMPLE
  adgen plan --steps 32 --every 4 --bytes 256MiB
)";

static constexpr long long kSvgMaxSteps = 1000000;

static PlanParse planUsage(const std::string &msg) {
  std::fprintf(stderr, "adgen plan: error: %s\nTry 'adgen plan --help'.\n",
               msg.c_str());
  return PlanParse::Usage;
}

/// A whole non-negative decimal integer no larger than `max`.
static bool parseCount(const std::string &s, long long max, long long &v) {
  if (s.empty() || s.size() > 19)
    return false;
  unsigned long long x = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9')
      return false;
    x = x * 10 + static_cast<unsigned>(ch - '0');
  }
  if (x > static_cast<unsigned long long>(max))
    return false;
  v = static_cast<long long>(x);
  return true;
}

namespace {
/// Where parsing `adgen plan`'s arguments stands: the argument at hand, split
/// into flag and `=value`, and what the earlier ones gave.
struct PlanArgs {
  int argc;
  char **argv;
  int i = 1;
  int policies = 0;
  bool haveSteps = false;
  std::string given; // the first policy flag, for the "two policies" message
  std::string a, flag, inlineValue;
  bool hasInline = false;

  PlanArgs(int argc, char **argv) : argc(argc), argv(argv) {}
  /// Takes argv[i] as the argument at hand ("--steps=16": flag and value).
  void load() {
    a = argv[i];
    flag = a;
    inlineValue.clear();
    hasInline = false;
    if (a.rfind("--", 0) == 0) {
      size_t eq = a.find('=');
      if (eq != std::string::npos) {
        flag = a.substr(0, eq);
        inlineValue = a.substr(eq + 1);
        hasInline = true;
      }
    }
  }
  /// The flag's value: after '=', or the next argument; false if none.
  bool value(std::string &out) {
    if (hasInline) {
      out = inlineValue;
      return true;
    }
    if (i + 1 >= argc)
      return false;
    out = argv[++i];
    return true;
  }
  /// Counts a policy flag; false (after the message) for a second one.
  bool policyFlag() {
    if (++policies > 1) {
      planUsage("two policies (" + given + " and " + flag +
                "); give exactly one");
      return false;
    }
    given = flag;
    return true;
  }
};
} // namespace

/// What one argument did: nothing to return (go on), or a result.
using PlanStep = std::optional<PlanParse>;

static bool isPolicyFlag(const std::string &flag) {
  return flag == "--every" || flag == "--binomial" || flag == "--auto" ||
         flag == "--all" || flag == "--recompute" || flag == "--budget";
}

/// A policy flag: --every S, --binomial C, --auto, --all, --recompute or
/// --budget BYTES.
static PlanStep parsePolicyArg(PlanArgs &p, PlanOptions &o) {
  const std::string &flag = p.flag;
  std::string v;
  if (flag == "--every" || flag == "--binomial") {
    long long s = 0;
    if (!p.value(v) || !parseCount(v, checkpoint::kMaxSteps, s) || s < 1)
      return planUsage(flag + (flag == "--every"
                                   ? " takes a period S >= 1"
                                   : " takes a number of snapshots C >= 1") +
                       (v.empty() ? "" : " (got '" + v + "')"));
    if (!p.policyFlag())
      return PlanParse::Usage;
    o.policy = flag == "--every" ? Policy::every(s) : Policy::binomial(s);
  } else if (flag == "--budget") {
    long long bytes = 0;
    if (!p.value(v) || !parseByteCount(v, bytes))
      return planUsage("--budget takes a byte count such as 3GiB" +
                       (v.empty() ? std::string() : " (got '" + v + "')"));
    o.budgetBytes = static_cast<unsigned long long>(bytes);
    if (!p.policyFlag())
      return PlanParse::Usage;
    o.budget = true;
  } else { // --auto, --all, --recompute
    if (p.hasInline)
      return planUsage(flag + " takes no value");
    if (!p.policyFlag())
      return PlanParse::Usage;
    o.policy = flag == "--auto"  ? Policy::automatic()
               : flag == "--all" ? Policy::all()
                                 : Policy::recompute();
  }
  return std::nullopt;
}

/// One argument of `adgen plan` (p.load() done); policies go to
/// parsePolicyArg.
static PlanStep parsePlanArg(PlanArgs &p, PlanOptions &o) {
  const std::string &flag = p.flag;
  std::string v;
  if (flag == "--help" || flag == "-h") {
    std::fputs(kPlanHelp, stdout);
    return PlanParse::Exit0;
  } else if (flag == "--steps") {
    if (!p.value(v) || !parseCount(v, checkpoint::kMaxSteps, o.steps))
      return planUsage("--steps takes a number of iterations, 0 to " +
                       std::to_string(checkpoint::kMaxSteps) +
                       (v.empty() ? "" : " (got '" + v + "')"));
    p.haveSteps = true;
  } else if (isPolicyFlag(flag)) {
    return parsePolicyArg(p, o);
  } else if (flag == "--bytes") {
    long long bytes = 0;
    if (!p.value(v) || !parseByteCount(v, bytes))
      return planUsage("--bytes takes the bytes in one state, such as "
                       "268435456 or 256MiB" +
                       (v.empty() ? std::string() : " (got '" + v + "')"));
    o.bytes = static_cast<unsigned long long>(bytes);
  } else if (flag == "--svg") {
    if (!p.value(v) || v.empty())
      return planUsage("--svg needs a file name");
    o.svg = v;
  } else if (p.a.empty() || p.a[0] != '-') {
    return planUsage("unexpected argument '" + p.a + "'");
  } else {
    return planUsage("unknown option '" + p.a + "'");
  }
  return std::nullopt;
}

PlanParse parsePlanOptions(int argc, char **argv, PlanOptions &o) {
  PlanArgs p(argc, argv);
  for (; p.i < argc; ++p.i) {
    p.load();
    if (PlanStep r = parsePlanArg(p, o))
      return *r;
  }
  if (!p.haveSteps)
    return planUsage("--steps N is required");
  if (p.policies == 0)
    return planUsage("no policy (--all, --every S, --auto, --binomial C, "
                     "--recompute or --budget BYTES)");
  if (o.budget && o.bytes == 0)
    return planUsage("--budget needs --bytes B, the size of one state");
  if (!o.svg.empty() && o.steps > kSvgMaxSteps)
    return planUsage("--svg draws at most " + std::to_string(kSvgMaxSteps) +
                     " steps");
  return PlanParse::Run;
}

PlanResult computePlan(const PlanOptions &o) {
  PlanResult r;
  if (o.budget) {
    checkpoint::BudgetChoice c =
        checkpoint::chooseForBudget(o.steps, o.bytes, o.budgetBytes);
    r.policy = c.policy;
    r.overrun = c.overrun;
  } else {
    r.policy = o.policy;
  }
  r.resolved = checkpoint::resolve(r.policy, o.steps);
  r.cost = checkpoint::cost(r.policy, o.steps);
  return r;
}

std::string formatGiB(unsigned long long bytes) {
  long double gib = static_cast<long double>(bytes) / 1073741824.0L;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4Lf", gib);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0')
      s.pop_back();
    if (s.back() == '.')
      s.pop_back();
  }
  if (s == "0" && bytes > 0)
    s = "<0.0001";
  return s;
}

static std::string gibAndBytes(unsigned long long bytes) {
  return formatGiB(bytes) + " GiB (" + std::to_string(bytes) + " bytes)";
}

/// "0.75 of a forward pass", "7.50 forward passes".
static std::string forwardPasses(long long recomputed, long long steps) {
  double f = steps > 0 ? static_cast<double>(recomputed) /
                             static_cast<double>(steps)
                       : 0.0;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", f);
  return std::string(buf) + (f <= 1.0 ? " of a forward pass" : " forward passes");
}

std::string formatPlan(const PlanOptions &o, const PlanResult &r) {
  std::string out;
  auto line = [&](const char *key, const std::string &value) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%-19s", key);
    out += buf;
    out += value;
    out += '\n';
  };
  std::string policy = policyName(r.policy);
  if (r.policy.kind == Kind::Auto)
    policy += " (" + policyName(r.resolved) + ")";
  if (o.budget)
    policy = "budget " + formatGiB(o.budgetBytes) + " GiB -> " + policy +
             (r.overrun ? " (over budget)" : "");
  line("policy", policy);
  line("steps", std::to_string(o.steps));
  line("snapshots", std::to_string(r.cost.snapshots));
  line("peak states held", std::to_string(r.cost.peak));
  line("recomputed steps", std::to_string(r.cost.recomputed));
  line("recomputation", forwardPasses(r.cost.recomputed, o.steps));
  if (o.bytes) {
    unsigned long long peak = checkpoint::peakBytes(r.cost, o.bytes);
    line("state size", gibAndBytes(o.bytes));
    line("peak memory", gibAndBytes(peak));
    if (r.resolved.kind != Kind::All) {
      Cost all = checkpoint::cost(Policy::all(), o.steps);
      line("storing all",
           std::to_string(all.peak) + " states, " +
               gibAndBytes(checkpoint::peakBytes(all, o.bytes)));
    }
    if (o.budget) {
      std::string b = gibAndBytes(o.budgetBytes);
      if (r.overrun)
        b += ": OVER BUDGET, not even recompute fits (it needs " +
             formatGiB(peak) + " GiB)";
      else
        b += ": fits";
      line("budget", b);
    }
  }
  return out;
}

static bool writeFileAtomically(const std::string &path,
                                const std::string &text) {
  std::string tmp = path + ".adgen-tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f)
      return false;
    f << text;
    f.close();
    if (!f) {
      std::remove(tmp.c_str());
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

int runPlan(int argc, char **argv) {
  PlanOptions o;
  switch (parsePlanOptions(argc, argv, o)) {
  case PlanParse::Exit0:
    return 0;
  case PlanParse::Usage:
    return 2;
  case PlanParse::Run:
    break;
  }
  PlanResult r = computePlan(o);
  if (!o.svg.empty()) {
    std::string svg = renderPlanSvg(o, r);
    if (!writeFileAtomically(o.svg, svg)) {
      std::fprintf(stderr, "adgen plan: error: cannot write '%s': %s\n",
                   o.svg.c_str(), std::strerror(errno));
      return 1;
    }
  }
  std::fputs(formatPlan(o, r).c_str(), stdout);
  if (!o.svg.empty())
    std::printf("%-19s%s\n", "drawing", o.svg.c_str());
  return 0;
}

} // namespace adgen
