// The command line of SPEC §1.
#pragma once

#include "driver/PassRunner.h"

#include "adgen/schedule.h"

#include <optional>
#include <string>
#include <vector>

namespace adgen {

struct Options {
  std::string input;
  std::string output;          // "-" for stdout
  std::string header;          // --header FILE
  bool cuda = false;           // from -o's extension or --target
  std::string emit = "code";   // code | wengert | stats
  std::string show = "primal"; // with --emit=wengert: primal | jvp | grad
  std::optional<checkpoint::Policy> checkpoint; // --checkpoint=POLICY
  bool jointCallees = false;                    // --callees=joint
  std::string buildDir;                         // -p
  std::vector<std::string> clangArgs;
  PassOptions passes; // --print-after, --verify-each
};

enum class ParseResult { Run, Exit0, Usage };

/// Parses argv; prints help, version or a usage error itself.
ParseResult parseOptions(int argc, char **argv, Options &o);

} // namespace adgen
