// goto is rejected: location, source line, caret, hint; exit status 1; no output.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}goto.cpp:[[@LINE+4]]:14: error: goto is not supported by adgen
  // CHECK-NEXT: if (x > 0) goto done;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}goto.cpp:[[@LINE+1]]:14: note: hint: restructure with loops, break and continue
  if (x > 0) goto done;
  x = x * 2;
done:
  return x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
