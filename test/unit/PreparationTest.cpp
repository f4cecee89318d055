// Reverse mode's preparation passes and dead code, each run alone on IR
// built by hand, checked by interpretation before and after.
#include "IRHelpers.h"
#include "Interp.h"
#include "ir/Clone.h"
#include "ir/Policy.h"
#include "ir/Verifier.h"
#include "transform/DeadCode.h"
#include "transform/Hoist.h"
#include "transform/Inline.h"
#include "transform/LoopConditions.h"
#include "transform/Structure.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

int count(const Block &blk, OpKind k) {
  int n = 0;
  walk(blk, [&](const Op &o) { n += o.kind == k; });
  return n;
}

TEST(PreparationTest, InlineReplacesCallsByBodies) {
  auto sq = newFunction("sq");
  Var *v = scalarParam(*sq, "v");
  {
    Builder b(*sq);
    ret(b, b.mul(b.readVar(v), b.readVar(v)));
  }
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Builder b(*f);
  Op *call = b.create(OpKind::Call, Type::Double,
                      {b.add(b.readVar(x), b.constant(1, Type::Double))});
  call->callee = sq.get();
  call->argOrder = {0};
  ret(b, b.mul(call, b.readVar(x)));
  double before = interpret(*f, {1.5});
  EXPECT_EQ(inlineCalls(*f), 1);
  EXPECT_EQ(count(f->body, OpKind::Call), 0);
  EXPECT_TRUE(verify(*f).empty());
  EXPECT_DOUBLE_EQ(interpret(*f, {1.5}), before);
  EXPECT_DOUBLE_EQ(before, 2.5 * 2.5 * 1.5);
}

/// s = 0; for (i = 0; i < n; ++i) { if (s > 4) break; s = s + x; } return s
std::unique_ptr<Function> loopWithBreak() {
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *n = scalarParam(*f, "n", Type::Int);
  Var *s = f->newVar("s", Type::Double), *i = f->newVar("i", Type::Int);
  Builder b(*f);
  b.decl(s, b.constant(0, Type::Double));
  b.decl(i, b.constant(0, Type::Int));
  Op *lp = b.loop(LoopKind::For);
  b.setBlock(lp->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(i), b.readVar(n))});
  b.setBlock(lp->region(1));
  Op *brk =
      b.ifOp(b.binary(OpKind::Gt, b.readVar(s), b.constant(4, Type::Double)));
  b.setBlock(brk->region(0));
  b.create(OpKind::Break, Type::Void);
  b.setBlock(lp->region(1));
  b.writeVar(s, b.add(b.readVar(s), b.readVar(x)));
  b.setBlock(lp->region(2));
  b.writeVar(i, b.binary(OpKind::Add, b.readVar(i), b.constant(1, Type::Int)));
  b.setBlock(&f->body);
  ret(b, b.readVar(s));
  return f;
}

TEST(PreparationTest, StructureTurnsBreakIntoFlags) {
  auto f = loopWithBreak();
  auto g = cloneFunction(*f);
  ASSERT_TRUE(hasJumps(*g));
  structureJumps(*g);
  EXPECT_FALSE(hasJumps(*g));
  EXPECT_EQ(count(g->body, OpKind::Break), 0);
  EXPECT_TRUE(verify(*g).empty());
  for (double x : {0.5, 1.5, 3.0})
    for (double n : {0.0, 2.0, 10.0})
      EXPECT_DOUBLE_EQ(interpret(*g, {x, n}), interpret(*f, {x, n}));
}

TEST(PreparationTest, HoistDeclaresANestedCheckpointedLoopsNamesAtTheTop) {
  // for (t < 3) { double h = x; for (j < 4) checkpoint(every 2) h = h * x;
  //               s = s + h; }
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *s = f->newVar("s", Type::Double), *h = f->newVar("h", Type::Double);
  Var *t = f->newVar("t", Type::Int), *j = f->newVar("j", Type::Int);
  Builder b(*f);
  b.decl(s, b.constant(0, Type::Double));
  Op *outer = countedLoop(b, t, 0, 3);
  b.decl(h, b.readVar(x));
  Op *inner = countedLoop(b, j, 0, 4);
  checkpoint::Policy p;
  ASSERT_TRUE(parsePolicy("every 2", p));
  inner->policy = p;
  b.writeVar(h, b.mul(b.readVar(h), b.readVar(x)));
  b.setBlock(outer->region(1));
  b.writeVar(s, b.add(b.readVar(s), b.readVar(h)));
  b.setBlock(&f->body);
  ret(b, b.readVar(s));
  double before = interpret(*f, {1.1});
  EXPECT_EQ(hoistForCheckpoints(*f, std::nullopt), 2); // h and j
  EXPECT_TRUE(verify(*f).empty());
  // h's declaration in the body became a write; both are declared first.
  EXPECT_EQ(f->body.ops[1]->kind, OpKind::Decl);
  int bodyDecls = 0;
  for (auto &op : outer->region(1)->ops)
    bodyDecls += op->kind == OpKind::Decl;
  EXPECT_EQ(bodyDecls, 0);
  EXPECT_DOUBLE_EQ(interpret(*f, {1.1}), before);
}

