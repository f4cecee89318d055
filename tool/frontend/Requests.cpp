// What one function's directives ask for (a DiffRequest), from the
// directives attached to it: modes and their lists, size clauses, batch,
// width, hvp and jacobian.
#include "frontend/Requests.h"

#include "analysis/Stats.h"
#include "frontend/Diagnostics.h"
#include "frontend/Extent.h"

#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <functional>

namespace adgen {

using clang::DiagnosticsEngine;

namespace {

/// A directive's line and column in the main file.
SourceLoc lineCol(DiagnosticsEngine &de, clang::SourceLocation loc) {
  auto &sm = de.getSourceManager();
  auto pl = sm.getPresumedLoc(sm.getExpansionLoc(loc));
  return pl.isValid() ? SourceLoc{pl.getLine(), pl.getColumn()} : SourceLoc{};
}

/// size(p, EXPR): EXPR made of numbers and integer parameters; its tree,
/// or null after a diagnostic.
Extent checkSize(DiagnosticsEngine &de, const Directive &d, const Function &f) {
  ExtentCheck c = checkExtent(d.args[1].text, [&](const std::string &n) {
    for (const Param &p : f.params)
      if (p.var && p.var->name == n && isInteger(p.var->type))
        return true;
    return false;
  });
  Array *a = nullptr;
  for (const Param &p : f.params)
    if (p.arr && p.arr->name == d.args[0].text)
      a = p.arr;
  // The code's own extent, where adgen sees one (a loop with constant
  // bounds), must fit; otherwise the indices are checked at run time.
  int64_t used = a ? inferExtent(f, a) : -1;
  if (c.error.empty() && c.value > 0 && used > c.value) {
    report(de, d.args[1].loc, Diag::ExtentTooSmall,
           {d.args[0].text, d.args[1].text, std::to_string(used)});
    return nullptr;
  }
  if (c.error.empty()) {
    if (a && !(c.value > 0 && used >= 0))
      a->checkedExtent = c.tree;
    return c.tree;
  }
  std::string why = c.error;
  size_t k = why.find("the function");
  if (k != std::string::npos)
    why.replace(k, 12, "'" + f.name + "'");
  report(de, d.args[1].loc, Diag::BadExtent,
         {d.args[0].text, d.args[1].text, why});
  return nullptr;
}

/// hvp(x) and jacobian(x): like jvp's list (no list: every floating
/// parameter).
void addSecondOrder(
    DiagnosticsEngine &de, const Directive &d, const Function &f,
    DiffRequest &req,
    const std::function<const Param *(const DirectiveArg &)> &findParam) {
  bool hvp = d.kind == Directive::Hvp;
  (hvp ? req.hvp : req.jacobian) = true;
  (hvp ? req.hvpLoc : req.jacobianLoc) = lineCol(de, d.loc);
  if (!d.hasList)
    return;
  (hvp ? req.hvpAll : req.jacobianAll) = false;
  for (const DirectiveArg &a : d.args)
    if (const Param *p = findParam(a)) {
      Type t = p->var ? p->var->type : p->arr->elemType;
      if (!isFloating(t))
        report(de, a.loc, Diag::PassiveParam,
               {a.text, f.name, std::string("of type ") + typeName(t)});
      else
        (hvp ? req.hvpWrt : req.jacobianWrt).push_back(a.text);
    }
}

} // namespace

void addDirective(DiagnosticsEngine &de, const Directive &d, const Function &f,
                  DiffRequest &req) {
  auto findParam = [&](const DirectiveArg &a) -> const Param * {
    for (const Param &p : f.params)
      if (p.name() == a.text)
        return &p;
    report(de, a.loc, Diag::UnknownParam, {a.text, f.name});
    return nullptr;
  };
  switch (d.kind) {
  case Directive::Jvp:
  case Directive::Grad: {
    bool isJvp = d.kind == Directive::Jvp;
    (isJvp ? req.jvp : req.grad) = true;
    if (!d.hasList)
      break;
    (isJvp ? req.jvpAll : req.gradAll) = false;
    for (const DirectiveArg &a : d.args) {
      // A struct parameter: its floating-point members (ir/Signature.h).
      auto up = std::find_if(
          f.signature.begin(), f.signature.end(),
          [&](const UserParam &u) { return u.aggregate && u.name == a.text; });
      if (up != f.signature.end()) {
        (isJvp ? req.jvpWrt : req.gradWrt).push_back(a.text);
        continue;
      }
      const Param *p = findParam(a);
      if (!p)
        continue;
      Type t = p->var ? p->var->type : p->arr->elemType;
      if (!isFloating(t)) {
        report(de, a.loc, Diag::PassiveParam,
               {a.text, f.name, std::string("of type ") + typeName(t)});
        continue;
      }
      (isJvp ? req.jvpWrt : req.gradWrt).push_back(a.text);
    }
    break;
  }
  case Directive::Batch:
    if (!f.signature.empty()) { // the launchers are flat (not yet)
      report(de, d.loc, Diag::BatchSignature, {f.name});
      break;
    }
    for (const DirectiveArg &a : d.args)
      if (findParam(a))
        req.batch.push_back(a.text);
    break;
  case Directive::Size:
    if (const Param *p = findParam(d.args[0])) {
      if (!p->arr)
        report(de, d.args[0].loc, Diag::PassiveParam,
               {d.args[0].text, f.name, "not a pointer"});
      else if (Extent e = checkSize(de, d, f))
        req.sizes[d.args[0].text] = e;
    }
    break;
  case Directive::Width:
    req.width = d.args[0].text == "dynamic" ? -1 : std::stoll(d.args[0].text);
    req.widthLoc = lineCol(de, d.loc);
    break;
  case Directive::Hvp:
  case Directive::Jacobian:
    addSecondOrder(de, d, f, req, findParam);
    break;
  case Directive::Checkpoint:
  case Directive::Instantiate:
  case Directive::Derivative:
    break;
  }
}

} // namespace adgen
