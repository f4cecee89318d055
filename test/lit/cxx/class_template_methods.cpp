// A directive on a method of a class template differentiates the method in
// every specialization the file has: explicitly instantiated
// (`template struct Experiment<double>;`) or used (Box<float>, Box<double>),
// each a `S_f_grad(const S<T> &self, ...)` overload (clad's
// Gradient/TemplateFunctors). Against central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

template <typename T> struct Experiment {
  T x, y;
#pragma adgen jvp grad
  T operator()(T i, T j) const { return x * i * i + y * std::sin(j); }
};
template struct Experiment<double>;

template <typename T> struct Box {
  T w;
#pragma adgen grad
  T f(T v) const { return w * v * v; }
};

float usef(float a) { return Box<float>{2.0f}.f(a); }
double used(double a) { return Box<double>{3.0}.f(a); }

// CHECK-DAG: Experiment_operator_call_grad(const Experiment<double> &self,
// CHECK-DAG: float Box_f_grad(const Box<float> &self,
// CHECK-DAG: Box_f_grad(const Box<double> &self,

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

int main() {
  fd::Rng rng(19);
  for (int t = 0; t < 20; ++t) {
    double x = rng.uniform(-1, 1), y = rng.uniform(-1, 1);
    double i = rng.uniform(-1, 1), j = rng.uniform(-1, 1);
    Experiment<double> e{x, y}, eb{0, 0};
    double ib = 0, jb = 0;
    Experiment_operator_call_grad(e, i, j, &eb, &ib, &jb);
    auto E = [](double a, double b, double c, double d) {
      return Experiment<double>{a, b}(c, d);
    };
    std::string at = fd::at({x, y, i, j});
    fd::check_close("d/dx", at, eb.x, fd::central([&](double v) { return E(v, y, i, j); }, x));
    fd::check_close("d/dy", at, eb.y, fd::central([&](double v) { return E(x, v, i, j); }, y));
    fd::check_close("d/di", at, ib, fd::central([&](double v) { return E(x, y, v, j); }, i));
    fd::check_close("d/dj", at, jb, fd::central([&](double v) { return E(x, y, i, v); }, j));
    double d = 0;
    Experiment_operator_call_jvp(e, i, j, Experiment<double>{0, 1}, 1, 0, &d);
    fd::check_close("jvp", at, d, eb.y + ib, 1e-9, 1e-9);
    Box<double> bd{x}, bdb{0};
    double vb = 0;
    Box_f_grad(bd, i, &bdb, &vb);
    fd::check_close("Box<double> d/dv", at, vb, 2 * x * i);
    fd::check_close("Box<double> d/dw", at, bdb.w, i * i);
    Box<float> bf{float(x)}, bfb{0};
    float fb = 0;
    Box_f_grad(bf, float(i), &bfb, &fb);
    fd::check_close("Box<float> d/dv", at, fb, 2 * float(x) * float(i), 1e-5, 1e-6);
  }
  return fd::finish();
}
#endif
