// Iterators (SPEC §5: iteration of std::vector, std::array and
// std::initializer_list): `for (auto it = v.begin(); it != v.end(); ++it)
// s += *it;`. The iterators of std::array and std::initializer_list are
// pointers already; std::vector's (`__gnu_cxx::__normal_iterator<T *, V>`)
// are a class wrapping one, whose operators are lowered as the pointer's:
// an iterator local is a pointer local into the container's array
// (LowerPointer.cpp), `v.begin()` and `v.end()` its first and one-past-last
// positions, and `++it`, `it + k`, `*it`, `it[k]`, `it != e`, `e - it` as
// on pointers.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

bool isIterator(QualType t) {
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      t.getCanonicalType()->getAsCXXRecordDecl());
  if (!spec || !spec->getIdentifier() || spec->getTemplateArgs().size() < 1 ||
      spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  const DeclContext *ns =
      spec->getDeclContext()->getEnclosingNamespaceContext();
  const auto *nd = dyn_cast<NamespaceDecl>(ns);
  // libstdc++'s __gnu_cxx::__normal_iterator, libc++'s std::__wrap_iter.
  return nd && nd->getIdentifier() &&
         ((spec->getName() == "__normal_iterator" &&
           nd->getName() == "__gnu_cxx") ||
          (spec->getName() == "__wrap_iter" && spec->isInStdNamespace())) &&
         spec->getTemplateArgs()[0].getAsType()->isPointerType();
}

QualType pointerLike(QualType t) {
  t = t.getNonReferenceType();
  if (!isIterator(t))
    return t;
  return cast<ClassTemplateSpecializationDecl>(
             t.getCanonicalType()->getAsCXXRecordDecl())
      ->getTemplateArgs()[0]
      .getAsType();
}

/// An iterator-valued expression without the copies and temporaries that
/// wrap it (`it` passed by value, `v.end()` bound to a const reference).
static const Expr *bare(const Expr *e) {
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (const auto *c = dyn_cast<CXXConstructExpr>(e);
        c && c->getNumArgs() == 1 && isIterator(c->getType()))
      e = c->getArg(0);
    else if (const auto *m = dyn_cast<MaterializeTemporaryExpr>(e))
      e = m->getSubExpr();
    else if (const auto *t = dyn_cast<CXXBindTemporaryExpr>(e))
      e = t->getSubExpr();
    else if (const auto *w = dyn_cast<ExprWithCleanups>(e))
      e = w->getSubExpr();
    else
      return e;
  }
}

/// Whether `e` is an iterator or a pointer (an operand of an iterator op).
static bool iteratorLike(const Expr *e) {
  QualType t = e->getType().getNonReferenceType();
  return t->isPointerType() || isIterator(t);
}

Array *Lowerer::initializerList(const Expr *e) {
  // A local std::initializer_list (`auto &&l = {1, 2, 3};`) is an array.
  const auto *dr = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  const auto *rd =
      vd ? vd->getType().getNonReferenceType()->getAsCXXRecordDecl() : nullptr;
  if (!rd || !rd->isInStdNamespace() || !rd->getIdentifier() ||
      rd->getName() != "initializer_list")
    return nullptr;
  auto it = arrays.find(vd);
  return it == arrays.end() ? nullptr : it->second;
}

