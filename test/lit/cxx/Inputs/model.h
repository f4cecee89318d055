// A user header with directives of its own (cxx/header_directives.cpp).
#pragma once
#include <cmath>

inline double square(double x) { return x * x; }

#pragma adgen jvp grad
inline double bump(double x, double w) {
  return std::exp(-square(x - w)) * w;
}
