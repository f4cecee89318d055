// Members of struct objects as places (SPEC §5): a scalar member `s.x`
// or `p->x` (an element's, in an array of structs), and an array or
// pointer member `s.w` as the array it is or points into.
#include "frontend/Lowerer.h"

namespace adgen {

using namespace clang;

std::optional<Lowerer::LValue> Lowerer::member(const MemberExpr *me) {
  const ValueDecl *md = me->getMemberDecl();
  if (!isa<FieldDecl>(md)) {
    error(me->getExprLoc(), Diag::MemberFunction, {md->getNameAsString()});
    return std::nullopt;
  }
  Object *obj = objectOf(me->getBase());
  if (!obj)
    return std::nullopt;
  std::string n = md->getNameAsString();
  if (obj->nulls.count(n)) {
    nullMember(*obj, n, me->getExprLoc());
    return std::nullopt;
  }
  if (auto v = obj->vars.find(n); v != obj->vars.end())
    return LValue{v->second, nullptr, nullptr};
  auto a = obj->arrays.find(n);
  if (a != obj->arrays.end() && obj->elements &&
      !me->getType()->isArrayType()) // pts[k].x, pts->x
    return LValue{nullptr, a->second, elementIndex(*obj, a->second, nullptr)};
  if (a != obj->arrays.end() && isCell(a->second))
    return LValue{nullptr, a->second, b.constant(0, Type::Int)};
  error(me->getExprLoc(), Diag::Construct,
        {"member '" + n + "' (" + me->getType().getAsString() +
             ") used as a value",
         "index an array member (s.w[i]) or name a scalar member (s.x)"});
  return std::nullopt;
}

Array *Lowerer::memberArray(const MemberExpr *me, bool reportErrors,
                            Op **offset) {
  Object *obj = objectOf(me->getBase());
  if (!obj)
    return nullptr;
  if (obj->nulls.count(me->getMemberDecl()->getNameAsString())) {
    if (reportErrors)
      nullMember(*obj, me->getMemberDecl()->getNameAsString(),
                 me->getExprLoc());
    return nullptr;
  }
  if (auto p = obj->pointers.find(me->getMemberDecl()->getNameAsString());
      p != obj->pointers.end()) {
    // A local's pointer member, where it points (pointerMember).
    Op *start = pointerOffset(p->second);
    if (!start || offset) {
      if (offset) // as an element of an array of structs' is: a long
        *offset = start ? b.cast(start, Type::Long) : nullptr;
      return p->second.arr;
    }
    if (reportErrors)
      error(me->getExprLoc(), Diag::PointerArith,
            {me->getType().getAsString()});
    return nullptr;
  }
  auto a = obj->arrays.find(me->getMemberDecl()->getNameAsString());
  if (a != obj->arrays.end() && obj->elements) {
    // pts[k].w: the leaf from element k's w[0] on.
    if (!offset) {
      if (reportErrors)
        error(me->getExprLoc(), Diag::Construct,
              {"the member array '" + sourceText(me) +
                   "' of an element of an array of structs here",
               "index it (pts[k].w[i]) or pass it to a function"});
      return nullptr;
    }
    *offset = elementIndex(*obj, a->second, nullptr);
    return a->second;
  }
  if (a != obj->arrays.end() && !isCell(a->second))
    return a->second;
  if (reportErrors)
    error(me->getExprLoc(), Diag::PointerArith, {me->getType().getAsString()});
  return nullptr;
}

std::optional<Lowerer::PointerRef> Lowerer::placeAddress(const Expr *place,
                                                         const UnaryOperator *u,
                                                         bool reportErrors) {
  // An element, or a member in a cell (a constructed local's: localObject).
  auto lv = lvalue(place);
  if (!lv)
    return std::nullopt;
  if (lv->arr)
    return PointerRef{lv->arr, offsetOrNull(lv->index), lv->row};
  if (reportErrors)
    error(u->getExprLoc(), Diag::PointerArith, {u->getType().getAsString()});
  return std::nullopt;
}

bool Lowerer::typePunning(const CastExpr *c) {
  // `*(int32_t *)&y`: a float's bytes read as an integer. (From `void *`,
  // `(double *)malloc(8)`, it is a conversion.)
  QualType from = c->getSubExpr()->getType()->getPointeeType();
  if (c->getCastKind() != CK_BitCast || !isa<ExplicitCastExpr>(c) ||
      from.isNull() || from->isVoidType())
    return false;
  error(c->getExprLoc(), Diag::Construct,
        {"reinterpreting memory: reading '" + from.getAsString() +
             "' through '" + c->getType().getAsString() + "' (type punning)",
         "compute the value arithmetically: a value's bit pattern has no "
         "derivative adgen can follow"});
  return true;
}

} // namespace adgen
