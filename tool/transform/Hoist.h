// Reverse mode's preparation for checkpointed loops nested in other loops
// or branches: their backward sweep re-runs them from where it stands, so
// the variables and arrays they name but declare outside (an enclosing
// body's locals, their own counter) are declared once at the top of the
// function instead, and set again where they were declared.
#pragma once

#include "ir/IR.h"

#include <optional>

namespace adgen {

/// Hoists what checkpointed loops below the top level need; returns how
/// many declarations moved. `defaultPolicy` is --checkpoint's.
int hoistForCheckpoints(
    Function &f, const std::optional<checkpoint::Policy> &defaultPolicy);

} // namespace adgen
