// Driver for bundle adjustment's reprojection residual (ba.cpp), at random
// inputs (fixed seed). It checks
//
//   (a) the 2 x 15 Jacobian of computeReprojError w.r.t. cam (11), X (3) and
//       w, built from 2 computeReprojError_grad calls (one per row) and from
//       15 computeReprojError_jvp calls (one per column), against the
//       Jacobian derived by hand (hand_ba.cpp) and 5-point central
//       differences, every entry, at 8 random configurations: 5 with angles
//       up to 0.5 rad, 2 near zero (|r| = 1e-4, 1e-8) and one exactly zero
//       (the other branch of the Rodrigues rotation);
//   (b) ADBench's ba_objective over 5 cameras (one with r = 0, one with
//       |r| = 1e-6), 100 points and 300 observations: ba_objective_grad
//       seeded with the residuals, i.e. the gradient of half the sum of
//       squares, against the hand-written J^T r (all 655 entries) and
//       central differences (30 random entries); ba_objective_jvp along 3
//       random directions against the hand-written J v and central
//       differences (all 900 residuals).
//
// Against the hand-written derivative within 1e-9, against differences
// within 1e-6, relative: |a - b| / max(|b|, 1e-6 max|b|). Exit status
// non-zero on any mismatch.
#include "../common/check.h"
#include "ba.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

using examples::checks;
using examples::failures;
using examples::Lcg;
using examples::verdict;

using Vec = std::vector<double>;

double max_abs(const Vec &v) {
  double m = 0;
  for (double e : v) m = std::max(m, std::fabs(e));
  return m;
}
double max_rel(const Vec &a, const Vec &b) {
  const double floor = 1e-6 * max_abs(b);
  double r = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    r = std::max(r, std::fabs(a[i] - b[i]) / std::max(std::fabs(b[i]), floor));
  return r;
}

// d/ds F(s) at 0 for a vector function, 5-point central difference.
template <class F>
Vec central(F &&at, double h = 1e-3) {
  Vec a = at(2 * h), b = at(h), c = at(-h), d = at(-2 * h);
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] = (-a[i] + 8 * b[i] - 8 * c[i] + d[i]) / (12 * h);
  return a;
}

// A camera looking down +z at points about 5 away: rotation of norm `angle`
// in a random direction (0: exactly zero), centre within 0.5 of the origin,
// focal length 400 to 800, principal point within 10, small distortion.
void random_camera(Lcg &rng, double angle, double *cam) {
  double dir[3], n = 0;
  for (double &v : dir) {
    v = rng.sym(1.0);
    n += v * v;
  }
  for (int i = 0; i < 3; ++i) cam[i] = angle * dir[i] / std::sqrt(n);
  for (int i = 3; i < 6; ++i) cam[i] = rng.sym(0.5);
  cam[6] = 400 + 400 * rng.uniform();
  cam[7] = rng.sym(10);
  cam[8] = rng.sym(10);
  cam[9] = rng.sym(0.1);
  cam[10] = rng.sym(0.01);
}
void random_point(Lcg &rng, double *X) {
  X[0] = rng.sym(1.0);
  X[1] = rng.sym(1.0);
  X[2] = 4 + 2 * rng.uniform();
}

// (a) one configuration: input z = (cam, X, w); returns the worst errors.
void check_jacobian(Lcg &rng, double angle, double worst[3]) {
  Vec z(15);
  random_camera(rng, angle, &z[0]);
  random_point(rng, &z[11]);
  z[14] = 0.5 + rng.uniform();
  const double feat[2] = {rng.sym(300), rng.sym(300)};
  double e[2];
  computeReprojError(&z[0], &z[11], z[14], feat, e[0], e[1]);

  Vec Jg(30, 0.0), Jj(30), Jh(30), Jf(30);
  bool same = true;
  for (int row = 0; row < 2; ++row) {
    double e0, e1, b0 = row == 0, b1 = row == 1;
    computeReprojError_grad(&z[0], &z[11], z[14], feat, e0, e1, &Jg[15 * row],
                            &Jg[15 * row + 11], &Jg[15 * row + 14], b0, b1);
    same = same && e0 == e[0] && e1 == e[1];
  }
  for (int col = 0; col < 15; ++col) {
    Vec t(15, 0.0);
    t[col] = 1;
    double e0, e1, d0 = 0, d1 = 0;
    computeReprojError_jvp(&z[0], &z[11], z[14], feat, e0, e1, &t[0], &t[11],
                           t[14], d0, d1);
    Jj[col] = d0;
    Jj[15 + col] = d1;
    same = same && e0 == e[0] && e1 == e[1];
    const Vec fd = central([&](double s) {
      Vec y = z;
      y[col] += s;
      Vec r(2);
      computeReprojError(&y[0], &y[11], y[14], feat, r[0], r[1]);
      return r;
    });
    Jf[col] = fd[0];
    Jf[15 + col] = fd[1];
  }
  double eh[2];
  reproj_error_jacobian_hand(&z[0], &z[11], z[14], feat, eh, Jh.data());
  const double r[3] = {max_rel(Jg, Jh), max_rel(Jj, Jh), max_rel(Jg, Jf)};
  std::printf("  |r| = %-7.1e err (%+9.3f, %+9.3f)  grad/hand %.1e  "
              "jvp/hand %.1e  grad/fd %.1e", angle, e[0], e[1], r[0], r[1],
              r[2]);
  verdict(same && r[0] <= 1e-9 && r[1] <= 1e-9 && r[2] <= 1e-6 &&
          std::fabs(eh[0] - e[0]) <= 1e-12 * std::fabs(e[0]) &&
          std::fabs(eh[1] - e[1]) <= 1e-12 * std::fabs(e[1]));
  for (int i = 0; i < 3; ++i) worst[i] = std::max(worst[i], r[i]);
}