/// t = 1; k = 0; while ((t = t * x) < 10) { k = k + 1; } (kind: `kind`);
/// with `intOnly`, the condition writes k instead: `(k = k + 1) < 5`.
std::unique_ptr<Function> assigningCondition(LoopKind kind, bool intOnly) {
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *t = f->newVar("t", Type::Double), *k = f->newVar("k", Type::Int);
  Builder b(*f);
  b.decl(t, b.constant(1, Type::Double));
  b.decl(k, b.constant(0, Type::Int));
  Op *lp = b.loop(kind);
  b.setBlock(lp->region(0));
  Op *c;
  if (intOnly) {
    Op *k1 = b.binary(OpKind::Add, b.readVar(k), b.constant(1, Type::Int));
    b.writeVar(k, k1);
    c = b.binary(OpKind::Lt, k1, b.constant(5, Type::Int));
  } else {
    Op *t1 = b.mul(b.readVar(t), b.readVar(x));
    b.writeVar(t, t1);
    c = b.binary(OpKind::Lt, t1, b.constant(10, Type::Double));
  }
  b.create(OpKind::Condition, Type::Void, {c});
  b.setBlock(lp->region(1));
  if (intOnly)
    b.writeVar(t, b.mul(b.readVar(t), b.readVar(x)));
  else
    b.writeVar(k, b.binary(OpKind::Add, b.readVar(k), b.constant(1, Type::Int)));
  b.setBlock(&f->body);
  ret(b, b.add(b.readVar(t), b.cast(b.readVar(k), Type::Double)));
  return f;
}

const Op *loopOf(const Function &f) {
  for (auto &op : f.body.ops)
    if (op->kind == OpKind::Loop)
      return op.get();
  return nullptr;
}

TEST(PreparationTest, ConditionsThatWriteStateMoveIntoTheBody) {
  for (LoopKind kind : {LoopKind::While, LoopKind::For, LoopKind::Do}) {
    auto f = assigningCondition(kind, false);
    auto g = cloneFunction(*f);
    rotateLoopConditions(*g);
    EXPECT_TRUE(verify(*g).empty());
    const Op *lp = loopOf(*g);
    ASSERT_NE(lp, nullptr);
    // The condition only reads the flag; the body ends by setting it.
    ASSERT_EQ(lp->region(0)->ops.size(), 2u);
    EXPECT_EQ(lp->region(1)->ops.back()->kind, OpKind::WriteVar);
    EXPECT_EQ(count(*lp->region(0), OpKind::WriteVar), 0);
    for (double x : {1.1, 1.7, 3.0, 20.0})
      EXPECT_DOUBLE_EQ(interpret(*g, {x}), interpret(*f, {x}));
  }
}

TEST(PreparationTest, ConditionsWritingOnlyIntegersStay) {
  auto f = assigningCondition(LoopKind::While, true);
  auto g = cloneFunction(*f);
  rotateLoopConditions(*g);
  const Op *lp = loopOf(*g);
  ASSERT_NE(lp, nullptr);
  EXPECT_EQ(count(*lp->region(0), OpKind::WriteVar), 1);
  EXPECT_DOUBLE_EQ(interpret(*g, {1.5}), interpret(*f, {1.5}));
}

TEST(PreparationTest, DeadCodeRemovesWhatNothingReads) {
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *unused = f->newVar("unused", Type::Double);
  Builder b(*f);
  b.decl(unused, b.mul(b.readVar(x), b.constant(3, Type::Double)));
  b.writeVar(unused, b.add(b.readVar(unused), b.constant(1, Type::Double)));
  ret(b, b.readVar(x));
  EXPECT_GT(eliminateDeadCode(*f), 0);
  EXPECT_TRUE(verify(*f).empty());
  for (auto &op : f->body.ops)
    EXPECT_NE(op->var, unused);
  EXPECT_DOUBLE_EQ(interpret(*f, {2.0}), 2.0);
}

} // namespace
