// The Wengert list: SSA values inside structured regions, memory only through
// named scalar variables (ReadVar/WriteVar) and arrays (Load/Store).
//
// An Op is also the SSA value it defines (as an LLVM Instruction is a Value).
// Control flow is structured: If and Loop own nested Blocks, so reversing a
// loop is walking its body backwards and a loop's state is the variables and
// arrays its body writes.
#pragma once

#include "adgen/schedule.h"
#include "ir/Signature.h"
#include "ir/Template.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace adgen {

struct ExtentExpr; // ir/ExtentExpr.h

/// The scalar types of the IR, one per C++ builtin type adgen accepts (so
/// generated code spells them as the user did, up to typedefs: size_t is
/// `unsigned long`, int64_t `long` on the LP64 targets adgen emits for).
enum class Type {
  Void,
  Bool,
  Int,
  Long,
  UInt,
  ULong,
  Float,
  Double,
  Char,
  SChar,
  UChar,
  Short,
  UShort,
  LongLong,
  ULongLong,
  LongDouble
};

bool isFloating(Type t);
bool isInteger(Type t);
const char *typeName(Type t); // C++ spelling
int64_t typeSize(Type t);     // bytes (sizeof on the targets adgen emits for)

enum class OpKind {
#define ADGEN_OP(K, M, N, R, H, E) K,
#include "ir/Ops.def"
};
bool isBitwise(OpKind k); // & | ^ << >> (binary; BitNot is unary)

enum class MathFn {
#define ADGEN_MATH(K, N, A) K,
#include "ir/MathFns.def"
};

const char *opMnemonic(OpKind k);
const char *mathName(MathFn f);
unsigned mathArity(MathFn f);
bool lookupMath(const std::string &name, MathFn &out); // "sin", "sinf", ...
/// A function of adgen's runtime (adgen::digamma), not of <cmath>.
bool mathInRuntime(MathFn f);

enum class LoopKind { For, While, Do };

/// A method of a checkpoint runtime object (ir/CkptMethods.def).
enum class CkptMethod {
#define ADGEN_CKPT(K, S, C, R) K,
#include "ir/CkptMethods.def"
};

const char *ckptMethodName(CkptMethod m); // C++ spelling: "save", "put", ...
bool ckptCopies(CkptMethod m);   // a ckpt.copy's method, else a ckpt.call's
bool ckptRestores(CkptMethod m); // a copy that writes its variable or array

/// What a loop a transform made is for, where an analysis needs to know
/// (comments are emitted text only). The verifier checks roles are on loops.
enum class OpRole {
  None,
  EntryCopy,         // forward: copies an array as an iteration starts
  BackwardLoop,      // the backward sweep of a loop, last iteration first
  BackwardZero,      // backward: a local array's adjoint zeroed again
  BackwardCopy,      // backward: an iteration's array copied or rebuilt
  CheckpointForward, // a checkpointed loop's primal loop, keeping snapshots
  CheckpointDriver,  // backward: `while (ck.next())` of a checkpointed loop
  ReRun,             // in a driver: iterations re-run untaped
  ReRunTaped,        // in a driver: iterations re-run taped
  Lanes,             // vector forward mode: a statement's tangents per lane
};

const char *opRoleName(OpRole r);

struct SourceLoc {
  unsigned line = 0, col = 0;
};

/// The global a member of a global struct belongs to (`::ns::c` declared
/// `Complex c`), or one global array (`double g[3]`); empty for a global
/// scalar, which is its own name and type.
struct GlobalRoot {
  std::string name;    // qualified: "::ns::c"
  std::string decl;    // unqualified declaration: "Complex c", "double g[3]"
  bool record = false; // of a user type: declared after the types
};

/// A named scalar variable: a parameter or a local.
struct Var {
  std::string name;
  Type type = Type::Double;
  int paramIndex = -1; // >= 0 for parameters
  // Parameters: the value of a default argument (f_bar = 1), if any.
  std::optional<double> defaultValue;
  // A mutable global the function reads (SPEC §5: inactive): `name` is its
  // qualified name; never declared or written here (the emitter declares
  // it `extern`).
  bool global = false;
  // A member of a global struct (`::c.re`): the global's declaration.
  GlobalRoot root;
};

