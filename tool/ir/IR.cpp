#include "ir/IR.h"

#include <cstring>

namespace adgen {

bool isFloating(Type t) {
  return t == Type::Float || t == Type::Double || t == Type::LongDouble;
}

bool isInteger(Type t) {
  switch (t) {
  case Type::Char:
  case Type::SChar:
  case Type::UChar:
  case Type::Short:
  case Type::UShort:
  case Type::Int:
  case Type::UInt:
  case Type::Long:
  case Type::ULong:
  case Type::LongLong:
  case Type::ULongLong:
    return true;
  default:
    return false;
  }
}

bool isBitwise(OpKind k) {
  return k == OpKind::BitAnd || k == OpKind::BitOr || k == OpKind::BitXor ||
         k == OpKind::Shl || k == OpKind::Shr;
}

int64_t typeSize(Type t) {
  switch (t) {
  case Type::Void:
    return 0;
  case Type::Bool:
  case Type::Char:
  case Type::SChar:
  case Type::UChar:
    return 1;
  case Type::Short:
  case Type::UShort:
    return 2;
  case Type::Int:
  case Type::UInt:
  case Type::Float:
    return 4;
  case Type::LongDouble:
    return 16;
  default:
    return 8;
  }
}

const char *typeName(Type t) {
  switch (t) {
  case Type::Void:
    return "void";
  case Type::Bool:
    return "bool";
  case Type::Char:
    return "char";
  case Type::SChar:
    return "signed char";
  case Type::UChar:
    return "unsigned char";
  case Type::Short:
    return "short";
  case Type::UShort:
    return "unsigned short";
  case Type::Int:
    return "int";
  case Type::Long:
    return "long";
  case Type::UInt:
    return "unsigned";
  case Type::ULong:
    return "unsigned long";
  case Type::LongLong:
    return "long long";
  case Type::ULongLong:
    return "unsigned long long";
  case Type::Float:
    return "float";
  case Type::Double:
    return "double";
  case Type::LongDouble:
    return "long double";
  }
  return "?";
}

const char *opMnemonic(OpKind k) {
  switch (k) {
#define ADGEN_OP(K, M, N, R, H, E)                                             \
  case OpKind::K:                                                              \
    return M;
#include "ir/Ops.def"
  }
  return "?";
}

const char *ckptMethodName(CkptMethod m) {
  switch (m) {
#define ADGEN_CKPT(K, S, C, R)                                                 \
  case CkptMethod::K:                                                          \
    return S;
#include "ir/CkptMethods.def"
  }
  return "?";
}

bool ckptCopies(CkptMethod m) {
  switch (m) {
#define ADGEN_CKPT(K, S, C, R)                                                 \
  case CkptMethod::K:                                                          \
    return C;
#include "ir/CkptMethods.def"
  }
  return false;
}

bool ckptRestores(CkptMethod m) {
  switch (m) {
#define ADGEN_CKPT(K, S, C, R)                                                 \
  case CkptMethod::K:                                                          \
    return R;
#include "ir/CkptMethods.def"
  }
  return false;
}

const char *opRoleName(OpRole r) {
  switch (r) {
  case OpRole::None:
    return "none";
  case OpRole::EntryCopy:
    return "entry copy";
  case OpRole::BackwardLoop:
    return "backward loop";
  case OpRole::BackwardZero:
    return "backward zero";
  case OpRole::BackwardCopy:
    return "backward copy";
  case OpRole::CheckpointForward:
    return "checkpoint forward";
  case OpRole::CheckpointDriver:
    return "checkpoint driver";
  case OpRole::ReRun:
    return "re-run";
  case OpRole::ReRunTaped:
    return "taped re-run";
  case OpRole::Lanes:
    return "lanes";
  }
  return "?";
}

const char *mathName(MathFn f) {
  switch (f) {
#define ADGEN_MATH(K, N, A)                                                    \
  case MathFn::K:                                                              \
    return N;
#include "ir/MathFns.def"
  }
  return "?";
}

unsigned mathArity(MathFn f) {
  switch (f) {
#define ADGEN_MATH(K, N, A)                                                    \
  case MathFn::K:                                                              \
    return A;
#include "ir/MathFns.def"
  }
  return 0;
}

bool mathInRuntime(MathFn f) {
  switch (f) {
#define ADGEN_MATH(K, N, A)                                                    \
  case MathFn::K:                                                              \
    return false;
#define ADGEN_MATH_RUNTIME(K, N, A)                                            \
  case MathFn::K:                                                              \
    return true;
#include "ir/MathFns.def"
  }
  return false;
}

bool lookupMath(const std::string &name, MathFn &out) {
  static const struct {
    const char *n;
    MathFn f;
  } table[] = {
#define ADGEN_MATH(K, N, A) {N, MathFn::K},
#define ADGEN_MATH_RUNTIME(K, N, A) // not callable from the input
#include "ir/MathFns.def"
  };
  for (auto &e : table) {
    if (name == e.n || name == std::string(e.n) + "f" ||
        name == std::string(e.n) + "l") {
      out = e.f;
      return true;
    }
  }
  return false;
}

const char *runtimeClassName(RuntimeClass c) {
  switch (c) {
  case RuntimeClass::None:
    return "";
  case RuntimeClass::Store:
    return "Store";
  case RuntimeClass::Forward:
    return "Forward";
  case RuntimeClass::Reverse:
    return "Reverse";
  case RuntimeClass::Arena:
    return "Arena";
  }
  return "";
}

std::string Param::name() const { return var ? var->name : arr->name; }

Var *Function::newVar(const std::string &n, Type t) {
  vars.push_back(std::make_unique<Var>());
  vars.back()->name = n;
  vars.back()->type = t;
  return vars.back().get();
}

Array *Function::newArray(const std::string &n, Type elem) {
  arrays.push_back(std::make_unique<Array>());
  arrays.back()->name = n;
  arrays.back()->elemType = elem;
  return arrays.back().get();
}

Function *Module::find(const std::string &n) const {
  for (auto &f : functions)
    if (f->name == n)
      return f.get();
  return nullptr;
}

Effect effectOf(OpKind k) {
  switch (k) {
#define ADGEN_OP(K, M, N, R, H, E)                                             \
  case OpKind::K:                                                              \
    return Effect::E;
#include "ir/Ops.def"
  }
  return Effect::Control;
}

bool isPure(const Op &op) {
  Effect e = effectOf(op.kind);
  return e == Effect::None || e == Effect::ReadVar || e == Effect::ReadArray;
}

const Var *varWritten(const Op &op) {
  return effectOf(op.kind) == Effect::WriteVar ? op.var : nullptr;
}

const Array *arrayWritten(const Op &op) {
  if (op.kind == OpKind::PopArray)
    return op.arrays[0];
  return effectOf(op.kind) == Effect::WriteArray ? op.arr : nullptr;
}

const Var *varRead(const Op &op) {
  return effectOf(op.kind) == Effect::ReadVar ? op.var : nullptr;
}

const Array *arrayRead(const Op &op) {
  return effectOf(op.kind) == Effect::ReadArray ? op.arr : nullptr;
}

bool isTerminator(const Op &op) {
  return op.kind == OpKind::Break || op.kind == OpKind::Continue ||
         op.kind == OpKind::Return || op.kind == OpKind::Condition;
}

Op *arrayOffset(const Op &call, size_t k) {
  if (k >= call.arrayOffsets.size() || call.arrayOffsets[k] < 0)
    return nullptr;
  return call.operands[static_cast<size_t>(call.arrayOffsets[k])];
}

Op *arrayRow(const Op &call, size_t k) {
  if (k >= call.arrayRows.size() || call.arrayRows[k] < 0)
    return nullptr;
  return call.operands[static_cast<size_t>(call.arrayRows[k])];
}

void addArrayArg(Op &call, Array *a, Op *offset, Op *row) {
  call.arrays.push_back(a);
  if (offset) {
    call.arrayOffsets.resize(call.arrays.size(), -1);
    call.arrayOffsets.back() = static_cast<int>(call.operands.size());
    call.operands.push_back(offset);
  }
  if (row) {
    call.arrayRows.resize(call.arrays.size(), -1);
    call.arrayRows.back() = static_cast<int>(call.operands.size());
    call.operands.push_back(row);
  }
}

Op *rowOf(const Op &access) {
  if ((access.kind != OpKind::Load && access.kind != OpKind::Store) ||
      !access.arr || !access.arr->jagged)
    return nullptr;
  size_t k = access.kind == OpKind::Store ? 2 : 1;
  return k < access.operands.size() ? access.operands[k] : nullptr;
}

} // namespace adgen
