// Structs and references (SPEC §5). A struct parameter is lowered to one
// IR parameter per scalar or array member (its leaves, ir/Signature.h), a
// local struct to one local per member, so the passes see scalars and
// arrays only and activity is per member; a written reference (`double &`,
// `S &`, `S *`) holds its scalars in arrays of one element, as `T *` does.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

#include <algorithm>
#include <set>

namespace adgen {

using namespace clang;

std::string recordName(const RecordDecl *rd) {
  if (rd->getIdentifier())
    return rd->getNameAsString();
  if (const TypedefNameDecl *td = rd->getTypedefNameForAnonDecl())
    return td->getNameAsString(); // `typedef struct { ... } Frame;`
  return "(unnamed struct)";
}

const RecordDecl *recordOf(QualType t) {
  const auto *rd = t.getCanonicalType()->getAsRecordDecl();
  if (!rd || !rd->getDefinition())
    return nullptr;
  if (const auto *cr = dyn_cast<CXXRecordDecl>(rd); cr && cr->isLambda())
    return nullptr;
  return rd->getDefinition();
}

std::vector<const FieldDecl *> fieldsOf(const RecordDecl *rd) {
  std::vector<const FieldDecl *> out;
  if (const auto *cr = dyn_cast<CXXRecordDecl>(rd);
      cr && stdClassOf(rd) == StdClass::None)
    for (const CXXBaseSpecifier &bs : cr->bases())
      if (const RecordDecl *base = recordOf(bs.getType()))
        for (const FieldDecl *fd : fieldsOf(base))
          out.push_back(fd);
  for (const FieldDecl *fd : rd->fields())
    out.push_back(fd);
  return out;
}

bool plainBases(const RecordDecl *rd) {
  const auto *cr = dyn_cast<CXXRecordDecl>(rd);
  if (!cr || !cr->getNumBases())
    return true;
  for (const CXXBaseSpecifier &bs : cr->bases()) {
    const RecordDecl *base = recordOf(bs.getType());
    if (bs.isVirtual() || !base || stdClassOf(base) != StdClass::None ||
        !plainBases(base))
      return false;
  }
  std::set<std::string> names;
  for (const FieldDecl *fd : fieldsOf(rd))
    if (!names.insert(fd->getNameAsString()).second)
      return false;
  return true;
}

std::string dotted(const std::string &base,
                   const std::vector<std::string> &path) {
  std::string s = base;
  for (const std::string &p : path)
    s += p == "[]" ? "[k]" : "." + p;
  return s;
}

namespace {

std::string joined(const std::vector<std::string> &path) {
  std::string s;
  for (const std::string &p : path)
    s += "_" + p;
  return s;
}

/// The type as the user's signature spells it, without qualifiers. An
/// alias (`using TensorD5 = Tensor<double, 5>`, `typedef S T`, `typedef
/// double aReal`) is spelled as the type it names, which the output
/// defines; an unnamed struct by its typedef name (`typedef struct {...}
/// Wishart`).
std::string spelled(QualType t, const ASTContext &ast) {
  PrintingPolicy pp(ast.getLangOpts());
  pp.SuppressTagKeyword = true;
  t = t.getUnqualifiedType();
  const RecordDecl *rd = t->getAsRecordDecl();
  if (rd && rd->getIdentifier() == nullptr)
    if (const TypedefNameDecl *td = rd->getTypedefNameForAnonDecl())
      return td->getNameAsString();
  // A typedef of a scalar (`typedef double aReal`) as the builtin it
  // names: the output does not copy scalar typedefs.
  if ((rd || t->isArithmeticType()) && t->getAs<TypedefType>())
    return t.getCanonicalType().getUnqualifiedType().getAsString(pp);
  return t.getAsString(pp);
}

} // namespace

std::string Lowerer::recordSpelling(const RecordDecl *rd) {
  if (!isa<ClassTemplateSpecializationDecl>(rd) && rd->getIdentifier())
    return rd->getNameAsString();
  return spelled(ast().getCanonicalTagType(rd), ast());
}

bool Lowerer::objectParam(const ParmVarDecl *pd, const std::string &name) {
  QualType qt = pd->getType();
  auto ploc = pd->getLocation();
  bool ref = qt->isReferenceType();
  QualType base = qt.getNonReferenceType();
  bool ptr = false;
  if (const auto *pt = base->getAs<PointerType>()) {
    if (!recordOf(pt->getPointeeType())) {
      // T*: an array parameter; so is a T *& the function never re-points.
      if (!ref || !repointed(lowering ? lowering->getBody() : nullptr, pd))
        return false;
      error(ploc, Diag::ReferenceParam, {name});
      return true;
    }
    ptr = true;
    base = pt->getPointeeType();
  }
  const RecordDecl *rd = recordOf(base);
  if (!ref && !rd)
    return false;
  // `double &&v` the function never writes: a value (what it binds to,
  // a temporary or a caller's variable, is only read).
  bool isConst = base.isConstQualified() ||
                 (qt->isRValueReferenceType() && !rd && !ptr &&
                  !mayWrite(lowering ? lowering->getBody() : nullptr, pd));
  UserParam up;
  up.name = name;
  up.typeName = spelled(base, ast());
  up.passing = ptr   ? (isConst ? Passing::ConstPointer : Passing::Pointer)
               : ref ? (isConst ? Passing::ConstRef : Passing::Ref)
                     : Passing::Value;
  if (rd && stdClassOf(rd) != StdClass::None) // as generated code spells it
    up.typeName = stdSpelling(base);
  if (ptr && rd && !ref && stdClassOf(rd) == StdClass::None &&
      structArrayParam(pd)) { // `const S *pts` indexed, `S pts[N]`
    up.aggregate = true;
    Object &obj = objects[pd];
    obj.record = rd;
    obj.elements = true;
    if (signatureRecord(rd, up, ploc) && elementStrides(rd, ploc) &&
        flattenElements(rd, rd, obj, up, {}, isConst))
      fn.signature.push_back(up);
    return true;
  }
  if (!ptr && stdClassOf(rd) == StdClass::Optional) {
    up.aggregate = true; // std::optional<int> (LowerOptional.cpp)
    if (optionalLeaves(base, objects[pd], up, ploc))
      fn.signature.push_back(up);
    return true;
  }
  if (StdClass k = stdClassOf(rd); k == StdClass::Array ||
                                    k == StdClass::Vector ||
                                    k == StdClass::Complex) {
    up.aggregate = true;
    if (k == StdClass::Complex
            ? complexLeaves(base, objects[pd], up, {}, up.passing, ploc, name)
            : containerLeaves(base, objects[pd], up, {}, up.passing, ploc,
                              name))
      fn.signature.push_back(up);
    return true;
  }
  if (!rd) { // a reference to a scalar
    scalarRefParam(pd, name, base, up);
    return true;
  }
  up.aggregate = true;
  Object &obj = objects[pd];
  obj.record = rd;
  obj.byValue = up.passing == Passing::Value;
  if (flattenParam(rd, obj, up, {}, up.passing, ploc))
    fn.signature.push_back(up);
  return true;
}

void Lowerer::scalarRefParam(const ParmVarDecl *pd, const std::string &name,
                             QualType base, UserParam &up) {
  auto ploc = pd->getLocation();
  if (!base->isArithmeticType() && !base->isEnumeralType()) {
    error(ploc, Diag::ReferenceParam, {name});
    return;
  }
  auto t = typeOf(base, pd, ploc);
  if (!t)
    return;
  {
    Param p;
    if (writable(up.passing)) {
      p.arr = fn.newArray(uniqueName(name), *t);
      p.arr->scalarOut = true;
      p.arr->size = 1;
      p.arr->paramIndex = static_cast<int>(fn.params.size());
      arrays[pd] = p.arr;
    } else {
      p.var = fn.newVar(uniqueName(name), *t);
      p.var->paramIndex = static_cast<int>(fn.params.size());
      vars[pd] = p.var;
    }
    up.leaves.push_back({static_cast<int>(fn.params.size()), {}});
    fn.params.push_back(p);
    fn.signature.push_back(up);
  }
}

/// Dimensions and element type of a (nested) constant array type.
static QualType arrayShape(const ASTContext &ast, const ConstantArrayType *at,
                           std::vector<int64_t> &dims) {
  QualType elem;
  for (const ConstantArrayType *cur = at; cur;
       cur = ast.getAsConstantArrayType(elem)) {
    dims.push_back(cur->getSize().getSExtValue());
    elem = cur->getElementType();
  }
  return elem;
}

bool Lowerer::signatureRecord(const RecordDecl *rd, const UserParam &up,
                              SourceLocation loc) {
  // std::pair is a struct of two members (its bases are empty); the other
  // std:: classes but containers (flattenParam) are not supported yet.
  StdClass sc = stdClassOf(rd);
  if (sc != StdClass::None && sc != StdClass::Pair) {
    stdClassError(loc,
                  up.result ? "the result of '" + fn.name + "'"
                            : "'" + up.name + "'",
                  ast().getCanonicalTagType(rd));
    return false;
  }
  // Bases: their members are the object's (fieldsOf); virtual functions
  // are fine as long as none is called (LowerCall.cpp refuses that).
  if (sc != StdClass::Pair && !plainBases(rd)) {
    error(loc, Diag::RecordBases, {recordName(rd), "'" + up.name + "'"});
    return false;
  }
  if (sc == StdClass::Pair)
    cx.stdHeaders.insert("utility");
  else if (std::find(cx.signatureTypes.begin(), cx.signatureTypes.end(), rd) ==
           cx.signatureTypes.end()) {
    if (const auto *cr = dyn_cast<CXXRecordDecl>(rd)) // bases first
      for (const CXXBaseSpecifier &bs : cr->bases())
        if (const RecordDecl *base = recordOf(bs.getType());
            base && !signatureRecord(base, up, loc))
          return false;
    for (const FieldDecl *fd : rd->fields())
      if (const RecordDecl *inner = recordOf(fd->getType());
          inner && stdClassOf(inner) == StdClass::None &&
          std::find(cx.signatureTypes.begin(), cx.signatureTypes.end(),
                    inner) == cx.signatureTypes.end())
        cx.signatureTypes.push_back(inner);
    cx.signatureTypes.push_back(rd);
  }
  return true;
}

bool Lowerer::flattenParam(const RecordDecl *rd, Object &obj, UserParam &up,
                           std::vector<std::string> path, Passing passing,
                           SourceLocation loc) {
  if (!signatureRecord(rd, up, loc))
    return false;
  for (const FieldDecl *fd : fieldsOf(rd)) {
    std::string member = fd->getNameAsString();
    std::vector<std::string> p = path;
    p.push_back(member);
    QualType ft = fd->getType();
    if (StdClass k = stdClassOf(ft); k == StdClass::Array ||
                                      k == StdClass::Vector ||
                                      k == StdClass::Complex) {
      Object &o = obj.objects[member];
      if (!(k == StdClass::Complex
                ? complexLeaves(ft, o, up, p, passing, loc, up.name + joined(p))
                : containerLeaves(ft, o, up, p, passing, loc,
                                  up.name + joined(p))))
        return false;
      continue;
    }
    if (const RecordDecl *inner = recordOf(ft)) {
      if (stdClassOf(inner) == StdClass::Other && holdsNoFloat(ft)) {
        stdHeadersOf(ft, cx.stdHeaders); // a std::string name: passive
        continue;
      }
      Object &o = obj.objects[member];
      o.record = inner;
      o.byValue = obj.byValue;
      if (!flattenParam(inner, o, up, p, passing, loc))
        return false;
      continue;
    }
    // A pointer member the function never names, that no code reads, or
    // one of its result: as a local's (declareMembers), dropped.
    if (ft->isPointerType() && (up.result || !namesMember(lowering, fd) ||
                                !memberRead(cx, fd))) {
      obj.nulls.insert(member);
      continue;
    }
    if (!memberLeaf(fd, obj, up, p, passing, loc))
      return false;
  }
  return true;
}

bool Lowerer::memberLeaf(const FieldDecl *fd, Object &obj, UserParam &up,
                         const std::vector<std::string> &p, Passing passing,
                         SourceLocation loc) {
  std::string member = fd->getNameAsString();
  QualType ft = fd->getType();
  {
    std::string leafName = uniqueName(up.name + joined(p));
    std::vector<int64_t> dims;
    QualType elem = ft;
    bool isArray = false, isPointer = false;
    if (const auto *at = ast().getAsConstantArrayType(ft)) {
      elem = arrayShape(ast(), at, dims);
      isArray = true;
    } else if (const auto *pt = ft->getAs<PointerType>()) {
      elem = pt->getPointeeType();
      isPointer = true;
    }
    std::optional<Type> t;
    if (elem->isArithmeticType() || elem->isEnumeralType())
      t = typeOf(elem, fd, loc);
    if (!t || *t == Type::Void) {
      if (!failed)
        error(loc, Diag::MemberType,
              {member, fd->getParent()->getNameAsString(), ft.getAsString()});
      return false;
    }
    Param prm;
    if (isArray || isPointer || writable(passing)) {
      Array *a = fn.newArray(leafName, *t);
      a->spelled = dotted(up.name, p);
      a->size = isPointer ? a->size : 1;
      for (int64_t d : dims)
        a->size *= d;
      if (dims.size() > 1)
        a->dims = dims;
      a->isConst = isArray   ? !writable(passing) || elem.isConstQualified()
                   : isPointer ? elem.isConstQualified()
                               : false;
      a->scalarOut = !isArray && !isPointer;
      a->paramIndex = static_cast<int>(fn.params.size());
      obj.arrays[member] = a;
      prm.arr = a;
    } else {
      Var *v = fn.newVar(leafName, *t);
      v->paramIndex = static_cast<int>(fn.params.size());
      obj.vars[member] = v;
      prm.var = v;
    }
    up.leaves.push_back({static_cast<int>(fn.params.size()), p});
    fn.params.push_back(prm);
  }
  return true;
}

Lowerer::Object *Lowerer::objectOf(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
    if (const auto *vd = dyn_cast<VarDecl>(dr->getDecl())) {
      if (vd->hasGlobalStorage() && !vd->isStaticLocal() &&
          recordOf(vd->getType()))
        return globalObject(vd, dr->getLocation()); // LowerGlobals.cpp
      auto it = objects.find(vd);
      if (it != objects.end())
        return &it->second;
    }
  } else if (const auto *me = dyn_cast<MemberExpr>(e)) {
    Object *parent = objectOf(me->getBase());
    if (!parent)
      return nullptr;
    auto it = parent->objects.find(me->getMemberDecl()->getNameAsString());
    if (it != parent->objects.end())
      return &it->second;
  } else if (isa<ArraySubscriptExpr>(e)) {
    return elementObject(e); // pts[k] (LowerStructArray.cpp)
  } else if (const auto *bo = dyn_cast<BinaryOperator>(e);
             bo && bo->getType()->isPointerType() &&
             (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub)) {
    return elementObject(e); // pts + k
  } else if (const auto *u = dyn_cast<UnaryOperator>(e)) {
    // *p, and &s passed to a `S *` parameter; *pts is pts[0].
    if (u->getOpcode() == UO_Deref) {
      Object *o = objectOf(u->getSubExpr());
      // (a moving pointer's element where it points now)
      return o && o->elements && (!o->element || o->cursor)
                 ? elementOf(*o, b.constant(0, Type::Long))
                 : o;
    }
    if (u->getOpcode() == UO_AddrOf)
      return objectOf(u->getSubExpr());
  } else if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) {
    return objectOf(mt->getSubExpr());
  } else if (const auto *da = dyn_cast<CXXDefaultArgExpr>(e)) {
    return objectOf(da->getExpr()); // `std::optional<int> k = std::nullopt`
  } else if (Object *opt = optionalTemporary(e)) {
    return opt;
  } else if (isa<CXXThisExpr>(e)) {
    auto it = objects.find(nullptr);
    if (it != objects.end())
      return &it->second;
  } else if (auto el = isa<CXXOperatorCallExpr, CXXMemberCallExpr>(e)
                           ? containerElement(e)
                           : std::nullopt) {
    return *el; // ps[i], ps.front(), ps.data() (LowerStructVector.cpp)
  } else if (const auto *call = dyn_cast<CallExpr>(e);
             call && call->getType()->isRecordType()) {
    return temporaryOf(call);
  } else if (const auto *bt = dyn_cast<CXXBindTemporaryExpr>(e)) {
    return objectOf(bt->getSubExpr());
  } else if (const auto *fc = dyn_cast<CXXFunctionalCastExpr>(e)) {
    return objectOf(fc->getSubExpr()); // `S(x)`: a constructor call
  } else if (const auto *ce = dyn_cast<CXXConstructExpr>(e);
             ce && userConstructor(ce)) {
    return constructedTemporary(ce); // `Vec(x, y, z)` (LowerConstructor.cpp)
  } else if (isa<InitListExpr>(e) && e->getType()->isRecordType()) {
    return constructedTemporary(e); // `S{a, b}` passed or returned
  } else if (const auto *ce = dyn_cast<CXXConstructExpr>(e);
             ce && ce->getNumArgs() == 1 &&
             ce->getConstructor()->isCopyOrMoveConstructor() &&
             ce->getConstructor()->isTrivial()) {
    return objectOf(ce->getArg(0)); // a struct passed by value
  }
  if (!failed)
    error(e->getExprLoc(), Diag::Construct,
          {"the struct expression '" + sourceText(e) + "'",
           "name a struct parameter or local variable, or a member of one"});
  return nullptr;
}

} // namespace adgen
