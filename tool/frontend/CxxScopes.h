// What lowering the statement constructs of C++ keeps per function
// (Lowerer::scopes): the switch being lowered, the lambdas defined, the
// lambda or function call being inlined, range-for element references.
#pragma once

#include "ir/IR.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <set>
#include <string>
#include <utility>

namespace adgen {

/// The switch being lowered (LowerSwitch.cpp): its `break` clears `fall`
/// (null when every case ends in a jump and the switch is an if / else
/// chain); `breaks` counts the breaks lowered so far, so a statement list
/// knows when the rest of it must be guarded.
/// A lambda call being inlined uses one too: `fall` says its body still
/// runs (null when its only return ends it), and a return clears it and
/// those of the switches inside the call (`outer` links them).
struct SwitchScope {
  Var *fall = nullptr;
  unsigned breaks = 0;
  SwitchScope *outer = nullptr;
};

/// A lambda defined in the function (LowerLambda.cpp): its name, and the
/// copies made where it is defined of what it captures by value.
struct LambdaDef {
  std::string name;
  std::map<const clang::VarDecl *, Var *> copies;
  std::map<const clang::VarDecl *, Array *> arrayCopies;
};

/// A lambda call being inlined: its scope (for returns), its result and
/// how many loops were open where it was called (a return may not leave
/// a loop). A call returning `T &` or `T *` (LowerPlace.cpp; a function of
/// the file is inlined then too) names a place instead of a value: a
/// variable of the caller (`placeVar`) or an element of an array
/// (`placeArr` at `placeIndex`; with returns before the end, the index is
/// kept in `placeOffset`). A place must be the caller's storage (`outer`).
struct LambdaCall {
  SwitchScope scope;
  Var *result = nullptr;
  unsigned loops = 0;
  const clang::Stmt *last = nullptr; // the body's last statement
  std::string name;
  const clang::FunctionDecl *fd = nullptr;
  LambdaCall *caller = nullptr; // the call being inlined around this one
  bool place = false;           // returns T & or T *
  Var *placeVar = nullptr;
  Array *placeArr = nullptr;
  Op *placeIndex = nullptr;
  Var *placeOffset = nullptr;
  bool nullReturn = false; // a `return nullptr;` (see placeReturn)
  std::set<const Var *> outerVars;
  std::set<const Array *> outerArrays;
};

/// The lambda expression `e` is, through parentheses and a one-element
/// brace list (`auto f{([x] { ... })};`); null when it is none.
const clang::LambdaExpr *lambdaOf(const clang::Expr *e);
/// Whether `fd` returns a reference or pointer to a scalar (a place).
bool returnsPlace(const clang::FunctionDecl *fd);

/// The statements after one run of case labels (LowerSwitch.cpp).
struct SwitchSegment;

/// A reference to an array element: at `index` (a variable holding where
/// it was bound), or at the constant `fixed` when `index` is null.
struct ElementRef {
  Array *arr = nullptr;
  Var *index = nullptr;
  int64_t fixed = 0;
  Op *row = nullptr; // in a row of a jagged array (LowerJagged.cpp)
};

/// What lowering the statement constructs of C++ keeps per function: the
/// innermost switch (reset inside loops, whose break is their own).
struct CxxScopes {
  SwitchScope *sw = nullptr;
  LambdaCall *call = nullptr;
  unsigned loops = 0; // loops open around the statement being lowered
  std::map<const clang::CXXRecordDecl *, LambdaDef> lambdas;
  /// `for (double &v : a)`: v names a[counter]; `double &r = a[2];`.
  std::map<const clang::VarDecl *, ElementRef> elementRefs;
};

} // namespace adgen
