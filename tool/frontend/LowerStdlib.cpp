// The std:: classes of SPEC §5. A std::array or std::vector parameter (or
// struct member) is an object of one or two leaves (ir/Signature.h): its
// data array, path `data()`, and for a vector its size, path `size()`, a
// passive integer; the wrapper passes `v.data()`, `v.size()` and
// `v_bar->data()`. Element access, size(), empty() and data() read them; a
// call that would resize a vector is refused. std::pair is a struct of
// `first` and `second`; std::get<I> names one of them.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace adgen {

using namespace clang;

StdClass stdClassOf(const RecordDecl *rd) {
  const auto *cr = dyn_cast_or_null<CXXRecordDecl>(rd);
  if (!cr)
    return StdClass::None;
  const SourceManager &sm = cr->getASTContext().getSourceManager();
  bool system = sm.isInSystemHeader(cr->getLocation());
  if (!cr->isInStdNamespace() || !isa<ClassTemplateSpecializationDecl>(cr))
    return system ? StdClass::Other : StdClass::None;
  llvm::StringRef n = cr->getName();
  if (n == "array")
    return StdClass::Array;
  if (n == "vector")
    return StdClass::Vector;
  if (n == "pair")
    return StdClass::Pair;
  if (n == "tuple")
    return StdClass::Tuple;
  if (n == "complex")
    return StdClass::Complex;
  if (n == "optional")
    return StdClass::Optional;
  return StdClass::Other;
}

StdClass stdClassOf(QualType t) {
  if (t.isNull())
    return StdClass::None;
  t = t.getNonReferenceType();
  return stdClassOf(t.getCanonicalType()->getAsRecordDecl());
}

static const ClassTemplateSpecializationDecl *specOf(QualType t) {
  return dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      t.getNonReferenceType().getCanonicalType()->getAsRecordDecl());
}

/// A type as a message shows it: `bool`, `std::vector<double>`.
static std::string shown(QualType t, const ASTContext &ast) {
  if (stdClassOf(t) != StdClass::None)
    return stdSpelling(t);
  PrintingPolicy pp(ast.getLangOpts());
  pp.SuppressTagKeyword = true;
  return t.getAsString(pp);
}

static bool isString(const ClassTemplateSpecializationDecl *spec) {
  return spec && spec->isInStdNamespace() && spec->getName() == "basic_string" &&
         spec->getTemplateArgs()[0].getAsType()->isCharType();
}

std::string stdSpelling(QualType t) {
  const auto *spec = specOf(t);
  if (!spec)
    return t.getAsString();
  if (isString(spec))
    return "std::string";
  PrintingPolicy pp(spec->getASTContext().getLangOpts());
  pp.SuppressTagKeyword = true;
  std::vector<std::string> args;
  auto add = [&](const TemplateArgument &a) {
    if (a.getKind() == TemplateArgument::Type)
      args.push_back(isString(specOf(a.getAsType()))
                         ? "std::string"
                         : a.getAsType().getCanonicalType().getAsString(pp));
    else if (a.getKind() == TemplateArgument::Integral)
      args.push_back(llvm::toString(a.getAsIntegral(), 10));
  };
  const TemplateArgumentList &list = spec->getTemplateArgs();
  // A vector's allocator is the default one (std::allocator<T>).
  unsigned n = stdClassOf(spec) == StdClass::Vector ? 1 : list.size();
  for (unsigned i = 0; i < n; ++i) {
    if (list[i].getKind() == TemplateArgument::Pack)
      for (const TemplateArgument &p : list[i].pack_elements())
        add(p);
    else
      add(list[i]);
  }
  std::string s = "std::" + spec->getName().str() + "<";
  for (size_t i = 0; i < args.size(); ++i)
    s += (i ? ", " : "") + args[i];
  return s + ">";
}

void containerSizes(const Function &f, std::map<std::string, Extent> &sizes) {
  for (const UserParam &up : f.signature)
    for (size_t k = 0; k + 1 < up.leaves.size(); ++k) {
      const Leaf &data = up.leaves[k], &size = up.leaves[k + 1];
      if (data.path.empty() || data.path.back() != "data()" ||
          size.path.empty() || size.path.back() != "size()")
        continue;
      const Array *a = f.params[data.param].arr;
      const Var *n = f.params[size.param].var;
      if (!a || !n || sizes.count(a->name))
        continue;
      auto e = std::make_shared<ExtentExpr>();
      e->kind = ExtentExpr::Name;
      e->name = n->name;
      sizes[a->name] = e;
    }
}

std::string stdIncludes(const std::set<std::string> &headers) {
  std::string s;
  for (const std::string &h : headers)
    s += "#include <" + h + ">\n";
  return s.empty() ? s : "\n" + s;
}

