// Checkpointed loops nested in loops: outer checkpointed with inner
// checkpointed (several policy pairs), and outer taped (no directive) with
// inner checkpointed. Gradients against finite differences and against the
// all-taped version (to 1e-12); counters of both loops against SPEC
// section 3 (the inner loop's last run).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -DADGEN_STATS -c %t.cpp -o %t.o
// RUN: %cxx -DADGEN_STATS -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

// CHECK-LABEL: double oc_ic_grad(
// CHECK: while ([[R1:reverse[0-9_]*]].next()) {
// CHECK: if ([[R1]].reverses()) {
// CHECK: while ([[R2:reverse[0-9_]*]].next()) {
// CHECK: [[R2]].finish();
// CHECK: [[R1]].finish();
// CHECK-LABEL: double ot_ic_grad(
// CHECK: while ([[R3:reverse[0-9_]*]].next()) {
// CHECK: [[R3]].finish();

// All taped (no directive): the reference.
#ifdef ADGEN_DRIVER
enum { ref_outer = __LINE__ + 6, ref_inner = __LINE__ + 9 };
#endif
#pragma adgen grad
double ref(const double *W, const double *h0, int n, int m) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
  for (int t = 0; t < n; ++t) {
    double u = acc + h[t % 3];
    int mt = m + t % 3;
    for (int k = 0; k < mt; ++k)
      u = std::sin(W[k % 4] * u + 0.5 * h[k % 3]);
    h[t % 3] = 0.6 * h[t % 3] + 0.4 * std::tanh(u + W[4] * h[(t + 1) % 3]);
    acc = 0.9 * acc + 0.1 * u * W[5];
  }
  return acc + h[0] * h[1] - h[2];
}

// Outer checkpointed, inner checkpointed.
#ifdef ADGEN_DRIVER
enum { oc_ic_outer = __LINE__ + 7, oc_ic_inner = __LINE__ + 11 };
#endif
#pragma adgen grad
double oc_ic(const double *W, const double *h0, int n, int m) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(binomial 2)
  for (int t = 0; t < n; ++t) {
    double u = acc + h[t % 3];
    int mt = m + t % 3;
#pragma adgen checkpoint(every 2)
    for (int k = 0; k < mt; ++k)
      u = std::sin(W[k % 4] * u + 0.5 * h[k % 3]);
    h[t % 3] = 0.6 * h[t % 3] + 0.4 * std::tanh(u + W[4] * h[(t + 1) % 3]);
    acc = 0.9 * acc + 0.1 * u * W[5];
  }
  return acc + h[0] * h[1] - h[2];
}

// Outer taped (no directive), inner checkpointed.
#ifdef ADGEN_DRIVER
enum { ot_ic_outer = __LINE__ + 6, ot_ic_inner = __LINE__ + 10 };
#endif
#pragma adgen grad
double ot_ic(const double *W, const double *h0, int n, int m) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
  for (int t = 0; t < n; ++t) {
    double u = acc + h[t % 3];
    int mt = m + t % 3;
#pragma adgen checkpoint(auto)
    for (int k = 0; k < mt; ++k)
      u = std::sin(W[k % 4] * u + 0.5 * h[k % 3]);
    h[t % 3] = 0.6 * h[t % 3] + 0.4 * std::tanh(u + W[4] * h[(t + 1) % 3]);
    acc = 0.9 * acc + 0.1 * u * W[5];
  }
  return acc + h[0] * h[1] - h[2];
}

// Both checkpointed, other policies.
#ifdef ADGEN_DRIVER
enum { oc_ic2_outer = __LINE__ + 7, oc_ic2_inner = __LINE__ + 11 };
#endif
#pragma adgen grad
double oc_ic2(const double *W, const double *h0, int n, int m) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(recompute)
  for (int t = 0; t < n; ++t) {
    double u = acc + h[t % 3];
    int mt = m + t % 3;
#pragma adgen checkpoint(binomial 3)
    for (int k = 0; k < mt; ++k)
      u = std::sin(W[k % 4] * u + 0.5 * h[k % 3]);
    h[t % 3] = 0.6 * h[t % 3] + 0.4 * std::tanh(u + W[4] * h[(t + 1) % 3]);
    acc = 0.9 * acc + 0.1 * u * W[5];
  }
  return acc + h[0] * h[1] - h[2];
}

// Both checkpointed, other policies.
#ifdef ADGEN_DRIVER
enum { oc_ic3_outer = __LINE__ + 7, oc_ic3_inner = __LINE__ + 11 };
#endif
#pragma adgen grad
double oc_ic3(const double *W, const double *h0, int n, int m) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 4)
  for (int t = 0; t < n; ++t) {
    double u = acc + h[t % 3];
    int mt = m + t % 3;
#pragma adgen checkpoint(recompute)
    for (int k = 0; k < mt; ++k)
      u = std::sin(W[k % 4] * u + 0.5 * h[k % 3]);
    h[t % 3] = 0.6 * h[t % 3] + 0.4 * std::tanh(u + W[4] * h[(t + 1) % 3]);
    acc = 0.9 * acc + 0.1 * u * W[5];
  }
  return acc + h[0] * h[1] - h[2];
}

