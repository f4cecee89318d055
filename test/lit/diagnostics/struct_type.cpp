// A differentiated function returning a struct that cannot be
// default-constructed is refused at its name: its f_jvp and f_grad return
// the struct from a value-initialised local (structs that can be are
// accepted: test/lit/cxx/constructors.cpp).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

struct Point {
  double x, y;
  Point(double a, double b) : x(a), y(b) {}
};

#pragma adgen jvp
// CHECK: {{.*}}struct_type.cpp:[[@LINE+4]]:7: error: 'f' returns a struct ('Point') that cannot be default-constructed, which its derivative functions need to return it
// CHECK-NEXT: Point f(double x) {
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}struct_type.cpp:[[@LINE+1]]:7: note: hint: give 'Point' a default constructor, or write the result through a reference parameter ('void f(..., Point &out)')
Point f(double x) {
  Point p(x, 2.0);
  return p;
}
// CHECK: 1 error generated.
