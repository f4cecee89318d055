// A variable of struct type says that struct types are not supported, with
// a hint that does not list the types again.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

struct Point { double x, y; };

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}struct_type.cpp:[[@LINE+4]]:9: error: 'p' has type 'struct Point': struct and class types are not supported by adgen
  // CHECK-NEXT: Point p{x, 2.0};
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}struct_type.cpp:[[@LINE+1]]:9: note: hint: pass the data as separate scalars, or as pointers to arrays of double or float (with their sizes)
  Point p{x, 2.0};
  return p.x * p.y;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
