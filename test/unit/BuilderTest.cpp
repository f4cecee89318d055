// Builder: folding of neutral/absorbing constants, op bookkeeping, regions.
#include "IRHelpers.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

struct BuilderTest : ::testing::Test {
  std::unique_ptr<Function> f = newFunction("f");
  Var *xv = scalarParam(*f, "x");
  Var *yv = scalarParam(*f, "y");
  Builder b{*f};
  Op *x = b.readVar(xv);
  Op *y = b.readVar(yv);
  Op *c(double v) { return b.constant(v, Type::Double); }
  size_t count() const { return f->body.ops.size(); }
};

TEST_F(BuilderTest, MulByOneIsTheOtherOperand) {
  EXPECT_EQ(b.mul(x, c(1)), x);
  EXPECT_EQ(b.mul(c(1), x), x);
}

TEST_F(BuilderTest, MulByZeroOrNullIsNull) {
  EXPECT_EQ(b.mul(x, c(0)), nullptr);
  EXPECT_EQ(b.mul(c(0), x), nullptr);
  EXPECT_EQ(b.mul(x, nullptr), nullptr);
  EXPECT_EQ(b.mul(nullptr, x), nullptr);
}

TEST_F(BuilderTest, MulByMinusOneNegates) {
  Op *m = b.mul(c(-1), x);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->kind, OpKind::Neg);
  EXPECT_EQ(m->operands[0], x);
}

TEST_F(BuilderTest, MulOfTwoValuesIsAMul) {
  Op *m = b.mul(x, y);
  EXPECT_EQ(m->kind, OpKind::Mul);
  EXPECT_EQ(m->operands, (std::vector<Op *>{x, y}));
  EXPECT_EQ(m->type, Type::Double);
}

TEST_F(BuilderTest, AddOfZeroOrNullIsTheOtherOperand) {
  EXPECT_EQ(b.add(x, c(0)), x);
  EXPECT_EQ(b.add(c(0), x), x);
  EXPECT_EQ(b.add(x, nullptr), x);
  EXPECT_EQ(b.add(nullptr, x), x);
  EXPECT_EQ(b.add(nullptr, nullptr), nullptr);
}

TEST_F(BuilderTest, AddOfNegationIsSub) {
  Op *n = b.neg(y);
  Op *a = b.add(x, n);
  EXPECT_EQ(a->kind, OpKind::Sub);
  EXPECT_EQ(a->operands, (std::vector<Op *>{x, y}));
}

TEST_F(BuilderTest, SubFolding) {
  EXPECT_EQ(b.sub(x, c(0)), x);
  EXPECT_EQ(b.sub(x, nullptr), x);
  Op *n = b.sub(c(0), x);
  EXPECT_EQ(n->kind, OpKind::Neg);
  EXPECT_EQ(n->operands[0], x);
  Op *n2 = b.sub(nullptr, y);
  EXPECT_EQ(n2->kind, OpKind::Neg);
  EXPECT_EQ(b.sub(x, y)->kind, OpKind::Sub);
}

TEST_F(BuilderTest, NegFolding) {
  Op *n = b.neg(x);
  EXPECT_EQ(n->kind, OpKind::Neg);
  EXPECT_EQ(b.neg(n), x); // -(-x) = x
  EXPECT_EQ(b.neg(nullptr), nullptr);
  Op *k = b.neg(c(2.5));
  EXPECT_EQ(k->kind, OpKind::Const);
  EXPECT_EQ(k->num, -2.5);
  EXPECT_EQ(k->type, Type::Double);
}

TEST_F(BuilderTest, DivFolding) {
  EXPECT_EQ(b.div(x, c(1)), x);
  EXPECT_EQ(b.div(c(0), x), nullptr);
  EXPECT_EQ(b.div(nullptr, x), nullptr);
  EXPECT_EQ(b.div(x, y)->kind, OpKind::Div);
}

