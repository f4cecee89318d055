// A diagnostic as a value, for the stages that do not see Clang (the
// transforms, and the driver's checks on the IR): which one of
// Diagnostics.def, where, and the arguments filling its %0, %1, .... The
// driver renders it through Clang as the frontend's own (file:line:col, the
// source line, a caret, and the hint as a note).
#pragma once

#include "ir/IR.h"

#include <string>
#include <vector>

namespace adgen {

enum class Diag {
#define ADGEN_DIAG(Id, Msg, Hint) Id,
#include "ir/Diagnostics.def"
};

struct Diagnostic {
  Diag id;
  std::string file; // the source file the location is in
  SourceLoc loc;
  std::vector<std::string> args; // %0, %1, ...
};

/// The message and the hint of `d` as declared, %N unfilled ("" for no hint).
const char *diagMessage(Diag d);
const char *diagHint(Diag d);

/// `text` with %0, %1, ... replaced by `args` (what they insert is not
/// scanned again).
std::string fillArgs(const char *text, const std::vector<std::string> &args);

/// "file:line:col: error: message", then "file:line:col: note: hint: ..."
/// on a line of its own when there is a hint, without the source line (for
/// tests and logs; the driver shows diagnostics through Clang).
std::string plainText(const Diagnostic &d);

} // namespace adgen
