// Fresh names: base, or base_i for the least i not taken, also after the
// function gained names through other code (sync).
#include "ir/UniqueNames.h"

#include <gtest/gtest.h>

namespace adgen {
namespace {

TEST(UniqueNames, LeastFreeSuffix) {
  Function f;
  f.newVar("x", Type::Double);
  f.newVar("x_1", Type::Double);
  f.newArray("a", Type::Double);
  UniqueNames names(f);
  EXPECT_EQ(names.fresh("y"), "y");
  EXPECT_EQ(names.fresh("x"), "x_2");
  EXPECT_EQ(names.fresh("x"), "x_3");
  EXPECT_EQ(names.fresh("a"), "a_1");
  EXPECT_EQ(names.fresh("y"), "y_1");
}

TEST(UniqueNames, SyncTakesInLaterNames) {
  Function f;
  UniqueNames names(f);
  EXPECT_EQ(names.fresh("t"), "t");
  f.newVar("t_1", Type::Double); // added by other code
  f.newVar("u", Type::Double);
  names.sync(f);
  EXPECT_EQ(names.fresh("t"), "t_2");
  EXPECT_EQ(names.fresh("u"), "u_1");
}

} // namespace
} // namespace adgen
