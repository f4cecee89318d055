// ADBench's GMM objective (Srajer, Fitzgibbon and Kozlov, "A benchmark of
// selected algorithmic differentiation tools on some problems in computer
// vision and machine learning", 2018), written the way its C++ reference
// code is: small helpers over raw pointers and offsets, a Wishart struct
// passed by value, std::lgamma in the constant term. With
// Q_k = L_k + diag(exp(q_k)) (q_k, L_k from icf),
//
//   E = sum_i logsumexp_k(alpha_k + sum_j q_kj - |Q_k (x_i - mu_k)|^2 / 2)
//       - n logsumexp(alpha) - n d log(2 pi) / 2
//       + sum_k (gamma^2 / 2 |Q_k|_F^2 - m sum_j q_kj) - k C(gamma, m, d),
//
// C(gamma, m, d) = n' d (log gamma - log(2) / 2) - log Gamma_d(n' / 2),
// n' = d + m + 1: the function ADBench differentiates, term for term.
//
// Its scratch is std::vector<double> locals sized by d and k, and pointers
// into the vectors are &v[i], as in ADBench.
#include "gmm.h"

#include <cmath>

static double arr_max(int n, const double *const x) {
  double m = x[0];
  for (int i = 1; i < n; i++)
    if (m < x[i])
      m = x[i];
  return m;
}

static double sqnorm(int n, const double *const x) {
  double res = 0;
  for (int i = 0; i < n; i++)
    res = res + x[i] * x[i];
  return res;
}

static void subtract(int d, const double *const x, const double *const y,
                     double *out) {
  for (int id = 0; id < d; id++)
    out[id] = x[id] - y[id];
}

static double logsumexp(int n, const double *const x) {
  double mx = arr_max(n, x);
  double semx = 0;
  for (int i = 0; i < n; i++)
    semx = semx + std::exp(x[i] - mx);
  return std::log(semx) + mx;
}

// log of the multivariate gamma function Gamma_p(a): passive (a, p come from
// the Wishart parameters and the dimension).
static double log_gamma_distrib(double a, int p) {
  double out = 0.25 * p * (p - 1) * std::log(M_PI);
  for (int j = 1; j <= p; j++)
    out = out + std::lgamma(a + 0.5 * (1 - j));
  return out;
}

static double log_wishart_prior(int p, int k, Wishart wishart,
                                const double *const sum_qs,
                                const double *const Qdiags,
                                const double *const icf) {
  int n = p + wishart.m + 1;
  int icf_sz = p * (p + 1) / 2;
  double C = n * p * (std::log(wishart.gamma) - 0.5 * std::log(2.0)) -
             log_gamma_distrib(0.5 * n, p);
  double out = 0;
  for (int ik = 0; ik < k; ik++) {
    double frobenius =
        sqnorm(p, &Qdiags[ik * p]) + sqnorm(icf_sz - p, &icf[ik * icf_sz + p]);
    out = out + 0.5 * wishart.gamma * wishart.gamma * frobenius -
          wishart.m * sum_qs[ik];
  }
  return out - k * C;
}

// sum_qs[ik] = sum of the log diagonal of Q_ik; Qdiags = its diagonal.
static void preprocess_qs(int d, int k, const double *const icf,
                          double *sum_qs, double *Qdiags) {
  int icf_sz = d * (d + 1) / 2;
  for (int ik = 0; ik < k; ik++) {
    sum_qs[ik] = 0;
    for (int id = 0; id < d; id++) {
      double q = icf[ik * icf_sz + id];
      sum_qs[ik] = sum_qs[ik] + q;
      Qdiags[ik * d + id] = std::exp(q);
    }
  }
}

// out = Q x, Q lower triangular: diagonal Qdiag, strictly lower part ltri
// column by column.
static void Qtimesx(int d, const double *const Qdiag,
                    const double *const ltri, const double *const x,
                    double *out) {
  for (int id = 0; id < d; id++)
    out[id] = Qdiag[id] * x[id];
  int Lparamsidx = 0;
  for (int i = 0; i < d; i++)
    for (int j = i + 1; j < d; j++) {
      out[j] = out[j] + ltri[Lparamsidx] * x[i];
      Lparamsidx++;
    }
}

#pragma adgen grad(alphas, means, icf)
#pragma adgen jvp(alphas, means, icf)
double gmm_objective(const std::vector<double> &alphas,
                     const std::vector<double> &means,
                     const std::vector<double> &icf,
                     const std::vector<double> &x, Wishart wishart, int d,
                     int k, int n) {
  const double CONSTANT = -n * d * 0.5 * std::log(2 * M_PI);
  int icf_sz = d * (d + 1) / 2;

  std::vector<double> Qdiags(d * k);
  std::vector<double> sum_qs(k);
  std::vector<double> xcentered(d);
  std::vector<double> Qxcentered(d);
  std::vector<double> main_term(k);

  preprocess_qs(d, k, &icf[0], &sum_qs[0], &Qdiags[0]);

  double slse = 0;
  for (int ix = 0; ix < n; ix++) {
    for (int ik = 0; ik < k; ik++) {
      subtract(d, &x[ix * d], &means[ik * d], &xcentered[0]);
      Qtimesx(d, &Qdiags[ik * d], &icf[ik * icf_sz + d], &xcentered[0],
              &Qxcentered[0]);
      main_term[ik] =
          alphas[ik] + sum_qs[ik] - 0.5 * sqnorm(d, &Qxcentered[0]);
    }
    slse = slse + logsumexp(k, &main_term[0]);
  }

  double lse_alphas = logsumexp(k, &alphas[0]);
  double err = CONSTANT + slse - n * lse_alphas;
  return err + log_wishart_prior(d, k, wishart, &sum_qs[0], &Qdiags[0],
                                 &icf[0]);
}
