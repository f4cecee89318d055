// adgen's diagnostics, reported through Clang's DiagnosticsEngine so they
// look like the compiler's own: file:line:col, the source line, a caret, and
// a note with the hint.
#pragma once

#include "ir/Diagnostic.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <initializer_list>

namespace adgen {

/// Reports error `d` (ir/Diagnostics.def) at `loc` with the arguments filling
/// %0, %1, ..., then its hint, if any, as a note at the same place.
void report(clang::DiagnosticsEngine &de, clang::SourceLocation loc, Diag d,
            llvm::ArrayRef<llvm::StringRef> args = {},
            clang::SourceRange range = {});

/// Adds a note (`text`, with %0, %1, ... filled from `args`) at `loc` to the
/// error reported last.
void note(clang::DiagnosticsEngine &de, clang::SourceLocation loc,
          llvm::StringRef text,
          std::initializer_list<llvm::StringRef> args = {});

} // namespace adgen
