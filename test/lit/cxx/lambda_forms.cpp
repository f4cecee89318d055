// Lambdas stored with parentheses or braces (`auto f = ([c] { ... });`,
// `auto f{[&c] { ... }};`, nested ones), called through a reference to
// them (`auto &g = f;`) and as `f.operator()()`, and a lambda returning
// `double &` to what it captures by reference, used as a place
// (`at() *= k`, `at() * at()`) and inside a loop. Each is inlined where it
// is called; lambdas capturing `this` in a constructor and a method.
// f_grad and f_jvp against central differences and the
// dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

// The copy made where the lambda is defined, before c changes.
// CHECK-LABEL: double stored_jvp(
// CHECK: double square_c = c;
// CHECK: c *= 1.5;
#pragma adgen jvp grad
double stored(double c) {
  auto square = ([c] { return c * std::sin(c); });
  c *= 1.5;
  auto cube{[&c] { return c * c * c; }};
  return square() + cube();
}

#pragma adgen jvp grad
double nested(double u, double v) {
  auto outer{([&u, v] {
    auto inner = (([&w = u, v]() mutable {
      v *= 1.25;
      w += v;
      return w * v;
    }));
    double first = inner();
    return first + inner() * u;
  })};
  double first = outer();
  return first * outer();
}

// Every call of an alias is a call of the lambda: one set of copies.
// CHECK-LABEL: double aliased_grad(
// CHECK-NOT: operator()
#pragma adgen jvp grad
double aliased(double a, double b) {
  auto scaled = [a, b]() mutable {
    a *= b;
    return a + b;
  };
  auto &alias = scaled;
  auto &again = alias;
  auto plain = [b] { return b * b; };
  const auto &view = plain;
  double first = alias();
  double second = scaled.operator()();
  auto twice{[&scaled] { return scaled.operator()() * 2.0; }};
  return first * second + twice() + again.operator()() + view();
}

// A reference into the caller: `at() *= b` writes a itself.
// CHECK-LABEL: double place_jvp(
// CHECK: a *= b;
#pragma adgen jvp grad
double place(double a, double b) {
  auto at = [&a]() -> double & { return a; };
  at() *= b;
  double sum = at() * at();
  for (int k = 0; k < 3; ++k) {
    at() += 0.5 * b;
    sum += at() * std::cos(at());
  }
  return sum;
}

// Lambdas capturing `this` ([&], [this]) in a constructor's initializer
// (Clad's S2: `d([&]() { i *= 32; return 12.; }())`) and in a method: `this`
// is the object the method runs on.
struct Scaled {
  double p;
  double i;
  double d;
  Scaled(double x) : p(x), i(x * 0.5), d([&]() { i *= p; return 12.; }()) {}
  double eval(double y) const {
    auto term = [this](double t) { return p * t + i * std::sin(t); };
    return term(y) * d + term(p);
  }
};

#pragma adgen jvp grad
double captures_this(double u, double v) {
  Scaled s(u);
  return s.eval(v) + s.i;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double captures_this_jvp(double u, double v, double u_dot, double v_dot,
                         double *captures_this_dot);
double captures_this_grad(double u, double v, double *u_bar, double *v_bar,
                          double captures_this_bar = 1.0);
double stored_jvp(double c, double c_dot, double *stored_dot);
double stored_grad(double c, double *c_bar, double stored_bar = 1.0);
double nested_jvp(double u, double v, double u_dot, double v_dot,
                  double *nested_dot);
double nested_grad(double u, double v, double *u_bar, double *v_bar,
                   double nested_bar = 1.0);
double aliased_jvp(double a, double b, double a_dot, double b_dot,
                   double *aliased_dot);
double aliased_grad(double a, double b, double *a_bar, double *b_bar,
                    double aliased_bar = 1.0);
double place_jvp(double a, double b, double a_dot, double b_dot,
                 double *place_dot);
double place_grad(double a, double b, double *a_bar, double *b_bar,
                  double place_bar = 1.0);

template <class P, class J, class G>
void two(std::uint64_t seed, P primal, J jvp, G grad) {
  fd::check_scalar_grad(seed, 12, {{-1.5, 1.5}, {-1.5, 1.5}}, {0, 1},
                        primal, jvp, grad);
}

int main() {
  fd::check_scalar_grad(1, 12, {{-2, 2}}, {0},
      [](const fd::Vec &a) { return stored(a[0]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return stored_jvp(a[0], e[0], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return stored_grad(a[0], &bar[0], fbar);
      });
  two(2, [](const fd::Vec &a) { return nested(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return nested_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return nested_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  two(5, [](const fd::Vec &a) { return captures_this(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return captures_this_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return captures_this_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  two(3, [](const fd::Vec &a) { return aliased(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return aliased_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return aliased_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  two(4, [](const fd::Vec &a) { return place(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return place_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return place_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  return fd::finish();
}
#endif
