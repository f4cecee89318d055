// Module-level emission helpers: functions grouped by namespace, and the
// declarations of functions called ahead of their definitions (recursion).
#pragma once

#include "codegen/EmitCpp.h"

#include <functional>
#include <string>

namespace adgen {

/// each(f) for the module's functions in order, inside their namespaces.
std::string
withNamespaces(const Module &m, const EmitOptions &o,
               const std::function<std::string(const Function &)> &each);

/// `ADGEN_HD inline R f(...);` for each function called ahead of its
/// definition (no default arguments: the definition has them); empty when
/// there is none.
std::string forwardDeclarations(const Module &m, const EmitOptions &o);

} // namespace adgen
