// The device runtime's host-testable parts: adgen::Arena (a batched
// kernel's per-thread slice for tapes and snapshots) and the launch
// planning of adgen/batch.h.
#include "adgen/batch.h"
#include "adgen/checkpoint.h"
#include "adgen/tape.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

TEST(Arena, BumpsAlignedBlocksFromItsSlice) {
  std::vector<unsigned char> slice(256);
  adgen::Arena a(slice.data(), slice.size());
  auto *p = static_cast<unsigned char *>(a.allocate(10));
  auto *q = static_cast<unsigned char *>(a.allocate(16));
  EXPECT_EQ(p, slice.data());
  EXPECT_EQ(q, slice.data() + 16); // 10 rounded up to 16
  EXPECT_EQ(a.peak(), 32u);
  EXPECT_EQ(a.overflows(), 0u);
  a.release(p); // a block of the slice: kept until the thread ends
  EXPECT_EQ(a.peak(), 32u);
}

TEST(Arena, OverflowFallsBackToMallocAndIsCounted) {
  std::vector<unsigned char> slice(64);
  adgen::Arena a(slice.data(), slice.size());
  void *in = a.allocate(48);
  void *out = a.allocate(48); // does not fit
  ASSERT_NE(out, nullptr);
  EXPECT_TRUE(out < static_cast<void *>(slice.data()) ||
              out >= static_cast<void *>(slice.data() + slice.size()));
  EXPECT_EQ(a.overflows(), 1u);
  a.release(out); // freed: it came from malloc
  a.release(in);
}

TEST(Arena, TapesAndSnapshotsLiveInIt) {
  std::vector<unsigned char> slice(1 << 16);
  adgen::Arena a(slice.data(), slice.size());
  {
    adgen::Stack<double> tape(&a);
    for (int i = 0; i < 1000; ++i)
      tape.push(i * 0.5);
    for (int i = 999; i >= 0; --i)
      ASSERT_EQ(tape.pop(), i * 0.5);
    adgen::checkpoint::Store store(&a);
    store.resize(100);
    EXPECT_EQ(store.arena(), &a);
  }
  EXPECT_EQ(a.overflows(), 0u);
  // Segments of 64, 64, 128, 256 and 512 doubles (with headers), and the store.
  EXPECT_GT(a.peak(), 1000 * sizeof(double));
  EXPECT_LE(a.peak(), slice.size());
}

TEST(Batch, ChunksFitTheDeviceBudget) {
  adgen::batch::Options o;
  o.deviceBytes = 1000;
  EXPECT_EQ(adgen::batch::chunkSize(4096, 100, o), 10);
  EXPECT_EQ(adgen::batch::chunkSize(5, 100, o), 5);
  EXPECT_EQ(adgen::batch::chunkSize(4096, 5000, o), 1); // at least one
  EXPECT_EQ(adgen::batch::chunkSize(0, 100, o), 1);
  EXPECT_EQ(adgen::batch::arenaBytes(o, 100), 112u); // aligned slices
  o.arenaBytesPerSample = 33;
  EXPECT_EQ(adgen::batch::arenaBytes(o, 100), 48u);
}

TEST(Batch, NoDeviceWithoutCuda) {
  // Compiled as C++: the launchers always take the host path.
  EXPECT_FALSE(adgen::batch::deviceAvailable());
}

} // namespace
