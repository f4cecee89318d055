// Checkpoint policies as the IR holds them: the runtime's checkpoint::Policy
// (runtime/include/adgen/schedule.h), read from a `checkpoint(...)` directive
// or --checkpoint by parsePolicy and written back by policyName ("every 4",
// "budget 1024"). Byte counts have one reader, parseByteCount, shared by the
// `budget` policy and `adgen plan`'s --budget and --bytes.
#pragma once

#include "adgen/schedule.h"

#include <string>

namespace adgen {

/// The most bytes a byte count may say: 2^63 - 1 (8 EiB), what Policy's arg
/// holds.
constexpr long long kMaxBytes = 9223372036854775807LL;

/// "4096", "64MiB", "1.5GiB", "2GB": decimal digits with at most one '.',
/// then an optional unit (B; K or KiB, M or MiB, G or GiB, T or TiB for
/// powers of 1024; KB, MB, GB, TB for powers of 1000), rounded down to whole
/// bytes, from 1 to kMaxBytes. False for anything else (no exponents, no
/// signs, no spaces).
bool parseByteCount(const std::string &text, long long &bytes);

/// Parses a checkpoint policy ("all", "every 4", "auto", "binomial 8",
/// "recompute", "budget 64MiB"); false when it is not one, with why in
/// `why`.
bool parsePolicy(const std::string &text, checkpoint::Policy &out,
                 std::string *why = nullptr);

/// A policy as the directives write it: "every 4", "binomial 3", "auto",
/// "budget 1024" (bytes), ...
std::string policyName(checkpoint::Policy p);

} // namespace adgen
