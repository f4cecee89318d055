// size(p, EXPR) extents: one parser for the frontend's check and the
// adjoint's ops.
#include "ir/ExtentExpr.h"

#include <gtest/gtest.h>

namespace adgen {
namespace {

/// The tree back as fully parenthesised text.
std::string show(const ExtentExpr &e) {
  switch (e.kind) {
  case ExtentExpr::Number: return std::to_string(e.number);
  case ExtentExpr::Name: return e.name;
  default: break;
  }
  const char *op = e.kind == ExtentExpr::Add   ? " + "
                   : e.kind == ExtentExpr::Sub ? " - "
                   : e.kind == ExtentExpr::Mul ? " * "
                                               : " / ";
  return "(" + show(*e.lhs) + op + show(*e.rhs) + ")";
}

std::string parsed(const std::string &text) {
  std::string error;
  auto e = parseExtent(text, error);
  return e ? show(*e) : "error: " + error;
}

TEST(ExtentExpr, PrecedenceAndAssociativity) {
  EXPECT_EQ(parsed("n"), "n");
  EXPECT_EQ(parsed(" 16 "), "16");
  EXPECT_EQ(parsed("n * m + 2"), "((n * m) + 2)");
  EXPECT_EQ(parsed("2 + n * m"), "(2 + (n * m))");
  EXPECT_EQ(parsed("a - b - c"), "((a - b) - c)");
  EXPECT_EQ(parsed("a / b * c"), "((a / b) * c)");
  EXPECT_EQ(parsed("(n + 1) * (m - 1)"), "((n + 1) * (m - 1))");
}

TEST(ExtentExpr, Errors) {
  EXPECT_EQ(parsed(""), "error: an operand is missing");
  EXPECT_EQ(parsed("n +"), "error: an operand is missing");
  EXPECT_EQ(parsed("(n + 1"), "error: missing ')'");
  EXPECT_EQ(parsed("n % 2"), "error: unexpected '% 2'");
  EXPECT_EQ(parsed("n m"), "error: unexpected 'm'");
  EXPECT_EQ(parsed("1234567890123456789"),
            "error: the number 1234567890123456789 is too large");
}

} // namespace
} // namespace adgen
