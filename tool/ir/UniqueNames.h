// Fresh variable and array names for a function being built or rewritten.
#pragma once

#include "ir/IR.h"

#include <map>
#include <set>
#include <string>

namespace adgen {

/// Hands out `base`, or `base_i` for the least i whose name is not taken.
/// Names are only ever added, so the search for a base resumes where it last
/// stopped: n fresh names cost O(n log n), not O(n^2).
class UniqueNames {
public:
  UniqueNames() = default;
  /// Starts with every variable and array name of `f`.
  explicit UniqueNames(const Function &f) { sync(f); }

  /// Takes in the variables and arrays `f` gained since the last sync (for a
  /// pass that adds names to f through other code too).
  void sync(const Function &f) {
    for (; vars < f.vars.size(); ++vars)
      names.insert(f.vars[vars]->name);
    for (; arrays < f.arrays.size(); ++arrays)
      names.insert(f.arrays[arrays]->name);
  }

  /// A name no variable or array has yet; it is taken from now on.
  std::string fresh(const std::string &base) {
    std::string n = base;
    for (int &i = suffix[base]; names.count(n);)
      n = base + "_" + std::to_string(++i);
    names.insert(n);
    return n;
  }

private:
  std::set<std::string> names;
  std::map<std::string, int> suffix; // last suffix tried per base
  size_t vars = 0, arrays = 0;       // sync(): how far f was read
};

} // namespace adgen
