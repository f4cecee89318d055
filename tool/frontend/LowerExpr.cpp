#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace adgen {

using namespace clang;

/// The IR op of a C++ binary operator adgen accepts.
static std::optional<OpKind> opKindOf(BinaryOperatorKind opc) {
  switch (opc) {
  case BO_Add: return OpKind::Add;
  case BO_Sub: return OpKind::Sub;
  case BO_Mul: return OpKind::Mul;
  case BO_Div: return OpKind::Div;
  case BO_Rem: return OpKind::Rem;
  case BO_LT: return OpKind::Lt;
  case BO_LE: return OpKind::Le;
  case BO_GT: return OpKind::Gt;
  case BO_GE: return OpKind::Ge;
  case BO_EQ: return OpKind::Eq;
  case BO_NE: return OpKind::Ne;
  default: return std::nullopt;
  }
}

static bool hasArithmetic(OpKind k) {
  return k == OpKind::Add || k == OpKind::Sub || k == OpKind::Mul ||
         k == OpKind::Div || k == OpKind::Rem;
}

Op *Lowerer::arith(OpKind k, Op *x, Op *y) {
  return b.create(k, x->type, {x, y});
}

Op *Lowerer::expr(const Expr *e) {
  if (failed || !e)
    return nullptr;
  e = e->IgnoreParens();
  auto loc = e->getExprLoc();
  switch (e->getStmtClass()) {
  case Stmt::IntegerLiteralClass: {
    auto t = typeOf(e->getType(), nullptr, loc);
    if (!t)
      return nullptr;
    return b.constant(static_cast<double>(
                          cast<IntegerLiteral>(e)->getValue().getSExtValue()),
                      *t);
  }
  case Stmt::FloatingLiteralClass: {
    auto t = typeOf(e->getType(), nullptr, loc);
    if (!t)
      return nullptr;
    return b.constant(cast<FloatingLiteral>(e)->getValueAsApproximateDouble(),
                      *t);
  }
  case Stmt::CXXBoolLiteralExprClass:
    return b.constant(cast<CXXBoolLiteralExpr>(e)->getValue() ? 1 : 0,
                      Type::Bool);
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
    return castExpr(cast<CastExpr>(e));
  case Stmt::DeclRefExprClass:
    return declRef(cast<DeclRefExpr>(e));
  case Stmt::ArraySubscriptExprClass: {
    auto lv = lvalue(e);
    return lv ? read(*lv) : nullptr;
  }
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
    return call(cast<CallExpr>(e));
  case Stmt::CXXThrowExprClass:
    error(loc, Diag::Exceptions, {"throw"});
    return nullptr;
  case Stmt::CXXNewExprClass:
    error(loc, Diag::Allocation, {"new"});
    return nullptr;
  case Stmt::CXXDeleteExprClass:
    error(loc, Diag::Allocation, {"delete"});
    return nullptr;
  case Stmt::ExprWithCleanupsClass:
    return expr(cast<ExprWithCleanups>(e)->getSubExpr());
  case Stmt::ConstantExprClass:
    return expr(cast<ConstantExpr>(e)->getSubExpr());
  case Stmt::MaterializeTemporaryExprClass:
    return expr(cast<MaterializeTemporaryExpr>(e)->getSubExpr());
  case Stmt::CXXDefaultArgExprClass:
    return expr(cast<CXXDefaultArgExpr>(e)->getExpr());
  default:
    break;
  }
  // sizeof, constexpr values and the like: fold when clang can.
  Expr::EvalResult r;
  if (!e->HasSideEffects(ast()) && e->EvaluateAsRValue(r, ast()) &&
      (r.Val.isInt() || r.Val.isFloat())) {
    auto t = typeOf(e->getType(), nullptr, loc);
    if (!t)
      return nullptr;
    return b.constant(r.Val.isFloat()
                          ? r.Val.getFloat().convertToDouble()
                          : static_cast<double>(r.Val.getInt().getSExtValue()),
                      *t);
  }
  error(loc, Diag::UnsupportedExpr, {e->getStmtClassName()});
  return nullptr;
}

Op *Lowerer::cond(const Expr *e) {
  Op *v = expr(e);
  return v ? b.cast(v, Type::Bool) : nullptr;
}

