// What lowering shares across the functions of a translation unit, and
// the std:: classes of SPEC §5 (see Lowerer.h).
#pragma once

#include "frontend/Pragmas.h"
#include "ir/Builder.h"
#include "ir/ExtentExpr.h"
#include "ir/Signature.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

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
/// `#pragma adgen derivative(f) jvp(f_jvp) grad(f_grad)` (SPEC §8): the
/// user's derivative functions of f (text empty when not named).
struct CustomRule {
  DirectiveArg fn, jvp, grad;
};

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
  /// Struct types of parameters, inner ones first (their definitions are
  /// copied into the output).
  std::vector<const clang::RecordDecl *> signatureTypes{};
  /// Standard headers the signatures need (`vector`, `array`, `utility`).
  std::set<std::string> stdHeaders{};
  /// Declarations of the file's own that kept calls name (`extern "C" int
  /// printf(const char *, ...);`), copied into the output.
  std::set<std::string> keptDeclarations{};
  /// Globals read as values, and global counters incremented (`++calls;`,
  /// LowerCounter.cpp): a global may not be both.
  std::set<const clang::VarDecl *> globalReads{}, counters{};
  /// The members some code of the file reads (MemberReads.cpp), on demand.
  std::optional<std::set<const clang::FieldDecl *>> readMembers{};
  std::set<std::string> dependentReads{}; // `v.w` in templates, by name
  /// Functions whose bodies are being lowered: a call to one is recursive,
  /// and its body is not complete yet.
  std::set<const Function *> lowering{};
  /// Custom derivatives, by the function's name as the directive spells it.
  std::map<std::string, CustomRule> customRules{};
};

/// "a::b" for a declaration in namespace a::b ("" at file scope).
std::string namespaceOf(const clang::Decl *d);

/// Whether any code of the translation unit reads member fd (not only
/// initialises or assigns it).
bool memberRead(LowerContext &cx, const clang::FieldDecl *fd);

/// The std:: classes of SPEC §5 (LowerStdlib.cpp); Other for any other
/// class of namespace std, None for the rest.
enum class StdClass {
  None, Array, Vector, Pair, Tuple, Complex, Optional, Other
};
StdClass stdClassOf(clang::QualType t);
StdClass stdClassOf(const clang::RecordDecl *rd);
/// `std::vector<double>`, `std::array<float, 3>`: as generated code spells it.
std::string stdSpelling(clang::QualType t);
/// Whether class type t holds no floating-point value anywhere (members,
/// their pointees, template arguments): `std::string`, `std::vector<int>`,
/// `std::map<std::string, int>`. Such an object is passive as a whole.
bool holdsNoFloat(clang::QualType t);
/// The standard headers that declare the std:: classes type t names.
void stdHeadersOf(clang::QualType t, std::set<std::string> &headers);
/// size(v, v_size) for each std::vector leaf of `f`'s signature that no
/// size(...) clause names: the extent checkpointing reads.
void containerSizes(const Function &f, std::map<std::string, Extent> &sizes);
/// A std::vector iterator (`__normal_iterator<T *, ...>`), a pointer in
/// all but name; the pointer type a pointer or iterator type stands for.
bool isIterator(clang::QualType t);
clang::QualType pointerLike(clang::QualType t);

/// The data members of rd with those of its (non-virtual, non-std) bases
/// first, as a derived object holds them; whether rd's bases allow that
/// (no virtual bases, no member name twice).
std::vector<const clang::FieldDecl *> fieldsOf(const clang::RecordDecl *rd);
/// The struct or class a type is (no pointers, references or lambdas).
const clang::RecordDecl *recordOf(clang::QualType t);
/// How messages name a record: `Frame` for `typedef struct {...} Frame;`.
std::string recordName(const clang::RecordDecl *rd);
bool plainBases(const clang::RecordDecl *rd);
/// `nullptr`, `0`, `NULL` (through parentheses and casts): LowerPointer.cpp.
bool isNullPointer(const clang::Expr *e, clang::ASTContext &ast);
/// Whether `s` may re-point pointer parameter pd; whether f's body (or
/// its member initializers) names member fd (LowerByValue.cpp).
bool repointed(const clang::Stmt *s, const clang::ParmVarDecl *pd);
bool namesMember(const clang::FunctionDecl *f, const clang::FieldDecl *fd);
/// Whether `s` is a statement of constructor f's body allocating a member
/// (`d = new double[n];`), which its callers do (LowerOwnedBuffers.cpp).
bool ownedAllocation(const clang::FunctionDecl *f, const clang::Stmt *s);
/// `#include <vector>` ... for the headers a module's signatures need.
std::string stdIncludes(const std::set<std::string> &headers);
/// The kept calls' own declarations, one a line (LowerExtern.cpp).
std::string keptDeclarations(const LowerContext &cx);

} // namespace adgen