/// What runtime object an Array stands for, if not data: a checkpoint one
/// (adgen::checkpoint::Store, Forward, Reverse) or a batch thread's
/// adgen::Arena.
enum class RuntimeClass { None, Store, Forward, Reverse, Arena };
const char *runtimeClassName(RuntimeClass c); // "Store", ...

/// A named array: a pointer parameter or a fixed-size local array.
struct Array {
  std::string name;
  Type elemType = Type::Double;
  int paramIndex = -1; // >= 0 for pointer parameters
  bool isConst = false;
  bool scalarOut = false;   // an output scalar passed as `T*` (e.g. f_dot)
  bool scalarLocal = false; // a local scalar passed by address to a call
  bool isTape = false;      // a LIFO tape (adgen::Stack) of elemType
  RuntimeClass runtime = RuntimeClass::None; // a runtime object, not data
  // Element k lives at [k * stride] (a batched kernel's adjoint of a
  // shared parameter, one column per sample); null for contiguous.
  const Var *stride = nullptr;
  int64_t size = -1; // elements, -1 when unknown
  // A pointer parameter's size(p, EXPR) that adgen could not check against
  // the code: EXPR, over integer parameters; its indices are checked against
  // it at run time under -DADGEN_CHECKS. Null otherwise.
  std::shared_ptr<const ExtentExpr> checkedExtent;
  std::vector<int64_t> dims; // local arrays: extents (row-major)
  std::vector<double> init;  // local arrays: initialiser (rest zero)
  // A local whose extent is known at run time only (heap scratch: `new
  // T[n]`, a local `std::vector<T> v(n)`): its DeclArray's one operand
  // counts its elements; size stays -1. Declared as adgen::Scratch<T>.
  bool heap = false;
  // A member of an array of structs (frontend/LowerStructArray.cpp): its
  // elements are strided, the struct array's extent is not its own.
  bool structElements = false;
  // Rows (frontend/LowerJagged.cpp): a pointer-to-rows parameter (`const
  // double *const *rows`, a container of containers' data) or a local
  // `std::vector<std::vector<T>>` (heap: its DeclArray counts rows and row
  // length). Element (r, k) is `name[r][k]`, and every Load and Store of it
  // carries the row r as its last operand (rows are separate memory: no
  // flat index). Its rows are `std::vector<T>` when rowVector (their sizes
  // RowSize ops), `std::array<T, rowArray>` when rowArray > 0, else `T *`.
  bool jagged = false;
  bool rowVector = false;
  int64_t rowArray = 0;
  // How the source names it where that is not `name`: a struct's leaf
  // `b.w`, `pts[].x` (messages say this; see shown()).
  std::string spelled;
  // A mutable global array (or a global struct's member array) the
  // function reads, as for Var::global: `name` is qualified (`::g`,
  // `::c.w`), it is never declared or written here.
  bool global = false;
  GlobalRoot root;
};

/// An array as messages name it: its source spelling, else its name.
inline const std::string &shown(const Array *a) {
  return a->spelled.empty() ? a->name : a->spelled;
}

struct Function;
struct Op;

/// A straight-line list of ops; the body of a function or of a region.
/// Passes edit it through these methods (which keep Op::block right), not
/// through `ops` directly.
struct Block {
  std::vector<std::unique_ptr<Op>> ops;
  Op *parent = nullptr; // the op owning this region, null for a body

