// The requests of SPEC §2: what the directives before a function ask adgen
// to build for it.
#pragma once

#include "frontend/Frontend.h"
#include "frontend/Pragmas.h"

#include "clang/Basic/Diagnostic.h"

namespace adgen {

/// Adds directive `d` (one before `f`'s definition) to f's request,
/// reporting what is wrong with it against f.
void addDirective(clang::DiagnosticsEngine &de, const Directive &d,
                  const Function &f, DiffRequest &req);

} // namespace adgen