void Lowerer::stdClassError(SourceLocation loc, const std::string &who,
                            QualType t) {
  if (failed)
    return;
  std::string hint;
  switch (stdClassOf(t)) {
  case StdClass::Tuple:
    hint = "use a std::pair or a struct of the values (p.first, s.x)";
    break;
  case StdClass::Complex:
    hint = "hold the real and imaginary parts as doubles (or a struct of "
           "two doubles) and write the arithmetic on them";
    break;
  case StdClass::Array:
  case StdClass::Vector:
    hint = "pass the " + stdSpelling(t) +
           " as a parameter by reference and write into it";
    break;
  default:
    hint = "use std::vector, std::array or std::pair of double, float or "
           "integers, or a struct of those";
    break;
  }
  error(loc, Diag::StdClass, {who, stdSpelling(t), hint});
}

bool Lowerer::containerLeaves(QualType t, Object &obj, UserParam &up,
                              std::vector<std::string> path, Passing passing,
                              SourceLocation loc, const std::string &base) {
  const auto *spec = specOf(t);
  StdClass k = stdClassOf(spec);
  QualType elem = spec->getTemplateArgs()[0].getAsType();
  if (const RecordDecl *er = recordOf(elem);
      er && stdClassOf(er) == StdClass::None && er->getDefinition())
    return structContainerLeaves(t, er->getDefinition(), obj, up, path,
                                 passing, loc, base);
  // A std::vector of std::vectors (or a std::vector or std::array of
  // std::arrays) of scalars: rows (LowerJagged.cpp).
  StdClass rk = stdClassOf(elem);
  bool rows = (rk == StdClass::Vector && k == StdClass::Vector) ||
              rk == StdClass::Array;
  rows = rows && specOf(elem)->getTemplateArgs()[0].getAsType()->isArithmeticType();
  int64_t rowLength =
      rows && rk == StdClass::Array
          ? specOf(elem)->getTemplateArgs()[1].getAsIntegral().getSExtValue()
          : 0;
  if (rows)
    elem = specOf(elem)->getTemplateArgs()[0].getAsType();
  std::optional<Type> et;
  if (elem->isArithmeticType() || elem->isEnumeralType())
    et = typeOf(elem, nullptr, loc);
  else if (k == StdClass::Vector && !rows && holdsNoFloat(elem)) {
    // `std::vector<std::string>` of names: passive, only its size().
    cx.stdHeaders.insert("vector");
    stdHeadersOf(elem, cx.stdHeaders);
    obj.record = spec;
    obj.opaque = true;
    sizeLeaf(obj, up, path, base);
    return true;
  }
  if (!et || *et == Type::Void || (k == StdClass::Vector && *et == Type::Bool)) {
    if (!failed)
      error(loc, Diag::StdElementType,
            {"'" + up.name + "' (" + stdSpelling(t) + ")", shown(elem, ast())});
    return false;
  }
  cx.stdHeaders.insert(k == StdClass::Array ? "array" : "vector");
  if (rowLength)
    cx.stdHeaders.insert("array");
  obj.record = spec;
  obj.byValue = passing == Passing::Value;
  Array *a = fn.newArray(uniqueName(base), *et);
  a->jagged = rows;
  a->rowVector = rows && !rowLength;
  a->rowArray = rowLength;
  a->spelled = dotted(up.name, path);
  a->isConst = !writable(passing) || t.getNonReferenceType().isConstQualified();
  a->paramIndex = static_cast<int>(fn.params.size());
  obj.arrays["data()"] = a;
  if (k == StdClass::Array && !rows) {
    a->size = spec->getTemplateArgs()[1].getAsIntegral().getSExtValue();
    // Its one member, so that copies of it go element by element.
    for (const FieldDecl *fd : spec->fields())
      obj.arrays[fd->getNameAsString()] = a;
  }
  path.push_back("data()");
  up.leaves.push_back({static_cast<int>(fn.params.size()), path});
  Param p;
  p.arr = a;
  fn.params.push_back(p);
  path.pop_back();
  if (k == StdClass::Vector)
    sizeLeaf(obj, up, path, base);
  return true;
}

void Lowerer::sizeLeaf(Object &obj, UserParam &up,
                       std::vector<std::string> path, const std::string &base) {
  Var *n = fn.newVar(uniqueName(base + "_size"), Type::ULong);
  n->paramIndex = static_cast<int>(fn.params.size());
  obj.vars["size()"] = n;
  path.push_back("size()");
  up.leaves.push_back({static_cast<int>(fn.params.size()), path});
  Param s;
  s.var = n;
  fn.params.push_back(s);
}

/// The object of a member call, through a pointer (`p->size()`) too.
static QualType objectType(const Expr *obj) {
  QualType t = obj->getType();
  if (const auto *pt = t->getAs<PointerType>())
    return pt->getPointeeType();
  return t;
}

