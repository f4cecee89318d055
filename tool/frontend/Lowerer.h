// The state of lowering one function: Clang statements and expressions to
// IR ops through a Builder, split by what it lowers into Lower*.cpp.
#pragma once

#include "frontend/CxxScopes.h"
#include "frontend/Diagnostics.h"
#include "frontend/LowerContext.h"
#include "frontend/LowerStorage.h"
#include "ir/Builder.h"
#include "ir/ExtentExpr.h"
#include "ir/Signature.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace adgen {

/// A scalar held in a one-element array (written through a reference, or
/// a local a call writes).
inline bool isCell(const Array *a) { return a->scalarOut || a->scalarLocal; }

/// Whether a parameter of type t lets a callee write its argument; whether
/// `s` may write parameter pd or a member of it (LowerByValue.cpp).
bool writesThrough(clang::QualType t);
bool mayWrite(const clang::Stmt *s, const clang::ParmVarDecl *pd);

/// `b.pos.x` for base b and path {pos, x} (`pts[k].x` for {"[]", "x"}):
/// how messages name a leaf (LowerObject.cpp).
std::string dotted(const std::string &base,
                   const std::vector<std::string> &path);

/// The IR op of a C++ binary operator adgen accepts (LowerExpr.cpp).
std::optional<OpKind> opKindOf(clang::BinaryOperatorKind opc);

class Lowerer {
public:
  Lowerer(LowerContext &cx, Function &fn) : cx(cx), fn(fn), b(fn) {}

  /// Lowers a definition's signature and body into `fn`; false on error.
  bool lowerFunction(const clang::FunctionDecl *fd);
  /// Only fd's signature, for SPEC §8's derivative(f), and its rule's stubs.
  bool lowerCustom(const clang::FunctionDecl *fd, const CustomRule &rule);
private:
  bool lowerHeader(const clang::FunctionDecl *fd); // name, params, result
  Function *customStub(const clang::FunctionDecl *d, bool grad);
  // What lowering names storage by (LowerStorage.h).
  using LValue = lower::LValue;
  using PointerRef = lower::PointerRef;
  using ArgAt = lower::ArgAt;
  using PointerLocal = lower::PointerLocal;
  using Object = lower::Object;

