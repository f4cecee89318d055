// Struct pointers that move through an array of structs (SPEC §5 pointer
// arithmetic): `for (const P *p = ps; p != ps + n; ++p) s += p->x;`. The
// pointer is the array's object (LowerStructArray.cpp) whose element is a
// variable, its cursor, read at each use: `++p`, `p += k`, `p = ps + 3`
// write the cursor, comparisons compare cursors. A struct pointer that
// stays put is a plain alias (pointerLocal).
#include "frontend/Lowerer.h"

namespace adgen {

using namespace clang;

/// Sets the cursor of o and of its nested objects (their leaves are o's).
template <class O> static void setCursor(O &o, Var *cursor) {
  o.element = nullptr;
  o.cursor = cursor;
  for (auto &[n, inner] : o.objects)
    setCursor(inner, cursor);
}

Op *Lowerer::elementAt(const Object &o) {
  return o.cursor ? b.readVar(o.cursor) : o.element;
}

bool Lowerer::movingStructPointer(const VarDecl *vd, const Object *o) {
  if (!o)
    return false;
  if (!o->elements) {
    error(vd->getLocation(), Diag::Construct,
          {"moving the pointer '" + vd->getNameAsString() +
               "' to a single struct",
           "point it into an array of structs, or do not move it"});
    return false;
  }
  Op *at = elementAt(*o);
  Var *cursor =
      fn.newVar(uniqueName(vd->getNameAsString() + "_at"), Type::Long);
  b.decl(cursor, at ? b.cast(at, Type::Long) : b.constant(0, Type::Long));
  Object &p = objects[vd] = *o;
  setCursor(p, cursor);
  return true;
}

/// Whether two struct pointers point into one array of structs.
template <class O> static bool sameArray(const O &a, const O &b) {
  return a.elements && b.elements && a.record == b.record &&
         a.arrays == b.arrays && a.objects.size() == b.objects.size();
}

std::optional<Op *> Lowerer::structPointerOp(const Expr *e) {
  const Expr *target = nullptr;
  const auto *u = dyn_cast<UnaryOperator>(e);
  const auto *bo = dyn_cast<BinaryOperator>(e);
  if (u && u->isIncrementDecrementOp())
    target = u->getSubExpr();
  else if (bo && (bo->isAssignmentOp() || bo->isComparisonOp() ||
                  bo->getOpcode() == BO_Sub))
    target = bo->getLHS();
  if (!target || !target->getType()->isPointerType() ||
      !recordOf(target->getType()->getPointeeType()))
    return std::nullopt;
  if (bo && (bo->isComparisonOp() || bo->getOpcode() == BO_Sub)) {
    Object *x = objectOf(bo->getLHS());
    Object *y = x ? objectOf(bo->getRHS()) : nullptr;
    if (!y)
      return nullptr;
    if (!sameArray(*x, *y)) {
      error(bo->getOperatorLoc(), Diag::Construct,
            {"comparing struct pointers that are not into one array of "
             "structs",
             "compare indices into one array instead"});
      return nullptr;
    }
    auto at = [&](const Object &o) {
      Op *k = elementAt(o);
      return k ? b.cast(k, Type::Long) : b.constant(0, Type::Long);
    };
    return b.binary(*opKindOf(bo->getOpcode()), at(*x), at(*y));
  }
  const auto *dr = dyn_cast<DeclRefExpr>(target->IgnoreParenImpCasts());
  const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  auto it = vd ? objects.find(vd) : objects.end();
  if (it == objects.end() || !it->second.cursor) {
    error(target->getExprLoc(), Diag::PointerArith,
          {target->getType().getAsString()});
    return nullptr;
  }
  Var *c = it->second.cursor;
  Op *nw = nullptr;
  if (u) {
    nw = b.binary(u->isIncrementOp() ? OpKind::Add : OpKind::Sub, b.readVar(c),
                  b.constant(1, Type::Long));
  } else if (bo->getOpcode() == BO_Assign) {
    Object *to = objectOf(bo->getRHS());
    if (!to)
      return nullptr;
    if (!sameArray(it->second, *to)) {
      error(bo->getOperatorLoc(), Diag::Construct,
            {"re-pointing '" + vd->getNameAsString() +
                 "' outside its array of structs",
             "use a second pointer"});
      return nullptr;
    }
    Op *k = elementAt(*to);
    nw = k ? b.cast(k, Type::Long) : b.constant(0, Type::Long);
  } else if (bo->getOpcode() == BO_AddAssign ||
             bo->getOpcode() == BO_SubAssign) {
    Op *k = expr(bo->getRHS());
    if (!k)
      return nullptr;
    nw = b.binary(bo->getOpcode() == BO_AddAssign ? OpKind::Add : OpKind::Sub,
                  b.readVar(c), b.cast(k, Type::Long));
  } else {
    unsupportedOperator(bo);
    return nullptr;
  }
  b.writeVar(c, nw);
  return b.constant(0, Type::Int); // a statement: its value is not used
}

} // namespace adgen