// (b) ADBench's objective: n cameras, m points, p observations.
struct Params {
  Vec cams, X, w;
  Vec &block(int b) { return b == 0 ? cams : b == 1 ? X : w; }
  // Input col of observation i's Jacobian (cam c, point k): cam, X, w.
  double &slot(int c, int k, int i, int col) {
    return col < 11 ? cams[11 * c + col]
                    : col < 14 ? X[3 * k + col - 11] : w[i];
  }
};

struct Problem {
  int n = 5, m = 100, p = 300;
  Params x;
  Vec feats;
  std::vector<int> obs;
  Vec residuals(const Params &at) const {  // (reproj_err, w_err)
    Vec r(3 * p);
    ba_objective(n, m, p, at.cams.data(), at.X.data(), at.w.data(), obs.data(),
                 feats.data(), r.data(), r.data() + 2 * p);
    return r;
  }
  // The hand-written Jacobian J of the residuals (hand_ba.cpp per
  // observation; d w_err_i / d w_i = -2 w_i): J v and J^T r.
  Vec hand_jvp(Params v) const {
    Vec t(3 * p, 0.0);
    for (int i = 0; i < p; ++i) {
      const int c = obs[2 * i], k = obs[2 * i + 1];
      double e[2], J[30];
      reproj_error_jacobian_hand(&x.cams[11 * c], &x.X[3 * k], x.w[i],
                                 &feats[2 * i], e, J);
      for (int row = 0; row < 2; ++row)
        for (int col = 0; col < 15; ++col)
          t[2 * i + row] += J[15 * row + col] * v.slot(c, k, i, col);
      t[2 * p + i] = -2 * x.w[i] * v.w[i];
    }
    return t;
  }
  Params hand_vjp(const Vec &r) const {
    Params g{Vec(x.cams.size(), 0.0), Vec(x.X.size(), 0.0), Vec(p, 0.0)};
    for (int i = 0; i < p; ++i) {
      const int c = obs[2 * i], k = obs[2 * i + 1];
      double e[2], J[30];
      reproj_error_jacobian_hand(&x.cams[11 * c], &x.X[3 * k], x.w[i],
                                 &feats[2 * i], e, J);
      for (int row = 0; row < 2; ++row)
        for (int col = 0; col < 15; ++col)
          g.slot(c, k, i, col) += J[15 * row + col] * r[2 * i + row];
      g.w[i] += -2 * x.w[i] * r[2 * p + i];
    }
    return g;
  }
};

Problem make_problem(Lcg &rng) {
  Problem P;
  P.x.cams.resize(11 * P.n);
  P.x.X.resize(3 * P.m);
  for (int c = 0; c < P.n; ++c)
    random_camera(rng, c == 0 ? 0.0 : c == 1 ? 1e-6 : 0.5 * rng.uniform(),
                  &P.x.cams[11 * c]);
  for (int k = 0; k < P.m; ++k) random_point(rng, &P.x.X[3 * k]);
  // Point k is seen by 3 of the 5 cameras: all but two in a row.
  for (int k = 0; k < P.m; ++k)
    for (int j = 0; j < 3; ++j) {
      P.obs.push_back((k + 2 + j) % P.n);
      P.obs.push_back(k);
    }
  // The features: each point's projection (weight 1), plus up to 2 pixels of
  // noise; the weights 0.5 to 1.5.
  P.feats.resize(2 * P.p);
  P.x.w.resize(P.p);
  for (int i = 0; i < P.p; ++i) {
    const double one = 1, zero[2] = {0, 0};
    computeReprojError(&P.x.cams[11 * P.obs[2 * i]], &P.x.X[3 * P.obs[2 * i + 1]],
                       &one, zero, &P.feats[2 * i]);
    P.feats[2 * i] += rng.sym(2.0);
    P.feats[2 * i + 1] += rng.sym(2.0);
    P.x.w[i] = 0.5 + rng.uniform();
  }
  return P;
}

double half_sq(const Vec &r) {
  double s = 0;
  for (double e : r) s += 0.5 * e * e;
  return s;
}

struct Report {
  double cost, gradHand = 0, gradFd = 0, jvpHand = 0, jvpFd = 0;
};

