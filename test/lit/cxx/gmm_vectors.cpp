// ADBench's GMM objective as its users write it (SPEC §5): std::vector
// parameters, a Wishart struct by value, std::lgamma on passive arguments,
// helpers taking vectors by const reference with offsets, fixed-size local
// scratch. Gradient and tangent w.r.t. alphas, means and icf, against
// central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

struct Wishart {
  double gamma;
  int m;
};

constexpr int kMax = 4; // d and k up to kMax

static double logsumexp(int k, const double *v) {
  double mx = v[0];
  for (int i = 1; i < k; ++i)
    if (v[i] > mx)
      mx = v[i];
  double s = 0;
  for (int i = 0; i < k; ++i)
    s += std::exp(v[i] - mx);
  return std::log(s) + mx;
}

static double logsumexp_vec(int k, const std::vector<double> &v) {
  double mx = v[0];
  for (int i = 1; i < k; ++i)
    mx = std::max(mx, v[i]);
  double s = 0;
  for (int i = 0; i < k; ++i)
    s += std::exp(v[i] - mx);
  return std::log(s) + mx;
}

static double log_gamma_distrib(double a, int p) {
  double out = 0.25 * p * (p - 1) * std::log(M_PI);
  for (int j = 1; j <= p; ++j)
    out += std::lgamma(a + 0.5 * (1 - j));
  return out;
}

static double log_wishart_prior(int p, int k, Wishart w, const double *sum_qs,
                                const double *Qdiags,
                                const std::vector<double> &icf) {
  int n = p + w.m + 1;
  int icf_sz = p * (p + 1) / 2;
  double C = n * p * (std::log(w.gamma) - 0.5 * std::log(2.0)) -
             log_gamma_distrib(0.5 * n, p);
  double out = 0;
  for (int ik = 0; ik < k; ++ik) {
    double frobenius = 0;
    for (int i = 0; i < p; ++i)
      frobenius += Qdiags[ik * p + i] * Qdiags[ik * p + i];
    for (int i = p; i < icf_sz; ++i)
      frobenius += icf[ik * icf_sz + i] * icf[ik * icf_sz + i];
    out = out + 0.5 * w.gamma * w.gamma * frobenius - w.m * sum_qs[ik];
  }
  return out - k * C;
}

#pragma adgen grad(alphas, means, icf) jvp(alphas, means, icf)
double gmm_objective(const std::vector<double> &alphas,
                     const std::vector<double> &means,
                     const std::vector<double> &icf,
                     const std::vector<double> &x, Wishart w, int d, int k,
                     int n) {
  const double CONSTANT = -n * d * 0.5 * std::log(2 * M_PI);
  int icf_sz = d * (d + 1) / 2;
  double Qdiags[kMax * kMax];
  double sum_qs[kMax];
  double main_term[kMax];
  for (int ik = 0; ik < k; ++ik) {
    sum_qs[ik] = 0;
    for (int id = 0; id < d; ++id) {
      sum_qs[ik] += icf[ik * icf_sz + id];
      Qdiags[ik * d + id] = std::exp(icf[ik * icf_sz + id]);
    }
  }
  double slse = 0;
  for (int ix = 0; ix < n; ++ix) {
    for (int ik = 0; ik < k; ++ik) {
      double xc[kMax], Qxc[kMax];
      for (int id = 0; id < d; ++id)
        xc[id] = x[ix * d + id] - means[ik * d + id];
      for (int id = 0; id < d; ++id)
        Qxc[id] = Qdiags[ik * d + id] * xc[id];
      int Lidx = ik * icf_sz + d;
      for (int i = 0; i < d; ++i)
        for (int j = i + 1; j < d; ++j) {
          Qxc[j] += icf[Lidx] * xc[i];
          ++Lidx;
        }
      double sq = 0;
      for (int id = 0; id < d; ++id)
        sq += Qxc[id] * Qxc[id];
      main_term[ik] = alphas[ik] + sum_qs[ik] - 0.5 * sq;
    }
    slse += logsumexp(k, main_term);
  }
  double lse_alphas = logsumexp_vec(k, alphas);
  double err = CONSTANT + slse - n * lse_alphas;
  return err + log_wishart_prior(d, k, w, sum_qs, Qdiags, icf);
}

// CHECK-LABEL: {{^}}double gmm_objective_grad(const std::vector<double> &alphas,
// CHECK: Wishart w, int d, int k,
// CHECK: std::vector<double> *alphas_bar,
// CHECK: double gmm_objective_bar = 1.0) {
// CHECK-NEXT: return adgen_flat_gmm_objective_grad(
// CHECK: w.gamma, w.m, d, k, n,
// CHECK: alphas_bar->data()
// CHECK-LABEL: {{^}}double gmm_objective_jvp(const std::vector<double> &alphas,
// CHECK: const std::vector<double> &alphas_dot,
// CHECK: double *gmm_objective_dot) {

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(5);
  for (int t = 0; t < 8; ++t) {
    int d = rng.integer(1, kMax), k = rng.integer(1, kMax),
        n = rng.integer(1, 5);
    std::size_t na = std::size_t(k), nm = std::size_t(d * k),
                ni = std::size_t(k * d * (d + 1) / 2);
    Wishart w{rng.uniform(0.5, 2.0), rng.integer(0, 3)};
    Vec xs = rng.vec(n * d, -1, 1);
    auto parts = [&](const Vec &z, Vec &a, Vec &m, Vec &i) {
      a.assign(z.begin(), z.begin() + long(na));
      m.assign(z.begin() + long(na), z.begin() + long(na + nm));
      i.assign(z.begin() + long(na + nm), z.end());
    };
    Vec x0 = rng.vec(int(na + nm + ni), -1, 1);
    fd::check_grad("gmm d=" + std::to_string(d) + " k=" + std::to_string(k),
        fd::at(x0), x0, x0.size(),
        [&](const Vec &z) {
          Vec a, m, i;
          parts(z, a, m, i);
          return Vec{gmm_objective(a, m, i, xs, w, d, k, n)};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Vec a, m, i, ad, md, id;
          parts(z, a, m, i);
          parts(zd, ad, md, id);
          return Vec{gmm_objective_jvp(a, m, i, xs, w, d, k, n, ad, md, id,
                                       &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec a, m, i, ab, mb, ib;
          parts(z, a, m, i);
          parts(*zb, ab, mb, ib);
          double v = gmm_objective_grad(a, m, i, xs, w, d, k, n, &ab, &mb,
                                        &ib, yb[0]);
          ab.insert(ab.end(), mb.begin(), mb.end());
          ab.insert(ab.end(), ib.begin(), ib.end());
          *zb = ab;
          return Vec{v};
        },
        rng);
  }
  return fd::finish();
}
#endif
