// How each value of a function is shown in text (the Wengert printer and the
// C++ emitter share it, so a dump and the generated code use the same names):
//  - constants and variable reads are shown inline (`x1`, `0.5`) where that
//    reads the same value,
//  - an op used once, right by the next op (a write, store, return or loop
//    condition), is shown inside that op (`y = v1 + v3`),
//  - every other value gets a temporary `vN`, numbered in program order.
#pragma once

#include "ir/IR.h"

#include <string>
#include <unordered_map>
#include <unordered_set>

namespace adgen {

struct Naming {
  std::unordered_map<const Op *, std::string> names; // named temporaries
  std::unordered_set<const Op *> inlined;  // shown as an expression in users
  std::unordered_map<const Op *, int> uses;

  bool isNamed(const Op *o) const { return names.count(o) != 0; }
  bool isInlined(const Op *o) const { return inlined.count(o) != 0; }
};

enum class NamingStyle {
  /// One step per op: only the last op of a statement joins its write.
  Wengert,
  /// Code: a chain of single-use ops feeding a write is one expression, and
  /// loop condition and step regions inline whole expression trees (for
  /// `for (; i < n; ++i)` headers).
  Code,
};

Naming nameValues(const Function &f, NamingStyle style);

/// Number literal as C++ source of type t (`0.5`, `2.0f`, `3`).
std::string literal(double v, Type t);

} // namespace adgen
