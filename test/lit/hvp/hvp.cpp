// Hessian-vector products (SPEC §8's hvp): f_hvp returns the value, adds
// f_bar·∇f to x_bar and f_bar·H·x_dot to x_bar_dot. Checked against
// central differences of f_grad, against the symmetry ⟨u, H v⟩ = ⟨v, H u⟩
// on random u, v, and on Rosenbrock the full Hessian assembled from n HVPs
// against the analytic one. Also: a scalar parameter, a helper with a loop
// called from two places (its own adjoint), a checkpointed loop (the re-run
// iterations carry their tangents) and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen grad hvp size(x, n)
double rosen(const double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i];
    double b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}

double energy(const double *w, const double *x, int n, double s) {
  double e = 0;
  for (int i = 0; i < n; ++i)
    e += std::tanh(s * w[i] * x[i]) + std::exp(-w[i] * w[i]);
  return e;
}

#pragma adgen grad(w, s) hvp(w, s) size(w, n) size(x, n)
double mixed(const double *w, const double *x, int n, double s) {
  double e = energy(w, x, n, s) * energy(x, w, n, 0.5 * s);
  return std::log(1 + e * e) + s * s * w[0];
}

#pragma adgen grad(w, h0) hvp(w, h0) size(w, 3)
double rnn(const double *w, double h0, int steps) {
  double h = h0;
#pragma adgen checkpoint(every 3)
  for (int t = 0; t < steps; ++t)
    h = std::tanh(w[0] * h + w[1] * std::sin(h) + w[2]);
  return h * h;
}

#pragma adgen grad hvp size(x, 2)
float quad(const float *x) {
  return x[0] * x[0] * x[1] + std::sin(x[0] * x[1]);
}

// The signature of SPEC §8: tangents, then per active parameter its
// gradient and its HVP, then the seed.
// CHECK-LABEL: double rosen_hvp(const double *x, int n, const double *x_dot,
// CHECK: double *x_bar, double *x_bar_dot,
// CHECK: double rosen_bar = 1.0) {
// CHECK-LABEL: double mixed_hvp(
// CHECK: const double *w_dot, double s_dot, double *w_bar,
// CHECK: double *w_bar_dot, double *s_bar, double *s_bar_dot,
// CHECK-LABEL: double rnn_hvp(
// CHECK: adgen::checkpoint::
// CHECK-LABEL: float quad_hvp(const float *x, const float *x_dot, float *x_bar,
// CHECK: float *x_bar_dot, float quad_bar = 1.0f) {

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include <functional>
double rosen_grad(const double *x, int n, double *x_bar, double f_bar = 1.0);
double rosen_hvp(const double *x, int n, const double *x_dot, double *x_bar,
                 double *x_bar_dot, double f_bar = 1.0);
double mixed_grad(const double *w, const double *x, int n, double s,
                  double *w_bar, double *s_bar, double f_bar = 1.0);
double mixed_hvp(const double *w, const double *x, int n, double s,
                 const double *w_dot, double s_dot, double *w_bar,
                 double *w_bar_dot, double *s_bar, double *s_bar_dot,
                 double f_bar = 1.0);
double rnn_grad(const double *w, double h0, int steps, double *w_bar,
                double *h0_bar, double f_bar = 1.0);
double rnn_hvp(const double *w, double h0, int steps, const double *w_dot,
               double h0_dot, double *w_bar, double *w_bar_dot,
               double *h0_bar, double *h0_bar_dot, double f_bar = 1.0);
float quad_grad(const float *x, float *x_bar, float f_bar = 1.0f);
float quad_hvp(const float *x, const float *x_dot, float *x_bar,
               float *x_bar_dot, float f_bar = 1.0f);
using fd::Vec;

// A function of the packed inputs z: value, gradient, and (g, Hv) at z
// along v with seed b.
struct Case {
  std::string name;
  std::function<double(const Vec &)> f;
  std::function<Vec(const Vec &)> grad;
  std::function<double(const Vec &, const Vec &, double, Vec *, Vec *)> hvp;
};

void check(const Case &c, const Vec &z, fd::Rng &rng, double tol) {
  std::string p = fd::at(z);
  size_t m = z.size();
  Vec u = rng.vec(m, -1, 1), v = rng.vec(m, -1, 1);
  double b = rng.uniform(0.5, 2);
  // Adjoints accumulate: start from nonzero values.
  Vec g0 = rng.vec(m, -1, 1), h0 = rng.vec(m, -1, 1);
  Vec g = g0, hv = h0;
  double val = c.hvp(z, v, b, &g, &hv);
  fd::check_equal(c.name + " value", p, val, c.f(z));
  Vec grad = c.grad(z);
  for (size_t i = 0; i < m; ++i) {
    fd::check_close(c.name + " gradient", p, g[i] - g0[i], b * grad[i], tol,
                    tol);
    // H v by central differences of the gradient along v.
    double h = 1e-5;
    Vec zp = z, zm = z;
    for (size_t j = 0; j < m; ++j) {
      zp[j] += h * v[j];
      zm[j] -= h * v[j];
    }
    double want = b * (c.grad(zp)[i] - c.grad(zm)[i]) / (2 * h);
    fd::check_close(c.name + " Hv[" + std::to_string(i) + "]", p,
                    hv[i] - h0[i], want, 1e3 * tol, 1e3 * tol);
  }
  // Symmetry: <u, H v> = <v, H u>.
  Vec ga(m, 0.0), hu(m, 0.0), gb(m, 0.0), hvv(m, 0.0);
  c.hvp(z, u, 1.0, &ga, &hu);
  c.hvp(z, v, 1.0, &gb, &hvv);
  fd::check_close(c.name + " symmetry", p, fd::dot(u, hvv), fd::dot(v, hu),
                  10 * tol, 10 * tol);
}

