// --header FILE also writes a header declaring the generated functions, each
// marked ADGEN_HD; it includes the runtime, is idempotent, and matches the
// definitions (a program using only the header links against the generated
// source and computes the seed's Wengert derivatives).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: adgen %s -o %t.dir/w.cpp --header %t.dir/w.h
// RUN: FileCheck %s < %t.dir/w.h
// CHECK: #pragma once
// CHECK: #include <adgen/runtime.h>
// CHECK: ADGEN_HD double wengert_jvp(double x1, double x2, double x3, double x1_dot,
// CHECK-NEXT: double x2_dot, double x3_dot, double *wengert_dot);
// CHECK-NOT: {
//
// RUN: %cxx -c %t.dir/w.cpp -o %t.dir/w.o
// RUN: %cxx '-DGENERATED_HEADER="%t.dir/w.h"' -c %S/Inputs/wengert_main.cpp -o %t.dir/main.o
// RUN: %cxx %t.dir/main.o %t.dir/w.o -o %t.dir/main
// RUN: %t.dir/main | FileCheck %s --check-prefix=VALUES
// y = x1 x2 + sin(x2 x3) at (1, 2, 3); gradient (x2, x1 + x3 cos(x2 x3), x2 cos(x2 x3)).
// VALUES: y = 1.720585
// VALUES-NEXT: grad = 2.000000 3.880511 1.920341
//
// The header of a CUDA run declares the same (ADGEN_HD is __host__ __device__).
// RUN: adgen %s -o %t.dir/w.cu --header %t.dir/w.cuh
// RUN: FileCheck %s < %t.dir/w.cuh
//
// With -o - the header is still written.
// RUN: adgen %s -o - --header %t.dir/s.h > /dev/null
// RUN: FileCheck %s < %t.dir/s.h
#include <cmath>

#pragma adgen jvp
double wengert(double x1, double x2, double x3) {
  double y = x1 * x2 + std::sin(x2 * x3);
  return y;
}
