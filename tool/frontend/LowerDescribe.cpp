// Naming what adgen does not accept in C++ terms, with a hint: the
// messages of unsupported statements, expressions and operators.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

namespace adgen {

using namespace clang;
/// A binary operator adgen has no IR for, named in C++ with a hint.
void Lowerer::unsupportedOperator(const BinaryOperator *e) {
  BinaryOperatorKind opc = e->isCompoundAssignmentOp()
                               ? BinaryOperator::getOpForCompoundAssignment(
                                     e->getOpcode())
                               : e->getOpcode();
  std::string op = "'" + e->getOpcodeStr().str() + "'";
  switch (opc) {
  case BO_Shl: case BO_Shr: case BO_And: case BO_Or: case BO_Xor:
    error(e->getOperatorLoc(), Diag::Construct,
          {"the bitwise operator " + op,
           "adgen has no bitwise or shift operators: compute with integer "
           "arithmetic (i * 2 for i << 1, i % 2 for i & 1)"});
    return;
  case BO_Cmp:
    error(e->getOperatorLoc(), Diag::Construct,
          {"the three-way comparison operator '<=>'",
           "compare with <, == and >"});
    return;
  case BO_PtrMemD: case BO_PtrMemI:
    error(e->getOperatorLoc(), Diag::Construct,
          {"a pointer-to-member access (" + op + ")",
           "pass the data as separate scalars or arrays"});
    return;
  default:
    error(e->getOperatorLoc(), Diag::Construct,
          {"the operator " + op,
           "rewrite it with arithmetic on double, float and integer values"});
    return;
  }
}

bool Lowerer::isAssert(const Expr *e) {
  if (!e->getType()->isVoidType())
    return false;
  auto &sm = ast().getSourceManager();
  for (SourceLocation l = e->getBeginLoc(); l.isMacroID();
       l = sm.getImmediateMacroCallerLoc(l))
    if (Lexer::getImmediateMacroName(l, sm, ast().getLangOpts()) == "assert")
      return true;
  return false;
}

std::string Lowerer::sourceText(const Stmt *s) {
  auto &sm = ast().getSourceManager();
  CharSourceRange r = sm.getExpansionRange(s->getSourceRange());
  std::string raw =
      Lexer::getSourceText(r, sm, ast().getLangOpts()).str();
  std::string t;
  for (char c : raw) {
    if (c == '\n' || c == '\t' || c == '\r')
      c = ' ';
    if (c == ' ' && (t.empty() || t.back() == ' '))
      continue;
    t += c;
  }
  while (!t.empty() && t.back() == ' ')
    t.pop_back();
  if (t.size() > 48)
    t = t.substr(0, 45) + "...";
  return t;
}

/// Statements and language features adgen leaves out; values in
/// describeValue().
bool Lowerer::describe(const Stmt *s, std::string &what, std::string &hint) {
  auto is = [&](const char *w, const char *h) {
    what = w;
    hint = h;
    return true;
  };
  switch (s->getStmtClass()) {
  case Stmt::CXXForRangeStmtClass:
    return is("a range-based for loop",
              "write an index loop: 'for (int i = 0; i < n; ++i)' over the "
              "array's elements");
  case Stmt::CoroutineBodyStmtClass:
  case Stmt::CoreturnStmtClass:
  case Stmt::CoawaitExprClass:
  case Stmt::CoyieldExprClass:
  case Stmt::DependentCoawaitExprClass:
    return is("a coroutine (co_return, co_await, co_yield)",
              "differentiate a plain function that returns its result");
  case Stmt::SEHTryStmtClass:
  case Stmt::SEHLeaveStmtClass:
    return is("structured exception handling (__try)",
              "report errors through a return value or a flag instead");
  case Stmt::BinaryConditionalOperatorClass:
    return is("the GNU '?:' operator (x ?: y)",
              "write the full conditional: 'x ? x : y'");
  case Stmt::StmtExprClass:
    return is("a statement expression ('({ ... })')",
              "compute the value in statements before the expression, or in "
              "a function defined in this file");
  case Stmt::LambdaExprClass:
    return is("a lambda expression used other than by calling it",
              "define it in the function ('auto f = [&](double t) { ... };') "
              "and call it there, or write it as a function of this file");
  case Stmt::VAArgExprClass:
    return is("va_arg", "give the function a fixed parameter list");
  case Stmt::CompoundLiteralExprClass:
    return is("a compound literal ('(T){...}')",
              "declare a local variable or array first and use it");
  case Stmt::AtomicExprClass:
    return is("an atomic operation", "use plain reads and writes");
  default:
    return describeValue(s, what, hint);
  }
}

/// describe() for objects, pointers, strings, casts and literals.
bool Lowerer::describeValue(const Stmt *s, std::string &what,
                            std::string &hint) {
  auto is = [&](const char *w, const char *h) {
    what = w;
    hint = h;
    return true;
  };
  switch (s->getStmtClass()) {
  case Stmt::InitListExprClass:
    return is("a braced initializer list here",
              "initialize a scalar with one value ('double y = x;' or "
              "'double y{x};') and arrays in their declaration");
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXTemporaryObjectExprClass:
  case Stmt::CXXInheritedCtorInitExprClass:
    what = "constructing an object of type '" +
           cast<Expr>(s)->getType().getAsString() + "'";
    hint = "adgen differentiates double, float, integer and bool values, "
           "pointers to them and fixed-size arrays: keep objects out of the "
           "function";
    return true;
  case Stmt::MemberExprClass:
    what = "member access '" + sourceText(s) + "'";
    hint = "struct and class types are not supported: pass the members as "
           "separate scalars or arrays";
    return true;
  case Stmt::CXXThisExprClass:
    return is("'this'", "differentiate a free function; pass the object's "
                        "data as parameters");
  case Stmt::StringLiteralClass:
  case Stmt::PredefinedExprClass:
    return is("a string literal",
              "strings have no derivative: keep messages and logging outside "
              "the differentiated function");
  case Stmt::CXXNullPtrLiteralExprClass:
  case Stmt::GNUNullExprClass:
    return is("a null pointer ('nullptr')",
              "adgen assumes pointers point to arrays: pass a flag or a size "
              "instead of a null pointer");
  case Stmt::CXXDynamicCastExprClass:
    return is("dynamic_cast", "differentiate a free function on scalars and "
                              "arrays; keep class hierarchies out of it");
  case Stmt::CXXReinterpretCastExprClass:
  case Stmt::BuiltinBitCastExprClass:
    return is("reinterpreting memory (reinterpret_cast, std::bit_cast)",
              "convert values with static_cast between arithmetic types");
  case Stmt::CXXTypeidExprClass:
    return is("typeid", "differentiate a free function on scalars and "
                        "arrays; keep run-time type information out of it");
  case Stmt::CXXStdInitializerListExprClass:
    return is("a std::initializer_list", "pass the values one by one");
  case Stmt::UserDefinedLiteralClass:
    return is("a user-defined literal", "write the plain number");
  default:
    return false;
  }
}

void Lowerer::unsupported(const Stmt *s) {
  std::string what, hint;
  if (!describe(s, what, hint)) {
    std::string text = sourceText(s);
    bool isExpr = isa<Expr>(s);
    what = text.empty() ? (isExpr ? "this expression" : "this statement")
                        : std::string(isExpr ? "the expression '"
                                             : "the statement '") +
                              text + "'";
    hint = "rewrite it with arithmetic on double, float and integer "
           "variables, arrays and calls (see 'The C++ accepted' in the "
           "README)";
  }
  error(isa<Expr>(s) ? cast<Expr>(s)->getExprLoc() : s->getBeginLoc(),
        Diag::Construct, {what, hint});
}

} // namespace adgen
