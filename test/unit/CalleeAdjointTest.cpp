// Callee adjoints (transform/CalleeAdjoint.h): which calls reverse mode
// keeps, recursion found through callees, and the analyses that walk
// callee bodies terminating on recursive ones.
#include "transform/CalleeAdjoint.h"
#include "IRHelpers.h"
#include "Interp.h"
#include "analysis/Activity.h"
#include "ir/Verifier.h"
#include "transform/Tangent.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

int calls(const Block &blk) {
  int n = 0;
  walk(blk, [&](const Op &o) { n += o.kind == OpKind::Call; });
  return n;
}

Op *call(Builder &b, Function &g, std::vector<Op *> scalars,
         std::vector<Array *> arrays, std::vector<int> order) {
  Op *c = b.create(OpKind::Call, g.retType, std::move(scalars));
  c->callee = &g;
  for (Array *a : arrays)
    addArrayArg(*c, a);
  c->argOrder = std::move(order);
  return c;
}

/// sum(a, k): s = 0; for (i = 0; i < 4; ++i) s += k * a[i]; return s
std::unique_ptr<Function> sumOf() {
  auto g = newFunction("sum");
  Array *a = arrayParam(*g, "a", Type::Double, true);
  Var *k = scalarParam(*g, "k");
  Var *s = g->newVar("s", Type::Double), *i = g->newVar("i", Type::Int);
  Builder b(*g);
  b.decl(s, b.constant(0, Type::Double));
  Op *lp = countedLoop(b, i, 0, 4);
  b.writeVar(s,
             b.add(b.readVar(s), b.mul(b.readVar(k), b.load(a, b.readVar(i)))));
  b.setBlock(lp->block);
  ret(b, b.readVar(s));
  return g;
}

enum class WriteX { Never, Before, After };

/// f(x, y) = sum(x, 2) · sum(y, 3)^(sites − 1), with `x[0] = 1` before or
/// after the first call when asked.
std::unique_ptr<Function> twoSites(Function &sum, int sites,
                                   WriteX writeX = WriteX::Never) {
  auto f = newFunction("f");
  Array *x = arrayParam(*f, "x");
  Array *y = arrayParam(*f, "y", Type::Double, true);
  Builder b(*f);
  auto store = [&] {
    b.store(x, b.constant(0, Type::Int), b.constant(1, Type::Double));
  };
  if (writeX == WriteX::Before)
    store();
  Op *v = call(b, sum, {b.constant(2, Type::Double)}, {x}, {~0, 0});
  if (writeX == WriteX::After)
    store();
  for (int k = 1; k < sites; ++k)
    v = b.mul(v, call(b, sum, {b.constant(3, Type::Double)}, {y}, {~0, 0}));
  ret(b, v);
  return f;
}

TEST(CalleeAdjointTest, KeepsAHelperWithALoopCalledFromSeveralPlaces) {
  auto sum = sumOf();
  auto f = twoSites(*sum, 2);
  EXPECT_TRUE(hasOwnAdjoint(*sum));
  EXPECT_EQ(inlineForAdjoint(*f), 0);
  EXPECT_EQ(calls(f->body), 2);
  EXPECT_TRUE(verify(*f).empty());
}

TEST(CalleeAdjointTest, InlinesAHelperCalledOnce) {
  auto sum = sumOf();
  auto f = twoSites(*sum, 1);
  EXPECT_EQ(inlineForAdjoint(*f), 1);
  EXPECT_EQ(calls(f->body), 0);
}

TEST(CalleeAdjointTest, InlinesACallOnAnArrayTheCallerWritesLater) {
  auto sum = sumOf();
  auto f = twoSites(*sum, 2, WriteX::After);
  // sum(x, 2): x is written after it, and a copy needs x's extent
  EXPECT_EQ(inlineForAdjoint(*f), 1);
  EXPECT_EQ(calls(f->body), 1); // sum(y, 3) stays
  EXPECT_TRUE(verify(*f).empty());
  auto g = twoSites(*sum, 2, WriteX::After);
  EXPECT_EQ(inlineForAdjoint(*g, {"x"}), 0); // size(x, ...): copied
}

