// The generated file is self-contained (SPEC §4): it includes only standard
// headers and <adgen/runtime.h>, and compiles as its own translation unit
// without the input file, from another directory, after the input is gone.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/src %t.dir/gen %t.dir/elsewhere
// RUN: cp %s %t.dir/src/input.cpp
// RUN: adgen %t.dir/src/input.cpp -o %t.dir/gen/d.cpp
// RUN: adgen %t.dir/src/input.cpp -o %t.dir/gen/d.cu
// RUN: rm -rf %t.dir/src
// RUN: cd %t.dir/elsewhere && %cxx -c ../gen/d.cpp -o d.o
// RUN: cd %t.dir/elsewhere && %cxx -x c++ -c ../gen/d.cu -o d2.o
// RUN: FileCheck %s --input-file=%t.dir/gen/d.cpp
// RUN: FileCheck %s --input-file=%t.dir/gen/d.cu
// Only <...> includes: standard headers and the runtime, never the input.
// CHECK-NOT: #include "
// CHECK-NOT: input.cpp"
// CHECK: #include <adgen/runtime.h>
// CHECK-NOT: #include "
// RUN: grep "#include" %t.dir/gen/d.cpp | FileCheck %s --check-prefix=INC --match-full-lines
// INC-NOT: {{.*}}input{{.*}}
// INC: #include <cmath>
// INC-NEXT: #include <adgen/runtime.h>
// INC-NOT: {{.}}
#include <cmath>

static double sq(double v) { return v * v; }
const double kScale = 0.5;

#pragma adgen jvp
double mix(double a, double b) {
  return std::exp(a) * sq(b) * kScale + std::sin(a * b);
}

#pragma adgen jvp(w)
double dot_tanh(const double* x, const double* w, int n) {
  double z = 0.0;
  for (int i = 0; i < n; ++i)
    z += w[i] * x[i];
  return std::tanh(z);
}
