// A checkpointed loop that writes an array one stripe per iteration and
// reads only below its own stripe (a trajectory buffer, `hs[(t + 1) * H + i]
// = f(hs[t * H + j])`) keeps that array out of its snapshots: a re-run finds
// what it reads in memory (analysis/Stripes.h). The stripe width may be a
// parameter, a local constant or a local declared in the body; a read of the
// first row at every step is below every stripe. Kept in the snapshot (the
// rule does not hold): a read of the iteration's own stripe, of a later
// stripe, stripes that overlap, a write after the loop. The driver checks
// every f_grad against central differences, the dot-product test with f_jvp,
// accumulation, and that hs holds the primal's final values afterwards, at
// trip counts 0, 1, 2, 7, 20 and widths 1, 3.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: adgen %s -o - --emit=stats | FileCheck %s --check-prefix=STATS
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

// The width H a parameter; row 0 read at every step.
// CHECK-LABEL: double traj_grad(const double *W, double *hs, int H, int T,
// CHECK: adgen::checkpoint::Forward [[FWD:forward[0-9_]*]](
// CHECK: [[FWD]].save(
// CHECK-NOT: put(
// CHECK: [[REV:reverse[0-9_]*]].stash(hs,
// CHECK-NEXT: while ([[REV]].next()) {
// CHECK-NEXT: // re-run iterations untaped
// CHECK-NOT: get(
// CHECK: [[REV]].unstash(hs,
// STATS: loop at line {{[0-9]+}}: checkpoint(auto), snapshot of nothing: 0 bytes per state (hs: written a stripe per iteration, re-runs read it in memory)
#pragma adgen jvp grad size(W, H * H) size(hs, H * T + H)
double traj(const double *W, double *hs, int H, int T) {
#pragma adgen checkpoint(auto)
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i < H; ++i) {
      double s = 0.1 * hs[i];
      for (int j = 0; j < H; ++j)
        s += W[i * H + j] * hs[t * H + j];
      hs[(t + 1) * H + i] = std::tanh(s);
    }
  }
  double loss = 0.0;
  for (int i = 0; i < H; ++i)
    loss += hs[T * H + i] * hs[T * H + i];
  return loss;
}

// A local constant width and a row offset declared in the body; binomial.
// CHECK-LABEL: double traj3_grad(
// CHECK: .save(
// CHECK-NOT: put(
// CHECK: .stash(hs,
// STATS: loop at line {{[0-9]+}}: checkpoint(binomial 3), snapshot of nothing
#pragma adgen jvp grad size(W, 9) size(hs, 3 * T + 3)
double traj3(const double *W, double *hs, int T) {
  const int H = 3;
#pragma adgen checkpoint(binomial 3)
  for (int t = 0; t < T; ++t) {
    int row = (t + 1) * H;
    for (int i = 0; i < H; ++i)
      hs[row + i] = std::sin(W[3 * i] * hs[row - H] + W[3 * i + 1] *
                             hs[row - H + 1] + W[3 * i + 2] * hs[row - 1]);
  }
  return hs[T * H] + 2.0 * hs[T * H + 2];
}

// A local trajectory: no snapshot and nothing to stash; every 3.
// CHECK-LABEL: double local_grad(
// CHECK-NOT: put(
// CHECK-NOT: stash(
// CHECK-LABEL: double own_grad(
#pragma adgen jvp grad size(W, 4)
double local(const double *W, int T) {
  double hs[2 * 21] = {};
  hs[0] = W[2];
  hs[1] = W[3];
#pragma adgen checkpoint(every 3)
  for (int t = 0; t < T && t < 20; ++t) {
    hs[2 * t + 2] = std::tanh(W[0] * hs[2 * t] + W[1] * hs[2 * t + 1]);
    hs[2 * t + 3] = std::cos(W[1] * hs[2 * t] - hs[2 * t + 1]);
  }
  int last = T < 20 ? T : 20;
  return hs[2 * last] * hs[2 * last + 1];
}

// Reads its own stripe before writing it: hs in the snapshot.
// CHECK: .save(
// CHECK-NEXT: .put(hs,
// CHECK-LABEL: double later_grad(
#pragma adgen jvp grad size(W, H * H) size(hs, H * T + H)
double own(const double *W, double *hs, int H, int T) {
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < H; ++i)
      hs[(t + 1) * H + i] =
          0.5 * hs[(t + 1) * H + i] + std::tanh(W[i * H] * hs[t * H + i]);
  return hs[T * H];
}

// Reads the next stripe, which the next iteration overwrites: kept.
// CHECK: .save(
// CHECK-NEXT: .put(hs,
// CHECK-LABEL: double overlap_grad(
#pragma adgen jvp grad size(W, H * H) size(hs, H * T + 2 * H)
double later(const double *W, double *hs, int H, int T) {
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < H; ++i)
      hs[(t + 1) * H + i] =
          std::tanh(W[i * H] * hs[t * H + i] + 0.3 * hs[(t + 2) * H + i]);
  return hs[T * H];
}

