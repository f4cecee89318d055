// A helper that writes through a pointer gets an adjoint of its own too
// (SPEC §4): `adgen_layer_grad_<mask>` takes the array it writes and that
// array's adjoint (seeded with the cotangent of its final values, left
// holding that of its initial ones), and the backward call re-runs it into
// an array holding what the call saw: a fresh one when the caller's array
// was just declared, a copy taken at the call when the caller wrote it
// before, or the caller's own when the helper never reads it and the
// caller never writes it again (on the heap when the extent is known at
// run time only). Calls in a region, and calls passing an array of
// unknown extent the backward call would need a copy of, are inlined. Checked against central differences and the dot-product test.
// The same in split mode (the default; here at every top-level call but
// in deep, whose helper keeps a call of its own): the helper's forward half
// tapes in the caller's forward sweep and its backward half reverses it
// from the caller's tape, so no array needs a copy for a re-run.
// RUN: adgen --callees=joint %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
// RUN: adgen %s -o %t.split.cpp
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.cpp
// RUN: adgen %s --emit=stats -o - | FileCheck %s --check-prefix=STATS
// RUN: %cxx -c %t.split.cpp -o %t.split.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.split.o -o %t.split.exe
// RUN: %t.split.exe
#include <cmath>
#include <vector>

// out = tanh(W x + b), W is m x n; it reads out after writing it.
void layer(const double *W, const double *b, const double *x, double *out,
           int n, int m) {
  for (int i = 0; i < m; ++i) {
    out[i] = b[i];
    for (int j = 0; j < n; ++j)
      out[i] += W[i * n + j] * x[j];
    out[i] = std::tanh(out[i]);
  }
}

#pragma adgen jvp(W1, b1, W2, b2, W3, b3, x) grad(W1, b1, W2, b2, W3, b3, x)
#pragma adgen size(W1, 12) size(b1, 4) size(W2, 16) size(b2, 4)
#pragma adgen size(W3, 8) size(b3, 2) size(x, 3)
double net(const double *W1, const double *b1, const double *W2,
           const double *b2, const double *W3, const double *b3,
           const double *x) {
  double h1[4], h2[4], y[2];
  layer(W1, b1, x, h1, 3, 4);
  layer(W2, b2, h1, h2, 4, 4);
  layer(W3, b3, h2, y, 4, 2);
  return y[0] * y[0] + 3.0 * y[1];
}

// acc[i] += w[i] sin(x acc[i]): it reads acc's initial values.
void scale_acc(const double *w, double *acc, int n, double x) {
  for (int i = 0; i < n; ++i)
    acc[i] += w[i] * std::sin(acc[i] * x);
}

// It writes out and never reads it.
void fill(const double *w, double *out, int n, double s) {
  for (int i = 0; i < n; ++i)
    out[i] = s * w[i] * w[i];
}

#pragma adgen jvp(w, s) grad(w, s) size(w, 3)
double mixed(const double *w, double s) {
  double a[3] = {1.0, 2.0, 3.0};
  scale_acc(w, a, 3, s);       // a as declared
  a[1] = a[0] * a[2];          // the caller writes a after the call
  scale_acc(w, a, 3, 0.5 * s); // a copy of a at the call
  double b[6];
  fill(w, b, 3, s);        // b is written again later: a fresh array
  fill(w, b + 3, 3, a[1]); // b itself
  double r = 0.0;
  for (int i = 0; i < 6; ++i)
    r += b[i] * a[i % 3];
  return r;
}

#pragma adgen jvp(w, s) grad(w, s) size(w, n) size(out, 2 * n)
void outputs(const double *w, int n, double s, double *out) {
  fill(w, out, n, s);         // out is written later: a fresh one, 2n long
  fill(w, out + n, n, s * s); // out itself
}

#pragma adgen jvp(w, s) grad(w, s) size(w, 3)
void unsized(const double *w, double s, double *out) {
  fill(w, out, 3, s);         // out's extent is unknown: inlined
  fill(w, out + 3, 3, s * s); // out itself
}

// The caller's own array, read by the helper: a copy on the heap (its
// extent n is known at run time); a std::vector local written again later:
// a fresh one.
#pragma adgen jvp(w, s) grad(w, s) size(w, n) size(out, n)
void accumulate(const double *w, int n, double s, double *out) {
  scale_acc(w, out, n, s);
  std::vector<double> t(n);
  fill(w, t.data(), n, s);
  for (int i = 0; i < n; ++i)
    out[i] += t[i] * t[i];
  fill(w, t.data(), n, out[0]);
  for (int i = 0; i < n; ++i)
    out[i] += t[i];
  scale_acc(w, out, n, s * s);
}

