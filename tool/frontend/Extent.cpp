#include "frontend/Extent.h"

#include "ir/ExtentExpr.h"

#include <optional>

namespace adgen {
namespace {

/// The value when constant; reports the first name that is no integer
/// parameter and the first division by a constant zero.
std::optional<long long>
fold(const ExtentExpr &e,
     const std::function<bool(const std::string &)> &isIntParam,
     std::string &error) {
  switch (e.kind) {
  case ExtentExpr::Number:
    return e.number;
  case ExtentExpr::Name:
    if (error.empty() && !isIntParam(e.name))
      error = "'" + e.name + "' is not an integer parameter of the function";
    return std::nullopt;
  default:
    break;
  }
  std::optional<long long> l = fold(*e.lhs, isIntParam, error);
  std::optional<long long> r = fold(*e.rhs, isIntParam, error);
  if (e.kind == ExtentExpr::Div && r && *r == 0) {
    if (error.empty())
      error = "division by zero";
    return std::nullopt;
  }
  if (!l || !r)
    return std::nullopt;
  return applyExtentOp(e, *l, *r);
}

} // namespace

ExtentCheck checkExtent(const std::string &text,
                        const std::function<bool(const std::string &)> &isIntParam) {
  ExtentCheck r;
  r.tree = parseExtent(text, r.error);
  if (!r.tree)
    return r;
  std::optional<long long> v = fold(*r.tree, isIntParam, r.error);
  if (r.error.empty() && v) {
    if (*v < 1)
      r.error = "the extent is " + std::to_string(*v) +
                ", not a count of one or more elements";
    r.value = *v;
  }
  return r;
}

} // namespace adgen
