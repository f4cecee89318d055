// `switch` as structured IR (the IR has no switch). The statements after
// each run of case labels form a segment. When every segment but the last
// ends in a jump (break, continue, return), the switch is an if / else
// chain with the default last. Otherwise (fall-through, a break inside an
// if) a flag says whether control is inside the switch's body:
//   bool adgen_fall = k == 0;  if (adgen_fall) { A }
//   adgen_fall = adgen_fall || k == 1;  if (adgen_fall) { B }
// A break clears the flag, and what follows it in the segment runs only
// while the flag holds (stmtList). Only one segment's labels can match, so
// a cleared flag stays clear.
#include "frontend/Lowerer.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

#include <algorithm>
#include <functional>
#include <set>

namespace adgen {

using namespace clang;

/// The statements after one run of case labels, up to the next label.
struct SwitchSegment {
  std::vector<const SwitchCase *> labels;
  std::vector<const Stmt *> stmts;
  bool isDefault() const {
    for (const SwitchCase *l : labels)
      if (isa<DefaultStmt>(l))
        return true;
    return false;
  }
};

namespace {

std::vector<const Stmt *> children(const CompoundStmt *c) {
  return std::vector<const Stmt *>(c->body_begin(), c->body_end());
}

/// The statement a list ends with, looking into a trailing block.
const Stmt *lastOf(std::vector<const Stmt *> list) {
  while (!list.empty()) {
    if (const auto *c = dyn_cast<CompoundStmt>(list.back())) {
      list = children(c);
      continue;
    }
    return list.back();
  }
  return nullptr;
}

bool isJump(const Stmt *s) {
  return isa_and_nonnull<BreakStmt, ContinueStmt, ReturnStmt>(s);
}

/// The breaks of `s` that leave the switch (not those of loops or switches
/// inside it).
unsigned countBreaks(const Stmt *s) {
  if (!s || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt,
                LambdaExpr>(s))
    return 0;
  unsigned n = isa<BreakStmt>(s);
  for (const Stmt *c : s->children())
    n += countBreaks(c);
  return n;
}

/// True when `s` may write `vd`: any use of it but a read of its value.
bool mayWrite(const Stmt *s, const VarDecl *vd) {
  if (!s)
    return false;
  if (const auto *ic = dyn_cast<ImplicitCastExpr>(s))
    if (ic->getCastKind() == CK_LValueToRValue &&
        isa<DeclRefExpr>(ic->getSubExpr()->IgnoreParens()))
      return false;
  if (const auto *dr = dyn_cast<DeclRefExpr>(s))
    return dr->getDecl() == vd;
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(s))
    if (oc->getOperator() == OO_Call)
      return true; // a lambda may write what it captures by reference
  for (const Stmt *c : s->children())
    if (mayWrite(c, vd))
      return true;
  return false;
}

/// Splits the body of `s` into segments; returns a label it cannot place
/// (nested in a statement) or a declaration that later segments would
/// see, else null.
const Stmt *splitSegments(const SwitchStmt *s, std::vector<SwitchSegment> &segs) {
  const Stmt *body = s->getBody();
  // A block inside the body that holds case labels (`case 1: a; { case 2:
  // b; }`) is spliced in: its statements run in the same order, falling
  // through as C++ does. Labels inside loops or ifs stay refused.
  std::function<bool(const CompoundStmt *)> holdsCase =
      [&](const CompoundStmt *cs) {
        for (const Stmt *y : cs->body())
          if (isa<SwitchCase>(y) ||
              (isa<CompoundStmt>(y) && holdsCase(cast<CompoundStmt>(y))))
            return true;
        return false;
      };
  std::vector<const Stmt *> list;
  std::function<void(const Stmt *)> add = [&](const Stmt *x) {
    if (isa<CompoundStmt>(x) && holdsCase(cast<CompoundStmt>(x))) {
      for (const Stmt *y : cast<CompoundStmt>(x)->body())
        add(y);
      return;
    }
    list.push_back(x);
  };
  if (const auto *c = dyn_cast<CompoundStmt>(body))
    for (const Stmt *x : children(c))
      add(x);
  else
    list.push_back(body);
  std::set<const SwitchCase *> placed;
  const Stmt *early = nullptr; // a declaration before the last segment
  for (const Stmt *c : list) {
    if (isa<SwitchCase>(c)) {
      if (segs.empty() || !segs.back().stmts.empty())
        segs.emplace_back();
      while (const auto *sc = dyn_cast<SwitchCase>(c)) {
        segs.back().labels.push_back(sc);
        placed.insert(sc);
        c = sc->getSubStmt();
      }
    }
    if (isa<DeclStmt>(c) && !early)
      early = c;
    if (!segs.empty()) // statements before the first label never run
      segs.back().stmts.push_back(c);
  }
  for (const SwitchCase *sc = s->getSwitchCaseList(); sc;
       sc = sc->getNextSwitchCase())
    if (!placed.count(sc))
      return sc;
  if (early && (segs.empty() ||
                std::find(segs.back().stmts.begin(), segs.back().stmts.end(),
                          early) == segs.back().stmts.end()))
    return early;
  return nullptr;
}

/// Whether `sel` (of type t) matches one of `labels`; `all` are the
/// switch's labels (a default matches none of them).
Op *caseTest(Builder &b, ASTContext &ast, Var *sel, Type t,
             const std::vector<const SwitchCase *> &labels,
             const std::vector<const SwitchCase *> &all) {
  auto value = [&](const Expr *e) {
    return b.constant(
        static_cast<double>(e->EvaluateKnownConstInt(ast).getSExtValue()), t);
  };
  auto matches = [&](const SwitchCase *l) -> Op * {
    const auto *cs = cast<CaseStmt>(l);
    Op *v = b.cast(b.readVar(sel), t);
    if (!cs->getRHS()) // case 1 ... 3: (GNU)
      return b.binary(OpKind::Eq, v, value(cs->getLHS()));
    Op *lo = b.binary(OpKind::Le, value(cs->getLHS()), v);
    Op *hi = b.binary(OpKind::Le, b.cast(b.readVar(sel), t),
                      value(cs->getRHS()));
    return b.binary(OpKind::And, lo, hi);
  };
  auto any = [&](const std::vector<const SwitchCase *> &ls) -> Op * {
    Op *r = nullptr;
    for (const SwitchCase *l : ls) {
      if (isa<DefaultStmt>(l))
        continue;
      Op *m = matches(l);
      r = r ? b.binary(OpKind::Or, r, m) : m;
    }
    return r ? r : b.constant(0, Type::Bool);
  };
  for (const SwitchCase *l : labels)
    if (isa<DefaultStmt>(l))
      return b.create(OpKind::Not, Type::Bool, {any(all)});
  return any(labels);
}

/// True when every segment but the last ends in a jump, and a segment
/// breaks only where it ends: the switch is then an if / else chain.
bool isChain(const std::vector<SwitchSegment> &segs) {
  for (size_t i = 0; i < segs.size(); ++i) {
    const Stmt *last = lastOf(segs[i].stmts);
    if (i + 1 < segs.size() && !isJump(last))
      return false;
    unsigned breaks = 0;
    for (const Stmt *s : segs[i].stmts)
      breaks += countBreaks(s);
    if (breaks > (isa_and_nonnull<BreakStmt>(last) ? 1u : 0u))
      return false;
  }
  return true;
}

} // namespace

