// Library calls kept as they are: printf, puts (<cstdio>) and a function
// the file only declares, with string literals and passive integers, their
// results discarded, run where the primal runs them (in f_jvp, and once in
// f_grad's forward sweep, never re-run by checkpointing); frexp(x, &e) into
// a local int, whose mantissa is differentiated as x * 2^-e (the exponent
// piecewise constant); ldexp and scalbn of an active value.
// Against central differences and the dot-product test, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe | FileCheck --check-prefix=OUT %s
// RUN: adgen --emit=wengert --show=grad %s 2>&1 | FileCheck --check-prefix=IR %s
// Under --checkpoint a loop holding a kept call is not re-run (kept whole):
// the output is the same.
// RUN: adgen '--checkpoint=every 2' %s -o %t.ck.cpp
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.ck.cpp"' %s -o %t.ck.exe
// RUN: %t.ck.exe | FileCheck --check-prefix=OUT %s
#include <cmath>
#include <cstdio>

// Declared here, defined in another translation unit (the driver, below).
extern "C" void note_count(const char *what, long n);

// CHECK: #include <cstdio>
// CHECK: extern "C" void note_count(const char *what, long n);
// CHECK-LABEL: double report_grad(
// CHECK: ::printf("rows=%d cols=%d\n", rows, v1);
// CHECK-NOT: printf(
// CHECK: std::puts("done\tsumming");
// CHECK: ::note_count("rows", {{.*}});
// CHECK-LABEL: double report_jvp(
// CHECK: ::printf("rows=%d cols=%d\n", rows, v1);
// CHECK-NOT: printf(
// CHECK: std::puts("done\tsumming");
// CHECK-LABEL: double mantissa_grad(
// IR: call.kept ::printf("rows=%d cols=%d\n", rows, v{{[0-9]+}})
#pragma adgen jvp grad
double report(double x, int rows) {
  double s = 0;
  for (int i = 0; i < rows; ++i) {
    if (i == 1)
      printf("rows=%d cols=%d\n", rows, rows * 2);
    s += x * x * i;
  }
  std::puts("done\tsumming");
  note_count("rows", rows + 1L);
  return s;
}

// CHECK: std::ilogb(
#pragma adgen jvp grad
double mantissa(double x, double y) {
  int e;
  double m = std::frexp(x * y, &e);
  return m * y + e * x;
}

// ldexp on an active value: x * 2^(k/2) * 2^(k - k/2).
// CHECK-LABEL: double scaled_grad(
// CHECK: std::ldexp(1.0,
#pragma adgen jvp grad
double scaled(double x, int k) {
  return std::ldexp(x * x, k) + x * scalbn(x, 3) + ldexp(1.0, k) * x;
}

#pragma adgen jvp grad
double far(double x, int k) { return std::ldexp(x, k); }

#pragma adgen jvp grad
float mantissa_f(float x) {
  int e = 0;
  float m = frexpf(x, &e);
  return m * m + static_cast<float>(e);
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

static long notes = 0;
extern "C" void note_count(const char *what, long n) {
  fd::check_equal("note_count", what, double(n), 4.0);
  ++notes;
}

// OUT: -- report_jvp:
// OUT-NEXT: rows=3 cols=6
// OUT-NEXT: done{{.}}summing
// OUT-NEXT: -- report_grad:
// OUT-NEXT: rows=3 cols=6
// OUT-NEXT: done{{.}}summing
// OUT-NOT: rows=
int main() {
  fd::Rng rng(3);
  Vec x1{0.7};
  std::printf("-- report_jvp:\n");
  double d = 0;
  report_jvp(x1[0], 3, 1.0, &d);
  std::printf("-- report_grad:\n");
  double xb = 0;
  report_grad(x1[0], 3, &xb);
  std::fflush(stdout);
  fd::check_equal("note_count calls", "", double(notes), 2.0);
  fd::check_close("report jvp", fd::at(x1), d, 2 * 0.7 * 3, 1e-12, 1e-12);
  fd::check_close("report grad", fd::at(x1), xb, 2 * 0.7 * 3, 1e-12, 1e-12);
  for (int t = 0; t < 20; ++t) {
    Vec w = rng.vec(2, -3, 3);
    w[0] *= std::pow(10.0, rng.integer(0, 3));
    int e1 = 0;
    // Away from a power of two, where the exponent jumps.
    double m = std::frexp(w[0] * w[1], &e1);
    if (std::fabs(std::fabs(m) - 0.5) < 1e-3 || std::fabs(m) > 1 - 1e-3 ||
        std::fabs(w[0] * w[1]) < 0.1)
      continue;
    fd::check_grad("mantissa", fd::at(w), w, w.size(),
        [&](const Vec &z) { return Vec{mantissa(z[0], z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{mantissa_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{mantissa_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
    // float: a step of 2e-3 * max(1, |x|) stays between two powers of two.
    float xf = float(w[1]), fb = 0, fd_ = 0;
    int ef = 0;
    float mf = std::frexp(xf, &ef);
    if (std::fabs(std::fabs(mf) - 0.5f) < 1e-2f || std::fabs(mf) > 0.99f ||
        std::fabs(xf) < 0.5f)
      continue;
    mantissa_f_grad(xf, &fb);
    mantissa_f_jvp(xf, 1.0f, &fd_);
    double want = fd::central_f([](float s) { return mantissa_f(s); }, xf);
    fd::check_close("mantissa_f grad", fd::at({w[1]}), fb, want, 2e-3, 2e-3);
    fd::check_close("mantissa_f jvp", fd::at({w[1]}), fd_, want, 2e-3, 2e-3);
  }
  for (int t = 0; t < 6; ++t) {
    Vec w = rng.vec(1, -2, 2);
    int k = rng.integer(-4, 4);
    fd::check_grad("scaled", fd::at(w), w, w.size(),
        [&](const Vec &z) { return Vec{scaled(z[0], k)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{scaled_jvp(z[0], k, zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{scaled_grad(z[0], k, &(*zb)[0], yb[0])};
        },
        rng);
  }
  // 2^-1050 * 2^1800 does not pass through an overflowing 2^1800.
  double tiny = std::ldexp(1.0, -1050), tb = 0, td = 0;
  fd::check_equal("far", "2^-1050, 1800", far_grad(tiny, 1800, &tb),
                  std::ldexp(1.0, 750));
  fd::check_equal("far_jvp", "2^-1050, 1800", far_jvp(tiny, 1800, 1.0, &td),
                  std::ldexp(1.0, 750));
  fd::check_equal("far_grad x_bar", "2^-1050, 1800", tb, HUGE_VAL);
  fd::check_equal("far_grad x_bar", "1, -1000", (tb = 0, far_grad(1.0, -1000, &tb), tb),
                  std::ldexp(1.0, -1000));
  // Zero, subnormal and huge arguments keep frexp's own values.
  const double cases[] = {0.0, 4.9e-324, 3e-310, 1.7e308, -8.0};
  for (double c : cases) {
    int e = 0;
    double want = std::frexp(c, &e) + e * c;
    fd::check_equal("mantissa value", fd::at({c}), mantissa(c, 1.0), want);
    double cb = 0, ob = 0;
    fd::check_equal("mantissa_grad value", fd::at({c}),
                    mantissa_grad(c, 1.0, &cb, &ob), want);
  }
  return fd::finish();
}
#endif
