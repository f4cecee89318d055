// The IR editing API: block edits, insertion points, moves, the two-way
// remap.
#include "IRHelpers.h"
#include "ir/Clone.h"
#include "ir/Verifier.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

struct BlockTest : ::testing::Test {
  std::unique_ptr<Function> f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Builder b{*f};
  std::vector<double> nums(const Block &blk) {
    std::vector<double> v;
    for (auto &op : blk.ops)
      v.push_back(op->kind == OpKind::Const ? op->num : -1);
    return v;
  }
};

TEST_F(BlockTest, InsertionPoints) {
  Op *c1 = b.constant(1, Type::Int);
  b.constant(2, Type::Int);
  b.setInsertPoint(Builder::InsertPoint::start(&f->body));
  b.constant(10, Type::Int);
  b.constant(11, Type::Int); // after 10: still before the old first op
  {
    Builder::Restore r(b);
    b.setInsertPoint(Builder::InsertPoint::beforeOp(c1));
    b.constant(12, Type::Int);
  }
  b.constant(13, Type::Int); // restored: before c1 again
  EXPECT_EQ(nums(f->body), (std::vector<double>{10, 11, 12, 13, 1, 2}));
  b.setInsertPoint(Builder::InsertPoint::afterOp(c1));
  b.constant(20, Type::Int);
  b.constant(21, Type::Int);
  EXPECT_EQ(nums(f->body),
            (std::vector<double>{10, 11, 12, 13, 1, 20, 21, 2}));
  b.setBlock(&f->body);
  b.constant(3, Type::Int);
  EXPECT_EQ(nums(f->body).back(), 3);
  for (auto &op : f->body.ops)
    EXPECT_EQ(op->block, &f->body);
}

TEST_F(BlockTest, TakeEraseSpliceMove) {
  for (int k = 0; k < 5; ++k)
    b.constant(k, Type::Int);
  Op *two = f->body.ops[2].get();
  f->body.erase(two);
  EXPECT_EQ(nums(f->body), (std::vector<double>{0, 1, 3, 4}));
  f->body.erase(0, 1);
  EXPECT_EQ(nums(f->body), (std::vector<double>{1, 3, 4}));
  Block tail;
  f->body.moveTail(1, tail); // 3, 4
  EXPECT_EQ(nums(f->body), (std::vector<double>{1}));
  EXPECT_EQ(tail.ops.size(), 2u);
  EXPECT_EQ(tail.ops[0]->block, &tail);
  Op *lp = b.loop(LoopKind::While);
  lp->region(1)->splice(0, tail);
  EXPECT_TRUE(tail.ops.empty());
  EXPECT_EQ(lp->region(1)->ops[0]->block, lp->region(1));
  EXPECT_EQ(nums(*lp->region(1)), (std::vector<double>{3, 4}));
  Op *four = lp->region(1)->ops[1].get();
  moveBefore(four, f->body.ops[0].get());
  EXPECT_EQ(nums(f->body), (std::vector<double>{4, 1, -1}));
  EXPECT_EQ(four->block, &f->body);
  f->body.eraseIf([](const std::unique_ptr<Op> &op) {
    return op->kind == OpKind::Const && op->num == 1;
  });
  EXPECT_EQ(nums(f->body), (std::vector<double>{4, -1}));
  EXPECT_EQ(f->body.indexOf(lp), 1u);
  EXPECT_EQ(f->body.indexOf(nullptr), 2u);
}

TEST_F(BlockTest, CountedLoopBuilderMakesAValidLoop) {
  Var *k = f->newVar("k", Type::Int);
  Array *a = arrayParam(*f, "a");
  Op *lp = b.countedLoop(k, b.constant(4, Type::Int),
                         [&](Op *q) { b.store(a, q, b.readVar(x)); });
  ret(b, b.readVar(x));
  EXPECT_EQ(lp->region(1)->ops.size(), 3u); // read k, read x, store
  EXPECT_EQ(b.block(), &f->body);
  EXPECT_TRUE(verify(*f).empty());
}

TEST_F(BlockTest, RemapIsTwoWay) {
  auto g = cloneFunction(*f);
  Remap m;
  Var *y = g->newVar("y", Type::Double);
  m.mapVar(x, y);
  EXPECT_EQ(m.var(x), y);
  EXPECT_EQ(m.source(y), x);
  EXPECT_EQ(m.source(x), nullptr);
  Remap again = m.storageOnly();
  EXPECT_EQ(again.source(y), x);
  EXPECT_TRUE(again.values.empty());
}

TEST_F(BlockTest, NewFunctionLikeCopiesSignatureFacts) {
  f->nameSpace = "a::b";
  f->sourceFile = "s.cpp";
  f->loc = {3, 4};
  auto g = newFunctionLike(*f, "f_grad");
  EXPECT_EQ(g->name, "f_grad");
  EXPECT_EQ(g->nameSpace, "a::b");
  EXPECT_EQ(g->retType, f->retType);
  EXPECT_EQ(g->sourceFile, "s.cpp");
  EXPECT_EQ(g->loc.line, 3u);
  EXPECT_TRUE(g->params.empty());
}

} // namespace
