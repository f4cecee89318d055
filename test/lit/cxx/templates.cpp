// Function templates (SPEC §5): a directive on a template differentiates
// every instantiation the file uses (f<double>, f<float>) and those
// `instantiate(...)` names (dot<float, 3>); the derivatives are explicit
// specializations of a primary template declared from the pattern, so the
// driver calls f_grad(...) as it calls f(...), and dot_grad<double, 4>(...)
// as dot<double, 4>(...). Callee templates get internal copies per
// instantiation (adgen_sq_double_jvp_1, adgen_sq_float_jvp_1).
// RUN: adgen %s -o %t.cpp --header %t.h
// RUN: FileCheck %s < %t.cpp
// RUN: FileCheck %s --check-prefix=HDR < %t.h
// RUN: %cxx -Wall -Wextra -Werror -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_HEADER='"%t.h"' %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

template <class T> T sq(T x) { return x * x; }

#pragma adgen jvp grad
template <class T> T f(T x, T y) { return sq(x) * std::sin(y) + std::exp(x * y); }

#pragma adgen jvp grad(w)
#pragma adgen instantiate(dot<float, 3>)
template <class T, int N> T dot(const T *w, const T *x) {
  T s = 0;
  for (int i = 0; i < N; ++i)
    s += w[i] * std::tanh(x[i] * w[i]);
  return s;
}

double use(double a, const double *w) {
  return f(a, 2.0) + f(1.0f, 2.0f) + dot<double, 4>(w, w);
}

// CHECK: template <class T>
// CHECK-NEXT: ADGEN_HD T f_grad(T x, T y, T *x_bar, T *y_bar, T f_bar = 1.0);
// CHECK: template <>
// CHECK-NEXT: ADGEN_HD double f_grad<double>(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double f_bar) {
// CHECK: ADGEN_HD inline double adgen_sq_double_jvp_1(double x, double x_dot,
// CHECK: template <class T> ADGEN_HD T f_jvp(T x, T y, T x_dot, T y_dot, T *f_dot);
// CHECK: template <>
// CHECK-NEXT: ADGEN_HD double f_jvp<double>(double x, double y, double x_dot, double y_dot,
// CHECK: adgen_sq_double_jvp_1(x, x_dot, &sq_dot)
// CHECK: template <>
// CHECK-NEXT: ADGEN_HD float f_grad<float>(float x, float y, float *x_bar, float *y_bar,
// CHECK: ADGEN_HD inline float adgen_sq_float_jvp_1(float x, float x_dot,
// CHECK: adgen_sq_float_jvp_1(x, x_dot, &sq_dot)
// CHECK: template <class T, int N>
// CHECK-NEXT: ADGEN_HD T dot_grad(const T *w, const T *x, T *w_bar, T dot_bar = 1.0);
// CHECK: template <>
// CHECK-NEXT: ADGEN_HD float dot_grad<float, 3>(const float *w, const float *x, float *w_bar,
// CHECK: template <>
// CHECK-NEXT: ADGEN_HD float dot_jvp<float, 3>(
// CHECK: template <>
// CHECK-NEXT: ADGEN_HD double dot_grad<double, 4>(const double *w, const double *x,
// HDR: template <class T>
// HDR-NEXT: ADGEN_HD T f_grad(T x, T y, T *x_bar, T *y_bar, T f_bar = 1.0);
// HDR: template <>
// HDR-NEXT: ADGEN_HD double f_grad<double>(double x, double y, double *x_bar, double *y_bar,
// HDR-NEXT: double f_bar);
// HDR-NOT: adgen_

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_HEADER

template <class T> static fd::GradTol tolerances() {
  fd::GradTol t;
  if (sizeof(T) == sizeof(float)) // differences of float code
    t.fd_step = 1e-2, t.fd_rtol = 3e-3, t.fd_atol = 3e-3, t.dot_rtol = 1e-4,
    t.acc_rtol = 1e-5;
  return t;
}

template <class T> static void checkF(fd::Rng &rng) {
  fd::Vec x = rng.vec(2, -1.2, 1.2);
  std::string name = std::string("f<") + (sizeof(T) == 4 ? "float>" : "double>");
  fd::check_grad(name, fd::at(x), x, 2,
      [](const fd::Vec &z) { return fd::Vec{double(f(T(z[0]), T(z[1])))}; },
      [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
        T d = 0;
        T v = f_jvp(T(z[0]), T(z[1]), T(zd[0]), T(zd[1]), &d); // deduced
        (*yd)[0] = d;
        return fd::Vec{double(v)};
      },
      [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
        T xb = T((*zb)[0]), yb2 = T((*zb)[1]);
        T v = f_grad(T(z[0]), T(z[1]), &xb, &yb2, T(yb[0])); // deduced
        *zb = {double(xb), double(yb2)};
        return fd::Vec{double(v)};
      },
      rng, tolerances<T>());
}

template <class T, int N> static void checkDot(fd::Rng &rng) {
  fd::Vec wx = rng.vec(2 * N, -1.2, 1.2);
  std::string name = "dot<" + std::to_string(sizeof(T)) + "," + std::to_string(N) + ">";
  auto split = [](const fd::Vec &z, T *w, T *x) {
    for (int i = 0; i < N; ++i)
      w[i] = T(z[i]), x[i] = T(z[N + i]);
  };
  // x is not active in f_grad: its cotangent is checked as zero by check_grad
  // only through w, so the grad lambda leaves x's entries to the jvp's.
  fd::Vec w0(wx.begin(), wx.begin() + N), xs(wx.begin() + N, wx.end());
  fd::check_grad(name, fd::at(w0), w0, N,
      [&](const fd::Vec &z) {
        T w[N], x[N];
        fd::Vec all = z;
        all.insert(all.end(), xs.begin(), xs.end());
        split(all, w, x);
        return fd::Vec{double(dot<T, N>(w, x))};
      },
      [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
        T w[N], x[N], wd[N], xd[N] = {};
        fd::Vec all = z;
        all.insert(all.end(), xs.begin(), xs.end());
        split(all, w, x);
        for (int i = 0; i < N; ++i)
          wd[i] = T(zd[i]);
        T d = 0;
        T v = dot_jvp<T, N>(w, x, wd, xd, &d);
        (*yd)[0] = d;
        return fd::Vec{double(v)};
      },
      [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
        T w[N], x[N], wb[N];
        fd::Vec all = z;
        all.insert(all.end(), xs.begin(), xs.end());
        split(all, w, x);
        for (int i = 0; i < N; ++i)
          wb[i] = T((*zb)[i]);
        T v = dot_grad<T, N>(w, x, wb, T(yb[0]));
        for (int i = 0; i < N; ++i)
          (*zb)[i] = wb[i];
        return fd::Vec{double(v)};
      },
      rng, tolerances<T>());
}

int main() {
  fd::Rng rng(5);
  for (int t = 0; t < 20; ++t) {
    checkF<double>(rng);
    checkF<float>(rng);
    checkDot<double, 4>(rng);
    checkDot<float, 3>(rng);
  }
  // Explicit template arguments work as for the primal.
  double xb = 0, yb = 0;
  float xbf = 0, ybf = 0;
  double v = f_grad<double>(0.5, 0.25, &xb, &yb);
  float vf = f_grad<float>(0.5f, 0.25f, &xbf, &ybf);
  fd::check_close("f_grad<float> vs f_grad<double>", "(0.5, 0.25)", xbf, xb, 1e-5, 1e-5);
  fd::check_close("f<float> value", "(0.5, 0.25)", vf, v, 1e-5, 1e-5);
  return fd::finish();
}
#endif
