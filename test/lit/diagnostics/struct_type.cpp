// A function returning a struct is refused at its name, with the hint to
// write the result through a reference (struct parameters and locals are
// accepted: test/lit/cxx/struct_params.cpp).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

struct Point { double x, y; };

#pragma adgen jvp
// CHECK: {{.*}}struct_type.cpp:[[@LINE+4]]:7: error: 'f' returns a struct ('Point'): returning structs is not supported by adgen yet
// CHECK-NEXT: Point f(double x) {
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}struct_type.cpp:[[@LINE+1]]:7: note: hint: write the result through a reference or pointer parameter ('void f(..., Point &out)')
Point f(double x) {
  Point p{x, 2.0};
  return p;
}
// CHECK: 1 error generated.
