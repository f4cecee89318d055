// Dense Jacobians (SPEC §8's jacobian): f_jacobian fills jac[r * columns +
// c] = d(output r) / d(input c), rows the arrays f writes then its result,
// columns its active inputs, and picks vector forward mode (one sweep, a
// direction per column) when columns <= rows, else reverse mode (a sweep per
// row). Checked against central differences on 3 inputs / 50 outputs
// (forward), 50 inputs / 3 outputs (reverse), extents known only at run
// time (both built, both paths run) with an output array the function also
// reads (every reverse sweep must start from its initial values), and a
// function in a namespace.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: adgen %s --emit=stats -o - | FileCheck %s --check-prefix=STATS
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

// 3 parameters of a curve sampled at 50 points.
#pragma adgen jacobian size(p, 3) size(y, 50)
void curve(const double *p, double *y) {
  for (int i = 0; i < 50; ++i) {
    double t = i / 49.0;
    y[i] = p[0] * std::sin(p[1] * t) + p[2] * t * t;
  }
}

// 50 inputs, 3 outputs: mean and variance written, log-sum-exp returned.
#pragma adgen jacobian size(x, 50) size(m, 2)
double moments(const double *x, double *m) {
  double s = 0, q = 0, e = 0;
  for (int i = 0; i < 50; ++i) {
    s += x[i];
    q += x[i] * x[i];
    e += std::exp(x[i]);
  }
  m[0] = s / 50;
  m[1] = q / 50 - m[0] * m[0];
  return std::log(e);
}

// Extents from parameters; y accumulates (its initial value is read).
#pragma adgen jacobian(x, s) size(x, n) size(y, k)
double mix(const double *x, int n, double s, double *y, int k) {
  double r = 0;
  for (int j = 0; j < k; ++j) {
    double a = 0;
    for (int i = 0; i < n; ++i)
      a += std::tanh(s * x[i] + j) * x[(i + j) % n];
    y[j] += a;
    r += a * y[j];
  }
  return r + s * s;
}

namespace geo {
#pragma adgen jacobian
double polar(double r, double t, double *xy) {
  xy[0] = r * std::cos(t);
  xy[1] = r * std::sin(t);
  return r * r;
}
} // namespace geo

// CHECK-LABEL: void curve_jacobian(const double *p, double *y, double *jac) {
// CHECK: const long long adgen_columns = 3; // p
// CHECK-NOT: adgen_rows
// CHECK: // Vector forward mode
// CHECK-NOT: Reverse mode
// CHECK-LABEL: double moments_jacobian(
// CHECK-NOT: Vector forward mode
// CHECK: // Reverse mode
// CHECK-LABEL: double mix_jacobian(
// CHECK: if (adgen_columns <= adgen_rows) {
// CHECK: // Vector forward mode
// CHECK: // Reverse mode
// CHECK: y_start
// CHECK-LABEL: namespace geo {
// CHECK: double polar_jacobian(double r, double t, double *xy, double *jac) {

// STATS-LABEL: function curve_jacobian (jacobian w.r.t. p)
// STATS: columns 3 (p: 3), rows 50 (y: 50)
// STATS: vector forward mode: one sweep of 3 directions (3 columns <= 50 rows; reverse mode would take 50 sweeps)
// STATS-LABEL: function moments_jacobian
// STATS: columns 50 (x: 50), rows 3 (m: 2, the result)
// STATS: reverse mode: 3 adjoint sweeps (3 rows < 50 columns; forward mode would take 50 directions)
// STATS-LABEL: function mix_jacobian
// STATS: columns n + 1 (x: n, s), rows k + 1 (y: k, the result)
// STATS: extents known at run time only

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include <functional>
void curve_jacobian(const double *p, double *y, double *jac);
double moments_jacobian(const double *x, double *m, double *jac);
double mix_jacobian(const double *x, int n, double s, double *y, int k,
                    double *jac);
namespace geo {
double polar_jacobian(double r, double t, double *xy, double *jac);
}
using fd::Vec;

// outputs(z): the rows for inputs z; jac(z, J) fills J and returns the rows
// the call left (written arrays, then the result).
void check(const std::string &name, const Vec &z, size_t rows,
           const std::function<Vec(const Vec &)> &outputs,
           const std::function<Vec(const Vec &, Vec &)> &jac) {
  size_t cols = z.size();
  Vec J(rows * cols, -7.0);
  Vec got = jac(z, J);
  Vec want = outputs(z);
  for (size_t r = 0; r < rows; ++r)
    fd::check_equal(name + " output " + std::to_string(r), fd::at(z), got[r],
                    want[r]);
  for (size_t c = 0; c < cols; ++c) {
    double h = fd::rel_step(z[c]);
    Vec zp = z, zm = z;
    zp[c] += h;
    zm[c] -= h;
    Vec op = outputs(zp), om = outputs(zm);
    for (size_t r = 0; r < rows; ++r)
      fd::check_close(name + " J[" + std::to_string(r) + "][" +
                          std::to_string(c) + "]",
                      fd::at(z), J[r * cols + c], (op[r] - om[r]) / (2 * h),
                      1e-6, 1e-7);
  }
}

int main() {
  fd::Rng rng(11);
  for (int t = 0; t < 3; ++t) {
    check(
        "curve", rng.vec(3, -2, 2), 50,
        [](const Vec &z) {
          Vec y(50, 0.0);
          curve(z.data(), y.data());
          return y;
        },
        [](const Vec &z, Vec &J) {
          Vec y(50, 0.0);
          curve_jacobian(z.data(), y.data(), J.data());
          return y;
        });
    check(
        "moments", rng.vec(50, -1, 1), 3,
        [](const Vec &z) {
          Vec m(3, 0.0);
          m[2] = moments(z.data(), m.data());
          return m;
        },
        [](const Vec &z, Vec &J) {
          Vec m(3, 0.0);
          m[2] = moments_jacobian(z.data(), m.data(), J.data());
          return m;
        });
    Vec pr = {rng.uniform(0.5, 2), rng.uniform(-3, 3)};
    check(
        "polar", pr, 3,
        [](const Vec &z) {
          Vec o(3, 0.0);
          o[2] = geo::polar(z[0], z[1], o.data());
          return o;
        },
        [](const Vec &z, Vec &J) {
          Vec o(3, 0.0);
          o[2] = geo::polar_jacobian(z[0], z[1], o.data(), J.data());
          return o;
        });
  }
  // Both of mix_jacobian's paths: more rows than columns and fewer.
  for (auto [n, k] : {std::pair{2, 7}, {7, 2}, {3, 3}, {1, 0}}) {
    Vec y0 = rng.vec(k, -1, 1);
    auto name = "mix n=" + std::to_string(n) + " k=" + std::to_string(k);
    check(
        name, rng.vec(n + 1, -1, 1), size_t(k) + 1,
        [n, k, y0](const Vec &z) {
          Vec y = y0;
          y.push_back(mix(z.data(), n, z[n], y.data(), k));
          return y;
        },
        [n, k, y0](const Vec &z, Vec &J) {
          Vec y = y0;
          y.push_back(mix_jacobian(z.data(), n, z[n], y.data(), k, J.data()));
          return y;
        });
  }
  return fd::finish();
}
#endif
