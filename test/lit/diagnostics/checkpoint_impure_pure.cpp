// A pure checkpointed loop is accepted: math calls, a const global, a nested
// loop, an if, and a pure function of the file called from the body.
// RUN: rm -f %t.cpp
// RUN: adgen %s -o %t.cpp 2>&1 | FileCheck %s --allow-empty --implicit-check-not=error: --implicit-check-not="Stack dump"
// RUN: test -s %t.cpp

#include <cmath>

const double decay = 0.9;

double cell(double h, double w, double x) {
  double z = w * h + x;
  for (int k = 0; k < 2; ++k)
    z = z - 0.1 * std::tanh(z);
  return z;
}

#pragma adgen grad(w)
double f(const double* w, const double* xs, int T) {
  double h = 0.0;
  #pragma adgen checkpoint(every 4)
  for (int t = 0; t < T; ++t) {
    h = decay * cell(h, w[t], xs[t]);
    if (h > 1.0)
      h = std::sqrt(h);
  }
  return h * h;
}