  /// The position of `op` in this block; ops.size() when it is not here.
  size_t indexOf(const Op *op) const;
  /// Puts `op` at position `at` (ops.size(): at the end); returns it.
  Op *insert(size_t at, std::unique_ptr<Op> op);
  /// Removes `op` from this block and hands it over.
  std::unique_ptr<Op> take(const Op *op);
  /// Removes and destroys `op` (nothing may use it any more).
  void erase(const Op *op);
  /// Removes and destroys ops [from, to).
  void erase(size_t from, size_t to);
  /// Moves every op of `from`, in order, to position `at` of this block.
  void splice(size_t at, Block &from);
  /// Moves ops [from, end), in order, to the end of `to`.
  void moveTail(size_t from, Block &to);
  /// Removes and destroys every op `dead` says so of, in one pass.
  template <typename P> void eraseIf(P &&dead) {
    size_t k = 0;
    for (size_t i = 0; i < ops.size(); ++i)
      if (!dead(ops[i]))
        ops[k++] = std::move(ops[i]);
    ops.resize(k);
  }
};

/// Moves `op` (from wherever it is) just before `before`, or to the end of
/// `into` when `before` is null.
void moveBefore(Op *op, Op *before, Block *into = nullptr);

struct Op {
  OpKind kind;
  Type type = Type::Void;
  std::vector<Op *> operands;
  std::vector<std::unique_ptr<Block>> regions;
  Block *block = nullptr; // the block holding this op

  // Attributes; which ones are meaningful depends on kind.
  double num = 0;              // Const
  Var *var = nullptr;          // Decl, ReadVar, WriteVar
  Array *arr = nullptr;        // DeclArray, Load, Store
  MathFn fn = MathFn::Sin;     // Math
  Function *callee = nullptr;  // Call
  std::string externName;      // Extern: the callee, qualified
  std::vector<Array *> arrays; // Call: array arguments, in parameter order
  std::vector<int> argOrder;   // Call: per callee param, index into operands
                               //       (>= 0) or arrays (~index)
  std::vector<std::string> literals; // KeptCall: string-literal arguments
  // Call: per array argument, the operand holding the offset of the
  // element it starts at (`g(&x[i])`), or -1 for the whole array; shorter
  // than `arrays` when the rest are whole.
  std::vector<int> arrayOffsets;
  // Call: likewise the operand holding the row of a jagged array an array
  // argument is (`g(rows[i])`), or -1; shorter than `arrays` when the rest
  // are not rows.
  std::vector<int> arrayRows;
  LoopKind loopKind = LoopKind::For;
  // Loop: the checkpoint policy of its directive (none without one);
  // CkptNew: the policy the runtime object runs.
  std::optional<checkpoint::Policy> policy;
  CkptMethod method = CkptMethod::Save; // CkptCall/CkptCopy: what it calls
  OpRole role = OpRole::None;           // Loop: what a transform made it for
  SourceLoc loc;
  std::string comment;         // emitted before the op (e.g. "tangent of ...")
  bool tangentProduct = false; // a (local partial × incoming tangent) product

  Op(OpKind k, Type t) : kind(k), type(t) {}
  bool hasResult() const { return type != Type::Void; }
  Block *region(unsigned i) const { return regions[i].get(); }
};

/// What a parameter is for: the user's own (and the derivatives adgen adds
/// for them), or what a batched kernel's thread is given besides.
enum class ParamRole {
  User,
  Stride, // a Var: the stride of the strided arrays (`long long`)
  Arena,  // an Array of RuntimeClass::Arena: where tapes take memory
  Tape,   // an Array isTape: a split adjoint's tape, the caller's own
};

/// One parameter of a function: exactly one of var / arr is set.
struct Param {
  Var *var = nullptr;
  Array *arr = nullptr;
  ParamRole role = ParamRole::User;
  // A derivative function's tangent or adjoint: the index of the primal
  // parameter it belongs to (-1: a primal parameter; kResultShadow: the
  // result's seed f_bar or tangent f_dot).
  int shadowOf = -1;
  static constexpr int kResultShadow = -2;
  std::string name() const;
};

