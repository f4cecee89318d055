// analysis/Stripes: whether a loop writes an array one stripe per iteration
// and reads it only below its own stripe.
#include "analysis/Stripes.h"
#include "IRHelpers.h"
#include "analysis/Loops.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

struct StripesTest : ::testing::Test {
  std::unique_ptr<Function> f = newFunction("f");
  Array *hs = arrayParam(*f, "hs");
  Builder b{*f};
  Var *t = f->newVar("t", Type::Int);
  Var *i = f->newVar("i", Type::Int);
  Op *outer = nullptr;

  Op *c(int64_t k) { return b.constant(static_cast<double>(k), Type::Int); }
  /// a·t + off + i, read where the builder is.
  Op *index(int64_t a, int64_t off) {
    return b.add(b.add(b.mul(b.readVar(t), c(a)), c(off)), b.readVar(i));
  }
  /// for t in [0, 10): for i in [0, width): hs[a·t + wOff + i] =
  /// hs[a·t + rOff + i] (and hs[i] when `row0`).
  bool stripes(int64_t a, int64_t width, int64_t wOff, int64_t rOff,
               bool row0 = false) {
    outer = countedLoop(b, t, 0, 10);
    countedLoop(b, i, 0, width);
    Op *v = b.load(hs, index(a, rOff));
    if (row0)
      v = b.add(v, b.load(hs, b.readVar(i)));
    b.store(hs, index(a, wOff), v);
    auto counted =
        matchCountedLoop(f->body, f->body.indexOf(outer), DeclSearch::Adjacent);
    return counted && writesInStripes(*outer, t, counted->init, hs);
  }
};

TEST_F(StripesTest, NextRowFromThisOne) { EXPECT_TRUE(stripes(4, 4, 4, 0)); }

TEST_F(StripesTest, RowZeroReadAtEveryStep) {
  EXPECT_TRUE(stripes(4, 4, 4, 0, /*row0=*/true));
}

TEST_F(StripesTest, OwnStripeReadIsRefused) {
  EXPECT_FALSE(stripes(4, 4, 4, 4));
}

TEST_F(StripesTest, LaterStripeReadIsRefused) {
  EXPECT_FALSE(stripes(4, 4, 4, 8));
}

TEST_F(StripesTest, OverlappingStripesAreRefused) {
  EXPECT_FALSE(stripes(3, 4, 4, 0)); // width 4 every 3 elements
}

TEST_F(StripesTest, RowZeroOverwrittenByTheFirstStepIsRefused) {
  EXPECT_FALSE(stripes(4, 4, 0, -4, /*row0=*/true));
}

} // namespace
