// Forward mode on the corners of the tangent pass: partial activity
// requests, computed indices, calls in loops, early returns, declarations
// inside loops.
#include "IRHelpers.h"
#include "GradCheck.h"
#include "JvpCheck.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

Op *c(Builder &b, double v, Type t = Type::Double) { return b.constant(v, t); }
Op *rd(Builder &b, Var *v) { return b.readVar(v); }
Op *ci(Builder &b, double v) { return b.constant(v, Type::Int); }

TEST(TangentEdgeTest, InactiveParameterWrittenFromActiveValue) {
  // double f(double x, double p) { p = p * x; return p; }, wrt x only:
  // p becomes active inside f, so p_dot must be declared (as 0).
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x"), *p = scalarParam(*f, "p");
  Builder b(*f);
  b.writeVar(p, b.mul(rd(b, p), rd(b, x)));
  ret(b, rd(b, p));
  checkJvp(*f, {2.0, 3.0}, {}, 1e-6, {"x"});
  checkGrad(*f, {2.0, 3.0}, {}, 1e-6, {"x"});
}

TEST(TangentEdgeTest, SubsetOfParameters) {
  // double f(double x, double y, const double* a) { return x * y * a[0]; }
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x"), *y = scalarParam(*f, "y");
  Array *a = arrayParam(*f, "a", Type::Double, true);
  Builder b(*f);
  ret(b, b.mul(b.mul(rd(b, x), rd(b, y)), b.load(a, ci(b, 0))));
  checkJvp(*f, {1.5, -0.5}, {{2.0}}, 1e-6, {"y"});
  checkGrad(*f, {1.5, -0.5}, {{2.0}}, 1e-6, {"y"});
  checkJvp(*f, {1.5, -0.5}, {{2.0}}, 1e-6, {"a"});
  checkGrad(*f, {1.5, -0.5}, {{2.0}}, 1e-6, {"a"});
}

TEST(TangentEdgeTest, StoreAtComputedIndex) {
  // for (i < 2) o[i + 1] = (double)(i + 1) * x + o[i];
  auto f = newFunction("f", Type::Void);
  Var *x = scalarParam(*f, "x");
  Array *o = arrayParam(*f, "o");
  Var *i = f->newVar("i", Type::Int);
  Builder b(*f);
  Op *l = countedLoop(b, i, 0, 2);
  Op *i1 = b.binary(OpKind::Add, rd(b, i), ci(b, 1));
  Op *v = b.add(b.mul(b.cast(i1, Type::Double), rd(b, x)),
                b.load(o, rd(b, i)));
  b.store(o, i1, v);
  b.setBlock(l->block);
  ret(b);
  checkJvp(*f, {0.75}, {{0.5, 0.0, 0.0}});
  checkGrad(*f, {0.75}, {{0.5, 0.0, 0.0}});
}

TEST(TangentEdgeTest, CallInLoopAndNestedLoops) {
  // double sq(double v) { return v * v; }
  // s = x; for (i < 2) for (j < 2) s = sq(s) * 0.5 + x; return s;
  auto sq = newFunction("sq");
  Var *v = scalarParam(*sq, "v");
  {
    Builder b(*sq);
    ret(b, b.mul(rd(b, v), rd(b, v)));
  }
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *s = f->newVar("s", Type::Double), *i = f->newVar("i", Type::Int),
      *j = f->newVar("j", Type::Int);
  Builder b(*f);
  b.decl(s, rd(b, x));
  Op *outer = countedLoop(b, i, 0, 2);
  Op *inner = countedLoop(b, j, 0, 2);
  Op *call = b.create(OpKind::Call, Type::Double, {rd(b, s)});
  call->callee = sq.get();
  call->argOrder = {0};
  b.writeVar(s, b.add(b.mul(call, c(b, 0.5)), rd(b, x)));
  b.setBlock(inner->block);
  b.setBlock(outer->block);
  ret(b, rd(b, s));
  checkJvp(*f, {0.8}, {});
  checkGrad(*f, {0.8}, {});
}

TEST(TangentEdgeTest, EarlyReturnFromLoop) {
  // s = x; for (i < 5) { s = s * x; if (s > 2) return s * 3; } return s;
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *s = f->newVar("s", Type::Double), *i = f->newVar("i", Type::Int);
  Builder b(*f);
  b.decl(s, rd(b, x));
  Op *l = countedLoop(b, i, 0, 5);
  b.writeVar(s, b.mul(rd(b, s), rd(b, x)));
  Op *br = b.ifOp(b.binary(OpKind::Gt, rd(b, s), c(b, 2)));
  b.setBlock(br->region(0));
  ret(b, b.mul(rd(b, s), c(b, 3)));
  b.setBlock(l->block);
  ret(b, rd(b, s));
  checkJvp(*f, {1.3}, {});
  checkGrad(*f, {1.3}, {}); // returns early
  checkJvp(*f, {1.05}, {});
  checkGrad(*f, {1.05}, {}); // runs to the end
}

TEST(TangentEdgeTest, DeclarationInsideLoopBody) {
  // s = 0; for (i < 3) { double t = x * s + 1; s = s + t * t; } return s;
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *s = f->newVar("s", Type::Double), *i = f->newVar("i", Type::Int),
      *t = f->newVar("t", Type::Double);
  Builder b(*f);
  b.decl(s, c(b, 0));
  Op *l = countedLoop(b, i, 0, 3);
  b.decl(t, b.add(b.mul(rd(b, x), rd(b, s)), c(b, 1)));
  b.writeVar(s, b.add(rd(b, s), b.mul(rd(b, t), rd(b, t))));
  b.setBlock(l->block);
  ret(b, rd(b, s));
  checkJvp(*f, {0.4}, {});
  checkGrad(*f, {0.4}, {});
}

TEST(TangentEdgeTest, ActiveArrayPassedToReadingCallee) {
  // double dot(const double* a, const double* w) { return a[0]*w[0] +
  //   a[1]*w[1]; }  double f(const double* a, double x) {
  //   double w[2] = {1, 1}; w[1] = x; return dot(a, w) * x; }
  auto dot = newFunction("dot");
  Array *da = arrayParam(*dot, "a", Type::Double, true);
  Array *dw = arrayParam(*dot, "w", Type::Double, true);
  {
    Builder b(*dot);
    ret(b, b.add(b.mul(b.load(da, ci(b, 0)), b.load(dw, ci(b, 0))),
                 b.mul(b.load(da, ci(b, 1)), b.load(dw, ci(b, 1)))));
  }
  auto f = newFunction("f");
  Array *a = arrayParam(*f, "a", Type::Double, true);
  Var *x = scalarParam(*f, "x");
  Array *w = f->newArray("w", Type::Double);
  w->size = 2, w->dims = {2}, w->init = {1, 1};
  Builder b(*f);
  b.create(OpKind::DeclArray, Type::Void)->arr = w;
  b.store(w, ci(b, 1), rd(b, x));
  Op *call = b.create(OpKind::Call, Type::Double);
  call->callee = dot.get();
  call->arrays = {a, w};
  call->argOrder = {~0, ~1};
  ret(b, b.mul(call, rd(b, x)));
  checkJvp(*f, {0.6}, {{2.0, -1.0}});
  checkGrad(*f, {0.6}, {{2.0, -1.0}});
  checkJvp(*f, {0.6}, {{2.0, -1.0}}, 1e-6, {"a"});
  checkGrad(*f, {0.6}, {{2.0, -1.0}}, 1e-6, {"a"});
}

} // namespace
