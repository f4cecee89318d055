// The interpreter's scalar operations (internal to Interp.cpp).
#pragma once

#include "ir/IR.h"

namespace adgen::test {

/// f(a[, b[, c]]) computed in type t (float overloads for Float).
double evalMath(MathFn f, Type t, double a, double b, double c);
/// a op b for Add/Sub/Mul/Div/Rem in type t (int64 for integer types;
/// throws InterpError on integer division by zero). Not yet narrowed.
double evalArith(OpKind k, Type t, double a, double b);

} // namespace adgen::test
