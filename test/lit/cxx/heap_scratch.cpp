// Heap scratch locals (SPEC §5): `new T[n]` / `delete[]`, `new T(v)` /
// `delete`, `malloc(n * sizeof(T))` and `calloc(n, sizeof(T))` / `free`,
// and local std::vectors
// (`v(n)`, `v(n, x)`, a copy, `{a, b, c}`) passed to helpers by reference.
// Each becomes an adgen::Scratch of a run-time count beside its adjoint or
// tangent; a checkpointed loop's state holds the scratch it writes, by its
// count. f_grad and f_jvp against central differences and the dot-product
// test, double and float; the generated file compiled alone.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <cstdlib>
#include <vector>

// CHECK-LABEL: double smooth_grad(
// CHECK: long t_size = static_cast<long>(n);
// CHECK-NEXT: adgen::Scratch<double> t(t_size);
// CHECK-NEXT: adgen::Scratch<double> t_bar(t_size);
// CHECK-NOT: delete
#pragma adgen jvp grad
double smooth(const double *x, int n) {
  double *t = new double[n];
  for (int i = 0; i < n; ++i)
    t[i] = x[i] * x[i];
  double s = 0;
  for (int i = 1; i < n; ++i)
    s += std::sin(t[i] - t[i - 1]) + t[i] * x[0];
  delete[] t;
  return s;
}

// CHECK-LABEL: double cmix_jvp(
// CHECK: adgen::Scratch<double> u(u_size);
// CHECK-NEXT: adgen::Scratch<double> u_dot(u_size);
#pragma adgen jvp grad
double cmix(const double *x, int n, double c) {
  double *t = (double *)malloc(n * sizeof(double));
  double *u = static_cast<double *>(calloc(n, sizeof(double)));
  int *order = new int[n];
  for (int i = 0; i < n; ++i) {
    t[i] = std::exp(c * x[i]);
    u[i] += t[i] * x[i];
    order[i] = n - 1 - i;
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += t[i] * u[order[i]];
  double *p = t; // a pointer that moves through the scratch
  for (int i = 0; i < n; ++i, ++p)
    s += *p * c;
  double *acc = new double(c * x[0]); // one element
  *acc += s * s;
  s += *acc;
  delete acc;
  free(t);
  free(u);
  delete[] order;
  return s;
}

static double dot(const std::vector<double> &a, const std::vector<double> &b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}

static void squash(std::vector<double> &v, double k) {
  for (double &e : v)
    e = std::tanh(k * e);
}

// CHECK-LABEL: double vecs_grad(
// CHECK: adgen::Scratch<double> y(y_size);
#pragma adgen jvp grad
double vecs(const std::vector<double> &x, double c) {
  std::vector<double> y(x.size());
  std::vector<double> z(x.size(), c * c);
  std::vector<double> w = x;
  std::vector<double> e{1.0, c, 0.5};
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] = x[i] * c + e[i % 3];
  squash(y, 0.7);
  for (double &v : w)
    v *= v;
  return dot(y, z) + dot(w, y) + e.back() * static_cast<double>(e.size());
}

// The state of the checkpointed loop holds `h`, a scratch of n elements.
// CHECK-LABEL: double relax_grad(
// CHECK: adgen::Scratch<double> h(h_size);
#pragma adgen jvp grad
double relax(const double *x, int n, double a, int steps) {
  std::vector<double> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = x[i];
#pragma adgen checkpoint(every 2)
  for (int s = 0; s < steps; ++s)
    for (int i = 0; i < n; ++i)
      h[i] = std::sin(a * h[i]) + 0.5 * h[(i + 1) % n];
  double r = 0;
  for (int i = 0; i < n; ++i)
    r += h[i] * x[i];
  return r;
}

// A callee's scratch, at the top level of the callee's own adjoint (a helper
// with loops called from two places keeps its calls, SPEC §4).
static double ring(const double *x, int n) {
  std::vector<double> t(n);
  for (int i = 0; i < n; ++i)
    t[i] = std::sin(x[i]);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += t[i] * t[(i + 1) % n];
  return s;
}

// CHECK-LABEL: inline double adgen_ring_grad_10(
// CHECK: adgen::Scratch<double> t(t_size);
// CHECK: adgen::Scratch<double> t_bar(t_size);
// CHECK-LABEL: double rings_grad(
// CHECK: adgen_ring_grad_10(x + 1, {{v[0-9]+}}, x_bar + 1,
// CHECK: adgen_ring_grad_10(x, n, x_bar,
#pragma adgen jvp grad
double rings(const double *x, int n) { return ring(x, n) * ring(x + 1, n - 1); }

