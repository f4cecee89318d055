#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

namespace adgen {

using namespace clang;

/// The IR op of a C++ binary operator adgen accepts.
std::optional<OpKind> opKindOf(BinaryOperatorKind opc) {
  switch (opc) {
  case BO_Add: return OpKind::Add;
  case BO_Sub: return OpKind::Sub;
  case BO_Mul: return OpKind::Mul;
  case BO_Div: return OpKind::Div;
  case BO_Rem: return OpKind::Rem;
  case BO_And: return OpKind::BitAnd;
  case BO_Or: return OpKind::BitOr;
  case BO_Xor: return OpKind::BitXor;
  case BO_Shl: return OpKind::Shl;
  case BO_Shr: return OpKind::Shr;
  case BO_LT: return OpKind::Lt;
  case BO_LE: return OpKind::Le;
  case BO_GT: return OpKind::Gt;
  case BO_GE: return OpKind::Ge;
  case BO_EQ: return OpKind::Eq;
  case BO_NE: return OpKind::Ne;
  default: return std::nullopt;
  }
}

Op *Lowerer::arith(OpKind k, Op *x, Op *y) {
  return b.create(k, x->type, {x, y});
}

Op *Lowerer::expr(const Expr *e) {
  if (failed || !e)
    return nullptr;
  e = e->IgnoreParens();
  // assert(...) checks the primal; the derivative code leaves it out.
  if (isAssert(e))
    return nullptr;
  auto loc = e->getExprLoc();
  switch (e->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
  case Stmt::FloatingLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
    return literal(e);
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
  case Stmt::CXXConstCastExprClass:
    return castExpr(cast<CastExpr>(e));
  case Stmt::CXXReinterpretCastExprClass: // `reinterpret_cast<double &&>(r)`
    if (cast<CastExpr>(e)->getCastKind() == CK_NoOp) // the same type
      return castExpr(cast<CastExpr>(e));
    return folded(e); // a constant, or refused there
  case Stmt::InitListExprClass:
  case Stmt::ImplicitValueInitExprClass:
  case Stmt::CXXScalarValueInitExprClass:
    return scalarInit(e);
  case Stmt::DeclRefExprClass:
    return declRef(cast<DeclRefExpr>(e));
  case Stmt::ArraySubscriptExprClass: {
    auto lv = lvalue(e);
    return lv ? read(*lv) : nullptr;
  }
  case Stmt::MemberExprClass: // a scalar member as a glvalue (`const T &`)
    if (e->getType()->isArithmeticType() || e->getType()->isEnumeralType()) {
      auto lv = lvalue(e);
      return lv ? read(*lv) : nullptr;
    }
    return folded(e);
  case Stmt::UnaryOperatorClass:
    return unaryOp(cast<UnaryOperator>(e));
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return binaryOp(cast<BinaryOperator>(e));
  case Stmt::ConditionalOperatorClass:
    return conditional(cast<ConditionalOperator>(e));
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
    if (auto r = iteratorOperator(e)) // `it != v.end()`, `*it`, `++it`
      return *r;
    return call(cast<CallExpr>(e));
  case Stmt::CXXThrowExprClass:
    error(loc, Diag::Exceptions, {"throw"});
    return nullptr;
  case Stmt::CXXNewExprClass:
    error(loc, Diag::Allocation, {"new"});
    return nullptr;
  case Stmt::CXXDeleteExprClass:
    heapRelease(e); // LowerHeap.cpp
    return failed ? nullptr : b.constant(0, Type::Int);
  case Stmt::ExprWithCleanupsClass:
    return expr(cast<ExprWithCleanups>(e)->getSubExpr());
  case Stmt::ConstantExprClass:
    return expr(cast<ConstantExpr>(e)->getSubExpr());
  case Stmt::MaterializeTemporaryExprClass:
    return expr(cast<MaterializeTemporaryExpr>(e)->getSubExpr());
  case Stmt::CXXDefaultArgExprClass:
    return expr(cast<CXXDefaultArgExpr>(e)->getExpr());
  default:
    return folded(e);
  }
}

/// An integer, floating-point or bool literal.
Op *Lowerer::literal(const Expr *e) {
  if (const auto *bl = dyn_cast<CXXBoolLiteralExpr>(e))
    return b.constant(bl->getValue() ? 1 : 0, Type::Bool);
  auto t = typeOf(e->getType(), nullptr, e->getExprLoc());
  if (!t)
    return nullptr;
  if (const auto *il = dyn_cast<IntegerLiteral>(e))
    return b.constant(static_cast<double>(il->getValue().getSExtValue()), *t);
  return b.constant(cast<FloatingLiteral>(e)->getValueAsApproximateDouble(),
                    *t);
}

/// A scalar initialized from braces or by value (`double y{x};`,
/// `double z{};`, `T()`); anything else is folded or unsupported.
Op *Lowerer::scalarInit(const Expr *e) {
  if (!e->getType()->isScalarType())
    return folded(e);
  // `double y{x};`, `return {x};`, `double z{};`
  const auto *il = dyn_cast<InitListExpr>(e);
  if (il && il->getNumInits() > 1)
    return folded(e);
  auto t = typeOf(e->getType(), nullptr, e->getExprLoc());
  if (!t)
    return nullptr;
  if (!il || il->getNumInits() == 0)
    return b.constant(0, *t);
  Op *v = expr(il->getInit(0));
  return v ? b.cast(v, *t) : nullptr;
}

/// sizeof, constexpr values and the like as the constant clang folds them
/// to; an unsupported construct otherwise.
Op *Lowerer::folded(const Expr *e) {
  Expr::EvalResult r;
  if (!e->HasSideEffects(ast()) && e->EvaluateAsRValue(r, ast()) &&
      (r.Val.isInt() || r.Val.isFloat())) {
    auto t = typeOf(e->getType(), nullptr, e->getExprLoc());
    if (!t)
      return nullptr;
    return b.constant(r.Val.isFloat()
                          ? r.Val.getFloat().convertToDouble()
                          : static_cast<double>(r.Val.getInt().getSExtValue()),
                      *t);
  }
  unsupported(e);
  return nullptr;
}

Op *Lowerer::cond(const Expr *e) {
  Op *v = expr(e);
  return v ? b.cast(v, Type::Bool) : nullptr;
}

Op *Lowerer::castExpr(const CastExpr *e) {
  const Expr *sub = e->getSubExpr();
  switch (e->getCastKind()) {
  case CK_LValueToRValue:
    return rvalue(sub);
  case CK_NoOp:
  case CK_ToVoid:
    return expr(sub);
  case CK_IntegralCast:
  case CK_FloatingCast:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_IntegralToBoolean:
  case CK_FloatingToBoolean:
  case CK_BooleanToSignedIntegral: {
    Op *v = expr(sub);
    auto t = typeOf(e->getType(), nullptr, e->getExprLoc());
    return v && t ? b.cast(v, *t) : nullptr;
  }
  case CK_ArrayToPointerDecay:
    error(e->getExprLoc(), Diag::PointerArith,
          {sub->IgnoreParenImpCasts()->getType().getAsString()});
    return nullptr;
  case CK_PointerToBoolean: // `if (out)` (LowerPointer.cpp)
    if (Op *set = nonNull(sub))
      return set;
    if (!failed)
      error(e->getExprLoc(), Diag::PointerTest, {sourceText(sub)});
    return nullptr;
  case CK_UserDefinedConversion:
  case CK_ConstructorConversion:
    // `if (k)` on a std::optional (LowerOptional.cpp).
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(sub->IgnoreParens()))
      if (std::optional<Op *> v = optionalCall(mc))
        return *v;
    error(e->getExprLoc(), Diag::SpecialMember,
          {e->getConversionFunction()
               ? e->getConversionFunction()->getQualifiedNameAsString()
               : e->getType().getAsString()});
    return nullptr;
  case CK_FunctionToPointerDecay:
    error(e->getExprLoc(), Diag::Construct,
          {"taking the address of function '" + sourceText(sub) + "'",
           "call the function directly by name"});
    return nullptr;
  default:
    error(e->getExprLoc(), Diag::Conversion,
          {sub->getType().getAsString(), e->getType().getAsString()});
    return nullptr;
  }
}

