// Removes pure ops whose values nobody uses (tangent reads of values whose
// derivative turned out not to be needed, partials folded away), so
// generated code has no dead temporaries.
#pragma once

#include "ir/IR.h"

namespace adgen {

/// Returns the number of ops removed.
int eliminateDeadCode(Function &f);

} // namespace adgen
