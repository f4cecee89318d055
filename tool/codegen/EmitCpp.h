// IR → C++ source. Dumb on purpose: every decision about derivatives was
// made by the passes; this prints ops as statements, loops and ifs as C++
// control flow, and the file around them from templates/.
#pragma once

#include "ir/IR.h"

#include <string>

namespace adgen {

struct EmitOptions {
  bool cuda = false;        // CUDA flavour (.cu): same code, nvcc-ready
  std::string input;        // the source file's name, for comments
  std::string version;      // adgen's version
  // Definitions of the struct types the signatures use (SPEC §5), copied
  // from the source, so the file stays self-contained.
  std::string userTypes;
};

/// The whole generated file for the functions of `m` (callees first).
std::string emitFile(const Module &m, const EmitOptions &o);

/// A header declaring the user-facing functions of `m`.
std::string emitHeader(const Module &m, const EmitOptions &o);

class TemplateForms;

/// One function's definition (no file prologue); a template's
/// instantiation as `forms` says (codegen/EmitTemplate.h).
std::string emitFunction(const Function &f, const EmitOptions &o);
std::string emitFunction(const Function &f, const EmitOptions &o,
                         const TemplateForms *forms);

/// `R name(params)` of f, under its own name or `name`.
std::string signatureOf(const Function &f);
std::string signatureOf(const Function &f, const std::string &name);

/// One parameter's declaration (`const double* a`, `double f_bar = 1.0`).
std::string paramText(const Param &p, bool defaults = true);

} // namespace adgen
