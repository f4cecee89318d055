// Forward mode on whole programs (variables, loops, branches, calls, local
// arrays), checked against finite differences by interpretation.
#include "IRHelpers.h"
#include "GradCheck.h"
#include "JvpCheck.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

Op *c(Builder &b, double v, Type t = Type::Double) { return b.constant(v, t); }
Op *rd(Builder &b, Var *v) { return b.readVar(v); }

Op *call(Builder &b, Function &g, std::vector<Op *> scalars,
         std::vector<Array *> arrays, std::vector<int> order) {
  Op *o = b.create(OpKind::Call, g.retType, std::move(scalars));
  o->callee = &g;
  o->arrays = std::move(arrays);
  o->argOrder = std::move(order);
  return o;
}

TEST(TangentTest, WengertExampleSharesTheLeafOfX2) {
  auto f = newFunction("f");
  Var *x1 = scalarParam(*f, "x1"), *x2 = scalarParam(*f, "x2"),
      *x3 = scalarParam(*f, "x3"), *y = f->newVar("y", Type::Double);
  Builder b(*f);
  Op *v1 = b.mul(rd(b, x1), rd(b, x2));
  b.decl(y, b.add(v1, b.math(MathFn::Sin, {b.mul(rd(b, x2), rd(b, x3))})));
  ret(b, rd(b, y));
  checkJvp(*f, {0.7, -1.3, 2.1}, {});
  checkGrad(*f, {0.7, -1.3, 2.1}, {});
}

TEST(TangentTest, OverwrittenVariableUsesItsOldValue) {
  // t = x * x; t = t * sin(t) + t; (h - t) * (h - t) with h = y * t
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x"), *y = scalarParam(*f, "y");
  Var *t = f->newVar("t", Type::Double), *h = f->newVar("h", Type::Double);
  Builder b(*f);
  b.decl(t, b.mul(rd(b, x), rd(b, x)));
  b.writeVar(t, b.add(b.mul(rd(b, t), b.math(MathFn::Sin, {rd(b, t)})),
                      rd(b, t)));
  b.decl(h, b.mul(rd(b, y), rd(b, t)));
  Op *d1 = b.sub(rd(b, h), rd(b, y)), *d2 = b.sub(rd(b, h), rd(b, y));
  ret(b, b.mul(d1, d2));
  checkJvp(*f, {0.8, 1.7}, {});
  checkGrad(*f, {0.8, 1.7}, {});
}

TEST(TangentTest, CountedLoopOverArrays) {
  // p = 1; for (i < 3) { p = p * (a[i] + x); o[i] = p * p; } return p;
  auto f = newFunction("f");
  Array *a = arrayParam(*f, "a", Type::Double, true);
  Var *x = scalarParam(*f, "x");
  Array *o = arrayParam(*f, "o");
  Var *p = f->newVar("p", Type::Double), *i = f->newVar("i", Type::Int);
  Builder b(*f);
  b.decl(p, c(b, 1));
  Op *l = countedLoop(b, i, 0, 3);
  b.writeVar(p, b.mul(rd(b, p), b.add(b.load(a, rd(b, i)), rd(b, x))));
  b.store(o, rd(b, i), b.mul(rd(b, p), rd(b, p)));
  b.setBlock(l->block);
  ret(b, rd(b, p));
  checkJvp(*f, {0.3}, {{1.0, -0.5, 2.0}, {0, 0, 0}});
  checkGrad(*f, {0.3}, {{1.0, -0.5, 2.0}, {0, 0, 0}});
}

TEST(TangentTest, AccumulateIntoOutputArray) {
  // for (i < 2) o[i] = o[i] * x + sin(o[i]);  (reads o's incoming values)
  auto f = newFunction("f", Type::Void);
  Var *x = scalarParam(*f, "x");
  Array *o = arrayParam(*f, "o");
  Var *i = f->newVar("i", Type::Int);
  Builder b(*f);
  Op *l = countedLoop(b, i, 0, 2);
  Op *old = b.load(o, rd(b, i));
  b.store(o, rd(b, i), b.add(b.mul(old, rd(b, x)), b.math(MathFn::Sin, {old})));
  b.setBlock(l->block);
  ret(b);
  checkJvp(*f, {1.3}, {{0.4, -2.0}});
  checkGrad(*f, {1.3}, {{0.4, -2.0}});
}