TEST(CalleeAdjointTest, KeepsACallOnAnArrayWrittenBeforeIt) {
  auto sum = sumOf();
  auto f = twoSites(*sum, 2, WriteX::Before);
  EXPECT_EQ(inlineForAdjoint(*f), 0);
  ASSERT_EQ(calls(f->body), 2);
  const Op *first = nullptr;
  for (auto &op : f->body.ops)
    if (!first && op->kind == OpKind::Call)
      first = op.get();
  ASSERT_TRUE(first);
  auto copies = callCopies(*f, *first);
  ASSERT_TRUE(copies);
  EXPECT_EQ(copies->at(0), CallCopy::None); // as the call saw it, until the end
}

/// fill(out, k): for (i = 0; i < 4; ++i) out[i] = k [+ out[i] when reads]
std::unique_ptr<Function> fillOf(bool reads) {
  auto g = newFunction("fill", Type::Void);
  Array *out = arrayParam(*g, "out");
  Var *k = scalarParam(*g, "k");
  Var *i = g->newVar("i", Type::Int);
  Builder b(*g);
  Op *lp = countedLoop(b, i, 0, 4);
  Op *v = b.readVar(k);
  if (reads)
    v = b.add(v, b.load(out, b.readVar(i)));
  b.store(out, b.readVar(i), v);
  b.setBlock(lp->block);
  ret(b);
  return g;
}

TEST(CalleeAdjointTest, CopiesWhatAWritingCallSees) {
  // t[4] local; fill(t, 1); [t[0] = 2;] fill(t, 3); fill(p, 4) on a parameter
  for (bool reads : {false, true})
    for (bool between : {false, true}) {
      auto fill = fillOf(reads);
      EXPECT_TRUE(hasOwnAdjoint(*fill));
      auto f = newFunction("f", Type::Void);
      Array *p = arrayParam(*f, "p");
      Array *t = f->newArray("t", Type::Double);
      t->size = 4;
      Builder b(*f);
      b.declArray(t);
      Op *c1 = call(b, *fill, {b.constant(1, Type::Double)}, {t}, {~0, 0});
      if (between)
        b.store(t, b.constant(0, Type::Int), b.constant(2, Type::Double));
      Op *c2 = call(b, *fill, {b.constant(3, Type::Double)}, {t}, {~0, 0});
      Op *c3 = call(b, *fill, {b.constant(4, Type::Double)}, {p}, {~0, 0});
      ret(b);
      SCOPED_TRACE(std::string(reads ? "reads" : "writes only") +
                   (between ? ", written between" : ""));
      // The first call: t is declared just before it, and written later.
      EXPECT_EQ(callCopies(*f, *c1)->at(0), CallCopy::Fresh);
      // The second: t is final after it; a re-run reading t needs t as it
      // was before the call.
      EXPECT_EQ(callCopies(*f, *c2)->at(0),
                reads ? CallCopy::Copy : CallCopy::None);
      // A parameter the callee reads: its initial values, copied.
      EXPECT_EQ(callCopies(*f, *c3)->at(0),
                reads ? CallCopy::Copy : CallCopy::None);
    }
}

/// r(x, n) = n == 0 ? x : x * r(x, n - 1), through an If; and h calling r.
struct Recursive {
  std::unique_ptr<Function> r = newFunction("r"), h = newFunction("h");
  Recursive() {
    Var *x = scalarParam(*r, "x");
    Var *n = scalarParam(*r, "n", Type::Int);
    Var *out = r->newVar("out", Type::Double);
    Builder b(*r);
    b.decl(out, b.readVar(x));
    Op *c =
        b.ifOp(b.binary(OpKind::Gt, b.readVar(n), b.constant(0, Type::Int)));
    b.setBlock(c->region(0));
    Op *inner = call(
        b, *r, {b.readVar(x), b.sub(b.readVar(n), b.constant(1, Type::Int))},
        {}, {0, 1});
    b.writeVar(out, b.mul(b.readVar(x), inner));
    b.setBlock(&r->body);
    ret(b, b.readVar(out));
    Var *hx = scalarParam(*h, "x");
    Builder hb(*h);
    ret(hb,
        call(hb, *r, {hb.readVar(hx), hb.constant(3, Type::Int)}, {}, {0, 1}));
  }
};

