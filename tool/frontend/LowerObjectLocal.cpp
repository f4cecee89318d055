// Local struct variables, struct copies and assignments, and struct and
// reference arguments of calls (see LowerObject.cpp).
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

bool Lowerer::structLocal(const VarDecl *vd) {
  QualType qt = vd->getType();
  const auto *rd = qt.getNonReferenceType()->getAsRecordDecl();
  if (!rd || !rd->getDefinition() ||
      (isa<CXXRecordDecl>(rd) && cast<CXXRecordDecl>(rd)->isLambda()))
    return false;
  // std::array and std::pair locals are structs, a local std::vector a
  // heap array (LowerHeap.cpp); the other std:: classes are not supported.
  StdClass k = stdClassOf(qt);
  // `auto &&r = {1., x, 2.};`: a std::initializer_list, a local array.
  if (k == StdClass::Other && rd->getIdentifier() &&
      rd->getName() == "initializer_list")
    if (Array *a = listArray(vd->getInit(), vd->getNameAsString())) {
      arrays[vd] = a;
      return true;
    }
  if (!qt->isReferenceType() && (k == StdClass::Vector || k == StdClass::Array) &&
      rowReference(vd)) // a copy of a row, refused (LowerJagged.cpp)
    return true;
  if (!qt->isReferenceType() && k == StdClass::Vector)
    return rowsLocal(vd) || vectorLocal(vd, rd->getDefinition());
  if (!qt->isReferenceType() && k != StdClass::None && k != StdClass::Array &&
      k != StdClass::Pair && k != StdClass::Complex) {
    stdClassError(vd->getLocation(), "local '" + vd->getNameAsString() + "'",
                  qt);
    return true;
  }
  // `const S &t = s;`: another name for the object s; `S t = ...;` an
  // object of its own.
  if (qt->isReferenceType()) {
    if (rowReference(vd)) // `const auto &r = m[i];` (LowerJagged.cpp)
      return true;
    if (Object *o = objectOf(vd->getInit()))
      objects[vd] = *o;
    return true;
  }
  localObject(vd, rd->getDefinition(), vd->getInit());
  return true;
}

void Lowerer::cellLocal(const VarDecl *vd, Type t, Op *init) {
  Array *a = fn.newArray(uniqueName(vd->getNameAsString()), t);
  a->scalarLocal = true;
  a->size = 1;
  b.create(OpKind::DeclArray, Type::Void)->arr = a;
  if (init)
    b.store(a, b.constant(0, Type::Int), init);
  arrays[vd] = a;
}

bool Lowerer::localObject(const VarDecl *vd, const RecordDecl *rd,
                          const Expr *init) {
  Object &obj = objects[vd];
  obj.record = rd;
  // Constructed by a constructor of the user's: the members in cells, which
  // the constructor writes through `self`.
  const auto *ce =
      dyn_cast_or_null<CXXConstructExpr>(init ? init->IgnoreImplicit() : nullptr);
  obj.cells = addressTaken.count(vd) != 0 || (ce && userConstructor(ce));
  if (!declareMembers(rd, obj, vd->getNameAsString(), vd->getLocation()))
    return false;
  return initObject(obj, init, true);
}

/// A std::vector member that a local struct's implicit default constructor
/// leaves empty (Clad's `Struct2 s; if (!s.vector.size())`): its size, 0;
/// resizing it is refused (stdCall), so it stays so.
bool Lowerer::emptyVectorMember(const RecordDecl *rd, const FieldDecl *fd,
                                Object &obj) {
  const auto *cr = dyn_cast<CXXRecordDecl>(rd);
  if (stdClassOf(fd->getType()) != StdClass::Vector || !cr ||
      fd->hasInClassInitializer() || cr->hasUserProvidedDefaultConstructor() ||
      obj.cells)
    return false;
  Object &o = obj.objects[fd->getNameAsString()];
  o.record = fd->getType()->getAsRecordDecl();
  Var *n = fn.newVar(uniqueName(fd->getNameAsString() + "_size"), Type::ULong);
  b.decl(n, b.constant(0, Type::ULong));
  o.vars["size()"] = n;
  return true;
}