// Two layers; the helper is kept and keeps a call of its own.
void block2(const double *W, const double *b, const double *x, double *out) {
  double t[4];
  layer(W, b, x, t, 4, 4);
  layer(W + 16, b + 4, t, out, 4, 4);
}

#pragma adgen jvp(W, b, x) grad(W, b, x) size(W, 32) size(b, 8) size(x, 4)
double deep(const double *W, const double *b, const double *x) {
  double h[4], z[4];
  block2(W, b, x, h);
  block2(W, b, h, z);
  double r = 0.0;
  for (int i = 0; i < 4; ++i)
    r += z[i] * z[i] * (i + 1);
  return r;
}

// In a loop: inlined.
#pragma adgen grad(W, b, x) size(W, 16) size(b, 4) size(x, 4)
double steps(const double *W, const double *b, const double *x, int T) {
  double h[4];
  for (int i = 0; i < 4; ++i)
    h[i] = x[i];
  for (int t = 0; t < T; ++t) {
    double nh[4];
    layer(W, b, h, nh, 4, 4);
    for (int i = 0; i < 4; ++i)
      h[i] = nh[i];
  }
  double o[2];
  layer(W, b, h, o, 4, 2); // at the top level: kept
  return o[0] + 2.0 * o[1];
}

// One adjoint of layer per activity pattern, each once.
// CHECK: inline void adgen_layer_grad_111100(
// CHECK-NOT: inline void adgen_layer_grad_111100(
// CHECK-LABEL: net_grad(
// CHECK: double y_at_layer[2] = {};
// CHECK-NOT: for (
// CHECK: adgen_layer_grad_111100(W3, b3, h2, y_at_layer, 4, 2, W3_bar,
// CHECK: adgen_layer_grad_111100(W2, b2, h1, h2_at_layer, 4, 4, W2_bar,
// CHECK: adgen_layer_grad_111100(W1, b1, x, h1_at_layer, 3, 4, W1_bar,
// CHECK-LABEL: mixed_grad(
// CHECK: double a_at_scale_acc[3] = {1.0, 2.0, 3.0};
// CHECK: copy a as scale_acc sees it: the call writes it
// CHECK: double b_at_fill[6] = {};
// CHECK: adgen_fill_grad_1101(w, b + 3, 3,
// CHECK: adgen_fill_grad_1101(w, b_at_fill, 3,
// CHECK-LABEL: outputs_grad(
// CHECK: adgen::Scratch<double> out_at_fill(
// CHECK: adgen_fill_grad_1101(w, out + n, n,
// CHECK: adgen_fill_grad_1101(w, out_at_fill.data(), n,
// CHECK-LABEL: unsized_grad(
// CHECK: adgen_fill_grad_1101(w, out + 3, 3,
// CHECK-NOT: adgen_fill_grad
// CHECK-LABEL: accumulate_grad(
// CHECK: adgen::Scratch<double> out_at_scale_acc(
// CHECK: copy out as scale_acc sees it: the call writes it
// CHECK: adgen::Scratch<double> t_at_fill(
// CHECK: adgen_scale_acc_grad_1101(w, out_at_scale_acc{{.*}}, n,
// CHECK: adgen_fill_grad_1101(w, t.data(), n,
// CHECK: adgen_fill_grad_1101(w, t_at_fill.data(), n,
// CHECK: adgen_scale_acc_grad_1101(w, out_at_scale_acc{{.*}}, n,
// CHECK-LABEL: deep_grad(
// CHECK: adgen_block2_grad_1111(W, b, h, z_at_block2,
// CHECK: adgen_block2_grad_1111(W, b, x, h_at_block2,
// CHECK-LABEL: steps_grad(
// CHECK: adgen_layer_grad_111100(W, b, h, o_at_layer, 4, 2,
// CHECK-NOT: adgen_layer_grad
// CHECK: return