#pragma adgen jvp grad
float normf(const float *x, int n) {
  std::vector<float> sq(n);
  for (int i = 0; i < n; ++i)
    sq[i] = x[i] * x[i];
  float s = 0;
  for (float v : sq)
    s += v;
  return std::sqrt(s);
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

static Vec part(const Vec &z, std::size_t from, std::size_t n) {
  return Vec(z.begin() + long(from), z.begin() + long(from + n));
}

// x = (x..., extras...): F(x) = f(x[0..n), extras).
template <class F, class J, class G>
static void checkPtr(const char *name, fd::Rng &rng, int n, int extras, F f,
                     J jvp, G grad) {
  Vec x = rng.vec(n + extras, -1.2, 1.2);
  fd::check_grad(name, fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{f(z)}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        return Vec{jvp(z, zd, &(*yd)[0])};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        return Vec{grad(z, yb[0], zb)};
      },
      rng);
}

static void checkAll(fd::Rng &rng) {
  int n = rng.integer(2, 7);
  std::size_t un = std::size_t(n);
  checkPtr("smooth", rng, n, 0,
      [&](const Vec &z) { return smooth(z.data(), n); },
      [&](const Vec &z, const Vec &zd, double *yd) {
        return smooth_jvp(z.data(), n, zd.data(), yd);
      },
      [&](const Vec &z, double yb, Vec *zb) {
        return smooth_grad(z.data(), n, zb->data(), yb);
      });
  checkPtr("cmix", rng, n, 1,
      [&](const Vec &z) { return cmix(z.data(), n, z[un]); },
      [&](const Vec &z, const Vec &zd, double *yd) {
        return cmix_jvp(z.data(), n, z[un], zd.data(), zd[un], yd);
      },
      [&](const Vec &z, double yb, Vec *zb) {
        return cmix_grad(z.data(), n, z[un], zb->data(), &(*zb)[un], yb);
      });
  checkPtr("vecs", rng, n, 1,
      [&](const Vec &z) { return vecs(part(z, 0, un), z[un]); },
      [&](const Vec &z, const Vec &zd, double *yd) {
        return vecs_jvp(part(z, 0, un), z[un], part(zd, 0, un), zd[un], yd);
      },
      [&](const Vec &z, double yb, Vec *zb) {
        Vec xb = part(*zb, 0, un);
        double v = vecs_grad(part(z, 0, un), z[un], &xb, &(*zb)[un], yb);
        std::copy(xb.begin(), xb.end(), zb->begin());
        return v;
      });
  checkPtr("rings", rng, n, 0,
      [&](const Vec &z) { return rings(z.data(), n); },
      [&](const Vec &z, const Vec &zd, double *yd) {
        return rings_jvp(z.data(), n, zd.data(), yd);
      },
      [&](const Vec &z, double yb, Vec *zb) {
        return rings_grad(z.data(), n, zb->data(), yb);
      });
  int steps = rng.integer(0, 7);
  checkPtr("relax", rng, n, 1,
      [&](const Vec &z) { return relax(z.data(), n, z[un], steps); },
      [&](const Vec &z, const Vec &zd, double *yd) {
        return relax_jvp(z.data(), n, z[un], steps, zd.data(), zd[un], yd);
      },
      [&](const Vec &z, double yb, Vec *zb) {
        return relax_grad(z.data(), n, z[un], steps, zb->data(), &(*zb)[un],
                          yb);
      });
  // float, against central differences of the float function itself.
  using F = std::vector<float>;
  fd::GradTol t;
  t.fd_step = 1e-2, t.fd_rtol = 3e-3, t.fd_atol = 3e-3, t.dot_rtol = 1e-4,
  t.acc_rtol = 1e-5;
  Vec x = rng.vec(n, 0.5, 1.5);
  auto fv = [](const Vec &z) { return F(z.begin(), z.end()); };
  fd::check_grad("normf", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{double(normf(fv(z).data(), n))}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        float d = 0;
        float v = normf_jvp(fv(z).data(), n, fv(zd).data(), &d);
        (*yd)[0] = d;
        return Vec{double(v)};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        F xb = fv(*zb);
        float v = normf_grad(fv(z).data(), n, xb.data(), float(yb[0]));
        *zb = Vec(xb.begin(), xb.end());
        return Vec{double(v)};
      },
      rng, t);
}

int main() {
  fd::Rng rng(91);
  for (int t = 0; t < 12; ++t)
    checkAll(rng);
  return fd::finish();
}
#endif
