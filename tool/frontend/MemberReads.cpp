// Members the translation unit reads (SPEC §5, pointer members): a pointer
// member that no code of the file ever reads, only initialises or assigns
// (`x_pointer(&x)`, `S{&x}`, `s.p = &y;`), holds nothing the derivative
// depends on, so structs that have one need no pointer support. Implicit
// code (copy constructors, which copy members to members) is not a read.
#include "frontend/LowerContext.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace adgen {

using namespace clang;

namespace {

/// The member of the class template a specialization's member comes from
/// (`View<float>::w` is `View<T>::w`): instantiations made after the file
/// was read (instantiate(...)) are read where their pattern is.
const FieldDecl *patternField(const FieldDecl *fd) {
  const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(fd->getParent());
  if (!spec)
    return fd->getCanonicalDecl();
  const CXXRecordDecl *pattern = spec->getSpecializedTemplate()->getTemplatedDecl();
  if (auto partial = spec->getSpecializedTemplateOrPartial();
      const auto *pd = partial.dyn_cast<ClassTemplatePartialSpecializationDecl *>())
    pattern = pd;
  for (const FieldDecl *f : pattern->fields())
    if (f->getFieldIndex() == fd->getFieldIndex())
      return f->getCanonicalDecl();
  return fd->getCanonicalDecl();
}

class ReadMembers : public RecursiveASTVisitor<ReadMembers> {
public:
  ReadMembers(std::set<const FieldDecl *> &out, std::set<std::string> &names)
      : out(out), names(names) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitBinaryOperator(BinaryOperator *bo) {
    if (bo->getOpcode() != BO_Assign)
      return true;
    const Expr *lhs = bo->getLHS()->IgnoreParens();
    if (const auto *me = dyn_cast<MemberExpr>(lhs))
      assigned.insert(me);
    else if (const auto *dm = dyn_cast<CXXDependentScopeMemberExpr>(lhs))
      assignedDependent.insert(dm);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *me) {
    if (!assigned.count(me))
      if (const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl()))
        out.insert(patternField(fd));
    return true;
  }
  // `v.w` in a template: a read of every member w of a specialization,
  // those instantiated later (instantiate(...)) included.
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *me) {
    if (!assignedDependent.count(me))
      names.insert(me->getMember().getAsString());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *dr) { // &S::p
    if (const auto *fd = dyn_cast<FieldDecl>(dr->getDecl()))
      out.insert(patternField(fd));
    return true;
  }

private:
  std::set<const FieldDecl *> &out;
  std::set<std::string> &names;
  std::set<const MemberExpr *> assigned;
  std::set<const CXXDependentScopeMemberExpr *> assignedDependent;
};

} // namespace

bool memberRead(LowerContext &cx, const FieldDecl *fd) {
  if (!cx.readMembers) {
    cx.readMembers.emplace();
    ReadMembers(*cx.readMembers, cx.dependentReads)
        .TraverseDecl(cx.ast.getTranslationUnitDecl());
  }
  if (cx.readMembers->count(patternField(fd)))
    return true;
  return isa<ClassTemplateSpecializationDecl>(fd->getParent()) &&
         cx.dependentReads.count(fd->getNameAsString());
}

} // namespace adgen
