// ADOL-C (operator overloading, taped) on issue 13's speed workloads, for
// main.cpp: the RNN of rnn32.cpp and ADBench's GMM objective of
// examples/gmm/gmm.cpp, the same maths written once, templated on the scalar
// type, and traced on adoubles. Each gradient call does what an ADOL-C user
// does for one gradient at a new point: record the tape (trace_on, inputs
// <<=, the loss >>=, trace_off) and run gradient() on it (a zero-order
// forward sweep over the tape, then a first-order reverse sweep). Taping
// counts as gradient time, as in bench/kernels_adolc.cpp's rows.
//
// As there, the tape's buffers are sized from a first trace of the same
// function so that later traces stay in core (ADOL-C's best case); that
// first trace spills to tape files in the working directory (main.cpp does
// it once, untimed, when it checks the gradients).
#include <adolc/adolc.h>

#include <cmath>
#include <cstddef>
#include <vector>

#include "../../examples/gmm/gmm.h"
#include "../adolc_trace.h"

namespace {

// --- The RNN (rnn32.cpp): h <- tanh(W h + U x_t + b), loss = |h_T|^2.
template <class S>
void step_t(const S *W, const S *U, const S *b, const double *xt, S *h) {
  using std::tanh;
  S a[32];
  for (int i = 0; i < 32; ++i) {
    S s = b[i];
    for (int j = 0; j < 32; ++j)
      s += W[i * 32 + j] * h[j];
    for (int k = 0; k < 8; ++k)
      s += U[i * 8 + k] * xt[k];
    a[i] = s;
  }
  for (int i = 0; i < 32; ++i)
    h[i] = tanh(a[i]);
}

template <class S>
S rnn32_t(const S *W, const S *U, const S *b, const double *x, int T) {
  S h[32];
  for (int i = 0; i < 32; ++i)
    h[i] = 0.0;
  for (int t = 0; t < T; ++t)
    step_t(W, U, b, &x[t * 8], h);
  S loss = 0.0;
  for (int i = 0; i < 32; ++i)
    loss += h[i] * h[i];
  return loss;
}

// --- The GMM objective (gmm.cpp), helper for helper.
template <class S> S arr_max(int n, const S *x) {
  S m = x[0];
  for (int i = 1; i < n; i++)
    if (m < x[i])
      m = x[i];
  return m;
}

template <class S> S sqnorm(int n, const S *x) {
  S res = 0.0;
  for (int i = 0; i < n; i++)
    res = res + x[i] * x[i];
  return res;
}

template <class S> void subtract(int d, const double *x, const S *y, S *out) {
  for (int id = 0; id < d; id++)
    out[id] = x[id] - y[id];
}

template <class S> S logsumexp(int n, const S *x) {
  using std::exp;
  using std::log;
  S mx = arr_max(n, x);
  S semx = 0.0;
  for (int i = 0; i < n; i++)
    semx = semx + exp(x[i] - mx);
  return log(semx) + mx;
}

// Passive: a and p come from the Wishart parameters and the dimension.
double log_gamma_distrib(double a, int p) {
  double out = 0.25 * p * (p - 1) * std::log(M_PI);
  for (int j = 1; j <= p; j++)
    out = out + std::lgamma(a + 0.5 * (1 - j));
  return out;
}

template <class S>
S log_wishart_prior(int p, int k, Wishart wishart, const S *sum_qs,
                    const S *Qdiags, const S *icf) {
  int n = p + wishart.m + 1;
  int icf_sz = p * (p + 1) / 2;
  double C = n * p * (std::log(wishart.gamma) - 0.5 * std::log(2.0)) -
             log_gamma_distrib(0.5 * n, p);
  S out = 0.0;
  for (int ik = 0; ik < k; ik++) {
    S frobenius =
        sqnorm(p, &Qdiags[ik * p]) + sqnorm(icf_sz - p, &icf[ik * icf_sz + p]);
    out = out + 0.5 * wishart.gamma * wishart.gamma * frobenius -
          double(wishart.m) * sum_qs[ik];
  }
  return out - k * C;
}

template <class S>
void preprocess_qs(int d, int k, const S *icf, S *sum_qs, S *Qdiags) {
  using std::exp;
  int icf_sz = d * (d + 1) / 2;
  for (int ik = 0; ik < k; ik++) {
    sum_qs[ik] = 0.0;
    for (int id = 0; id < d; id++) {
      S q = icf[ik * icf_sz + id];
      sum_qs[ik] = sum_qs[ik] + q;
      Qdiags[ik * d + id] = exp(q);
    }
  }
}

template <class S>
void Qtimesx(int d, const S *Qdiag, const S *ltri, const S *x, S *out) {
  for (int id = 0; id < d; id++)
    out[id] = Qdiag[id] * x[id];
  int Lparamsidx = 0;
  for (int i = 0; i < d; i++)
    for (int j = i + 1; j < d; j++) {
      out[j] = out[j] + ltri[Lparamsidx] * x[i];
      Lparamsidx++;
    }
}

template <class S>
S gmm_objective_t(const S *alphas, const S *means, const S *icf,
                  const std::vector<double> &x, Wishart wishart, int d, int k,
                  int n) {
  const double CONSTANT = -n * d * 0.5 * std::log(2 * M_PI);
  int icf_sz = d * (d + 1) / 2;

  std::vector<S> Qdiags(d * k);
  std::vector<S> sum_qs(k);
  std::vector<S> xcentered(d);
  std::vector<S> Qxcentered(d);
  std::vector<S> main_term(k);

  preprocess_qs(d, k, icf, &sum_qs[0], &Qdiags[0]);

  S slse = 0.0;
  for (int ix = 0; ix < n; ix++) {
    for (int ik = 0; ik < k; ik++) {
      subtract(d, &x[ix * d], &means[ik * d], &xcentered[0]);
      Qtimesx(d, &Qdiags[ik * d], &icf[ik * icf_sz + d], &xcentered[0],
              &Qxcentered[0]);
      main_term[ik] = alphas[ik] + sum_qs[ik] - 0.5 * sqnorm(d, &Qxcentered[0]);
    }
    slse = slse + logsumexp(k, &main_term[0]);
  }

  S lse_alphas = logsumexp(k, alphas);
  S err = CONSTANT + slse - double(n) * lse_alphas;
  return err + log_wishart_prior(d, k, wishart, &sum_qs[0], &Qdiags[0], icf);
}

using adolc_trace::start;
using adolc_trace::stop;

const short kRnnTag = 1, kGmmTag = 2;

} // namespace

