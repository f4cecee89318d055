// Arrays of structs (SPEC §5): a `const S *pts` or `S pts[N]` parameter the
// body indexes, and a local `S pts[N]`. The object is its leaves, one IR
// array per member as for one struct, each of which holds that member of
// every element: element k's at [k * stride], stride = sizeof(S) /
// sizeof(member type), which is the struct array's own layout. So the
// wrapper passes `&pts[0].x` for leaf pts_x (Leaf::address) and the flat
// function reads pts_x[k * 3] for pts[k].x of a struct of three doubles; a
// local array of structs has the same layout, so it is passed to callees
// like a parameter. `pts[k]`, `*pts`, `pts + k` and `&pts[k]` are the
// element objects: the leaves and the index of the element (Object::element).
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

namespace {

/// The parameter a (pointer) expression names, through parentheses and
/// implicit casts.
const ParmVarDecl *paramNamed(const Expr *e, const ParmVarDecl *pd) {
  const auto *dr = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  return dr && dr->getDecl() == pd ? pd : nullptr;
}

bool indexes(const Stmt *s, const ParmVarDecl *pd) {
  if (!s)
    return false;
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(s);
      as && paramNamed(as->getBase(), pd))
    return true;
  if (const auto *bo = dyn_cast<BinaryOperator>(s);
      bo && (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub) &&
      (paramNamed(bo->getLHS(), pd) || paramNamed(bo->getRHS(), pd)))
    return true;
  for (const Stmt *c : s->children())
    if (indexes(c, pd))
      return true;
  return false;
}

} // namespace

bool Lowerer::structArrayParam(const ParmVarDecl *pd) {
  if (pd->getOriginalType()->isArrayType())
    return true;
  const auto *fd = dyn_cast<FunctionDecl>(pd->getDeclContext());
  return fd && indexes(fd->getBody(), pd);
}

bool Lowerer::elementStrides(const RecordDecl *rd, SourceLocation loc) {
  if (const auto *cr = dyn_cast<CXXRecordDecl>(rd); cr && cr->getNumBases()) {
    error(loc, Diag::Construct,
          {"an array of '" + recordName(rd) +
               "', which has a base class",
           "pass the elements' members as arrays of their own"});
    return false;
  }
  int64_t whole = ast().getTypeSizeInChars(ast().getCanonicalTagType(rd))
                      .getQuantity();
  for (const FieldDecl *fd : rd->fields()) {
    QualType ft = fd->getType();
    while (const auto *at = ast().getAsConstantArrayType(ft))
      ft = at->getElementType();
    if (const RecordDecl *inner = ft->getAsRecordDecl()) {
      if (stdClassOf(inner) != StdClass::None || !inner->getDefinition() ||
          !elementStrides(inner->getDefinition(), loc))
        return failOn(loc, fd, rd);
      continue;
    }
    if (!ft->isArithmeticType() && !ft->isEnumeralType())
      return failOn(loc, fd, rd);
    int64_t one = ast().getTypeSizeInChars(ft).getQuantity();
    if (one <= 0 || whole % one != 0)
      return failOn(loc, fd, rd);
  }
  return true;
}

bool Lowerer::failOn(SourceLocation loc, const FieldDecl *fd,
                     const RecordDecl *rd) {
  if (!failed)
    error(loc, Diag::StructArrayMember,
          {fd->getNameAsString(), recordName(rd),
           fd->getType().getAsString()});
  return false;
}

int64_t Lowerer::strideOf(const RecordDecl *outer, QualType member) {
  while (const auto *at = ast().getAsConstantArrayType(member))
    member = at->getElementType();
  return ast().getTypeSizeInChars(ast().getCanonicalTagType(outer))
             .getQuantity() /
         ast().getTypeSizeInChars(member).getQuantity();
}

