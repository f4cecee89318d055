// Loop analysis: the one counted-loop matcher and loop-carried variables.
#include "analysis/Loops.h"
#include "IRHelpers.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

struct LoopsTest : ::testing::Test {
  std::unique_ptr<Function> f = newFunction("f");
  Var *n = scalarParam(*f, "n", Type::Int);
  Var *x = scalarParam(*f, "x");
  Builder b{*f};
  Var *i = f->newVar("i", Type::Int);

  std::optional<CountedLoop> match(const Op *loop,
                                   DeclSearch s = DeclSearch::Adjacent) {
    return matchCountedLoop(f->body, f->body.indexOf(loop), s);
  }
};

TEST_F(LoopsTest, ConstantBoundsGiveTrips) {
  Op *l = countedLoop(b, i, 2, 7);
  b.setBlock(&f->body);
  auto c = match(l);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->counter, i);
  EXPECT_EQ(c->decl, f->body.ops[f->body.indexOf(l) - 1].get());
  EXPECT_TRUE(Builder::isConst(c->init, 2));
  EXPECT_TRUE(Builder::isConst(c->bound, 7));
  EXPECT_EQ(c->constantTrips(), 5);
}

TEST_F(LoopsTest, BoundFromAParameterHasNoConstantTrips) {
  b.decl(i, b.constant(0, Type::Int));
  Op *l = b.loop(LoopKind::For);
  b.setBlock(l->region(0));
  Op *bound = b.readVar(n);
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(i), bound)});
  b.setBlock(l->region(2));
  b.writeVar(i, b.binary(OpKind::Add, b.readVar(i), b.constant(1, Type::Int)));
  b.setBlock(&f->body);
  auto c = match(l);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->bound, bound);
  EXPECT_EQ(c->constantTrips(), -1);
}

TEST_F(LoopsTest, AnotherConditionKeepsTheCounterWithoutBound) {
  // for (int i = 0; i != n; ++i)
  b.decl(i, b.constant(0, Type::Int));
  Op *l = b.loop(LoopKind::For);
  b.setBlock(l->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Ne, b.readVar(i), b.readVar(n))});
  b.setBlock(l->region(2));
  b.writeVar(i, b.binary(OpKind::Add, b.readVar(i), b.constant(1, Type::Int)));
  b.setBlock(&f->body);
  auto c = match(l);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->counter, i);
  EXPECT_EQ(c->bound, nullptr);
}

TEST_F(LoopsTest, ACounterWrittenInTheBodyIsNone) {
  Op *l = countedLoop(b, i, 0, 4);
  b.writeVar(i, b.constant(3, Type::Int));
  b.setBlock(&f->body);
  EXPECT_FALSE(match(l));
}

TEST_F(LoopsTest, AStepOfTwoIsNone) {
  b.decl(i, b.constant(0, Type::Int));
  Op *l = b.loop(LoopKind::For);
  b.setBlock(l->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(i), b.constant(8, Type::Int))});
  b.setBlock(l->region(2));
  b.writeVar(i, b.binary(OpKind::Add, b.readVar(i), b.constant(2, Type::Int)));
  b.setBlock(&f->body);
  EXPECT_FALSE(match(l));
}

TEST_F(LoopsTest, DeclarationSearchRules) {
  Var *t = f->newVar("t", Type::Double);
  b.decl(i, b.constant(0, Type::Int));
  b.decl(t, b.constant(1, Type::Double)); // between: does not write i
  Op *l = b.loop(LoopKind::For);
  b.setBlock(l->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(i), b.constant(3, Type::Int))});
  b.setBlock(l->region(2));
  b.writeVar(i, b.binary(OpKind::Add, b.readVar(i), b.constant(1, Type::Int)));
  b.setBlock(&f->body);
  EXPECT_FALSE(match(l, DeclSearch::Adjacent));
  auto c = match(l, DeclSearch::ThroughOthers);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->constantTrips(), 3);
  // A write of i in between breaks the search.
  b.setInsertPoint(Builder::InsertPoint::beforeOp(l));
  b.writeVar(i, b.readVar(n));
  b.setBlock(&f->body);
  EXPECT_FALSE(match(l, DeclSearch::ThroughOthers));
}

