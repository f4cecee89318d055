#include "ir/Verifier.h"

#include <unordered_set>

namespace adgen {
namespace {

int expectedOperands(OpKind k) {
  switch (k) {
#define ADGEN_OP(K, M, N, R, H, E)                                             \
  case OpKind::K:                                                              \
    return N;
#include "ir/Ops.def"
  }
  return -1;
}

int expectedRegions(OpKind k) {
  switch (k) {
#define ADGEN_OP(K, M, N, R, H, E)                                             \
  case OpKind::K:                                                              \
    return R;
#include "ir/Ops.def"
  }
  return 0;
}

bool expectsResult(OpKind k) {
  switch (k) {
#define ADGEN_OP(K, M, N, R, H, E)                                             \
  case OpKind::K:                                                              \
    return H;
#include "ir/Ops.def"
  }
  return false;
}

struct Verifier {
  const Function &f;
  std::vector<std::string> errs;
  std::unordered_set<const Op *> defined; // visible in the current scope

  /// A heap array's count: one integer operand (a local of rows: its rows
  /// and their length); none for the others.
  void declArray(const Op &o) {
    size_t want = o.arr->heap ? (o.arr->jagged ? 2u : 1u) : 0u;
    if (o.operands.size() != want)
      err(o, o.arr->heap ? "heap array " + o.arr->name + " without a count"
                         : "count of a fixed-size array " + o.arr->name);
    for (const Op *c : o.operands)
      if (c && !isInteger(c->type))
        err(o, "count of " + o.arr->name + " is not an integer");
  }

  void err(const Op &o, const std::string &m) {
    errs.push_back(std::string(opMnemonic(o.kind)) + " (line " +
                   std::to_string(o.loc.line) + "): " + m);
  }

  void block(const Block &b, int loopDepth, bool condRegion) {
    std::vector<const Op *> local;
    for (size_t i = 0; i < b.ops.size(); ++i) {
      const Op &o = *b.ops[i];
      if (o.block != &b)
        err(o, "op's block pointer is wrong");
      check(o, loopDepth);
      if (isTerminator(o) && i + 1 != b.ops.size())
        err(o, "terminator is not the last op of its block");
      if (o.kind == OpKind::Condition && !condRegion)
        err(o, "condition outside a loop's condition region");
      for (size_t r = 0; r < o.regions.size(); ++r) {
        if (o.regions[r]->parent != &o)
          err(o, "region's parent pointer is wrong");
        bool isCond = o.kind == OpKind::Loop && r == 0;
        int depth = loopDepth + (o.kind == OpKind::Loop && r == 1 ? 1 : 0);
        block(*o.regions[r], depth, isCond);
      }
      if (o.hasResult()) {
        defined.insert(&o);
        local.push_back(&o);
      }
    }
    if (condRegion &&
        (b.ops.empty() || b.ops.back()->kind != OpKind::Condition))
      errs.push_back("loop condition region does not end in a condition");
    for (const Op *o : local) // values do not escape their region
      defined.erase(o);
  }

  /// Load, Store, DeclArray: an array, integer indices, matching types.
  void arrayOp(const Op &o) {
    size_t plain = o.kind == OpKind::Store ? 2 : 1; // operands without a row
    if (!o.arr)
      err(o, "no array");
    else if (o.kind != OpKind::DeclArray &&
             o.operands.size() != plain + (o.arr->jagged ? 1 : 0))
      err(o, o.arr->jagged
                 ? "access to jagged array " + o.arr->name + " without its row"
                 : "wrong operand count for " + o.arr->name);
    else if (o.kind == OpKind::DeclArray && o.arr->jagged &&
             (!o.arr->heap || !o.arr->rowVector))
      err(o, "jagged array " + o.arr->name + " declared as a local");
    else if (o.kind != OpKind::DeclArray && o.arr->jagged &&
             !isInteger(o.operands[plain]->type))
      err(o, "row of " + o.arr->name + " is not an integer");
    else if (o.kind != OpKind::DeclArray && !o.operands.empty() &&
             o.operands[0] && !isInteger(o.operands[0]->type))
      err(o, "array index is not an integer");
    else if (o.kind == OpKind::DeclArray)
      declArray(o);
    else if (o.kind == OpKind::Store && o.arr->isConst)
      err(o, "store to a const array " + o.arr->name);
    else if (o.kind == OpKind::Store && o.operands.size() >= 2 &&
             o.operands[1] && o.operands[1]->type != o.arr->elemType)
      err(o, "stores a value of another type into " + o.arr->name);
  }

  /// NonNull: a bool of an array; RowSize: an integer of a row of vectors.
  void arrayFact(const Op &o) {
    if (o.kind == OpKind::NonNull && (!o.arr || o.type != Type::Bool))
      err(o, "null test without an array");
    else if (o.kind == OpKind::RowSize &&
             (!o.arr || !o.arr->jagged || !o.arr->rowVector ||
              !isInteger(o.type) || !isInteger(o.operands[0]->type)))
      err(o, "row size of something that is not a row of vectors");
  }

