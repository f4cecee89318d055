// What the ADBench examples' drivers share: a counter of checks and their
// verdicts, and a small deterministic random generator.
#pragma once

#include <cstdint>
#include <cstdio>

namespace examples {

inline int failures = 0, checks = 0;

/// Counts one check and prints its verdict.
inline void verdict(bool ok) {
  ++checks;
  if (!ok)
    ++failures;
  std::printf("   %s\n", ok ? "ok" : "MISMATCH");
}

/// Knuth's MMIX LCG, top 53 bits.
struct Lcg {
  std::uint64_t s;
  double uniform() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(s >> 11) * 0x1.0p-53;
  }
  double sym(double a) { return a * (2.0 * uniform() - 1.0); }
  int below(int n) { return static_cast<int>(uniform() * n); }
};

} // namespace examples