int main() {
  fd::Rng rng(5);
  for (int n : {2, 3, 7, 20}) {
    Case c{"rosen n=" + std::to_string(n),
           [n](const Vec &z) { return rosen(z.data(), n); },
           [n](const Vec &z) {
             Vec g(n, 0.0);
             rosen_grad(z.data(), n, g.data());
             return g;
           },
           [n](const Vec &z, const Vec &v, double b, Vec *g, Vec *hv) {
             return rosen_hvp(z.data(), n, v.data(), g->data(), hv->data(), b);
           }};
    for (int t = 0; t < 3; ++t)
      check(c, rng.vec(n, -1.5, 1.5), rng, 1e-9);
    // The full Hessian from n HVPs against the analytic one.
    Vec x = rng.vec(n, -1.5, 1.5);
    for (int j = 0; j < n; ++j) {
      Vec e(n, 0.0), g(n, 0.0), col(n, 0.0);
      e[j] = 1;
      rosen_hvp(x.data(), n, e.data(), g.data(), col.data());
      for (int i = 0; i < n; ++i) {
        double want = 0;
        if (i == j) {
          if (i + 1 < n)
            want += 1200 * x[i] * x[i] - 400 * x[i + 1] + 2;
          if (i > 0)
            want += 200;
        } else if (j == i + 1) {
          want = -400 * x[i];
        } else if (i == j + 1) {
          want = -400 * x[j];
        }
        fd::check_close("rosen H[" + std::to_string(i) + "][" +
                            std::to_string(j) + "]",
                        fd::at(x), col[i], want, 1e-12, 1e-12);
      }
    }
  }
  for (int n : {1, 4}) {
    Vec x = rng.vec(n, -1, 1);
    Case c{"mixed n=" + std::to_string(n),
           [n, x](const Vec &z) { return mixed(z.data(), x.data(), n, z[n]); },
           [n, x](const Vec &z) {
             Vec g(n + 1, 0.0);
             mixed_grad(z.data(), x.data(), n, z[n], g.data(), &g[n]);
             return g;
           },
           [n, x](const Vec &z, const Vec &v, double b, Vec *g, Vec *hv) {
             return mixed_hvp(z.data(), x.data(), n, z[n], v.data(), v[n],
                              g->data(), hv->data(), &(*g)[n], &(*hv)[n], b);
           }};
    for (int t = 0; t < 3; ++t)
      check(c, rng.vec(n + 1, -1, 1), rng, 1e-8);
  }
  for (int steps : {0, 1, 5, 11}) {
    Case c{"rnn steps=" + std::to_string(steps),
           [steps](const Vec &z) { return rnn(z.data(), z[3], steps); },
           [steps](const Vec &z) {
             Vec g(4, 0.0);
             rnn_grad(z.data(), z[3], steps, g.data(), &g[3]);
             return g;
           },
           [steps](const Vec &z, const Vec &v, double b, Vec *g, Vec *hv) {
             return rnn_hvp(z.data(), z[3], steps, v.data(), v[3], g->data(),
                            hv->data(), &(*g)[3], &(*hv)[3], b);
           }};
    for (int t = 0; t < 3; ++t)
      check(c, rng.vec(4, -0.8, 0.8), rng, 1e-8);
  }
  // float: against the analytic Hessian.
  for (int t = 0; t < 5; ++t) {
    float x[2] = {float(rng.uniform(-1, 1)), float(rng.uniform(-1, 1))};
    float v[2] = {float(rng.uniform(-1, 1)), float(rng.uniform(-1, 1))};
    float g[2] = {0, 0}, hv[2] = {0, 0};
    quad_hvp(x, v, g, hv);
    double a = x[0], c = x[1], s = std::sin(a * c), co = std::cos(a * c);
    double h00 = 2 * c - c * c * s, h01 = 2 * a + co - a * c * s,
           h11 = -a * a * s;
    std::string p = fd::at({a, c});
    fd::check_close("quad g0", p, g[0], 2 * a * c + c * co, 1e-5, 1e-5);
    fd::check_close("quad Hv0", p, hv[0], h00 * v[0] + h01 * v[1], 1e-5, 1e-5);
    fd::check_close("quad Hv1", p, hv[1], h01 * v[0] + h11 * v[1], 1e-5, 1e-5);
  }
  return fd::finish();
}
#endif