Op *Lowerer::rvalue(const Expr *sub) {
  sub = sub->IgnoreParens();
  if (const auto *dr = dyn_cast<DeclRefExpr>(sub))
    return declRef(dr);
  // `a > b ? a : b` with lvalue arms is itself an lvalue: read the arms.
  if (const auto *co = dyn_cast<ConditionalOperator>(sub))
    return conditional(co);
  if (const auto *bo = dyn_cast<BinaryOperator>(sub)) {
    // `(x = e) > 0`: the assignment's result is the value written.
    if (bo->isAssignmentOp())
      return assign(bo);
    // `(a, b) * c`: a for its effects, then b.
    if (bo->getOpcode() == BO_Comma) {
      expr(bo->getLHS());
      return failed ? nullptr : rvalue(bo->getRHS());
    }
  }
  // `++i < n`
  if (const auto *uo = dyn_cast<UnaryOperator>(sub))
    if (uo->isPrefix() && uo->isIncrementDecrementOp())
      return unaryOp(uo);
  if (auto r = iteratorOperator(sub)) // `*it`
    return *r;
  // std::min / std::max return a reference to one of their arguments.
  if (const auto *ce = dyn_cast<CallExpr>(sub))
    return call(ce);
  auto lv = lvalue(sub);
  return lv ? read(*lv) : nullptr;
}

