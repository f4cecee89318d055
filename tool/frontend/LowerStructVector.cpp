// std::vector and std::array of structs (SPEC §5): a parameter
// `const std::vector<P> &ps` is an array of structs (LowerStructArray.cpp)
// whose elements start at `ps.data()`, and a size. Its object holds the
// elements' object as member "data()" (so leaves are {"data()", "x"}, which
// the wrapper passes as `&ps.data()->x`) and its size as "size()". `ps[i]`,
// `ps.at(i)`, `ps.front()`, `ps.back()` and `ps.data()` name elements, and
// range-for loops copy or bind them.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

namespace adgen {

using namespace clang;

bool Lowerer::structContainerLeaves(QualType t, const RecordDecl *er,
                                    Object &obj, UserParam &up,
                                    std::vector<std::string> path,
                                    Passing passing, SourceLocation loc,
                                    const std::string &base) {
  const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(
      t.getNonReferenceType().getCanonicalType()->getAsRecordDecl());
  StdClass k = stdClassOf(spec);
  if (!signatureRecord(er, up, loc) || !elementStrides(er, loc))
    return false;
  cx.stdHeaders.insert(k == StdClass::Array ? "array" : "vector");
  obj.record = spec;
  obj.byValue = passing == Passing::Value;
  Object &elems = obj.objects["data()"];
  elems.record = er;
  elems.elements = true;
  path.push_back("data()");
  size_t first = up.leaves.size();
  bool isConst =
      !writable(passing) || t.getNonReferenceType().isConstQualified();
  if (!flattenElements(er, er, elems, up, path, isConst))
    return false;
  if (k == StdClass::Array) {
    int64_t n = spec->getTemplateArgs()[1].getAsIntegral().getSExtValue();
    for (size_t i = first; i < up.leaves.size(); ++i) {
      Array *a = fn.params[up.leaves[i].param].arr;
      a->size = (n - 1) * strides.at(a) + 1;
    }
    return true;
  }
  path.back() = "size()";
  Var *n = fn.newVar(uniqueName(base + "_size"), Type::ULong);
  n->paramIndex = static_cast<int>(fn.params.size());
  obj.vars["size()"] = n;
  up.leaves.push_back({static_cast<int>(fn.params.size()), path});
  Param s;
  s.var = n;
  fn.params.push_back(s);
  return true;
}

/// The object of a std::vector or std::array of structs, or null.
Lowerer::Object *Lowerer::structContainer(const Expr *e) {
  QualType t = e->getType();
  if (const auto *pt = t->getAs<PointerType>())
    t = pt->getPointeeType();
  StdClass k = stdClassOf(t);
  const auto *at = ast().getAsConstantArrayType(t); // a local `P ps[3]`
  if (at && recordOf(at->getElementType())) {
    Object *o = objectOf(e);
    return o && o->elements && !o->element ? o : nullptr;
  }
  if (k != StdClass::Vector && k != StdClass::Array)
    return nullptr;
  const auto *dr = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *me = dyn_cast<MemberExpr>(e->IgnoreParenImpCasts());
  if (!dr && !me)
    return nullptr;
  if (dr && !objects.count(dyn_cast<VarDecl>(dr->getDecl())))
    return nullptr;
  Object *o = objectOf(e);
  if (!o)
    return nullptr;
  auto it = o->objects.find("data()");
  return it != o->objects.end() && it->second.elements ? &it->second : nullptr;
}

std::optional<Lowerer::Object *> Lowerer::containerElement(const Expr *e) {
  const Expr *obj = nullptr, *idx = nullptr;
  std::string n;
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
      oc && oc->getOperator() == OO_Subscript && oc->getNumArgs() == 2) {
    obj = oc->getArg(0);
    idx = oc->getArg(1);
    n = "operator[]";
  } else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e);
             mc && mc->getMethodDecl() &&
             mc->getMethodDecl()->getIdentifier()) {
    n = mc->getMethodDecl()->getName().str();
    obj = mc->getImplicitObjectArgument();
    idx = n == "at" && mc->getNumArgs() == 1 ? mc->getArg(0) : nullptr;
    if (n != "at" && n != "front" && n != "back" && n != "data")
      return std::nullopt;
  }
  Object *whole = obj ? structContainer(obj) : nullptr;
  if (!whole)
    return std::nullopt;
  if (n == "data")
    return whole;
  Op *k = nullptr;
  if (idx) {
    k = expr(idx);
  } else if (n == "back") {
    Op *count = containerCount(obj);
    k = count ? b.binary(OpKind::Sub, b.cast(count, Type::Long),
                         b.constant(1, Type::Long))
              : nullptr;
  } else {
    k = b.constant(0, Type::Long);
  }
  return k ? elementOf(*whole, k) : nullptr;
}