TEST_F(BuilderTest, FoldingCreatesNoDeadOps) {
  size_t before = count();
  b.mul(x, nullptr);
  b.add(x, nullptr);
  b.sub(x, nullptr);
  b.neg(b.neg(x));
  EXPECT_EQ(count(), before + 1); // only the inner neg
}

TEST_F(BuilderTest, BinaryComparisonsAreBool) {
  EXPECT_EQ(b.binary(OpKind::Lt, x, y)->type, Type::Bool);
  EXPECT_EQ(b.binary(OpKind::And, x, y)->type, Type::Bool);
  EXPECT_EQ(b.binary(OpKind::Rem, x, y)->type, Type::Double);
}

TEST_F(BuilderTest, CastFoldsConstantsAndSameType) {
  EXPECT_EQ(b.cast(x, Type::Double), x);
  Op *k = b.cast(c(2.75), Type::Int);
  EXPECT_EQ(k->kind, OpKind::Const);
  EXPECT_EQ(k->num, 2);
  EXPECT_EQ(k->type, Type::Int);
  Op *cf = b.cast(x, Type::Float);
  EXPECT_EQ(cf->kind, OpKind::Cast);
  EXPECT_EQ(cf->type, Type::Float);
}

TEST_F(BuilderTest, OpsKnowTheirBlockAndOrder) {
  Op *m = b.mul(x, y);
  ASSERT_GE(count(), 3u);
  EXPECT_EQ(f->body.ops.back().get(), m);
  EXPECT_EQ(m->block, &f->body);
  EXPECT_EQ(x->block, &f->body);
  EXPECT_EQ(x->var, xv);
  EXPECT_EQ(x->type, Type::Double);
}

TEST_F(BuilderTest, SetLocStampsOps) {
  b.setLoc(SourceLoc{7, 3});
  Op *m = b.mul(x, y);
  EXPECT_EQ(m->loc.line, 7u);
  EXPECT_EQ(m->loc.col, 3u);
}

TEST_F(BuilderTest, IfHasTwoRegionsOwnedByIt) {
  Op *i = b.ifOp(b.binary(OpKind::Lt, x, y));
  ASSERT_EQ(i->regions.size(), 2u);
  for (auto &r : i->regions) {
    EXPECT_EQ(r->parent, i);
    EXPECT_TRUE(r->ops.empty());
  }
  b.setBlock(i->region(0));
  Op *inner = b.add(x, y);
  EXPECT_EQ(inner->block, i->region(0));
  EXPECT_EQ(inner->block->parent, i);
}

TEST_F(BuilderTest, LoopHasThreeRegionsOwnedByIt) {
  Op *l = b.loop(LoopKind::While);
  EXPECT_EQ(l->kind, OpKind::Loop);
  EXPECT_EQ(l->loopKind, LoopKind::While);
  EXPECT_FALSE(l->hasResult());
  ASSERT_EQ(l->regions.size(), 3u);
  for (auto &r : l->regions)
    EXPECT_EQ(r->parent, l);
}

TEST_F(BuilderTest, DeclWriteStoreLoad) {
  Var *t = f->newVar("t", Type::Double);
  Op *d = b.decl(t, x);
  EXPECT_EQ(d->operands, std::vector<Op *>{x});
  EXPECT_TRUE(b.decl(t)->operands.empty());
  Array *a = arrayParam(*f, "a");
  Op *i0 = b.constant(0, Type::Int);
  Op *ld = b.load(a, i0);
  EXPECT_EQ(ld->type, Type::Double);
  EXPECT_EQ(ld->arr, a);
  Op *st = b.store(a, i0, y);
  EXPECT_EQ(st->operands, (std::vector<Op *>{i0, y}));
  EXPECT_FALSE(st->hasResult());
  Op *m = b.math(MathFn::Atan2, {x, y});
  EXPECT_EQ(m->fn, MathFn::Atan2);
  EXPECT_EQ(m->type, Type::Double);
}

} // namespace