std::optional<Lowerer::PointerRef> Lowerer::iteratorPointer(const Expr *e,
                                                            bool &handled) {
  handled = false;
  const Expr *s = bare(e);
  if (s != e->IgnoreParenImpCasts() && iteratorLike(s)) {
    handled = true;
    return pointerOf(s);
  }
  // v.begin(), v.cend(), l.end() on a container.
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(s)) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    StringRef n = md && md->getIdentifier() ? md->getName() : "";
    const Expr *obj = mc->getImplicitObjectArgument();
    StdClass k = stdClassOf(obj->getType().getNonReferenceType());
    Array *list = initializerList(obj);
    if ((k != StdClass::Vector && k != StdClass::Array && !list) ||
        (n != "begin" && n != "cbegin" && n != "end" && n != "cend"))
      return std::nullopt;
    handled = true;
    bool container = false;
    Array *a = list ? list : containerArray(obj, container);
    if (!a)
      return std::nullopt;
    if (n == "begin" || n == "cbegin")
      return PointerRef{a, nullptr};
    Op *count = list ? b.constant(static_cast<double>(list->size), Type::Long)
                     : containerCount(obj);
    if (!count)
      return std::nullopt;
    return PointerRef{a, count};
  }
  const auto *oc = dyn_cast<CXXOperatorCallExpr>(s);
  if (!oc || !isIterator(oc->getType().getNonReferenceType()) ||
      oc->getNumArgs() < 1 || !iteratorLike(oc->getArg(0)))
    return std::nullopt;
  handled = true;
  switch (oc->getOperator()) {
  case OO_PlusPlus: // prefix `++it` has one operand, postfix two
  case OO_MinusMinus:
    return pointerStep(oc->getArg(0), oc->getOperator() == OO_PlusPlus,
                       oc->getNumArgs() == 1);
  case OO_Plus:
  case OO_Minus: {
    if (oc->getNumArgs() != 2)
      break;
    auto base = pointerOf(oc->getArg(0));
    Op *k = base ? expr(oc->getArg(1)) : nullptr;
    if (!k)
      return std::nullopt;
    return PointerRef{
        base->arr, offsetPlus(base->offset, k, oc->getOperator() == OO_Minus)};
  }
  case OO_Equal:
  case OO_PlusEqual:
  case OO_MinusEqual:
    if (!iteratorOperator(oc) || failed)
      return std::nullopt;
    return pointerOf(oc->getArg(0));
  default:
    break;
  }
  error(oc->getExprLoc(), Diag::PointerArith,
        {oc->getArg(0)->getType().getAsString()});
  return std::nullopt;
}

std::optional<Op *> Lowerer::iteratorOperator(const Expr *e) {
  const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
  if (!oc || oc->getNumArgs() < 1 ||
      !isIterator(oc->getArg(0)->getType().getNonReferenceType()))
    return std::nullopt;
  OverloadedOperatorKind k = oc->getOperator();
  auto loc = oc->getOperatorLoc();
  if (std::optional<LValue> lv; iteratorPlace(oc, lv)) // `*it`, `it[k]`
    return lv ? read(*lv) : nullptr;
  if (k == OO_PlusPlus || k == OO_MinusMinus)
    return pointerStep(oc->getArg(0), k == OO_PlusPlus, oc->getNumArgs() == 1)
               ? b.constant(0, Type::Int)
               : nullptr;
  if (oc->getNumArgs() != 2)
    return std::nullopt;
  BinaryOperatorKind opc = BinaryOperator::getOverloadedOpcode(k);
  if (oc->isAssignmentOp())
    return pointerAssign(opc, oc->getArg(0), oc->getArg(1), loc);
  if (BinaryOperator::isComparisonOp(opc) ||
      (opc == BO_Sub && iteratorLike(oc->getArg(1))))
    return pointerCompare(opc, oc->getArg(0), oc->getArg(1), loc);
  return std::nullopt; // `it + k`: a position, for pointerOf
}

bool Lowerer::iteratorPlace(const Expr *e, std::optional<LValue> &out) {
  const auto *oc = dyn_cast<CXXOperatorCallExpr>(e->IgnoreParens());
  if (!oc || oc->getNumArgs() < 1 ||
      !isIterator(oc->getArg(0)->getType().getNonReferenceType()) ||
      (oc->getOperator() != OO_Star && oc->getOperator() != OO_Subscript))
    return false;
  out.reset();
  auto p = pointerOf(oc->getArg(0));
  if (!p)
    return true;
  Op *at = p->offset ? p->offset : b.constant(0, Type::Int);
  if (oc->getOperator() == OO_Subscript) {
    Op *i = expr(oc->getArg(1));
    if (!i)
      return true;
    at = offsetPlus(p->offset, i);
  }
  out = LValue{nullptr, p->arr, at, p->row};
  return true;
}

} // namespace adgen
