// The generated file can be #included into a translation unit that also
// defines the primals (and the helper they call): no name clash; and the
// derivatives it computes match the analytic ones. (g++ -Wall warns about
// the unknown pragmas in the annotated source itself, hence -Wno-unknown-pragmas
// there; the generated code gets plain %cxx.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: adgen %s -o %t.dir/gen.cpp
// RUN: %cxx -Wno-unknown-pragmas -DWITH_MAIN '-DGENERATED="%t.dir/gen.cpp"' %s -o %t.dir/prog
// RUN: %t.dir/prog | FileCheck %s
// Also as two translation units linked together (generated code alone + this file).
// RUN: %cxx -c %t.dir/gen.cpp -o %t.dir/gen.o
// RUN: %cxx -Wno-unknown-pragmas -DWITH_MAIN -DDECLARE_ONLY -c %s -o %t.dir/main.o
// RUN: %cxx %t.dir/main.o %t.dir/gen.o -o %t.dir/prog2
// RUN: %t.dir/prog2 | FileCheck %s
// CHECK: mix 0.819211 dmix/da 0.778577 dmix/db 2.236723
// CHECK-NEXT: dot 0.462117 ddot/dw0 1.572895
#include <cmath>
#include <cstdio>

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

#ifdef WITH_MAIN
#ifdef DECLARE_ONLY
double mix_jvp(double a, double b, double a_dot, double b_dot, double* mix_dot);
double dot_tanh_jvp(const double* x, const double* w, int n,
                    const double* w_dot, double* dot_tanh_dot);
#else
#include GENERATED
#endif

int main() {
  const double a = 1.0, b = 0.5;
  double da = 0, db = 0;
  const double m = mix_jvp(a, b, 1.0, 0.0, &da);
  mix_jvp(a, b, 0.0, 1.0, &db);
  // The primal defined here agrees with the value the jvp returns.
  if (std::fabs(m - mix(a, b)) > 1e-15)
    return 1;
  std::printf("mix %.6f dmix/da %.6f dmix/db %.6f\n", m, da, db);
  const double x[3] = {2.0, -1.0, 1.0};
  const double w[3] = {0.3, 0.2, 0.1};
  const double e0[3] = {1.0, 0.0, 0.0};
  double dd = 0;
  const double d = dot_tanh_jvp(x, w, 3, e0, &dd);
  if (std::fabs(d - dot_tanh(x, w, 3)) > 1e-15)
    return 1;
  std::printf("dot %.6f ddot/dw0 %.6f\n", d, dd);
  return 0;
}
#endif
