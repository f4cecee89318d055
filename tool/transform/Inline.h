// Inlining: replaces every call to a function of the file by the callee's
// body (its own calls inlined first). Reverse mode works on the inlined
// function, so a callee's partials live in the caller's tape like its own
// (Enzyme likewise inlines before differentiating). adgen rejects recursion
// in the frontend, so this terminates.
#pragma once

#include "ir/IR.h"

namespace adgen {

/// Inlines every Call of f, in place. Returns the number of calls inlined.
int inlineCalls(Function &f);

} // namespace adgen