// SPLIT: inline void adgen_layer_fwd_111100(
// SPLIT: adgen::Stack<double> &tape_double) {
// SPLIT: tape_double.push(
// SPLIT: adgen_layer_rev_111100(
// SPLIT: adgen::Stack<double> &tape_double) {
// SPLIT: tape_double.pop()
// SPLIT-LABEL: net_grad(
// SPLIT-NOT: _at_layer
// SPLIT: adgen_layer_fwd_111100(W1, b1, x, h1, 3, 4, tape_double);
// SPLIT: adgen_layer_fwd_111100(W2, b2, h1, h2, 4, 4, tape_double);
// SPLIT: adgen_layer_fwd_111100(W3, b3, h2, y, 4, 2, tape_double);
// SPLIT: adgen_layer_rev_111100(W3, b3, h2, y, 4, 2, W3_bar,
// SPLIT: adgen_layer_rev_111100(W2, b2, h1, h2, 4, 4, W2_bar,
// SPLIT: adgen_layer_rev_111100(W1, b1, x, h1, 3, 4, W1_bar,
// SPLIT-LABEL: mixed_grad(
// SPLIT-NOT: _at_
// SPLIT: return
// SPLIT-LABEL: deep_grad(
// SPLIT: adgen_block2_grad_1111(W, b, h, z_at_block2,
// STATS-LABEL: function net_grad
// STATS: call at line {{[0-9]+}}: split mode, adgen_layer_fwd_111100 in the forward sweep tapes it, adgen_layer_rev_111100 reverses it (nothing runs twice)
// STATS-LABEL: function deep_grad
// STATS: call at line {{[0-9]+}}: joint mode, adgen_block2_grad_1111 (the callee runs again from its taped arguments)

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double net_jvp(const double *W1, const double *b1, const double *W2,
               const double *b2, const double *W3, const double *b3,
               const double *x, const double *W1_dot, const double *b1_dot,
               const double *W2_dot, const double *b2_dot,
               const double *W3_dot, const double *b3_dot,
               const double *x_dot, double *net_dot);
double net_grad(const double *W1, const double *b1, const double *W2,
                const double *b2, const double *W3, const double *b3,
                const double *x, double *W1_bar, double *b1_bar,
                double *W2_bar, double *b2_bar, double *W3_bar,
                double *b3_bar, double *x_bar, double net_bar = 1.0);
double mixed_jvp(const double *w, double s, const double *w_dot, double s_dot,
                 double *mixed_dot);
double mixed_grad(const double *w, double s, double *w_bar, double *s_bar,
                  double mixed_bar = 1.0);
void outputs_jvp(const double *w, int n, double s, double *out,
                 const double *w_dot, double s_dot, double *out_dot);
void outputs_grad(const double *w, int n, double s, double *out,
                  double *w_bar, double *s_bar, double *out_bar);
void unsized_jvp(const double *w, double s, double *out, const double *w_dot,
                 double s_dot, double *out_dot);
void unsized_grad(const double *w, double s, double *out, double *w_bar,
                  double *s_bar, double *out_bar);
void accumulate_jvp(const double *w, int n, double s, double *out,
                    const double *w_dot, double s_dot, double *out_dot);
void accumulate_grad(const double *w, int n, double s, double *out,
                     double *w_bar, double *s_bar, double *out_bar);
double deep_jvp(const double *W, const double *b, const double *x,
                const double *W_dot, const double *b_dot, const double *x_dot,
                double *deep_dot);
double deep_grad(const double *W, const double *b, const double *x,
                 double *W_bar, double *b_bar, double *x_bar,
                 double deep_bar = 1.0);
double steps_grad(const double *W, const double *b, const double *x, int T,
                  double *W_bar, double *b_bar, double *x_bar,
                  double steps_bar = 1.0);
using fd::Vec;

// Offsets of net's seven parameters in one vector.
static const int kNet[8] = {0, 12, 16, 32, 36, 44, 46, 49};

