#include "frontend/Pragmas.h"

#include "frontend/Diagnostics.h"
#include "ir/Policy.h"

#include "clang/Lex/Preprocessor.h"

#include <algorithm>

namespace adgen {

std::string Directive::name() const {
  switch (kind) {
  case Jvp: return "jvp";
  case Grad: return "grad";
  case Size: return "size";
  case Checkpoint: return "checkpoint";
  case Batch: return "batch";
  case Instantiate: return "instantiate";
  case Derivative: return "derivative";
  case Width: return "width";
  case Hvp: return "hvp";
  case Jacobian: return "jacobian";
  }
  return "?";
}

namespace {

struct TokenReader {
  clang::Preprocessor &pp;
  clang::Token tok;
  void next() { pp.Lex(tok); }
  bool atEnd() const { return tok.is(clang::tok::eod); }
  std::string spelling() const { return pp.getSpelling(tok); }
  void skipToEnd() {
    while (!atEnd())
      next();
  }
};

} // namespace

/// The kind a directive's keyword names; false for an unknown one.
static bool directiveKind(const std::string &word, Directive::Kind &kind) {
  if (word == "jvp")
    kind = Directive::Jvp;
  else if (word == "grad")
    kind = Directive::Grad;
  else if (word == "size")
    kind = Directive::Size;
  else if (word == "batch")
    kind = Directive::Batch;
  else if (word == "checkpoint")
    kind = Directive::Checkpoint;
  else if (word == "instantiate")
    kind = Directive::Instantiate;
  else if (word == "derivative")
    kind = Directive::Derivative;
  else if (word == "width")
    kind = Directive::Width;
  else if (word == "hvp")
    kind = Directive::Hvp;
  else if (word == "jacobian")
    kind = Directive::Jacobian;
  else
    return false;
  return true;
}

/// Reads the parenthesized argument list after `word(` (r at the first token
/// inside) into d.args, and the ')'; false after a diagnostic.
static bool readArgs(clang::DiagnosticsEngine &de, TokenReader &r,
                     Directive &d, const std::string &word) {
  int depth = 0;
  std::string cur;
  clang::SourceLocation curLoc;
  // An empty argument (`size(h, n,)`, `jvp(x,,y)`) is kept, and refused
  // below; `jvp()` is an empty list.
  bool comma = false;
  auto flush = [&] {
    if (!cur.empty() || comma)
      d.args.push_back({cur, cur.empty() ? r.tok.getLocation() : curLoc});
    cur.clear();
  };
  while (!r.atEnd() && !(depth == 0 && r.tok.is(clang::tok::r_paren))) {
    if (r.tok.is(clang::tok::l_paren))
      ++depth;
    if (r.tok.is(clang::tok::r_paren))
      --depth;
    if (depth == 0 && r.tok.is(clang::tok::comma)) {
      comma = true;
      flush();
    } else {
      if (cur.empty())
        curLoc = r.tok.getLocation();
      else if (r.tok.hasLeadingSpace())
        cur += ' ';
      cur += r.spelling();
    }
    r.next();
  }
  if (r.atEnd()) {
    report(de, d.loc, Diag::BadDirectiveSyntax,
           {"missing ')' after '" + word + "('"});
    return false;
  }
  flush();
  r.next(); // ')'
  return true;
}

/// jvp/grad/batch: every argument a parameter name (and, for jvp/grad, an
/// explicit list not empty); false after a diagnostic.
static bool checkNames(clang::DiagnosticsEngine &de, const Directive &d,
                       const std::string &word) {
  bool ok = true;
  if (d.hasList && d.args.empty() && d.kind != Directive::Batch) {
    report(de, d.loc, Diag::EmptyList, {word});
    ok = false;
  }
  for (auto &a : d.args) {
    bool ident = !a.text.empty() && a.text.find(' ') == std::string::npos;
    for (char c : a.text)
      ident = ident && (std::isalnum(static_cast<unsigned char>(c)) ||
                        c == '_');
    if (!ident) {
      report(de, a.loc, Diag::BadDirectiveSyntax,
             {a.text.empty() ? std::string("empty argument (a stray ',')")
                             : "expected a parameter name, got '" +
                                   a.text + "'"});
      ok = false;
    }
  }
  return ok;
}

/// checkpoint(POLICY): one policy, parsed into d.policy; false after a
/// diagnostic.
static bool checkPolicy(clang::DiagnosticsEngine &de, Directive &d) {
  std::string text = d.args.empty() ? "" : d.args.front().text;
  std::string why;
  if (d.args.size() > 1) {
    report(de, d.args[1].loc, Diag::BadPolicy,
           {text, "a checkpoint directive takes one policy"});
    return false;
  }
  if (!parsePolicy(text, d.policy, &why)) {
    std::string first = text.substr(0, text.find(' '));
    bool known = first == "every" || first == "binomial" ||
                 first == "budget" || first == "auto" || first == "all" ||
                 first == "recompute";
    clang::SourceLocation at = d.args.empty() ? d.loc : d.args[0].loc;
    if (known)
      report(de, at, Diag::BadPolicy, {text, why});
    else
      report(de, at, Diag::UnknownClause, {first.empty() ? "(empty)" : first});
    return false;
  }
  return true;
}

/// instantiate(f<float>, f<double, 3>): the commas inside <...> rejoined;
/// each argument a name and a template argument list (the frontend checks
/// the name and the arguments); false after a diagnostic.
static bool checkInstances(clang::DiagnosticsEngine &de, Directive &d) {
  std::vector<DirectiveArg> joined;
  int depth = 0;
  for (DirectiveArg &a : d.args) {
    if (depth > 0)
      joined.back().text += ", " + a.text;
    else
      joined.push_back(a);
    for (char c : a.text)
      depth += (c == '<') - (c == '>');
  }
  d.args = joined;
  if (d.args.empty()) {
    report(de, d.loc, Diag::BadDirectiveSyntax,
           {"instantiate names instantiations: instantiate(f<float>)"});
    return false;
  }
  for (const DirectiveArg &a : d.args) {
    size_t lt = a.text.find('<');
    bool ok = lt != std::string::npos && lt > 0 && a.text.back() == '>' &&
              (std::isalpha(static_cast<unsigned char>(a.text[0])) ||
               a.text[0] == '_');
    int balance = 0;
    for (char c : a.text)
      balance += (c == '<') - (c == '>');
    if (!ok || balance != 0) {
      report(de, a.loc, Diag::BadDirectiveSyntax,
             {a.text.empty() ? std::string("empty argument (a stray ',')")
                             : "expected a template and its arguments "
                               "('f<float>'), got '" + a.text + "'"});
      return false;
    }
  }
  return true;
}

static bool checkFunctionNames(clang::DiagnosticsEngine &de,
                               const Directive &d, const std::string &word);

/// width(K) with K a positive number (at most 1024), or width(dynamic).
static bool checkWidth(clang::DiagnosticsEngine &de, const Directive &d) {
  const std::string t = d.args.size() == 1 ? d.args[0].text : "";
  bool number = !t.empty() && t.size() <= 4 &&
                std::all_of(t.begin(), t.end(), [](char c) {
                  return std::isdigit(static_cast<unsigned char>(c));
                });
  if (t == "dynamic" || (number && std::stoi(t) >= 1 && std::stoi(t) <= 1024))
    return true;
  report(de, d.args.empty() ? d.loc : d.args[0].loc, Diag::BadDirectiveSyntax,
         {"width takes the number of tangent directions (1 to 1024) or "
          "'dynamic': width(8), width(dynamic)"});
  return false;
}

/// Checks a directive's arguments for its kind; false after a diagnostic.
static bool checkDirective(clang::DiagnosticsEngine &de, Directive &d,
                           const std::string &word) {
  switch (d.kind) {
  case Directive::Batch:
    if (d.args.empty()) {
      report(de, d.loc, Diag::BadDirectiveSyntax,
             {"batch takes the per-sample parameters: batch(x, y)"});
      return false;
    }
    return checkNames(de, d, word);
  case Directive::Jvp:
  case Directive::Grad:
  case Directive::Hvp:
  case Directive::Jacobian:
    return checkNames(de, d, word);
  case Directive::Width:
    return checkWidth(de, d);
  case Directive::Size:
    if (d.args.size() != 2 || d.args[0].text.empty() ||
        d.args[1].text.empty()) {
      report(de, d.args.size() > 2 ? d.args[2].loc : d.loc,
             Diag::BadDirectiveSyntax,
             {"size takes a parameter and an extent: size(p, n)"});
      return false;
    }
    return true;
  case Directive::Checkpoint:
    return checkPolicy(de, d);
  case Directive::Instantiate:
    return checkInstances(de, d);
  case Directive::Derivative:
    return checkFunctionNames(de, d, word);
  }
  return true;
}

/// derivative(f): one function name (`f`, `ns::f`); so are the jvp and grad
/// clauses that follow it.
static bool checkFunctionNames(clang::DiagnosticsEngine &de,
                               const Directive &d, const std::string &word) {
  if (d.args.size() != 1) {
    report(de, d.args.size() > 1 ? d.args[1].loc : d.loc,
           Diag::BadDirectiveSyntax,
           {word + " takes one function: " + word + "(f)"});
    return false;
  }
  const std::string &t = d.args[0].text;
  bool ok = !t.empty() && !std::isdigit(static_cast<unsigned char>(t[0]));
  for (char c : t)
    ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
                c == ':');
  if (!ok)
    report(de, d.args[0].loc, Diag::BadDirectiveSyntax,
           {"expected a function name, got '" + t + "'"});
  return ok;
}