  // LowerPointer.cpp
  /// The array and offset a pointer expression points at: an array or
  /// pointer name, `p + i`, `&a[i]`, `p++`; null after an error.
  std::optional<PointerRef> pointerOf(const clang::Expr *e,
                                      bool reportErrors = true);
  /// A local pointer variable `T *p = <pointer into an array>`; a pointer
  /// local or member from where it points (`moves`: an offset variable).
  void pointerLocal(const clang::VarDecl *vd);
  PointerLocal pointerAt(const PointerRef &p, const std::string &name,
                         bool moves);
  Op *pointerAssign(clang::BinaryOperatorKind opc, const clang::Expr *lhs,
                    const clang::Expr *rhs, clang::SourceLocation loc); // p += k
  Op *nonNull(const clang::Expr *p); // `p != nullptr` (null: not a pointer)
  /// `p < q`, `p != x + n`, `p - x` within one array (null: an error).
  Op *pointerCompare(clang::BinaryOperatorKind opc, const clang::Expr *lhs,
                     const clang::Expr *rhs, clang::SourceLocation loc);
  /// `++p`, `p--`, ...: its new position (prefix) or its old one.
  std::optional<PointerRef> pointerStep(const clang::Expr *target,
                                        bool increment, bool prefix);
  // LowerIterators.cpp: iterators of std::vector, std::array and
  // std::initializer_list as pointers into their array (nullopt: not one).
  std::optional<PointerRef> iteratorPointer(const clang::Expr *e,
                                            bool &handled);
  std::optional<Op *> iteratorOperator(const clang::Expr *e);
  Array *initializerList(const clang::Expr *e); // a local one's array
  bool iteratorPlace(const clang::Expr *e, std::optional<LValue> &out);
  PointerLocal *movingPointer(const clang::Expr *target);
  void findMovedPointers(const clang::Stmt *s); // assigned, incremented
  void movedParams(const clang::FunctionDecl *fd); // their offset variables
  /// Scalar parameters passed as `T &` / `&x`: in cells read at entry.
  void cellParams(const clang::FunctionDecl *fd);
  Op *pointerOffset(const PointerLocal &p);
  /// off + k (or off - k), folded; `off` null is 0.
  Op *offsetPlus(Op *off, Op *k, bool minus = false);
  // LowerHeap.cpp: pointer locals from new/malloc/calloc (false: none),
  // delete/free, `p = realloc(p, n)` (false: neither), local vectors.
  bool heapLocal(const clang::VarDecl *vd);
  bool heapObject(const clang::VarDecl *vd, const clang::CXXNewExpr *ne);
  bool heapRelease(const clang::Expr *e);
  bool heapRealloc(const clang::Expr *lhs, const clang::Expr *rhs);
  bool vectorLocal(const clang::VarDecl *vd, const clang::RecordDecl *rd);
  Array *heapArray(const std::string &name, Type elem, Op *count, Type ct);
  // LowerStmt.cpp
  void stmt(const clang::Stmt *s);
  void declStmt(const clang::DeclStmt *ds);
  /// A non-variable declaration: nothing (types, using), else an error.
  void otherDecl(const clang::Decl *d, const clang::DeclStmt *ds);
  /// A local scalar variable (or a reference to one), with its initializer.
  void localVar(const clang::VarDecl *vd);
  void localArray(const clang::VarDecl *vd, const clang::ConstantArrayType *at);
  void initArray(Array *a, const clang::InitListExpr *il); // constants, stores
  /// A std::initializer_list of numbers as a local array (null: none).
  Array *listArray(const clang::Expr *e, const std::string &name);
  /// `if (init; T x = ...)`: the init and the declaration; false: error.
  bool conditionPrologue(const clang::Stmt *init, const clang::VarDecl *cv);
  void ifStmt(const clang::IfStmt *s);
  void loopStmt(const clang::Stmt *s);
  /// The loop of `s` (policy, scope) from its condition, body and step.
  void loopOf(const clang::Stmt *s, LoopKind kind,
              const std::function<Op *()> &condition,
              const std::function<void()> &body,
              const std::function<void()> &step);
  void rangeFor(const clang::CXXForRangeStmt *s); // LowerRangeFor.cpp
  std::optional<LValue> elementRef(const clang::VarDecl *vd); // for (T &v : a)
  void intoBlock(Block *blk, const std::function<void()> &f);
  /// A block's statements (in a switch, after a break: on `fall`).
  void stmtList(llvm::ArrayRef<const clang::Stmt *> list);
  void condDecl(const clang::VarDecl *vd); // in if, switch, loops

  // LowerSwitch.cpp
  void switchStmt(const clang::SwitchStmt *s);
  void switchSegment(std::vector<const clang::Stmt *> stmts);
  void switchChain(const std::vector<SwitchSegment> &segs, Var *sel, Type t,
                   const std::vector<const clang::SwitchCase *> &all);
  void switchFlags(const std::vector<SwitchSegment> &segs, Var *sel, Type t,
                   const std::vector<const clang::SwitchCase *> &all);
  void breakStmt();

  // LowerLambda.cpp
  /// Copies what `le` captures by value; its calls are inlined.
  void defineLambda(const clang::LambdaExpr *le, const std::string &name);
  Op *lambdaCall(const clang::CallExpr *e, const clang::CXXMethodDecl *md);
  const LambdaDef *lambdaDefOf(const clang::CallExpr *e,
                               const clang::CXXMethodDecl *md);
  /// Lowers the body of `fd` (a lambda's, `def`, or the file's) at `e`.
  bool inlineCall(const clang::CallExpr *e, const clang::FunctionDecl *fd,
                  const LambdaDef *def, LambdaCall &call);
  /// Binds a lambda's parameter to its argument; false on error.
  bool lambdaParam(const clang::ParmVarDecl *pd, const clang::Expr *arg,
                   const std::string &prefix);
  void lambdaReturn(const clang::ReturnStmt *s);
  // LowerPlace.cpp: calls returning `T &` or `T *` (inlined; the callee,
  // or null when `e` is no such call), the place one names, a return in
  // one, and a reference bound to a place (`vd` another name for it).
  const clang::FunctionDecl *placeCallee(const clang::CallExpr *e);
  std::optional<LValue> placeCall(const clang::CallExpr *e);
  void placeReturn(const clang::ReturnStmt *s);
  void outerStorage(LambdaCall &call, const LambdaDef *def);
  bool bindPlace(const clang::VarDecl *vd, const LValue &lv,
                 const std::string &prefix);
  /// A copy of local array `a`, element by element.
  Array *copyArray(Array *a, const std::string &name);