bool Lowerer::declareMembers(const RecordDecl *rd, Object &obj,
                             const std::string &prefix, SourceLocation loc) {
  obj.prefix = prefix;
  if (stdClassOf(rd) == StdClass::Complex)
    return complexMembers(rd, obj, prefix, loc);
  if (stdClassOf(rd) == StdClass::None && !plainBases(rd)) {
    error(loc, Diag::RecordBases, {recordName(rd), "'" + prefix + "'"});
    return false;
  }
  for (const FieldDecl *fd : fieldsOf(rd)) {
    std::string member = fd->getNameAsString();
    QualType ft = fd->getType();
    if (emptyVectorMember(rd, fd, obj))
      continue;
    if (const RecordDecl *inner = ft->getAsRecordDecl()) {
      Object &o = obj.objects[member];
      o.record = inner->getDefinition();
      o.cells = obj.cells;
      if (!o.record || !declareMembers(o.record, o, prefix + "_" + member, loc))
        return false;
      continue;
    }
    if (ft->isPointerType() && !ft->isFunctionPointerType()) {
      obj.nulls.insert(member); // used: refused where (initMember, member)
      continue;
    }
    std::vector<int64_t> dims;
    QualType elem = ft;
    if (const auto *at = ast().getAsConstantArrayType(ft))
      for (const ConstantArrayType *cur = at; cur;
           cur = ast().getAsConstantArrayType(elem)) {
        dims.push_back(cur->getSize().getSExtValue());
        elem = cur->getElementType();
      }
    std::optional<Type> t;
    if (elem->isArithmeticType() || elem->isEnumeralType())
      t = typeOf(elem, fd, loc);
    if (!t || *t == Type::Void) {
      if (!failed)
        error(loc, Diag::MemberType,
              {member, recordName(rd), ft.getAsString()});
      return false;
    }
    std::string name = uniqueName(prefix + "_" + member);
    if (dims.empty() && !obj.cells) {
      obj.vars[member] = fn.newVar(name, *t);
      continue;
    }
    Array *a = fn.newArray(name, *t);
    a->scalarLocal = dims.empty();
    a->size = 1;
    for (int64_t d : dims)
      a->size *= d;
    if (dims.size() > 1)
      a->dims = dims;
    Op *d = b.create(OpKind::DeclArray, Type::Void);
    d->arr = a;
    obj.arrays[member] = a;
  }
  return true;
}

/// Strips what wraps an initializer without changing its value.
static const Expr *initValue(const Expr *e) {
  while (e) {
    e = e->IgnoreImplicit();
    if (const auto *c = dyn_cast<CXXConstructExpr>(e);
        c && c->getNumArgs() == 1 &&
        c->getConstructor()->isCopyOrMoveConstructor() &&
        c->getConstructor()->isTrivial())
      return c->getArg(0)->IgnoreImplicit();
    if (const auto *f = dyn_cast<CXXFunctionalCastExpr>(e)) {
      e = f->getSubExpr();
      continue;
    }
    if (const auto *p = dyn_cast<ParenExpr>(e)) {
      e = p->getSubExpr();
      continue;
    }
    return e;
  }
  return nullptr;
}

bool Lowerer::initObject(Object &to, const Expr *init, bool declare) {
  const Expr *e = initValue(init);
  if (stdClassOf(to.record) == StdClass::Complex)
    return complexInit(to, e, declare);
  // `S s(a, b)`, `S{a, b}` with a constructor of the user's (LowerConstructor.cpp).
  if (const auto *ce = dyn_cast_or_null<CXXConstructExpr>(e);
      ce && userConstructor(ce))
    return constructInto(to, ce, declare);
  const auto *ile = dyn_cast_or_null<InitListExpr>(e);
  // `std::pair<double, double> r{a, b}`: the members from the arguments.
  const auto *pair = dyn_cast_or_null<CXXConstructExpr>(e);
  if (!pair || pair->getNumArgs() != 2 || stdClassOf(to.record) != StdClass::Pair)
    pair = nullptr;
  bool zero = !e || isa<ImplicitValueInitExpr>(e) ||
              (isa<CXXConstructExpr>(e) &&
               cast<CXXConstructExpr>(e)->getNumArgs() == 0);
  if (!zero && !ile && !pair) {
    Object *from = objectOf(e);
    if (!from)
      return false;
    copyObject(to, *from, declare);
    return !failed;
  }
  // Members without an initializer of their own take their default member
  // initializer (`double v = 2;`), evaluated with `this` naming `to`.
  ThisBinding self(*this, to);
  if (const auto *cr = dyn_cast<CXXRecordDecl>(to.record);
      ile && cr && cr->getNumBases()) { // {{base...}, members...}
    error(ile->getExprLoc(), Diag::Construct,
          {"a brace initializer of '" + recordName(to.record) +
               "', which has a base class",
           "give the struct a constructor, or assign its members"});
    return false;
  }
  unsigned i = 0;
  for (const FieldDecl *fd : fieldsOf(to.record)) {
    const Expr *sub = ile && i < ile->getNumInits() ? ile->getInit(i)
                      : pair && i < 2                 ? pair->getArg(i)
                                                      : nullptr;
    ++i;
    if (!sub || isa<ImplicitValueInitExpr>(sub))
      sub = fd->getInClassInitializer();
    if (!initMember(to, fd, sub, declare))
      return false;
  }
  return !failed;
}

