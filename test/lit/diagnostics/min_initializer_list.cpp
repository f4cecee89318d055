// std::min of an initializer list is refused with a hint to nest the
// calls (std::min(a, b) itself is accepted; see accept_min_max_abs.cpp).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#include <algorithm>

#pragma adgen jvp
double f(double x, double y, double z) {
  // CHECK: {{.*}}min_initializer_list.cpp:[[@LINE+4]]:10: error: std::min of an initializer list is not supported by adgen
  // CHECK-NEXT: return std::min({x, y, z});
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}min_initializer_list.cpp:[[@LINE+1]]:10: note: hint: nest the calls: 'std::min(a, std::min(b, c))'
  return std::min({x, y, z});
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
