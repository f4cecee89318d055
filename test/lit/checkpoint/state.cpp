// What a checkpointed loop's snapshot holds (SPEC sections 3 and 4): loop-
// carried scalars (double, int, bool), local arrays the loop writes, a
// written pointer parameter (its extent from `size(p, n)`, from
// `size(p, m + 1)`, or a constant extent the code shows), and values the
// loop reads that are re-assigned after it; never const inputs. The driver
// checks each f_grad against central finite differences, the dot-product
// test with f_jvp, accumulation, and that f_grad leaves the written arrays
// holding the primal's final values (fd::check_grad compares the outputs
// f_grad gives back with the primal's), at trip counts 0, 1, 2, 7, 20.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

// A written pointer parameter with size(p, n): snapshotted with e; the
// caller's final p stashed around the backward sweep; w (const) never.
// CHECK-LABEL: double evolve_grad(double *p, const double *w, int n, int T,
// CHECK: adgen::checkpoint::Forward [[FWD:forward[0-9_]*]](
// CHECK: if ([[FWD]].save(
// CHECK-NEXT: [[FWD]].put(&e, 1);
// CHECK-NEXT: [[FWD]].put(p, static_cast<long>(n));
// CHECK-NEXT: }
// CHECK-NOT: put(w
// CHECK: adgen::checkpoint::Reverse [[REV:reverse[0-9_]*]](
// CHECK: [[REV]].stash(p, static_cast<long>(n));
// CHECK-NEXT: while ([[REV]].next()) {
// CHECK-NEXT: if ([[REV]].restores()) {
// CHECK-NEXT: [[REV]].get(&e, 1);
// CHECK-NEXT: [[REV]].get(p, static_cast<long>(n));
// CHECK-NEXT: }
// CHECK: [[REV]].unstash(p, static_cast<long>(n));
// CHECK-NEXT: [[REV]].finish();
#pragma adgen jvp grad
#pragma adgen size(p, n)
double evolve(double *p, const double *w, int n, int T) {
  double e = 0.0;
#pragma adgen checkpoint(every 3)
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i < n; ++i)
      p[i] = std::tanh(w[i % 3] * p[i] + 0.3 * p[(i + 1) % n] + 0.1 * e);
    e = 0.8 * e + 0.2 * p[0] * p[n - 1];
  }
  return e;
}

// size(p, m + 1), with binomial re-runs (untaped advances).
// CHECK-LABEL: double evolve2_grad(
// CHECK: .put(p, static_cast<long>(m) + 1);
// CHECK-LABEL: double fixed4_grad(
#pragma adgen grad size(p, m + 1)
#pragma adgen jvp
double evolve2(double *p, const double *w, int m, int T) {
#pragma adgen checkpoint(binomial 2)
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i <= m; ++i)
      p[i] = 0.7 * p[i] + 0.3 * std::sin(w[0] * p[m - i] + w[1] * t);
  }
  double s = 0.0;
  for (int i = 0; i <= m; ++i)
    s += p[i] * p[i];
  return s;
}

// A written pointer parameter whose extent the code shows (q[0..3]).
// CHECK: [[FWD4:forward[0-9_]*]].put(q, 4);
// CHECK: .stash(q, 4);
// CHECK: .unstash(q, 4);
#pragma adgen jvp grad
double fixed4(double *q, const double *w, int T) {
#pragma adgen checkpoint(binomial 2)
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i < 4; ++i)
      q[i] = std::sin(w[i] * q[3] + q[i]);
  }
  return q[0] * q[3];
}

// Scalars of every type and a local array, carried through branches.
// CHECK-LABEL: double mix_grad(
// CHECK: if ([[FWDM:forward[0-9_]*]].save(
// CHECK-NEXT: [[FWDM]].put(&a, 1);
// CHECK-NEXT: [[FWDM]].put(&b, 1);
// CHECK-NEXT: [[FWDM]].put(&cnt, 1);
// CHECK-NEXT: [[FWDM]].put(&flag, 1);
// CHECK-NEXT: [[FWDM]].put(buf, 5);
// CHECK-NEXT: }
#pragma adgen jvp grad
double mix(const double *w, double x, int T) {
  double a = x, b = 0.0;
  double buf[5] = {0.1, 0.2, 0.3, 0.4, 0.5};
  int cnt = 0;
  bool flag = false;
#pragma adgen checkpoint(binomial 3)
  for (int t = 0; t < T; ++t) {
    double old = buf[t % 5];
    buf[t % 5] = std::tanh(a * w[0] + old);
    if (flag)
      a = 0.5 * a + 0.4 * std::sin(b + buf[(t + 2) % 5]);
    else
      b = b * w[1] + 0.1 * a;
    if (a > 0.0)
      ++cnt;
    flag = !flag;
  }
  return a + b + 0.01 * cnt + buf[0] * buf[4];
}