Op *Lowerer::unaryOp(const UnaryOperator *e) {
  const Expr *sub = e->getSubExpr();
  switch (e->getOpcode()) {
  case UO_Minus: {
    Op *v = expr(sub);
    return v ? b.create(OpKind::Neg, v->type, {v}) : nullptr;
  }
  case UO_Plus:
  case UO_Extension:
    return expr(sub);
  case UO_LNot: {
    Op *v = cond(sub);
    return v ? b.create(OpKind::Not, Type::Bool, {v}) : nullptr;
  }
  case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec: {
    if (auto s = structPointerOp(e)) // LowerStructPointer.cpp
      return *s;
    if (sub->getType()->isPointerType())
      return pointerStep(sub, e->isIncrementOp(), e->isPrefix())
                 ? b.constant(0, Type::Int)
                 : nullptr;
    auto lv = lvalue(sub);
    if (!lv || !writableTarget(*lv, sub))
      return nullptr;
    Op *old = read(*lv);
    Op *one = b.constant(1, old->type);
    bool inc = e->isIncrementOp();
    Op *nw = arith(inc ? OpKind::Add : OpKind::Sub, old, one);
    write(*lv, nw);
    return e->isPrefix() ? nw : old;
  }
  case UO_Deref: {
    auto lv = lvalue(e);
    return lv ? read(*lv) : nullptr;
  }
  case UO_AddrOf:
    error(e->getExprLoc(), Diag::PointerArith,
          {sub->IgnoreParenImpCasts()->getType().getAsString()});
    return nullptr;
  case UO_Not: { // integers only in C++ (promoted already)
    Op *v = expr(sub);
    if (v && !isInteger(v->type)) {
      error(e->getOperatorLoc(), Diag::Construct,
            {"the operator '~' on a value that is not an integer",
             "apply it to integers only"});
      return nullptr;
    }
    return v ? b.create(OpKind::BitNot, v->type, {v}) : nullptr;
  }
  default:
    error(e->getExprLoc(), Diag::Construct,
          {"the operator '" +
               UnaryOperator::getOpcodeStr(e->getOpcode()).str() + "'",
           "rewrite it with arithmetic on double, float and integer values"});
    return nullptr;
  }
}

