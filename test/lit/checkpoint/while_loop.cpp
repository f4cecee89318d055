// Checkpointed while and do-while loops, whose trip count is unknown when
// they start (the runtime's `online` schedules): a counted while, a
// do-while (at least one iteration) and a while on data (z < lim), each
// under every s, auto, binomial C and recompute, for n in {0, 1, 2, 3, 15,
// 16, 17, 60, 100, 1000}. The driver checks gradients against the taped
// version (no directive, to 1e-12) and central finite differences, and the
// ADGEN_STATS counters: trip count, peak states held at most SPEC section
// 3's table (auto: at most 2.12 sqrt(n) + 1), recomputed at most the table's.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -DADGEN_STATS -c %t.cpp -o %t.o
// RUN: %cxx -DADGEN_STATS -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

// The trip count is counted as the loop runs, then handed to Reverse.
// CHECK-LABEL: double w_e3_grad(
// CHECK: adgen::checkpoint::Forward [[FWD:forward[0-9_]*]](
// CHECK: int [[TRIPS:trips[_0-9]*]] = 0;
// CHECK: for (; k < n; ++[[TRIPS]]) {
// CHECK-NEXT: if ([[FWD]].save(static_cast<long>([[TRIPS]]))) {
// CHECK-NEXT: [[FWD]].put(&k, 1);
// CHECK-NEXT: [[FWD]].put(h, 2);
// CHECK-NEXT: }
// CHECK: adgen::checkpoint::Reverse [[REV:reverse[0-9_]*]](
// CHECK: static_cast<long>([[TRIPS]])
// CHECK: while ([[REV]].next()) {
// CHECK: [[REV]].finish();
// CHECK-LABEL: double d_auto_grad(
// CHECK: while ([[REVD:reverse[0-9_]*]].next()) {
// CHECK-LABEL: double u_b2_grad(
// CHECK: while ([[REVU:reverse[0-9_]*]].next()) {

#ifdef ADGEN_DRIVER
enum { L_w_ref = __LINE__ + 6 };
#endif
#pragma adgen grad
double w_ref(const double *W, double x, int n) {
  double h[2] = {x, 0.5 * x};
  int k = 0;
  while (k < n) {
    double a = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2]);
    h[1] = h[0];
    h[0] = a;
    ++k;
  }
  return h[0] + 2.0 * h[1];
}

#ifdef ADGEN_DRIVER
enum { L_w_e1 = __LINE__ + 7 };
#endif
#pragma adgen grad
double w_e1(const double *W, double x, int n) {
  double h[2] = {x, 0.5 * x};
  int k = 0;
#pragma adgen checkpoint(every 1)
  while (k < n) {
    double a = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2]);
    h[1] = h[0];
    h[0] = a;
    ++k;
  }
  return h[0] + 2.0 * h[1];
}

#ifdef ADGEN_DRIVER
enum { L_w_e2 = __LINE__ + 7 };
#endif
#pragma adgen grad
double w_e2(const double *W, double x, int n) {
  double h[2] = {x, 0.5 * x};
  int k = 0;
#pragma adgen checkpoint(every 2)
  while (k < n) {
    double a = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2]);
    h[1] = h[0];
    h[0] = a;
    ++k;
  }
  return h[0] + 2.0 * h[1];
}

#ifdef ADGEN_DRIVER
enum { L_w_e3 = __LINE__ + 7 };
#endif
#pragma adgen grad
double w_e3(const double *W, double x, int n) {
  double h[2] = {x, 0.5 * x};
  int k = 0;
#pragma adgen checkpoint(every 3)
  while (k < n) {
    double a = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2]);
    h[1] = h[0];
    h[0] = a;
    ++k;
  }
  return h[0] + 2.0 * h[1];
}

#ifdef ADGEN_DRIVER
enum { L_w_e5 = __LINE__ + 7 };
#endif
#pragma adgen grad
double w_e5(const double *W, double x, int n) {
  double h[2] = {x, 0.5 * x};
  int k = 0;
#pragma adgen checkpoint(every 5)
  while (k < n) {
    double a = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2]);
    h[1] = h[0];
    h[0] = a;
    ++k;
  }
  return h[0] + 2.0 * h[1];
}

