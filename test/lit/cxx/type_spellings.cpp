// The generated file spells and defines the parameter types it uses: a C
// `typedef struct {...} Wishart` (unnamed: by its typedef name, the typedef
// copied), an alias of a class template specialization (as the
// specialization: `Pair2<double>`, the template copied), and a method of an
// explicit specialization (`Box<long double>`, copied after its primary).
// A macro and a typedef the copied structs use come first; a typedef of a
// scalar is spelled as its builtin. Compiled alone,
// and against central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

#define ADGEN_TEST_PAIR_ALIGN alignas(8)
typedef double real;

typedef struct {
  ADGEN_TEST_PAIR_ALIGN double gamma;
  int m;
} Wishart;

// A macro and a typedef a copied struct uses are copied before it.
struct Scaled {
  real k;
};

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
// CHECK: #define ADGEN_TEST_PAIR_ALIGN alignas(8)
// CHECK: typedef struct {
// CHECK: } Wishart;
// CHECK: template <typename T> struct Pair2 {
// CHECK: typedef double real;
// CHECK-NEXT: struct Scaled {
// CHECK: long double Box_f_grad(const Box<long double> &self, long double i,
// CHECK: double prior_grad(Wishart w, const Pair2<double> &p, Wishart *w_bar,
#pragma adgen grad
double prior(Wishart w, const P2 &p) {
  return w.gamma * w.gamma * w.m + std::log(w.gamma) * p.a * p.b;
}

#pragma adgen grad
double scaled(const Scaled &s, double x) { return s.k * x * x; }

// A reference to a typedef of a scalar (Adept's `const aReal &`) is spelled
// as the builtin: the output does not copy scalar typedefs.
// CHECK-LABEL: double radiance_grad(const double &t, double *t_bar,
typedef double aReal;
#pragma adgen grad
double radiance(const aReal &t) { return 2.0 * t * t; }

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
  Scaled sc{1.5}, scb{0};
  double xb = 0;
  scaled_grad(sc, 2.0, &scb, &xb);
  fd::check_close("scaled d/dk", "", scb.k, 4.0);
  fd::check_close("scaled d/dx", "", xb, 6.0);
  double tb = 0;
  radiance_grad(1.5, &tb);
  fd::check_close("radiance d/dt", "", tb, 6.0);
  return fd::finish();
}
#endif
