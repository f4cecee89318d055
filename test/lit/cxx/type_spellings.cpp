// The generated file spells and defines the parameter types it uses: a C
// `typedef struct {...} Wishart` (unnamed: by its typedef name, the typedef
// copied), an alias of a class template specialization (as the
// specialization: `Pair2<double>`, the template copied), and a method of an
// explicit specialization (`Box<long double>`, copied after its primary).
// Compiled alone, and against central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

typedef struct {
  double gamma;
  int m;
} Wishart;

template <typename T> struct Pair2 {
  T a, b;
};
using P2 = Pair2<double>;

template <typename T> struct Box {
  T x;
  T f(T i) const { return x * i; }
};

template <> struct Box<long double> {
  long double x;
#pragma adgen grad
  long double f(long double i) const { return x * i * i; }
};

// CHECK: template <typename T> struct Box {
// CHECK: template <> struct Box<long double> {
// CHECK: typedef struct {
// CHECK: } Wishart;
// CHECK: template <typename T> struct Pair2 {
// CHECK: long double Box_f_grad(const Box<long double> &self, long double i,
// CHECK: double prior_grad(Wishart w, const Pair2<double> &p, Wishart *w_bar,
#pragma adgen grad
double prior(Wishart w, const P2 &p) {
  return w.gamma * w.gamma * w.m + std::log(w.gamma) * p.a * p.b;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

int main() {
  fd::Rng rng(5);
  for (int t = 0; t < 20; ++t) {
    double g = rng.uniform(0.5, 2), a = rng.uniform(-1, 1), b = rng.uniform(-1, 1);
    Wishart w{g, 3}, wb{0, 7};
    P2 p{a, b}, pb{0, 0};
    prior_grad(w, p, &wb, &pb);
    fd::check_equal("w_bar.m untouched", fd::at({g, a, b}), wb.m, 7);
    fd::check_close("d/dgamma", fd::at({g, a, b}), wb.gamma,
                    fd::central([&](double v) { return prior({v, 3}, p); }, g));
    fd::check_close("d/da", fd::at({g, a, b}), pb.a,
                    fd::central([&](double v) { return prior(w, {v, b}); }, a));
    fd::check_close("d/db", fd::at({g, a, b}), pb.b,
                    fd::central([&](double v) { return prior(w, {a, v}); }, b));
    Box<long double> box{a}, boxb{0};
    long double ib = 0;
    Box_f_grad(box, (long double)b, &boxb, &ib);
    fd::check_close("Box<long double>::f d/dx", fd::at({a, b}), double(boxb.x),
                    double((long double)b * b));
    fd::check_close("Box<long double>::f d/di", fd::at({a, b}), double(ib),
                    double(2 * (long double)a * b));
  }
  return fd::finish();
}
#endif