bool Lowerer::rangeForElements(const CXXForRangeStmt *s) {
  const Expr *range = s->getRangeInit();
  Object *whole = structContainer(range);
  if (!whole)
    return false;
  const VarDecl *lv = s->getLoopVariable();
  const RecordDecl *rd = recordOf(lv->getType().getNonReferenceType());
  if (!rd || rd != whole->record) {
    error(lv->getLocation(), Diag::Construct,
          {"the loop variable '" + lv->getNameAsString() + "' of type '" +
               lv->getType().getAsString() + "' over elements of type '" +
               recordName(whole->record) + "'",
           "name the element type, or 'const auto &'"});
    return true;
  }
  setLoc(s->getBeginLoc());
  Var *i = fn.newVar(uniqueName("adgen_i"), Type::ULong);
  b.decl(i, b.constant(0, Type::ULong));
  loopOf(
      s, LoopKind::For,
      [&]() -> Op * {
        const auto *at = ast().getAsConstantArrayType(range->getType());
        Op *n =
            at ? b.constant(static_cast<double>(at->getSize().getSExtValue()),
                            Type::ULong)
               : containerCount(range);
        return n ? b.binary(OpKind::Lt, b.readVar(i), b.cast(n, Type::ULong))
                 : nullptr;
      },
      [&] {
        setLoc(lv->getLocation());
        Object *elem = elementOf(*whole, b.readVar(i));
        if (lv->getType()->isReferenceType()) {
          objects[lv] = *elem; // another name for the element
        } else {
          Object &copy = objects[lv];
          copy.record = rd;
          if (!declareMembers(rd, copy, lv->getNameAsString(),
                              lv->getLocation()))
            return;
          copyObject(copy, *elem, true);
        }
        if (!failed)
          stmt(s->getBody());
      },
      [&] {
        b.writeVar(
            i, b.binary(OpKind::Add, b.readVar(i), b.constant(1, Type::ULong)));
      });
  return true;
}

/// Whether creating n elements of rd runs no code of the user's (no
/// default member initializers, no default constructor of its own).
static bool plainElements(const RecordDecl *rd) {
  const auto *cr = dyn_cast<CXXRecordDecl>(rd);
  return !cr || cr->hasTrivialDefaultConstructor();
}

bool Lowerer::heapElements(const RecordDecl *rd, const RecordDecl *outer,
                           Object &obj, const std::string &prefix, Op *count,
                           SourceLocation loc) {
  if (!elementStrides(outer, loc))
    return false;
  obj.record = rd;
  obj.elements = true;
  for (const FieldDecl *fd : fieldsOf(rd)) {
    std::string member = fd->getNameAsString();
    QualType ft = fd->getType();
    if (const RecordDecl *inner = recordOf(ft);
        inner && !ast().getAsConstantArrayType(ft)) {
      if (!heapElements(inner, outer, obj.objects[member],
                        prefix + "_" + member, count, loc))
        return false;
      continue;
    }
    QualType elem = ft;
    while (const auto *at = ast().getAsConstantArrayType(elem))
      elem = at->getElementType();
    auto t = typeOf(elem, fd, loc);
    if (!t)
      return false;
    int64_t stride = strideOf(outer, ft);
    Op *n = arith(OpKind::Mul, b.cast(count, Type::Long),
                  b.constant(static_cast<double>(stride), Type::Long));
    Array *a = heapArray(prefix + "_" + member, *t, n, Type::Long);
    a->structElements = true;
    a->spelled = prefix + "[k]." + member;
    strides[a] = stride;
    obj.arrays[member] = a;
  }
  return true;
}