  // LowerExpr.cpp
  Op *expr(const clang::Expr *e);
  /// An integer, floating-point or bool literal.
  Op *literal(const clang::Expr *e);
  /// `double y{x};`, `double z{};`, `T()` for a scalar; else folded().
  Op *scalarInit(const clang::Expr *e);
  /// The constant clang folds `e` to (sizeof, constexpr); else an error.
  Op *folded(const clang::Expr *e);
  Op *cond(const clang::Expr *e); // as bool
  Op *castExpr(const clang::CastExpr *e);
  Op *binaryOp(const clang::BinaryOperator *e);
  Op *unaryOp(const clang::UnaryOperator *e);
  Op *assign(const clang::BinaryOperator *e);
  Op *assignTo(const clang::Expr *target, Op *rhs,
               const clang::BinaryOperator *e, Type lt);
  /// Assignment `e` of `rhs` to the place `lv` (compound ones read it).
  Op *assignAt(const LValue &lv, Op *rhs, const clang::BinaryOperator *e,
               Type lt);
  Op *conditional(const clang::ConditionalOperator *e);
  Op *shortCircuit(const clang::BinaryOperator *e);
  Op *call(const clang::CallExpr *e);
  /// A call adgen cannot see: min/max/clamp/abs, math, or an error.
  Op *libraryCall(const clang::CallExpr *e, const clang::FunctionDecl *callee,
                  const clang::FunctionDecl *def);
  // LowerExtern.cpp: a math call, or a recursive function of integers, as
  // an Extern op (null: not one); `printf("%d\n", n);` on passive values.
  Op *externCall(const clang::CallExpr *e, const clang::FunctionDecl *callee);
  Op *passiveRecursiveCall(const clang::CallExpr *e,
                           const clang::FunctionDecl *def);
  Op *externOp(const clang::CallExpr *e, const clang::FunctionDecl *callee);
  bool keptCall(const clang::Expr *e);
  bool globalCounter(const clang::Expr *e); // `++calls;`, LowerCounter.cpp
  void counterRead(const clang::VarDecl *vd, clang::SourceLocation loc);
  bool declareKept(const clang::FunctionDecl *callee);
  /// frexp(x, &e) on an integer e; ldexp(x, n) as products (null: none).
  Op *frexpCall(const clang::CallExpr *e, llvm::StringRef name);
  Op *ldexpCall(const clang::CallExpr *e, llvm::StringRef name);
  Op *builtinConstant(const clang::CallExpr *e, // __builtin_inf(), ..._nan
                      const clang::FunctionDecl *callee);
  /// A call to a function of the file or a user header (lowered once).
  Op *userCall(const clang::CallExpr *e, const clang::FunctionDecl *def,
               Object *dest = nullptr);
  /// The arguments of a call to `g` (scalars converted, arrays by
  /// reference; `order`: ~k for the k-th array). False on error.
  bool callArgs(const clang::CallExpr *e, const Function *g,
                std::vector<Op *> &scalars, std::vector<Array *> &arrs,
                std::vector<int> &order, std::vector<ArgAt> &offsets,
                Object *dest = nullptr);
  /// Reports (false) an array passed to a written parameter and another.
  bool checkAliasing(llvm::ArrayRef<const clang::Expr *> args, // userArgs
                     const Function *g, const std::vector<Array *> &arrs,
                     const std::vector<int> &order,
                     const std::vector<ArgAt> &offsets);
  bool unusedArgument(const clang::Expr *a); // for an unnamed param; or error
  std::optional<PointerRef> nullArgument(const clang::Expr *a,
                                         const Function *g, const Array *p);
  /// def's IR function (its calls logged in a checkpoint); null: an error.
  Function *calleeAt(const clang::FunctionDecl *def, clang::SourceLocation loc);
  /// The Call op for the arguments callArgs lowered.
  Op *callOp(Function *g, std::vector<Op *> scalars,
             const std::vector<Array *> &arrs, std::vector<int> order,
             const std::vector<ArgAt> &offsets);
  /// std::min / std::max / std::clamp as selects; abs on any arithmetic type.
  Op *stdMinMax(const clang::CallExpr *e, llvm::StringRef name);
  /// The value of an lvalue expression (an lvalue-to-rvalue operand).
  Op *rvalue(const clang::Expr *e);
  /// True for the expansion of assert(...) (a no-op for the derivative).
  bool isAssert(const clang::Expr *e);
  /// The source text of `s` (shortened), to name a construct in a message.
  std::string sourceText(const clang::Stmt *s);
  /// What an unsupported construct is, with a hint; false: nothing to say.
  bool describe(const clang::Stmt *s, std::string &what, std::string &hint);
  /// describe() for objects, pointers, strings, casts and literals.
  bool describeValue(const clang::Stmt *s, std::string &what,
                     std::string &hint);
  void unsupported(const clang::Stmt *s);
  void unsupportedOperator(const clang::BinaryOperator *e);
  std::optional<LValue> lvalue(const clang::Expr *e);
  /// An element of an array, `a[i]` or `a[i][j]`, as a flat index.
  std::optional<LValue> element(const clang::ArraySubscriptExpr *as);
  /// False (reported) for a member array of a struct passed by value.
  bool writableTarget(const LValue &lv, const clang::Expr *target);
  Op *read(const LValue &lv);
  void write(const LValue &lv, Op *v);
  Op *arith(OpKind k, Op *a, Op *b);
  bool isSafeToSpeculate(const clang::Expr *e);

