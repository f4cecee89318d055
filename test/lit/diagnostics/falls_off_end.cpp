// A non-void function that can run off its end is an error at its closing
// brace (it was an internal error after the adjoint transform), and one that
// can never return is an error at its name; loops that only leave through a
// return, and if/else returning on both sides, are fine.
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.cpp

#pragma adgen jvp grad
double empty(double x) {}
// CHECK: falls_off_end.cpp:[[@LINE-1]]:25: error: control can reach the end of non-void function 'empty' without a return
// CHECK-NEXT: double empty(double x) {}
// CHECK: note: hint: return a value on every path

#pragma adgen jvp grad
double half(double x) {
  if (x > 0)
    return x * x;
}
// CHECK: falls_off_end.cpp:[[@LINE-1]]:1: error: control can reach the end of non-void function 'half' without a return

double helper(double x) {
  if (x > 1)
    return x;
}
// CHECK: falls_off_end.cpp:[[@LINE-1]]:1: error: control can reach the end of non-void function 'helper' without a return
#pragma adgen grad
double caller(double x) { return helper(x) * 2; }

#pragma adgen jvp grad
double forever(double x) {
  while (true) {
    if (x > 1)
      return x;
    x = x * 2;
  }
}

#pragma adgen jvp grad
double spin(double x) {
  for (;;) {
    x = x * x;
  }
}
// CHECK: falls_off_end.cpp:[[@LINE-5]]:8: error: non-void function 'spin' never returns: no path from its entry reaches a return
// CHECK: note: hint: give its loop an exit that returns a value

#pragma adgen jvp grad
double both(double x) {
  if (x > 0)
    return x;
  else
    return -x;
}
// CHECK: errors generated.
