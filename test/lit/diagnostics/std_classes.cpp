// std:: classes adgen refuses (SPEC §5), each at its place with a hint: a
// call that resizes a vector the function differentiates through, vectors
// of bool or of vectors, members other than element access, size, empty and
// data, std::tuple and std::complex arithmetic (not supported yet), a local
// std::vector resized and a returned one. The output is left untouched.
// RUN: echo keep > %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: grep -qx keep %t.cpp
#include <complex>
#include <tuple>
#include <vector>

struct Data {
  double scale;
  std::vector<double> xs;
};

#pragma adgen grad
double grow(std::vector<double> &v, double x) {
  // CHECK: std_classes.cpp:[[@LINE+2]]:5: error: 'push_back' changes the size of std::vector 'v', which adgen cannot differentiate through
  // CHECK: note: hint: a differentiated function keeps the sizes of its vectors
  v.push_back(x);
  return v[0];
}

#pragma adgen grad
double assign(std::vector<double> &v, const std::vector<double> &w) {
  // CHECK: std_classes.cpp:[[@LINE+1]]:5: error: 'operator=' changes the size of std::vector 'v'
  v = w;
  return v[0];
}

#pragma adgen grad
double member(Data &d) {
  // CHECK: std_classes.cpp:[[@LINE+1]]:8: error: 'resize' changes the size of std::vector 'd.xs'
  d.xs.resize(3);
  return d.scale * d.xs[0];
}

// CHECK: std_classes.cpp:[[@LINE+3]]:46: error: 't' has type 'std::tuple<double, double>', which adgen does not support yet
// CHECK: note: hint: use a std::pair or a struct of the values
#pragma adgen grad
double tup(const std::tuple<double, double> &t) { return std::get<0>(t); }

// CHECK: std_classes.cpp:[[@LINE+3]]:49: error: std::complex arithmetic ('z * z') is not supported by adgen
// CHECK: note: hint: write it with the parts: z.real() * w.real() - z.imag() * w.imag() for (z * w).real()
#pragma adgen grad
double cplx(std::complex<double> z) { return (z * z).real(); }

// A local vector is scratch of the size it is made with (heap_scratch.cpp).
#pragma adgen grad
double local(double x) {
  std::vector<double> tmp;
  // CHECK: std_classes.cpp:[[@LINE+1]]:7: error: 'push_back' changes the size of std::vector 'tmp'
  tmp.push_back(x);
  return tmp[0];
}

// CHECK: std_classes.cpp:[[@LINE+3]]:39: error: 'b' (std::vector<bool>) holds elements of type 'bool', which adgen cannot differentiate through
// CHECK: note: hint: use std::vector or std::array of double, float, long double, integers or structs of those
#pragma adgen grad
double bools(const std::vector<bool> &b, double x) { return b[0] ? x : 0.0; }

// Rows of scalars are accepted (cxx/rows.cpp); rows of rows are not.
// CHECK: std_classes.cpp:[[@LINE+3]]:20: error: 'm' (std::vector<std::vector<std::vector<double>>>) holds elements of type 'std::vector<std::vector<double>>'
#pragma adgen grad
double nested(const std::vector<std::vector<std::vector<double>>>
                  &m) {
  return m[0][0][0];
}

#pragma adgen grad
double cap(const std::vector<double> &v) {
  // CHECK: std_classes.cpp:[[@LINE+2]]:39: error: 'capacity()' on 'v' (std::vector<double>) is not supported by adgen
  // CHECK: note: hint: use element access (v[i], v.at(i), front(), back()), size(), empty(), data() or a range-based for loop
  return v[0] * static_cast<double>(v.capacity());
}

// CHECK: std_classes.cpp:[[@LINE+2]]:21: error: the result of 'ret' has type 'std::vector<double>', which adgen does not support yet
#pragma adgen grad
std::vector<double> ret(double x) { return {x}; }
// CHECK: 10 errors generated.