Op *Lowerer::castExpr(const CastExpr *e) {
  const Expr *sub = e->getSubExpr();
  switch (e->getCastKind()) {
  case CK_LValueToRValue: {
    if (const auto *dr = dyn_cast<DeclRefExpr>(sub->IgnoreParens()))
      return declRef(dr);
    // `a > b ? a : b` with lvalue arms is itself an lvalue: read the arms.
    if (const auto *co = dyn_cast<ConditionalOperator>(sub->IgnoreParens()))
      return conditional(co);
    // `(x = e) > 0`, `++i < n`: the assignment's result is the value written.
    if (const auto *bo = dyn_cast<BinaryOperator>(sub->IgnoreParens()))
      if (bo->isAssignmentOp())
        return assign(bo);
    if (const auto *uo = dyn_cast<UnaryOperator>(sub->IgnoreParens()))
      if (uo->isPrefix() && uo->isIncrementDecrementOp())
        return unaryOp(uo);
    auto lv = lvalue(sub);
    return lv ? read(*lv) : nullptr;
  }
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
  case CK_PointerToBoolean:
    error(e->getExprLoc(), Diag::PointerArith,
          {sub->IgnoreParenImpCasts()->getType().getAsString()});
    return nullptr;
  default:
    error(e->getExprLoc(), Diag::UnsupportedExpr,
          {std::string("cast ") + e->getCastKindName()});
    return nullptr;
  }
}

Op *Lowerer::declRef(const DeclRefExpr *e) {
  const ValueDecl *d = e->getDecl();
  if (const auto *ec = dyn_cast<EnumConstantDecl>(d))
    return b.constant(static_cast<double>(ec->getInitVal().getSExtValue()),
                      Type::Int);
  const auto *vd = dyn_cast<VarDecl>(d);
  if (vd && vd->hasGlobalStorage() && !vd->isStaticLocal()) {
    Expr::EvalResult r;
    if (vd->getType().isConstQualified() && e->EvaluateAsRValue(r, ast()) &&
        (r.Val.isInt() || r.Val.isFloat())) {
      auto t = typeOf(e->getType(), vd, e->getLocation());
      if (!t)
        return nullptr;
      return b.constant(r.Val.isFloat() ? r.Val.getFloat().convertToDouble()
                                        : static_cast<double>(
                                              r.Val.getInt().getSExtValue()),
                        *t);
    }
    error(e->getLocation(), Diag::GlobalRead, {vd->getName()});
    return nullptr;
  }
  if (Var *v = vd ? varFor(vd) : nullptr)
    return b.readVar(v);
  if (vd && arrays.count(vd)) {
    error(e->getLocation(), Diag::PointerArith, {vd->getName()});
    return nullptr;
  }
  error(e->getLocation(), Diag::UnsupportedExpr,
        {"reference to '" + d->getNameAsString() + "'"});
  return nullptr;
}

Array *Lowerer::arrayOf(const Expr *e, bool reportErrors) {
  const Expr *s = e->IgnoreParenImpCasts();
  if (const auto *ne = dyn_cast<CXXNewExpr>(s)) {
    if (reportErrors)
      error(ne->getBeginLoc(), Diag::Allocation, {"new"});
    return nullptr;
  }
  if (const auto *dr = dyn_cast<DeclRefExpr>(s)) {
    if (const auto *vd = dyn_cast<VarDecl>(dr->getDecl())) {
      auto it = arrays.find(vd);
      if (it != arrays.end())
        return it->second;
      if (reportErrors && vd->hasGlobalStorage()) {
        error(dr->getLocation(), Diag::GlobalRead, {vd->getName()});
        return nullptr;
      }
    }
  }
  if (reportErrors)
    error(e->getExprLoc(), Diag::PointerArith,
          {s->getType().getAsString()});
  return nullptr;
}

std::optional<Lowerer::LValue> Lowerer::lvalue(const Expr *e) {
  e = e->IgnoreParens();
  if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
    const auto *vd = dyn_cast<VarDecl>(dr->getDecl());
    if (vd && vd->hasGlobalStorage()) {
      error(dr->getLocation(), Diag::GlobalWrite, {vd->getName()});
      return std::nullopt;
    }
    if (Var *v = vd ? varFor(vd) : nullptr)
      return LValue{v, nullptr, nullptr};
    error(dr->getLocation(), Diag::UnsupportedExpr,
          {"assignment to '" + dr->getDecl()->getNameAsString() + "'"});
    return std::nullopt;
  }
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
    // a[i][j] on a local 2-D array: collect indices outermost last.
    std::vector<const Expr *> idx;
    const Expr *base = as;
    while (const auto *s =
               dyn_cast<ArraySubscriptExpr>(base->IgnoreParenImpCasts())) {
      idx.insert(idx.begin(), s->getIdx());
      base = s->getBase();
    }
    Array *a = arrayOf(base);
    if (!a)
      return std::nullopt;
    size_t rank = a->dims.empty() ? 1 : a->dims.size();
    if (idx.size() != rank) {
      error(e->getExprLoc(), Diag::PointerArith, {a->name});
      return std::nullopt;
    }
    Op *flat = nullptr;
    for (size_t k = 0; k < idx.size(); ++k) {
      Op *i = expr(idx[k]);
      if (!i)
        return std::nullopt;
      if (!isInteger(i->type))
        i = b.cast(i, Type::Long);
      if (flat) {
        Op *ext = b.constant(static_cast<double>(a->dims[k]), flat->type);
        Op *scaled = arith(OpKind::Mul, flat, ext);
        flat = arith(OpKind::Add, scaled, b.cast(i, flat->type));
      } else {
        flat = i;
      }
    }
    return LValue{nullptr, a, flat};
  }
  if (const auto *u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() == UO_Deref) {
      Array *a = arrayOf(u->getSubExpr());
      if (!a)
        return std::nullopt;
      return LValue{nullptr, a, b.constant(0, Type::Int)};
    }
  }
  error(e->getExprLoc(), Diag::UnsupportedExpr,
        {"this assignment target (assign to a variable, an array element or "
         "*p)"});
  return std::nullopt;
}

