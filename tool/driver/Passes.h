// The pipeline as named passes, one list per mode; Passes.cpp reads in one
// screen (as Halide's Lower.cpp). runPasses (driver/PassRunner.h) runs a
// list: it prints the IR after a pass (--print-after=PASS|all) and runs the
// verifier after each one (--verify-each).
//
// A pass is a function of the PassState: it reads what earlier passes left
// there and leaves its result there. Adding one is a function and a line in
// its list.
#pragma once

#include "frontend/Frontend.h"
#include "ir/Diagnostic.h"
#include "transform/Adjoint.h"
#include "transform/Tangent.h"

#include <memory>
#include <string>
#include <vector>

namespace adgen {

/// What the passes of a list read and write.
struct PassState {
  const FrontendOptions *input = nullptr; // lowering: what to parse
  FrontendResult *lowered = nullptr;      // lowering: the module made
  const Function *primal = nullptr;       // grad, jvp, batch: f as lowered
  std::unique_ptr<Function> fn;           // the function being built
  AdjointOptions adjoint;                 // grad
  std::unique_ptr<Function> prepared;     // grad: f prepared, once f_grad starts
  std::shared_ptr<AdjointPasses> reverse; // grad: f_grad being built
  TangentOptions tangent;                 // jvp
  DerivedModule *dm = nullptr;            // jvp: callee tangents go here
  std::vector<Diagnostic> errors;         // what a failed pass says
};

struct Pass {
  const char *name;
  /// False when the input has an error: in `errors`, or already reported.
  bool (*run)(PassState &);
};

using PassList = std::vector<Pass>;

const PassList &loweringPasses(); // the input file to the module's IR
const PassList &gradPasses();     // f to f_grad
const PassList &jvpPasses();      // f to f_jvp
const PassList &vectorJvpPasses(); // f to f_jvp with width(K)
const PassList &batchPasses();    // f to its self-contained copy (batch)

/// Every pass name, each once, in pipeline order (what --print-after takes).
std::vector<std::string> passNames();

} // namespace adgen