bool Lowerer::initMember(Object &to, const FieldDecl *fd, const Expr *sub,
                         bool declare) {
  std::string n = fd->getNameAsString();
  if (const auto *di = dyn_cast_or_null<CXXDefaultInitExpr>(sub))
    sub = di->getExpr();
  if (sub && isa<ImplicitValueInitExpr>(sub))
    sub = nullptr;
  if (to.nulls.count(n) || to.pointers.count(n)) // a pointer member
    return pointerMember(to, fd, sub, declare);
  if (auto o = to.objects.find(n); o != to.objects.end())
    return initObject(o->second, sub, declare);
  auto value = [&](Type t) -> Op * {
    Op *val = sub ? expr(sub) : b.constant(0, t);
    return val ? b.cast(val, t) : nullptr;
  };
  if (auto v = to.vars.find(n); v != to.vars.end()) {
    Op *val = value(v->second->type);
    if (!val)
      return false;
    if (declare)
      b.decl(v->second, val);
    else
      b.writeVar(v->second, val);
    return true;
  }
  Array *a = to.arrays.at(n);
  if (fd->getType()->isPointerType()) {
    // A parameter's pointer member: only a constructor's own object may be
    // set, where its caller has set it already (constructorPointers).
    if (isa<CXXConstructorDecl>(lowering) && !declare &&
        objects.count(nullptr) && &objects.at(nullptr) == &to)
      return true;
    error(sub ? sub->getExprLoc() : fd->getLocation(), Diag::Construct,
          {"re-pointing the pointer member '" + n + "' of a parameter",
           "point a local pointer where it should point instead"});
    return false;
  }
  if (isCell(a)) { // a scalar member a call can write
    Op *val = value(a->elemType);
    if (!val)
      return false;
    b.store(a, b.constant(0, Type::Int), val);
    return true;
  }
  const auto *elems = dyn_cast_or_null<InitListExpr>(
      sub ? sub->IgnoreImplicit() : nullptr);
  for (unsigned k = 0; elems && k < elems->getNumInits(); ++k) {
    const Expr *x = elems->getInit(k);
    if (isa<ImplicitValueInitExpr>(x))
      continue;
    Op *val = expr(x);
    if (!val)
      return false;
    b.store(a, b.constant(k, Type::Int), b.cast(val, a->elemType));
  }
  return true;
}

bool Lowerer::pointerMember(Object &to, const FieldDecl *fd, const Expr *sub,
                            bool declare) {
  std::string n = fd->getNameAsString();
  bool null = !sub || isNullPointer(sub, ast());
  // One no code reads, set without effects (`x_pointer(&x)`), holds
  // nothing that matters: dropped (null).
  if (null || (!memberRead(cx, fd) && !sub->HasSideEffects(ast()))) {
    to.pointers.erase(n);
    to.nulls.insert(n);
    return true;
  }
  // Into an array or a cell (`p(&x)`, `S{&x}`, `View{&w[k * n], n}`):
  // where it points, fixed from here on.
  if (fd->getType()->getPointeeType()->isArithmeticType()) {
    auto p = pointerOf(sub);
    if (!p)
      return false;
    bool fixed = !p->offset || p->offset->kind == OpKind::Const;
    if (!fixed && !declare) { // its offset variable would outlive no scope
      error(sub->getExprLoc(), Diag::Construct,
            {"assigning the pointer member '" + n + "' a computed position",
             "set it where the struct is declared"});
      return false;
    }
    to.nulls.erase(n);
    to.pointers[n] = pointerAt(*p, n, false);
    return true;
  }
  // `Node *prev = &node`: it points somewhere, at a struct.
  error(sub->getExprLoc(), Diag::Construct,
        {"pointing the member '" + n + "' (" + fd->getType().getAsString() +
             ") of '" + recordName(to.record) + "' at a struct",
         "hold the struct itself as a member, or pass it to the function"});
  return false;
}

