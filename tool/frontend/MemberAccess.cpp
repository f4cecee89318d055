// Private and protected data members in a wrapper's arguments. A method's
// object or a struct parameter is passed member by member; a member the
// wrapper cannot name is read through a pointer to member that an explicit
// instantiation forms ([temp.spec]: its arguments are not access-checked):
//   namespace adgen_access { struct State_x_ { ... };
//   template struct rob<State_x_, &State::x_>; }
// (the instantiation's inline friend is emitted weak: a program may have
// it in several files).
// and `self.*adgen_get(adgen_access::State_x_{})` reads it.
#include "frontend/Template.h"

#include "frontend/LowerContext.h"
#include "ir/IR.h"

#include "clang/AST/ASTContext.h"

#include <cctype>

namespace adgen {

using namespace clang;

namespace {

/// The field named `name` of rd or of one of its bases.
const FieldDecl *fieldNamed(const CXXRecordDecl *rd, const std::string &name) {
  if (!rd || !(rd = rd->getDefinition()))
    return nullptr;
  for (const FieldDecl *f : rd->fields())
    if (f->getNameAsString() == name)
      return f;
  for (const CXXBaseSpecifier &bs : rd->bases())
    if (const FieldDecl *f =
            fieldNamed(bs.getType()->getAsCXXRecordDecl(), name))
      return f;
  return nullptr;
}

/// The element type of an array or std:: container.
QualType elementOf(QualType t) {
  if (const auto *at = t->getAsArrayTypeUnsafe())
    return at->getElementType();
  if (const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          t->getAsCXXRecordDecl());
      spec && spec->getTemplateArgs().size() > 0 &&
      spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
    return spec->getTemplateArgs()[0].getAsType();
  return QualType();
}

std::string spelled(QualType t, const ASTContext &ast) {
  PrintingPolicy pp(ast.getLangOpts());
  pp.SuppressTagKeyword = true;
  pp.FullyQualifiedName = true;
  return t.getCanonicalType().getAsString(pp);
}

/// Leaf::hidden for one leaf of a parameter of type `t`.
std::vector<std::string> hiddenAlong(QualType t, const Leaf &leaf,
                                     const ASTContext &ast,
                                     std::map<std::string, std::string> &acc) {
  std::vector<std::string> hidden(leaf.path.size());
  bool any = false;
  for (size_t k = 0; k < leaf.path.size() && !t.isNull(); ++k) {
    const std::string &m = leaf.path[k];
    t = t.getNonReferenceType();
    while (const auto *at = t->getAsArrayTypeUnsafe())
      t = at->getElementType();
    if (m == "data()" || m == "[]") {
      t = elementOf(t);
      continue;
    }
    const FieldDecl *fd = m.empty() || m.back() == ')'
                              ? nullptr
                              : fieldNamed(t->getAsCXXRecordDecl(), m);
    if (!fd)
      break;
    if (fd->getAccess() != AS_public) {
      std::string owner =
          spelled(ast.getCanonicalTagType(fd->getParent()), ast);
      std::string tag = owner + "_" + m;
      for (char &c : tag)
        if (!std::isalnum(static_cast<unsigned char>(c)))
          c = '_';
      acc[tag] = "#ifndef ADGEN_ACCESS_" + tag + "\n#define ADGEN_ACCESS_" +
                 tag + "\nstruct " + tag + " {\n  using type = member_t<" +
                 owner + ", " + spelled(fd->getType(), ast) +
                 ">;\n  friend ADGEN_HD type adgen_get(" + tag +
                 ");\n};\ntemplate struct rob<" + tag + ", &" +
                 owner + "::" + m + ">;\n#endif\n";
      hidden[k] = tag;
      any = true;
    }
    t = fd->getType();
  }
  return any ? hidden : std::vector<std::string>{};
}

} // namespace

void hiddenMembers(const FunctionDecl *fd, Function &f,
                   std::map<std::string, std::string> &accessors) {
  const ASTContext &ast = fd->getASTContext();
  for (UserParam &up : f.signature) {
    QualType t;
    if (up.self)
      t = ast.getCanonicalTagType(cast<CXXMethodDecl>(fd)->getParent());
    else if (up.result)
      t = fd->getReturnType();
    else
      for (unsigned i = 0; i < fd->getNumParams(); ++i) {
        const ParmVarDecl *pd = fd->getParamDecl(i);
        std::string n = pd->getName().empty() ? "arg" + std::to_string(i)
                                              : pd->getNameAsString();
        if (n == up.name)
          t = pd->getType();
      }
    if (t.isNull())
      continue;
    t = t.getNonReferenceType();
    if (const auto *pt = t->getAs<PointerType>())
      t = pt->getPointeeType();
    if (!t->getAsCXXRecordDecl())
      continue;
    for (Leaf &leaf : up.leaves)
      leaf.hidden = hiddenAlong(t, leaf, ast, accessors);
  }
}

std::string memberAccessors(const std::map<std::string, std::string> &acc) {
  if (acc.empty())
    return "";
  std::string s =
      "\n// Private and protected members the wrappers pass: read through\n"
      "// pointers to members that explicit instantiations form (their\n"
      "// arguments are not access-checked).\nnamespace adgen_access {\n"
      "#ifndef ADGEN_ACCESS_ROB\n#define ADGEN_ACCESS_ROB\n"
      "template <class C, class T> using member_t = T C::*;\n"
      "template <class Tag, typename Tag::type M> struct rob {\n"
      "  friend ADGEN_HD typename Tag::type adgen_get(Tag) { return M; }\n"
      "};\n#endif\n";
  for (const auto &[tag, def] : acc)
    s += def;
  return s + "} // namespace adgen_access\n";
}

} // namespace adgen