#ifdef ADGEN_DRIVER
enum { L_w_e16 = __LINE__ + 7 };
#endif
#pragma adgen grad
double w_e16(const double *W, double x, int n) {
  double h[2] = {x, 0.5 * x};
  int k = 0;
#pragma adgen checkpoint(every 16)
  while (k < n) {
    double a = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2]);
    h[1] = h[0];
    h[0] = a;
    ++k;
  }
  return h[0] + 2.0 * h[1];
}

#ifdef ADGEN_DRIVER
enum { L_w_auto = __LINE__ + 7 };
#endif
#pragma adgen grad
double w_auto(const double *W, double x, int n) {
  double h[2] = {x, 0.5 * x};
  int k = 0;
#pragma adgen checkpoint(auto)
  while (k < n) {
    double a = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2]);
    h[1] = h[0];
    h[0] = a;
    ++k;
  }
  return h[0] + 2.0 * h[1];
}

#ifdef ADGEN_DRIVER
enum { L_w_b1 = __LINE__ + 7 };
#endif
#pragma adgen grad
double w_b1(const double *W, double x, int n) {
  double h[2] = {x, 0.5 * x};
  int k = 0;
#pragma adgen checkpoint(binomial 1)
  while (k < n) {
    double a = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2]);
    h[1] = h[0];
    h[0] = a;
    ++k;
  }
  return h[0] + 2.0 * h[1];
}

#ifdef ADGEN_DRIVER
enum { L_w_b2 = __LINE__ + 7 };
#endif
#pragma adgen grad
double w_b2(const double *W, double x, int n) {
  double h[2] = {x, 0.5 * x};
  int k = 0;
#pragma adgen checkpoint(binomial 2)
  while (k < n) {
    double a = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2]);
    h[1] = h[0];
    h[0] = a;
    ++k;
  }
  return h[0] + 2.0 * h[1];
}

#ifdef ADGEN_DRIVER
enum { L_w_b4 = __LINE__ + 7 };
#endif
#pragma adgen grad
double w_b4(const double *W, double x, int n) {
  double h[2] = {x, 0.5 * x};
  int k = 0;
#pragma adgen checkpoint(binomial 4)
  while (k < n) {
    double a = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2]);
    h[1] = h[0];
    h[0] = a;
    ++k;
  }
  return h[0] + 2.0 * h[1];
}

#ifdef ADGEN_DRIVER
enum { L_w_rec = __LINE__ + 7 };
#endif
#pragma adgen grad
double w_rec(const double *W, double x, int n) {
  double h[2] = {x, 0.5 * x};
  int k = 0;
#pragma adgen checkpoint(recompute)
  while (k < n) {
    double a = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2]);
    h[1] = h[0];
    h[0] = a;
    ++k;
  }
  return h[0] + 2.0 * h[1];
}

#ifdef ADGEN_DRIVER
enum { L_d_ref = __LINE__ + 6 };
#endif
#pragma adgen grad
double d_ref(const double *W, double x, int n) {
  double s = x;
  int k = 0;
  do {
    s = std::sin(W[0] * s + W[1]) + 0.1 * s * W[2];
    ++k;
  } while (k < n);
  return s;
}

#ifdef ADGEN_DRIVER
enum { L_d_e1 = __LINE__ + 7 };
#endif
#pragma adgen grad
double d_e1(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(every 1)
  do {
    s = std::sin(W[0] * s + W[1]) + 0.1 * s * W[2];
    ++k;
  } while (k < n);
  return s;
}

#ifdef ADGEN_DRIVER
enum { L_d_e2 = __LINE__ + 7 };
#endif
#pragma adgen grad
double d_e2(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(every 2)
  do {
    s = std::sin(W[0] * s + W[1]) + 0.1 * s * W[2];
    ++k;
  } while (k < n);
  return s;
}

#ifdef ADGEN_DRIVER
enum { L_d_e3 = __LINE__ + 7 };
#endif
#pragma adgen grad
double d_e3(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(every 3)
  do {
    s = std::sin(W[0] * s + W[1]) + 0.1 * s * W[2];
    ++k;
  } while (k < n);
  return s;
}

#ifdef ADGEN_DRIVER
enum { L_d_e5 = __LINE__ + 7 };
#endif
#pragma adgen grad
double d_e5(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(every 5)
  do {
    s = std::sin(W[0] * s + W[1]) + 0.1 * s * W[2];
    ++k;
  } while (k < n);
  return s;
}

