// Stats: op counts scaled by constant trip counts, loop trip counts, array
// extents.
#include "analysis/Stats.h"
#include "IRHelpers.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

struct StatsTest : ::testing::Test {
  std::unique_ptr<Function> f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Array *a = arrayParam(*f, "a", Type::Double, true);
  Array *o = arrayParam(*f, "o");
  Builder b{*f};
  Op *idx(int64_t k) { return b.constant(static_cast<double>(k), Type::Int); }
  size_t indexOf(const Op *op) const {
    for (size_t k = 0; k < f->body.ops.size(); ++k)
      if (f->body.ops[k].get() == op)
        return k;
    return ~size_t(0);
  }
};

TEST_F(StatsTest, StraightLineCounts) {
  Op *rx = b.readVar(x);
  Op *m = b.mul(rx, b.load(a, idx(0)));
  Op *d = b.div(m, b.load(a, idx(2)));
  Op *s = b.add(b.math(MathFn::Sin, {d}), b.math(MathFn::Fabs, {rx}));
  b.store(o, idx(1), b.neg(s));
  ret(b, b.binary(OpKind::Sub, s, rx));
  OpCounts c = countOps(*f);
  EXPECT_EQ(c.mul, 1);
  EXPECT_EQ(c.div, 1);
  EXPECT_EQ(c.add, 3); // add, neg, sub
  EXPECT_EQ(c.transcendental, 1);
  EXPECT_EQ(c.other_math, 1);
  EXPECT_EQ(c.loads, 2);
  EXPECT_EQ(c.stores, 1);
  EXPECT_EQ(c.tangentProducts, 0);
  EXPECT_TRUE(c.exact);
  EXPECT_EQ(inferExtent(*f, a), 3);
  EXPECT_EQ(inferExtent(*f, o), 2);
}

TEST_F(StatsTest, IntegerArithmeticIsNotCountedAsAdds) {
  Var *i = f->newVar("i", Type::Int);
  b.decl(i, b.binary(OpKind::Add, idx(1), idx(2)));
  ret(b, b.readVar(x));
  EXPECT_EQ(countOps(*f).add, 0);
}

TEST_F(StatsTest, TangentProductsAreCountedApart) {
  Op *m = b.binary(OpKind::Mul, b.readVar(x), b.readVar(x));
  m->tangentProduct = true;
  ret(b, b.mul(m, b.readVar(x)));
  OpCounts c = countOps(*f);
  EXPECT_EQ(c.tangentProducts, 1);
  EXPECT_EQ(c.mul, 1);
}

TEST_F(StatsTest, CanonicalLoopMultipliesByTripCount) {
  // s = 0; for (int i = 0; i < 3; ++i) { s = s + a[i] * x; o[i] = s; }
  Var *s = f->newVar("s", Type::Double), *i = f->newVar("i", Type::Int);
  b.decl(s, b.constant(0, Type::Double));
  Op *l = countedLoop(b, i, 0, 3);
  b.writeVar(s,
             b.add(b.readVar(s), b.mul(b.load(a, b.readVar(i)), b.readVar(x))));
  b.store(o, b.readVar(i), b.readVar(s));
  b.setBlock(l->block);
  ret(b, b.math(MathFn::Exp, {b.readVar(s)}));
  EXPECT_EQ(staticTripCount(f->body, indexOf(l)), 3);
  EXPECT_EQ(staticTripCount(f->body, 0), -1); // not a loop
  OpCounts c = countOps(*f);
  EXPECT_EQ(c.mul, 3);
  EXPECT_EQ(c.add, 3);
  EXPECT_EQ(c.loads, 3);
  EXPECT_EQ(c.stores, 3);
  EXPECT_EQ(c.transcendental, 1);
  EXPECT_TRUE(c.exact);
  EXPECT_EQ(inferExtent(*f, a), 3);
  EXPECT_EQ(inferExtent(*f, o), 3);
}

TEST_F(StatsTest, NestedCanonicalLoopsMultiply) {
  Var *i = f->newVar("i", Type::Int), *j = f->newVar("j", Type::Int);
  Op *outer = countedLoop(b, i, 1, 4); // 3 trips
  Op *inner = countedLoop(b, j, 0, 5); // 5 trips
  b.store(o, b.readVar(j), b.mul(b.readVar(x), b.readVar(x)));
  b.setBlock(inner->block);
  b.setBlock(outer->block);
  ret(b, b.readVar(x));
  OpCounts c = countOps(*f);
  EXPECT_EQ(c.mul, 15);
  EXPECT_EQ(c.stores, 15);
  EXPECT_TRUE(c.exact);
  EXPECT_EQ(inferExtent(*f, o), 5);
}

