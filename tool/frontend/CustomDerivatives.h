// Custom derivatives (SPEC §8): `#pragma adgen derivative(f) jvp(f_jvp)
// grad(f_grad)` gives f, a function adgen must not or cannot see, the
// user's own derivative functions. A call to f lowers to a call of an
// external IR function (signature only) whose customJvp / customGrad stubs
// forward mode and reverse mode call instead of differentiating f.
#pragma once

#include "frontend/LowerContext.h"
#include "frontend/Pragmas.h"

namespace adgen {

/// Records directive `d` (a derivative directive at file scope) in
/// cx.customRules; a second one for the same function is an error.
void addCustomRule(LowerContext &cx, const Directive &d);

/// The rule for fd, by its qualified or plain name; null without one.
const CustomRule *customRuleFor(const LowerContext &cx,
                                const clang::FunctionDecl *fd);

/// fd's external IR function (signature only) with its rule's stubs, in
/// cx.module; null after a diagnostic.
Function *lowerCustomFunction(LowerContext &cx, const clang::FunctionDecl *fd,
                              const CustomRule &rule);

} // namespace adgen