TEST(TangentTest, BranchesAndSelect) {
  // if (x < 0.5) y = x * x; else y = sin(x) * z;
  // return y + (z > x ? z * y : x);
  for (double xv : {0.2, 0.9}) {
    auto f = newFunction("f");
    Var *x = scalarParam(*f, "x"), *z = scalarParam(*f, "z");
    Var *y = f->newVar("y", Type::Double);
    Builder b(*f);
    b.decl(y);
    Op *br = b.ifOp(b.binary(OpKind::Lt, rd(b, x), c(b, 0.5)));
    b.setBlock(br->region(0));
    b.writeVar(y, b.mul(rd(b, x), rd(b, x)));
    b.setBlock(br->region(1));
    b.writeVar(y, b.mul(b.math(MathFn::Sin, {rd(b, x)}), rd(b, z)));
    b.setBlock(&f->body);
    Op *s = b.select(b.binary(OpKind::Gt, rd(b, z), rd(b, x)),
                     b.mul(rd(b, z), rd(b, y)), rd(b, x));
    ret(b, b.add(rd(b, y), s));
    checkJvp(*f, {xv, 0.6}, {});
    checkGrad(*f, {xv, 0.6}, {});
  }
}

TEST(TangentTest, WhileLoopWithBreakAndContinue) {
  // int n = 0; double s = x;
  // while (n < 10) { n = n + 1; if (n == 3) continue;
  //   if (s > 40) break; s = s * 1.5 + x; }  return s * s;
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *n = f->newVar("n", Type::Int), *s = f->newVar("s", Type::Double);
  Builder b(*f);
  b.decl(n, c(b, 0, Type::Int));
  b.decl(s, rd(b, x));
  Op *l = b.loop(LoopKind::While);
  b.setBlock(l->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, rd(b, n), c(b, 10, Type::Int))});
  b.setBlock(l->region(1));
  b.writeVar(n, b.binary(OpKind::Add, rd(b, n), c(b, 1, Type::Int)));
  Op *i1 = b.ifOp(b.binary(OpKind::Eq, rd(b, n), c(b, 3, Type::Int)));
  b.setBlock(i1->region(0));
  b.create(OpKind::Continue, Type::Void);
  b.setBlock(l->region(1));
  Op *i2 = b.ifOp(b.binary(OpKind::Gt, rd(b, s), c(b, 40)));
  b.setBlock(i2->region(0));
  b.create(OpKind::Break, Type::Void);
  b.setBlock(l->region(1));
  b.writeVar(s, b.add(b.mul(rd(b, s), c(b, 1.5)), rd(b, x)));
  b.setBlock(&f->body);
  ret(b, b.mul(rd(b, s), rd(b, s)));
  checkJvp(*f, {1.1}, {});
  checkGrad(*f, {1.1}, {});
}

TEST(TangentTest, DoLoop) {
  // int k = 0; double s = x; do { s = s * x; k = k + 1; } while (k < 3);
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *k = f->newVar("k", Type::Int), *s = f->newVar("s", Type::Double);
  Builder b(*f);
  b.decl(k, c(b, 0, Type::Int));
  b.decl(s, rd(b, x));
  Op *l = b.loop(LoopKind::Do);
  b.setBlock(l->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, rd(b, k), c(b, 3, Type::Int))});
  b.setBlock(l->region(1));
  b.writeVar(s, b.mul(rd(b, s), rd(b, x)));
  b.writeVar(k, b.binary(OpKind::Add, rd(b, k), c(b, 1, Type::Int)));
  b.setBlock(&f->body);
  ret(b, rd(b, s));
  checkJvp(*f, {1.2}, {});
  checkGrad(*f, {1.2}, {});
}

