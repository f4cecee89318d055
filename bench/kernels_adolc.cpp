// ADOL-C (operator overloading, taped): the neuron and the recurrence
// templated on the scalar type, traced on adoubles and differentiated by
// gradient(). Each call re-records the tape and runs gradient() (a zero-order
// forward sweep over the tape plus a first-order reverse sweep): what a user
// does for a new input. The MLP's driver (tag 3) is mlp_adolc.cpp, shared
// with BENCH=speed, whose RNN and GMM take this file's tags 1 and 2.
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
