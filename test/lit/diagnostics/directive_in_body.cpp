// A function directive inside a function body.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

double f(double x) {
  // CHECK: {{.*}}directive_in_body.cpp:[[@LINE+4]]:17: error: '#pragma adgen jvp' inside a function body
  // CHECK-NEXT: #pragma adgen jvp
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}directive_in_body.cpp:[[@LINE+1]]:17: note: hint: function directives go before the function definition; only 'checkpoint' goes inside, before a loop
  #pragma adgen jvp
  double y = x * x;
  return y;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