#ifdef ADGEN_DRIVER
enum { L_d_e16 = __LINE__ + 7 };
#endif
#pragma adgen grad
double d_e16(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(every 16)
  do {
    s = std::sin(W[0] * s + W[1]) + 0.1 * s * W[2];
    ++k;
  } while (k < n);
  return s;
}

#ifdef ADGEN_DRIVER
enum { L_d_auto = __LINE__ + 7 };
#endif
#pragma adgen grad
double d_auto(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(auto)
  do {
    s = std::sin(W[0] * s + W[1]) + 0.1 * s * W[2];
    ++k;
  } while (k < n);
  return s;
}

#ifdef ADGEN_DRIVER
enum { L_d_b1 = __LINE__ + 7 };
#endif
#pragma adgen grad
double d_b1(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(binomial 1)
  do {
    s = std::sin(W[0] * s + W[1]) + 0.1 * s * W[2];
    ++k;
  } while (k < n);
  return s;
}

#ifdef ADGEN_DRIVER
enum { L_d_b2 = __LINE__ + 7 };
#endif
#pragma adgen grad
double d_b2(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(binomial 2)
  do {
    s = std::sin(W[0] * s + W[1]) + 0.1 * s * W[2];
    ++k;
  } while (k < n);
  return s;
}

#ifdef ADGEN_DRIVER
enum { L_d_b4 = __LINE__ + 7 };
#endif
#pragma adgen grad
double d_b4(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(binomial 4)
  do {
    s = std::sin(W[0] * s + W[1]) + 0.1 * s * W[2];
    ++k;
  } while (k < n);
  return s;
}

#ifdef ADGEN_DRIVER
enum { L_d_rec = __LINE__ + 7 };
#endif
#pragma adgen grad
double d_rec(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(recompute)
  do {
    s = std::sin(W[0] * s + W[1]) + 0.1 * s * W[2];
    ++k;
  } while (k < n);
  return s;
}

#ifdef ADGEN_DRIVER
enum { L_u_ref = __LINE__ + 7 };
#endif
#pragma adgen grad
double u_ref(const double *W, double x, int n) {
  double s = x;
  double z = 0.0;
  double lim = n;
  while (z < lim) {
    s = 0.9 * s + 0.1 * std::cos(W[0] * s + W[2]);
    z += 1.0 + 0.05 * s * s * W[1] * W[1];
  }
  return s + 0.001 * z;
}

#ifdef ADGEN_DRIVER
enum { L_u_e1 = __LINE__ + 8 };
#endif
#pragma adgen grad
double u_e1(const double *W, double x, int n) {
  double s = x;
  double z = 0.0;
  double lim = n;
#pragma adgen checkpoint(every 1)
  while (z < lim) {
    s = 0.9 * s + 0.1 * std::cos(W[0] * s + W[2]);
    z += 1.0 + 0.05 * s * s * W[1] * W[1];
  }
  return s + 0.001 * z;
}

#ifdef ADGEN_DRIVER
enum { L_u_e2 = __LINE__ + 8 };
#endif
#pragma adgen grad
double u_e2(const double *W, double x, int n) {
  double s = x;
  double z = 0.0;
  double lim = n;
#pragma adgen checkpoint(every 2)
  while (z < lim) {
    s = 0.9 * s + 0.1 * std::cos(W[0] * s + W[2]);
    z += 1.0 + 0.05 * s * s * W[1] * W[1];
  }
  return s + 0.001 * z;
}

#ifdef ADGEN_DRIVER
enum { L_u_e3 = __LINE__ + 8 };
#endif
#pragma adgen grad
double u_e3(const double *W, double x, int n) {
  double s = x;
  double z = 0.0;
  double lim = n;
#pragma adgen checkpoint(every 3)
  while (z < lim) {
    s = 0.9 * s + 0.1 * std::cos(W[0] * s + W[2]);
    z += 1.0 + 0.05 * s * s * W[1] * W[1];
  }
  return s + 0.001 * z;
}

#ifdef ADGEN_DRIVER
enum { L_u_e5 = __LINE__ + 8 };
#endif
#pragma adgen grad
double u_e5(const double *W, double x, int n) {
  double s = x;
  double z = 0.0;
  double lim = n;
#pragma adgen checkpoint(every 5)
  while (z < lim) {
    s = 0.9 * s + 0.1 * std::cos(W[0] * s + W[2]);
    z += 1.0 + 0.05 * s * s * W[1] * W[1];
  }
  return s + 0.001 * z;
}