bool Lowerer::nullMember(const Object &o, const std::string &n,
                         SourceLocation loc) {
  error(loc, Diag::NullPointerMember, {n, recordName(o.record)});
  return false;
}

void Lowerer::copyObject(Object &to, const Object &from, bool declare) {
  if (stdClassOf(to.record) == StdClass::Complex) {
    for (int k = 0; k < 2; ++k) {
      LValue lv = *complexPart(to, k);
      Op *v = read(*complexPart(from, k));
      if (declare && lv.var)
        b.decl(lv.var, v);
      else
        write(lv, v);
    }
    return;
  }
  for (auto &[n, o] : to.objects)
    copyObject(o, from.objects.at(n), declare);
  if (!copyPointers(to, from, declare, here))
    return;
  // An element of an array of structs (Object::element) holds its
  // members at elementIndex in its leaves.
  auto valueOf = [&](const std::string &n) -> Op * {
    if (auto v = from.vars.find(n); v != from.vars.end())
      return b.readVar(v->second);
    Array *a = from.arrays.at(n);
    Op *i = elementIndex(from, a, nullptr);
    return b.load(a, i ? i : b.constant(0, Type::Int));
  };
  for (const FieldDecl *fd : fieldsOf(to.record)) {
    std::string n = fd->getNameAsString();
    if (auto v = to.vars.find(n); v != to.vars.end()) {
      Op *val = valueOf(n);
      if (declare)
        b.decl(v->second, val);
      else
        b.writeVar(v->second, val);
    } else if (auto a = to.arrays.find(n); a != to.arrays.end()) {
      QualType ft = fd->getType();
      int64_t elems = 1;
      while (const auto *at = ast().getAsConstantArrayType(ft)) {
        elems *= at->getSize().getSExtValue();
        ft = at->getElementType();
      }
      if (!fd->getType()->isArrayType()) {
        Op *i = elementIndex(to, a->second, nullptr);
        b.store(a->second, i ? i : b.constant(0, Type::Int), valueOf(n));
        continue;
      }
      Array *src = from.arrays.at(n);
      Op *count = b.constant(static_cast<double>(elems), Type::Int);
      b.countedLoop(fn.newVar(uniqueName("k"), Type::Int), count, [&](Op *k) {
        b.store(a->second, elementIndex(to, a->second, k),
                b.load(src, elementIndex(from, src, k)));
      });
    }
  }
}

bool Lowerer::copyPointers(Object &to, const Object &from, bool declare,
                           SourceLocation at) {
  // A copy points where the original does (a parameter's pointer member is
  // an array leaf).
  for (const FieldDecl *fd : fieldsOf(to.record)) {
    std::string n = fd->getNameAsString();
    if (!fd->getType()->isPointerType())
      continue;
    std::optional<PointerLocal> where;
    if (auto p = from.pointers.find(n); p != from.pointers.end())
      where = p->second;
    else if (auto a = from.arrays.find(n); a != from.arrays.end())
      where = PointerLocal{a->second, nullptr, 0};
    if (auto leaf = to.arrays.find(n); leaf != to.arrays.end()) {
      // A parameter's: it keeps pointing where the caller pointed it.
      if (where && where->arr == leaf->second && !where->offset &&
          !where->fixed)
        continue;
      error(at, Diag::Construct,
            {"re-pointing the pointer member '" + n + "' of a parameter",
             "point a local pointer where it should point instead"});
      return false;
    }
    if (!where) {
      to.pointers.erase(n);
      to.nulls.insert(n);
      continue;
    }
    if (where->offset && !declare) {
      error(at, Diag::Construct,
            {"assigning a struct whose pointer member '" + n +
                 "' points at a computed position",
             "copy it into a new variable instead"});
      return false;
    }
    to.nulls.erase(n);
    to.pointers[n] = *where;
  }
  return true;
}

Op *Lowerer::objectAssign(const CXXOperatorCallExpr *e) {
  Object *to = objectOf(e->getArg(0));
  Object *from = to ? objectOf(e->getArg(1)) : nullptr;
  if (!from)
    return nullptr;
  copyObject(*to, *from, false);
  return b.constant(0, Type::Int);
}

} // namespace adgen
