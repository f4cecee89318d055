// Dynamic allocation with new is rejected at the new-expression.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp(x)
double f(double x, double* out) {
  out[0] = x * x;
  // CHECK: {{.*}}new.cpp:[[@LINE+4]]:9: error: dynamic allocation (new) is supported only as a local scratch array
  // CHECK-NEXT: (void)new double[4];
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}new.cpp:[[@LINE+1]]:9: note: hint: declare the scratch as a local: 'T *p = new T[n];', 'T *p = (T *)malloc(n * sizeof(T));' or 'std::vector<T> v(n);', or pass a buffer as a pointer parameter
  (void)new double[4];
  return x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
