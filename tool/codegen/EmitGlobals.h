// Declarations of the source's mutable globals that generated code reads.
#pragma once

#include "ir/IR.h"

#include <string>

namespace adgen {

/// `extern double scale;` (in its namespace) for each mutable global the
/// functions of `m` read; empty when none.
std::string globalDeclarations(const Module &m);

} // namespace adgen
