// Declarations of the source's mutable globals that generated code reads.
#pragma once

#include "ir/IR.h"

#include <string>

namespace adgen {

/// `extern double scale;` (in its namespace) for each mutable global the
/// functions of `m` read; empty when none. Those of a user struct type
/// (`records`) come after the copied type definitions, the others before.
std::string globalDeclarations(const Module &m, bool records);

} // namespace adgen
