// Driver for ADBench's GMM objective (gmm.cpp): d = 10, K = 25 components,
// n = 1,000 points, random data from a fixed seed. adgen's gradient w.r.t.
// alphas, means and icf (one gmm_objective_grad call, 1,650 entries) is
// checked
//
//   (a) entry by entry against the gradient written by hand from the
//       formulas (hand_gmm.cpp): every entry within 1e-9 relative;
//   (b) against central finite differences (5-point stencil) on 60
//       coordinates drawn at random (20 per parameter block): within 1e-6
//       relative;
//   (c) with forward mode: gmm_objective_jvp along 4 random directions
//       against grad . v (1e-9) and against central differences along v
//       (1e-6);
//
// and the values of both generated functions against the primal's.
// Relative errors are |a - b| / max(|b|, 1e-6 max|b|). Exit status non-zero
// on any mismatch.
#include "../common/check.h"
#include "gmm.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace {

constexpr int kD = 10, kK = 25, kN = 1000;
constexpr int kSz = kD * (kD + 1) / 2;

using examples::checks;
using examples::failures;
using examples::Lcg;
using examples::verdict;

using Vec = std::vector<double>;

double rel(double a, double b, double scale) {
  return std::fabs(a - b) / std::max(std::fabs(b), 1e-6 * scale);
}
double max_abs(const Vec &v) {
  double m = 0;
  for (double e : v) m = std::max(m, std::fabs(e));
  return m;
}
double max_rel(const Vec &a, const Vec &b) {
  double s = max_abs(b), r = 0;
  for (std::size_t i = 0; i < a.size(); ++i) r = std::max(r, rel(a[i], b[i], s));
  return r;
}
// d/ds F(s) at s = 0 by the 5-point central difference, h = 1e-3:
// truncation O(h^4), rounding about 1e-16 |F| / h.
template <class F>
double central(F &&at) {
  const double h = 1e-3;
  return (-at(2 * h) + 8 * at(h) - 8 * at(-h) + at(-2 * h)) / (12 * h);
}
double now_s() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

// The three parameter blocks as one vector and back.
struct Params {
  Vec alphas, means, icf;
  Vec &block(int b) { return b == 0 ? alphas : b == 1 ? means : icf; }
};

}  // namespace

