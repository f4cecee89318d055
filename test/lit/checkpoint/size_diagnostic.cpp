// A checkpointed loop writes a pointer parameter whose extent adgen cannot
// infer (indices that are neither constants nor a counted loop's counter):
// an error at the loop with a hint asking for size(p, EXPR); exit status 1;
// the output file is left exactly as it was (absent, or its old contents).
// (Clang-style source line and caret: size_diagnostic_caret.cpp.)
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp
// RUN: echo "old contents" > %t.old.cpp
// RUN: not adgen %s -o %t.old.cpp 2>/dev/null
// RUN: echo "old contents" | diff - %t.old.cpp
// With the size clause it is accepted.
// RUN: adgen -DSIZED %s -o %t.sized.out.cpp
// RUN: FileCheck %s --check-prefix=SIZED < %t.sized.out.cpp
#include <cmath>

#pragma adgen grad
#ifdef SIZED
#pragma adgen size(p, n)
#endif
double f(double *p, const double *w, int n, int T) {
  // CHECK: {{.*}}size_diagnostic.cpp:[[@LINE+3]]:3: error: the checkpointed loop at line [[@LINE+3]] writes or reads pointer parameter 'p' as part of its state, and adgen cannot tell its extent
  // CHECK: {{.*}}size_diagnostic.cpp:[[@LINE+2]]:3: note: hint: add a size clause to the function's directive, e.g. '#pragma adgen grad size(p, n)'
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i < n; ++i)
      p[i] = std::sin(w[i % 2] * p[(i + 1) % n] + p[i]);
  }
  return p[0];
}
// (The source line, caret and error count: size_diagnostic_caret.cpp.)
// SIZED: .put(p, static_cast<long>(n));