TEST_F(LoopsTest, EmptyRangeHasNoConstantTrips) {
  Op *l = countedLoop(b, i, 5, 2);
  b.setBlock(&f->body);
  auto c = match(l);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->constantTrips(), -1);
}

TEST_F(LoopsTest, CarriedVariables) {
  // h = h * x carried; t = x; u = t * t not carried (written first).
  Var *h = f->newVar("h", Type::Double), *t = f->newVar("t", Type::Double);
  b.decl(h, b.constant(1, Type::Double));
  b.decl(t, b.constant(0, Type::Double));
  Op *l = countedLoop(b, i, 0, 4);
  b.writeVar(t, b.readVar(x));
  b.writeVar(h, b.mul(b.readVar(h), b.readVar(t)));
  b.setBlock(&f->body);
  EXPECT_TRUE(carriedByLoop(*l, h));
  EXPECT_FALSE(carriedByLoop(*l, t));
  EXPECT_TRUE(carriedByLoop(*l, i)); // read by the condition
  EXPECT_TRUE(writesVar(*l->region(1), h));
  EXPECT_FALSE(writesVar(*l->region(1), x));
  EXPECT_TRUE(readsVar(*l, x));
}

TEST_F(LoopsTest, SteppedVarsChangeByConstantsInLoopBodiesOnly) {
  // int k = 0, m = 0, p = 0, q = 0;
  // for (i < 4) { for (j < 3) { ++k; m = m - 2; if (x) ++p; q = q * 2; } }
  Var *j = f->newVar("j", Type::Int);
  Var *k = f->newVar("k", Type::Int), *m = f->newVar("m", Type::Int);
  Var *p = f->newVar("p", Type::Int), *q = f->newVar("q", Type::Int);
  for (Var *v : {k, m, p, q})
    b.decl(v, b.constant(0, Type::Int));
  Op *outer = countedLoop(b, i, 0, 4);
  Block *body = b.block();
  Op *inner = countedLoop(b, j, 0, 3);
  Op *stepK = b.writeVar(k, b.add(b.readVar(k), b.constant(1, Type::Int)));
  Op *stepM = b.writeVar(m, b.sub(b.readVar(m), b.constant(2, Type::Int)));
  Op *branch =
      b.ifOp(b.binary(OpKind::Gt, b.readVar(x), b.constant(0, Type::Double)));
  b.setBlock(branch->region(0));
  b.writeVar(p, b.add(b.readVar(p), b.constant(1, Type::Int)));
  b.setBlock(inner->region(1));
  b.writeVar(q, b.mul(b.readVar(q), b.constant(2, Type::Int)));
  b.setBlock(body);
  b.setBlock(&f->body);
  EXPECT_EQ(constantStep(*stepK), 1.0);
  EXPECT_EQ(constantStep(*stepM), -2.0);
  auto all = [](const Op &) { return true; };
  // Not i (its step region), j (declared inside), p (under an if), q.
  EXPECT_EQ(steppedVars(*outer, all), (std::vector<const Var *>{k, m}));
  EXPECT_EQ(steppedVars(*inner, all), (std::vector<const Var *>{k, m}));
  // A loop the backward sweep does not reverse steps nothing back.
  auto notInner = [&](const Op &l) { return &l != inner; };
  EXPECT_TRUE(steppedVars(*outer, notInner).empty());
  // A break anywhere in the loop: nothing.
  b.setBlock(inner->region(1));
  b.create(OpKind::Break, Type::Void);
  b.setBlock(&f->body);
  EXPECT_TRUE(steppedVars(*outer, all).empty());
}

} // namespace