static bool isContainer(QualType t) {
  StdClass k = stdClassOf(t);
  return k == StdClass::Array || k == StdClass::Vector;
}

Array *Lowerer::containerArray(const Expr *e, bool &handled) {
  const Expr *s = e->IgnoreParenImpCasts();
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(s);
      mc && mc->getMethodDecl() && mc->getMethodDecl()->getIdentifier() &&
      mc->getMethodDecl()->getName() == "data" &&
      isContainer(objectType(mc->getImplicitObjectArgument())))
    s = mc->getImplicitObjectArgument()->IgnoreParenImpCasts();
  handled = isContainer(objectType(s));
  if (!handled)
    return nullptr;
  if (std::optional<PointerRef> row; jaggedRow(s, row)) {
    if (row)
      error(e->getExprLoc(), Diag::Construct,
            {"using the row '" + sourceText(s) + "' of '" + shown(row->arr) +
                 "' as a whole array",
             "index it (" + sourceText(s) + "[j]), take its size(), or loop "
             "over it (for (double v : " + sourceText(s) + "))"});
    return nullptr;
  }
  Object *o = objectOf(s);
  if (!o)
    return nullptr;
  if (auto it = o->arrays.find("data()"); it != o->arrays.end())
    return it->second;
  // A local std::array: its one member array.
  if (o->arrays.size() == 1)
    return o->arrays.begin()->second;
  if (o->opaque && !failed)
    error(e->getExprLoc(), Diag::Construct,
          {"reading the elements of '" + sourceText(s) + "' (" +
               stdSpelling(s->getType()) +
               ", which holds no floating-point value)",
           "adgen reads only its size(); pass what the elements give as "
           "integers (a std::vector<int> of lengths or indices)"});
  else if (!failed)
    error(e->getExprLoc(), Diag::Allocation, {"a local " + stdSpelling(s->getType())});
  return nullptr;
}

Op *Lowerer::containerCount(const Expr *e) {
  if (std::optional<PointerRef> row; jaggedRow(e, row)) // m[i].size()
    return row ? rowSize(*row) : nullptr;
  QualType t = objectType(e);
  if (stdClassOf(t) == StdClass::Array)
    return b.constant(
        static_cast<double>(
            specOf(t)->getTemplateArgs()[1].getAsIntegral().getSExtValue()),
        Type::ULong);
  Object *o = objectOf(e);
  if (!o)
    return nullptr;
  auto it = o->vars.find("size()");
  if (it == o->vars.end()) {
    if (!failed)
      error(e->getExprLoc(), Diag::Allocation, {"a local " + stdSpelling(t)});
    return nullptr;
  }
  return b.readVar(it->second);
}

/// The name of a member call's method ("" for none, "operator[]").
static std::string methodName(const CXXMemberCallExpr *mc) {
  const CXXMethodDecl *md = mc->getMethodDecl();
  if (!md)
    return "";
  if (md->getOverloadedOperator() == OO_Subscript)
    return "operator[]";
  return md->getIdentifier() ? md->getName().str() : "";
}

/// `std::get<I>(p)` on a pair: I, else -1.
static int pairGet(const CallExpr *ce) {
  const FunctionDecl *fd = ce->getDirectCallee();
  if (!fd || !fd->isInStdNamespace() || !fd->getIdentifier() ||
      fd->getName() != "get" || ce->getNumArgs() != 1 ||
      stdClassOf(ce->getArg(0)->getType()) != StdClass::Pair)
    return -1;
  const TemplateArgumentList *ta = fd->getTemplateSpecializationArgs();
  if (!ta || ta->size() == 0 || ta->get(0).getKind() != TemplateArgument::Integral)
    return -1;
  return static_cast<int>(ta->get(0).getAsIntegral().getSExtValue());
}