Op *Lowerer::elementIndex(const Object &o, const Array *a, Op *inner) {
  if (!o.elements)
    return inner;
  auto constant = [](const Op *x) { return x && x->kind == OpKind::Const; };
  double stride = static_cast<double>(strides.at(a));
  Op *e = elementAt(o);
  Op *k = e ? b.cast(e, Type::Long) : nullptr;
  Op *at = !k || constant(k)
               ? b.constant(k ? k->num * stride : 0, Type::Long)
               : arith(OpKind::Mul, k, b.constant(stride, Type::Long));
  if (!inner)
    return at;
  inner = b.cast(inner, Type::Long);
  if (constant(at) && constant(inner))
    return b.constant(at->num + inner->num, Type::Long);
  if (constant(inner) && inner->num == 0)
    return at;
  if (constant(at) && at->num == 0)
    return inner;
  return arith(OpKind::Add, at, inner);
}

Lowerer::Object *Lowerer::elementOf(const Object &whole, Op *k) {
  if (!k)
    return nullptr;
  if (Op *e = elementAt(whole))
    k = k->kind == OpKind::Const && k->num == 0
            ? b.cast(e, Type::Long)
            : arith(OpKind::Add, b.cast(e, Type::Long), b.cast(k, Type::Long));
  temporaries.push_back(whole);
  std::function<void(Object &, Op *)> set = [&](Object &o, Op *at) {
    o.element = at;
    o.cursor = nullptr;
    for (auto &[n, inner] : o.objects)
      set(inner, at);
  };
  set(temporaries.back(), b.cast(k, Type::Long));
  return &temporaries.back();
}

Lowerer::Object *Lowerer::elementObject(const Expr *e) {
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
    Object *whole = objectOf(as->getBase());
    if (!whole)
      return nullptr;
    if (!whole->elements) {
      error(as->getExprLoc(), Diag::Construct,
            {"indexing the struct '" + sourceText(as->getBase()) + "'",
             "index an array of structs, or name the struct itself"});
      return nullptr;
    }
    return elementOf(*whole, expr(as->getIdx()));
  }
  const auto *bo = dyn_cast<BinaryOperator>(e);
  bool left = bo->getLHS()->getType()->isPointerType();
  Object *whole = objectOf(left ? bo->getLHS() : bo->getRHS());
  if (!whole)
    return nullptr;
  Op *k = expr(left ? bo->getRHS() : bo->getLHS());
  if (k && bo->getOpcode() == BO_Sub)
    k = b.create(OpKind::Neg, k->type, {k});
  return whole->elements ? elementOf(*whole, k) : whole;
}

bool Lowerer::flattenElements(const RecordDecl *rd, const RecordDecl *outer,
                              Object &obj, UserParam &up,
                              std::vector<std::string> path, bool isConst) {
  for (const FieldDecl *fd : rd->fields()) {
    std::string member = fd->getNameAsString();
    std::vector<std::string> p = path;
    p.push_back(member);
    QualType ft = fd->getType();
    if (const RecordDecl *inner = ft->getAsRecordDecl();
        inner && !ast().getAsConstantArrayType(ft)) {
      Object &o = obj.objects[member];
      o.record = inner->getDefinition();
      o.elements = true;
      if (!flattenElements(o.record, outer, o, up, p, isConst))
        return false;
      continue;
    }
    QualType elem = ft;
    bool isArray = false;
    while (const auto *at = ast().getAsConstantArrayType(elem)) {
      elem = at->getElementType();
      isArray = true;
    }
    auto t = typeOf(elem, fd, fd->getLocation());
    if (!t)
      return false;
    // Elements of a std::vector or std::array: `v.data()` is the array.
    std::string leafName;
    std::vector<std::string> shownPath;
    for (const std::string &s : p)
      if (s == "data()") {
        shownPath.push_back("[]");
      } else {
        leafName += "_" + s;
        shownPath.push_back(s);
      }
    if (std::find(p.begin(), p.end(), "data()") == p.end())
      shownPath.insert(shownPath.begin(), "[]");
    Array *a = fn.newArray(uniqueName(up.name + leafName), *t);
    a->spelled = dotted(up.name, shownPath);
    a->structElements = true;
    a->isConst = isConst || elem.isConstQualified();
    a->paramIndex = static_cast<int>(fn.params.size());
    strides[a] = strideOf(outer, ft);
    obj.arrays[member] = a;
    Leaf leaf{static_cast<int>(fn.params.size()), p};
    leaf.address = !isArray;
    up.leaves.push_back(leaf);
    Param prm;
    prm.arr = a;
    fn.params.push_back(prm);
  }
  return true;
}