#ifdef ADGEN_DRIVER
enum { L_u_e16 = __LINE__ + 8 };
#endif
#pragma adgen grad
double u_e16(const double *W, double x, int n) {
  double s = x;
  double z = 0.0;
  double lim = n;
#pragma adgen checkpoint(every 16)
  while (z < lim) {
    s = 0.9 * s + 0.1 * std::cos(W[0] * s + W[2]);
    z += 1.0 + 0.05 * s * s * W[1] * W[1];
  }
  return s + 0.001 * z;
}

#ifdef ADGEN_DRIVER
enum { L_u_auto = __LINE__ + 8 };
#endif
#pragma adgen grad
double u_auto(const double *W, double x, int n) {
  double s = x;
  double z = 0.0;
  double lim = n;
#pragma adgen checkpoint(auto)
  while (z < lim) {
    s = 0.9 * s + 0.1 * std::cos(W[0] * s + W[2]);
    z += 1.0 + 0.05 * s * s * W[1] * W[1];
  }
  return s + 0.001 * z;
}

#ifdef ADGEN_DRIVER
enum { L_u_b1 = __LINE__ + 8 };
#endif
#pragma adgen grad
double u_b1(const double *W, double x, int n) {
  double s = x;
  double z = 0.0;
  double lim = n;
#pragma adgen checkpoint(binomial 1)
  while (z < lim) {
    s = 0.9 * s + 0.1 * std::cos(W[0] * s + W[2]);
    z += 1.0 + 0.05 * s * s * W[1] * W[1];
  }
  return s + 0.001 * z;
}

#ifdef ADGEN_DRIVER
enum { L_u_b2 = __LINE__ + 8 };
#endif
#pragma adgen grad
double u_b2(const double *W, double x, int n) {
  double s = x;
  double z = 0.0;
  double lim = n;
#pragma adgen checkpoint(binomial 2)
  while (z < lim) {
    s = 0.9 * s + 0.1 * std::cos(W[0] * s + W[2]);
    z += 1.0 + 0.05 * s * s * W[1] * W[1];
  }
  return s + 0.001 * z;
}

#ifdef ADGEN_DRIVER
enum { L_u_b4 = __LINE__ + 8 };
#endif
#pragma adgen grad
double u_b4(const double *W, double x, int n) {
  double s = x;
  double z = 0.0;
  double lim = n;
#pragma adgen checkpoint(binomial 4)
  while (z < lim) {
    s = 0.9 * s + 0.1 * std::cos(W[0] * s + W[2]);
    z += 1.0 + 0.05 * s * s * W[1] * W[1];
  }
  return s + 0.001 * z;
}

#ifdef ADGEN_DRIVER
enum { L_u_rec = __LINE__ + 8 };
#endif
#pragma adgen grad
double u_rec(const double *W, double x, int n) {
  double s = x;
  double z = 0.0;
  double lim = n;
#pragma adgen checkpoint(recompute)
  while (z < lim) {
    s = 0.9 * s + 0.1 * std::cos(W[0] * s + W[2]);
    z += 1.0 + 0.05 * s * s * W[1] * W[1];
  }
  return s + 0.001 * z;
}

#ifdef ADGEN_DRIVER
#include <adgen/checkpoint.h>
#include <cstdio>
#include <cstring>
#include <string>

#include "fd_check.h"
namespace ck = adgen::checkpoint;
#define CASES(X) \
  X(e1, "every 1") \
  X(e2, "every 2") \
  X(e3, "every 3") \
  X(e5, "every 5") \
  X(e16, "every 16") \
  X(auto, "auto") \
  X(b1, "binomial 1") \
  X(b2, "binomial 2") \
  X(b4, "binomial 4") \
  X(rec, "recompute")

#define DECL(kind, name)                                                       \
  double kind##_##name##_grad(const double *W, double x, int n,               \
                              double *W_bar, double *x_bar, double f = 1.0);
#define DECLS(name, pol) DECL(w, name) DECL(d, name) DECL(u, name)
DECL(w, ref) DECL(d, ref) DECL(u, ref)
CASES(DECLS)

typedef double (*PrimalFn)(const double *, double, int);
typedef double (*GradFn)(const double *, double, int, double *, double *,
                         double);
struct Case {
  std::string name;
  const char *policy;
  PrimalFn f;
  GradFn g;
  int line;
};

