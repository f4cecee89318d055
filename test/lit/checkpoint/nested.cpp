// Nested loops under checkpointing: an outer checkpointed loop whose body
// holds an inner taped loop (with a trip count that varies with the outer
// counter), under `every 3` and `binomial 2`. The driver checks gradients
// against finite differences and against the all-taped version (to 1e-12),
// and the outer loop's ADGEN_STATS counters against SPEC section 3.
// (Inner checkpointed loops: nested_inner.cpp.)
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -DADGEN_STATS -c %t.cpp -o %t.o
// RUN: %cxx -DADGEN_STATS -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

// CHECK-LABEL: double ref_grad(
// CHECK-NOT: adgen::checkpoint::
// CHECK-LABEL: double oc_it_grad(
// CHECK: adgen::checkpoint::Forward [[FWD:forward[0-9_]*]](
// The snapshot: acc and h, not u or mt (declared in the body) nor W, h0.
// CHECK: if ([[FWD]].save(
// CHECK-NEXT: [[FWD]].put(&acc, 1);
// CHECK-NEXT: [[FWD]].put(h, 3);
// CHECK-NEXT: }
// The inner loop runs as written in the forward sweep...
// CHECK: for (int k = 0; k < mt; ++k) {
// CHECK: adgen::checkpoint::Reverse [[REV:reverse[0-9_]*]](
// CHECK: while ([[REV]].next()) {
// CHECK-NEXT: if ([[REV]].restores()) {
// CHECK-NEXT: [[REV]].get(&acc, 1);
// CHECK-NEXT: [[REV]].get(h, 3);
// CHECK-NEXT: }
// ... and taped when an outer iteration is re-run (its trip count, computed
// from the outer counter, is computed again rather than taped).
// CHECK: for (long [[I:i[_0-9]*]] = [[REV]].tapeBegin(); [[I]] < [[REV]].tapeEnd(); ++[[I]]) {
// CHECK: tape_double.push(
// CHECK-NOT: tape_int
// CHECK: if ([[REV]].reverses()) {
// CHECK: [[REV]].finish();
// CHECK-LABEL: double oc_it2_grad(

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

// Outer checkpointed, inner loop taped.
#ifdef ADGEN_DRIVER
enum { oc_it_outer = __LINE__ + 7, oc_it_inner = __LINE__ + 10 };
#endif
#pragma adgen grad
double oc_it(const double *W, const double *h0, int n, int m) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 3)
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

// Outer checkpointed (binomial), inner loop taped.
#ifdef ADGEN_DRIVER
enum { oc_it2_outer = __LINE__ + 7, oc_it2_inner = __LINE__ + 10 };
#endif
#pragma adgen grad
double oc_it2(const double *W, const double *h0, int n, int m) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(binomial 2)
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

#ifdef ADGEN_DRIVER
#include <adgen/checkpoint.h>
#include <cstring>
#include <string>

#include "fd_check.h"
namespace ck = adgen::checkpoint;
double ref_grad(const double *W, const double *h0, int n, int m, double *W_bar,
              double *h0_bar, double f_bar = 1.0);
double oc_it_grad(const double *W, const double *h0, int n, int m, double *W_bar,
              double *h0_bar, double f_bar = 1.0);
double oc_it2_grad(const double *W, const double *h0, int n, int m, double *W_bar,
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
  std::string where = "nested.cpp:" + std::to_string(line);
  const adgen::stats::Loop *l = adgen::stats::find(where.c_str());
  fd::check_close(what + " " + where + " reported", "", l != nullptr, 1, 0, 0);
  if (!l) return;
  ck::Cost want = ck::cost(parse(policy), l->steps);
  fd::check_close(what + " " + where + " peak held", "", l->peakHeld, want.peak, 0, 0);
  fd::check_close(what + " " + where + " recomputed <= table", "",
                  l->recomputed <= want.recomputed, 1, 0, 0);
}

int main() {
  const Variant vs[] = {
    {"ref", ref, ref_grad, nullptr, nullptr, ref_outer, ref_inner},
    {"oc_it", oc_it, oc_it_grad, "every 3", nullptr, oc_it_outer, oc_it_inner},
    {"oc_it2", oc_it2, oc_it2_grad, "binomial 2", nullptr, oc_it2_outer, oc_it2_inner},
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
