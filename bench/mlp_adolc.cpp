// ADOL-C on the 784-100-10 MLP (examples/mlp/mlp.cpp), templated on the
// scalar type, traced on adoubles (tag 3) and differentiated by gradient();
// one call = tape + gradient, as for a new input, with the tape's buffers
// sized from the first trace (adolc_trace.h). Its own file so that both
// adgen_bench (beside kernels_adolc.cpp's tags 1 and 2) and BENCH=speed
// (beside speed/adolc_speed.cpp's tags 1 and 2) link it.
#include <adolc/adolc.h>

#include <cmath>
#include <vector>

#include "adolc_trace.h"
#include "kernels.h"

namespace {

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

}  // namespace

double mlp_loss_adolc_grad(const double* params, const double* images,
                           const int* labels, int batch, double* g) {
  const short tag = 3;
  double L;
  adolc_trace::start(tag);
  {
    std::vector<adouble> ap(kMlpParams);
    for (int i = 0; i < kMlpParams; ++i) ap[i] <<= params[i];
    adouble aL = mlp_t(ap.data(), images, labels, batch);
    aL >>= L;
  }
  adolc_trace::stop(tag);
  gradient(tag, kMlpParams, params, g);
  return L;
}
