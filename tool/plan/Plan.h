// `adgen plan` (SPEC §1): the checkpoint schedule of a chain of N steps under
// one policy, without any code: peak states held, snapshots, recomputed
// steps, recomputation as a fraction of one forward pass, and with --bytes
// the peak memory; --svg draws the states held over the backward sweep.
// The schedules themselves are runtime/include/adgen/schedule.h.
#pragma once

#include "adgen/schedule.h"
#include "ir/Policy.h" // parseByteCount, policyName

#include <string>

namespace adgen {

struct PlanOptions {
  long long steps = -1;              // --steps N (required)
  checkpoint::Policy policy;         // --every/--auto/--binomial/--all/--recompute
  bool budget = false;               // --budget BYTES instead of a policy
  unsigned long long budgetBytes = 0;
  unsigned long long bytes = 0;      // --bytes B (0: not given)
  std::string svg;                   // --svg FILE
};

enum class PlanParse { Run, Exit0, Usage };

/// Parses `adgen plan ARGS` (args[0] is "plan"); prints help or a usage
/// error itself.
PlanParse parsePlanOptions(int argc, char **argv, PlanOptions &o);

/// The policy a plan runs: the given one, or the budget's choice.
struct PlanResult {
  checkpoint::Policy policy;   // as given (auto stays auto)
  checkpoint::Policy resolved; // what runs (auto -> every s, ...)
  checkpoint::Cost cost;
  bool overrun = false;        // budget: not even recompute fits
};
PlanResult computePlan(const PlanOptions &o);

/// The report `adgen plan` prints (a few aligned lines).
std::string formatPlan(const PlanOptions &o, const PlanResult &r);

/// The SVG drawing of states held over the backward sweep.
std::string renderPlanSvg(const PlanOptions &o, const PlanResult &r);

/// Bytes as GiB, shortest exact-looking form: 8, 2.75, 0.25, 0.0009766.
std::string formatGiB(unsigned long long bytes);

/// The whole subcommand: parse, print, write the SVG; returns the exit
/// status (0, 1 when the SVG cannot be written, 2 on bad usage).
int runPlan(int argc, char **argv);

} // namespace adgen
