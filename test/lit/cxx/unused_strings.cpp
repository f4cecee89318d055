// Strings a function carries but never reads (SPEC §5): a `const char *`
// or std::string parameter the body never names stays in the derivatives'
// signatures and is passed nowhere; a call passes nothing for it (a string
// literal argument); a std::string or `const char *` local that is never
// read is not lowered, nor is a pointer local declared without an
// initializer and never used (`Box *spare, b{x};`). A string literal passed to a `const char *` the
// callee reads (Clad's `check_and_return(x, 'a', "aa")`) is a local copy
// of its characters. Also std::max / std::min with std::greater and
// std::less, and malloc of one element spelled as a byte count.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <cstdlib>
#include <functional>
#include <string>

static double tagged(double x, [[maybe_unused]] const char *tag) { return x * x; }
static double named(double x, [[maybe_unused]] const std::string &name, double y) {
  return x * std::sin(y);
}

// CHECK: #include <string>
// CHECK-LABEL: ADGEN_HD double labelled_grad(double x,
// CHECK-NEXT: {{\[\[}}maybe_unused]] const std::string &label,
// CHECK-NEXT: double y, double *x_bar, double *y_bar,
// CHECK-LABEL: ADGEN_HD double labelled_jvp(double x,
// CHECK-NEXT: {{\[\[}}maybe_unused]] const std::string &label,
#pragma adgen jvp grad
double labelled(double x, [[maybe_unused]] const std::string &label, double y) {
  [[maybe_unused]] const char *unit = "metres";
  [[maybe_unused]] std::string note("a label the function never reads");
  [[maybe_unused]] double *spare, *cell = (double *)std::malloc(8);
  *cell = tagged(x, "square") + named(y, "sine", x);
  double r = std::max(*cell, y * x, std::greater<double>()) +
             std::min(x, y, std::less<double>()) * 2.0;
  std::free(cell);
  return r;
}

static double check_and_return(double x, char c, const char *s) {
  if (c == 'a' && s[0] == 'a' && s[2] == 0)
    return x;
  return 1;
}

// CHECK-LABEL: ADGEN_HD double branch_grad(
// CHECK: char text[3] = {97, 97, 0};
#pragma adgen jvp grad
double branch(double x, double y) {
  return check_and_return(x, 'a', "aa") * y +
         check_and_return(y, 'a', "ba") * x;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(3);
  std::string s = "label";
  for (int t = 0; t < 40; ++t) {
    Vec x = rng.vec(2, -1.5, 1.5);
    fd::check_grad("labelled", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{labelled(z[0], s, z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{labelled_jvp(z[0], s, z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{labelled_grad(z[0], s, z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
    fd::check_grad("branch", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{branch(z[0], z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{branch_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{branch_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
