// `adgen plan` (tool/plan): options, the printed report, the SVG drawing.
#include "plan/Plan.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace adgen;
using adgen::checkpoint::Kind;

namespace {

/// Parses `adgen plan <args>`.
PlanParse parse(std::vector<std::string> args, PlanOptions &o) {
  args.insert(args.begin(), "plan");
  std::vector<char *> argv;
  for (std::string &a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  return parsePlanOptions(static_cast<int>(args.size()), argv.data(), o);
}

std::string report(std::vector<std::string> args) {
  PlanOptions o;
  EXPECT_EQ(parse(args, o), PlanParse::Run);
  return formatPlan(o, computePlan(o));
}

size_t count(const std::string &s, const std::string &what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos;
       at = s.find(what, at + what.size()))
    ++n;
  return n;
}

} // namespace

TEST(Plan, ReportForSixteenEveryFour) {
  EXPECT_EQ(report({"--steps", "16", "--every", "4"}),
            "policy             every 4\n"
            "steps              16\n"
            "snapshots          4\n"
            "peak states held   7\n"
            "recomputed steps   12\n"
            "recomputation      0.75 of a forward pass\n");
}

TEST(Plan, ReportWithBytesComparesWithStoringAll) {
  EXPECT_EQ(report({"--steps=32", "--every=4", "--bytes=268435456"}),
            "policy             every 4\n"
            "steps              32\n"
            "snapshots          8\n"
            "peak states held   11\n"
            "recomputed steps   24\n"
            "recomputation      0.75 of a forward pass\n"
            "state size         0.25 GiB (268435456 bytes)\n"
            "peak memory        2.75 GiB (2952790016 bytes)\n"
            "storing all        32 states, 8 GiB (8589934592 bytes)\n");
  std::string all = report({"--steps", "32", "--all", "--bytes", "256MiB"});
  EXPECT_NE(all.find("peak memory        8 GiB"), std::string::npos) << all;
  EXPECT_EQ(all.find("storing all"), std::string::npos) << all;
}

TEST(Plan, OtherPolicies) {
  std::string r = report({"--steps", "16", "--recompute"});
  EXPECT_NE(r.find("peak states held   2\n"), std::string::npos) << r;
  EXPECT_NE(r.find("recomputed steps   120\n"), std::string::npos) << r;
  EXPECT_NE(r.find("7.50 forward passes"), std::string::npos) << r;
  r = report({"--steps", "60", "--auto"});
  EXPECT_NE(r.find("policy             auto (every 8)\n"), std::string::npos)
      << r;
  r = report({"--steps", "16", "--binomial", "3"});
  EXPECT_NE(r.find("peak states held   4\n"), std::string::npos) << r;
  EXPECT_NE(r.find("recomputed steps   20\n"), std::string::npos) << r; // F(16, 3)
  r = report({"--steps", "0", "--every", "4"});
  EXPECT_NE(r.find("peak states held   0\n"), std::string::npos) << r;
  EXPECT_NE(r.find("0.00 of a forward pass"), std::string::npos) << r;
}

TEST(Plan, Budget) {
  std::string r =
      report({"--steps", "32", "--budget", "3GiB", "--bytes", "268435456"});
  EXPECT_NE(r.find("policy             budget 3 GiB -> binomial 11\n"),
            std::string::npos)
      << r;
  EXPECT_NE(r.find("budget             3 GiB (3221225472 bytes): fits"),
            std::string::npos)
      << r;
  r = report({"--steps", "32", "--budget", "0.3GiB", "--bytes", "256MiB"});
  EXPECT_NE(r.find("-> recompute (over budget)"), std::string::npos) << r;
  EXPECT_NE(r.find("OVER BUDGET"), std::string::npos) << r;
}

TEST(Plan, ByteCounts) {
  long long b = 0;
  EXPECT_TRUE(parseByteCount("268435456", b));
  EXPECT_EQ(b, 268435456LL);
  EXPECT_TRUE(parseByteCount("256MiB", b));
  EXPECT_EQ(b, 268435456LL);
  EXPECT_TRUE(parseByteCount("1.5GiB", b));
  EXPECT_EQ(b, 3LL << 29);
  EXPECT_TRUE(parseByteCount("2GB", b));
  EXPECT_EQ(b, 2000000000LL);
  EXPECT_TRUE(parseByteCount("64K", b));
  EXPECT_EQ(b, 65536LL);
  for (const char *bad : {"", "0", "-4", "MiB", "4 MiB", "4XB", "1..2", "0.1"})
    EXPECT_FALSE(parseByteCount(bad, b)) << bad;
  EXPECT_EQ(formatGiB(8ULL << 30), "8");
  EXPECT_EQ(formatGiB(2952790016ULL), "2.75");
  EXPECT_EQ(formatGiB(268435456ULL), "0.25");
  EXPECT_EQ(formatGiB(0), "0");
  EXPECT_EQ(formatGiB(8), "<0.0001");
}

