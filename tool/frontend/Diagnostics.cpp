#include "frontend/Diagnostics.h"

namespace adgen {

void report(clang::DiagnosticsEngine &de, clang::SourceLocation loc, Diag d,
            llvm::ArrayRef<llvm::StringRef> args, clang::SourceRange range) {
  auto &ids = *de.getDiagnosticIDs();
  unsigned id =
      ids.getCustomDiagID(clang::DiagnosticIDs::Error, diagMessage(d));
  {
    auto b = de.Report(loc, id);
    for (auto a : args)
      b << a;
    if (range.isValid())
      b << range;
  }
  if (!*diagHint(d))
    return;
  unsigned hid = ids.getCustomDiagID(clang::DiagnosticIDs::Note, "hint: %0");
  // The hint may name the arguments too (%0, %1, ...).
  std::string hint = fillArgs(diagHint(d), {args.begin(), args.end()});
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
