// The state of lowering one function: Clang statements and expressions to
// IR ops through a Builder. Split by what it lowers: LowerStmt.cpp,
// LowerExpr.cpp, LowerFunction.cpp.
#pragma once

#include "frontend/Diagnostics.h"
#include "ir/Builder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace adgen {

/// The checkpointed loop being lowered (its condition, body or increment,
/// or a function called from there): impure constructs get diagnostics that
/// say why they cannot be re-run in the backward sweep.
struct CheckpointScope {
  clang::SourceLocation directive; // the `checkpoint` keyword of the pragma
  clang::SourceLocation loop;      // the loop it applies to
  /// Calls from the loop down to the function being lowered, outermost
  /// first: callee name and call site.
  std::vector<std::pair<std::string, clang::SourceLocation>> calls;
};

/// Shared by all functions of a translation unit.
struct LowerContext {
  clang::ASTContext &ast;
  clang::DiagnosticsEngine &diags;
  Module &module;
  /// Finds (lowering on first use) the IR function of a callee defined in
  /// the main file; null after reporting an error.
  std::function<Function *(const clang::FunctionDecl *, clang::SourceLocation)>
      calleeFor;
  /// Checkpoint policies of loops, from `#pragma adgen checkpoint`.
  std::map<const clang::Stmt *, checkpoint::Policy> loopPolicies;
  /// Where each checkpointed loop's directive stands.
  std::map<const clang::Stmt *, clang::SourceLocation> loopDirectives;
  /// The innermost checkpointed loop being lowered, if any.
  CheckpointScope *checkpoint = nullptr;
};

/// The IR op of a C++ binary operator adgen accepts (LowerExpr.cpp).
std::optional<OpKind> opKindOf(clang::BinaryOperatorKind opc);

class Lowerer {
public:
  Lowerer(LowerContext &cx, Function &fn) : cx(cx), fn(fn), b(fn) {}

  /// Lowers a definition's signature and body into `fn`; false on error.
  bool lowerFunction(const clang::FunctionDecl *fd);

private:
  // Where an assignment lands.
  struct LValue {
    Var *var = nullptr;
    Array *arr = nullptr;
    Op *index = nullptr;
  };

  // LowerStmt.cpp
  void stmt(const clang::Stmt *s);
  void declStmt(const clang::DeclStmt *ds);
  void localArray(const clang::VarDecl *vd, const clang::ConstantArrayType *at);
  void ifStmt(const clang::IfStmt *s);
  void loopStmt(const clang::Stmt *s);
  void intoBlock(Block *blk, const std::function<void()> &f);

  // LowerExpr.cpp
  Op *expr(const clang::Expr *e);
  Op *cond(const clang::Expr *e); // as bool
  Op *castExpr(const clang::CastExpr *e);
  Op *binaryOp(const clang::BinaryOperator *e);
  Op *unaryOp(const clang::UnaryOperator *e);
  Op *assign(const clang::BinaryOperator *e);
  Op *assignTo(const clang::Expr *target, Op *rhs,
               const clang::BinaryOperator *e, Type lt);
  Op *conditional(const clang::ConditionalOperator *e);
  Op *shortCircuit(const clang::BinaryOperator *e);
  Op *call(const clang::CallExpr *e);
  /// std::min / std::max / std::clamp as selects; abs on any arithmetic type.
  Op *stdMinMax(const clang::CallExpr *e, llvm::StringRef name);
  /// The value of an lvalue expression (the operand of an lvalue-to-rvalue
  /// conversion).
  Op *rvalue(const clang::Expr *e);
  /// A const global array read by the function: a local copy of its
  /// (constant) value declared at the top of the body; null when `vd` is not
  /// a const array, or after an error.
  Array *constGlobalArray(const clang::VarDecl *vd, clang::SourceLocation use);
  /// True for the expansion of assert(...) (a no-op for the derivative).
  bool isAssert(const clang::Expr *e);
  /// The source text of `s` (shortened), to name a construct in a message.
  std::string sourceText(const clang::Stmt *s);
  /// "a range-based for loop", ... for an unsupported expression or
  /// statement, with a hint; false when there is nothing specific to say.
  bool describe(const clang::Stmt *s, std::string &what, std::string &hint);
  void unsupported(const clang::Stmt *s);
  void unsupportedOperator(const clang::BinaryOperator *e);
  Op *declRef(const clang::DeclRefExpr *e);
  std::optional<LValue> lvalue(const clang::Expr *e);
  Op *read(const LValue &lv);
  void write(const LValue &lv, Op *v);
  Array *arrayOf(const clang::Expr *e, bool reportErrors = true);
  Op *arith(OpKind k, Op *a, Op *b);
  bool isSafeToSpeculate(const clang::Expr *e);

  // LowerFunction.cpp
  std::optional<Type> typeOf(clang::QualType t, const clang::NamedDecl *d,
                             clang::SourceLocation loc);
  Var *varFor(const clang::VarDecl *vd);
  std::string uniqueName(const std::string &base);
  void error(clang::SourceLocation loc, Diag d,
             std::initializer_list<llvm::StringRef> args = {});
  /// The diagnostic for a call to `callee`, which adgen cannot see, inside a
  /// checkpointed loop: random numbers, I/O, the clock, or unknown.
  static Diag impureCallDiag(const clang::FunctionDecl *callee);
  void setLoc(clang::SourceLocation loc);
  clang::ASTContext &ast() { return cx.ast; }

  LowerContext &cx;
  Function &fn;
  Builder b;
  std::map<const clang::VarDecl *, Var *> vars;
  std::map<const clang::VarDecl *, Array *> arrays;
  std::set<std::string> usedNames;
  bool failed = false;
  /// Const global arrays copied to the top of the body so far.
  size_t constCopies = 0;
};

} // namespace adgen
