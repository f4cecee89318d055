// Lvalues (variables, array elements, *p, conditionals and commas as
// targets), their reads and writes, and assignments.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <functional>

namespace adgen {

using namespace clang;

static bool hasArithmetic(OpKind k) {
  return k == OpKind::Add || k == OpKind::Sub || k == OpKind::Mul ||
         k == OpKind::Div || k == OpKind::Rem || isBitwise(k);
}

std::optional<Lowerer::LValue> Lowerer::lvalue(const Expr *e) {
  e = e->IgnoreParens();
  if (std::optional<LValue> el; stdElement(e, el)) // v[i], std::get<0>(p)
    return el;
  if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
    const auto *vd = dyn_cast<VarDecl>(dr->getDecl());
    if (vd && vd->hasGlobalStorage()) {
      error(dr->getLocation(), Diag::GlobalWrite, {vd->getName()});
      return std::nullopt;
    }
    if (auto el = vd ? elementRef(vd) : std::nullopt)
      return el;
    if (Var *v = vd ? varFor(vd) : nullptr)
      return LValue{v, nullptr, nullptr};
    if (auto a = vd ? arrays.find(vd) : arrays.end();
        a != arrays.end() && isCell(a->second)) // `double &out`
      return LValue{nullptr, a->second, b.constant(0, Type::Int)};
    error(dr->getLocation(), Diag::Construct,
          {"assigning to '" + dr->getDecl()->getNameAsString() +
               "', which is not a variable",
           "assign to a local variable, an array element (a[i]) or *p"});
    return std::nullopt;
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    // `(a, b) = v` assigns b.
    if (bo->getOpcode() == BO_Comma) {
      expr(bo->getLHS());
      if (failed)
        return std::nullopt;
      return lvalue(bo->getRHS());
    }
    // `(t *= x) *= y`, `((a[i] += x) *= y) *= z`: the place the
    // assignment wrote, once it is done (the place found once).
    const Expr *target = bo->getLHS()->IgnoreParens();
    if (bo->isAssignmentOp() && !isa<ConditionalOperator>(target)) {
      auto lt = typeOf(bo->getLHS()->getType(), nullptr, bo->getExprLoc());
      Op *rhs = lt ? expr(bo->getRHS()) : nullptr;
      auto lv = rhs ? lvalue(target) : std::nullopt;
      if (!lv || !writableTarget(*lv, target) || !assignAt(*lv, rhs, bo, *lt))
        return std::nullopt;
      return lv;
    }
  }
  if (std::optional<LValue> it; iteratorPlace(e, it)) // `*it`, `it[k]`
    return it;
  // `pick(w, k) = v`: the place a call returns (LowerPlace.cpp).
  if (const auto *ce = dyn_cast<CallExpr>(e); ce && placeCallee(ce))
    return placeCall(ce);
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(e))
    return element(as);
  if (const auto *me = dyn_cast<MemberExpr>(e))
    return member(me);
  if (const auto *u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() == UO_Deref) {
      auto p = pointerOf(u->getSubExpr());
      if (!p)
        return std::nullopt;
      return LValue{nullptr, p->arr,
                    p->offset ? p->offset : b.constant(0, Type::Int), p->row};
    }
  }
  std::string what, hint;
  if (!describe(e, what, hint)) {
    what = "the expression '" + sourceText(e) + "' as a place to read or "
           "assign";
    hint = "read and assign local variables, array elements (a[i]) or *p";
  }
  error(e->getExprLoc(), Diag::Construct, {what, hint});
  return std::nullopt;
}

