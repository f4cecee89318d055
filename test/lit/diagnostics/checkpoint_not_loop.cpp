// checkpoint must be followed by a loop.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}checkpoint_not_loop.cpp:[[@LINE+4]]:17: error: '#pragma adgen checkpoint' is not followed by a loop
  // CHECK-NEXT: #pragma adgen checkpoint(every 4)
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}checkpoint_not_loop.cpp:[[@LINE+1]]:17: note: hint: put the checkpoint directive right before a for, while or do loop
  #pragma adgen checkpoint(every 4)
  double y = x * x;
  return y;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
