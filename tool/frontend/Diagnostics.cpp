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
  std::string hint = t.hint;
  // The hint may name the construct as %0 too.
  size_t p = hint.find("%0");
  while (p != std::string::npos && args.size() > 0) {
    hint.replace(p, 2, args.begin()->str());
    p = hint.find("%0", p + 1);
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
