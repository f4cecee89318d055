// Checks the structural invariants of a function's IR before it reaches the
// next pass: operand counts and types, values defined before use and visible
// from where they are used, terminators last, break/continue inside loops,
// loop condition regions ending in a Condition.
#pragma once

#include "ir/IR.h"

#include <string>
#include <vector>

namespace adgen {

/// Returns the problems found (empty when the IR is well formed).
std::vector<std::string> verify(const Function &f);

} // namespace adgen