Op *Lowerer::read(const LValue &lv) {
  return lv.var ? b.readVar(lv.var) : b.load(lv.arr, lv.index);
}

void Lowerer::write(const LValue &lv, Op *v) {
  if (lv.var)
    b.writeVar(lv.var, b.cast(v, lv.var->type));
  else
    b.store(lv.arr, lv.index, b.cast(v, lv.arr->elemType));
}

Op *Lowerer::unaryOp(const UnaryOperator *e) {
  const Expr *sub = e->getSubExpr();
  switch (e->getOpcode()) {
  case UO_Minus: {
    Op *v = expr(sub);
    return v ? b.create(OpKind::Neg, v->type, {v}) : nullptr;
  }
  case UO_Plus:
    return expr(sub);
  case UO_LNot: {
    Op *v = cond(sub);
    return v ? b.create(OpKind::Not, Type::Bool, {v}) : nullptr;
  }
  case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec: {
    auto lv = lvalue(sub);
    if (!lv)
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
  default:
    error(e->getExprLoc(), Diag::UnsupportedExpr,
          {std::string("operator ") +
           UnaryOperator::getOpcodeStr(e->getOpcode()).str()});
    return nullptr;
  }
}

Op *Lowerer::binaryOp(const BinaryOperator *e) {
  BinaryOperatorKind opc = e->getOpcode();
  if (e->isAssignmentOp())
    return assign(e);
  if (opc == BO_LAnd || opc == BO_LOr)
    return shortCircuit(e);
  if (e->getLHS()->getType()->isPointerType() ||
      e->getRHS()->getType()->isPointerType()) {
    error(e->getExprLoc(), Diag::PointerArith,
          {e->getLHS()->IgnoreParenImpCasts()->getType().getAsString()});
    return nullptr;
  }
  std::optional<OpKind> k = opKindOf(opc);
  if (!k) {
    error(e->getOperatorLoc(), Diag::UnsupportedExpr,
          {"operator " + e->getOpcodeStr().str()});
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
  return b.binary(*k, x, y);
}

Op *Lowerer::assign(const BinaryOperator *e) {
  auto lt = typeOf(e->getLHS()->getType(), nullptr, e->getExprLoc());
  if (!lt)
    return nullptr;
  Op *rhs = expr(e->getRHS());
  if (!rhs)
    return nullptr;
  const Expr *target = e->getLHS()->IgnoreParens();
  const auto *co = dyn_cast<ConditionalOperator>(target);
  if (!co)
    return assignTo(target, rhs, e, *lt);
  // (c ? x : y) = v writes the chosen one. v is kept in a variable first,
  // so each branch reads a finished value (a statement of its own).
  Type rt = rhs->type;
  Var *value = fn.newVar(uniqueName("value"), rt);
  b.decl(value, rhs);
  Op *c = cond(co->getCond());
  if (!c)
    return nullptr;
  Var *result = fn.newVar(uniqueName("assigned"), *lt);
  b.decl(result, b.constant(0, *lt));
  Op *pick = b.ifOp(c);
  intoBlock(pick->region(0), [&] {
    if (Op *v = assignTo(co->getTrueExpr()->IgnoreParens(), b.readVar(value),
                         e, *lt))
      b.writeVar(result, v);
  });
  intoBlock(pick->region(1), [&] {
    if (Op *v = assignTo(co->getFalseExpr()->IgnoreParens(), b.readVar(value),
                         e, *lt))
      b.writeVar(result, v);
  });
  return failed ? nullptr : b.readVar(result);
}

Op *Lowerer::assignTo(const Expr *target, Op *rhs, const BinaryOperator *e,
                      Type lt) {
  if (isa<ConditionalOperator>(target)) {
    error(target->getExprLoc(), Diag::UnsupportedExpr,
          {"nested conditional assignment target"});
    return nullptr;
  }
  auto lv = lvalue(target);
  if (!lv)
    return nullptr;
  Op *val = rhs;
  if (const auto *ca = dyn_cast<CompoundAssignOperator>(e)) {
    auto ct = typeOf(ca->getComputationLHSType(), nullptr, e->getExprLoc());
    if (!ct)
      return nullptr;
    std::optional<OpKind> k = opKindOf(
        BinaryOperator::getOpForCompoundAssignment(e->getOpcode()));
    if (!k || !hasArithmetic(*k)) {
      error(e->getOperatorLoc(), Diag::UnsupportedExpr,
            {"operator " + e->getOpcodeStr().str()});
      return nullptr;
    }
    if (*k == OpKind::Rem && isFloating(*ct)) {
      error(e->getOperatorLoc(), Diag::FloatModulo);
      return nullptr;
    }
    Op *old = b.cast(read(*lv), *ct);
    val = arith(*k, old, b.cast(rhs, *ct));
  }
  val = b.cast(val, lt);
  write(*lv, val);
  return val;
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

Op *Lowerer::call(const CallExpr *e) {
  auto loc = e->getExprLoc();
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    bool virt = md && md->isVirtual();
    error(loc, virt ? Diag::VirtualCall : Diag::MemberFunction,
          {md ? md->getName() : llvm::StringRef("?")});
    return nullptr;
  }
  const FunctionDecl *callee = e->getDirectCallee();
  if (!callee) {
    error(loc, Diag::IndirectCall);
    return nullptr;
  }
  auto &sm = ast().getSourceManager();
  const FunctionDecl *def = callee->getDefinition();
  bool userDefined = def && sm.isInMainFile(def->getLocation());
  MathFn fn;
  if (!userDefined && callee->getIdentifier() &&
      lookupMath(callee->getName().str(), fn) &&
      e->getType()->isRealFloatingType() &&
      e->getNumArgs() == mathArity(fn)) {
    auto t = typeOf(e->getType(), callee, loc);
    if (!t)
      return nullptr;
    std::vector<Op *> args;
    for (const Expr *a : e->arguments()) {
      Op *v = expr(a);
      if (!v)
        return nullptr;
      args.push_back(b.cast(v, *t));
    }
    return b.math(fn, std::move(args));
  }
  if (!userDefined) {
    error(loc, cx.checkpoint ? impureCallDiag(callee) : Diag::UnknownCall,
          {callee->getNameAsString()});
    return nullptr;
  }
  // Inside a checkpointed loop the callee must be pure too: its diagnostics
  // say it was called from the loop, and where.
  if (cx.checkpoint)
    cx.checkpoint->calls.push_back({def->getNameAsString(), loc});
  Function *g = cx.calleeFor(def, loc);
  if (cx.checkpoint)
    cx.checkpoint->calls.pop_back();
  if (!g) {
    failed = true;
    return nullptr;
  }
  std::vector<Op *> scalars;
  std::vector<Array *> arrs;
  std::vector<int> order;
  for (unsigned i = 0; i < e->getNumArgs() && i < g->params.size(); ++i) {
    const Expr *a = e->getArg(i);
    if (g->params[i].arr) {
      Array *arr = arrayOf(a, false);
      if (!arr) {
        error(a->getExprLoc(), Diag::ArrayArg,
              {std::to_string(i + 1), g->name});
        return nullptr;
      }
      order.push_back(~static_cast<int>(arrs.size()));
      arrs.push_back(arr);
    } else {
      Op *v = expr(a);
      if (!v)
        return nullptr;
      order.push_back(static_cast<int>(scalars.size()));
      scalars.push_back(b.cast(v, g->params[i].var->type));
    }
  }
  // A written array parameter must not overlap another array argument.
  for (size_t i = 0; i < g->params.size(); ++i)
    for (size_t j = i + 1; j < g->params.size(); ++j) {
      const Param &p = g->params[i], &q = g->params[j];
      if (!p.arr || !q.arr || order[i] >= 0 || order[j] >= 0 ||
          arrs[~order[i]] != arrs[~order[j]] ||
          (p.arr->isConst && q.arr->isConst))
        continue;
      error(e->getArg(static_cast<unsigned>(j))->getExprLoc(),
            Diag::AliasedArgs,
            {arrs[~order[i]]->name, p.arr->name, q.arr->name, g->name});
      return nullptr;
    }
  Op *c = b.create(OpKind::Call, g->retType, scalars);
  c->callee = g;
  c->arrays = std::move(arrs);
  c->argOrder = std::move(order);
  return c;
}

} // namespace adgen