#ifdef ADGEN_DRIVER
#include <adgen/checkpoint.h>
#include <cstring>
#include <string>

#include "fd_check.h"
namespace ck = adgen::checkpoint;
double ref_grad(const double *W, const double *h0, int n, int m, double *W_bar,
              double *h0_bar, double f_bar = 1.0);
double oc_ic_grad(const double *W, const double *h0, int n, int m, double *W_bar,
              double *h0_bar, double f_bar = 1.0);
double ot_ic_grad(const double *W, const double *h0, int n, int m, double *W_bar,
              double *h0_bar, double f_bar = 1.0);
double oc_ic2_grad(const double *W, const double *h0, int n, int m, double *W_bar,
              double *h0_bar, double f_bar = 1.0);
double oc_ic3_grad(const double *W, const double *h0, int n, int m, double *W_bar,
              double *h0_bar, double f_bar = 1.0);
typedef double (*PrimalFn)(const double *, const double *, int, int);
typedef double (*GradFn)(const double *, const double *, int, int, double *,
                         double *, double);
struct Variant {
  const char *name;
  PrimalFn f;
  GradFn g;
  const char *outer, *inner; // policies (null: taped)
  int outerLine, innerLine;
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

// The counters of a checkpointed loop's last run against SPEC section 3.
void counters(const std::string &what, const char *policy, int line) {
  std::string where = "nested_inner.cpp:" + std::to_string(line);
  const adgen::stats::Loop *l = adgen::stats::find(where.c_str());
  fd::check_close(what + " " + where + " reported", "", l != nullptr, 1, 0, 0);
  if (!l) return;
  ck::Cost want = ck::cost(parse(policy), l->steps);
  fd::check_close(what + " " + where + " peak held", "", l->peakHeld, want.peak, 0, 0);
  // An inner loop whose counter is declared outside it runs online (trip
  // count unknown at entry): binomial then keeps a_0 only and recomputes
  // t(n, C), not the table's F(n, C).
  ck::Policy q = ck::resolve(parse(policy), l->steps);
  long long table = q.kind == ck::Kind::Binomial
                        ? ck::binomialSteps(l->steps, q.arg)
                        : want.recomputed;
  fd::check_close(what + " " + where + " recomputed <= table", "",
                  l->recomputed <= table, 1, 0, 0);
}

int main() {
  const Variant vs[] = {
    {"ref", ref, ref_grad, nullptr, nullptr, ref_outer, ref_inner},
    {"oc_ic", oc_ic, oc_ic_grad, "binomial 2", "every 2", oc_ic_outer, oc_ic_inner},
    {"ot_ic", ot_ic, ot_ic_grad, nullptr, "auto", ot_ic_outer, ot_ic_inner},
    {"oc_ic2", oc_ic2, oc_ic2_grad, "recompute", "binomial 3", oc_ic2_outer, oc_ic2_inner},
    {"oc_ic3", oc_ic3, oc_ic3_grad, "every 4", "recompute", oc_ic3_outer, oc_ic3_inner},
  };
  fd::Rng rng(99);
  for (int n : {0, 1, 2, 5, 16, 33})
    for (int m : {0, 1, 4}) {
      fd::Vec x = rng.vec(9, -0.8, 0.8); // W[6], h0[3]
      std::string pt = "n=" + std::to_string(n) + " m=" + std::to_string(m);
      fd::Vec ref(9, 0.0);
      double scale = 0;
      bool first = true;
      for (const Variant &v : vs) {
        adgen::stats::reset();
        fd::Vec b(9, 0.0);
        double y = v.g(x.data(), x.data() + 6, n, m, b.data(), b.data() + 6, 0.75);
        std::string what = std::string(v.name) + " " + pt;
        fd::check_equal(what + " value", pt, y, v.f(x.data(), x.data() + 6, n, m));
        if (first) {
          ref = b;
          for (double e : b) scale = std::max(scale, std::fabs(e));
          first = false;
        }
        for (int i = 0; i < 9; ++i) {
          fd::check_close(what + " grad[" + std::to_string(i) + "] vs taped", pt,
                          b[i], ref[i], 1e-12, 1e-12 * scale);
          double d = 0.75 * fd::central([&](double t) {
            fd::Vec z = x;
            z[i] = t;
            return v.f(z.data(), z.data() + 6, n, m);
          }, x[i]);
          fd::check_close(what + " grad[" + std::to_string(i) + "] vs FD", pt,
                          b[i], d, 1e-6, 1e-7 * (1.0 + scale));
        }
        if (n > 0 && v.outer) counters(what + " outer", v.outer, v.outerLine);
        if (n > 0 && v.inner) counters(what + " inner", v.inner, v.innerLine);
      }
    }
  return fd::finish();
}
#endif