void AdgenPragmaHandler::HandlePragma(clang::Preprocessor &pp,
                                      clang::PragmaIntroducer,
                                      clang::Token &) {
  auto &de = pp.getDiagnostics();
  TokenReader r{pp, {}};
  r.next();
  if (r.atEnd()) {
    report(de, r.tok.getLocation(), Diag::BadDirectiveSyntax,
           {"expected a directive after '#pragma adgen'"});
    return;
  }
  const size_t pragmaStart = out.size(); // this pragma's first directive
  while (!r.atEnd()) {
    std::string word = r.spelling();
    Directive d;
    d.loc = r.tok.getLocation();
    if (!directiveKind(word, d.kind)) {
      report(de, d.loc, Diag::UnknownDirective, {word});
      r.skipToEnd();
      return;
    }
    r.next();
    if (r.tok.is(clang::tok::l_paren)) {
      d.hasList = true;
      r.next();
      if (!readArgs(de, r, d, word))
        return;
    }
    // derivative(f) comes first in its pragma; its jvp(f_jvp) and
    // grad(f_grad) clauses name functions, not parameters.
    Directive *rule =
        pragmaStart < out.size() && out[pragmaStart].kind == Directive::Derivative
            ? &out[pragmaStart]
            : nullptr;
    if (rule && (d.kind == Directive::Jvp || d.kind == Directive::Grad)) {
      if (checkFunctionNames(de, d, word))
        (d.kind == Directive::Jvp ? rule->ruleJvp : rule->ruleGrad) = d.args[0];
      continue;
    }
    if (rule || (d.kind == Directive::Derivative && pragmaStart != out.size())) {
      report(de, d.loc, Diag::BadDirectiveSyntax,
             {"a derivative directive stands alone: '#pragma adgen "
              "derivative(f) jvp(f_jvp) grad(f_grad)'"});
      r.skipToEnd();
      return;
    }
    if (checkDirective(de, d, word))
      out.push_back(std::move(d));
  }
  if (pragmaStart < out.size() &&
      out[pragmaStart].kind == Directive::Derivative &&
      out[pragmaStart].ruleJvp.text.empty() &&
      out[pragmaStart].ruleGrad.text.empty()) {
    const std::string &f = out[pragmaStart].args[0].text;
    report(de, out[pragmaStart].loc, Diag::BadDirectiveSyntax,
           {"name its derivative functions: '#pragma adgen derivative(" + f +
            ") jvp(" + f + "_jvp) grad(" + f + "_grad)'"});
    out.pop_back();
  }
}

} // namespace adgen