/// An element of an array, `a[i]` or `a[i][j]`, as a flat index.
std::optional<Lowerer::LValue> Lowerer::element(const ArraySubscriptExpr *as) {
  // a[i][j] on a local 2-D array: collect indices outermost last.
  std::vector<const Expr *> idx;
  const Expr *base = as;
  while (const auto *s =
             dyn_cast<ArraySubscriptExpr>(base->IgnoreParenImpCasts())) {
    idx.insert(idx.begin(), s->getIdx());
    base = s->getBase();
  }
  // p[i] on a pointer that is not a whole array: `row[j]`, `(x + k)[j]`.
  const Expr *bare = base->IgnoreParenImpCasts();
  const auto *dr = dyn_cast<DeclRefExpr>(bare);
  const auto *bvd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  if (idx.size() == 1 && bare->getType()->isPointerType() &&
      (bvd ? pointers.count(bvd) != 0 : !isa<MemberExpr>(bare))) {
    auto p = pointerOf(base);
    Op *i = p ? expr(idx[0]) : nullptr;
    if (!i)
      return std::nullopt;
    return LValue{nullptr, p->arr, offsetPlus(p->offset, i), p->row};
  }
  Op *start = nullptr; // pts[k].w[i]: w of element k
  Array *a = arrayOf(base, true, &start);
  if (!a)
    return std::nullopt;
  if (a->jagged) // rows[i][j]: element j of row i
    return jaggedElement(a, idx, as);
  if (start) { // the member's own shape, from the type
    std::vector<int64_t> dims;
    QualType t = base->IgnoreParenImpCasts()->getType();
    while (const auto *at = ast().getAsConstantArrayType(t)) {
      dims.push_back(at->getSize().getSExtValue());
      t = at->getElementType();
    }
    if (idx.size() != std::max<size_t>(dims.size(), 1)) {
      error(as->getExprLoc(), Diag::PointerArith, {shown(a)});
      return std::nullopt;
    }
    Op *flat = nullptr;
    for (size_t k = 0; k < idx.size(); ++k) {
      Op *i = expr(idx[k]);
      if (!i)
        return std::nullopt;
      i = b.cast(i, Type::Long);
      flat = flat ? arith(OpKind::Add,
                          arith(OpKind::Mul, flat,
                                b.constant(static_cast<double>(dims[k]),
                                           Type::Long)),
                          i)
                  : i;
    }
    return LValue{nullptr, a, arith(OpKind::Add, start, flat)};
  }
  size_t rank = a->dims.empty() ? 1 : a->dims.size();
  if (idx.size() != rank) {
    error(as->getExprLoc(), Diag::PointerArith, {shown(a)});
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

bool Lowerer::writableTarget(const LValue &lv, const Expr *target) {
  if ((lv.var && lv.var->global) || (lv.arr && lv.arr->global)) {
    error(target->getExprLoc(), Diag::GlobalWrite,
          {lv.var ? lv.var->name.substr(2) : shown(lv.arr)});
    return false;
  }
  if (!lv.arr || !lv.arr->isConst || lv.arr->paramIndex < 0)
    return true;
  // A member array of a struct passed by value: a copy in C++, the
  // caller's memory in the IR.
  // The struct that holds it (nested ones too).
  std::function<const Object *(const Object &)> owner =
      [&](const Object &o) -> const Object * {
    for (const auto &[n, a] : o.arrays)
      if (a == lv.arr)
        return &o;
    for (const auto &[n, inner] : o.objects)
      if (const Object *in = owner(inner))
        return in;
    return nullptr;
  };
  std::string type = "the struct";
  for (const auto &[vd, obj] : objects)
    if (const Object *o = obj.byValue ? owner(obj) : nullptr)
      type = recordName(o->record);
  error(target->getExprLoc(), Diag::ByValueArrayWrite,
        {fn.name, shown(lv.arr), type});
  return false;
}

Op *Lowerer::read(const LValue &lv) {
  return lv.var ? b.readVar(lv.var) : b.load(lv.arr, lv.index, lv.row);
}

void Lowerer::write(const LValue &lv, Op *v) {
  if (lv.var)
    b.writeVar(lv.var, b.cast(v, lv.var->type));
  else
    b.store(lv.arr, lv.index, b.cast(v, lv.arr->elemType), lv.row);
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
    error(target->getExprLoc(), Diag::Construct,
          {"assigning to a nested conditional ('(c ? (d ? x : y) : z) = v')",
           "write the assignment as if / else statements"});
    return nullptr;
  }
  auto lv = lvalue(target);
  if (!lv || !writableTarget(*lv, target))
    return nullptr;
  return assignAt(*lv, rhs, e, lt);
}

Op *Lowerer::assignAt(const LValue &lv, Op *rhs, const BinaryOperator *e,
                      Type lt) {
  Op *val = rhs;
  if (const auto *ca = dyn_cast<CompoundAssignOperator>(e)) {
    auto ct = typeOf(ca->getComputationLHSType(), nullptr, e->getExprLoc());
    if (!ct)
      return nullptr;
    std::optional<OpKind> k = opKindOf(
        BinaryOperator::getOpForCompoundAssignment(e->getOpcode()));
    if (!k || !hasArithmetic(*k)) {
      unsupportedOperator(e);
      return nullptr;
    }
    if (*k == OpKind::Rem && isFloating(*ct)) {
      error(e->getOperatorLoc(), Diag::FloatModulo);
      return nullptr;
    }
    if (isBitwise(*k) && !isInteger(*ct)) { // a bool, a bit-field...
      unsupportedOperator(e);
      return nullptr;
    }
    Op *old = b.cast(read(lv), *ct);
    val = arith(*k, old, b.cast(rhs, *ct));
  }
  val = b.cast(val, lt);
  write(lv, val);
  return val;
}

} // namespace adgen
