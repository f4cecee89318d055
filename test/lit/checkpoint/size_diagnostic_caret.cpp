// The diagnostic for a checkpointed loop whose written pointer parameter has
// no extent adgen can infer is clang-style like the others (SPEC section 5):
// the source line with a caret, and the error count.
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=error:
#include <cmath>

#pragma adgen grad
double f(double *p, const double *w, int n, int T) {
  // CHECK: {{.*}}size_diagnostic_caret.cpp:[[@LINE+5]]:3: error: the checkpointed loop at line [[@LINE+5]] writes or reads pointer parameter 'p' as part of its state, and adgen cannot tell its extent
  // CHECK-NEXT: for (int t = 0; t < T; ++t) {
  // CHECK-NEXT: {{^ *\| *\^}}
  // CHECK-NEXT: {{.*}}size_diagnostic_caret.cpp:[[@LINE+2]]:3: note: hint: add a size clause to the function's directive, e.g. '#pragma adgen grad size(p, n)'
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i < n; ++i)
      p[i] = std::sin(w[i % 2] * p[(i + 1) % n] + p[i]);
  }
  return p[0];
}
// CHECK: 1 error generated.