  /// Bitwise operators and shifts: integers only; a shift's operands may
  /// differ in type (its result has the left one's).
  void bitwise(const Op &o) {
    bool shift = o.kind == OpKind::Shl || o.kind == OpKind::Shr;
    for (const Op *x : o.operands)
      if (x && (!isInteger(x->type) || (!shift && x->type != o.type))) {
        err(o, "bitwise operation on a value that is not an integer of its "
               "type");
        return;
      }
    if (!isInteger(o.type) ||
        (shift && o.operands[0] && o.operands[0]->type != o.type))
      err(o, "bitwise operation whose type is not its integer operand's");
  }

  void callOp(const Op &o) {
    if (!o.callee)
      err(o, "call without callee");
    for (size_t k = 0; k < o.arrayOffsets.size(); ++k) {
      int at = o.arrayOffsets[k];
      if (k >= o.arrays.size() || at >= static_cast<int>(o.operands.size()) ||
          (at >= 0 && !isInteger(o.operands[static_cast<size_t>(at)]->type)))
        err(o, "array offset is not an integer operand");
    }
    for (size_t k = 0; k < o.arrays.size(); ++k) {
      int at = k < o.arrayRows.size() ? o.arrayRows[k] : -1;
      if (at >= static_cast<int>(o.operands.size()) ||
          (at >= 0 && (!o.arrays[k]->jagged ||
                       !isInteger(o.operands[static_cast<size_t>(at)]->type))))
        err(o, "array row is not an integer operand of a jagged array");
    }
  }

  void checkpointOp(const Op &o) {
    if (!o.arr || o.arr->runtime == RuntimeClass::None)
      err(o, "checkpoint op on something that is not a checkpoint object");
    else if (o.kind == OpKind::CkptNew &&
             (o.arrays.size() != 1 ||
              o.arrays[0]->runtime != RuntimeClass::Store))
      err(o, "checkpoint object without a snapshot store");
    else if (o.kind == OpKind::CkptNew &&
             (o.operands.size() < 2 || o.operands.size() > 3))
      err(o, "checkpoint object with " + std::to_string(o.operands.size()) +
                 " operands (trip count, state bytes, and the budget's tape)");
    else if (o.kind == OpKind::CkptCopy && !o.var && o.arrays.size() != 1)
      err(o, "checkpoint copy of nothing");
    else if (o.kind != OpKind::CkptNew &&
             ckptCopies(o.method) != (o.kind == OpKind::CkptCopy))
      err(o, std::string("'") + ckptMethodName(o.method) + "' is a " +
                 (ckptCopies(o.method) ? "copy" : "call") +
                 " of a checkpoint object, not a " +
                 (o.kind == OpKind::CkptCopy ? "copy" : "call"));
  }

  /// Roles are on loops; re-runs are inside a checkpointed loop's driver.
  void role(const Op &o) {
    if (o.role == OpRole::None)
      return;
    if (o.kind != OpKind::Loop) {
      err(o, std::string("the ") + opRoleName(o.role) +
                 " role is on an op that is no loop");
      return;
    }
    if (o.role != OpRole::ReRun && o.role != OpRole::ReRunTaped)
      return;
    const Op *up = o.block ? o.block->parent : nullptr;
    while (up && up->role != OpRole::CheckpointDriver)
      up = up->block ? up->block->parent : nullptr;
    if (!up)
      err(o, std::string("a ") + opRoleName(o.role) +
                 " loop outside a checkpointed loop's backward driver");
  }

  /// A batch thread's parameters: a stride Var, an Arena array; strided
  /// arrays are strided by the stride parameter.
  void params() {
    std::unordered_set<const void *> strides, arenas;
    for (const Param &p : f.params) {
      if (p.role == ParamRole::Stride && (!p.var || !isInteger(p.var->type)))
        errs.push_back("a stride parameter that is no integer variable");
      if (p.role == ParamRole::Arena &&
          (!p.arr || p.arr->runtime != RuntimeClass::Arena))
        errs.push_back("an arena parameter that is no Arena object");
      if (p.role == ParamRole::Stride)
        strides.insert(p.var);
      if (p.role == ParamRole::Arena)
        arenas.insert(p.arr);
    }
    if (f.arena && !arenas.count(f.arena))
      errs.push_back("the function's arena is no arena parameter");
    for (auto &a : f.arrays)
      if (a->stride && !strides.count(a->stride))
        errs.push_back(a->name + " is strided by what is no stride parameter");
  }

  /// A math function's arity; a kept call's callee.
  void callee(const Op &o) {
    if ((o.kind == OpKind::Extern || o.kind == OpKind::KeptCall) &&
        o.externName.empty())
      err(o, "kept call without a callee name");
    if (o.kind == OpKind::KeptCall)
      for (int k : o.argOrder)
        if (k >= 0 ? static_cast<size_t>(k) >= o.operands.size()
                   : static_cast<size_t>(~k) >= o.literals.size())
          err(o, "call.kept argument out of range");
    if (o.kind == OpKind::Math && o.operands.size() != mathArity(o.fn))
      err(o, std::string("wrong arity for ") + mathName(o.fn));
  }