  // LowerNames.cpp
  Op *declRef(const clang::DeclRefExpr *e);
  /// A const global array read: a local copy (null: not one, or error).
  Array *constGlobalArray(const clang::VarDecl *vd, clang::SourceLocation use);
  /// A mutable global scalar read (inactive, SPEC §5), by its qualified
  /// name; null (reported) when another translation unit cannot name it.
  Var *globalRead(const clang::VarDecl *vd, clang::SourceLocation use);
  // LowerGlobals.cpp: mutable global arrays and structs read (null: not
  // one, or an error); true after reporting a call that writes one.
  Array *globalArray(const clang::VarDecl *vd, clang::SourceLocation use);
  Object *globalObject(const clang::VarDecl *vd, clang::SourceLocation use);
  bool globalMembers(const clang::RecordDecl *rd, Object &obj,
                     const std::string &prefix, const GlobalRoot &root,
                     clang::SourceLocation use);
  bool globalWrittenByCall(const Function *g, const std::vector<Array *> &arrs,
                           const std::vector<int> &order,
                           clang::SourceLocation loc);
  Array *arrayOf(const clang::Expr *e, bool reportErrors = true,
                 Op **offset = nullptr);
  // LowerJagged.cpp: rows (T **, containers of containers; false: none).
  bool jaggedRow(const clang::Expr *e, std::optional<PointerRef> &out);
  bool rowReference(const clang::VarDecl *vd); // `auto &r = m[i]`; copies no
  bool rowsLocal(const clang::VarDecl *vd); // `vector<vector<T>> m(n, row)`
  bool rowRepointed(const clang::Expr *target); // `rows[i] = p`, refused
  Op *rowSize(const PointerRef &row); // `m[i].size()`: RowSize or N
  bool rangeForRows(const clang::CXXForRangeStmt *s); // false: not over rows
  std::optional<LValue> jaggedElement(Array *a,
                                      const std::vector<const clang::Expr *> &idx,
                                      const clang::Expr *at);
  // LowerObject.cpp
  /// A reference or struct parameter: its leaves appended to the params,
  /// the user's parameter to fn.signature; false when it is neither.
  bool objectParam(const clang::ParmVarDecl *pd, const std::string &name);
  /// A record as the output spells it: `Experiment<long double>`.
  std::string recordSpelling(const clang::RecordDecl *rd);
  bool flattenParam(const clang::RecordDecl *rd, Object &obj, UserParam &up,
                    std::vector<std::string> path, Passing passing,
                    clang::SourceLocation loc); // a parameter's leaves
  bool memberLeaf(const clang::FieldDecl *fd, Object &obj, UserParam &up,
                  const std::vector<std::string> &p, Passing passing,
                  clang::SourceLocation loc);
  void scalarRefParam(const clang::ParmVarDecl *pd, const std::string &name,
                      clang::QualType base, UserParam &up);
  bool signatureRecord(const clang::RecordDecl *rd, const UserParam &up,
                       clang::SourceLocation loc); // checked, for the output
  bool structLocal(const clang::VarDecl *vd); // or a reference (false: none)
  void cellLocal(const clang::VarDecl *vd, Type t, Op *init); // in a cell
  bool localObject(const clang::VarDecl *vd, const clang::RecordDecl *rd,
                   const clang::Expr *init); // `S s = init;`, `new S{...}`
  bool declareMembers(const clang::RecordDecl *rd, Object &obj,
                      const std::string &prefix, clang::SourceLocation loc);
  bool emptyVectorMember(const clang::RecordDecl *rd,
                         const clang::FieldDecl *fd, Object &obj);
  /// Initialises (or assigns) `to` from a brace list, an object, or nothing.
  bool initObject(Object &to, const clang::Expr *init, bool declare);
  void copyObject(Object &to, const Object &from, bool declare);
  bool copyPointers(Object &to, const Object &from, bool declare,
                    clang::SourceLocation at);
  /// The object `e` names: a struct variable, a member struct, `*p`, `p->`.
  Object *objectOf(const clang::Expr *e);
  // LowerMembers.cpp
  /// A scalar member `s.x` / `p->x`, or an element of an array member.
  std::optional<LValue> member(const clang::MemberExpr *me);
  /// An array or pointer member `s.w` (null: error); `offset`: its start.
  Array *memberArray(const clang::MemberExpr *me, bool reportErrors,
                     Op **offset = nullptr);
  /// `&a[i]`, `&s.x` of a member in a cell (`u` the `&`).
  std::optional<PointerRef> placeAddress(const clang::Expr *place,
                                         const clang::UnaryOperator *u,
                                         bool reportErrors);
  /// Refuses `(int32_t *)&y`, a pointer cast to another pointee type.
  bool typePunning(const clang::CastExpr *c);
  Op *objectAssign(const clang::CXXOperatorCallExpr *e); // `a = b;`, trivial
  /// The flat arguments for user parameter `up` of `g` from `a` (or false).
  bool objectArgs(const clang::Expr *a, const Function *g, const UserParam &up,
                  std::vector<Op *> &scalars, std::vector<Array *> &arrs,
                  std::vector<int> &order, std::vector<ArgAt> &offsets);
  /// By-value structs the body may write: arrays copied, scalars in cells.
  void copyWrittenByValue(const clang::FunctionDecl *fd);
  bool objectLeaves(const Object &obj, const clang::Expr *a, const Function *g,
                    const UserParam &up, std::vector<Op *> &scalars,
                    std::vector<Array *> &arrs, std::vector<int> &order,
                    std::vector<ArgAt> &offsets);

