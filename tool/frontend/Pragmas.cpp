#include "frontend/Pragmas.h"

#include "frontend/Diagnostics.h"

#include "clang/Lex/Preprocessor.h"

#include <cstdlib>
#include <sstream>

namespace adgen {

std::string Directive::name() const {
  switch (kind) {
  case Jvp: return "jvp";
  case Grad: return "grad";
  case Size: return "size";
  case Checkpoint: return "checkpoint";
  case Batch: return "batch";
  }
  return "?";
}

static bool parseCount(const std::string &s, long long &v) {
  if (s.empty())
    return false;
  char *end = nullptr;
  v = std::strtoll(s.c_str(), &end, 10);
  return *end == 0 && v > 0;
}

static bool parseBytes(const std::string &s, long long &v) {
  char *end = nullptr;
  double n = std::strtod(s.c_str(), &end);
  std::string unit = end;
  double mult = unit == "" || unit == "B" ? 1
                : unit == "KiB" || unit == "K" ? 1024.0
                : unit == "MiB" || unit == "M" ? 1024.0 * 1024
                : unit == "GiB" || unit == "G" ? 1024.0 * 1024 * 1024
                : unit == "KB" ? 1e3 : unit == "MB" ? 1e6 : unit == "GB" ? 1e9
                                                                         : -1;
  if (end == s.c_str() || mult < 0 || n <= 0)
    return false;
  v = static_cast<long long>(n * mult);
  return true;
}

bool parsePolicy(const std::string &text, std::string &canonical) {
  std::istringstream in(text);
  std::string word, arg, extra;
  in >> word >> arg >> extra;
  if (!extra.empty())
    return false;
  long long v = 0;
  if ((word == "auto" || word == "all" || word == "recompute") && arg.empty()) {
    canonical = word;
    return true;
  }
  if ((word == "every" || word == "binomial") && parseCount(arg, v)) {
    canonical = word + " " + std::to_string(v);
    return true;
  }
  if (word == "budget" && parseBytes(arg, v)) {
    canonical = "budget " + std::to_string(v);
    return true;
  }
  return false;
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
  while (!r.atEnd()) {
    std::string word = r.spelling();
    Directive d;
    d.loc = r.tok.getLocation();
    if (word == "jvp")
      d.kind = Directive::Jvp;
    else if (word == "grad")
      d.kind = Directive::Grad;
    else if (word == "size")
      d.kind = Directive::Size;
    else if (word == "batch")
      d.kind = Directive::Batch;
    else if (word == "checkpoint")
      d.kind = Directive::Checkpoint;
    else {
      report(de, d.loc, Diag::UnknownDirective, {word});
      r.skipToEnd();
      return;
    }
    r.next();
    if (r.tok.is(clang::tok::l_paren)) {
      d.hasList = true;
      r.next();
      int depth = 0;
      std::string cur;
      clang::SourceLocation curLoc;
      auto flush = [&] {
        if (!cur.empty())
          d.args.push_back({cur, curLoc});
        cur.clear();
      };
      while (!r.atEnd() && !(depth == 0 && r.tok.is(clang::tok::r_paren))) {
        if (r.tok.is(clang::tok::l_paren))
          ++depth;
        if (r.tok.is(clang::tok::r_paren))
          --depth;
        if (depth == 0 && r.tok.is(clang::tok::comma)) {
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
        return;
      }
      flush();
      r.next(); // ')'
    }
    bool ok = true;
    switch (d.kind) {
    case Directive::Batch:
      if (d.args.empty()) {
        report(de, d.loc, Diag::BadDirectiveSyntax,
               {"batch takes the per-sample parameters: batch(x, y)"});
        ok = false;
        break;
      }
      [[fallthrough]];
    case Directive::Jvp:
    case Directive::Grad:
      for (auto &a : d.args) {
        bool ident = !a.text.empty() && a.text.find(' ') == std::string::npos;
        for (char c : a.text)
          ident = ident && (std::isalnum(static_cast<unsigned char>(c)) ||
                            c == '_');
        if (!ident) {
          report(de, a.loc, Diag::BadDirectiveSyntax,
                 {"expected a parameter name, got '" + a.text + "'"});
          ok = false;
        }
      }
      break;
    case Directive::Size:
      if (d.args.size() != 2) {
        report(de, d.loc, Diag::BadDirectiveSyntax,
               {"size takes a parameter and an extent: size(p, n)"});
        ok = false;
      }
      break;
    case Directive::Checkpoint: {
      std::string text = d.args.empty() ? "" : d.args.front().text;
      if (d.args.size() != 1 || !parsePolicy(text, d.policy)) {
        std::string first = text.substr(0, text.find(' '));
        report(de, d.args.empty() ? d.loc : d.args.front().loc,
               Diag::UnknownClause, {first.empty() ? "(empty)" : text});
        ok = false;
      }
      break;
    }
    }
    if (ok)
      out.push_back(std::move(d));
  }
}

} // namespace adgen