  void tapeOp(const Op &o) {
    if (!o.arr || !o.arr->isTape) {
      err(o, "push/pop on something that is not a tape");
      return;
    }
    if (o.kind != OpKind::PushArray && o.kind != OpKind::PopArray)
      return;
    const Array *a = o.arrays.size() == 1 ? o.arrays[0] : nullptr;
    const Op *count = o.operands.empty() ? nullptr : o.operands[0];
    if (!a || a->isTape || a->jagged || a->stride || a->scalarOut ||
        a->elemType != o.arr->elemType || !count || !isInteger(count->type))
      err(o, "an array push/pop needs one contiguous array of the tape's "
             "element type and an integer count");
  }

  void operandsDefined(const Op &o) {
    for (const Op *x : o.operands) {
      if (!x)
        err(o, "null operand");
      else if (!defined.count(x))
        err(o, "operand used before its definition or outside its region");
      else if (!x->hasResult())
        err(o, "operand has no value");
    }
  }

  void arithmetic(const Op &o) {
    if (o.operands.size() == 2 && o.operands[0] && o.operands[1] &&
        (o.operands[0]->type != o.type || o.operands[1]->type != o.type))
      err(o, "operand types differ from the result type");
  }

  void returnOp(const Op &o) {
    if (f.retType == Type::Void
            ? !o.operands.empty()
            : o.operands.size() != 1 ||
                  (o.operands[0] && o.operands[0]->type != f.retType))
      err(o, "return does not match the function's type");
  }

  void check(const Op &o, int loopDepth) {
    role(o);
    int n = expectedOperands(o.kind);
    if (n >= 0 && static_cast<int>(o.operands.size()) != n)
      err(o, "expected " + std::to_string(n) + " operands, got " +
                 std::to_string(o.operands.size()));
    if (static_cast<int>(o.regions.size()) != expectedRegions(o.kind))
      err(o, "wrong number of regions");
    bool voidOk = o.kind == OpKind::Call || o.kind == OpKind::CkptCall;
    if (expectsResult(o.kind) != o.hasResult() && !voidOk)
      err(o,
          expectsResult(o.kind) ? "missing result type" : "unexpected result");
    operandsDefined(o);
    switch (o.kind) {
    case OpKind::Decl:
    case OpKind::ReadVar:
    case OpKind::WriteVar:
      if (!o.var)
        err(o, "no variable");
      else if (o.kind != OpKind::ReadVar && !o.operands.empty() &&
               o.operands[0] && o.operands[0]->type != o.var->type)
        err(o, "writes a value of another type to " + o.var->name);
      else if (o.kind == OpKind::ReadVar && o.type != o.var->type)
        err(o, "reads " + o.var->name + " as another type");
      break;
    case OpKind::Load:
    case OpKind::Store:
    case OpKind::DeclArray:
      arrayOp(o);
      break;
    case OpKind::NonNull:
    case OpKind::RowSize:
      arrayFact(o);
      break;
    case OpKind::Add:
    case OpKind::Sub:
    case OpKind::Mul:
    case OpKind::Div:
      arithmetic(o);
      break;
    case OpKind::BitAnd:
    case OpKind::BitOr:
    case OpKind::BitXor:
    case OpKind::Shl:
    case OpKind::Shr:
    case OpKind::BitNot:
      bitwise(o);
      break;
    case OpKind::Math:
    case OpKind::Extern:
    case OpKind::KeptCall:
      callee(o);
      break;
    case OpKind::Push:
    case OpKind::Pop:
    case OpKind::Reserve:
    case OpKind::PushArray:
    case OpKind::PopArray:
      tapeOp(o);
      break;
    case OpKind::CkptNew:
    case OpKind::CkptCall:
    case OpKind::CkptCopy:
      checkpointOp(o);
      break;
    case OpKind::Call:
      callOp(o);
      break;
    case OpKind::Break:
    case OpKind::Continue:
      if (loopDepth == 0)
        err(o, "outside a loop");
      break;
    case OpKind::Return:
      returnOp(o);
      break;
    default:
      break;
    }
  }
};

} // namespace

std::vector<std::string> verify(const Function &f) {
  Verifier v{f, {}, {}};
  v.params();
  v.block(f.body, 0, false);
  // Every variable and array an op names belongs to this function.
  std::unordered_set<const void *> owned;
  for (auto &x : f.vars)
    owned.insert(x.get());
  for (auto &x : f.arrays)
    owned.insert(x.get());
  walk(f.body, [&](const Op &o) {
    if ((o.var && !owned.count(o.var)) || (o.arr && !owned.count(o.arr)))
      v.err(o, "names a variable or array of another function");
    for (const Array *a : o.arrays)
      if (!owned.count(a))
        v.err(o, "passes an array of another function");
  });
  return v.errs;
}

} // namespace adgen