int main() {
  Lcg rng{2018};
  Params p;
  p.alphas.resize(kK);
  p.means.resize(kK * kD);
  p.icf.resize(kK * kSz);
  Vec x(kN * kD);
  for (double &a : p.alphas) a = rng.sym(1.0);
  for (double &m : p.means) m = rng.sym(1.0);
  for (int c = 0; c < kK; ++c)
    for (int l = 0; l < kSz; ++l)  // log-diagonal, then lower entries
      p.icf[c * kSz + l] = l < kD ? rng.sym(0.5) : rng.sym(0.3);
  for (double &v : x) v = rng.sym(1.5);
  const Wishart w{1.0 + rng.uniform(), 3};

  auto f = [&](const Params &q) {
    return gmm_objective(q.alphas, q.means, q.icf, x, w, kD, kK, kN);
  };
  std::printf("gmm: d = %d, K = %d, n = %d, wishart gamma %.4f m %d; "
              "%d + %d + %d = %d parameters\n", kD, kK, kN, w.gamma, w.m, kK,
              kK * kD, kK * kSz, kK + kK * kD + kK * kSz);

  double t0 = now_s();
  const double primal = f(p);
  const double tPrimal = now_s() - t0;
  Params g{Vec(kK, 0.0), Vec(kK * kD, 0.0), Vec(kK * kSz, 0.0)};
  t0 = now_s();
  const double vg = gmm_objective_grad(p.alphas, p.means, p.icf, x, w, kD, kK,
                                       kN, &g.alphas, &g.means, &g.icf, 1.0);
  const double tGrad = now_s() - t0;
  Params h;
  t0 = now_s();
  const double vh = gmm_objective_hand_grad(p.alphas, p.means, p.icf, x, w,
                                            kD, kK, kN, h.alphas, h.means,
                                            h.icf);
  const double tHand = now_s() - t0;

  std::printf("objective %.12f: gmm_objective_grad %.12f, hand-written "
              "%.12f (rel %.1e)", primal, vg, vh, rel(vh, primal, 0));
  verdict(vg == primal && rel(vh, primal, 0) <= 1e-12);

  // (a) every entry against the hand-written gradient.
  const char *names[3] = {"alphas", "means", "icf"};
  double worstHand = 0;
  int nHand = 0;
  std::printf("(a) adgen against the hand-written gradient, every entry "
              "(<= 1e-9 relative)\n");
  for (int b = 0; b < 3; ++b) {
    double r = max_rel(g.block(b), h.block(b));
    worstHand = std::max(worstHand, r);
    nHand += int(g.block(b).size());
    std::printf("  %-6s %4zu entries, max |g| %.3e, max rel %.2e", names[b],
                g.block(b).size(), max_abs(h.block(b)), r);
    verdict(r <= 1e-9);
  }

  // (b) central differences on 20 distinct random coordinates of each block.
  std::printf("(b) central differences (5-point, h = 1e-3) on 20 random "
              "coordinates per block (<= 1e-6 relative)\n");
  double worstFd = 0;
  int nFd = 0;
  for (int b = 0; b < 3; ++b) {
    Vec &v = p.block(b);
    std::vector<int> idx(v.size());
    for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = int(i);
    for (int t = 0; t < 20; ++t)  // the first 20 of a random permutation
      std::swap(idx[t], idx[t + rng.below(int(idx.size()) - t)]);
    const double scale = max_abs(g.block(b));
    double worst = 0;
    int at = 0;
    for (int t = 0; t < 20; ++t) {
      const int i = idx[t];
      const double keep = v[i];
      const double fd = central([&](double s) {
        v[i] = keep + s;
        return f(p);
      });
      v[i] = keep;
      const double r = rel(g.block(b)[i], fd, scale);
      if (r >= worst) worst = r, at = i;
      ++nFd;
    }
    worstFd = std::max(worstFd, worst);
    std::printf("  %-6s 20 coordinates, max rel %.2e (at %d: adgen %+.12e)",
                names[b], worst, at, g.block(b)[at]);
    verdict(worst <= 1e-6);
  }

  // (c) forward mode along random directions.
  std::printf("(c) gmm_objective_jvp along 4 random directions (against "
              "hand grad . v: 1e-9; against central differences: 1e-6)\n");
  double worstJvp = 0, worstJvpFd = 0;
  for (int t = 0; t < 4; ++t) {
    Params v{Vec(kK), Vec(kK * kD), Vec(kK * kSz)};
    double gv = 0;
    for (int b = 0; b < 3; ++b)
      for (std::size_t i = 0; i < v.block(b).size(); ++i) {
        v.block(b)[i] = rng.sym(1.0);
        gv += h.block(b)[i] * v.block(b)[i];
      }
    double dot = 0;
    const double vj = gmm_objective_jvp(p.alphas, p.means, p.icf, x, w, kD,
                                        kK, kN, v.alphas, v.means, v.icf, &dot);
    const double fd = central([&](double s) {
      Params q = p;
      for (int b = 0; b < 3; ++b)
        for (std::size_t i = 0; i < v.block(b).size(); ++i)
          q.block(b)[i] += s * v.block(b)[i];
      return f(q);
    });
    const double r1 = rel(dot, gv, 0), r2 = rel(dot, fd, 0);
    worstJvp = std::max(worstJvp, r1);
    worstJvpFd = std::max(worstJvpFd, r2);
    std::printf("  v%d: jvp %+.10e, hand grad . v %+.10e (rel %.1e), fd "
                "%+.10e (rel %.1e)", t, dot, gv, r1, fd, r2);
    verdict(vj == primal && r1 <= 1e-9 && r2 <= 1e-6);
  }

  std::printf("time (single run, indicative): primal %.1f ms, "
              "gmm_objective_grad %.1f ms (%.1fx), hand-written %.1f ms\n",
              tPrimal * 1e3, tGrad * 1e3, tGrad / tPrimal, tHand * 1e3);
  std::printf("summary: objective %.10f; %d gradient entries vs hand-written "
              "max rel %.2e; %d vs finite differences max rel %.2e; 4 jvp "
              "max rel %.2e (grad) %.2e (fd); %d checks, %d failed\n", primal,
              nHand, worstHand, nFd, worstFd, worstJvp, worstJvpFd, checks,
              failures);
  std::printf("%s\n", failures ? "gmm: FAILED" : "gmm: all checks passed");
  return failures ? 1 : 0;
}
