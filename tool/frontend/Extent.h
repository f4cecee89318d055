// The extent of a `size(p, EXPR)` clause, checked where the directive is
// read: numbers and integer parameters with + - * / and parentheses.
#pragma once

#include "ir/ExtentExpr.h"

#include <functional>
#include <string>

namespace adgen {

struct ExtentCheck {
  std::string error;     // what is wrong; empty when the extent is good
  long long value = -1;  // the extent when it names no parameter
  Extent tree;           // the parsed extent, when it parses
};

/// Checks `text`; `isIntParam(name)` says whether a name is an integer
/// parameter of the function. Refuses other names, division by a constant
/// zero, and a constant extent below 1.
ExtentCheck checkExtent(const std::string &text,
                        const std::function<bool(const std::string &)> &isIntParam);

} // namespace adgen
