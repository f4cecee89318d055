// Diagnostics of the stages that do not see Clang (ir/Diagnostic.h: the
// transforms, the batch checks) shown through Clang's renderer as the
// frontend's own: file:line:col, the source line with a caret, the hint as
// a note, then the count; and the driver's other messages.
#pragma once

#include "ir/Diagnostic.h"

#include <string>
#include <vector>

namespace adgen {

/// Prints `ds` to stderr, then "N error(s) generated.".
void printDiagnostics(const std::vector<Diagnostic> &ds);

/// The warning for an input without a jvp or grad directive.
void warnNothingToDifferentiate(const std::string &input);

} // namespace adgen
