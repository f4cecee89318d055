// The extent of a `size(p, EXPR)` clause as a tree: numbers and names with
// + - * / and parentheses. Parsed once here; the frontend checks it, the
// adjoint builds it as ops.
#pragma once

#include <memory>
#include <string>

namespace adgen {

struct ExtentExpr {
  enum Kind { Number, Name, Add, Sub, Mul, Div } kind = Number;
  long long number = 0;                   // Number
  std::string name;                       // Name
  std::unique_ptr<ExtentExpr> lhs, rhs;   // Add .. Div
};

/// Parses `text`; null with what is wrong in `error` when it is not an
/// extent.
std::unique_ptr<ExtentExpr> parseExtent(const std::string &text,
                                        std::string &error);

} // namespace adgen
