#include "driver/Messages.h"

#include "adgen/schedule.h"
#include "ir/Policy.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace adgen {

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

/// The peak a policy predicts for a trip count known only at run time.
static std::string peakForUnknownN(checkpoint::Policy p) {
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
    s << arg + 1 << " states, recomputing Revolve's optimum t(n, " << arg
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
  if (r.tapeBytes >= 0 && p.kind != ck::Kind::All)
    s << "; tape " << r.tapeBytes << " bytes per re-run iteration";
  s << "\n";
  if (r.trips < 0) {
    s << "    peak for n iterations (n known at run time): "
      << peakForUnknownN(p) << "\n";
    return s.str();
  }
  long long n = r.trips;
  if (p.kind == ck::Kind::Budget) {
    if (r.stateBytes < 0)
      return s.str();
    ck::BudgetChoice c = ck::chooseForBudget(
        n, static_cast<unsigned long long>(r.stateBytes),
        static_cast<unsigned long long>(p.arg));
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
    long long snapBytes =
        r.policy.kind == ck::Kind::All ? 0 : c.snapshots * r.stateBytes;
    s << "; peak " << snapBytes + taped * r.tapeBytes << " bytes ("
      << snapBytes << " of snapshots + " << taped * r.tapeBytes
      << " of tape)";
  }
  s << "\n";
  return s.str();
}

} // namespace adgen