// The loop reads c, k and the parameter x, which change after it: the
// backward sweep's re-runs must see their values from before.
// CHECK-LABEL: double after_grad(
// CHECK: if ([[FWDA:forward[0-9_]*]].save(
// CHECK-DAG: [[FWDA]].put(&x, 1);
// CHECK-DAG: [[FWDA]].put(&c, 1);
// CHECK-DAG: [[FWDA]].put(&s, 1);
// CHECK-DAG: [[FWDA]].put(k, 2);
#pragma adgen jvp grad
double after(const double *w, double x, int T) {
  double c = 0.5 * x;
  double k[2] = {w[0], w[1]};
  double s = x;
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t)
    s = std::sin(s * c + k[t % 2] * x);
  double r = s * c;
  c = 3.0;
  k[0] = 5.0;
  x = 2.0 * x;
  return r + c * x + k[0] * s;
}

// The same under recompute (every re-run from the loop's input state).
#pragma adgen jvp grad
double after2(const double *w, double x, int T) {
  double c = 0.5 * x;
  double k[2] = {w[0], w[1]};
  double s = x;
#pragma adgen checkpoint(recompute)
  for (int t = 0; t < T; ++t)
    s = std::sin(s * c + k[t % 2] * x);
  double r = s * c;
  c = 3.0;
  k[0] = 5.0;
  x = 2.0 * x;
  return r + c * x + k[0] * s;
}

#ifdef ADGEN_DRIVER
#include <string>

#include "fd_check.h"
double evolve_grad(double *p, const double *w, int n, int T, double *p_bar,
                   double *w_bar, double f_bar = 1.0);
double evolve_jvp(double *p, const double *w, int n, int T, double *p_dot,
                  const double *w_dot, double *f_dot);
double evolve2_grad(double *p, const double *w, int m, int T, double *p_bar,
                    double *w_bar, double f_bar = 1.0);
double evolve2_jvp(double *p, const double *w, int m, int T, double *p_dot,
                   const double *w_dot, double *f_dot);
double fixed4_grad(double *q, const double *w, int T, double *q_bar,
                   double *w_bar, double f_bar = 1.0);
double fixed4_jvp(double *q, const double *w, int T, double *q_dot,
                  const double *w_dot, double *f_dot);
double mix_grad(const double *w, double x, int T, double *w_bar, double *x_bar,
                double f_bar = 1.0);
double mix_jvp(const double *w, double x, int T, const double *w_dot,
               double x_dot, double *f_dot);
double after_grad(const double *w, double x, int T, double *w_bar,
                  double *x_bar, double f_bar = 1.0);
double after_jvp(const double *w, double x, int T, const double *w_dot,
                 double x_dot, double *f_dot);
double after2_grad(const double *w, double x, int T, double *w_bar,
                   double *x_bar, double f_bar = 1.0);
double after2_jvp(const double *w, double x, int T, const double *w_dot,
                  double x_dot, double *f_dot);
using fd::Vec;

