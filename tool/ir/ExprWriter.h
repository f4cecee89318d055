// Renders a value as an expression, following the Naming's decisions:
// named values by name, inlined ones as their expression, with the fewest
// parentheses C++ precedence allows. Shared by the printer and the emitter.
#pragma once

#include "ir/Naming.h"

#include <functional>
#include <string>
#include <utility>

namespace adgen {

class ExprWriter {
public:
  /// `cxx` selects C++ spellings (std::sin, static_cast); otherwise the
  /// Wengert list's plain ones (sin, (double)).
  /// `scope` is the namespace the expression is written in ("a::b" or
  /// empty): a call to a function of another namespace is qualified.
  ExprWriter(const Naming &n, bool cxx, std::string scope = "")
      : names(n), cxx(cxx), scope(std::move(scope)) {}

  /// Indices of arrays with a checkedExtent are wrapped in ADGEN_INDEX,
  /// naming `file` and the index's source line (generated code only).
  void checkIndices(std::string file) { sourceFile = std::move(file); }

  /// The value `o` as an expression.
  std::string operator()(const Op *o) const { return expr(o, 0); }
  /// The expression defining `o` itself, even when `o` is named.
  std::string definition(const Op *o) const;
  /// A call: its callee and arguments.
  std::string call(const Op *o) const;
  /// How an array element is written (`a[i]`, `*p` for scalar outputs,
  /// `a[r][i]` in row r of a jagged array).
  std::string element(const Array *a, const Op *idx,
                      const Op *row = nullptr) const;
  /// What a NonNull or RowSize op says of its array.
  std::string arrayFact(const Op *o) const;
  /// A Load's or Store's element.
  std::string element(const Op &access) const {
    return element(access.arr, access.operands[0], rowOf(access));
  }

private:
  std::string expr(const Op *o, int ctx) const;
  /// expr(), with an integer literal's type kept (an operand of & | ^ ~
  /// << >>, whose type decides the result's).
  std::string bitOperand(const Op *o, int ctx) const;
  const Naming &names;
  bool cxx;
  std::string scope;
  std::string sourceFile; // checkIndices
};

/// C++ precedence level of an op's expression (higher binds tighter).
int precedence(OpKind k);

/// An array as a pointer argument: `x`, `&cell` (a scalar cell), `t.data()`
/// (a heap array's adgen::Scratch).
std::string arrayPointer(const Array *a);

} // namespace adgen
