// A checkpoint directive inside a function template's body applies to the
// loop in every instantiation (the pattern's loops are mirrored onto the
// instantiated ones).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -Wall -Wextra -Werror -c %t.cpp -o %t.o
#include <cmath>

#pragma adgen grad
template <class T> T chain(const T *w, int n) {
  T h = 0.5;
  #pragma adgen checkpoint(every 2)
  for (int i = 0; i < n; ++i)
    h = std::tanh(w[i] * h + T(0.1));
  return h;
}
double use(const double *w, const float *v) { return chain(w, 4) + chain(v, 4); }

// CHECK: ADGEN_HD double chain_grad<double>(
// CHECK: adgen::checkpoint::Policy::every(2)
// CHECK: ADGEN_HD float chain_grad<float>(
// CHECK: adgen::checkpoint::Policy::every(2)
