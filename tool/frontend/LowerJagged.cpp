// Rows: a pointer-to-rows parameter (`const double *const *rows`, the
// data of a `std::vector<std::vector<double>>`) is one jagged IR array
// (Array::jagged) whose accesses carry their row: `rows[i][j]` is element
// j of row i, `rows[i]` a pointer into row i (a local `const double *r =
// rows[i];`, an argument `dot(rows[i], x, n)`). Rows are separate memory:
// there is no flat index, and a row is never re-pointed.
#include "frontend/Lowerer.h"

#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

/// The jagged array a row expression's base names, if it is one.
static const VarDecl *baseName(const Expr *base) {
  const auto *dr = dyn_cast<DeclRefExpr>(base->IgnoreParenImpCasts());
  return dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
}

/// A std::vector or std::array: what holds rows, and what a row is.
static bool rowsContainer(QualType t) {
  StdClass k = stdClassOf(t);
  return k == StdClass::Vector || k == StdClass::Array;
}

/// The array of rows an object holds (a container parameter or local of
/// rows: its data()), else null.
static Array *rowsOf(const lower::Object *o) {
  auto it = o ? o->arrays.find("data()") : decltype(o->arrays.end()){};
  return o && it != o->arrays.end() && it->second->jagged ? it->second
                                                          : nullptr;
}

/// The name of a member call's method, "" for none.
static std::string methodOf(const CXXMemberCallExpr *mc) {
  const CXXMethodDecl *md = mc->getMethodDecl();
  return md && md->getIdentifier() ? md->getName().str() : "";
}

/// `m[i]`, `m.at(i)` on a std::vector of std::vectors: the vector and i.
static bool vectorIndex(const Expr *e, const Expr *&obj, const Expr *&idx) {
  e = e->IgnoreParenImpCasts();
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    if (methodOf(mc) != "at" || mc->getNumArgs() != 1)
      return false;
    obj = mc->getImplicitObjectArgument();
    idx = mc->getArg(0);
  } else if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
             oc && oc->getOperator() == OO_Subscript && oc->getNumArgs() == 2) {
    obj = oc->getArg(0);
    idx = oc->getArg(1);
  } else {
    return false;
  }
  return rowsContainer(obj->getType()) && rowsContainer(e->getType());
}

bool Lowerer::jaggedRow(const Expr *e, std::optional<PointerRef> &out) {
  const Expr *bare = e->IgnoreParenImpCasts();
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(bare); // r.data()
      mc && methodOf(mc) == "data" && mc->getNumArgs() == 0 &&
      rowsContainer(mc->getImplicitObjectArgument()->getType()))
    bare = mc->getImplicitObjectArgument()->IgnoreParenImpCasts();
  // A reference to a row: `const auto &r = m[i];`, `for (auto &r : m)`.
  if (const VarDecl *vd = baseName(bare);
      vd && rowsContainer(vd->getType()))
    if (auto p = pointers.find(vd); p != pointers.end() && p->second.row) {
      out = PointerRef{p->second.arr, nullptr, p->second.row};
      return true;
    }
  Array *a = nullptr;
  const Expr *idx = nullptr;
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(e->IgnoreParens())) {
    const VarDecl *vd = baseName(as->getBase()); // rows[i] of a T **
    auto it = vd ? arrays.find(vd) : arrays.end();
    a = it == arrays.end() ? nullptr : it->second;
    idx = as->getIdx();
  } else if (const Expr *obj = nullptr; vectorIndex(bare, obj, idx)) {
    a = rowsOf(objectOf(obj->IgnoreParenImpCasts())); // m[i]
  }
  if (!a || !a->jagged)
    return false;
  Op *row = expr(idx);
  if (row && !isInteger(row->type))
    row = b.cast(row, Type::Long);
  out = row ? std::optional<PointerRef>(PointerRef{a, nullptr, row})
            : std::nullopt;
  return true;
}

