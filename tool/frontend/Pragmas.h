// `#pragma adgen ...` directives: parsed by a preprocessor pragma handler
// into Directive records with source locations; attached to functions and
// loops after parsing (see LowerFunction.cpp).
#pragma once

#include "adgen/schedule.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Pragma.h"

#include <string>
#include <vector>

namespace adgen {

struct DirectiveArg {
  std::string text;
  clang::SourceLocation loc;
};

struct Directive {
  enum Kind {
    Jvp,
    Grad,
    Size,
    Checkpoint,
    Batch,
    Instantiate,
    Derivative,
    Width,    // width(K) | width(dynamic): vector forward mode
    Hvp,      // hvp(x): Hessian-vector products
    Jacobian, // jacobian(x): the dense Jacobian
  } kind;
  clang::SourceLocation loc; // the clause's keyword
  bool hasList = false;      // jvp/grad: an explicit parameter list
  std::vector<DirectiveArg> args; // jvp/grad/batch: names; size: param,
                                  // extent; instantiate: `f<float>`, ...
  checkpoint::Policy policy;      // checkpoint: every 4, auto, ...
  // derivative(f) jvp(f_jvp) grad(f_grad): args[0] is f; the functions its
  // jvp and grad clauses name (text empty when a clause is left out).
  DirectiveArg ruleJvp, ruleGrad;
  std::string name() const;
};

/// Collects every `#pragma adgen` line of the translation unit, reporting
/// unknown directives and clauses as errors where they stand.
class AdgenPragmaHandler : public clang::PragmaHandler {
public:
  explicit AdgenPragmaHandler(std::vector<Directive> &out)
      : clang::PragmaHandler("adgen"), out(out) {}
  void HandlePragma(clang::Preprocessor &pp, clang::PragmaIntroducer intro,
                    clang::Token &first) override;

private:
  std::vector<Directive> &out;
};

} // namespace adgen
