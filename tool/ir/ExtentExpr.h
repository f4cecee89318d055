// The extent of a `size(p, EXPR)` clause as a tree: numbers and names with
// + - * / and parentheses. Parsed once, in the frontend, which checks it; the
// tree then travels (DiffRequest::sizes, Array::checkedExtent): the adjoint
// builds it as ops, the emitter and the messages print it.
#pragma once

#include <memory>
#include <optional>
#include <set>
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

/// A parsed extent as the IR and the requests hold it.
using Extent = std::shared_ptr<const ExtentExpr>;

/// The extent as C++ (and message) text: `m + 1`, `(n + 1) * 2`, with the
/// parentheses precedence needs and spaces around operators.
std::string printExtent(const ExtentExpr &e);

/// l OP r for a binary node's kind (Add, Sub, Mul, Div; r nonzero for Div).
long long applyExtentOp(const ExtentExpr &node, long long l, long long r);

/// Its value when it names nothing (and divides by no zero).
std::optional<long long> constantExtent(const ExtentExpr &e);

/// The names it uses.
void extentNames(const ExtentExpr &e, std::set<std::string> &out);

} // namespace adgen
