#include "frontend/Lowerer.h"
#include "frontend/Template.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

namespace adgen {

void Lowerer::error(clang::SourceLocation loc, Diag d,
                    std::initializer_list<llvm::StringRef> args) {
  failed = true;
  if (!cx.checkpoint) {
    report(cx.diags, loc, d, args);
    return;
  }
  // Inside a checkpointed loop: say why the construct breaks re-running it.
  switch (d) {
  case Diag::UnknownCall: d = Diag::UnknownCallInCheckpoint; break;
  case Diag::GlobalWrite: d = Diag::GlobalWriteInCheckpoint; break;
  case Diag::GlobalRead: d = Diag::GlobalReadInCheckpoint; break;
  case Diag::RandomInCheckpoint:
  case Diag::IOInCheckpoint:
  case Diag::ClockInCheckpoint:
  case Diag::UnknownCallInCheckpoint:
  case Diag::GlobalWriteInCheckpoint:
  case Diag::GlobalReadInCheckpoint: break;
  default:
    report(cx.diags, loc, d, args);
    return;
  }
  report(cx.diags, loc, d, args);
  // The calls that led here from the loop, innermost first, then the loop.
  const auto &calls = cx.checkpoint->calls;
  for (auto it = calls.rbegin(); it != calls.rend(); ++it)
    note(cx.diags, it->second,
         "'%0' is called here, inside the checkpointed loop", {it->first});
  note(cx.diags, cx.checkpoint->directive, "the loop checkpointed here");
}

Diag Lowerer::impureCallDiag(const clang::FunctionDecl *callee) {
  static const char *const random[] = {
      "rand",    "random",  "drand48", "erand48",  "lrand48",
      "nrand48", "mrand48", "jrand48", "srand",    "srandom",
      "srand48", "seed48",  "lcong48", "rand_r",   "random_r",
      "srandom_r", "drand48_r", "arc4random", "arc4random_uniform",
      "getrandom", "getentropy"};
  static const char *const io[] = {
      "printf",  "fprintf", "vprintf", "vfprintf", "dprintf",  "puts",
      "fputs",   "putchar", "putc",    "fputc",    "putwchar", "wprintf",
      "fwprintf", "perror", "scanf",   "fscanf",   "vscanf",   "vfscanf",
      "wscanf",  "getchar", "getc",    "fgetc",    "fgets",    "gets",
      "ungetc",  "fopen",   "fclose",  "freopen",  "fread",    "fwrite",
      "fflush",  "fseek",   "ftell",   "rewind",   "remove",   "rename",
      "tmpfile", "open",    "close",   "read",     "write",    "system",
      "getenv",  "getline", "sprintf", "snprintf", "sscanf"};
  static const char *const clock[] = {"time", "clock", "gettimeofday",
                                      "clock_gettime", "timespec_get"};
  auto in = [](llvm::StringRef n, const auto &list) {
    for (const char *x : list)
      if (n == x)
        return true;
    return false;
  };
  if (!callee->getIdentifier()) {
    // operator<< / operator>> on streams.
    std::string q = callee->getQualifiedNameAsString();
    auto op = callee->getOverloadedOperator();
    if ((op == clang::OO_LessLess || op == clang::OO_GreaterGreater) &&
        llvm::StringRef(q).starts_with("std::"))
      return Diag::IOInCheckpoint;
    return Diag::UnknownCallInCheckpoint;
  }
  llvm::StringRef n = callee->getName();
  std::string q = callee->getQualifiedNameAsString();
  if (n == "now" && llvm::StringRef(q).starts_with("std::chrono::"))
    return Diag::ClockInCheckpoint; // std::chrono::*_clock::now()
  // The C library's names, as ::f or std::f; a user's own ns::read is just
  // a function adgen cannot see.
  const clang::DeclContext *dc = callee->getDeclContext()->getRedeclContext();
  bool library = dc->isTranslationUnit() ||
                 (dc->isStdNamespace() && !callee->isCXXClassMember());
  if (!library)
    return Diag::UnknownCallInCheckpoint;
  if (in(n, random))
    return Diag::RandomInCheckpoint;
  if (in(n, io))
    return Diag::IOInCheckpoint;
  if (in(n, clock))
    return Diag::ClockInCheckpoint;
  return Diag::UnknownCallInCheckpoint;
}

void Lowerer::setLoc(clang::SourceLocation loc) {
  here = loc;
  auto &sm = cx.ast.getSourceManager();
  auto pl = sm.getPresumedLoc(sm.getExpansionLoc(loc));
  if (pl.isValid())
    b.setLoc({pl.getLine(), pl.getColumn()});
}

std::string Lowerer::uniqueName(const std::string &base) {
  std::string n = base;
  for (int i = 1; usedNames.count(n); ++i)
    n = base + "_" + std::to_string(i);
  usedNames.insert(n);
  return n;
}

std::optional<Type> Lowerer::typeOf(clang::QualType qt,
                                    const clang::NamedDecl *d,
                                    clang::SourceLocation loc) {
  qt = qt.getCanonicalType();
  // An enum is its underlying integer type, in the body and in signatures
  // (the generated file does not see the enum's definition: an unscoped
  // enum argument converts to it implicitly, an enum class one through
  // static_cast).
  if (const auto *et = qt->getAs<clang::EnumType>())
    if (const auto *ed = et->getDecl()->getDefinition())
      qt = ed->getIntegerType().getCanonicalType();
  if (const auto *bt = qt->getAs<clang::BuiltinType>()) {
    switch (bt->getKind()) {
    case clang::BuiltinType::Double: return Type::Double;
    case clang::BuiltinType::Float: return Type::Float;
    case clang::BuiltinType::Bool: return Type::Bool;
    case clang::BuiltinType::LongDouble: return Type::LongDouble;
    case clang::BuiltinType::Char_S: case clang::BuiltinType::Char_U:
      return Type::Char;
    case clang::BuiltinType::SChar: return Type::SChar;
    case clang::BuiltinType::UChar: return Type::UChar;
    case clang::BuiltinType::Short: return Type::Short;
    case clang::BuiltinType::UShort: return Type::UShort;
    case clang::BuiltinType::Int: return Type::Int;
    case clang::BuiltinType::Long: return Type::Long;
    case clang::BuiltinType::LongLong: return Type::LongLong;
    case clang::BuiltinType::UInt: return Type::UInt;
    case clang::BuiltinType::ULong: return Type::ULong;
    case clang::BuiltinType::ULongLong: return Type::ULongLong;
    case clang::BuiltinType::Void: return Type::Void;
    default: break;
    }
  }
  // Name what has the type: 'x', an unnamed parameter, or an expression.
  std::string who = "this expression";
  if (const auto *pd = llvm::dyn_cast_or_null<clang::ParmVarDecl>(d);
      pd && pd->getName().empty())
    who = "unnamed parameter " + std::to_string(pd->getFunctionScopeIndex() + 1);
  else if (d)
    who = "'" + d->getNameAsString() + "'";
  const auto *rd = qt->getAsCXXRecordDecl();
  if (rd && rd->isLambda())
    error(loc, Diag::Construct,
          {"a copy of a lambda (a lambda stored or passed on)",
           "call the lambda by the name it is defined with, in the function "
           "that defines it"});
  else if (qt->isRecordType())
    error(loc, Diag::RecordType, {qt.getAsString(), who});
  else if (d && !d->getName().empty())
    error(loc, Diag::UnsupportedType, {qt.getAsString(), d->getName()});
  else
    error(loc, Diag::UnsupportedTypeOf, {qt.getAsString(), who});
  return std::nullopt;
}

Var *Lowerer::varFor(const clang::VarDecl *vd) {
  auto it = vars.find(vd);
  return it == vars.end() ? nullptr : it->second;
}

std::string namespaceOf(const clang::Decl *d) {
  std::string name;
  for (const clang::DeclContext *dc = d->getDeclContext(); dc;
       dc = dc->getParent())
    if (const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      name = ns->getNameAsString() + (name.empty() ? "" : "::" + name);
  return name;
}

bool Lowerer::lowerFunction(const clang::FunctionDecl *fd) {
  if (!lowerHeader(fd))
    return false;
  findAddressTaken(fd->getBody());
  findMovedPointers(fd->getBody());
  movedParams(fd);
  cellParams(fd);
  copyWrittenByValue(fd);
  if (const auto *cd = llvm::dyn_cast<clang::CXXConstructorDecl>(fd);
      cd && !memberInitializers(cd))
    return false;
  stmt(fd->getBody());
  // A non-void function must end in a return on every path; clang warns on
  // falling off the end, and the IR needs an explicit terminator.
  if (fn.retType == Type::Void &&
      (fn.body.ops.empty() || fn.body.ops.back()->kind != OpKind::Return))
    b.create(OpKind::Return, Type::Void);
  return !failed;
}

bool Lowerer::lowerHeader(const clang::FunctionDecl *fd) {
  auto loc = fd->getLocation();
  setLoc(loc);
  lowering = fd;
  fn.name = functionName(fd);
  fn.loc = b.currentLoc();
  // Namespace of the primal: generated functions live in it too.
  fn.nameSpace = namespaceOf(fd);
  const auto *md = llvm::dyn_cast<clang::CXXMethodDecl>(fd);
  // A constructor is a callee (LowerConstructor.cpp); Frontend.cpp refuses
  // a directive on one.
  if (md && (md->isVirtual() || llvm::isa<clang::CXXDestructorDecl>(md) ||
             llvm::isa<clang::CXXConversionDecl>(md))) {
    error(loc, md->isVirtual() ? Diag::VirtualMethod : Diag::SpecialMember,
          {fd->getNameAsString()});
    return false;
  }
  if (!fd->getIdentifier() && !fd->isOverloadedOperator() &&
      !llvm::isa<clang::CXXConstructorDecl>(fd)) { // a literal operator
    error(loc, Diag::Construct,
          {"differentiating '" + fd->getNameAsString() + "'",
           "write it as a function with a name and differentiate that"});
    return false;
  }
  // A function template's instantiation (SPEC §5): lowered as any function
  // (the pattern itself never is: Frontend.cpp takes its instantiations).
  fn.tmpl = templateInfoOf(fd, cx.ast);
  if (fd->isVariadic()) {
    error(loc, Diag::VariadicFunction, {fd->getNameAsString()});
    return false;
  }
  usedNames.insert(fn.name);
  if (md && !md->isStatic() && !selfParam(md))
    return false;
  if (!fd->getReturnType()->isRecordType()) {
    auto rt = typeOf(fd->getReturnType(), fd, loc);
    if (!rt)
      return false;
    fn.retType = *rt;
  }
  for (const clang::ParmVarDecl *pd : fd->parameters())
    lowerParam(pd);
  if (fd->getReturnType()->isRecordType() && !resultParam(fd)) {
    if (!failed)
      error(loc, Diag::Construct,
            {"returning '" +
                 fd->getReturnType().getUnqualifiedType().getAsString() +
                 "', whose definition adgen cannot see",
             "define the struct in this file or a header it includes"});
    return false;
  }
  if (failed)
    return false;
  // Parameters one for one: no signature of the user's to keep.
  if (std::none_of(fn.signature.begin(), fn.signature.end(),
                   [](const UserParam &up) {
                     return up.aggregate || up.passing != Passing::Value ||
                            up.rows;
                   }))
    fn.signature.clear();
  return true;
}

/// A parameter of the function being lowered, appended to its params
/// (nothing after an error).
void Lowerer::lowerParam(const clang::ParmVarDecl *pd) {
  // (objectParam takes every reference but a `T *&` never re-pointed.)
  clang::QualType qt = pd->getType().getNonReferenceType();
  auto ploc = pd->getLocation();
  std::string name = pd->getName().empty()
                         ? "arg" + std::to_string(fn.params.size())
                         : pd->getNameAsString();
  if (unusedParam(pd, name) || objectParam(pd, name))
    return;
  Param p;
  UserParam up;
  if (const auto *pt = qt->getAs<clang::PointerType>()) {
    clang::QualType elem = pt->getPointeeType();
    // `double A[3][3]`: a pointer to rows of 3, one flat array (rows of
    // rows are refused below as rows of an unsupported type).
    const auto *row = ast().getAsConstantArrayType(elem);
    const auto *whole = ast().getAsConstantArrayType(pd->getOriginalType());
    std::vector<int64_t> dims;
    if (row && !ast().getAsConstantArrayType(row->getElementType())) {
      dims = {whole ? whole->getSize().getSExtValue() : -1,
              row->getSize().getSExtValue()};
      elem = row->getElementType();
    }
    // `const double *const *rows`: rows of scalars (LowerJagged.cpp).
    bool jagged = dims.empty() && elem->isPointerType() &&
                  elem->getPointeeType()->isArithmeticType();
    if (jagged)
      elem = elem->getPointeeType();
    if (elem->isPointerType()) { // double ***p, rows of structs
      clang::QualType base = elem;
      while (base->isPointerType())
        base = base->getPointeeType();
      error(ploc, Diag::PointerToPointer,
            {name, qt.getAsString(), base.getAsString()});
      return;
    }
    if (elem->isFunctionType()) { // named as the parameter's own type
      error(ploc, Diag::UnsupportedType, {qt.getAsString(), name});
      return;
    }
    auto et = typeOf(elem, pd, ploc);
    if (!et || *et == Type::Void || *et == Type::Bool) {
      if (et)
        error(ploc, Diag::UnsupportedType, {qt.getAsString(), name});
      return;
    }
    p.arr = fn.newArray(uniqueName(name), *et);
    p.arr->isConst = elem.isConstQualified();
    p.arr->jagged = jagged;
    p.arr->paramIndex = static_cast<int>(fn.params.size());
    if (!dims.empty()) {
      p.arr->dims = dims;
      p.arr->size = dims[0] < 0 ? -1 : dims[0] * dims[1];
      up.rows = true;
      up.typeName = std::string("adgen::row<") + typeName(*et) + ", " +
                    std::to_string(dims[1]) + ">";
    }
    arrays[pd] = p.arr;
  } else {
    auto t = typeOf(qt, pd, ploc);
    if (!t || *t == Type::Void)
      return;
    p.var = fn.newVar(uniqueName(name), *t);
    p.var->paramIndex = static_cast<int>(fn.params.size());
    vars[pd] = p.var;
  }
  up.name = p.name();
  up.leaves.push_back({static_cast<int>(fn.params.size()), {}});
  fn.signature.push_back(up);
  fn.params.push_back(p);
}

/// A string: `const char *`, `const char s[]`, std::string (by value or
/// reference).
static bool stringType(clang::QualType t) {
  t = t.getNonReferenceType();
  if (const auto *pt = t->getAs<clang::PointerType>())
    return pt->getPointeeType()->isAnyCharacterType();
  const auto *rd = t->getAsCXXRecordDecl();
  return rd && rd->isInStdNamespace() && rd->getName() == "basic_string";
}

bool Lowerer::unusedParam(const clang::ParmVarDecl *pd, const std::string &name) {
  if (pd->isReferenced() || !stringType(pd->getType()))
    return false;
  // A string the body never names (a tag, a file name): the derivatives
  // take it as f does and pass it nowhere; calls pass nothing for it.
  clang::QualType t = pd->getType().getNonReferenceType();
  UserParam up;
  up.name = name;
  up.aggregate = true;
  up.passing = pd->getType()->isReferenceType()
                   ? (t.isConstQualified() ? Passing::ConstRef : Passing::Ref)
                   : Passing::Value;
  clang::PrintingPolicy pp(ast().getLangOpts());
  pp.SuppressTagKeyword = true;
  up.typeName = (up.passing == Passing::Value ? t : t.getUnqualifiedType())
                    .getAsString(pp);
  if (!t->isPointerType())
    cx.stdHeaders.insert("string");
  fn.signature.push_back(up);
  return true;
}

/// Literals and names, through conversions and the temporaries of a
/// std::string built from a literal: nothing to evaluate for its effects.
static bool effectFree(const clang::Stmt *s) {
  using namespace clang;
  if (!s)
    return true;
  if (!isa<StringLiteral, CharacterLiteral, IntegerLiteral, DeclRefExpr,
           ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
           CXXConstructExpr, CXXDefaultArgExpr, CXXNullPtrLiteralExpr,
           ParenExpr, CXXFunctionalCastExpr, ExprWithCleanups>(s))
    return false;
  if (const auto *da = dyn_cast<CXXDefaultArgExpr>(s))
    return effectFree(da->getExpr());
  for (const Stmt *c : s->children())
    if (!effectFree(c))
      return false;
  return true;
}

bool Lowerer::unusedArgument(const clang::Expr *a) {
  // `(r = x * x, s).ignore(0.)`: the left side runs, the object is unused.
  auto bare = [](const clang::Expr *x) {
    for (const clang::Expr *prev = nullptr; x != prev;)
      prev = x, x = x->IgnoreImplicit()->IgnoreParens();
    return llvm::dyn_cast<clang::BinaryOperator>(x);
  };
  for (const clang::BinaryOperator *bo = bare(a);
       bo && bo->getOpcode() == clang::BO_Comma; bo = bare(a)) {
    if (!effectFree(bo->getLHS()) && !expr(bo->getLHS()))
      return false;
    a = bo->getRHS();
  }
  if (effectFree(a))
    return true;
  error(a->getExprLoc(), Diag::Construct,
        {"an argument with effects ('" + sourceText(a) +
             "') for a parameter the callee never uses",
         "compute it in a statement of its own before the call"});
  return false;
}

/// `std::allocator<T>` (`std::vector<double>::allocator_type a;`): it has
/// no state, and the containers adgen builds ignore it.
static bool stdAllocator(clang::QualType t) {
  const auto *rd = t->getAsCXXRecordDecl();
  return rd && rd->isInStdNamespace() && rd->getIdentifier() &&
         rd->getName() == "allocator";
}

bool Lowerer::unusedLocal(const clang::VarDecl *vd) {
  // (`std::string tag = "...";`, `S *spare, obj(2, 3);`); an allocator
  // default-constructed, whatever passes it to a vector's constructor.
  if (stdAllocator(vd->getType()) && effectFree(vd->getInit()))
    return true;
  return !vd->isReferenced() &&
         ((stringType(vd->getType()) && effectFree(vd->getInit())) ||
          (vd->getType()->isPointerType() && !vd->getInit()));
}

} // namespace adgen