// A function writing p[0, np) and reading const w[0, nw): x = (w, p0) with
// w's adjoint summed, y = (return value, final p).
template <class P, class J, class G>
void writes(const std::string &name, int nw, int np, P primal, J jvp, G grad,
            fd::Rng &rng) {
  Vec x = rng.vec(nw + np, -0.9, 0.9);
  fd::check_grad(name, fd::at(x), x, nw,
      [&](const Vec &z) {
        Vec p(z.begin() + nw, z.end());
        double v = primal(z.data(), p.data());
        Vec y{v};
        y.insert(y.end(), p.begin(), p.end());
        return y;
      },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        Vec p(z.begin() + nw, z.end()), pd(zd.begin() + nw, zd.end());
        double v = jvp(z.data(), p.data(), zd.data(), pd.data(), &(*yd)[0]);
        for (int i = 0; i < np; ++i) (*yd)[1 + i] = pd[i];
        Vec y{v};
        y.insert(y.end(), p.begin(), p.end());
        return y;
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        Vec p(z.begin() + nw, z.end()), pb(yb.begin() + 1, yb.end());
        double v = grad(z.data(), p.data(), zb->data(), pb.data(), yb[0]);
        for (int i = 0; i < np; ++i) (*zb)[nw + i] = pb[i];
        Vec y{v};
        y.insert(y.end(), p.begin(), p.end()); // p as f_grad left it
        return y;
      },
      rng);
}

// A function of (w[0, nw), x): both adjoints summed.
template <class P, class J, class G>
void reads(const std::string &name, int nw, P primal, J jvp, G grad,
           fd::Rng &rng) {
  Vec x = rng.vec(nw + 1, -0.9, 0.9);
  fd::check_grad(name, fd::at(x), x, nw + 1,
      [&](const Vec &z) { return Vec{primal(z.data(), z[nw])}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        return Vec{jvp(z.data(), z[nw], zd.data(), zd[nw], &(*yd)[0])};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        return Vec{grad(z.data(), z[nw], zb->data(), zb->data() + nw, yb[0])};
      },
      rng);
}

int main() {
  fd::Rng rng(4242);
  for (int T : {0, 1, 2, 7, 20}) {
    std::string t = " T=" + std::to_string(T);
    for (int n : {1, 3, 6})
      writes("evolve n=" + std::to_string(n) + t, 3, n,
          [&](const double *w, double *p) { return evolve(p, w, n, T); },
          [&](const double *w, double *p, const double *wd, double *pd,
              double *yd) { return evolve_jvp(p, w, n, T, pd, wd, yd); },
          [&](const double *w, double *p, double *wb, double *pb, double yb) {
            return evolve_grad(p, w, n, T, pb, wb, yb);
          },
          rng);
    for (int m : {0, 2, 5})
      writes("evolve2 m=" + std::to_string(m) + t, 2, m + 1,
          [&](const double *w, double *p) { return evolve2(p, w, m, T); },
          [&](const double *w, double *p, const double *wd, double *pd,
              double *yd) { return evolve2_jvp(p, w, m, T, pd, wd, yd); },
          [&](const double *w, double *p, double *wb, double *pb, double yb) {
            return evolve2_grad(p, w, m, T, pb, wb, yb);
          },
          rng);
    writes("fixed4" + t, 4, 4,
        [&](const double *w, double *q) { return fixed4(q, w, T); },
        [&](const double *w, double *q, const double *wd, double *qd,
            double *yd) { return fixed4_jvp(q, w, T, qd, wd, yd); },
        [&](const double *w, double *q, double *wb, double *qb, double yb) {
          return fixed4_grad(q, w, T, qb, wb, yb);
        },
        rng);
    reads("mix" + t, 2, [&](const double *w, double x) { return mix(w, x, T); },
        [&](const double *w, double x, const double *wd, double xd, double *yd) {
          return mix_jvp(w, x, T, wd, xd, yd);
        },
        [&](const double *w, double x, double *wb, double *xb, double yb) {
          return mix_grad(w, x, T, wb, xb, yb);
        },
        rng);
    reads("after" + t, 2,
        [&](const double *w, double x) { return after(w, x, T); },
        [&](const double *w, double x, const double *wd, double xd, double *yd) {
          return after_jvp(w, x, T, wd, xd, yd);
        },
        [&](const double *w, double x, double *wb, double *xb, double yb) {
          return after_grad(w, x, T, wb, xb, yb);
        },
        rng);
    reads("after2" + t, 2,
        [&](const double *w, double x) { return after2(w, x, T); },
        [&](const double *w, double x, const double *wd, double xd, double *yd) {
          return after2_jvp(w, x, T, wd, xd, yd);
        },
        [&](const double *w, double x, double *wb, double *xb, double yb) {
          return after2_grad(w, x, T, wb, xb, yb);
        },
        rng);
  }
  return fd::finish();
}
#endif
