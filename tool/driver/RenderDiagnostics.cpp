#include "driver/RenderDiagnostics.h"

#include "frontend/Diagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

namespace adgen {
namespace {

/// Where `d` points in its file (invalid, so printed without a place, when
/// the file cannot be read or the place is unknown).
clang::SourceLocation locationOf(clang::SourceManager &sm,
                                 const Diagnostic &d) {
  auto file = sm.getFileManager().getOptionalFileRef(d.file);
  if (!file || d.loc.line == 0)
    return {};
  clang::FileID fid = sm.getOrCreateFileID(*file, clang::SrcMgr::C_User);
  return sm.translateLineCol(fid, d.loc.line, d.loc.col ? d.loc.col : 1);
}

} // namespace

void printDiagnostics(const std::vector<Diagnostic> &ds) {
  clang::DiagnosticOptions opts;
  clang::TextDiagnosticPrinter printer(llvm::errs(), opts);
  clang::DiagnosticsEngine de(clang::DiagnosticIDs::create(), opts, &printer,
                              /*ShouldOwnClient=*/false);
  clang::FileManager fm{clang::FileSystemOptions{}};
  clang::SourceManager sm(de, fm);
  de.setSourceManager(&sm);
  clang::LangOptions lang;
  lang.CPlusPlus = true;
  printer.BeginSourceFile(lang, /*PP=*/nullptr);
  for (const Diagnostic &d : ds) {
    std::vector<llvm::StringRef> args(d.args.begin(), d.args.end());
    report(de, locationOf(sm, d), d.id, args);
  }
  printer.EndSourceFile();
  unsigned n = printer.getNumErrors();
  llvm::errs() << n << (n == 1 ? " error" : " errors") << " generated.\n";
}

void warnNothingToDifferentiate(const std::string &input) {
  std::fprintf(stderr,
               "adgen: warning: %s has no '#pragma adgen jvp' or 'grad' "
               "directive; nothing to differentiate\n",
               input.c_str());
}

} // namespace adgen