void Lowerer::breakStmt() {
  if (!scopes.sw) {
    b.create(OpKind::Break, Type::Void);
    return;
  }
  ++scopes.sw->breaks;
  if (scopes.sw->fall)
    b.writeVar(scopes.sw->fall, b.constant(0, Type::Bool));
}

/// A segment's statements, without the break it may end with.
void Lowerer::switchSegment(std::vector<const Stmt *> stmts) {
  if (!stmts.empty() && isa<BreakStmt>(stmts.back()))
    stmts.pop_back();
  stmtList(stmts);
}

void Lowerer::switchStmt(const SwitchStmt *s) {
  if (!conditionPrologue(s->getInit(), s->getConditionVariable()))
    return;
  std::vector<SwitchSegment> segs;
  if (const Stmt *bad = splitSegments(s, segs)) {
    if (isa<SwitchCase>(bad))
      return error(bad->getBeginLoc(), Diag::SwitchNestedCase);
    return error(bad->getBeginLoc(), Diag::SwitchCaseDecl);
  }
  const Expr *c = s->getCond();
  auto t = typeOf(c->getType(), nullptr, c->getExprLoc());
  if (!t)
    return;
  // The value switched on: the variable itself when the body cannot
  // change it, else a copy.
  Var *sel = nullptr;
  if (const auto *dr = dyn_cast<DeclRefExpr>(c->IgnoreParenImpCasts()))
    if (const auto *vd = dyn_cast<VarDecl>(dr->getDecl()))
      if (vars.count(vd) && !mayWrite(s->getBody(), vd))
        sel = vars[vd];
  setLoc(s->getBeginLoc());
  if (!sel) {
    Op *v = expr(c);
    if (!v)
      return;
    sel = fn.newVar(uniqueName("adgen_case"), *t);
    b.decl(sel, b.cast(v, *t));
  }
  std::vector<const SwitchCase *> all;
  for (const SwitchSegment &g : segs)
    all.insert(all.end(), g.labels.begin(), g.labels.end());
  SwitchScope scope;
  SwitchScope *outer = scopes.sw;
  scope.outer = outer;
  scopes.sw = &scope;
  if (isChain(segs))
    switchChain(segs, sel, *t, all);
  else
    switchFlags(segs, sel, *t, all);
  scopes.sw = outer;
}

