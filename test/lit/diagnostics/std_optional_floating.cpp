// std::optional is accepted of integers (passive, cxx/std_optional.cpp);
// of floating point it is refused at the parameter, with a hint.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// RUN: not test -e %t.cpp
#include <optional>

// CHECK: std_optional_floating.cpp:[[@LINE+3]]:49: error: a std::optional of 'double' ('w') is not supported by adgen
// CHECK: note: hint: pass the value and a flag, or use std::optional of an integer
#pragma adgen grad
double weighted(double x, std::optional<double> w) {
  return x * w.value_or(1.0);
}
// CHECK: 1 error generated.
