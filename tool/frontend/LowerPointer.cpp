// Pointers into arrays: `p + i`, `&a[i]`, `*p++`, a local
// `const double *row = &A[i * n];` re-pointed by `row += n`. The IR has no
// pointers: a pointer is its array and the offset of its first element,
// which a pointer that moves keeps in an integer variable (`row_off`); its
// `row[j]` is `A[row_off + j]`.
#include "frontend/Lowerer.h"

#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

bool isNullPointer(const Expr *e, ASTContext &ast) {
  return e->IgnoreParenImpCasts()->isNullPointerConstant(
             ast, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
}

/// The variable a pointer (or iterator) expression names, if it is a plain
/// name.
static const VarDecl *pointerName(const Expr *e) {
  const auto *dr = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  return vd && (vd->getType()->isPointerType() ||
                isIterator(vd->getType().getNonReferenceType()))
             ? vd
             : nullptr;
}

/// `"aa"` passed to a `const char *`: a local copy of its characters.
static Array *textArray(Function &fn, Builder &b, const StringLiteral *sl,
                        const std::string &name) {
  Array *a = fn.newArray(name, Type::Char);
  a->size = static_cast<int64_t>(sl->getLength()) + 1;
  a->dims = {a->size};
  for (char ch : sl->getString())
    a->init.push_back(static_cast<double>(ch));
  a->init.push_back(0);
  b.declArray(a);
  return a;
}

void Lowerer::findMovedPointers(const Stmt *s) {
  if (!s)
    return;
  const Expr *target = nullptr;
  if (const auto *u = dyn_cast<UnaryOperator>(s);
      u && u->isIncrementDecrementOp())
    target = u->getSubExpr();
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp())
    target = bo->getLHS();
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(s); // `++it`, `it = b`
      oc && oc->getNumArgs() >= 1 &&
      (oc->getOperator() == OO_PlusPlus || oc->getOperator() == OO_MinusMinus ||
       oc->isAssignmentOp()))
    target = oc->getArg(0);
  if (const VarDecl *vd = target ? pointerName(target) : nullptr)
    movedPointers.insert(vd);
  for (const Stmt *c : s->children())
    findMovedPointers(c);
}

void Lowerer::cellParams(const FunctionDecl *fd) {
  for (const ParmVarDecl *pd : fd->parameters()) {
    auto v = vars.find(pd);
    if (!addressTaken.count(pd) || v == vars.end())
      continue;
    Var *param = v->second;
    vars.erase(v);
    setLoc(pd->getLocation());
    cellLocal(pd, param->type, b.readVar(param));
  }
}

void Lowerer::movedParams(const FunctionDecl *fd) {
  for (const ParmVarDecl *pd : fd->parameters()) {
    auto a = arrays.find(pd);
    if (!movedPointers.count(pd) || a == arrays.end() || isCell(a->second))
      continue;
    Var *off = fn.newVar(uniqueName(pd->getNameAsString() + "_off"),
                         Type::Int);
    setLoc(pd->getLocation());
    b.decl(off, b.constant(0, Type::Int));
    pointers[pd] = PointerLocal{a->second, off, 0};
  }
}

/// The type of an offset that adds integers of types x and y: the wider.
static Type offsetType(Type x, Type y) {
  if (x == y)
    return x;
  if (typeSize(x) != typeSize(y))
    return typeSize(x) > typeSize(y) ? x : y;
  return Type::Long;
}

Op *Lowerer::offsetPlus(Op *off, Op *k, bool minus) {
  if (!isInteger(k->type))
    k = b.cast(k, Type::Long);
  if (!off)
    return minus ? b.create(OpKind::Neg, k->type, {k}) : k;
  Type t = offsetType(off->type, k->type);
  off = b.cast(off, t);
  k = b.cast(k, t);
  if (off->kind == OpKind::Const && k->kind == OpKind::Const)
    return b.constant(minus ? off->num - k->num : off->num + k->num, t);
  if (off->kind == OpKind::Const && off->num == 0 && !minus)
    return k;
  if (k->kind == OpKind::Const && k->num == 0)
    return off;
  return arith(minus ? OpKind::Sub : OpKind::Add, off, k);
}