/// The if / else chain, the default last.
void Lowerer::switchChain(const std::vector<SwitchSegment> &segs, Var *sel,
                          Type t, const std::vector<const SwitchCase *> &all) {
  std::vector<const SwitchSegment *> order;
  const SwitchSegment *dflt = nullptr;
  for (const SwitchSegment &g : segs) {
    if (g.isDefault())
      dflt = &g;
    else
      order.push_back(&g);
  }
  Block *saved = b.block();
  for (const SwitchSegment *g : order) {
    setLoc(g->labels.front()->getBeginLoc());
    Op *ifop = b.ifOp(caseTest(b, ast(), sel, t, g->labels, all));
    intoBlock(ifop->region(0), [&] { switchSegment(g->stmts); });
    b.setBlock(ifop->region(1));
  }
  if (dflt)
    switchSegment(dflt->stmts);
  b.setBlock(saved);
}

/// The segments in order, each run while `adgen_fall` holds.
void Lowerer::switchFlags(const std::vector<SwitchSegment> &segs, Var *sel,
                          Type t, const std::vector<const SwitchCase *> &all) {
  Var *fall = fn.newVar(uniqueName("adgen_fall"), Type::Bool);
  scopes.sw->fall = fall;
  for (size_t i = 0; i < segs.size(); ++i) {
    setLoc(segs[i].labels.front()->getBeginLoc());
    Op *test = caseTest(b, ast(), sel, t, segs[i].labels, all);
    if (i == 0)
      b.decl(fall, test);
    else if (isJump(lastOf(segs[i - 1].stmts)))
      b.writeVar(fall, test);
    else
      b.writeVar(fall, b.binary(OpKind::Or, b.readVar(fall), test));
    Op *ifop = b.ifOp(b.readVar(fall));
    intoBlock(ifop->region(0), [&] { switchSegment(segs[i].stmts); });
  }
}

} // namespace adgen