// Two rows written per step, one of them again by the next step: kept.
// CHECK: .save(
// CHECK-NEXT: .put(hs,
// CHECK-LABEL: double after_grad(
#pragma adgen jvp grad size(W, H * H) size(hs, H * T + 2 * H)
double overlap(const double *W, double *hs, int H, int T) {
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < 2 * H; ++i)
      hs[t * H + H + i] = std::tanh(W[(i % H) * H] * hs[t * H + i % H]) +
                          0.2 * hs[t * H + H + i];
  return hs[T * H] + hs[T * H + H];
}

// Written again after the loop: kept.
// CHECK: .save(
// CHECK-NEXT: .put(hs,
#pragma adgen jvp grad size(W, H * H) size(hs, H * T + H)
double after(const double *W, double *hs, int H, int T) {
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < H; ++i)
      hs[(t + 1) * H + i] = std::tanh(W[i * H] * hs[t * H + i]);
  double v = hs[T * H];
  hs[0] = 2.0 * v + hs[0];
  return v * hs[0];
}

#ifdef ADGEN_DRIVER
#include <string>

#include "fd_check.h"
double traj_grad(const double *W, double *hs, int H, int T, double *W_bar,
                 double *hs_bar, double traj_bar = 1.0);
double traj_jvp(const double *W, double *hs, int H, int T, const double *W_dot,
                double *hs_dot, double *traj_dot);
double traj3_grad(const double *W, double *hs, int T, double *W_bar,
                  double *hs_bar, double traj3_bar = 1.0);
double traj3_jvp(const double *W, double *hs, int T, const double *W_dot,
                 double *hs_dot, double *traj3_dot);
double local_grad(const double *W, int T, double *W_bar, double local_bar = 1.0);
double local_jvp(const double *W, int T, const double *W_dot, double *local_dot);
#define SIG(f)                                                                 \
  double f##_grad(const double *W, double *hs, int H, int T, double *W_bar,    \
                  double *hs_bar, double f##_bar = 1.0);                       \
  double f##_jvp(const double *W, double *hs, int H, int T,                    \
                 const double *W_dot, double *hs_dot, double *f##_dot);
SIG(own)
SIG(later)
SIG(overlap)
SIG(after)
using fd::Vec;

// x = (W[0, nw), hs0[0, nh)), W's adjoint summed; y = (value, final hs).
template <class P, class J, class G>
void writes(const std::string &name, int nw, int nh, P primal, J jvp, G grad,
            fd::Rng &rng) {
  Vec x = rng.vec(nw + nh, -0.9, 0.9);
  fd::check_grad(name, fd::at(x), x, nw,
      [&](const Vec &z) {
        Vec p(z.begin() + nw, z.end());
        Vec y{primal(z.data(), p.data())};
        y.insert(y.end(), p.begin(), p.end());
        return y;
      },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        Vec p(z.begin() + nw, z.end()), pd(zd.begin() + nw, zd.end());
        double v = jvp(z.data(), p.data(), zd.data(), pd.data(), &(*yd)[0]);
        for (int i = 0; i < nh; ++i) (*yd)[1 + i] = pd[i];
        Vec y{v};
        y.insert(y.end(), p.begin(), p.end());
        return y;
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        Vec p(z.begin() + nw, z.end()), pb(yb.begin() + 1, yb.end());
        double v = grad(z.data(), p.data(), zb->data(), pb.data(), yb[0]);
        for (int i = 0; i < nh; ++i) (*zb)[nw + i] = pb[i];
        Vec y{v};
        y.insert(y.end(), p.begin(), p.end()); // hs as f_grad left it
        return y;
      },
      rng);
}

#define CHECK_WIDTH(f, rows)                                                   \
  writes(#f + tag, H * H, (rows) * H,                                          \
      [&](const double *w, double *p) { return f(w, p, H, T); },               \
      [&](const double *w, double *p, const double *wd, double *pd,            \
          double *yd) { return f##_jvp(w, p, H, T, wd, pd, yd); },             \
      [&](const double *w, double *p, double *wb, double *pb, double yb) {     \
        return f##_grad(w, p, H, T, wb, pb, yb);                               \
      },                                                                       \
      rng)

int main() {
  fd::Rng rng(2027);
  for (int T : {0, 1, 2, 7, 20}) {
    std::string t = " T=" + std::to_string(T);
    for (int H : {1, 3}) {
      std::string tag = " H=" + std::to_string(H) + t;
      CHECK_WIDTH(traj, T + 1);
      CHECK_WIDTH(own, T + 1);
      CHECK_WIDTH(later, T + 2);
      CHECK_WIDTH(overlap, T + 2);
      CHECK_WIDTH(after, T + 1);
    }
    writes("traj3" + t, 9, 3 * T + 3,
        [&](const double *w, double *p) { return traj3(w, p, T); },
        [&](const double *w, double *p, const double *wd, double *pd,
            double *yd) { return traj3_jvp(w, p, T, wd, pd, yd); },
        [&](const double *w, double *p, double *wb, double *pb, double yb) {
          return traj3_grad(w, p, T, wb, pb, yb);
        },
        rng);
    Vec w = rng.vec(4, -0.9, 0.9);
    fd::check_grad("local" + t, fd::at(w), w, 4,
        [&](const Vec &z) { return Vec{local(z.data(), T)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{local_jvp(z.data(), T, zd.data(), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{local_grad(z.data(), T, zb->data(), yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
