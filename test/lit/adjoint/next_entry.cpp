// A top-level loop that copies h as each iteration starts (an RNN step
// reads the old h while it computes the new) and stores h[i] = tanh(a[i])
// for good: tanh's partial 1 - h^2 is not taped. Iteration t's values of h
// are iteration t + 1's entry copy, so the backward sweep reads them from
// that copy before popping its own (h_next), and the forward sweep copies
// h once more as the loop ends, for the last iteration. The tape holds the
// entry copies only: T * H values where it held 2 T * H. Taped as before:
// sin's partial (cos is no function of sin's value), a loop with a break, a
// loop inside another, and an h the body writes again after the fill. h
// written after the loop is copied as the loop ends, before that write; an
// entry copy nothing else reads is kept for the next iteration's reads.
// Every gradient matches central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(W, x) grad(W, x) size(W, 16) size(x, T * 4)
double rnn(const double *W, const double *x, int T) {
  double h[4] = {0.1, -0.2, 0.3, 0.0};
  for (int t = 0; t < T; ++t) {
    double a[4];
    for (int i = 0; i < 4; ++i) {
      double s = x[t * 4 + i];
      for (int j = 0; j < 4; ++j)
        s += W[i * 4 + j] * h[j];
      a[i] = s;
    }
    for (int i = 0; i < 4; ++i)
      h[i] = std::tanh(a[i]);
  }
  h[0] = 3.0 * h[0] * h[1];
  double loss = 0;
  for (int i = 0; i < 4; ++i)
    loss += h[i] * h[i];
  return loss;
}

#pragma adgen jvp(W, x) grad(W, x) size(W, 16) size(x, T * 4)
double with_sin(const double *W, const double *x, int T) {
  double h[4] = {0.1, -0.2, 0.3, 0.0};
  for (int t = 0; t < T; ++t) {
    double a[4];
    for (int i = 0; i < 4; ++i) {
      double s = x[t * 4 + i];
      for (int j = 0; j < 4; ++j)
        s += W[i * 4 + j] * h[j];
      a[i] = s;
    }
    for (int i = 0; i < 4; ++i)
      h[i] = std::sin(a[i]);
  }
  return h[0] * h[1] + h[2] * h[3];
}

#pragma adgen jvp(W, x) grad(W, x) size(W, 16) size(x, T * 4)
double with_break(const double *W, const double *x, int T) {
  double h[4] = {0.1, -0.2, 0.3, 0.0};
  for (int t = 0; t < T; ++t) {
    double a[4];
    for (int i = 0; i < 4; ++i) {
      double s = x[t * 4 + i];
      for (int j = 0; j < 4; ++j)
        s += W[i * 4 + j] * h[j];
      a[i] = s;
    }
    if (a[0] > 10.0)
      break;
    for (int i = 0; i < 4; ++i)
      h[i] = std::tanh(a[i]);
  }
  return h[0] * h[1] + h[2] * h[3];
}

#pragma adgen jvp(W, x) grad(W, x) size(W, 16) size(x, T * 4)
double nested(const double *W, const double *x, int T) {
  double r = 0;
  for (int e = 0; e < 2; ++e) {
    double h[4] = {0.1, -0.2, 0.3, 0.0};
    for (int t = 0; t < T; ++t) {
      double a[4];
      for (int i = 0; i < 4; ++i) {
        double s = x[t * 4 + i] * (1.0 + e);
        for (int j = 0; j < 4; ++j)
          s += W[i * 4 + j] * h[j];
        a[i] = s;
      }
      for (int i = 0; i < 4; ++i)
        h[i] = std::tanh(a[i]);
    }
    r += h[0] * h[1] + h[2] * h[3];
  }
  return r;
}

#pragma adgen jvp(W, x) grad(W, x) size(W, 16) size(x, T * 4)
double written_again(const double *W, const double *x, int T) {
  double h[4] = {0.1, -0.2, 0.3, 0.0};
  for (int t = 0; t < T; ++t) {
    double a[4];
    for (int i = 0; i < 4; ++i) {
      double s = x[t * 4 + i];
      for (int j = 0; j < 4; ++j)
        s += W[i * 4 + j] * h[j];
      a[i] = s;
    }
    for (int i = 0; i < 4; ++i)
      h[i] = std::tanh(a[i]);
    h[3] = 0.5 * h[3] * h[0];
  }
  return h[0] * h[1] + h[2] * h[3];
}