bool Lowerer::rowReference(const VarDecl *vd) {
  if (!vd->getInit() || !rowsContainer(vd->getType()))
    return false;
  const Expr *init = vd->getInit()->IgnoreImplicit();
  if (const auto *ce = dyn_cast<CXXConstructExpr>(init);
      ce && ce->getNumArgs() == 1) // a copy
    init = ce->getArg(0);
  std::optional<PointerRef> row;
  if (!jaggedRow(init, row))
    return false;
  if (row && !vd->getType()->isReferenceType())
    error(vd->getLocation(), Diag::Construct,
          {"copying the row '" + sourceText(init) + "' of '" +
               shown(row->arr) + "' into '" + vd->getNameAsString() + "'",
           "bind it by reference: 'const auto &" + vd->getNameAsString() +
               " = " + sourceText(init) + ";'"});
  else if (row)
    pointers[vd] = PointerLocal{row->arr, nullptr, 0, row->row};
  return true;
}

Op *Lowerer::rowSize(const PointerRef &row) {
  if (row.arr->rowArray) // a std::array row: its extent
    return b.constant(static_cast<double>(row.arr->rowArray), Type::ULong);
  Op *n = b.create(OpKind::RowSize, Type::ULong, {row.row});
  n->arr = row.arr;
  return n;
}

bool Lowerer::rowRepointed(const Expr *target) {
  const auto *as = dyn_cast<ArraySubscriptExpr>(target->IgnoreParenImpCasts());
  const VarDecl *vd = as ? baseName(as->getBase()) : nullptr;
  auto it = vd ? arrays.find(vd) : arrays.end();
  if (it == arrays.end() || !it->second->jagged)
    return false;
  const std::string a = shown(it->second);
  error(target->getExprLoc(), Diag::Construct,
        {"assigning to a row of '" + a + "' (re-pointing it)",
         "write the row's elements (" + a + "[i][j] = ...), or use a local "
         "pointer (const double *r = " + a + "[i];)"});
  return true;
}

std::optional<Lowerer::LValue>
Lowerer::jaggedElement(Array *a, const std::vector<const Expr *> &idx,
                       const Expr *at) {
  if (idx.size() != 2) { // `rows[i]` as a place
    if (!rowRepointed(at))
      error(at->getExprLoc(), Diag::PointerArith, {shown(a)});
    return std::nullopt;
  }
  Op *row = expr(idx[0]);
  Op *i = row ? expr(idx[1]) : nullptr;
  if (!i)
    return std::nullopt;
  if (!isInteger(row->type))
    row = b.cast(row, Type::Long);
  if (!isInteger(i->type))
    i = b.cast(i, Type::Long);
  return LValue{nullptr, a, i, row};
}

/// `std::vector<T>(k)` or `(k, x)`, the row of a local of rows: k and x.
static bool rowConstruction(const Expr *e, const Expr *&k, const Expr *&x) {
  const auto *ce = dyn_cast_or_null<CXXConstructExpr>(e ? e->IgnoreImplicit()
                                                        : nullptr);
  if (!ce || ce->getNumArgs() < 1 ||
      !ce->getArg(0)->getType()->isIntegerType())
    return false;
  k = ce->getArg(0);
  x = ce->getNumArgs() >= 2 && !isa<CXXDefaultArgExpr>(ce->getArg(1)) &&
              !ce->getArg(1)->getType()->isRecordType()
          ? ce->getArg(1)
          : nullptr;
  return true;
}

