// `*new double(x)` is an allocation, not pointer arithmetic or address-of.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}new_deref.cpp:[[@LINE+4]]:15: error: dynamic allocation (new) is supported only as a local scratch array
  // CHECK-NEXT: double y = *new double(x);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}new_deref.cpp:[[@LINE+1]]:15: note: hint: declare the scratch as a local: 'T *p = new T[n];', 'T *p = (T *)malloc(n * sizeof(T));' or 'std::vector<T> v(n);', or pass a buffer as a pointer parameter
  double y = *new double(x);
  return y * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