TEST(TangentTest, LocalArrayWithInitialiser) {
  // double w[3] = {1, 2}; for (i < 3) w[i] = w[i] * x + 0.5;
  // return w[0] + w[1] * w[2];
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *i = f->newVar("i", Type::Int);
  Array *w = f->newArray("w", Type::Double);
  w->size = 3, w->dims = {3}, w->init = {1, 2};
  Builder b(*f);
  b.create(OpKind::DeclArray, Type::Void)->arr = w;
  Op *l = countedLoop(b, i, 0, 3);
  b.store(w, rd(b, i),
          b.add(b.mul(b.load(w, rd(b, i)), rd(b, x)), c(b, 0.5)));
  b.setBlock(l->block);
  Op *w0 = b.load(w, c(b, 0, Type::Int)), *w1 = b.load(w, c(b, 1, Type::Int));
  ret(b, b.add(w0, b.mul(w1, b.load(w, c(b, 2, Type::Int)))));
  checkJvp(*f, {0.9}, {});
  checkGrad(*f, {0.9}, {});
}

TEST(TangentTest, CallWithOutputArrayAndResult) {
  // double g(double v, double* o) { o[0] = v * v; return sin(v) * o[0]; }
  // double f(double x) { double buf[1]; double r = g(x, buf);
  //   double q = g(2.0, buf) ; return r + buf[0] * x + q; }
  auto g = newFunction("g");
  Var *v = scalarParam(*g, "v");
  Array *o = arrayParam(*g, "o");
  {
    Builder b(*g);
    b.store(o, c(b, 0, Type::Int), b.mul(rd(b, v), rd(b, v)));
    ret(b, b.mul(b.math(MathFn::Sin, {rd(b, v)}),
                 b.load(o, c(b, 0, Type::Int))));
  }
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *r = f->newVar("r", Type::Double), *q = f->newVar("q", Type::Double);
  Array *buf = f->newArray("buf", Type::Double);
  buf->size = 1, buf->dims = {1};
  Builder b(*f);
  b.create(OpKind::DeclArray, Type::Void)->arr = buf;
  b.decl(r, call(b, *g, {rd(b, x)}, {buf}, {0, ~0}));
  Op *b0 = b.load(buf, c(b, 0, Type::Int));
  Op *mid = b.mul(b0, rd(b, x));
  b.decl(q, call(b, *g, {c(b, 2)}, {buf}, {0, ~0}));
  ret(b, b.add(b.add(rd(b, r), mid), rd(b, q)));
  checkJvp(*f, {0.7}, {});
  checkGrad(*f, {0.7}, {});
}

TEST(TangentTest, FloatAndDoubleMix) {
  // float f(float x, double y) { double t = (double)x * y;
  //   return (float)sin(t) * x; }
  auto f = newFunction("f", Type::Float);
  Var *x = scalarParam(*f, "x", Type::Float), *y = scalarParam(*f, "y");
  Var *t = f->newVar("t", Type::Double);
  Builder b(*f);
  b.decl(t, b.mul(b.cast(rd(b, x), Type::Double), rd(b, y)));
  ret(b, b.mul(b.cast(b.math(MathFn::Sin, {rd(b, t)}), Type::Float),
               rd(b, x)));
  checkJvp(*f, {0.625, 1.25}, {}, 1e-4);
  checkGrad(*f, {0.625, 1.25}, {}, 1e-4);
}

TEST(TangentTest, ActiveValueThroughIntegerIsCutOff) {
  // int k = (int)(x * 3); return a[k] * x;
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Array *a = arrayParam(*f, "a", Type::Double, true);
  Var *k = f->newVar("k", Type::Int);
  Builder b(*f);
  b.decl(k, b.cast(b.mul(rd(b, x), c(b, 3)), Type::Int));
  ret(b, b.mul(b.load(a, rd(b, k)), rd(b, x)));
  checkJvp(*f, {0.5}, {{1.0, 2.0, 3.0}});
  checkGrad(*f, {0.5}, {{1.0, 2.0, 3.0}});
}

} // namespace
