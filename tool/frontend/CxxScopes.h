// What lowering the statement constructs of C++ keeps per function
// (switches, inlined lambda calls, open loops, range-for element
// references): state of frontend/Lowerer.h kept in a header of its own.
#pragma once

#include "ir/IR.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"

#include <map>
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
/// a loop).
struct LambdaCall {
  SwitchScope scope;
  Var *result = nullptr;
  unsigned loops = 0;
  const clang::Stmt *last = nullptr; // the body's last statement
};

/// The statements after one run of case labels (LowerSwitch.cpp).
struct SwitchSegment;

/// What lowering the statement constructs of C++ keeps per function: the
/// innermost switch (reset inside loops, whose break is their own).
struct CxxScopes {
  SwitchScope *sw = nullptr;
  LambdaCall *call = nullptr;
  unsigned loops = 0; // loops open around the statement being lowered
  std::map<const clang::CXXRecordDecl *, LambdaDef> lambdas;
  /// `for (double &v : a)`: v names a[counter].
  std::map<const clang::VarDecl *, std::pair<Array *, Var *>> elementRefs;
};

} // namespace adgen
