// Range-based for over fixed-size arrays (local and const global): by value
// (`double v`, `auto v`), by reference writing (`double &v`), by const
// reference (`const auto &v`), over an int array, over brace lists and a
// local `auto &&r = {1., x, 2.}` (std::initializer_list, Clad's Loops test),
// and as a checkpointed loop. f_grad and f_jvp against central
// differences, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <initializer_list>

const double kScale[3] = {0.5, -1.0, 2.0};

#pragma adgen jvp grad
double f(const double *x) {
  double a[4] = {x[0], x[1], 2.0 * x[2], x[3]};
  double s = 0.0;
  for (double v : a)
    s += v * v;
  for (double &v : a)
    v = std::sin(v) * x[0];
  for (const auto &v : a)
    s += v * s;
  int w[2] = {2, 3};
  for (const int &k : w)
    s += k * a[1];
  for (auto c : kScale)
    s = s * c + x[1];
  return s;
}
// CHECK-LABEL: ADGEN_HD double f_grad(const double *x, double *x_bar, double f_bar = 1.0) {
// CHECK: int adgen_i = 0;
// CHECK: for (; adgen_i < 4; ++adgen_i) {
// CHECK-NEXT: double v = a[adgen_i];
// CHECK: a[adgen_i_1] = v{{[0-9]+}} * v{{[0-9]+}};
// CHECK-LABEL: ADGEN_HD double f_jvp(
// CHECK: for (int adgen_i = 0; adgen_i < 4; ++adgen_i) {

// A checkpointed range-for writing a state array through a reference.
#pragma adgen jvp grad
double g(const double *x) {
  double h[3] = {x[0], x[1], x[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 2)
  for (double &e : h) {
    acc = std::tanh(acc + e * x[3]);
    e = acc * e;
  }
  return h[0] + h[1] * h[2] + acc;
}
// CHECK-LABEL: ADGEN_HD double g_grad(
// CHECK: // checkpoint(every 2)

#pragma adgen jvp grad
float q(const float *x) {
  float a[3] = {x[0], x[1], x[2]};
  float s = 1.0f;
  for (float &v : a)
    v *= s, s += v;
  for (auto v : a)
    s = s * 0.5f + v * v;
  return s;
}

// CHECK-LABEL: ADGEN_HD double lists_grad(
// CHECK: double range[5] = {1.0, 0.0, 2.0, 0.0, 3.0};
// CHECK-NEXT: range[1] = x[0];
#pragma adgen jvp grad
double lists(const double *x) {
  double sum = 0;
  if (x[0] > -0.5) {
    auto &&range = {1., x[0], 2., x[1], 3.};
    for (auto elem : range)
      sum += elem * std::sin(elem);
  }
  for (double v : {x[0] * x[1], 2.0, x[2]})
    sum += v * x[3];
  for (int k : {1, 2, 3})
    sum += k * std::exp(0.1 * k * x[2]);
  return sum;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *x, const double *x_dot, double *f_dot);
double f_grad(const double *x, double *x_bar, double f_bar = 1.0);
double g_jvp(const double *x, const double *x_dot, double *g_dot);
double g_grad(const double *x, double *x_bar, double g_bar = 1.0);
double lists_jvp(const double *x, const double *x_dot, double *lists_dot);
double lists_grad(const double *x, double *x_bar, double lists_bar = 1.0);
float q_jvp(const float *x, const float *x_dot, float *q_dot);
float q_grad(const float *x, float *x_bar, float q_bar = 1.0f);
int main() {
  fd::Rng rng(3);
  for (int k = 0; k < 10; ++k) {
    fd::Vec x0 = rng.vec(4, -1, 1);
    fd::check_grad("f", fd::at(x0), x0, 4,
        [](const fd::Vec &z) { return fd::Vec{f(z.data())}; },
        [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{f_jvp(z.data(), zd.data(), &(*yd)[0])};
        },
        [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{f_grad(z.data(), zb->data(), yb[0])};
        },
        rng);
    fd::check_grad("lists", fd::at(x0), x0, 4,
        [](const fd::Vec &z) { return fd::Vec{lists(z.data())}; },
        [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{lists_jvp(z.data(), zd.data(), &(*yd)[0])};
        },
        [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{lists_grad(z.data(), zb->data(), yb[0])};
        },
        rng);
    fd::check_grad("g", fd::at(x0), x0, 4,
        [](const fd::Vec &z) { return fd::Vec{g(z.data())}; },
        [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{g_jvp(z.data(), zd.data(), &(*yd)[0])};
        },
        [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{g_grad(z.data(), zb->data(), yb[0])};
        },
        rng);
  }
  fd::GradTol ftol;
  ftol.fd_step = 1e-2;
  ftol.fd_rtol = ftol.fd_atol = 5e-3;
  ftol.dot_rtol = ftol.acc_rtol = 1e-5;
  auto fl = [](const fd::Vec &z) {
    return std::vector<float>(z.begin(), z.end());
  };
  for (int k = 0; k < 10; ++k) {
    fd::Vec x0 = rng.vec(3, -1, 1);
    fd::check_grad("q", fd::at(x0), x0, 3,
        [&](const fd::Vec &z) { return fd::Vec{double(q(fl(z).data()))}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          float d = 0;
          float v = q_jvp(fl(z).data(), fl(zd).data(), &d);
          (*yd)[0] = d;
          return fd::Vec{double(v)};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          std::vector<float> b = fl(*zb);
          float v = q_grad(fl(z).data(), b.data(), float(yb[0]));
          for (int i = 0; i < 3; ++i) (*zb)[i] = b[i];
          return fd::Vec{double(v)};
        },
        rng, ftol);
  }
  return fd::finish();
}
#endif