Report check_objective(Lcg &rng) {
  Problem P = make_problem(rng);
  Report rep;
  const Vec r = P.residuals(P.x);
  rep.cost = half_sq(r);
  std::printf("(b) ba_objective: %d cameras (|r| of the first two: 0, 1e-6), "
              "%d points, %d observations: cost 1/2 |F|^2 = %.6f\n", P.n, P.m,
              P.p, rep.cost);

  // The gradient of the cost: ba_objective_grad seeded with the residuals.
  Params g{Vec(P.x.cams.size(), 0.0), Vec(P.x.X.size(), 0.0), Vec(P.p, 0.0)};
  Vec out(3 * P.p), seed = r;
  ba_objective_grad(P.n, P.m, P.p, P.x.cams.data(), P.x.X.data(),
                    P.x.w.data(), P.obs.data(), P.feats.data(), out.data(),
                    out.data() + 2 * P.p, g.cams.data(), g.X.data(),
                    g.w.data(), seed.data(), seed.data() + 2 * P.p);
  Params h = P.hand_vjp(r);
  const char *names[3] = {"cams", "X", "w"};
  for (int b = 0; b < 3; ++b)
    rep.gradHand = std::max(rep.gradHand, max_rel(g.block(b), h.block(b)));
  std::printf("  grad seeded with F: %zu + %zu + %zu entries against the "
              "hand-written J^T F, max rel %.2e", g.cams.size(), g.X.size(),
              g.w.size(), rep.gradHand);
  verdict(out == r && max_abs(seed) == 0 && rep.gradHand <= 1e-9);

  for (int b = 0; b < 3; ++b) {  // 10 random entries per block
    Vec fds, ads;
    for (int t = 0; t < 10; ++t) {
      const int i = rng.below(int(P.x.block(b).size()));
      fds.push_back(central([&](double s) {
        Params y = P.x;
        y.block(b)[i] += s;
        return Vec{half_sq(P.residuals(y))};
      })[0]);
      ads.push_back(g.block(b)[i]);
    }
    const double e = max_rel(ads, fds);
    rep.gradFd = std::max(rep.gradFd, e);
    std::printf("  grad: 10 random entries of %-4s against differences of "
                "the cost, max rel %.2e", names[b], e);
    verdict(e <= 1e-6);
  }

  for (int t = 0; t < 3; ++t) {  // forward mode along random directions
    Params v{Vec(P.x.cams.size()), Vec(P.x.X.size()), Vec(P.p)};
    for (int b = 0; b < 3; ++b)
      for (double &e : v.block(b)) e = rng.sym(1.0);
    Vec dot(3 * P.p, 0.0), o(3 * P.p);
    ba_objective_jvp(P.n, P.m, P.p, P.x.cams.data(), P.x.X.data(),
                     P.x.w.data(), P.obs.data(), P.feats.data(), o.data(),
                     o.data() + 2 * P.p, v.cams.data(), v.X.data(),
                     v.w.data(), dot.data(), dot.data() + 2 * P.p);
    const Vec fd = central([&](double s) {
      Params y = P.x;
      for (int b = 0; b < 3; ++b)
        for (std::size_t i = 0; i < y.block(b).size(); ++i)
          y.block(b)[i] += s * v.block(b)[i];
      return P.residuals(y);
    });
    const double eh = max_rel(dot, P.hand_jvp(v)), ef = max_rel(dot, fd);
    rep.jvpHand = std::max(rep.jvpHand, eh);
    rep.jvpFd = std::max(rep.jvpFd, ef);
    std::printf("  jvp along v%d: %d residual tangents, against the "
                "hand-written J v %.2e, against differences %.2e", t, 3 * P.p,
                eh, ef);
    verdict(o == r && eh <= 1e-9 && ef <= 1e-6);
  }
  return rep;
}

}  // namespace

int main() {
  Lcg rng{2018};
  std::printf("bundle_adjust: (a) the 2 x 15 Jacobian of computeReprojError "
              "(cam, X, w) from 2 grad and 15 jvp calls\n");
  double worstA[3] = {0, 0, 0};
  const double angles[8] = {0.5, 0.3, 0.5, 0.4, 0.2, 1e-4, 1e-8, 0.0};
  for (double a : angles) check_jacobian(rng, a, worstA);
  const Report b = check_objective(rng);
  std::printf("summary: (a) 8 Jacobians x 30 entries: max rel grad/hand "
              "%.2e, jvp/hand %.2e, grad/fd %.2e; (b) cost %.6f, 655 gradient "
              "entries vs hand %.2e, 30 vs fd %.2e, 3 x 900 jvp entries vs "
              "hand %.2e, vs fd %.2e; %d checks, %d failed\n", worstA[0],
              worstA[1], worstA[2], b.cost, b.gradHand, b.gradFd, b.jvpHand,
              b.jvpFd, checks, failures);
  std::printf("%s\n", failures ? "bundle_adjust: FAILED"
                               : "bundle_adjust: all checks passed");
  return failures ? 1 : 0;
}
