// transform/AdjointStorage.h's sameValue and sameElement on IR built by
// hand: when two index computations lowered apart (`a[i] = a[i] * c`) name
// one element, so the backward sweep updates that adjoint in place, and
// what keeps them apart (a write of the variable, a store, a call, a
// region between, other arithmetic).
#include "IRHelpers.h"
#include "transform/AdjointStorage.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

struct SameElementTest : ::testing::Test {
  std::unique_ptr<Function> f = newFunction("f");
  Array *a = arrayParam(*f, "a");
  Builder b{*f};
  Var *i = f->newVar("i", Type::Int);

  Op *iPlus(int64_t k) {
    return b.create(OpKind::Add, Type::Int,
                    {b.readVar(i), b.constant(k, Type::Int)});
  }
  Target at(Op *idx) { return Target{nullptr, a, idx, nullptr}; }
};

TEST_F(SameElementTest, IndicesLoweredApartNameOneElement) {
  Op *i1 = iPlus(1), *i2 = iPlus(1), *j = iPlus(2);
  EXPECT_TRUE(sameValue(i1, i2));
  EXPECT_EQ(valueHash(i1),
            valueHash(i2)); // so a table finds one from the other
  EXPECT_TRUE(sameElement(at(i1), at(i2)));
  EXPECT_EQ(elementHash(at(i1)), elementHash(at(i2)));
  EXPECT_FALSE(sameElement(at(i1), at(j))); // i + 1 against i + 2
  Array *other = arrayParam(*f, "c");
  EXPECT_FALSE(sameElement(at(i1), Target{nullptr, other, i2, nullptr}));
}

TEST_F(SameElementTest, AWriteOfTheIndexBetweenKeepsThemApart) {
  Op *before = b.readVar(i);
  b.writeVar(i, b.constant(3, Type::Int));
  Op *after = b.readVar(i);
  EXPECT_FALSE(sameValue(before, after));
  Op *r = b.readVar(i);
  countedLoop(b, f->newVar("k", Type::Int), 0, 2);
  b.writeVar(i, b.constant(4, Type::Int)); // in the loop's body
  b.setBlock(&f->body);
  EXPECT_FALSE(sameValue(after, b.readVar(i)));
  EXPECT_TRUE(sameValue(after, r));
  EXPECT_EQ(valueHash(after), valueHash(r));
}

TEST_F(SameElementTest, LoadsAreEqualUntilAStoreBetween) {
  Op *l1 = b.load(a, b.readVar(i));
  Op *l2 = b.load(a, b.readVar(i));
  EXPECT_TRUE(sameValue(l1, l2));
  EXPECT_EQ(valueHash(l1), valueHash(l2));
  b.store(a, b.constant(0, Type::Int), l1);
  Op *l3 = b.load(a, b.readVar(i));
  EXPECT_FALSE(sameValue(l2, l3)); // the store may have written a[i]
  Op *d1 = b.create(OpKind::Add, Type::Double, {l3, l3});
  Op *d2 = b.create(OpKind::Add, Type::Double, {l3, l3});
  EXPECT_FALSE(sameValue(d1, d2)); // floating arithmetic is not compared
}

TEST_F(SameElementTest, AStoreInsertedBetweenLaterIsSeen) {
  // sameValue remembers positions in the block; ops inserted before a
  // remembered one move it, and the answer must follow.
  Op *l1 = b.load(a, b.readVar(i));
  Op *l2 = b.load(a, b.readVar(i));
  EXPECT_TRUE(sameValue(l1, l2));
  Op *store = b.store(a, b.constant(0, Type::Int), l1);
  f->body.insert(f->body.indexOf(l2), f->body.take(store));
  EXPECT_FALSE(sameValue(l1, l2));
  f->body.insert(f->body.ops.size(), f->body.take(store));
  EXPECT_TRUE(sameValue(l1, l2));
}

} // namespace
