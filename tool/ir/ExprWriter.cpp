#include "ir/ExprWriter.h"

#include "ir/ExtentExpr.h"

namespace adgen {

int precedence(OpKind k) {
  switch (k) {
  case OpKind::Select: return 1;
  case OpKind::Or: return 2;
  case OpKind::And: return 3;
  case OpKind::BitOr: return 4;
  case OpKind::BitXor: return 5;
  case OpKind::BitAnd: return 6;
  case OpKind::Eq: case OpKind::Ne: case OpKind::NonNull: return 7;
  case OpKind::Lt: case OpKind::Le: case OpKind::Gt: case OpKind::Ge:
    return 8;
  case OpKind::Shl: case OpKind::Shr: return 9;
  case OpKind::Add: case OpKind::Sub: return 10;
  case OpKind::Mul: case OpKind::Div: case OpKind::Rem: return 11;
  case OpKind::Neg: case OpKind::Not: case OpKind::BitNot: case OpKind::Cast:
    return 12;
  default: return 13;
  }
}

static const char *infix(OpKind k) {
  switch (k) {
  case OpKind::Add: return " + ";
  case OpKind::Sub: return " - ";
  case OpKind::Mul: return " * ";
  case OpKind::Div: return " / ";
  case OpKind::Rem: return " % ";
  case OpKind::Lt: return " < ";
  case OpKind::Le: return " <= ";
  case OpKind::Gt: return " > ";
  case OpKind::Ge: return " >= ";
  case OpKind::Eq: return " == ";
  case OpKind::Ne: return " != ";
  case OpKind::BitAnd: return " & ";
  case OpKind::BitOr: return " | ";
  case OpKind::BitXor: return " ^ ";
  case OpKind::Shl: return " << ";
  case OpKind::Shr: return " >> ";
  case OpKind::And: return " && ";
  case OpKind::Or: return " || ";
  default: return nullptr;
  }
}

/// An integer literal operand of a bitwise operator or a shift keeps its
/// type, which decides the result's (`1L << 40`, `~0UL >> 60`).
static const char *intSuffix(Type t) {
  switch (t) {
  case Type::UInt: return "u";
  case Type::Long: return "L";
  case Type::ULong: return "UL";
  case Type::LongLong: return "LL";
  case Type::ULongLong: return "ULL";
  default: return nullptr;
  }
}

std::string ExprWriter::bitOperand(const Op *x, int ctx) const {
  const char *suffix = x && x->kind == OpKind::Const && names.isInlined(x)
                           ? intSuffix(x->type)
                           : nullptr;
  if (!suffix)
    return expr(x, ctx);
  std::string s = literal(x->num, x->type) + suffix;
  return x->num < 0 ? "(" + s + ")" : s;
}

std::string ExprWriter::element(const Array *a, const Op *idx,
                                const Op *row) const {
  if (a->jagged)
    return a->name + "[" + (*this)(row) + "][" + (*this)(idx) + "]";
  if (a->scalarOut)
    return "*" + a->name;
  if (a->scalarLocal)
    return a->name;
  if (a->stride)
    return a->name + "[" + expr(idx, precedence(OpKind::Mul)) + " * " +
           a->stride->name + "]";
  if (cxx && a->checkedExtent && !sourceFile.empty())
    return a->name + "[ADGEN_INDEX(" + (*this)(idx) + ", " +
           printExtent(*a->checkedExtent) +
           ", \"" + a->name + "\", \"" + sourceFile + ":" +
           std::to_string(idx->loc.line) + "\")]";
  return a->name + "[" + (*this)(idx) + "]";
}

std::string ExprWriter::arrayFact(const Op *o) const {
  if (o->kind == OpKind::RowSize)
    return o->arr->name + "[" + (*this)(o->operands[0]) + "].size()";
  // NonNull: the function's own arrays are never null.
  if (o->arr->paramIndex < 0 && !o->arr->global)
    return "true";
  return arrayPointer(o->arr) + " != nullptr";
}

std::string ExprWriter::expr(const Op *o, int ctx) const {
  if (!o)
    return "0";
  if (!names.isInlined(o)) {
    auto it = names.names.find(o);
    return it != names.names.end() ? it->second : "<?>";
  }
  std::string s = definition(o);
  int p = precedence(o->kind);
  // Negative literals bind like a unary minus.
  if (o->kind == OpKind::Const && o->num < 0)
    p = precedence(OpKind::Neg);
  return p <= ctx ? "(" + s + ")" : s;
}

std::string ExprWriter::call(const Op *o) const {
  // A kept library call: its arguments, string literals as spelled.
  if (o->kind == OpKind::Extern || o->kind == OpKind::KeptCall) {
    std::string s = o->externName + "(";
    size_t n = o->kind == OpKind::Extern ? o->operands.size()
                                         : o->argOrder.size();
    for (size_t i = 0; i < n; ++i) {
      int k = o->kind == OpKind::Extern ? static_cast<int>(i) : o->argOrder[i];
      s += (i ? ", " : "") +
           (k >= 0 ? expr(o->operands[static_cast<size_t>(k)], 0)
                   : o->literals[static_cast<size_t>(~k)]);
    }
    return s + ")";
  }
  std::string s = o->callee ? o->callee->name : "?";
  // Another namespace's function (a helper's tangent is emitted in the
  // helper's namespace): fully qualified, so no other one is found.
  if (cxx && o->callee && o->callee->nameSpace != scope)
    s = (o->callee->nameSpace.empty() ? "::" : "::" + o->callee->nameSpace +
                                                   "::") + s;
  s += "(";
  for (size_t i = 0; i < o->argOrder.size(); ++i) {
    int a = o->argOrder[i];
    s += i ? ", " : "";
    if (a >= 0) {
      s += expr(o->operands[a], 0);
      continue;
    }
    s += arrayPointer(o->arrays[~a]);
    // `g(rows[r])`: row r of a jagged array.
    if (const Op *row = arrayRow(*o, static_cast<size_t>(~a)))
      s += "[" + expr(row, 0) + "]" +
           (o->arrays[~a]->rowVector || o->arrays[~a]->rowArray ? ".data()"
                                                                : "");
    // `g(x + i)`: the array from element i on.
    if (const Op *off = arrayOffset(*o, static_cast<size_t>(~a)))
      s += " + " + expr(off, precedence(OpKind::Add));
  }
  return s + ")";
}

std::string arrayPointer(const Array *a) {
  if (a->scalarLocal)
    return "&" + a->name;
  return a->heap ? a->name + ".data()" : a->name;
}

std::string ExprWriter::definition(const Op *o) const {
  int p = precedence(o->kind);
  switch (o->kind) {
  case OpKind::Const:
    return literal(o->num, o->type);
  case OpKind::ReadVar:
    return o->var->name;
  case OpKind::Load:
    return element(*o);
  case OpKind::NonNull:
  case OpKind::RowSize:
    return arrayFact(o);
  case OpKind::Pop:
    return cxx ? o->arr->name + ".pop()" : "pop " + o->arr->name;
  case OpKind::Neg:
    return "-" + expr(o->operands[0], p);
  case OpKind::Not:
    return "!" + expr(o->operands[0], p);
  case OpKind::BitNot:
    return "~" + bitOperand(o->operands[0], p);
  case OpKind::Cast:
    if (cxx)
      return std::string("static_cast<") + typeName(o->type) + ">(" +
             expr(o->operands[0], 0) + ")";
    return std::string("(") + typeName(o->type) + ")" +
           expr(o->operands[0], p);
  case OpKind::Select:
    return expr(o->operands[0], p) + " ? " + expr(o->operands[1], p) +
           " : " + expr(o->operands[2], p - 1);
  case OpKind::Math: {
    std::string s = !cxx                 ? std::string(mathName(o->fn))
                    : mathInRuntime(o->fn) ? std::string("adgen::") + mathName(o->fn)
                                           : std::string("std::") + mathName(o->fn);
    s += "(";
    for (size_t i = 0; i < o->operands.size(); ++i)
      s += (i ? ", " : "") + expr(o->operands[i], 0);
    return s + ")";
  }
  case OpKind::CkptCall: {
    std::string s = o->arr->name + "." + ckptMethodName(o->method) + "(";
    for (size_t i = 0; i < o->operands.size(); ++i)
      s += (i ? ", " : "") + expr(o->operands[i], 0);
    return s + ")";
  }
  case OpKind::CkptCopy: {
    std::string what =
        o->var ? "&" + o->var->name : arrayPointer(o->arrays[0]);
    std::string count = o->var ? "1" : expr(o->operands[0], 0);
    return o->arr->name + "." + ckptMethodName(o->method) + "(" + what +
           ", " + count + ")";
  }
  case OpKind::Call: case OpKind::Extern: case OpKind::KeptCall:
    return call(o);
  default:
    break;
  }
  if (const char *op = infix(o->kind)) {
    // Left-associative: the right operand needs parentheses at equal
    // precedence (a - (b - c)).
    // `a && b` inside `||` is parenthesized too, as -Wparentheses asks.
    int left = p - 1, right = p;
    if (o->kind == OpKind::Or) {
      left = o->operands[0]->kind == OpKind::And ? p + 1 : left;
      right = o->operands[1]->kind == OpKind::And ? p + 1 : right;
    }
    // Another infix operator inside a bitwise one or a shift is
    // parenthesized too (-Wparentheses: `a << (b + c)`, `a | (b & c)`).
    if (isBitwise(o->kind)) {
      auto other = [&](const Op *x) {
        return x->kind != o->kind && infix(x->kind);
      };
      left = other(o->operands[0]) ? precedence(OpKind::Neg) : left;
      right = other(o->operands[1]) ? precedence(OpKind::Neg) : right;
      return bitOperand(o->operands[0], left) + op +
             bitOperand(o->operands[1], right);
    }
    return expr(o->operands[0], left) + op + expr(o->operands[1], right);
  }
  return std::string("<") + opMnemonic(o->kind) + ">";
}

} // namespace adgen
