// -std= reaches the parser (default -std=c++17).
// RUN: adgen %s -o - -std=c++20 | FileCheck %s
// RUN: adgen %s -o - -- -std=c++20 | FileCheck %s
// CHECK: ADGEN_HD double sq_jvp(
// RUN: not adgen %s -o - 2>&1 | FileCheck %s --check-prefix=CXX17
// CXX17: error: "needs C++20"
#if __cplusplus < 202002L
#error "needs C++20"
#endif

#pragma adgen jvp
double sq(double x) { return x * x; }
