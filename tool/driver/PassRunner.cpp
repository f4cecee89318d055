#include "driver/PassRunner.h"

#include "ir/Printer.h"
#include "ir/Verifier.h"

#include <cstdio>

namespace adgen {
namespace {

/// What a pass made: the function being built, or after lowering every
/// function of the module.
std::vector<const Function *> made(const PassState &s) {
  if (s.fn)
    return {s.fn.get()};
  std::vector<const Function *> fns;
  if (s.lowered)
    for (auto &f : s.lowered->module.functions)
      fns.push_back(f.get());
  return fns;
}

/// Internal invariant broken: say so plainly rather than emit wrong code.
bool verified(const Function &f, const char *pass) {
  auto errs = verify(f);
  for (auto &e : errs)
    std::fprintf(stderr,
                 "adgen: internal error: invalid IR after pass '%s' in "
                 "'%s': %s\n",
                 pass, f.name.c_str(), e.c_str());
  return errs.empty();
}

} // namespace

bool runPasses(const PassList &passes, PassState &s, const PassOptions &o) {
  bool printAll = o.printAfter.count("all") > 0;
  for (size_t i = 0; i < passes.size(); ++i) {
    const Pass &p = passes[i];
    if (!p.run(s))
      return false;
    bool print = printAll || o.printAfter.count(p.name);
    bool check = o.verifyEach || i + 1 == passes.size();
    for (const Function *f : made(s)) {
      if (print)
        std::fprintf(stderr, "*** IR after %s (%s) ***\n%s\n", p.name,
                     f->name.c_str(), printFunction(*f).c_str());
      if (check && !verified(*f, p.name))
        return false;
    }
  }
  return true;
}

} // namespace adgen