// The last trace's operations, locations, values, and whether any of its
// parts went to a file; tag 1 is the RNN's, 2 the GMM's.
void adolc_speed_tape_info(short tag, size_t *ops, size_t *locations,
                           size_t *values, bool *spilled) {
  size_t st[STAT_SIZE];
  tapestats(tag, st);
  *ops = st[NUM_OPERATIONS], *locations = st[NUM_LOCATIONS],
  *values = st[NUM_VALUES];
  *spilled = st[OP_FILE_ACCESS] || st[LOC_FILE_ACCESS] || st[VAL_FILE_ACCESS];
}

// rnn32's gradient by ADOL-C, written into (not added to) W_bar (1,024),
// U_bar (256) and b_bar (32). Returns the loss.
double rnn32_adolc_grad(const double *W, const double *U, const double *b,
                        const double *x, int T, double *W_bar, double *U_bar,
                        double *b_bar) {
  const int n = 1024 + 256 + 32;
  std::vector<double> point(n), g(n);
  for (int i = 0; i < 1024; ++i)
    point[i] = W[i];
  for (int i = 0; i < 256; ++i)
    point[1024 + i] = U[i];
  for (int i = 0; i < 32; ++i)
    point[1280 + i] = b[i];
  double loss;
  start(kRnnTag);
  {
    std::vector<adouble> p(n);
    for (int i = 0; i < n; ++i)
      p[i] <<= point[i];
    adouble l = rnn32_t(&p[0], &p[1024], &p[1280], x, T);
    l >>= loss;
  }
  stop(kRnnTag);
  gradient(kRnnTag, n, point.data(), g.data());
  for (int i = 0; i < 1024; ++i)
    W_bar[i] = g[i];
  for (int i = 0; i < 256; ++i)
    U_bar[i] = g[1024 + i];
  for (int i = 0; i < 32; ++i)
    b_bar[i] = g[1280 + i];
  return loss;
}

// The GMM objective's gradient by ADOL-C, written into the three vectors
// (sized here), like gmm_objective_hand_grad. Returns the objective.
double gmm_objective_adolc_grad(
    const std::vector<double> &alphas, const std::vector<double> &means,
    const std::vector<double> &icf, const std::vector<double> &x,
    Wishart wishart, int d, int k, int n, std::vector<double> &alphas_grad,
    std::vector<double> &means_grad, std::vector<double> &icf_grad) {
  const std::size_t na = alphas.size(), nm = means.size(), ni = icf.size(),
                    m = na + nm + ni;
  std::vector<double> point(m), g(m);
  for (std::size_t i = 0; i < na; ++i)
    point[i] = alphas[i];
  for (std::size_t i = 0; i < nm; ++i)
    point[na + i] = means[i];
  for (std::size_t i = 0; i < ni; ++i)
    point[na + nm + i] = icf[i];
  double value;
  start(kGmmTag);
  {
    std::vector<adouble> p(m);
    for (std::size_t i = 0; i < m; ++i)
      p[i] <<= point[i];
    adouble e =
        gmm_objective_t(&p[0], &p[na], &p[na + nm], x, wishart, d, k, n);
    e >>= value;
  }
  stop(kGmmTag);
  gradient(kGmmTag, static_cast<int>(m), point.data(), g.data());
  alphas_grad.assign(g.begin(), g.begin() + na);
  means_grad.assign(g.begin() + na, g.begin() + na + nm);
  icf_grad.assign(g.begin() + na + nm, g.end());
  return value;
}