  // LowerStructArray.cpp: arrays of structs. Whether parameter pd is one
  // (`S pts[N]`, or indexed or offset in the body); whether rd's members
  // can be strided leaves (an error otherwise); sizeof(outer) / sizeof of
  // member's scalar type; the leaves of a parameter; a local `S pts[N]`.
  bool structArrayParam(const clang::ParmVarDecl *pd);
  bool elementStrides(const clang::RecordDecl *rd, clang::SourceLocation loc);
  bool failOn(clang::SourceLocation loc, const clang::FieldDecl *fd,
              const clang::RecordDecl *rd);
  int64_t strideOf(const clang::RecordDecl *outer, clang::QualType member);
  bool flattenElements(const clang::RecordDecl *rd,
                       const clang::RecordDecl *outer, Object &obj,
                       UserParam &up, std::vector<std::string> path,
                       bool isConst);
  bool structArrayLocal(const clang::VarDecl *vd, const clang::RecordDecl *rd,
                        int64_t count);
  void declareElements(const clang::RecordDecl *rd,
                       const clang::RecordDecl *outer, Object &obj,
                       const std::string &prefix, int64_t count);
  bool initElement(Object &elem, const clang::Expr *init);
  /// Where member array a of o holds element `inner` (null: a scalar).
  Op *elementIndex(const Object &o, const Array *a, Op *inner);
  /// Element k of an array of structs (past `whole`'s); `pts[k]`, `pts + k`.
  Object *elementOf(const Object &whole, Op *k);
  Object *elementObject(const clang::Expr *e);
  // LowerStructPointer.cpp: an object's element now; a moving struct
  // pointer local; ++p, p += k, p = q, p < q on one (nullopt: not one).
  Op *elementAt(const Object &o);
  bool movingStructPointer(const clang::VarDecl *vd, const Object *o);
  std::optional<Op *> structPointerOp(const clang::Expr *e);
  // LowerStructVector.cpp: std::vector/array of structs (leaves {"data()",
  // member}); their elements' object; ps[i], ps.data()...; range-for; heap.
  bool structContainerLeaves(clang::QualType t, const clang::RecordDecl *er,
                             Object &obj, UserParam &up,
                             std::vector<std::string> path, Passing passing,
                             clang::SourceLocation loc,
                             const std::string &base);
  Object *structContainer(const clang::Expr *e);
  std::optional<Object *> containerElement(const clang::Expr *e);
  bool rangeForElements(const clang::CXXForRangeStmt *s);
  bool heapElements(const clang::RecordDecl *rd, const clang::RecordDecl *outer,
                    Object &obj, const std::string &prefix, Op *count,
                    clang::SourceLocation loc); // one heap array per leaf
  bool heapStructs(const clang::VarDecl *vd, const clang::RecordDecl *rd,
                   const clang::Expr *countExpr, bool constructs);

