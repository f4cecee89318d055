// adgen::Stack, the reverse-mode tape (runtime/include/adgen/tape.h): a chain
// of segments that never copies what it holds. Checked against a
// std::vector model on random mixes of pushes, pops, bulk pushes and
// reservations; the allocation counts (a tape of n values opens O(log n)
// segments, a reservation on an empty tape is its one allocation, a loop
// pushing and popping across a segment's edge allocates once, re-runs
// pushing the same peak again allocate nothing more) and the bytes
// held (no copy: growth adds a segment beside the full one) are pinned.
#include "adgen/tape.h"
#include "adgen/arena.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace {

TEST(Stack, BulkPushAndPopMixWithSingleOnesAndGrow) {
  adgen::Stack<double> tape;
  tape.reserve(4);
  std::vector<double> a{1, 2, 3}, b(50);
  for (int i = 0; i < 50; ++i)
    b[i] = 10.0 + i;
  tape.push(-1);
  tape.pushFrom(a.data(), a.size()); // fits in the reserved 4
  tape.push(-2);
  tape.pushFrom(b.data(), b.size()); // a second segment
  tape.pushFrom(nullptr, 0);
  EXPECT_EQ(tape.size(), 55u);
  EXPECT_EQ(tape.segmentsOpened(), 2u);
  std::vector<double> got(50, 0.0), got3(3, 0.0);
  tape.popInto(got.data(), got.size());
  EXPECT_EQ(got, b);
  EXPECT_EQ(tape.pop(), -2);
  tape.popInto(got3.data(), got3.size());
  EXPECT_EQ(got3, a);
  EXPECT_EQ(tape.pop(), -1);
  EXPECT_EQ(tape.size(), 0u);
}

TEST(Stack, GrowsBySegmentsWithoutCopying) {
  adgen::Stack<std::int64_t> tape;
  const std::int64_t n = 1000000;
  for (std::int64_t i = 0; i < n; ++i)
    tape.push(i * 3);
  // Each new segment is at least as large as all held: 64, 64, 128, ...
  // 2^19 values, 15 segments, holding 2^20 values in all (a doubling vector
  // that copies would have held 2^20 + 2^19 at its last growth).
  EXPECT_EQ(tape.segmentsOpened(), 15u);
  EXPECT_EQ(tape.capacityBytes(), (1u << 20) * sizeof(std::int64_t));
  EXPECT_EQ(tape.size(), static_cast<std::size_t>(n));
  for (std::int64_t i = n - 1; i >= 0; --i)
    ASSERT_EQ(tape.pop(), i * 3) << "at " << i;
  EXPECT_EQ(tape.size(), 0u);
}

TEST(Stack, AReservationOnAnEmptyTapeIsItsOneAllocation) {
  adgen::Stack<double> tape;
  tape.reserveMore(12345);
  for (int i = 0; i < 12345; ++i)
    tape.push(i);
  EXPECT_EQ(tape.segmentsOpened(), 1u);
  EXPECT_EQ(tape.capacityBytes(), 12345u * sizeof(double));
  tape.reserveMore(0); // nothing to make room for
  EXPECT_EQ(tape.segmentsOpened(), 1u);
  for (int i = 12344; i >= 0; --i)
    ASSERT_EQ(tape.pop(), i);
}

TEST(Stack, AReservationOnAFullTapeAddsASegmentAndKeepsTheFirst) {
  // The RNN's second reservation: 256 more values after a full block of
  // 65,536 adds a segment; nothing held is copied (two blocks, not three).
  std::vector<unsigned char> slice(1 << 22);
  adgen::Arena arena(slice.data(), slice.size());
  {
    adgen::Stack<double> tape(&arena);
    tape.reserveMore(65536);
    for (int i = 0; i < 65536; ++i)
      tape.push(i);
    tape.reserveMore(256);
    for (int i = 0; i < 256; ++i)
      tape.push(-i);
    EXPECT_EQ(tape.segmentsOpened(), 2u);
    // The second is as large as what is held, as a push's growth would be.
    EXPECT_EQ(tape.capacityBytes(), 2 * 65536u * sizeof(double));
    for (int i = 255; i >= 0; --i)
      ASSERT_EQ(tape.pop(), -i);
    for (int i = 65535; i >= 0; --i)
      ASSERT_EQ(tape.pop(), i);
  }
  EXPECT_EQ(arena.overflows(), 0u);
  EXPECT_LE(arena.peak(), 2 * 65536 * sizeof(double) + 64);
}

TEST(Stack, PushAndPopAcrossASegmentsEdgeAllocateOnce) {
  adgen::Stack<int> tape;
  tape.reserveMore(100);
  for (int i = 0; i < 100; ++i)
    tape.push(i);
  for (int r = 0; r < 1000; ++r) { // the edge of the first segment
    tape.push(1000 + r);
    tape.push(2000 + r);
    ASSERT_EQ(tape.pop(), 2000 + r);
    ASSERT_EQ(tape.pop(), 1000 + r);
  }
  // The segment popped empty is kept and reused.
  EXPECT_EQ(tape.segmentsOpened(), 2u);
  EXPECT_EQ(tape.size(), 100u);
}

TEST(Stack, ReRunsPushingThePeakAgainAllocateNothingMore) {
  // A checkpointed loop's backward sweep: each segment re-run pushes the
  // same amount and pops it all; the segments stay for the next re-run.
  adgen::Stack<double> tape;
  tape.push(-1.0);
  for (int run = 0; run < 50; ++run) {
    for (int i = 0; i < 5000; ++i)
      tape.push(run + i);
    for (int i = 4999; i >= 0; --i)
      ASSERT_EQ(tape.pop(), run + i);
  }
  EXPECT_EQ(tape.segmentsOpened(), 8u); // 64, 64, 128, ..., 4096: once
  EXPECT_EQ(tape.pop(), -1.0);
}

TEST(Stack, AgreesWithAVectorOnRandomMixes) {
  std::mt19937 rng(20261207);
  for (int round = 0; round < 200; ++round) {
    std::vector<unsigned char> slice(round % 2 ? 1 << 16 : 0);
    adgen::Arena arena(slice.data(), slice.size());
    adgen::Stack<double> tape(round % 2 ? &arena : nullptr);
    std::vector<double> model;
    double next = 0;
    for (int op = 0; op < 400; ++op) {
      int what = static_cast<int>(rng() % 10);
      std::size_t n = rng() % (what < 5 ? 3 : 300);
      if (what < 3) { // push
        tape.push(next);
        model.push_back(next++);
      } else if (what < 5 && !model.empty()) { // pop
        ASSERT_EQ(tape.pop(), model.back());
        model.pop_back();
      } else if (what < 7) { // push n at once
        std::vector<double> from(n);
        for (double &v : from) {
          v = next++;
          model.push_back(v);
        }
        tape.pushFrom(from.data(), n);
      } else if (what < 9) { // pop n at once
        n = n < model.size() ? n : model.size();
        std::vector<double> to(n, -1.0);
        tape.popInto(to.data(), n);
        std::vector<double> want(model.end() - n, model.end());
        model.resize(model.size() - n);
        ASSERT_EQ(to, want);
      } else {
        tape.reserveMore(n);
      }
      ASSERT_EQ(tape.size(), model.size());
    }
    while (!model.empty()) {
      ASSERT_EQ(tape.pop(), model.back());
      model.pop_back();
    }
  }
}

} // namespace