TEST_F(StatsTest, WhileLoopIsNotExact) {
  // while (x < 10) x = x * 2;
  Op *l = b.loop(LoopKind::While);
  b.setBlock(l->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(x), b.constant(10, Type::Double))});
  b.setBlock(l->region(1));
  b.writeVar(x, b.mul(b.readVar(x), b.constant(2, Type::Double)));
  b.setBlock(&f->body);
  ret(b, b.readVar(x));
  EXPECT_EQ(staticTripCount(f->body, indexOf(l)), -1);
  OpCounts c = countOps(*f);
  EXPECT_FALSE(c.exact);
  EXPECT_EQ(c.mul, 1); // counted once per iteration
}

TEST_F(StatsTest, LoopWritingItsCounterIsNotCounted) {
  Var *i = f->newVar("i", Type::Int);
  Op *l = countedLoop(b, i, 0, 3);
  b.writeVar(i, b.binary(OpKind::Add, b.readVar(i), idx(1)));
  b.setBlock(l->block);
  ret(b, b.readVar(x));
  EXPECT_EQ(staticTripCount(f->body, indexOf(l)), -1);
  EXPECT_FALSE(countOps(*f).exact);
}

TEST_F(StatsTest, StepFromAnotherVariableIsNotCounted) {
  // int k = 0; for (int i = 0; i < 3; i = k + 1) ...: never terminates.
  Var *k = f->newVar("k", Type::Int), *i = f->newVar("i", Type::Int);
  b.decl(k, idx(0));
  Op *l = countedLoop(b, i, 0, 3);
  l->region(2)->ops.back()->operands[0]->operands[0]->var = k;
  b.setBlock(l->block);
  ret(b, b.readVar(x));
  EXPECT_EQ(staticTripCount(f->body, indexOf(l)), -1);
}

TEST_F(StatsTest, StepAdvancingTwiceIsNotCounted) {
  // for (int i = 0; i < 3; ++i, ++i): two trips, not three.
  Var *i = f->newVar("i", Type::Int);
  Op *l = countedLoop(b, i, 0, 3);
  b.setBlock(l->region(2));
  b.writeVar(i, b.binary(OpKind::Add, b.readVar(i), idx(1)));
  b.setBlock(l->block);
  ret(b, b.readVar(x));
  int64_t n = staticTripCount(f->body, indexOf(l));
  EXPECT_TRUE(n == -1 || n == 2) << n;
}

TEST_F(StatsTest, NonConstantIndexHasUnknownExtent) {
  Op *k = b.cast(b.readVar(x), Type::Int);
  ret(b, b.load(a, k));
  EXPECT_EQ(inferExtent(*f, a), -1);
  EXPECT_EQ(inferExtent(*f, o), 0); // never accessed
}

TEST_F(StatsTest, ArrayPassedToCallHasUnknownExtent) {
  auto g = newFunction("g", Type::Void);
  arrayParam(*g, "p", Type::Double, true);
  Builder gb(*g);
  ret(gb);
  Op *c = b.create(OpKind::Call, Type::Void);
  c->callee = g.get();
  c->arrays = {a};
  c->argOrder = {~0};
  b.load(a, idx(4));
  ret(b, b.readVar(x));
  EXPECT_EQ(inferExtent(*f, a), -1);
}

} // namespace

// Tape bytes per iteration follow loop roles, not comments: a snapshot save
// (an array push) counts in its enclosing loop (times its element count),
// the backward sweep's loops are not reported, and a comment alone changes
// nothing.
TEST_F(StatsTest, TapeBytesFollowLoopRoles) {
  Array *tape = f->newArray("tape", Type::Double);
  tape->isTape = true;
  Var *i = f->newVar("i", Type::Int);
  Op *outer = countedLoop(b, i, 0, 8);
  outer->loc.line = 3;
  b.pushArray(tape, a, b.constant(4, Type::Int));
  b.setBlock(outer->block);
  Var *j = f->newVar("j", Type::Int);
  Op *back = countedLoop(b, j, 0, 8);
  back->role = OpRole::BackwardLoop;
  back->loc.line = 5;
  b.setBlock(back->block);
  Var *m = f->newVar("m", Type::Int);
  Op *plain = countedLoop(b, m, 0, 2);
  plain->comment = "save nothing: a comment is text only";
  plain->loc.line = 6;
  b.push(tape, b.readVar(x));
  b.setBlock(plain->block);
  ret(b, b.readVar(x));
  std::vector<LoopTape> t = tapeBytesPerIteration(*f);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].line, 3u);
  EXPECT_EQ(t[0].bytesPerIteration, 32); // 4 saved doubles
  EXPECT_EQ(t[1].line, 6u);
  EXPECT_EQ(t[1].bytesPerIteration, 8);
}
