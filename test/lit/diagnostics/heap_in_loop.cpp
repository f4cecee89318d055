// Reverse mode takes heap scratch allocated at the function's top level
// only: one allocated in each iteration of a loop is refused, at the
// allocation, with the fix (the tangent takes it: see the jvp below).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp
// RUN: sed '/^#pragma/s/grad/jvp/' %s > %t.jvp.cpp
// RUN: adgen %t.jvp.cpp -o - | FileCheck %s --check-prefix=JVP
// JVP: adgen::Scratch<double> p_dot(p_size);

#pragma adgen grad
double f(const double *x, int n, int m) {
  double s = 0;
  for (int k = 0; k < m; ++k) {
    // CHECK: {{.*}}heap_in_loop.cpp:[[@LINE+4]]:13: error: scratch array 'p' is allocated inside a loop or branch, which reverse mode does not support yet
    // CHECK-NEXT: double* p = new double[n];
    // CHECK-NEXT: {{^ *\| *~*\^}}
    // CHECK-NEXT: {{.*}}heap_in_loop.cpp:[[@LINE+1]]:13: note: hint: allocate it once before the loop, at the top level of the function, and reuse it in every iteration
    double* p = new double[n];
    for (int i = 0; i < n; ++i)
      p[i] = x[i] * k;
    s += p[n - 1] * p[0];
    delete[] p;
  }
  return s;
}
// CHECK: 1 error generated.