TEST(Plan, UsageErrors) {
  const std::vector<std::vector<std::string>> bad = {
      {},
      {"--every", "4"},                          // no --steps
      {"--steps", "16"},                         // no policy
      {"--steps", "16", "--every", "4", "--auto"},
      {"--steps", "16", "--every", "0"},
      {"--steps", "16", "--every"},
      {"--steps", "-3", "--all"},
      {"--steps", "abc", "--all"},
      {"--steps", "99999999999", "--all"},
      {"--steps", "16", "--binomial", "x"},
      {"--steps", "16", "--budget", "1GiB"},     // needs --bytes
      {"--steps", "16", "--all", "--bytes", "lots"},
      {"--steps", "16", "--all", "--svg"},
      {"--steps", "16", "--all", "--frobnicate"},
      {"--steps", "16", "--all", "extra"},
      {"--steps", "16", "--all=1"},
      {"--steps", "2000000", "--all", "--svg", "x.svg"},
  };
  for (const auto &args : bad) {
    PlanOptions o;
    std::string joined;
    for (const auto &a : args)
      joined += a + " ";
    EXPECT_EQ(parse(args, o), PlanParse::Usage) << joined;
  }
  PlanOptions o;
  EXPECT_EQ(parse({"--help"}, o), PlanParse::Exit0);
}

TEST(Plan, OptionsParse) {
  PlanOptions o;
  ASSERT_EQ(parse({"--binomial", "5", "--steps", "100", "--svg", "a.svg",
                   "--bytes", "1KiB"},
                  o),
            PlanParse::Run);
  EXPECT_EQ(o.steps, 100);
  EXPECT_EQ(o.policy.kind, Kind::Binomial);
  EXPECT_EQ(o.policy.arg, 5);
  EXPECT_EQ(o.svg, "a.svg");
  EXPECT_EQ(o.bytes, 1024ULL);
}

TEST(Plan, SvgShowsTheSweepAndThePeak) {
  PlanOptions o;
  ASSERT_EQ(parse({"--steps", "16", "--every", "4", "--bytes", "256MiB"}, o),
            PlanParse::Run);
  std::string svg = renderPlanSvg(o, computePlan(o));
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            std::string::npos);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  EXPECT_NE(svg.find("peak 7 states held (1.75 GiB)"), std::string::npos);
  EXPECT_NE(svg.find(">states held</text>"), std::string::npos);
  EXPECT_NE(svg.find("backward sweep"), std::string::npos);
  // One bar per iteration reversed, each with its snapshots; 12 of the 16
  // also hold recomputed states (all but the four at a segment's snapshot).
  EXPECT_EQ(count(svg, "fill=\"#3465a4\"/>"), 16u + 1u); // + the legend
  EXPECT_EQ(count(svg, "fill=\"#f5a540\"/>"), 12u + 1u);
  EXPECT_EQ(count(svg, "<text"), count(svg, "</text>"));
  // Below: what was recomputed before each reversal, 3 at each segment.
  EXPECT_NE(svg.find("(12 in all)"), std::string::npos);
  EXPECT_EQ(count(svg, "fill=\"#8e8e8e\"/>"), 4u);

  // Long loops are drawn in at most 350 columns; empty ones say so.
  PlanOptions big;
  ASSERT_EQ(parse({"--steps", "10000", "--every", "100"}, big),
            PlanParse::Run);
  std::string s2 = renderPlanSvg(big, computePlan(big));
  EXPECT_NE(s2.find("peak 199 states held"), std::string::npos);
  EXPECT_LE(count(s2, "<rect"), 3u * 350u + 3u); // 3 per column at most
  PlanOptions none;
  ASSERT_EQ(parse({"--steps", "0", "--recompute"}, none), PlanParse::Run);
  EXPECT_NE(renderPlanSvg(none, computePlan(none)).find("no iterations"),
            std::string::npos);
}
