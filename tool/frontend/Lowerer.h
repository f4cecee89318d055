// The state of lowering one function: Clang statements and expressions to
// IR ops through a Builder. Split by what it lowers: LowerStmt.cpp,
// LowerExpr.cpp, LowerNames.cpp, LowerCall.cpp, LowerAssign.cpp,
// LowerDescribe.cpp, LowerFunction.cpp.
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
  /// A declaration of a DeclStmt that is not a variable: nothing to lower
  /// for types, using and the like; an error otherwise.
  void otherDecl(const clang::Decl *d, const clang::DeclStmt *ds);
  /// A local scalar variable (or a reference to one), with its initializer.
  void localVar(const clang::VarDecl *vd);
  void localArray(const clang::VarDecl *vd, const clang::ConstantArrayType *at);
  void ifStmt(const clang::IfStmt *s);
  void loopStmt(const clang::Stmt *s);
  void intoBlock(Block *blk, const std::function<void()> &f);

  // LowerExpr.cpp
  Op *expr(const clang::Expr *e);
  /// An integer, floating-point or bool literal.
  Op *literal(const clang::Expr *e);
  /// `double y{x};`, `double z{};`, `T()` for a scalar; else folded().
  Op *scalarInit(const clang::Expr *e);
  /// The constant clang folds `e` to (sizeof, constexpr values); an
  /// unsupported construct otherwise.
  Op *folded(const clang::Expr *e);
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
  /// A call to a function adgen cannot see: min/max/clamp/abs, a math
  /// function, or an error.
  Op *libraryCall(const clang::CallExpr *e, const clang::FunctionDecl *callee,
                  const clang::FunctionDecl *def);
  /// A call kept as it is (an Extern op): a function of the math headers
  /// on scalars that adgen does not differentiate (LowerExtern.cpp). Null,
  /// with nothing reported, when the call is not one.
  Op *externCall(const clang::CallExpr *e, const clang::FunctionDecl *callee);
  /// A call to a function defined in the file or a user header: lowered
  /// (on first use) to IR of its own, then called.
  Op *userCall(const clang::CallExpr *e, const clang::FunctionDecl *def);
  /// The arguments of a call to `g`: scalars converted to the parameter
  /// types, arrays by reference; `order` says which is which (~k for the
  /// k-th array). False on error.
  bool callArgs(const clang::CallExpr *e, const Function *g,
                std::vector<Op *> &scalars, std::vector<Array *> &arrs,
                std::vector<int> &order);
  /// Reports an array argument passed to a written array parameter and to
  /// another one; false then.
  bool checkAliasing(const clang::CallExpr *e, const Function *g,
                     const std::vector<Array *> &arrs,
                     const std::vector<int> &order);
  /// std::min / std::max / std::clamp as selects; abs on any arithmetic type.
  Op *stdMinMax(const clang::CallExpr *e, llvm::StringRef name);
  /// The value of an lvalue expression (the operand of an lvalue-to-rvalue
  /// conversion).
  Op *rvalue(const clang::Expr *e);
  /// True for the expansion of assert(...) (a no-op for the derivative).
  bool isAssert(const clang::Expr *e);
  /// The source text of `s` (shortened), to name a construct in a message.
  std::string sourceText(const clang::Stmt *s);
  /// "a range-based for loop", ... for an unsupported expression or
  /// statement, with a hint; false when there is nothing specific to say.
  bool describe(const clang::Stmt *s, std::string &what, std::string &hint);
  /// describe() for objects, pointers, strings, casts and literals.
  bool describeValue(const clang::Stmt *s, std::string &what,
                     std::string &hint);
  void unsupported(const clang::Stmt *s);
  void unsupportedOperator(const clang::BinaryOperator *e);
  std::optional<LValue> lvalue(const clang::Expr *e);
  /// An element of an array, `a[i]` or `a[i][j]`, as a flat index.
  std::optional<LValue> element(const clang::ArraySubscriptExpr *as);
  Op *read(const LValue &lv);
  void write(const LValue &lv, Op *v);
  Op *arith(OpKind k, Op *a, Op *b);
  bool isSafeToSpeculate(const clang::Expr *e);

  // LowerNames.cpp
  Op *declRef(const clang::DeclRefExpr *e);
  /// A const global array read by the function: a local copy of its
  /// (constant) value declared at the top of the body; null when `vd` is not
  /// a const array, or after an error.
  Array *constGlobalArray(const clang::VarDecl *vd, clang::SourceLocation use);
  Array *arrayOf(const clang::Expr *e, bool reportErrors = true);

  // LowerFunction.cpp
  /// A parameter of the function being lowered, appended to its params
  /// (nothing after an error).
  void lowerParam(const clang::ParmVarDecl *pd);
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
