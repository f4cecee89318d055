// ADOL-C (operator overloading, taped): the three functions templated on the
// scalar type, traced on adoubles and differentiated by gradient(). Each call
// re-records the tape and runs gradient() (a zero-order forward sweep over the
// tape plus a first-order reverse sweep): what a user does for a new input.
//
// The tape's buffers are sized from a first trace of the same function so
// that nothing spills to a file: ADOL-C's best case.
#include <adolc/adolc.h>

#include <cmath>
#include <vector>

#include "adolc_trace.h"
#include "kernels.h"

namespace {

template <class T>
T neuron_t(const double* x, const T* w, double y) {
  using std::tanh;
  T z = 0.0;
  for (int i = 0; i < 3; ++i) z += w[i] * x[i];
  T h = tanh(z);
  T L = 0.5 * (h - y) * (h - y);
  return L;
}

template <class T>
T recurrence_t(const T& w, const T* x, int n) {
  using std::tanh;
  T h = 0.0;
  for (int t = 0; t < n; ++t) h = tanh(w * h + x[t]);
  return h;
}

template <class T>
T mlp_t(const T* params, const double* images, const int* labels, int batch) {
  using std::exp;
  using std::fmax;
  using std::log;
  using std::tanh;
  T total = 0.0;
  for (int n = 0; n < batch; ++n) {
    T h[100];
    for (int j = 0; j < 100; ++j) {
      T a = params[78400 + j];
      for (int i = 0; i < 784; ++i) a += params[j * 784 + i] * images[n * 784 + i];
      h[j] = tanh(a);
    }
    T s[10];
    for (int k = 0; k < 10; ++k) {
      T a = params[79500 + k];
      for (int j = 0; j < 100; ++j) a += params[78500 + k * 100 + j] * h[j];
      s[k] = a;
    }
    T m = s[0];
    for (int k = 1; k < 10; ++k) m = fmax(m, s[k]);
    T sum = 0.0;
    for (int k = 0; k < 10; ++k) sum += exp(s[k] - m);
    total += log(sum) + m - s[labels[n]];
  }
  return total / batch;
}

using adolc_trace::start;
using adolc_trace::stop;

}  // namespace

void adolc_tape_info(short tag, unsigned long* ops, bool* spilled) {
  size_t st[STAT_SIZE];
  tapestats(tag, st);
  *ops = st[NUM_OPERATIONS];
  *spilled = st[OP_FILE_ACCESS] || st[LOC_FILE_ACCESS] || st[VAL_FILE_ACCESS];
}

double neuron_loss_adolc_grad(const double* x, const double* w, double y,
                              double* g) {
  const short tag = 1;
  double L;
  start(tag);
  {
    adouble aw[3];
    for (int i = 0; i < 3; ++i) aw[i] <<= w[i];
    adouble aL = neuron_t(x, aw, y);
    aL >>= L;
  }
  stop(tag);
  gradient(tag, 3, w, g);
  return L;
}

double recurrence_adolc_grad(double w, const double* x, int T, double* g) {
  const short tag = 2;
  std::vector<double> point(T + 1);
  point[0] = w;
  for (int t = 0; t < T; ++t) point[t + 1] = x[t];
  double h;
  start(tag);
  {
    adouble aw;
    std::vector<adouble> ax(T);
    aw <<= w;
    for (int t = 0; t < T; ++t) ax[t] <<= x[t];
    adouble ah = recurrence_t(aw, ax.data(), T);
    ah >>= h;
  }
  stop(tag);
  gradient(tag, T + 1, point.data(), g);
  return h;
}

double mlp_loss_adolc_grad(const double* params, const double* images,
                           const int* labels, int batch, double* g) {
  const short tag = 3;
  double L;
  start(tag);
  {
    std::vector<adouble> ap(kMlpParams);
    for (int i = 0; i < kMlpParams; ++i) ap[i] <<= params[i];
    adouble aL = mlp_t(ap.data(), images, labels, batch);
    aL >>= L;
  }
  stop(tag);
  gradient(tag, kMlpParams, params, g);
  return L;
}
