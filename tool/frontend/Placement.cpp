#include "frontend/Placement.h"

#include "clang/AST/Stmt.h"

#include <algorithm>

namespace adgen {

using namespace clang;

Placement::Placement(
    const SourceManager &sm, std::vector<const FunctionDecl *> defs,
    const std::vector<std::pair<const FunctionDecl *, const Stmt *>> &stmts)
    : sm(sm), byBegin(defs), byBody(std::move(defs)) {
  // Stable: of two at one place, the one met first in the traversal first.
  std::stable_sort(byBegin.begin(), byBegin.end(),
                   [&](const FunctionDecl *a, const FunctionDecl *b) {
                     return before(a->getBeginLoc(), b->getBeginLoc());
                   });
  std::stable_sort(byBody.begin(), byBody.end(),
                   [&](const FunctionDecl *a, const FunctionDecl *b) {
                     return before(a->getBody()->getBeginLoc(),
                                   b->getBody()->getBeginLoc());
                   });
  for (const FunctionDecl *fd : byBody) {
    SourceLocation end = fd->getBody()->getEndLoc();
    if (!bodyEndSoFar.empty() && before(end, bodyEndSoFar.back()))
      end = bodyEndSoFar.back();
    bodyEndSoFar.push_back(end);
  }
  for (auto &[fd, s] : stmts)
    stmtsOf[fd].push_back(s);
  for (auto &[fd, list] : stmtsOf)
    std::stable_sort(list.begin(), list.end(),
                     [&](const Stmt *a, const Stmt *b) {
                       return before(a->getBeginLoc(), b->getBeginLoc());
                     });
}

const FunctionDecl *Placement::bodyAround(SourceLocation loc) const {
  // Bodies that begin before loc, latest first; none further back can hold
  // loc once every body up to there has ended before it.
  auto it = std::partition_point(byBody.begin(), byBody.end(),
                                 [&](const FunctionDecl *fd) {
                                   return before(fd->getBody()->getBeginLoc(),
                                                 loc);
                                 });
  for (size_t i = static_cast<size_t>(it - byBody.begin()); i-- > 0;) {
    if (!before(loc, bodyEndSoFar[i]))
      break;
    if (before(loc, byBody[i]->getBody()->getEndLoc()))
      return byBody[i];
  }
  return nullptr;
}

const FunctionDecl *Placement::definitionAfter(SourceLocation loc) const {
  auto it = std::partition_point(
      byBegin.begin(), byBegin.end(),
      [&](const FunctionDecl *fd) { return !before(loc, fd->getBeginLoc()); });
  // In the directive's own file: a directive before an #include applies to
  // the definition after the include, not to one inside the header.
  clang::FileID file = sm.getFileID(sm.getExpansionLoc(loc));
  for (; it != byBegin.end(); ++it)
    if (sm.getFileID(sm.getExpansionLoc((*it)->getBeginLoc())) == file)
      return *it;
  return nullptr;
}

const Stmt *Placement::statementAfter(const FunctionDecl *fd,
                                      SourceLocation loc) const {
  auto found = stmtsOf.find(fd);
  if (found == stmtsOf.end())
    return nullptr;
  const std::vector<const Stmt *> &list = found->second;
  auto it = std::partition_point(list.begin(), list.end(), [&](const Stmt *s) {
    return !before(loc, s->getBeginLoc());
  });
  return it == list.end() ? nullptr : *it;
}

} // namespace adgen
