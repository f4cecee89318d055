// The definitions of the user's types the generated signatures name,
// copied from the source into the output (frontend/Template.h).
#include "frontend/Template.h"

#include "frontend/Diagnostics.h"
#include "frontend/Lowerer.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

#include <functional>
#include <set>

namespace adgen {

using namespace clang;

namespace {

/// The typedefs of the user's files that the types inside `def` name
/// (`typedef double real;` for a member `std::vector<real> v`), outside it.
struct TypedefsUsed : RecursiveASTVisitor<TypedefsUsed> {
  const SourceManager &sm;
  const Decl *def;
  std::vector<const TypedefNameDecl *> found;
  TypedefsUsed(const SourceManager &sm, const Decl *def) : sm(sm), def(def) {}
  bool VisitTypedefTypeLoc(TypedefTypeLoc tl) {
    const TypedefNameDecl *td = tl.getTypePtr()->getDecl();
    const DeclContext *dc = td->getDeclContext();
    bool inside = false;
    for (; dc; dc = dc->getParent())
      inside = inside || Decl::castFromDeclContext(dc) == def ||
               (isa<ClassTemplateDecl>(def) &&
                dc == cast<ClassTemplateDecl>(def)->getTemplatedDecl());
    if (!inside && !sm.isInSystemHeader(td->getLocation()) &&
        std::find(found.begin(), found.end(), td) == found.end())
      found.push_back(td);
    return true;
  }
};

/// `#define`s of the user's macros named in `text`, and the typedefs of
/// `def` (above), each guarded, for the output ahead of the type.
std::string dependencies(ASTContext &ast, const Preprocessor *pp,
                         const Decl *def, const std::string &text,
                         std::set<std::string> &emitted) {
  const SourceManager &sm = ast.getSourceManager();
  std::string out;
  TypedefsUsed tu(sm, def);
  tu.TraverseDecl(const_cast<Decl *>(def));
  for (const TypedefNameDecl *td : tu.found)
    if (emitted.insert("typedef " + td->getQualifiedNameAsString()).second)
      out += Lexer::getSourceText(CharSourceRange::getTokenRange(td->getSourceRange()),
                                  sm, ast.getLangOpts()).str() + ";\n";
  if (!pp)
    return out;
  for (size_t i = 0; i < text.size();) {
    if (!(isalpha(static_cast<unsigned char>(text[i])) || text[i] == '_')) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() &&
           (isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
      ++j;
    std::string id = text.substr(i, j - i);
    i = j;
    const MacroInfo *mi = pp->getMacroInfo(pp->getIdentifierInfo(id));
    if (!mi || mi->isBuiltinMacro() || mi->getDefinitionLoc().isInvalid() ||
        sm.isInSystemHeader(mi->getDefinitionLoc()) ||
        !sm.getFileEntryRefForID(sm.getFileID(mi->getDefinitionLoc())) ||
        !emitted.insert("#define " + id).second)
      continue;
    std::string body = Lexer::getSourceText(
        CharSourceRange::getTokenRange(mi->getDefinitionLoc(),
                                       mi->getDefinitionEndLoc()),
        sm, ast.getLangOpts()).str();
    out += "#ifndef " + id + "\n#define " + body + "\n#endif\n";
  }
  return out;
}

} // namespace

/// The definitions of `types`, as the source has them, in their
/// namespaces (each once, guarded, so several outputs can be included).
std::string
typeDefinitions(ASTContext &ast, const Preprocessor *pp,
                const std::vector<const RecordDecl *> &types) {
  std::set<std::string> emitted; // macros and typedefs already out
  std::string out;
  auto &sm = ast.getSourceManager();
  std::set<const Decl *> done;
  // An explicit specialization needs its primary template before it.
  std::vector<const RecordDecl *> all;
  for (const RecordDecl *rd : types) {
    if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd);
        spec && spec->getSpecializationKind() == TSK_ExplicitSpecialization)
      all.push_back(spec->getSpecializedTemplate()->getTemplatedDecl());
    all.push_back(rd);
  }
  for (const RecordDecl *rd : all) {
    // A class template's specialization: the template, once; an unnamed
    // struct: its typedef.
    const Decl *def = rd;
    std::string name = rd->getQualifiedNameAsString();
    if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd);
        spec && !isa<ClassTemplatePartialSpecializationDecl>(spec) &&
        spec->getSpecializationKind() != TSK_ExplicitSpecialization)
      def = spec->getSpecializedTemplate();
    else if (const auto *cr = dyn_cast<CXXRecordDecl>(rd);
             cr && cr->getDescribedClassTemplate())
      def = cr->getDescribedClassTemplate();
    else if (!rd->getIdentifier() && rd->getTypedefNameForAnonDecl())
      def = rd->getTypedefNameForAnonDecl(),
      name = rd->getTypedefNameForAnonDecl()->getQualifiedNameAsString();
    if (!done.insert(def).second)
      continue;
    std::string text = Lexer::getSourceText(
                           CharSourceRange::getTokenRange(def->getSourceRange()),
                           sm, ast.getLangOpts())
                           .str();
    // Without the directives on its methods (adgen's, not the type's).
    std::string kept;
    for (llvm::StringRef line : llvm::split(text, '\n'))
      if (!line.trim().starts_with("#pragma adgen"))
        kept += line.str() + "\n";
    text = llvm::StringRef(kept).rtrim().str();
    std::string open, close;
    for (const DeclContext *dc = rd->getDeclContext(); dc; dc = dc->getParent())
      if (const auto *ns = dyn_cast<NamespaceDecl>(dc)) {
        open = "namespace " + ns->getNameAsString() + " {\n" + open;
        close += "}\n";
      }
    std::string guard = "ADGEN_TYPE_" + name;
    for (char &c : guard)
      if (!isalnum(static_cast<unsigned char>(c)))
        c = '_';
    auto pl = sm.getPresumedLoc(rd->getBeginLoc());
    out += "\n// " + name.substr(name.rfind(':') + 1) + ", as " +
           llvm::sys::path::filename(pl.getFilename()).str() + ":" +
           std::to_string(pl.getLine()) +
           " defines it (a type the generated code uses).\n" +
           "#ifndef " + guard + "\n#define " + guard + "\n" +
           dependencies(ast, pp, def, text, emitted) + open + text + ";\n" +
           close + "#endif\n";
  }
  if (out.empty())
    return out;
  // #included into the source's own translation unit, the types are
  // there already: define ADGEN_NO_USER_TYPES first (README).
  return "\n#ifndef ADGEN_NO_USER_TYPES" + out + "#endif // ADGEN_NO_USER_TYPES\n";
}

} // namespace adgen
