// --emit=wengert and --emit=stats print to stdout when there is no -o (as
// clang -ast-dump does); --emit=code still needs -o.
// RUN: adgen %s --emit=wengert | FileCheck %s --check-prefix=WENGERT
// RUN: adgen %s --emit=stats | FileCheck %s --check-prefix=STATS
// RUN: adgen %s --emit=wengert --show=grad | FileCheck %s --check-prefix=GRAD
// WENGERT: sq(double x)
// STATS: function sq (primal)
// GRAD: sq_grad(
// RUN: sh -c 'adgen %s 2>&1; test $? -eq 2' | FileCheck %s --check-prefix=NOOUT
// NOOUT: adgen: error: no output file

#pragma adgen jvp grad
double sq(double x) { return x * x; }