  // LowerStdlib.cpp
  /// The leaves of a std::array or std::vector parameter (or member):
  /// `data()` and, for a vector, `size()` (only that for passive elements).
  bool containerLeaves(clang::QualType t, Object &obj, UserParam &up,
                       std::vector<std::string> path, Passing passing,
                       clang::SourceLocation loc, const std::string &base);
  void sizeLeaf(Object &obj, UserParam &up, std::vector<std::string> path,
                const std::string &base); // path + "size()"
  /// `v.size()`, `v[i]`, `std::get<0>(p)`, a resize (refused); or nullopt.
  std::optional<Op *> stdCall(const clang::CallExpr *e);
  // LowerFill.cpp: std::fill / std::fill_n / a.fill(v) as a loop of
  // stores (nullopt: `e` is none of them); a range end; the loop.
  std::optional<Op *> stdFill(const clang::CallExpr *e);
  std::optional<PointerRef> fillPosition(const clang::Expr *e);
  Op *fillLoop(const PointerRef &first, Op *count, const clang::Expr *value,
               const clang::Expr *call);
  /// The element `v[i]`, `v.at(i)`, `v.front()`, `v.back()`,
  /// `std::get<1>(p)` names; false when `e` is none of those.
  bool stdElement(const clang::Expr *e, std::optional<LValue> &out);
  /// A std::array's, vector's or v.data()'s array (null: `handled` false).
  Array *containerArray(const clang::Expr *e, bool &handled);
  Op *containerCount(const clang::Expr *e); // its number of elements
  void stdClassError(clang::SourceLocation loc, const std::string &who,
                     clang::QualType t); // '%who has type T ... not yet'

  // LowerComplex.cpp: std::complex<T> as parts `real()` and `imag()`.
  bool complexLeaves(clang::QualType t, Object &obj, UserParam &up,
                     std::vector<std::string> path, Passing passing,
                     clang::SourceLocation loc, const std::string &base);
  bool complexMembers(const clang::RecordDecl *rd, Object &obj,
                      const std::string &prefix, clang::SourceLocation loc);
  std::optional<LValue> complexPart(const Object &o, int k);
  bool complexInit(Object &to, const clang::Expr *e, bool declare);
  std::optional<Op *> complexCall(const clang::CallExpr *e);
  bool optionalLeaves(clang::QualType t, Object &obj, UserParam &up,
                      clang::SourceLocation loc); // LowerOptional.cpp
  Object *optionalTemporary(const clang::Expr *e); // nullopt, a value, a copy
  std::optional<Op *> optionalCall(const clang::CallExpr *e);

