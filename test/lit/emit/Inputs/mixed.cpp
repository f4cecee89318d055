// Shared input of emit/cpp.cpp and emit/cuda.cpp: scalars, pointers in and
// out, loops, branches, math functions, a helper call, float.
#include <cmath>

static double sq(double v) { return v * v; }

#pragma adgen jvp
double mix(double a, double b) {
  double r = std::exp(a) * std::log1p(b * b) + std::pow(a, 3.0) - std::hypot(a, b);
  r += a > b ? std::fmax(a, b) : std::fmin(a, b);
  return std::atan2(r, 1.0 + sq(a)) + std::cbrt(std::fabs(b) + 1.0);
}

#pragma adgen jvp(w)
double dot_tanh(const double* x, const double* w, int n) {
  double z = 0.0;
  for (int i = 0; i < n; ++i)
    z += w[i] * x[i];
  return std::tanh(z);
}

#pragma adgen jvp(x)
void scale_into(const double* x, double* out, double s, int n) {
  for (int i = 0; i < n; ++i) {
    if (x[i] > 0.0)
      out[i] = s * x[i] * x[i];
    else
      out[i] = std::sin(x[i]);
  }
}

#pragma adgen jvp
float f32(float x, float y) {
  float t = sinf(x) * y;
  int k = 0;
  while (k < 3) {
    t = t * 0.5f + y;
    ++k;
  }
  return t;
}
