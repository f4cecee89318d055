#include "driver/StatsReport.h"

#include "ir/ExtentExpr.h"
#include "ir/Policy.h"

#include "driver/DocComments.h"

#include "adgen/schedule.h"
#include "analysis/Stats.h"

#include <optional>
#include <set>
#include <sstream>

namespace adgen {
namespace {

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

/// The peak a policy predicts for a trip count known only at run time.
std::string peakForUnknownN(checkpoint::Policy p) {
  namespace ck = adgen::checkpoint;
  std::ostringstream s;
  long long arg = p.arg;
  switch (p.kind) {
  case ck::Kind::Every:
    s << "ceil(n/" << arg << ") + " << arg - 1 << " states";
    break;
  case ck::Kind::Auto:
    s << "about 2 sqrt(n) - 1 states (every round(sqrt(n)))";
    break;
  case ck::Kind::Binomial:
    s << arg + 1 << " states, recomputing Revolve's online optimum F(n, " << arg
      << ")";
    break;
  case ck::Kind::Recompute:
    s << "2 states, recomputing n(n - 1)/2";
    break;
  case ck::Kind::Budget:
    s << "at most " << arg << " bytes of snapshots";
    break;
  case ck::Kind::All:
    s << "n states";
    break;
  }
  return s.str();
}

/// A checkpointed loop: what a snapshot holds, the tape of a re-run
/// iteration, and the peak its policy predicts.
std::string checkpointLines(const CheckpointReport &r) {
  namespace ck = adgen::checkpoint;
  std::ostringstream s;
  std::string state;
  for (auto &x : r.state)
    state += (state.empty() ? "" : ", ") + x;
  ck::Policy p = r.policy;
  s << "  loop at line " << r.line << ": checkpoint(" << policyName(p)
    << "), snapshot of " << (state.empty() ? "nothing" : state) << ": ";
  if (r.stateBytes >= 0)
    s << r.stateBytes << " bytes per state";
  else
    s << "size known at run time";
  for (size_t k = 0; k < r.inMemory.size(); ++k)
    s << (k ? ", " : " (") << r.inMemory[k]
      << (k + 1 < r.inMemory.size() ? ""
                                    : ": written a stripe per iteration, "
                                      "re-runs read it in memory)");
  if (r.tapeBytes >= 0 && p.kind != ck::Kind::All)
    s << "; tape " << r.tapeBytes << " bytes per re-run iteration";
  s << "\n";
  if (r.trips < 0) {
    s << "    peak for n iterations (n known at run time): "
      << peakForUnknownN(p)
      << (r.tapesWhenItFits ? "; every iteration taped, nothing re-run, when "
                              "the tape of all n fits in the budget"
                            : "")
      << "\n";
    return s.str();
  }
  long long n = r.trips;
  if (ck::tapesAll(p, n, r.tapesWhenItFits ? r.tapeBytes : -1)) {
    s << "    n = " << n << ": every iteration taped, nothing re-run; peak "
      << n * r.tapeBytes << " bytes of tape\n";
    return s.str();
  }
  if (p.kind == ck::Kind::Budget) {
    if (r.stateBytes < 0)
      return s.str();
    // With a tape bound the runtime counts a re-run's tape too.
    ck::BudgetChoice c =
        ck::chooseForBudget(n, static_cast<unsigned long long>(r.stateBytes),
                            static_cast<unsigned long long>(p.arg),
                            r.tapesWhenItFits ? r.tapeBytes : -1);
    p = c.policy;
  }
  ck::Cost c = ck::cost(p, n);
  // all tapes every iteration; the others (a budget's `all` of snapshots
  // too) what tapedAtOnce() says.
  long long taped = r.policy.kind == ck::Kind::All ? n : ck::tapedAtOnce(p, n);
  s << "    n = " << n << ": " << c.peak << " states held at most ("
    << c.snapshots << (c.snapshots == 1 ? " snapshot), " : " snapshots), ")
    << c.recomputed << " recomputed";
  if (r.stateBytes >= 0 && r.tapeBytes >= 0) {
    // The snapshots as the runtime holds them (heldBytes(): binomial's
    // with each one's position).
    bool positions = ck::resolve(p, n).kind == ck::Kind::Binomial;
    long long snapBytes =
        r.policy.kind == ck::Kind::All
            ? 0
            : static_cast<long long>(ck::heldBytes(
                  p, n, static_cast<unsigned long long>(r.stateBytes), 0));
    s << "; peak " << snapBytes + taped * r.tapeBytes << " bytes (" << snapBytes
      << (positions ? " of snapshots and their positions + "
                    : " of snapshots + ")
      << taped * r.tapeBytes << " of tape)";
  }
  s << "\n";
  return s.str();
}

} // namespace

std::string primalStats(const Function &f) {
  return "function " + f.name + " (primal)\n  " + countsLine(countOps(f)) +
         "\n";
}

std::string gradStats(const Function &f, const Function &grad,
                      const std::vector<bool> &mask,
                      const std::vector<CheckpointReport> &loops) {
  std::ostringstream text;
  OpCounts c = countOps(grad);
  text << "function " << grad.name << " (grad w.r.t. " << paramList(f, mask)
       << ")\n  " << countsLine(c)
       << "\n  adjoint products: " << c.tangentProducts
       << ", one sweep for the whole gradient\n";
  std::set<unsigned> checkpointed;
  for (const CheckpointReport &r : loops)
    if (r.policy.kind != checkpoint::Kind::All)
      checkpointed.insert(r.line);
  for (const LoopTape &t : tapeBytesPerIteration(grad))
    if (!checkpointed.count(t.line))
      text << "  loop at line " << t.line << ": tape " << t.bytesPerIteration
           << " bytes per iteration\n";
  for (const CheckpointReport &r : loops)
    text << checkpointLines(r);
  // Kept calls (transform/CalleeAdjoint.h), in the backward sweep's order.
  walk(grad.body, [&](const Op &o) {
    if (o.kind == OpKind::Call && o.callee->adjoint && o.callee->splitForward)
      text << "  call at line " << o.loc.line << ": split mode, "
           << o.callee->splitForward->name << " in the forward sweep tapes it, "
           << o.callee->name << " reverses it (nothing runs twice)\n";
    else if (o.kind == OpKind::Call && o.callee->adjoint)
      text << "  call at line " << o.loc.line
           << (o.callee->external ? ": custom derivative, " : ": joint mode, ")
           << o.callee->name
           << (o.callee->external
                   ? " (the user's gradient, called with the taped arguments)\n"
                   : " (the callee runs again from its taped arguments)\n");
  });
  return text.str();
}

std::string jvpStats(const Function &f, const Function &jvp,
                     const std::vector<bool> &mask, const DiffRequest &req) {
  std::ostringstream text;
  OpCounts c = countOps(jvp);
  int64_t n;
  std::string inputs = sweeps(f, mask, req, n);
  text << "function " << jvp.name << " (jvp w.r.t. " << inputs << ")\n  "
       << countsLine(c)
       << "\n  tangent products per sweep: " << c.tangentProducts;
  if (req.width) { // vector mode: the lane loops ran K times
    int64_t k = req.width > 0 ? req.width : 1;
    int64_t per = c.tangentProducts / k;
    text << " (" << per << " per direction x "
         << (req.width > 0 ? std::to_string(k) : std::string("adgen_width"))
         << " directions)\n";
    if (n >= 0 && req.width > 0)
      text << "  full gradient by vector forward mode: " << (n + k - 1) / k
           << ((n + k - 1) / k == 1 ? " sweep" : " sweeps") << " of " << k
           << " directions = " << (n + k - 1) / k * c.tangentProducts
           << " tangent products\n";
    else if (n >= 0)
      text << "  full gradient by vector forward mode: one sweep of " << n
           << " directions = " << n * per << " tangent products\n";
    else
      text << "  full gradient by vector forward mode: one sweep per "
           << (req.width > 0 ? std::to_string(k) : std::string("adgen_width"))
           << " input scalars (extent unknown; give size(p, n))\n";
    return text.str();
  }
  text << "\n";
  if (n >= 0)
    text << "  full gradient by forward mode: " << n
         << (n == 1 ? " sweep x " : " sweeps x ") << c.tangentProducts << " = "
         << n * c.tangentProducts << " tangent products\n";
  else
    text << "  full gradient by forward mode: one sweep per input "
            "scalar (extent unknown; give size(p, n))\n";
  return text.str();
}

} // namespace adgen