bool Lowerer::heapStructs(const VarDecl *vd, const RecordDecl *rd,
                          const Expr *countExpr, bool constructs) {
  std::string name = vd->getNameAsString();
  bool vector = stdClassOf(vd->getType()) == StdClass::Vector;
  Op *count = nullptr;
  Object *from = nullptr;
  if (vector) { // `std::vector<T> v(n)`, `v;`, or a copy `v = ps`
    const Expr *init =
        vd->getInit() ? vd->getInit()->IgnoreImplicit() : nullptr;
    const auto *ce = dyn_cast_or_null<CXXConstructExpr>(init);
    unsigned args = 0; // not defaulted
    for (unsigned i = 0; ce && i < ce->getNumArgs(); ++i)
      args += !isa<CXXDefaultArgExpr>(ce->getArg(i));
    if (ce && ce->getConstructor()->isCopyOrMoveConstructor()) {
      from = objectOf(ce->getArg(0));
      count = from ? containerCount(ce->getArg(0)) : nullptr;
      constructs = false;
    } else if (ce && args <= 1 &&
               (args == 0 || ce->getArg(0)->getType()->isIntegerType())) {
      count = args ? expr(ce->getArg(0)) : b.constant(0, Type::ULong);
    } else { // v(n, p) fills with p, {a, b} lists: not zero-filled
      error(vd->getLocation(), Diag::HeapForm,
            {init ? sourceText(init) : name});
      return true;
    }
  } else {
    count = countExpr ? expr(countExpr->IgnoreImpCasts())
                      : b.constant(1, Type::Long);
  }
  if (constructs && !plainElements(rd)) {
    error(vd->getLocation(), Diag::Construct,
          {"a heap array of '" + recordName(rd) +
               "', whose elements a constructor or default member "
               "initializers set up",
           "use a local array 'T a[N]', or a struct without them"});
    return true;
  }
  if (!count)
    return true;
  if (!isInteger(count->type)) {
    error(vd->getLocation(), Diag::HeapForm, {name});
    return true;
  }
  Object elems;
  if (!heapElements(rd, rd, elems, name, count, vd->getLocation()))
    return true;
  if (!vector) {                 // T *t = new T[n]
    if (movedPointers.count(vd)) // `++t`: a cursor (LowerStructPointer.cpp)
      movingStructPointer(vd, &elems);
    else
      objects[vd] = elems;
    return true;
  }
  Object &v = objects[vd]; // std::vector<T> v(n), or a copy of one
  v.record = vd->getType()->getAsRecordDecl();
  Var *size = fn.newVar(uniqueName(name + "_size"), Type::ULong);
  b.decl(size, b.cast(count, Type::ULong));
  v.vars["size()"] = size;
  v.objects["data()"] = std::move(elems);
  auto it = from ? from->objects.find("data()") : from->objects.end();
  if (from && (it == from->objects.end() || !it->second.elements)) {
    error(vd->getLocation(), Diag::HeapForm, {sourceText(vd->getInit())});
    return true;
  }
  if (from) {
    Object &to = v.objects["data()"];
    Var *k = fn.newVar(uniqueName("k"), Type::ULong);
    b.countedLoop(k, b.readVar(size), [&](Op *i) {
      copyObject(*elementOf(to, i), *elementOf(it->second, i), false);
    });
  }
  return true;
}

} // namespace adgen
