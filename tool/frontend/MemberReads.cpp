// Members the translation unit reads (SPEC §5, pointer members): a pointer
// member that no code of the file ever reads, only initialises or assigns
// (`x_pointer(&x)`, `S{&x}`, `s.p = &y;`), holds nothing the derivative
// depends on, so structs that have one need no pointer support. Implicit
// code (copy constructors, which copy members to members) is not a read.
#include "frontend/LowerContext.h"

#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace adgen {

using namespace clang;

namespace {

class ReadMembers : public RecursiveASTVisitor<ReadMembers> {
public:
  explicit ReadMembers(std::set<const FieldDecl *> &out) : out(out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitBinaryOperator(BinaryOperator *bo) {
    if (bo->getOpcode() == BO_Assign)
      if (const auto *me = dyn_cast<MemberExpr>(bo->getLHS()->IgnoreParens()))
        assigned.insert(me);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *me) {
    if (!assigned.count(me))
      if (const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl()))
        out.insert(fd);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *dr) { // &S::p
    if (const auto *fd = dyn_cast<FieldDecl>(dr->getDecl()))
      out.insert(fd);
    return true;
  }

private:
  std::set<const FieldDecl *> &out;
  std::set<const MemberExpr *> assigned;
};

} // namespace

bool memberRead(LowerContext &cx, const FieldDecl *fd) {
  if (!cx.readMembers) {
    cx.readMembers.emplace();
    ReadMembers(*cx.readMembers).TraverseDecl(cx.ast.getTranslationUnitDecl());
  }
  return cx.readMembers->count(fd->getCanonicalDecl()) != 0 ||
         cx.readMembers->count(fd) != 0;
}

} // namespace adgen