Op *Lowerer::binaryOp(const BinaryOperator *e) {
  BinaryOperatorKind opc = e->getOpcode();
  if (auto s = structPointerOp(e)) // p += k, p < q on struct pointers
    return *s;
  if (e->isAssignmentOp() && e->getLHS()->getType()->isPointerType())
    return pointerAssign(opc, e->getLHS(), e->getRHS(), e->getOperatorLoc());
  if (e->isAssignmentOp())
    return assign(e);
  if (opc == BO_LAnd || opc == BO_LOr)
    return shortCircuit(e);
  if (opc == BO_Comma) {
    expr(e->getLHS());
    return failed ? nullptr : expr(e->getRHS());
  }
  if (e->getLHS()->getType()->isPointerType() &&
      e->getRHS()->getType()->isPointerType() &&
      (e->isComparisonOp() || opc == BO_Sub))
    return pointerCompare(opc, e->getLHS(), e->getRHS(), e->getExprLoc());
  if (e->getLHS()->getType()->isPointerType() ||
      e->getRHS()->getType()->isPointerType()) {
    error(e->getExprLoc(), Diag::PointerArith,
          {e->getLHS()->IgnoreParenImpCasts()->getType().getAsString()});
    return nullptr;
  }
  std::optional<OpKind> k = opKindOf(opc);
  if (!k) {
    unsupportedOperator(e);
    return nullptr;
  }
  Op *x = expr(e->getLHS());
  Op *y = x ? expr(e->getRHS()) : nullptr;
  if (!y)
    return nullptr;
  if (*k == OpKind::Rem && isFloating(x->type)) {
    error(e->getOperatorLoc(), Diag::FloatModulo);
    return nullptr;
  }
  if (isBitwise(*k) && (!isInteger(x->type) || !isInteger(y->type))) {
    unsupportedOperator(e);
    return nullptr;
  }
  return b.binary(*k, x, y);
}

bool Lowerer::isSafeToSpeculate(const Expr *e) {
  if (e->HasSideEffects(ast()))
    return false;
  bool safe = true;
  std::function<void(const Stmt *)> visit = [&](const Stmt *s) {
    if (!s || !safe)
      return;
    if (isa<ArraySubscriptExpr>(s) || isa<CallExpr>(s))
      safe = false;
    if (const auto *u = dyn_cast<UnaryOperator>(s))
      if (u->getOpcode() == UO_Deref)
        safe = false;
    if (const auto *bo = dyn_cast<BinaryOperator>(s))
      if ((bo->getOpcode() == BO_Div || bo->getOpcode() == BO_Rem) &&
          bo->getType()->isIntegerType())
        safe = false;
    for (const Stmt *c : s->children())
      visit(c);
  };
  visit(e);
  return safe;
}

Op *Lowerer::shortCircuit(const BinaryOperator *e) {
  bool isAnd = e->getOpcode() == BO_LAnd;
  Op *l = cond(e->getLHS());
  if (!l)
    return nullptr;
  if (isSafeToSpeculate(e->getRHS())) {
    Op *r = cond(e->getRHS());
    return r ? b.binary(isAnd ? OpKind::And : OpKind::Or, l, r) : nullptr;
  }
  // The right side runs only when it decides the result.
  Var *t = fn.newVar(uniqueName(isAnd ? "and_result" : "or_result"),
                     Type::Bool);
  b.decl(t, l);
  Op *guard = b.ifOp(b.readVar(t));
  intoBlock(guard->region(isAnd ? 0 : 1), [&] {
    if (Op *r = cond(e->getRHS()))
      b.writeVar(t, r);
  });
  return b.readVar(t);
}

Op *Lowerer::conditional(const ConditionalOperator *e) {
  auto t = typeOf(e->getType(), nullptr, e->getExprLoc());
  if (!t)
    return nullptr;
  Op *c = cond(e->getCond());
  if (!c)
    return nullptr;
  if (isSafeToSpeculate(e->getTrueExpr()) &&
      isSafeToSpeculate(e->getFalseExpr())) {
    Op *x = expr(e->getTrueExpr());
    Op *y = x ? expr(e->getFalseExpr()) : nullptr;
    return y ? b.select(c, b.cast(x, *t), b.cast(y, *t)) : nullptr;
  }
  // Only the chosen arm runs (it may index an array out of bounds
  // otherwise).
  Var *tmp = fn.newVar(uniqueName("select"), *t);
  b.decl(tmp, b.constant(0, *t)); // both arms write it; start defined

  Op *i = b.ifOp(c);
  intoBlock(i->region(0), [&] {
    if (Op *x = expr(e->getTrueExpr()))
      b.writeVar(tmp, b.cast(x, *t));
  });
  intoBlock(i->region(1), [&] {
    if (Op *y = expr(e->getFalseExpr()))
      b.writeVar(tmp, b.cast(y, *t));
  });
  return b.readVar(tmp);
}

} // namespace adgen