/// The type of a moving pointer's offset variable: int, or the initial
/// offset's when wider.
static Type offsetVarType(const Op *init) {
  return init && isInteger(init->type) && typeSize(init->type) > 4
             ? init->type
             : Type::Int;
}

Op *Lowerer::pointerOffset(const PointerLocal &p) {
  if (p.offset)
    return b.readVar(p.offset);
  return p.fixed ? b.constant(static_cast<double>(p.fixed), Type::Int)
                 : nullptr;
}

std::optional<Lowerer::PointerRef> Lowerer::pointerOf(const Expr *e,
                                                       bool reportErrors) {
  e = e->IgnoreParens();
  if (const auto *il = dyn_cast<InitListExpr>(e); il && il->getNumInits() == 1)
    return pointerOf(il->getInit(0), reportErrors); // `double *p{&x};`
  // A call returning a pointer into its argument (LowerPlace.cpp).
  if (const auto *ce = dyn_cast<CallExpr>(e); ce && placeCallee(ce)) {
    if (auto lv = placeCall(ce))
      return PointerRef{lv->arr, offsetOrNull(lv->index), lv->row};
    return std::nullopt;
  }
  if (const auto *c = dyn_cast<CastExpr>(e)) {
    CastKind k = c->getCastKind();
    if (k == CK_NoOp || k == CK_LValueToRValue || k == CK_ArrayToPointerDecay)
      return pointerOf(c->getSubExpr(), reportErrors);
    if (reportErrors && typePunning(c)) // `*(int32_t *)&y`, reported
      return std::nullopt;
  }
  if (const VarDecl *vd = pointerName(e))
    if (auto it = pointers.find(vd); it != pointers.end())
      return PointerRef{it->second.arr, pointerOffset(it->second),
                        it->second.row};
  bool iterator = false; // v.begin(), `it + 1` (LowerIterators.cpp)
  if (auto r = iteratorPointer(e, iterator); iterator)
    return r;
  if (const auto *sl = dyn_cast<StringLiteral>(e); sl && sl->isOrdinary()) {
    setLoc(sl->getBeginLoc());
    return PointerRef{textArray(fn, b, sl, uniqueName("text")), nullptr};
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e);
      bo && bo->getType()->isPointerType()) {
    if (bo->isAssignmentOp()) {
      if (!pointerAssign(bo->getOpcode(), bo->getLHS(), bo->getRHS(),
                         bo->getOperatorLoc()))
        return std::nullopt;
      return pointerOf(bo->getLHS(), reportErrors);
    }
    if (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub) {
      bool left = bo->getLHS()->getType()->isPointerType();
      auto base = pointerOf(left ? bo->getLHS() : bo->getRHS(), reportErrors);
      Op *k = base ? expr(left ? bo->getRHS() : bo->getLHS()) : nullptr;
      if (!k)
        return std::nullopt;
      base->offset = offsetPlus(base->offset, k, bo->getOpcode() == BO_Sub);
      return base; // in the same row
    }
  }
  if (const auto *u = dyn_cast<UnaryOperator>(e)) {
    const Expr *sub = u->getSubExpr()->IgnoreParens();
    if (u->getOpcode() == UO_AddrOf) {
      if (isa<ArraySubscriptExpr>(sub) ||
          (isa<MemberExpr>(sub) && !sub->getType()->isArrayType() &&
           !sub->getType()->isRecordType()))
        return placeAddress(sub, u, reportErrors); // &a[i], &s.x
      if (const auto *d = dyn_cast<UnaryOperator>(sub);
          d && d->getOpcode() == UO_Deref)
        return pointerOf(d->getSubExpr(), reportErrors);
      // &x of a scalar in a cell (findAddressTaken).
      if (const auto *dr = dyn_cast<DeclRefExpr>(sub))
        if (const auto *vd = dyn_cast<VarDecl>(dr->getDecl());
            vd && arrays.count(vd) && isCell(arrays.at(vd)))
          return PointerRef{arrays.at(vd), nullptr};
      // &v[i] on a std::vector or std::array (LowerStdlib.cpp).
      std::optional<LValue> lv;
      if (stdElement(sub, lv)) {
        if (!lv || !lv->arr)
          return std::nullopt;
        return PointerRef{lv->arr, offsetOrNull(lv->index), lv->row};
      }
    }
    if (u->isIncrementDecrementOp() && u->getType()->isPointerType())
      return pointerStep(u->getSubExpr(), u->isIncrementOp(), u->isPrefix());
  }
  if (std::optional<PointerRef> row; jaggedRow(e, row)) // rows[i]
    return row;
  Op *offset = nullptr; // pts[k].w: from element k's w on
  Array *a = arrayOf(e, reportErrors, &offset);
  return a ? std::optional<PointerRef>(PointerRef{a, offset}) : std::nullopt;
}