bool Lowerer::stdElement(const Expr *e, std::optional<LValue> &out) {
  const auto *ce = dyn_cast<CallExpr>(e->IgnoreParens());
  if (!ce)
    return false;
  out = std::nullopt;
  if (int k = pairGet(ce); k >= 0) {
    Object *o = objectOf(ce->getArg(0));
    if (!o)
      return true;
    std::string n = k == 0 ? "first" : "second";
    if (auto v = o->vars.find(n); v != o->vars.end())
      out = LValue{v->second, nullptr, nullptr};
    else if (auto a = o->arrays.find(n); a != o->arrays.end())
      out = LValue{nullptr, a->second, b.constant(0, Type::Int)};
    return true;
  }
  const Expr *obj = nullptr, *idx = nullptr;
  std::string n;
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(ce);
      oc && oc->getOperator() == OO_Subscript && oc->getNumArgs() == 2) {
    obj = oc->getArg(0);
    idx = oc->getArg(1);
  } else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(ce)) {
    n = methodName(mc);
    if (n != "operator[]" && n != "at" && n != "front" && n != "back")
      return false;
    obj = mc->getImplicitObjectArgument();
    idx = mc->getNumArgs() == 1 ? mc->getArg(0) : nullptr;
  }
  if (!obj || !isContainer(objectType(obj)))
    return false;
  std::optional<PointerRef> row; // m[i][j], r[j] of a row (LowerJagged.cpp)
  bool handled = false;
  Array *a = jaggedRow(obj, row) ? (row ? row->arr : nullptr)
                                 : containerArray(obj, handled);
  if (!a)
    return true;
  Op *i = nullptr;
  // `v[i]` with an int i: indexed by i itself, not by its size_t copy.
  if (const auto *ic = dyn_cast_or_null<ImplicitCastExpr>(idx);
      ic && ic->getCastKind() == CK_IntegralCast &&
      ic->getSubExpr()->getType()->isIntegerType())
    idx = ic->getSubExpr();
  if (idx) {
    i = expr(idx);
    if (i && !isInteger(i->type))
      i = b.cast(i, Type::Long);
  } else if (n == "back") { // (a row's index is lowered once: rowSize)
    Op *count = row ? rowSize(*row) : containerCount(obj);
    i = count ? b.binary(OpKind::Sub, count, b.constant(1, count->type))
              : nullptr;
  } else {
    i = b.constant(0, Type::Int);
  }
  if (i)
    out = LValue{nullptr, a, i, row ? row->row : nullptr};
  return true;
}

/// Vector members that change its size (or may move its data).
static bool resizes(const std::string &n) {
  for (const char *r : {"push_back", "emplace_back", "pop_back", "resize",
                        "assign", "insert", "emplace", "erase", "clear",
                        "reserve", "shrink_to_fit", "swap", "operator="})
    if (n == r)
      return true;
  return false;
}

std::optional<Op *> Lowerer::stdCall(const CallExpr *e) {
  if (std::optional<Op *> c = complexCall(e)) // LowerComplex.cpp
    return c;
  if (std::optional<Op *> c = optionalCall(e)) // LowerOptional.cpp
    return c;
  std::optional<LValue> lv;
  if (stdElement(e, lv))
    return lv ? read(*lv) : nullptr;
  const Expr *obj = nullptr;
  std::string n;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    obj = mc->getImplicitObjectArgument();
    n = methodName(mc);
  } else if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
             oc && oc->getNumArgs() >= 1 && oc->getDirectCallee() &&
             isa<CXXMethodDecl>(oc->getDirectCallee())) {
    obj = oc->getArg(0);
    n = oc->getDirectCallee()->getNameAsString();
  }
  if (!obj)
    return std::nullopt;
  if (Array *list = initializerList(obj); list && n == "size")
    return b.constant(static_cast<double>(list->size), Type::ULong);
  QualType t = objectType(obj);
  StdClass k = stdClassOf(t);
  if (k == StdClass::None)
    return std::nullopt;
  auto loc = e->getExprLoc();
  // `*v.begin()`: the call that made the iterator is the one to name.
  if (const auto *inner = dyn_cast<CallExpr>(obj->IgnoreImplicit());
      inner && k == StdClass::Other && stdCall(inner))
    return nullptr;
  if (k == StdClass::Pair && n == "operator=" && e->getNumArgs() == 2 &&
      stdClassOf(e->getArg(1)->getType()) == StdClass::Pair)
    return objectAssign(cast<CXXOperatorCallExpr>(e));
  if (isContainer(t) && (n == "size" || n == "empty")) {
    Op *count = containerCount(obj);
    if (!count)
      return nullptr;
    if (n == "empty")
      return b.binary(OpKind::Eq, count, b.constant(0, count->type));
    auto rt = typeOf(e->getType(), nullptr, loc);
    return rt ? b.cast(count, *rt) : nullptr;
  }
  if (k == StdClass::Vector && resizes(n)) {
    error(loc, Diag::VectorResize, {n, sourceText(obj)});
    return nullptr;
  }
  if (holdsNoFloat(t)) {
    error(loc, Diag::Construct,
          {"'" + (n.empty() ? sourceText(e) : n + "()") + "' on '" +
               sourceText(obj) + "' (" + stdSpelling(t) +
               ", which holds no floating-point value)",
           "adgen keeps calls whose arguments are numbers; pass what it "
           "gives as an integer parameter"});
    return nullptr;
  }
  error(loc, Diag::StdMember,
        {n.empty() ? sourceText(e) : n + "()",
         "'" + sourceText(obj) + "' (" + stdSpelling(t) + ")"});
  return nullptr;
}

} // namespace adgen
