// Batched kernels and their launchers (CUDA flavour, `batch(...)` clause):
// for f with per-sample parameters, f_batch (values), f_grad_batch and
// f_jvp_batch run one sample per GPU thread, and on the CPU, one sample
// after another, when no GPU is there. See runtime/include/adgen/batch.h.
#pragma once

#include "codegen/EmitCpp.h"

#include <string>
#include <vector>

namespace adgen {

struct BatchSpec {
  std::string name;                  // the user's function: f of f_batch
  const Function *primal = nullptr;
  const Function *grad = nullptr;    // f_grad, or null
  const Function *strided = nullptr; // f_grad's per-thread variant
  const Function *jvp = nullptr;     // f_jvp, or null
  std::vector<bool> perSample;       // per primal parameter
  std::vector<bool> gradActive, jvpActive; // per primal parameter
  std::vector<std::string> extent;   // per primal pointer parameter (C++)
  long long tapeBytes = -1;          // per sample, when static
};

struct BatchCode {
  std::string definitions;  // kernels (under __CUDACC__) and launchers
  std::string declarations; // the launchers, for --header
};

/// An extent's C++ text as a factor: parenthesised unless a name or a
/// number (EmitJacobian too).
std::string paren(const std::string &e);

/// Kernels and launchers for one function.
BatchCode emitBatch(const BatchSpec &spec);

} // namespace adgen