/// The moving pointer `target` names; an error (null) when it is not one.
Lowerer::PointerLocal *Lowerer::movingPointer(const Expr *target) {
  const VarDecl *vd = pointerName(target);
  auto it = vd ? pointers.find(vd) : pointers.end();
  if (it != pointers.end() && it->second.offset)
    return &it->second;
  if (rowRepointed(target))
    return nullptr;
  if (isa<MemberExpr>(target->IgnoreParenImpCasts())) {
    error(target->getExprLoc(), Diag::Construct,
          {"moving or re-pointing the pointer member '" +
               sourceText(target) + "'",
           "set it where the struct is initialised (S s{&y}), or move a "
           "local pointer (double *q = s.p;)"});
    return nullptr;
  }
  error(target->getExprLoc(), Diag::PointerArith,
        {target->getType().getAsString()});
  return nullptr;
}

std::optional<Lowerer::PointerRef>
Lowerer::pointerStep(const Expr *target, bool increment, bool prefix) {
  PointerLocal *p = movingPointer(target);
  if (!p)
    return std::nullopt;
  Op *old = b.readVar(p->offset);
  Op *one = b.constant(1, old->type);
  Op *nw = arith(increment ? OpKind::Add : OpKind::Sub, old, one);
  b.writeVar(p->offset, nw);
  return PointerRef{p->arr, prefix ? nw : old};
}

Op *Lowerer::pointerAssign(BinaryOperatorKind opc, const Expr *lhs,
                           const Expr *rhs, SourceLocation loc) {
  if (opc == BO_Assign && heapRealloc(lhs, rhs)) // LowerHeap.cpp
    return failed ? nullptr : b.constant(0, Type::Int);
  PointerLocal *p = movingPointer(lhs);
  if (!p)
    return nullptr;
  Op *val = nullptr;
  if (opc == BO_Assign) {
    auto q = pointerOf(rhs);
    if (!q)
      return nullptr;
    if (q->arr != p->arr) {
      error(loc, Diag::PointerRetarget,
            {sourceText(lhs), shown(p->arr), shown(q->arr)});
      return nullptr;
    }
    if (q->row != p->row) {
      error(loc, Diag::Construct,
            {"re-pointing '" + sourceText(lhs) + "' into another row of '" +
                 shown(p->arr) + "'",
             "declare a pointer per row where it is used ('const double *r "
             "= " + shown(p->arr) + "[i];' inside the loop)"});
      return nullptr;
    }
    val = q->offset ? q->offset : b.constant(0, Type::Int);
  } else if (opc == BO_AddAssign || opc == BO_SubAssign) {
    Op *k = expr(rhs);
    if (!k)
      return nullptr;
    val = offsetPlus(b.readVar(p->offset), k, opc == BO_SubAssign);
  } else {
    error(loc, Diag::PointerArith, {lhs->getType().getAsString()});
    return nullptr;
  }
  b.writeVar(p->offset, b.cast(val, p->offset->type));
  return b.constant(0, Type::Int); // a statement: its value is not used
}