ck::Policy parse(const char *text) {
  char word[32] = {};
  long long v = 0;
  std::sscanf(text, "%31s %lld", word, &v);
  std::string w = word;
  if (w == "every") return ck::Policy::every(v);
  if (w == "binomial") return ck::Policy::binomial(v);
  if (w == "auto") return ck::Policy::automatic();
  if (w == "recompute") return ck::Policy::recompute();
  return ck::Policy::all();
}

void counters(const Case &c, const std::string &what) {
  std::string where = "while_loop.cpp:" + std::to_string(c.line);
  const adgen::stats::Loop *l = adgen::stats::find(where.c_str());
  fd::check_close(what + " " + where + " reported", "", l != nullptr, 1, 0, 0);
  if (!l) return;
  long long n = l->steps;
  ck::Policy p = parse(c.policy);
  ck::Cost want = ck::cost(p, n);
  if (p.kind == ck::Kind::Auto) {
    fd::check_close(what + " auto peak <= 2.12 sqrt(n) + 1", where,
                    l->peakHeld <= 2.12 * std::sqrt(double(n)) + 1.0, 1, 0, 0);
    fd::check_close(what + " auto recomputed < n", where,
                    n == 0 || l->recomputed < n, 1, 0, 0);
  } else {
    fd::check_close(what + " peak <= table", where, l->peakHeld <= want.peak, 1, 0, 0);
    // Online, binomial keeps a_0 only: t(n, C), not the table's F(n, C).
    ck::Policy q = ck::resolve(l->policy, l->steps);
    long long table = q.kind == ck::Kind::Binomial
                          ? ck::binomialSteps(l->steps, q.arg)
                          : want.recomputed;
    fd::check_close(what + " recomputed <= table", where,
                    l->recomputed <= table, 1, 0, 0);
  }
}

int main() {
#define CASE(kind, name, pol)                                                  \
  Case{#kind "_" #name, pol, kind##_##name, kind##_##name##_grad, L_##kind##_##name},
#define ROW(name, pol) CASE(w, name, pol) CASE(d, name, pol) CASE(u, name, pol)
  const Case cases[] = {CASES(ROW)};
  const Case refs[] = {CASE(w, ref, "all") CASE(d, ref, "all") CASE(u, ref, "all")};
  fd::Rng rng(1234);
  for (int n : {0, 1, 2, 3, 15, 16, 17, 60, 100, 1000}) {
    for (int r = 0; r < 3; ++r) {
      const Case &ref = refs[r];
      fd::Vec W = rng.vec(3, -0.9, 0.9);
      double x = rng.uniform(-1, 1);
      std::string pt = "n=" + std::to_string(n);
      fd::Vec Wb0(3, 0.0);
      double xb0 = 0;
      ref.g(W.data(), x, n, Wb0.data(), &xb0, 1.0);
      double scale = std::fabs(xb0);
      for (double e : Wb0) scale = std::max(scale, std::fabs(e));
      for (const Case &c : cases) {
        if (c.name[0] != ref.name[0]) continue;
        std::string what = c.name + " (" + c.policy + ") " + pt;
        adgen::stats::reset();
        fd::Vec Wb(3, 0.0);
        double xb = 0;
        double v = c.g(W.data(), x, n, Wb.data(), &xb, 1.0);
        fd::check_equal(what + " value", pt, v, c.f(W.data(), x, n));
        counters(c, what);
        fd::check_close(what + " x_bar vs taped", pt, xb, xb0, 1e-12, 1e-12 * scale);
        fd::check_close(what + " x_bar vs FD", pt, xb,
                        fd::central([&](double t) { return c.f(W.data(), t, n); }, x),
                        1e-6, 1e-6 * (1 + scale));
        for (int i = 0; i < 3; ++i) {
          fd::check_close(what + " W_bar[" + std::to_string(i) + "] vs taped", pt,
                          Wb[i], Wb0[i], 1e-12, 1e-12 * scale);
          fd::check_close(what + " W_bar[" + std::to_string(i) + "] vs FD", pt, Wb[i],
                          fd::central([&](double t) {
                            fd::Vec z = W;
                            z[i] = t;
                            return c.f(z.data(), x, n);
                          }, W[i]), 1e-6, 1e-6 * (1 + scale));
        }
      }
    }
  }
  return fd::finish();
}
#endif