// Nothing but the next iteration reads h_entry (the old h only sums, with
// constant weights): it is still copied, pushed and popped.
#pragma adgen jvp(W, x) grad(W, x) size(W, 16) size(x, T * 4)
double linear_reads(const double *W, const double *x, int T) {
  double h[4] = {0.1, -0.2, 0.3, 0.0};
  for (int t = 0; t < T; ++t) {
    double a[4];
    for (int i = 0; i < 4; ++i) {
      double s = x[t * 4 + i] * W[i];
      for (int j = 0; j < 4; ++j)
        s += 0.25 * h[j];
      a[i] = s;
    }
    for (int i = 0; i < 4; ++i)
      h[i] = std::tanh(a[i]);
  }
  return h[0] * h[1] + h[2] * h[3];
}

// CHECK-LABEL: double rnn_grad(
// CHECK: double h_next[4] = {};
// CHECK: for (; t < T; ++t) {
// CHECK-NOT: tape_double.push(
// CHECK: h[i_1] = std::tanh(a[i_1]);
// CHECK-NOT: tape_double.push(
// CHECK: save h_entry of this iteration for the backward sweep
// CHECK: h as the loop ends, for its last iteration's backward sweep
// CHECK-NEXT: for (int [[K:k_?[0-9]*]] = 0; [[K]] < 4; ++[[K]]) {
// CHECK-NEXT: h_entry[[[K]]] = h[[[K]]];
// CHECK: h[0] = v{{[0-9]+}} * v{{[0-9]+}};
// CHECK: backward sweep: h as this iteration ended
// CHECK-NEXT: for (int [[K2:k_[0-9]+]] = 0; [[K2]] < 4; ++[[K2]]) {
// CHECK-NEXT: h_next[[[K2]]] = h_entry[[[K2]]];
// CHECK: backward sweep: h_entry as in this iteration
// CHECK-NEXT: tape_double.popInto(h_entry, 4);
// CHECK: const double [[H:v[0-9]+]] = h_next[v{{[0-9]+}}];
// CHECK-NEXT: a_bar[v{{[0-9]+}}] += (1.0 - [[H]] * [[H]]) * v{{[0-9]+}};
// CHECK-LABEL: return loss;

// CHECK-LABEL: double with_sin_grad(
// CHECK-NOT: h_next
// CHECK: std::cos(
// CHECK: tape_double.push(
// CHECK-LABEL: double with_break_grad(
// CHECK-NOT: h_next
// CHECK: tape_double.push(
// CHECK-LABEL: double nested_grad(
// CHECK-NOT: h_next
// CHECK: tape_double.push(
// CHECK-LABEL: double written_again_grad(
// CHECK-NOT: h_next
// CHECK: tape_double.push(
// CHECK-LABEL: double linear_reads_grad(
// CHECK: double h_next[4] = {};
// CHECK: h_entry[k] = h[k];
// CHECK: tape_double.pushFrom(h_entry, 4);
// CHECK: h_entry[[[K3:k_?[0-9]*]]] = h[[[K3]]];
// CHECK: h_next[[[K4:k_[0-9]+]]] = h_entry[[[K4]]];
// CHECK: tape_double.popInto(h_entry, 4);
// CHECK: = h_next[v{{[0-9]+}}];

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define DECLARE(f)                                                             \
  double f##_jvp(const double *W, const double *x, int T, const double *W_dot, \
                 const double *x_dot, double *f##_dot);                        \
  double f##_grad(const double *W, const double *x, int T, double *W_bar,      \
                  double *x_bar, double f##_bar = 1.0);
DECLARE(rnn)
DECLARE(with_sin)
DECLARE(linear_reads)
DECLARE(with_break)
DECLARE(nested)
DECLARE(written_again)
using fd::Vec;

// f(W, x, T) with W and x as one vector.
#define CHECK_RNN(f)                                                           \
  fd::check_grad(                                                              \
      #f, fd::at(v), v, v.size(),                                              \
      [&](const Vec &p) { return Vec{f(p.data(), p.data() + 16, T)}; },        \
      [&](const Vec &p, const Vec &pd, Vec *yd) {                              \
        return Vec{f##_jvp(p.data(), p.data() + 16, T, pd.data(),              \
                           pd.data() + 16, &(*yd)[0])};                        \
      },                                                                       \
      [&](const Vec &p, const Vec &yb, Vec *pb) {                              \
        return Vec{f##_grad(p.data(), p.data() + 16, T, pb->data(),            \
                            pb->data() + 16, yb[0])};                          \
      },                                                                       \
      rng)

int main() {
  fd::Rng rng(43);
  for (int T = 0; T < 6; ++T) {
    Vec v = rng.vec(16 + 4 * T, -0.8, 0.8);
    CHECK_RNN(rnn);
    CHECK_RNN(with_sin);
    CHECK_RNN(linear_reads);
    CHECK_RNN(with_break);
    CHECK_RNN(nested);
    CHECK_RNN(written_again);
  }
  return fd::finish();
}
#endif
