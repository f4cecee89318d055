// The derivatives of a function template's instantiations (SPEC §5): for
// each template and derivative name, one primary template declared from the
// pattern (`template <class T> T sq_grad(T x, T *x_bar, T sq_bar = 1.0);`)
// and each instantiation's derivative as its explicit specialization
// (`template <> double sq_grad<double>(double x, ...)`), so `sq_grad(...)`
// deduces like `sq(...)` and `sq_grad<float>(...)` works too. Where the
// instantiations' derivatives do not share one pattern (a parameter active
// in one, passive in another; a type adgen cannot spell), they are plain
// overloads instead.
#pragma once

#include "ir/IR.h"

#include <map>
#include <string>

namespace adgen {

class TemplateForms {
public:
  explicit TemplateForms(const Module &m);

  /// Whether f is emitted as an explicit specialization.
  bool specialized(const Function &f) const;
  /// `template <>` then f's user-facing signature (no defaults).
  std::string signature(const Function &f) const;
  /// The primary template's declaration, for the first specialization of
  /// its group; else empty.
  std::string primaryBefore(const Function &f) const;

private:
  struct Form {
    bool specialized = false;
    std::string primary; // the first of its group only
  };
  std::map<const Function *, Form> forms;
};

} // namespace adgen
