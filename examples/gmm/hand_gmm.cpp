// The GMM objective's gradient written by hand from its formulas (see
// gmm.cpp), for checking adgen's. Nothing here comes from adgen.
//
// For point i and component k, with xc = x_i - mu_k, z = Q_k xc and
// beta_ik = alpha_k + sum_j q_kj - |z|^2 / 2:
//
//   d beta_ik / d alpha_k = 1
//   d beta_ik / d mu_k    = Q_k^T z                 (d xc / d mu_k = -I)
//   d beta_ik / d q_kj    = 1 - z_j exp(q_kj) xc_j  (Q_jj = exp(q_kj))
//   d beta_ik / d L_k[r][c] = -z_r xc_c             (r > c)
//
// and d logsumexp_k(beta_i.) / d beta_ik = r_ik, the softmax of beta_i.
// The other terms: d(-n logsumexp(alpha)) / d alpha_k = -n softmax(alpha)_k,
// and the Wishart term gives gamma^2 exp(2 q_kj) - m for q_kj and
// gamma^2 L for each strictly lower entry L.
#include "gmm.h"

#include <algorithm>
#include <cmath>

namespace {

// Softmax of v in place; returns logsumexp(v).
double softmax(std::vector<double> &v) {
  double mx = *std::max_element(v.begin(), v.end());
  double s = 0;
  for (double &e : v) {
    e = std::exp(e - mx);
    s += e;
  }
  for (double &e : v)
    e /= s;
  return mx + std::log(s);
}

}  // namespace

double gmm_objective_hand_grad(const std::vector<double> &alphas,
                               const std::vector<double> &means,
                               const std::vector<double> &icf,
                               const std::vector<double> &x, Wishart wishart,
                               int d, int k, int n,
                               std::vector<double> &alphas_grad,
                               std::vector<double> &means_grad,
                               std::vector<double> &icf_grad) {
  const int sz = d * (d + 1) / 2;
  alphas_grad.assign(k, 0.0);
  means_grad.assign(std::size_t(k) * d, 0.0);
  icf_grad.assign(std::size_t(k) * sz, 0.0);

  // Q_k as a dense lower-triangular d x d matrix, row-major.
  std::vector<double> Q(std::size_t(k) * d * d, 0.0);
  for (int c = 0; c < k; ++c) {
    double *Qc = &Q[std::size_t(c) * d * d];
    const double *ic = &icf[std::size_t(c) * sz];
    for (int j = 0; j < d; ++j)
      Qc[j * d + j] = std::exp(ic[j]);
    int l = d;
    for (int col = 0; col < d; ++col)
      for (int row = col + 1; row < d; ++row)
        Qc[row * d + col] = ic[l++];
  }

  std::vector<double> beta(k), xc(std::size_t(k) * d), z(std::size_t(k) * d);
  double value = 0;
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < k; ++c) {
      const double *Qc = &Q[std::size_t(c) * d * d];
      double *xcc = &xc[std::size_t(c) * d], *zc = &z[std::size_t(c) * d];
      double logdet = 0, zz = 0;
      for (int j = 0; j < d; ++j) {
        xcc[j] = x[std::size_t(i) * d + j] - means[std::size_t(c) * d + j];
        logdet += icf[std::size_t(c) * sz + j];
      }
      for (int r = 0; r < d; ++r) {
        double s = 0;
        for (int col = 0; col <= r; ++col)
          s += Qc[r * d + col] * xcc[col];
        zc[r] = s;
        zz += s * s;
      }
      beta[c] = alphas[c] + logdet - 0.5 * zz;
    }
    value += softmax(beta);  // beta now holds r_i.
    for (int c = 0; c < k; ++c) {
      const double w = beta[c];
      const double *Qc = &Q[std::size_t(c) * d * d];
      const double *xcc = &xc[std::size_t(c) * d], *zc = &z[std::size_t(c) * d];
      double *gm = &means_grad[std::size_t(c) * d];
      double *gi = &icf_grad[std::size_t(c) * sz];
      alphas_grad[c] += w;
      for (int col = 0; col < d; ++col) {  // (Q^T z)_col
        double s = 0;
        for (int r = col; r < d; ++r)
          s += Qc[r * d + col] * zc[r];
        gm[col] += w * s;
      }
      for (int j = 0; j < d; ++j)
        gi[j] += w * (1.0 - zc[j] * Qc[j * d + j] * xcc[j]);
      int l = d;
      for (int col = 0; col < d; ++col)
        for (int row = col + 1; row < d; ++row)
          gi[l++] -= w * zc[row] * xcc[col];
    }
  }

  std::vector<double> sa(alphas);
  value -= n * softmax(sa);
  for (int c = 0; c < k; ++c)
    alphas_grad[c] -= n * sa[c];

  // Wishart term, and the constants.
  const double g2 = wishart.gamma * wishart.gamma;
  const int np = d + wishart.m + 1;
  double lgd = 0.25 * d * (d - 1) * std::log(M_PI);
  for (int j = 1; j <= d; ++j)
    lgd += std::lgamma(0.5 * np + 0.5 * (1 - j));
  const double C =
      np * d * (std::log(wishart.gamma) - 0.5 * std::log(2.0)) - lgd;
  for (int c = 0; c < k; ++c) {
    double *gi = &icf_grad[std::size_t(c) * sz];
    const double *ic = &icf[std::size_t(c) * sz];
    for (int j = 0; j < d; ++j) {
      const double e2 = std::exp(2 * ic[j]);
      value += 0.5 * g2 * e2 - wishart.m * ic[j];
      gi[j] += g2 * e2 - wishart.m;
    }
    for (int l = d; l < sz; ++l) {
      value += 0.5 * g2 * ic[l] * ic[l];
      gi[l] += g2 * ic[l];
    }
  }
  value += -n * d * 0.5 * std::log(2 * M_PI) - k * C;
  return value;
}