bool Lowerer::structArrayLocal(const VarDecl *vd, const RecordDecl *rd,
                               int64_t count) {
  if (!elementStrides(rd, vd->getLocation()))
    return true;
  Object &obj = objects[vd];
  obj.record = rd;
  obj.elements = true;
  declareElements(rd, rd, obj, vd->getNameAsString(), count);
  // (Under ExprWithCleanups when an element binds a temporary to a
  // reference: `{x, h(2 * x)}` with `h(const double &)`.)
  const Expr *init = vd->getInit() ? vd->getInit()->IgnoreImplicit() : nullptr;
  const auto *il = dyn_cast_or_null<InitListExpr>(init);
  if (init && !il && !isa<CXXConstructExpr>(init) &&
      !isa<ImplicitValueInitExpr>(init))
    error(init->getExprLoc(), Diag::Construct,
          {"the array initialiser '" + sourceText(init) + "'",
           "initialise the array from a brace list"});
  for (unsigned k = 0; il && k < il->getNumInits(); ++k) {
    Object *e = elementOf(obj, b.constant(k, Type::Long));
    if (!initElement(*e, il->getInit(k)))
      return true;
  }
  return true;
}

void Lowerer::declareElements(const RecordDecl *rd, const RecordDecl *outer,
                              Object &obj, const std::string &prefix,
                              int64_t count) {
  for (const FieldDecl *fd : rd->fields()) {
    std::string member = fd->getNameAsString();
    QualType ft = fd->getType();
    if (const RecordDecl *inner = ft->getAsRecordDecl();
        inner && !ast().getAsConstantArrayType(ft)) {
      Object &o = obj.objects[member];
      o.record = inner->getDefinition();
      o.elements = true;
      declareElements(o.record, outer, o, prefix + "_" + member, count);
      continue;
    }
    QualType elem = ft;
    while (const auto *at = ast().getAsConstantArrayType(elem))
      elem = at->getElementType();
    auto t = typeOf(elem, fd, fd->getLocation());
    if (!t)
      return;
    Array *a = fn.newArray(uniqueName(prefix + "_" + member), *t);
    a->spelled = prefix + "[k]." + member;
    a->structElements = true;
    strides[a] = strideOf(outer, ft);
    a->size = count * strides[a];
    b.declArray(a);
    obj.arrays[member] = a;
  }
}

bool Lowerer::initElement(Object &elem, const Expr *init) {
  const auto *il = dyn_cast<InitListExpr>(init->IgnoreImplicit());
  if (!il) {
    Object *from = objectOf(init);
    if (!from)
      return false;
    copyObject(elem, *from, false);
    return !failed;
  }
  unsigned k = 0;
  for (const FieldDecl *fd : elem.record->fields()) {
    if (k >= il->getNumInits())
      break;
    const Expr *x = il->getInit(k++);
    std::string n = fd->getNameAsString();
    if (auto o = elem.objects.find(n); o != elem.objects.end()) {
      if (!initElement(o->second, x))
        return false;
      continue;
    }
    Array *a = elem.arrays.at(n);
    std::vector<const Expr *> flat;
    std::function<void(const Expr *)> collect = [&](const Expr *v) {
      if (const auto *sub = dyn_cast<InitListExpr>(v->IgnoreImplicit()))
        for (const Expr *s : sub->inits())
          collect(s);
      else
        flat.push_back(v);
    };
    collect(x);
    for (size_t j = 0; j < flat.size(); ++j) {
      Op *v = expr(flat[j]);
      if (!v)
        return false;
      b.store(a,
              elementIndex(elem, a,
                           b.constant(static_cast<double>(j), Type::Long)),
              b.cast(v, a->elemType));
    }
  }
  return true;
}

} // namespace adgen
