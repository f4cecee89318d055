// Checkpoint policies (tool/ir/Policy.h): one byte-count rule for the
// checkpoint(budget B) directive, --checkpoint and `adgen plan`, and the
// policy text read and written back.
#include "ir/Policy.h"
#include "plan/Plan.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace adgen;
using adgen::checkpoint::Kind;
using adgen::checkpoint::Policy;

namespace {

/// `adgen plan --steps 16 --budget TEXT --bytes 8`: the budget it reads.
bool planBudget(const std::string &text, unsigned long long &bytes) {
  std::vector<std::string> args = {"plan",     "--steps", "16", "--budget",
                                   text,       "--bytes", "8"};
  std::vector<char *> argv;
  for (std::string &a : args)
    argv.push_back(a.data());
  PlanOptions o;
  if (parsePlanOptions(static_cast<int>(args.size()), argv.data(), o) !=
      PlanParse::Run)
    return false;
  bytes = o.budgetBytes;
  return true;
}

} // namespace

TEST(Policy, ByteCounts) {
  long long b = 0;
  EXPECT_TRUE(parseByteCount("1", b));
  EXPECT_EQ(b, 1);
  EXPECT_TRUE(parseByteCount("1TiB", b));
  EXPECT_EQ(b, 1LL << 40);
  EXPECT_TRUE(parseByteCount("3TB", b));
  EXPECT_EQ(b, 3000000000000LL);
  EXPECT_TRUE(parseByteCount("1.999B", b)); // rounded down
  EXPECT_EQ(b, 1);
  EXPECT_TRUE(parseByteCount("9223372036854775807", b));
  EXPECT_EQ(b, kMaxBytes);
  EXPECT_TRUE(parseByteCount("8388607T", b));
  EXPECT_EQ(b, 8388607LL << 40);
  for (const char *bad :
       {"9223372036854775808", "8388608TiB", "10000000000000000000", "1e6",
        "1E6", "+4", "0.5", "4 KiB", "4kib", "4EiB", ".", "1.2.3", "0x10"})
    EXPECT_FALSE(parseByteCount(bad, b)) << bad;
}

// The directive (and --checkpoint) and `adgen plan` read the same inputs the
// same way.
TEST(Policy, BudgetSameInDirectiveAndPlan) {
  for (const char *text :
       {"4096", "64MiB", "1.5GiB", "2GB", "1TiB", "9223372036854775807", "1e6",
        "0.5", "9223372036854775808", "10000000000000000000", "16EiB", "-1"}) {
    Policy p;
    bool directive = parsePolicy(std::string("budget ") + text, p);
    unsigned long long planned = 0;
    bool plan = planBudget(text, planned);
    EXPECT_EQ(directive, plan) << text;
    if (directive && plan) {
      EXPECT_EQ(p.kind, Kind::Budget) << text;
      EXPECT_EQ(static_cast<unsigned long long>(p.arg), planned) << text;
    }
  }
}

TEST(Policy, ParseAndName) {
  for (const char *text : {"all", "every 4", "auto", "binomial 8", "recompute",
                           "budget 1024"}) {
    Policy p;
    ASSERT_TRUE(parsePolicy(text, p)) << text;
    EXPECT_EQ(policyName(p), text);
  }
  Policy p;
  ASSERT_TRUE(parsePolicy("budget 64MiB", p));
  EXPECT_EQ(p.kind, Kind::Budget);
  EXPECT_EQ(p.arg, 64LL << 20);
  EXPECT_EQ(policyName(p), "budget 67108864");
  ASSERT_TRUE(parsePolicy("  every   10 ", p));
  EXPECT_EQ(p.kind, Kind::Every);
  EXPECT_EQ(p.arg, 10);
}

TEST(Policy, Refused) {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"", "the policy is missing"},
      {"every", "'every' needs the iterations between snapshots"},
      {"every 0", "as a whole number from 1 to 9223372036854775807"},
      {"binomial 99999999999999999999", "as a whole number from 1"},
      {"auto 3", "'auto' takes no argument"},
      {"every 4 5", "unexpected '5' after 'every 4'"},
      {"budget", "'budget' needs a byte count"},
      {"budget 1e6", "(at most 8 EiB), not '1e6'"},
      {"budget 9223372036854775808", "not '9223372036854775808'"},
      {"sometimes", "unknown checkpoint policy 'sometimes'"},
  };
  for (const auto &[text, why] : bad) {
    Policy p;
    std::string got;
    EXPECT_FALSE(parsePolicy(text, p, &got)) << text;
    EXPECT_NE(got.find(why), std::string::npos) << text << ": " << got;
  }
}
