// Loop conditions that write state (reverse mode's preparation, after jump
// structuring): `while ((t = t * x) < 10)`, or `for (...; double y = g(x);
// ...)` whose body reads y. The backward sweep reverses a loop's body, never
// its condition, so such a condition moves into the body:
//   while (C) { B; S }   →   C; bool adgen_test = c;
//                            while (adgen_test) { B; S; C; adgen_test = c; }
// (a do loop only moves C to the end of its body). Variables the condition
// declares are declared before the loop.
#pragma once

#include "ir/IR.h"

namespace adgen {

/// Moves into their bodies the conditions of f's loops that write a
/// floating-point variable or array living beyond the condition.
void rotateLoopConditions(Function &f);

} // namespace adgen
