// Objects that hold no floating-point value (SPEC §5: passive as a whole):
// std::string, std::map<std::string, int>, std::vector<std::string>. A
// std::vector of them is one leaf, its size() (containerLeaves); a std::
// member of that kind is passed nowhere (flattenParam), and the headers
// its type names are included.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

#include <map>

namespace adgen {

using namespace clang;

static const ClassTemplateSpecializationDecl *specOf(QualType t) {
  return dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      t.getNonReferenceType().getCanonicalType()->getAsRecordDecl());
}

static bool noFloat(QualType t, std::set<const clang::Type *> &seen) {
  t = t.getNonReferenceType().getCanonicalType();
  while (t->isPointerType() || t->isArrayType())
    t = t->isPointerType() ? t->getPointeeType().getCanonicalType()
                           : QualType(t->getArrayElementTypeNoTypeQual(), 0)
                                 .getCanonicalType();
  if (t->isFloatingType() || t->isComplexType())
    return false;
  const auto *rd = t->getAsCXXRecordDecl();
  if (!rd || !seen.insert(t.getTypePtr()).second)
    return true;
  if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd))
    for (const TemplateArgument &ta : spec->getTemplateArgs().asArray())
      if (ta.getKind() == TemplateArgument::Type &&
          !noFloat(ta.getAsType(), seen))
        return false;
  if (!rd->hasDefinition())
    return true;
  for (const CXXBaseSpecifier &bs : rd->getDefinition()->bases())
    if (!noFloat(bs.getType(), seen))
      return false;
  for (const FieldDecl *fd : rd->getDefinition()->fields())
    if (!noFloat(fd->getType(), seen))
      return false;
  return true;
}

bool holdsNoFloat(QualType t) {
  std::set<const clang::Type *> seen;
  // Not recordOf: a std::pair<int, int> only named as an element type is
  // not instantiated; its template arguments say what it holds.
  return t.getNonReferenceType()->getAsCXXRecordDecl() && noFloat(t, seen);
}

void stdHeadersOf(QualType t, std::set<std::string> &headers) {
  static const std::map<std::string, std::string> header = {
      {"basic_string", "string"},
      {"pair", "utility"},
      {"tuple", "tuple"},
      {"map", "map"},
      {"multimap", "map"},
      {"set", "set"},
      {"multiset", "set"},
      {"unordered_map", "unordered_map"},
      {"unordered_set", "unordered_set"},
      {"vector", "vector"},
      {"array", "array"},
      {"deque", "deque"},
      {"list", "list"},
      {"optional", "optional"}};
  const auto *spec = specOf(t);
  if (!spec || !spec->isInStdNamespace())
    return;
  if (auto it = header.find(spec->getName().str()); it != header.end())
    headers.insert(it->second);
  for (const TemplateArgument &a : spec->getTemplateArgs().asArray())
    if (a.getKind() == TemplateArgument::Type)
      stdHeadersOf(a.getAsType(), headers);
}

} // namespace adgen
