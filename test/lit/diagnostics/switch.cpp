// A case label nested inside a statement of the switch (Duff's device) is
// refused; so is a declaration that the later cases would see.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp(x)
double f(double x, int k) {
  double s = 0;
  switch (k % 2) {
  case 0:
    do {
      s += x;
      // CHECK: {{.*}}switch.cpp:[[@LINE+4]]:5: error: a case label inside a nested statement of a switch is not supported by adgen
      // CHECK-NEXT: case 1:
      // CHECK-NEXT: {{^ *\| *\^~*}}
      // CHECK-NEXT: {{.*}}switch.cpp:[[@LINE+1]]:5: note: hint: put every case label of the switch directly in its braces, and the statements of a case in their own braces
    case 1:
      s *= x;
    } while (--k > 0);
  }
  return s;
}

#pragma adgen jvp(x)
double g(double x, int k) {
  switch (k) {
  case 0:
    // CHECK: {{.*}}switch.cpp:[[@LINE+4]]:5: error: a declaration that the later cases of a switch can see is not supported by adgen
    // CHECK-NEXT: double t;
    // CHECK-NEXT: {{^ *\| *\^~*}}
    // CHECK-NEXT: {{.*}}switch.cpp:[[@LINE+1]]:5: note: hint: put the case's statements in braces ('case 1: { double t = ...; }'), or declare the variable before the switch
    double t;
    t = x;
    return t;
  default:
    t = x * x;
    return t;
  }
}
// CHECK: 2 errors generated.
