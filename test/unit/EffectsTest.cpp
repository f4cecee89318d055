// Ops.def's effect column: purity and the storage an op reads or writes.
#include "IRHelpers.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

TEST(EffectsTest, PureOpsAreArithmeticAndReads) {
  for (OpKind k : {OpKind::Const, OpKind::ReadVar, OpKind::Load, OpKind::Add,
                   OpKind::Mul, OpKind::Math, OpKind::Cast, OpKind::Select,
                   OpKind::Lt, OpKind::Not})
    EXPECT_TRUE(isPure(Op(k, Type::Double))) << opMnemonic(k);
  for (OpKind k :
       {OpKind::Decl, OpKind::WriteVar, OpKind::Store, OpKind::DeclArray,
        OpKind::Call, OpKind::If, OpKind::Loop, OpKind::Push, OpKind::Pop,
        OpKind::Reserve, OpKind::CkptCall, OpKind::CkptCopy, OpKind::Return,
        OpKind::Break, OpKind::Condition})
    EXPECT_FALSE(isPure(Op(k, Type::Void))) << opMnemonic(k);
  EXPECT_EQ(effectOf(OpKind::Pop), Effect::Tape);
  EXPECT_EQ(effectOf(OpKind::CkptNew), Effect::Runtime);
  EXPECT_EQ(effectOf(OpKind::Call), Effect::Call);
}

TEST(EffectsTest, StorageReadAndWritten) {
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Array *a = arrayParam(*f, "a");
  Var *t = f->newVar("t", Type::Double);
  Builder b(*f);
  Op *rx = b.readVar(x);
  Op *d = b.decl(t, rx);
  Op *w = b.writeVar(t, rx);
  Op *l = b.load(a, b.constant(0, Type::Int));
  Op *s = b.store(a, b.constant(1, Type::Int), l);
  EXPECT_EQ(varRead(*rx), x);
  EXPECT_EQ(varWritten(*d), t);
  EXPECT_EQ(varWritten(*w), t);
  EXPECT_EQ(varWritten(*rx), nullptr);
  EXPECT_EQ(arrayRead(*l), a);
  EXPECT_EQ(arrayWritten(*s), a);
  EXPECT_EQ(arrayWritten(*l), nullptr);
  EXPECT_EQ(varRead(*l), nullptr);
}

} // namespace