Op *Lowerer::pointerCompare(BinaryOperatorKind opc, const Expr *lhs,
                            const Expr *rhs, SourceLocation loc) {
  if (isNullPointer(lhs, ast()) || isNullPointer(rhs, ast())) {
    const Expr *p = isNullPointer(lhs, ast()) ? rhs : lhs;
    Op *set = opc == BO_EQ || opc == BO_NE ? nonNull(p) : nullptr;
    if (!set && !failed)
      error(p->getExprLoc(), Diag::PointerTest, {sourceText(p)});
    return set && opc == BO_EQ ? b.create(OpKind::Not, Type::Bool, {set}) : set;
  }
  auto p = pointerOf(lhs);
  auto q = p ? pointerOf(rhs) : std::nullopt;
  if (!q)
    return nullptr;
  if (p->arr != q->arr || p->row != q->row) {
    error(loc, Diag::Construct,
          {p->arr != q->arr ? "comparing pointers into different arrays ('" +
                                  shown(p->arr) + "' and '" + shown(q->arr) +
                                  "')"
                            : "comparing pointers into different rows of '" +
                                  shown(p->arr) + "'",
           "compare indices into one array instead"});
    return nullptr;
  }
  // Positions in one array: their offsets (null: the first element), in
  // one integer type.
  Type t = p->offset && q->offset && p->offset->type == q->offset->type
               ? p->offset->type
           : p->offset && !q->offset ? p->offset->type
           : q->offset && !p->offset ? q->offset->type
                                     : Type::Long;
  auto at = [&](Op *off) { return off ? b.cast(off, t) : b.constant(0, t); };
  Op *d = nullptr;
  if (opc == BO_Sub && !q->offset) // `it - v.begin()`
    d = at(p->offset);
  else if (std::optional<OpKind> k = opKindOf(opc))
    d = b.binary(*k, at(p->offset), at(q->offset));
  // `p - x` is a ptrdiff_t.
  return d && opc == BO_Sub ? b.cast(d, Type::Long) : d;
}

Op *Lowerer::nonNull(const Expr *p) {
  // A pointer into an array (or a row): set when its array is.
  std::optional<PointerRef> at = pointerOf(p, false);
  if (!at || at->row)
    return nullptr;
  Op *set = b.create(OpKind::NonNull, Type::Bool);
  set->arr = at->arr;
  return set;
}

void Lowerer::pointerLocal(const VarDecl *vd) {
  const Expr *init = vd->getInit();
  if (init && heapLocal(vd))
    return;
  if (recordOf(pointerLike(vd->getType())->getPointeeType()) && init &&
      !isNullPointer(init, ast())) {
    // `Box *p = &box;`, `const P *q = ps + 1;`: another name for that
    // object or element (where a moving pointer points now); one that
    // moves has a cursor (LowerStructPointer.cpp).
    if (movedPointers.count(vd)) {
      movingStructPointer(vd, objectOf(init));
      return;
    }
    if (Object *o = objectOf(init))
      objects[vd] = o->cursor ? *elementOf(*o, b.constant(0, Type::Long)) : *o;
    return;
  }
  if (const auto *il = dyn_cast_or_null<InitListExpr>(init))
    init = il->getNumInits() == 1 ? il->getInit(0) : nullptr; // `p{}`: null
  if (!init || isNullPointer(init, ast())) {
    error(vd->getLocation(), Diag::PointerLocal, {vd->getName()});
    return;
  }
  if (auto p = pointerOf(init))
    pointers[vd] = pointerAt(*p, vd->getNameAsString(), movedPointers.count(vd));
}

Lowerer::PointerLocal Lowerer::pointerAt(const PointerRef &p,
                                         const std::string &name, bool moves) {
  if (!moves && (!p.offset || p.offset->kind == OpKind::Const)) {
    // Never moves, points at a fixed element: no variable needed.
    int64_t k = p.offset ? static_cast<int64_t>(p.offset->num) : 0;
    return PointerLocal{p.arr, nullptr, k, p.row};
  }
  Type t = offsetVarType(p.offset);
  Var *off = fn.newVar(uniqueName(name + "_off"), t);
  b.decl(off, p.offset ? b.cast(p.offset, t) : b.constant(0, t));
  return PointerLocal{p.arr, off, 0, p.row};
}

} // namespace adgen
