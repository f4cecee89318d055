// `jacobian` (SPEC §8): f_jacobian, the dense Jacobian of f's outputs (the
// arrays it writes, then its floating result) by its inputs (the active
// parameters it does not write), row-major. Built on an internal vector
// forward JVP (one sweep, a direction per column) or an internal adjoint
// (one sweep per row); with extents known only at run time, both, and the
// cheaper runs.
#pragma once

#include "ir/IR.h"

#include <string>
#include <vector>

namespace adgen {

/// One block of rows or columns: a parameter (or the result) of `extent`
/// elements (C++ text, "1" for a scalar).
struct JacobianBlock {
  int param = -1; // f's parameter index; -1: the returned value
  std::string extent;
};

struct JacobianSpec {
  const Function *primal = nullptr;
  const Function *jvp = nullptr;  // f's vector JVP (every input active)
  const Function *grad = nullptr; // f's adjoint, the same activity
  std::vector<bool> active;       // per parameter of f, in jvp and grad
  std::vector<JacobianBlock> columns, rows;
  std::vector<int> restored; // written pointer parameters a sweep rewrites
  std::string elem;          // jac's element type
  bool dynamicWidth = false; // jvp takes adgen_width
};

struct JacobianCode {
  std::string definition, declaration;
};

/// f_jacobian for spec (jvp, grad or both set).
JacobianCode emitJacobian(const JacobianSpec &spec);

/// "n + 1": the sum of the blocks' extents, folded where constant.
std::string blockTotal(const std::vector<JacobianBlock> &blocks);

} // namespace adgen