  // LowerConstructor.cpp: whether `ce` calls a user's constructor; a
  // temporary (members in cells); one made from `e`; constructing `to` or
  // `obj` (its pointer members first); member initializers into `self`.
  bool userConstructor(const clang::CXXConstructExpr *ce);
  Object *newTemporary(const clang::RecordDecl *rd, clang::SourceLocation loc,
                       std::string prefix = ""); // "": rd's name
  Object *constructedTemporary(const clang::Expr *e);
  bool constructInto(Object &to, const clang::CXXConstructExpr *ce,
                     bool declare);
  bool constructorCall(const clang::CXXConstructExpr *ce, Object &obj);
  bool constructorPointers(const clang::CXXConstructExpr *ce, Object &obj);
  bool ownedBuffers(const clang::CXXConstructExpr *ce, Object &obj);
  bool memberInitializers(const clang::CXXConstructorDecl *cd);
  struct ThisBinding { // `this` names `self` while it lives
    ThisBinding(Lowerer &l, const Object &self);
    ~ThisBinding();
    Lowerer &l;
    std::optional<Object> saved;
  };
  bool initMember(Object &to, const clang::FieldDecl *fd,
                  const clang::Expr *sub, bool declare);
  bool nullMember(const Object &o, const std::string &n, // Object::nulls
                  clang::SourceLocation loc);
  bool pointerMember(Object &to, const clang::FieldDecl *fd,
                     const clang::Expr *sub, bool declare); // ::pointers

  // LowerObjectCall.cpp
  /// Locals a call writes through a reference or pointer (`f(x)`, `f(&x)`,
  /// a non-const method's object): in cells (scalarLocal).
  void findAddressTaken(const clang::Stmt *s);
  Object *temporaryOf(const clang::CallExpr *e); // a call's struct result
  bool resultParam(const clang::FunctionDecl *fd); // a struct result, last
  bool selfParam(const clang::CXXMethodDecl *md); // the object, first
  /// The IR name of a method (`Vec3_norm`) or operator (`operator_plus`).
  std::string functionName(const clang::FunctionDecl *fd);
  std::vector<const clang::Expr *> userArgs(const clang::CallExpr *e);

  // LowerFunction.cpp
  /// A parameter of the function being lowered, appended to its params.
  void lowerParam(const clang::ParmVarDecl *pd);
  /// A string parameter the body never names: in the user's signature
  /// only (no leaves); false when pd is not one.
  bool unusedParam(const clang::ParmVarDecl *pd, const std::string &name);
  /// A string local, or a pointer without initializer, never used: none.
  bool unusedLocal(const clang::VarDecl *vd);
  std::optional<Type> typeOf(clang::QualType t, const clang::NamedDecl *d,
                             clang::SourceLocation loc);
  Var *varFor(const clang::VarDecl *vd);
  std::string uniqueName(const std::string &base);
  void error(clang::SourceLocation loc, Diag d,
             std::initializer_list<llvm::StringRef> args = {});
  /// The diagnostic for an unseen callee in a checkpointed loop.
  static Diag impureCallDiag(const clang::FunctionDecl *callee);
  void setLoc(clang::SourceLocation loc); // of the IR ops, and `here`:
  clang::ASTContext &ast() { return cx.ast; }

  LowerContext &cx;
  Function &fn;
  Builder b;
  std::map<const clang::VarDecl *, Var *> vars;
  std::map<const clang::VarDecl *, Array *> arrays;
  // Struct variables; the key null is a method's object (`this`).
  std::map<const clang::VarDecl *, Object> objects;
  std::set<const clang::VarDecl *> addressTaken; // see findAddressTaken
  std::map<const clang::VarDecl *, PointerLocal> pointers;
  std::set<const clang::VarDecl *> movedPointers; // see findMovedPointers
  std::map<const Array *, Var *> heapSizes;        // heap arrays' counts
  std::map<const Array *, int64_t> strides;        // arrays-of-structs leaves
  std::deque<Object> temporaries; // structs that calls return
  Object *result = nullptr;       // what `return s;` writes, if a struct
  std::set<std::string> usedNames;
  bool failed = false;
  const clang::FunctionDecl *lowering = nullptr; // the function being lowered
  CxxScopes scopes;
  size_t constCopies = 0; // const global arrays copied to the body so far
  clang::SourceLocation here; // the construct being lowered, for messages
};

} // namespace adgen
