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

/// The tree printed back as the emitter and the messages show it.
std::string printed(const std::string &text) {
  std::string error;
  auto e = parseExtent(text, error);
  return e ? printExtent(*e) : "error: " + error;
}

TEST(ExtentExpr, PrintsWithTheParenthesesItNeeds) {
  EXPECT_EQ(printed("n"), "n");
  EXPECT_EQ(printed("m + 1"), "m + 1");
  EXPECT_EQ(printed("n*m+2"), "n * m + 2");
  EXPECT_EQ(printed("((n))"), "n");
  EXPECT_EQ(printed("(n + 1) * 2"), "(n + 1) * 2");
  EXPECT_EQ(printed("a - (b - c)"), "a - (b - c)");
  EXPECT_EQ(printed("(a - b) - c"), "a - b - c");
  EXPECT_EQ(printed("a / (b * c)"), "a / (b * c)");
  EXPECT_EQ(printed("a + (b + c)"), "a + (b + c)"); // the tree, as written
}

TEST(ExtentExpr, ConstantsAndNames) {
  std::string error;
  auto c = parseExtent("2 * 32 + (10 - 4) / 3", error);
  ASSERT_TRUE(c);
  EXPECT_EQ(constantExtent(*c), 66);
  auto z = parseExtent("4 / (2 - 2)", error);
  ASSERT_TRUE(z);
  EXPECT_EQ(constantExtent(*z), std::nullopt);
  auto n = parseExtent("h * (n + 1) - h", error);
  ASSERT_TRUE(n);
  EXPECT_EQ(constantExtent(*n), std::nullopt);
  std::set<std::string> names;
  extentNames(*n, names);
  EXPECT_EQ(names, (std::set<std::string>{"h", "n"}));
}

} // namespace
} // namespace adgen
