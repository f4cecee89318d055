// A function template's instantiation (SPEC §5): a directive on a template
// differentiates each instantiation, lowered like any function; this says
// which instantiation an IR function is, so internal names stay distinct
// (adgen_sq_double, adgen_sq_float) and the emitter can print the
// derivatives as explicit specializations of one primary template
// (codegen/EmitTemplate.cpp).
#pragma once

#include <string>
#include <vector>

namespace adgen {

struct TemplateInfo {
  /// The template (instantiations of one template share it).
  std::string key;
  /// `template <class T, int N>`; empty when adgen cannot spell the primary
  /// template (parameter packs, template template parameters): the
  /// derivatives are then plain overloads.
  std::string head;
  /// The template arguments as C++ ("double", "3") and joined ("double, 3").
  std::vector<std::string> argTexts;
  std::string args;
  /// An identifier for internal names: "double_3".
  std::string id;
  /// The template's parameter names, in order ("T", "N").
  std::vector<std::string> paramNames;
  /// Per user parameter (the user's order): which template type parameter
  /// the parameter's type is (T, const T &, T *, ...), -1 when it does not
  /// depend on one, kUnspellable when it depends on one otherwise
  /// (`typename T::type`, `Vec<T>`). The same for the return type.
  std::vector<int> paramBase;
  int retBase = -1;
  static constexpr int kUnspellable = -2;
};

} // namespace adgen
