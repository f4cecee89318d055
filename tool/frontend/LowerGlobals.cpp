// Reads of mutable global arrays and structs (SPEC §5: reading mutable
// globals, inactive): `double g[8];` and `Complex c(7, 9);` at file scope.
// Their IR arrays and variables are `global`: qualified names (`::g`,
// `::c.re`, `::c.w`) that generated code reads directly, declared `extern`
// once from their root (codegen/EmitGlobals.cpp). Writes to them are
// refused (writableTarget, globalWrittenByCall).
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"

namespace adgen {

using namespace clang;

/// Whether another translation unit (the generated file) can name vd.
static bool reachable(const VarDecl *vd) {
  return vd->hasExternalFormalLinkage() &&
         !vd->getType().isVolatileQualified() &&
         vd->getDeclContext()->getRedeclContext()->isFileContext();
}

/// Re-running a checkpointed loop's body must see the same values: as for
/// scalars (globalRead), a mutable global read there is refused.
Array *Lowerer::globalArray(const VarDecl *vd, SourceLocation use) {
  const auto *at = ast().getAsConstantArrayType(vd->getType());
  if (!at || !reachable(vd))
    return nullptr;
  if (cx.checkpoint) {
    error(use, Diag::GlobalRead, {vd->getName()});
    return nullptr;
  }
  if (auto it = arrays.find(vd); it != arrays.end())
    return it->second;
  if (ast().getAsConstantArrayType(at->getElementType())) {
    error(
        use, Diag::Construct,
        {"reading the mutable global 2-D array '" + vd->getNameAsString() + "'",
         "make it const, or pass it as a parameter"});
    return nullptr;
  }
  auto t = typeOf(at->getElementType(), vd, use);
  if (!t)
    return nullptr;
  int64_t n = at->getSize().getSExtValue();
  Array *a = fn.newArray("::" + vd->getQualifiedNameAsString(), *t);
  a->global = true;
  a->isConst = true;
  a->size = n;
  a->spelled = vd->getNameAsString();
  a->root = {a->name,
             std::string(typeName(*t)) + " " + vd->getNameAsString() + "[" +
                 std::to_string(n) + "]",
             false};
  arrays[vd] = a;
  cx.globalReads.insert(vd);
  return a;
}

bool Lowerer::globalMembers(const RecordDecl *rd, Object &obj,
                            const std::string &prefix, const GlobalRoot &root,
                            SourceLocation use) {
  for (const FieldDecl *fd : fieldsOf(rd)) {
    std::string member = fd->getNameAsString(), name = prefix + "." + member;
    QualType ft = fd->getType();
    if (const RecordDecl *inner = recordOf(ft);
        inner && stdClassOf(inner) == StdClass::None) {
      Object &o = obj.objects[member];
      o.record = inner;
      if (!globalMembers(inner, o, name, root, use))
        return false;
      continue;
    }
    if (ft->isPointerType()) {
      obj.nulls.insert(member); // a read of it is refused there
      continue;
    }
    const auto *at = ast().getAsConstantArrayType(ft);
    QualType elem = at ? at->getElementType() : ft;
    std::optional<Type> t;
    if ((elem->isArithmeticType() || elem->isEnumeralType()) &&
        !ast().getAsConstantArrayType(elem))
      t = typeOf(elem, fd, use);
    if (!t || *t == Type::Void) {
      if (!failed)
        error(use, Diag::MemberType,
              {member, recordName(rd), ft.getAsString()});
      return false;
    }
    if (at) {
      Array *a = fn.newArray(name, *t);
      a->global = true;
      a->isConst = true;
      a->size = at->getSize().getSExtValue();
      a->spelled = name.substr(2);
      a->root = root;
      obj.arrays[member] = a;
    } else {
      Var *v = fn.newVar(name, *t);
      v->global = true;
      v->root = root;
      obj.vars[member] = v;
    }
  }
  return true;
}

Lowerer::Object *Lowerer::globalObject(const VarDecl *vd, SourceLocation use) {
  const RecordDecl *rd = recordOf(vd->getType());
  if (rd && !reachable(vd) && vd->getType().isConstQualified() &&
      !cx.checkpoint) { // internal linkage: no other file can name it
    error(use, Diag::Construct,
          {"reading the const global struct '" + vd->getNameAsString() +
               "', which other files cannot name",
           "declare it 'extern const' (or non-const), or pass it as a "
           "parameter"});
    return nullptr;
  }
  if (!rd || stdClassOf(rd) != StdClass::None || !reachable(vd) ||
      cx.checkpoint) {
    error(use, Diag::GlobalRead, {vd->getName()});
    return nullptr;
  }
  if (auto it = objects.find(vd); it != objects.end())
    return &it->second;
  UserParam up;
  up.name = vd->getNameAsString();
  if (!signatureRecord(rd, up, use)) // its definition goes into the output
    return nullptr;
  std::string name = "::" + vd->getQualifiedNameAsString();
  GlobalRoot root{name, recordSpelling(rd) + " " + vd->getNameAsString(), true};
  Object &obj = objects[vd];
  obj.record = rd;
  if (!globalMembers(rd, obj, name, root, use)) {
    objects.erase(vd);
    return nullptr;
  }
  cx.globalReads.insert(vd);
  return &obj;
}

bool Lowerer::globalWrittenByCall(const Function *g,
                                  const std::vector<Array *> &arrs,
                                  const std::vector<int> &order,
                                  SourceLocation loc) {
  std::set<std::pair<const Function *, const Array *>> seen; // recursion
  std::function<bool(const Function &, const Array *)> writes =
      [&](const Function &f, const Array *a) {
        bool w = false;
        if (!seen.insert({&f, a}).second)
          return w;
        walk(f.body, [&](const Op &o) {
          if (o.kind == OpKind::Store && o.arr == a)
            w = true;
          if (o.kind != OpKind::Call || !o.callee || w)
            return;
          for (size_t j = 0; j < o.argOrder.size(); ++j)
            if (int k = o.argOrder[j];
                k < 0 && o.arrays[~k] == a && o.callee->params[j].arr &&
                writes(*o.callee, o.callee->params[j].arr))
              w = true;
        });
        return w;
      };
  for (size_t j = 0; j < order.size() && j < g->params.size(); ++j)
    if (int k = order[j]; k < 0 && arrs[~k]->global && g->params[j].arr &&
                          writes(*g, g->params[j].arr)) {
      error(loc, Diag::GlobalWrite, {shown(arrs[~k])});
      return true;
    }
  return false;
}

} // namespace adgen