TEST(CalleeAdjointTest, RecursionIsFoundAndNeverInlined) {
  Recursive rc;
  EXPECT_TRUE(callsItself(*rc.r));
  EXPECT_FALSE(callsItself(*rc.h));
  EXPECT_EQ(uninlinableCallee(*rc.h), rc.r.get());
  EXPECT_EQ(uninlinableCallee(*rc.r), rc.r.get());
  EXPECT_DOUBLE_EQ(interpret(*rc.h, {1.5}), 1.5 * 1.5 * 1.5 * 1.5);
  EXPECT_EQ(inlineCalls(*rc.h), 0); // even without a rule
  EXPECT_EQ(inlineForAdjoint(*rc.h), 0);
  EXPECT_EQ(calls(rc.h->body), 1);
}

TEST(CalleeAdjointTest, WritesParamArrayTerminatesOnRecursion) {
  // w(a, n): if (n > 0) { [a[0] = 1;] w(a, n - 1); } return 0
  for (bool store : {false, true}) {
    auto w = newFunction("w");
    Array *a = arrayParam(*w, "a");
    Var *n = scalarParam(*w, "n", Type::Int);
    Builder b(*w);
    Op *c =
        b.ifOp(b.binary(OpKind::Gt, b.readVar(n), b.constant(0, Type::Int)));
    b.setBlock(c->region(0));
    call(b, *w, {b.sub(b.readVar(n), b.constant(1, Type::Int))}, {a}, {~0, 0});
    if (store)
      b.store(a, b.constant(0, Type::Int), b.constant(1, Type::Double));
    b.setBlock(&w->body);
    ret(b, b.constant(0, Type::Double));
    EXPECT_EQ(writesParamArray(*w, 0), store);
    EXPECT_EQ(hasOwnAdjoint(*w), !store);
  }
}

} // namespace

namespace {

bool hasTapeParam(const Function &f) {
  for (const Param &p : f.params)
    if (p.role == ParamRole::Tape && p.arr && p.arr->isTape)
      return true;
  return false;
}

} // namespace

TEST(CalleeAdjointTest, SplitsAHelperIntoTapingAndReversingHalves) {
  // sq(a): s = 0; for (i < 4) s += sin(a[i]) * a[i]; return s: the
  // partials need sin(a[i]) and cos(a[i]), taped by the forward half.
  auto g = newFunction("sq");
  Array *a = arrayParam(*g, "a", Type::Double, true);
  Var *s = g->newVar("s", Type::Double), *i = g->newVar("i", Type::Int);
  Builder b(*g);
  b.decl(s, b.constant(0, Type::Double));
  Op *lp = countedLoop(b, i, 0, 4);
  Op *x = b.load(a, b.readVar(i));
  b.writeVar(s, b.add(b.readVar(s), b.mul(b.math(MathFn::Sin, {x}), x)));
  b.setBlock(lp->block);
  ret(b, b.readVar(s));
  DerivedModule dm;
  SplitAdjoint sp = dm.splitOf(*g, {true});
  ASSERT_TRUE(sp.fwd && sp.rev);
  EXPECT_EQ(sp.fwd->retType, Type::Double); // the primal value
  EXPECT_EQ(sp.rev->retType, Type::Void);
  EXPECT_EQ(sp.rev->splitForward, sp.fwd);
  EXPECT_TRUE(hasTapeParam(*sp.fwd));
  EXPECT_TRUE(hasTapeParam(*sp.rev));
  EXPECT_TRUE(verify(*sp.fwd).empty());
  EXPECT_TRUE(verify(*sp.rev).empty());
  // The forward half has no adjoints; the backward half takes a_bar.
  for (const Param &p : sp.fwd->params)
    EXPECT_EQ(p.shadowOf, -1);
  EXPECT_EQ(dm.splitOf(*g, {true}).rev, sp.rev); // built once
}

TEST(CalleeAdjointTest, RecursionStaysInJointMode) {
  Recursive rc;
  DerivedModule dm;
  SplitAdjoint sp = dm.splitOf(*rc.r, {true, false});
  EXPECT_FALSE(sp.fwd || sp.rev);
}
