// Local value numbering (transform/ValueNumbering.h) on IR built by hand:
// what it merges, what a write, a call or a region in between keeps apart,
// and constant folding.
#include "transform/ValueNumbering.h"
#include "IRHelpers.h"
#include "transform/DeadCode.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

struct ValueNumberingTest : ::testing::Test {
  std::unique_ptr<Function> f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Array *a = arrayParam(*f, "a");
  Builder b{*f};
  Var *i = f->newVar("i", Type::Int);

  Op *raw(OpKind k, Op *l, Op *r) { return b.create(k, Type::Double, {l, r}); }
};

TEST_F(ValueNumberingTest, MergesTheSameArithmeticOnTheSameReads) {
  Op *m1 = raw(OpKind::Mul, b.constant(100, Type::Double), b.readVar(x));
  Op *m2 = raw(OpKind::Mul, b.constant(100, Type::Double), b.readVar(x));
  Op *sum = raw(OpKind::Add, m1, m2);
  ret(b, sum);
  EXPECT_EQ(numberValues(*f), 3); // the constant, the read, the product
  EXPECT_EQ(sum->operands[0], m1);
  EXPECT_EQ(sum->operands[1], m1);
  eliminateDeadCode(*f);
  EXPECT_EQ(f->body.ops.size(), 5u); // const, read, mul, add, return
}

TEST_F(ValueNumberingTest, AWriteOrARegionInBetweenKeepsReadsApart) {
  Op *r1 = b.readVar(x);
  b.writeVar(x, raw(OpKind::Add, r1, r1));
  Op *r2 = b.readVar(x);
  Op *l1 = b.load(a, b.constant(0, Type::Int));
  b.store(a, b.constant(1, Type::Int), r2);
  Op *l2 = b.load(a, b.constant(0, Type::Int));
  Op *l3 = b.load(a, b.constant(0, Type::Int)); // nothing wrote a since l2
  countedLoop(b, i, 0, 2);
  b.writeVar(x, b.readVar(x));
  b.setBlock(&f->body);
  Op *r3 = b.readVar(x);
  Op *use = b.create(OpKind::Select, Type::Double, {l1, l2, l3});
  ret(b, raw(OpKind::Add, raw(OpKind::Add, r1, r2), raw(OpKind::Add, r3, use)));
  numberValues(*f);
  EXPECT_EQ(use->operands[0], l1); // the store between: not merged
  EXPECT_EQ(use->operands[1], l2);
  EXPECT_EQ(use->operands[2], l2); // merged
  Op *outer = f->body.ops.back()->operands[0];
  EXPECT_EQ(outer->operands[0]->operands[0], r1);
  EXPECT_EQ(outer->operands[0]->operands[1], r2); // the write between
  EXPECT_EQ(outer->operands[1]->operands[0], r3); // the loop between
}

TEST_F(ValueNumberingTest, FoldsArithmeticOnConstants) {
  Op *sum = raw(OpKind::Add, b.constant(100, Type::Double),
                b.constant(100, Type::Double));
  Op *prod = raw(OpKind::Mul, sum, b.readVar(x));
  ret(b, prod);
  EXPECT_GE(numberValues(*f), 2);
  EXPECT_EQ(sum->kind, OpKind::Const);
  EXPECT_EQ(sum->num, 200);
  EXPECT_TRUE(sum->operands.empty());
  EXPECT_EQ(prod->operands[0], sum);
}

TEST_F(ValueNumberingTest, LibraryCallsStayApart) {
  Op *e1 = b.create(OpKind::Extern, Type::Double, {b.readVar(x)});
  e1->externName = "rand_like";
  Op *e2 = b.create(OpKind::Extern, Type::Double, {b.readVar(x)});
  e2->externName = "rand_like";
  Op *sum = raw(OpKind::Add, e1, e2);
  ret(b, sum);
  numberValues(*f);
  EXPECT_EQ(sum->operands[0], e1);
  EXPECT_EQ(sum->operands[1], e2);
}

TEST_F(ValueNumberingTest, AStoreToAParameterArrayForgetsOtherParameters) {
  Array *c = arrayParam(*f, "c");
  Array *local = f->newArray("t", Type::Double);
  local->size = 2;
  Op *l1 = b.load(a, b.constant(0, Type::Int));
  Op *t1 = b.load(local, b.constant(0, Type::Int));
  b.store(c, b.constant(0, Type::Int), l1); // c may be a
  Op *l2 = b.load(a, b.constant(0, Type::Int));
  Op *t2 = b.load(local, b.constant(0, Type::Int)); // a local is its own
  Op *use = b.create(OpKind::Select, Type::Double, {l1, l2, t2});
  ret(b, raw(OpKind::Add, use, t1));
  numberValues(*f);
  EXPECT_EQ(use->operands[1], l2);
  EXPECT_EQ(use->operands[2], t1);
}

TEST_F(ValueNumberingTest, NumbersOnlyAfterTheGivenOpWithoutFolding) {
  Op *m1 = raw(OpKind::Mul, b.constant(2, Type::Double), b.readVar(x));
  Op *m2 = raw(OpKind::Mul, b.constant(2, Type::Double), b.readVar(x));
  Op *mark = b.writeVar(f->newVar("y", Type::Double), raw(OpKind::Add, m1, m2));
  Op *m3 = raw(OpKind::Mul, b.constant(2, Type::Double), b.readVar(x));
  Op *m4 = raw(OpKind::Mul, b.constant(2, Type::Double), b.readVar(x));
  Op *folded = raw(OpKind::Add, b.constant(1, Type::Double),
                   b.constant(2, Type::Double));
  Op *sum = raw(OpKind::Add, raw(OpKind::Add, m3, m4), folded);
  ret(b, sum);
  numberValues(*f, /*foldConstants=*/false, mark);
  EXPECT_EQ(mark->operands[0]->operands[1], m2); // before the mark: kept
  EXPECT_EQ(sum->operands[0]->operands[1], m3);  // after it: merged
  EXPECT_EQ(folded->kind, OpKind::Add);          // not folded
}

} // namespace
