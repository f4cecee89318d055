#include "frontend/Diagnostics.h"

namespace adgen {
namespace {

struct Text {
  const char *msg, *hint;
};

const Text &text(Diag d) {
  static const Text table[] = {
#define ADGEN_DIAG(Id, Msg, Hint) {Msg, Hint},
#include "frontend/Diagnostics.def"
  };
  return table[static_cast<int>(d)];
}

} // namespace

void report(clang::DiagnosticsEngine &de, clang::SourceLocation loc, Diag d,
            std::initializer_list<llvm::StringRef> args,
            clang::SourceRange range) {
  const Text &t = text(d);
  auto &ids = *de.getDiagnosticIDs();
  unsigned id = ids.getCustomDiagID(clang::DiagnosticIDs::Error, t.msg);
  {
    auto b = de.Report(loc, id);
    for (auto a : args)
      b << a;
    if (range.isValid())
      b << range;
  }
  unsigned hid = ids.getCustomDiagID(clang::DiagnosticIDs::Note, "hint: %0");
  // The hint may name the arguments too (%0, %1, ...); what they insert is
  // not scanned again.
  std::string hint;
  for (const char *c = t.hint; *c; ++c) {
    size_t k = c[1] >= '0' && c[1] <= '9' ? size_t(c[1] - '0') : args.size();
    if (*c == '%' && k < args.size()) {
      hint += args.begin()[k].str();
      ++c;
    } else {
      hint += *c;
    }
  }
  de.Report(loc, hid) << hint;
}

void note(clang::DiagnosticsEngine &de, clang::SourceLocation loc,
          llvm::StringRef text, std::initializer_list<llvm::StringRef> args) {
  unsigned id =
      de.getDiagnosticIDs()->getCustomDiagID(clang::DiagnosticIDs::Note, text);
  auto b = de.Report(loc, id);
  for (auto a : args)
    b << a;
}

} // namespace adgen
