// Runs a list of passes (driver/Passes.h) with what the command line asks
// for between them: the IR printed after a pass, the verifier after each.
#pragma once

#include "driver/Passes.h"

#include <set>
#include <string>

namespace adgen {

struct PassOptions {
  std::set<std::string> printAfter; // pass names, or "all"
  bool verifyEach = false;
};

/// Runs `passes` on `s` in order. After a pass that `o.printAfter` names it
/// prints "*** IR after PASS (function) ***" and the function's IR to stderr;
/// with `o.verifyEach` it verifies it. The result of the last pass is always
/// verified. False when a pass fails (its errors are in s.errors) or the IR
/// is invalid (an internal error naming the pass, printed).
bool runPasses(const PassList &passes, PassState &s, const PassOptions &o);

} // namespace adgen
