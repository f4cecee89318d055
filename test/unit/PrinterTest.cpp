// Printer: the Wengert list of a function, one numbered step per line.
#include "IRHelpers.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

TEST(PrinterTest, ClassicWengertExample) {
  // double f(double x1, double x2, double x3) {
  //   double y = x1 * x2 + sin(x2 * x3); return y; }
  auto f = newFunction("f");
  Var *x1 = scalarParam(*f, "x1");
  Var *x2 = scalarParam(*f, "x2");
  Var *x3 = scalarParam(*f, "x3");
  Var *y = f->newVar("y", Type::Double);
  Builder b(*f);
  Op *v1 = b.mul(b.readVar(x1), b.readVar(x2));
  Op *v2 = b.mul(b.readVar(x2), b.readVar(x3));
  Op *v3 = b.math(MathFn::Sin, {v2});
  b.decl(y, b.add(v1, v3));
  ret(b, b.readVar(y));
  ASSERT_EQ(verify(*f), std::vector<std::string>{});
  EXPECT_EQ(printFunction(*f),
            "wengert f(double x1, double x2, double x3) -> double {\n"
            "  v1 = x1 * x2\n"
            "  v2 = x2 * x3\n"
            "  v3 = sin(v2)\n"
            "  y = v1 + v3\n"
            "  return y\n"
            "}\n");
}

TEST(PrinterTest, LoopPrintsItsRegions) {
  // s = 0; for (int i = 0; i < 3; ++i) s = s + a[i]; return s;
  auto f = newFunction("sum");
  Array *a = arrayParam(*f, "a", Type::Double, true);
  Var *s = f->newVar("s", Type::Double);
  Var *i = f->newVar("i", Type::Int);
  Builder b(*f);
  b.decl(s, b.constant(0, Type::Double));
  Op *l = countedLoop(b, i, 0, 3);
  b.writeVar(s, b.add(b.readVar(s), b.load(a, b.readVar(i))));
  b.setBlock(l->block);
  ret(b, b.readVar(s));
  ASSERT_EQ(verify(*f), std::vector<std::string>{});
  EXPECT_EQ(printFunction(*f),
            "wengert sum(const double* a) -> double {\n"
            "  s = 0.0\n"
            "  i = 0\n"
            "  loop for {\n"
            "    cond:\n"
            "      while i < 3\n"
            "    body:\n"
            "      s = s + a[i]\n"
            "    step:\n"
            "      i = i + 1\n"
            "  }\n"
            "  return s\n"
            "}\n");
}

TEST(PrinterTest, IfPrintsBothRegions) {
  // if (x < 0) y = -x; else y = x * x;
  auto f = newFunction("g");
  Var *x = scalarParam(*f, "x");
  Var *y = f->newVar("y", Type::Double);
  Builder b(*f);
  b.decl(y);
  Op *i = b.ifOp(b.binary(OpKind::Lt, b.readVar(x),
                          b.constant(0, Type::Double)));
  b.setBlock(i->region(0));
  b.writeVar(y, b.neg(b.readVar(x)));
  b.setBlock(i->region(1));
  b.writeVar(y, b.mul(b.readVar(x), b.readVar(x)));
  b.setBlock(&f->body);
  ret(b, b.readVar(y));
  ASSERT_EQ(verify(*f), std::vector<std::string>{});
  EXPECT_EQ(printFunction(*f),
            "wengert g(double x) -> double {\n"
            "  decl double y\n"
            "  if x < 0.0 {\n"
            "    y = -x\n"
            "  } else {\n"
            "    y = x * x\n"
            "  }\n"
            "  return y\n"
            "}\n");
}

TEST(PrinterTest, IfWithoutElseHasNoElse) {
  auto f = newFunction("h", Type::Void);
  Var *x = scalarParam(*f, "x");
  Builder b(*f);
  Op *i = b.ifOp(b.binary(OpKind::Gt, b.readVar(x),
                          b.constant(1, Type::Double)));
  b.setBlock(i->region(0));
  b.writeVar(x, b.constant(1, Type::Double));
  b.setBlock(&f->body);
  ret(b);
  std::string p = printFunction(*f);
  EXPECT_NE(p.find("  if x > 1.0 {\n    x = 1.0\n  }\n"), std::string::npos)
      << p;
  EXPECT_EQ(p.find("else"), std::string::npos) << p;
  EXPECT_NE(p.find("-> void"), std::string::npos) << p;
}

} // namespace