bool Lowerer::rowsLocal(const VarDecl *vd) {
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      vd->getType()->getAsCXXRecordDecl());
  QualType row = spec ? spec->getTemplateArgs()[0].getAsType() : QualType();
  const auto *rs = row.isNull() ? nullptr
                                : dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                                      row->getAsCXXRecordDecl());
  if (!rs || stdClassOf(row) != StdClass::Vector ||
      !rs->getTemplateArgs()[0].getAsType()->isArithmeticType())
    return false;
  // `std::vector<std::vector<T>> m(n, std::vector<T>(k[, x]));`
  const auto *ce = dyn_cast_or_null<CXXConstructExpr>(
      vd->getInit() ? vd->getInit()->IgnoreImplicit() : nullptr);
  const Expr *k = nullptr, *x = nullptr;
  if (!ce || ce->getNumArgs() < 2 ||
      !ce->getArg(0)->getType()->isIntegerType() || !rowConstruction(ce->getArg(1), k, x)) {
    error(vd->getLocation(), Diag::HeapForm,
          {vd->getInit() ? sourceText(vd->getInit()) : vd->getNameAsString()});
    return true;
  }
  auto t = typeOf(rs->getTemplateArgs()[0].getAsType(), vd, vd->getLocation());
  Op *n = t ? expr(ce->getArg(0)) : nullptr;
  Op *len = n ? expr(k) : nullptr;
  Op *fill = len && x ? expr(x) : nullptr;
  if (!len || (x && !fill))
    return true;
  std::string name = vd->getNameAsString();
  Var *rows = fn.newVar(uniqueName(name + "_size"), Type::ULong);
  b.decl(rows, b.cast(n, Type::ULong));
  Var *cols = fn.newVar(uniqueName(name + "_row_size"), Type::ULong);
  b.decl(cols, b.cast(len, Type::ULong));
  Array *a = fn.newArray(uniqueName(name), *t);
  a->heap = a->jagged = a->rowVector = true;
  Op *nRows = b.readVar(rows), *nCols = b.readVar(cols);
  b.declArray(a, nRows)->operands.push_back(nCols);
  cx.stdHeaders.insert("vector");
  Object &obj = objects[vd];
  obj.record = spec;
  obj.arrays["data()"] = a;
  obj.vars["size()"] = rows;
  if (fill) { // every element x
    Var *v = fn.newVar(uniqueName(name + "_fill"), *t);
    b.decl(v, b.cast(fill, *t));
    b.countedLoop(fn.newVar(uniqueName("r"), Type::ULong), b.readVar(rows),
                  [&](Op *r) {
                    b.countedLoop(fn.newVar(uniqueName("c"), Type::ULong),
                                  b.readVar(cols), [&](Op *c) {
                                    b.store(a, c, b.readVar(v), r);
                                  });
                  });
  }
  return true;
}

bool Lowerer::rangeForRows(const CXXForRangeStmt *s) {
  const Expr *range = s->getRangeInit();
  const VarDecl *lv = s->getLoopVariable();
  std::optional<PointerRef> row; // over a row: `for (double v : m[i])`
  Array *rows = nullptr;         // over the rows: `for (const auto &r : m)`
  if (jaggedRow(range, row)) {
    if (!row)
      return true;
  } else if (rowsContainer(range->getType())) {
    rows = rowsOf(objectOf(range->IgnoreParenImpCasts()));
    if (!rows)
      return false;
    if (!lv->getType()->isReferenceType()) {
      error(lv->getLocation(), Diag::Construct,
            {"copying each row of '" + shown(rows) + "' ('" +
                 lv->getNameAsString() + "')",
             "bind each row by reference: 'for (const auto &" +
                 lv->getNameAsString() + " : " + sourceText(range) + ")'"});
      return true;
    }
  } else {
    return false;
  }
  auto t = rows ? std::optional<Type>(Type::Int)
                : typeOf(lv->getType().getNonReferenceType(), lv,
                         lv->getLocation());
  if (!t)
    return true;
  setLoc(s->getBeginLoc());
  Var *i = fn.newVar(uniqueName("adgen_i"), Type::ULong);
  b.decl(i, b.constant(0, Type::ULong));
  Array *a = rows ? rows : row->arr;
  bool ref = lv->getType()->isReferenceType() && a->elemType == *t;
  loopOf(s, LoopKind::For, [&]() -> Op * {
    Op *count = rows ? containerCount(range) : rowSize(*row);
    return count ? b.binary(OpKind::Lt, b.readVar(i), b.cast(count, Type::ULong))
                 : nullptr;
  }, [&] {
    setLoc(lv->getLocation());
    if (rows) {
      pointers[lv] = PointerLocal{a, nullptr, 0, b.readVar(i)};
    } else if (ref) {
      scopes.elementRefs[lv] = {a, i, 0, row->row};
    } else {
      Var *v = fn.newVar(uniqueName(lv->getNameAsString()), *t);
      vars[lv] = v;
      b.decl(v, b.cast(b.load(a, b.readVar(i), row->row), *t));
    }
    stmt(s->getBody());
  }, [&] {
    b.writeVar(i, b.binary(OpKind::Add, b.readVar(i), b.constant(1, Type::ULong)));
  });
  return true;
}

} // namespace adgen
