// Inlining: replaces a call to a function of the file by the callee's
// body (its own calls inlined first). Reverse mode works on the inlined
// function, so a callee's partials live in the caller's tape like its own
// (Enzyme likewise inlines before differentiating), except for the calls
// `keep` names: those callees get adjoints of their own
// (transform/CalleeAdjoint.h). A recursive callee is never inlined.
#pragma once

#include "ir/IR.h"

#include <functional>

namespace adgen {

/// Whether a call stays a call (true) rather than being inlined.
using KeepCall = std::function<bool(const Op &call)>;

/// Inlines the Calls of f that `keep` does not keep, in place (none kept
/// when it is empty, but recursive callees). Returns the number inlined.
int inlineCalls(Function &f, const KeepCall &keep = {});

/// A recursive function, or one with custom derivatives (no body), that f
/// or a callee it would inline calls: then f cannot be inlined whole (a
/// batched kernel's body); null when there is none.
const Function *uninlinableCallee(const Function &f);

} // namespace adgen
