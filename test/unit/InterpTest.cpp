// The test interpreter itself: C++ semantics of integers, conversions,
// arrays and control flow, and its guards.
#include "IRHelpers.h"
#include "Interp.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace adgen;
using namespace adgen::test;

namespace {

Op *ci(Builder &b, double v) { return b.constant(v, Type::Int); }

TEST(InterpTest, Conversions) {
  EXPECT_EQ(convert(Type::Int, -2.9), -2);
  EXPECT_EQ(convert(Type::Int, 2147483648.0), -2147483648.0); // wraps
  EXPECT_EQ(convert(Type::UInt, -1), 4294967295.0);
  EXPECT_EQ(convert(Type::Bool, 0.5), 1);
  EXPECT_EQ(convert(Type::Float, 0.1), static_cast<double>(0.1f));
  EXPECT_THROW(convert(Type::Int, NAN), InterpError);
}

TEST(InterpTest, IntegerArithmeticTruncates) {
  // int f(int a, int b) { return a / b + a % b * 10; }
  auto f = newFunction("f", Type::Int);
  Var *a = scalarParam(*f, "a", Type::Int), *bv = scalarParam(*f, "b", Type::Int);
  Builder b(*f);
  Op *q = b.binary(OpKind::Div, b.readVar(a), b.readVar(bv));
  Op *r = b.binary(OpKind::Rem, b.readVar(a), b.readVar(bv));
  ret(b, b.binary(OpKind::Add, q, b.binary(OpKind::Mul, r, ci(b, 10))));
  EXPECT_EQ(interpret(*f, {-7, 2}), -3 + -1 * 10);
  EXPECT_EQ(interpret(*f, {7.9, 2}), 3 + 1 * 10); // argument truncated
  EXPECT_THROW(interpret(*f, {1, 0}), InterpError);
}

TEST(InterpTest, FloatOpsRoundToFloat) {
  auto f = newFunction("f", Type::Float);
  Var *x = scalarParam(*f, "x", Type::Float);
  Builder b(*f);
  ret(b, b.binary(OpKind::Add, b.readVar(x), b.constant(1e-9, Type::Float)));
  EXPECT_EQ(interpret(*f, {1.0}), 1.0);
}

TEST(InterpTest, ArraysAreCheckedAndWrittenBack) {
  // void f(const double* a, double* o, int k) { o[k] = a[k] * 2; }
  auto f = newFunction("f", Type::Void);
  Array *a = arrayParam(*f, "a", Type::Double, true);
  Array *o = arrayParam(*f, "o");
  Var *k = scalarParam(*f, "k", Type::Int);
  Builder b(*f);
  b.store(o, b.readVar(k),
          b.mul(b.load(a, b.readVar(k)), b.constant(2, Type::Double)));
  ret(b);
  std::vector<std::vector<double>> arrs = {{1, 2}, {0, 0}};
  interpret(*f, {1}, arrs);
  EXPECT_EQ(arrs[1], (std::vector<double>{0, 4}));
  EXPECT_EQ(arrs[0], (std::vector<double>{1, 2}));
  EXPECT_THROW(interpret(*f, {2}, arrs), InterpError);
  EXPECT_THROW(interpret(*f, {-1}, arrs), InterpError);
}

TEST(InterpTest, LoopsRunAsInCpp) {
  // int n = 0; for (int i = 0; i < 5; ++i) { if (i == 1) continue;
  //   if (i == 4) break; n = n + i; } return n;   -> 0 + 2 + 3
  auto f = newFunction("f", Type::Int);
  Var *n = f->newVar("n", Type::Int), *i = f->newVar("i", Type::Int);
  Builder b(*f);
  b.decl(n, ci(b, 0));
  Op *l = countedLoop(b, i, 0, 5);
  for (auto [at, kind] : {std::pair{1, OpKind::Continue},
                          std::pair{4, OpKind::Break}}) {
    Op *br = b.ifOp(b.binary(OpKind::Eq, b.readVar(i), ci(b, at)));
    b.setBlock(br->region(0));
    b.create(kind, Type::Void);
    b.setBlock(l->region(1));
  }
  b.writeVar(n, b.binary(OpKind::Add, b.readVar(n), b.readVar(i)));
  b.setBlock(l->block);
  ret(b, b.readVar(n));
  EXPECT_EQ(interpret(*f, {}), 5);
}

TEST(InterpTest, DoLoopRunsItsBodyFirst) {
  // int n = 0; do { n = n + 1; } while (false); return n;
  auto f = newFunction("f", Type::Int);
  Var *n = f->newVar("n", Type::Int);
  Builder b(*f);
  b.decl(n, ci(b, 0));
  Op *l = b.loop(LoopKind::Do);
  b.setBlock(l->region(0));
  b.create(OpKind::Condition, Type::Void, {b.constant(0, Type::Bool)});
  b.setBlock(l->region(1));
  b.writeVar(n, b.binary(OpKind::Add, b.readVar(n), ci(b, 1)));
  b.setBlock(&f->body);
  ret(b, b.readVar(n));
  EXPECT_EQ(interpret(*f, {}), 1);
  l->loopKind = LoopKind::While;
  EXPECT_EQ(interpret(*f, {}), 0);
}

TEST(InterpTest, Guards) {
  auto f = newFunction("f");
  Builder b(*f);
  Op *l = b.loop(LoopKind::While);
  b.setBlock(l->region(0));
  b.create(OpKind::Condition, Type::Void, {b.constant(1, Type::Bool)});
  b.setBlock(&f->body);
  ret(b, b.constant(0, Type::Double));
  InterpOptions o;
  o.maxSteps = 1000;
  EXPECT_THROW(interpret(*f, {}, o), InterpError); // never ends
  auto g = newFunction("g");
  EXPECT_THROW(interpret(*g, {}), InterpError); // no return
  EXPECT_THROW(interpret(*g, {1.0}), InterpError); // too many arguments
}

} // namespace