int main() {
  fd::Rng rng(29);
  for (int k = 0; k < 6; ++k) {
    Vec z = rng.vec(kNet[7], -1, 1);
    auto p = [](const Vec &v, int i) { return v.data() + kNet[i]; };
    auto pm = [](Vec *v, int i) { return v->data() + kNet[i]; };
    fd::check_grad("net", fd::at(z), z, z.size(),
        [&](const Vec &v) {
          return Vec{net(p(v, 0), p(v, 1), p(v, 2), p(v, 3), p(v, 4), p(v, 5),
                         p(v, 6))};
        },
        [&](const Vec &v, const Vec &d, Vec *yd) {
          return Vec{net_jvp(p(v, 0), p(v, 1), p(v, 2), p(v, 3), p(v, 4),
                             p(v, 5), p(v, 6), p(d, 0), p(d, 1), p(d, 2),
                             p(d, 3), p(d, 4), p(d, 5), p(d, 6), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{net_grad(p(v, 0), p(v, 1), p(v, 2), p(v, 3), p(v, 4),
                              p(v, 5), p(v, 6), pm(vb, 0), pm(vb, 1),
                              pm(vb, 2), pm(vb, 3), pm(vb, 4), pm(vb, 5),
                              pm(vb, 6), yb[0])};
        },
        rng);
  }
  for (int k = 0; k < 6; ++k) {
    Vec z = rng.vec(4, -1.5, 1.5); // w, s
    fd::check_grad("mixed", fd::at(z), z, 4,
        [](const Vec &v) { return Vec{mixed(v.data(), v[3])}; },
        [](const Vec &v, const Vec &d, Vec *yd) {
          return Vec{mixed_jvp(v.data(), v[3], d.data(), d[3], &(*yd)[0])};
        },
        [](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{mixed_grad(v.data(), v[3], vb->data(), &(*vb)[3], yb[0])};
        },
        rng);
  }
  for (int k = 0; k < 6; ++k) {
    int n = 1 + k;
    Vec z = rng.vec(n + 1, -1, 1); // w, s; out's initial values unread
    fd::check_grad("outputs", fd::at(z), z, z.size(),
        [n](const Vec &v) {
          Vec out(2 * n, 7.0);
          outputs(v.data(), n, v[n], out.data());
          return out;
        },
        [n](const Vec &v, const Vec &d, Vec *yd) {
          Vec out(2 * n, 7.0), od(2 * n, 5.0);
          outputs_jvp(v.data(), n, v[n], out.data(), d.data(), d[n], od.data());
          *yd = od;
          return out;
        },
        [n](const Vec &v, const Vec &yb, Vec *vb) {
          Vec out(2 * n, 7.0), ob = yb;
          outputs_grad(v.data(), n, v[n], out.data(), vb->data(), &(*vb)[n],
                       ob.data());
          for (int i = 0; i < 2 * n; ++i) // overwritten: no initial cotangent
            fd::check_equal("outputs out_bar[" + std::to_string(i) + "]",
                            "exit", ob[i], 0.0);
          return out;
        },
        rng);
  }
  for (int k = 0; k < 4; ++k) {
    Vec z = rng.vec(4, -1, 1); // w, s; out's initial values unread
    fd::check_grad("unsized", fd::at(z), z, z.size(),
        [](const Vec &v) {
          Vec out(6, 7.0);
          unsized(v.data(), v[3], out.data());
          return out;
        },
        [](const Vec &v, const Vec &d, Vec *yd) {
          Vec out(6, 7.0), od(6, 5.0);
          unsized_jvp(v.data(), v[3], out.data(), d.data(), d[3], od.data());
          *yd = od;
          return out;
        },
        [](const Vec &v, const Vec &yb, Vec *vb) {
          Vec out(6, 7.0), ob = yb;
          unsized_grad(v.data(), v[3], out.data(), vb->data(), &(*vb)[3],
                       ob.data());
          return out;
        },
        rng);
  }
  for (int k = 0; k < 6; ++k) {
    int n = 1 + k;
    Vec z = rng.vec(2 * n + 1, -1, 1); // w, s, out's initial values
    auto out0 = [n](const Vec &v) {
      return Vec(v.begin() + n + 1, v.end());
    };
    fd::check_grad("accumulate", fd::at(z), z, n + 1,
        [&](const Vec &v) {
          Vec out = out0(v);
          accumulate(v.data(), n, v[n], out.data());
          return out;
        },
        [&](const Vec &v, const Vec &d, Vec *yd) {
          Vec out = out0(v), od = out0(d);
          accumulate_jvp(v.data(), n, v[n], out.data(), d.data(), d[n],
                         od.data());
          *yd = od;
          return out;
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          Vec out = out0(v);
          std::copy(yb.begin(), yb.end(), vb->begin() + n + 1);
          accumulate_grad(v.data(), n, v[n], out.data(), vb->data(),
                          &(*vb)[n], vb->data() + n + 1);
          return out;
        },
        rng);
  }
  for (int k = 0; k < 6; ++k) {
    Vec z = rng.vec(44, -0.8, 0.8); // W, b, x
    fd::check_grad("deep", fd::at(z), z, z.size(),
        [](const Vec &v) { return Vec{deep(v.data(), &v[32], &v[40])}; },
        [](const Vec &v, const Vec &d, Vec *yd) {
          return Vec{deep_jvp(v.data(), &v[32], &v[40], d.data(), &d[32],
                              &d[40], &(*yd)[0])};
        },
        [](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{deep_grad(v.data(), &v[32], &v[40], vb->data(),
                               &(*vb)[32], &(*vb)[40], yb[0])};
        },
        rng);
  }
  for (int T = 0; T < 5; ++T) {
    Vec z = rng.vec(24, -0.8, 0.8); // W, b, x
    auto L = [T](const Vec &v) { return steps(v.data(), &v[16], &v[20], T); };
    Vec zb(24, 0.0);
    double yb = rng.uniform(-1, 1);
    fd::check_equal("steps value", fd::at(z),
                    steps_grad(z.data(), &z[16], &z[20], T, zb.data(), &zb[16],
                               &zb[20], yb),
                    L(z));
    for (int i = 0; i < 24; ++i)
      fd::check_close("steps_grad[" + std::to_string(i) + "]", fd::at(z),
                      zb[i], yb * fd::central([&](double t) {
                        Vec u = z;
                        u[i] = t;
                        return L(u);
                      }, z[i]), 1e-6, 1e-7);
  }
  return fd::finish();
}
#endif