struct Function {
  std::string name;
  std::string nameSpace; // "a::b" or empty
  Type retType = Type::Double;
  std::vector<Param> params;
  Block body;
  std::vector<std::unique_ptr<Var>> vars;
  std::vector<std::unique_ptr<Array>> arrays;
  std::string sourceFile;
  SourceLoc loc;
  bool isInternal = false; // generated helper (callee derivative)
  // A function adgen does not differentiate (SPEC §8's `derivative(f)`):
  // no body; calls in derivatives go to the user's jvp and grad functions,
  // these stubs (signatures only; null when the directive names none).
  bool external = false;
  Function *customJvp = nullptr, *customGrad = nullptr;
  // Batched kernels' per-sample variant: the Arena parameter its tapes and
  // snapshots take memory from (its Stride and Arena parameters come before
  // the defaulted ones, which then lose their defaults).
  Array *arena = nullptr;
  std::string doc; // what the function is, for its comment
  // The user's parameters when they are not `params` one for one
  // (references, structs: ir/Signature.h); empty otherwise.
  std::vector<UserParam> signature;
  bool adjoint = false; // an f_grad (its shadows are adjoints, not tangents)
  // A split callee adjoint's backward half: its forward half
  // (transform/SplitAdjoint.cpp).
  const Function *splitForward = nullptr;
  // The function template's instantiation it is (or derives from); null
  // for a plain function.
  std::shared_ptr<const TemplateInfo> tmpl;
  // The k-th function of the module with this name and namespace (an
  // overload, k > 0): internal names take `_k` so that their flat
  // signatures cannot collide.
  int overload = 0;

  Var *newVar(const std::string &name, Type t);
  Array *newArray(const std::string &name, Type elem);
};

/// A new, empty function with f's signature facts (namespace, return type,
/// source file and location) under `name`; no parameters or body yet.
std::unique_ptr<Function> newFunctionLike(const Function &f,
                                          const std::string &name);

/// f's name with its template arguments, for internal names: "sq_double"
/// for sq<double>, "sq" for a plain sq.
std::string instanceName(const Function &f);

struct Module {
  std::vector<std::unique_ptr<Function>> functions;
  Function *find(const std::string &name) const;
};

/// What an op does besides defining its result (Ops.def's last column).
enum class Effect {
  None,
  ReadVar,
  ReadArray,
  WriteVar,
  WriteArray,
  Call,
  Control,
  Tape,
  Runtime
};
Effect effectOf(OpKind k);

/// No effect besides its result (arithmetic, reads): Ops.def's None,
/// ReadVar and ReadArray.
bool isPure(const Op &op);

/// An array offset that is the constant 0 as null (the array from its
/// first element), any other as itself.
inline Op *offsetOrNull(Op *index) {
  return index && index->kind == OpKind::Const && index->num == 0 ? nullptr
                                                                  : index;
}
/// The variable `op` itself writes (Decl, WriteVar), or null; the array
/// (Store, DeclArray), or null; and likewise what it reads (ReadVar; Load).
/// Regions are not looked into: walk them for that.
const Var *varWritten(const Op &op);
const Array *arrayWritten(const Op &op);
const Var *varRead(const Op &op);
const Array *arrayRead(const Op &op);
bool isTerminator(const Op &op);

/// A call's k-th array argument's offset operand (`g(x + i)`), or null when
/// it passes the whole array.
Op *arrayOffset(const Op &call, size_t k);
/// A call's k-th array argument's row operand (`g(rows[i])`: a row of the
/// jagged array `rows`), or null.
Op *arrayRow(const Op &call, size_t k);
/// Appends `a` to a call's arrays (at element `offset` when not null, an
/// operand then; row `row` of a jagged `a` when not null, an operand too);
/// the caller adds its argOrder entry.
void addArrayArg(Op &call, Array *a, Op *offset = nullptr, Op *row = nullptr);
/// The row operand of a Load or Store of a jagged array, else null.
Op *rowOf(const Op &access);

/// Calls f on every op of the block and, recursively, of its regions
/// (pre-order).
template <typename F> void walk(const Block &b, F &&f) {
  for (auto &op : b.ops) {
    f(*op);
    for (auto &r : op->regions)
      walk(*r, f);
  }
}

} // namespace adgen
