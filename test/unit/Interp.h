// A reference interpreter of adgen's IR, for tests: runs a Function on
// concrete inputs so derivative code can be checked against finite
// differences and primal code against itself.
//
// Values are doubles; integer-typed ops compute in int64 and are then
// narrowed to their type (int/unsigned wrap as in C++), Float-typed ops are
// rounded to float. Array accesses are bounds-checked. Anything the IR does
// that C++ would leave undefined (out-of-bounds index, integer division by
// zero, an out-of-range conversion to an integer, a non-void function
// falling off its end, break outside a loop) throws InterpError.
#pragma once

#include "ir/IR.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace adgen::test {

struct InterpError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct InterpOptions {
  /// Ops executed before giving up (guards against non-terminating loops).
  int64_t maxSteps = 10'000'000;
};

/// Runs f. `scalars` holds the values of f's scalar parameters and `arrays`
/// its array parameters (including `T*` scalar outputs, as size-1 vectors),
/// each in parameter order. Non-const arrays are written back; const ones
/// are left untouched. Returns the result (0 for a void function).
double interpret(const Function &f, const std::vector<double> &scalars,
                 std::vector<std::vector<double>> &arrays,
                 const InterpOptions &opts = {});

/// As above for a function without array parameters.
double interpret(const Function &f, const std::vector<double> &scalars,
                 const InterpOptions &opts = {});

/// v converted to type t as C++ would (int truncation, float rounding,
/// bool 0/1); throws InterpError when an integer type cannot hold v.
double convert(Type t, double v);

} // namespace adgen::test
