// Clang AST → IR. Parses the input with libTooling, collects the
// `#pragma adgen` directives, and lowers every annotated function (and every
// function of the file they call) to the Wengert-list IR.
#pragma once

#include "ir/ExtentExpr.h"
#include "ir/IR.h"

#include <map>
#include <string>
#include <vector>

namespace adgen {

/// What the user asked for on one function.
struct DiffRequest {
  Function *fn = nullptr;
  bool jvp = false, grad = false;
  bool jvpAll = true, gradAll = true; // no list: every floating parameter
  std::vector<std::string> jvpWrt, gradWrt;
  std::map<std::string, Extent> sizes; // size(p, EXPR), parsed
  std::vector<std::string> batch; // batch(p, ...): per-sample parameters
  // SPEC §8: width(K) (-1: dynamic) for f_jvp; hvp(x) for f_hvp;
  // jacobian(x) for f_jacobian. Each with where its clause stands.
  int64_t width = 0;
  bool hvp = false, hvpAll = true;
  std::vector<std::string> hvpWrt;
  bool jacobian = false, jacobianAll = true;
  std::vector<std::string> jacobianWrt;
  SourceLoc widthLoc, hvpLoc, jacobianLoc;
};

struct FrontendOptions {
  std::string input;
  std::vector<std::string> clangArgs; // -I, -D, -std=, and after `--`
  std::string buildDir;               // -p: where compile_commands.json is
};

struct FrontendResult {
  Module module;
  std::vector<DiffRequest> requests;
  std::string userTypes; // struct definitions the signatures need
};

/// Parses and lowers. Diagnostics go to stderr; false when any error was
/// reported (the result is then not to be used).
bool runFrontend(const FrontendOptions &opts, FrontendResult &out);

} // namespace adgen
