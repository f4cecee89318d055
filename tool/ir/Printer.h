// Prints a function's Wengert list: one numbered step per line, regions
// indented, in a form users can read and diff (`adgen --emit=wengert`).
#pragma once

#include "ir/IR.h"

#include <string>

namespace adgen {

std::string printFunction(const Function &f);

} // namespace adgen
