// Jump structuring: rewrites break, continue and early returns into flag
// variables and guarded regions, so that every loop body runs to its end
// and a function has one final return. Reverse mode then only has to
// reverse ifs and loops (the taken branch and the trip count are recorded),
// as Tapenade does with its control-flow flags.
//
//   for (...) { if (c) break; s; }   →   bool adgen_break = false;
//                                        for (; !adgen_break && cond; ) {
//                                          if (c) adgen_break = true;
//                                          if (!adgen_break) { s; step } }
#pragma once

#include "ir/IR.h"

namespace adgen {

/// True when f has a break, a continue, or a return other than one final
/// return.
bool hasJumps(const Function &f);

/// Rewrites f in place (its values stay the same for every input).
void structureJumps(Function &f);

} // namespace adgen
