// Issue 13's speed rows, in one run: gradient time / primal time for the
// hand-written gradient and adgen's on an RNN (rnn32.cpp, H = 32, T = 1,000)
// and ADBench's GMM objective (examples/gmm, d = 10, K = 25, n = 1,000), and
// the heap each gradient call takes: malloc calls, bytes requested, and the
// peak of live heap bytes above what was live when the call started. The
// gradients are checked against each other before anything is printed.
// Times are the best of 7 repetitions; machines are shared, so read ratios
// from one run, not absolute times.
#include "../../examples/gmm/gmm.h"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <vector>

// --- Heap accounting: malloc and friends interposed (glibc), so that
// operator new (std::vector) and the runtime's malloc are both counted.
extern "C" void *__libc_malloc(size_t);
extern "C" void *__libc_calloc(size_t, size_t);
extern "C" void *__libc_realloc(void *, size_t);
extern "C" void __libc_free(void *);

namespace heap {
size_t calls = 0, requested = 0, live = 0, peak = 0;
void add(void *p) {
  if (!p)
    return;
  live += malloc_usable_size(p);
  peak = std::max(peak, live);
}
void sub(void *p) {
  if (p)
    live -= malloc_usable_size(p);
}
} // namespace heap

extern "C" void *malloc(size_t n) {
  void *p = __libc_malloc(n);
  ++heap::calls, heap::requested += n, heap::add(p);
  return p;
}
extern "C" void *calloc(size_t n, size_t s) {
  void *p = __libc_calloc(n, s);
  ++heap::calls, heap::requested += n * s, heap::add(p);
  return p;
}
extern "C" void *realloc(void *q, size_t n) {
  heap::sub(q);
  void *p = __libc_realloc(q, n);
  ++heap::calls, heap::requested += n, heap::add(p);
  return p;
}
extern "C" void free(void *p) {
  heap::sub(p);
  __libc_free(p);
}

double rnn32(const double *W, const double *U, const double *b,
             const double *x, int T);
double rnn32_grad(const double *W, const double *U, const double *b,
                  const double *x, int T, double *W_bar, double *U_bar,
                  double *b_bar, double f_bar = 1.0);
double rnn32_hand_grad(const double *W, const double *U, const double *b,
                       const double *x, int T, double *W_bar, double *U_bar,
                       double *b_bar);

namespace {

double seconds(int reps, const std::function<void()> &fn) {
  double best = 1e30;
  for (int r = 0; r < 7; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < reps; ++i)
      fn();
    std::chrono::duration<double> d = std::chrono::steady_clock::now() - t0;
    best = std::min(best, d.count() / reps);
  }
  return best;
}

struct Heap {
  size_t calls, bytes, peak;
};
Heap heapOf(const std::function<void()> &fn) {
  size_t c0 = heap::calls, r0 = heap::requested, l0 = heap::live;
  heap::peak = l0;
  fn();
  return {heap::calls - c0, heap::requested - r0, heap::peak - l0};
}

int failures = 0;
void agree(const char *what, const std::vector<double> &a,
           const std::vector<double> &b) {
  double scale = 0, worst = 0;
  for (double v : b)
    scale = std::max(scale, std::fabs(v));
  for (size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::fabs(a[i] - b[i]) / (scale + 1e-300));
  if (a.size() != b.size() || worst > 1e-9) {
    std::printf("MISMATCH %s: %zu vs %zu entries, max rel error %g\n", what,
                a.size(), b.size(), worst);
    ++failures;
  }
}

struct Row {
  const char *name;
  double primal, hand, adgen;
  Heap hh, ha;
};

void print(const Row &r) {
  std::printf("| %s | %.1f us | %.2f | %.2f | %.2f | %zu / %zu | %.2f / %.2f "
              "MB | %.2f / %.2f MB |\n",
              r.name, r.primal * 1e6, r.hand / r.primal, r.adgen / r.primal,
              r.adgen / r.hand, r.hh.calls, r.ha.calls, r.hh.bytes / 1e6,
              r.ha.bytes / 1e6, r.hh.peak / 1e6, r.ha.peak / 1e6);
}

} // namespace

int main() {
  std::mt19937_64 rng(13);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto fill = [&](std::vector<double> &v, double s) {
    for (double &e : v)
      e = s * u(rng);
  };
  std::vector<Row> rows;

  { // RNN, H = 32, T = 1,000.
    const int T = 1000;
    std::vector<double> W(1024), U(256), b(32), x(8 * T);
    fill(W, 0.3), fill(U, 0.5), fill(b, 0.1), fill(x, 1.0);
    std::vector<double> Wa(1024), Ua(256), ba(32), Wh(1024), Uh(256), bh(32);
    auto adgen = [&] {
      rnn32_grad(W.data(), U.data(), b.data(), x.data(), T, Wa.data(),
                 Ua.data(), ba.data());
    };
    auto hand = [&] {
      rnn32_hand_grad(W.data(), U.data(), b.data(), x.data(), T, Wh.data(),
                      Uh.data(), bh.data());
    };
    adgen(), hand();
    agree("rnn32 W", Wa, Wh), agree("rnn32 U", Ua, Uh), agree("rnn32 b", ba, bh);
    Row r{"RNN H = 32, T = 1,000", 0, 0, 0, heapOf(hand), heapOf(adgen)};
    r.primal = seconds(50, [&] {
      volatile double v = rnn32(W.data(), U.data(), b.data(), x.data(), T);
      (void)v;
    });
    r.hand = seconds(50, hand), r.adgen = seconds(50, adgen);
    rows.push_back(r);
  }

  { // GMM, d = 10, K = 25, n = 1,000.
    const int d = 10, k = 25, n = 1000, sz = d * (d + 1) / 2;
    std::vector<double> alphas(k), means(k * d), icf(k * sz), x(n * d);
    fill(alphas, 1.0), fill(means, 1.0), fill(icf, 0.5), fill(x, 1.0);
    Wishart w{1.0, 0};
    std::vector<double> aa(k), ma(k * d), ia(k * sz), ah, mh, ih;
    auto adgen = [&] {
      gmm_objective_grad(alphas, means, icf, x, w, d, k, n, &aa, &ma, &ia,
                         1.0);
    };
    auto hand = [&] {
      gmm_objective_hand_grad(alphas, means, icf, x, w, d, k, n, ah, mh, ih);
    };
    adgen(), hand();
    agree("gmm alphas", aa, ah), agree("gmm means", ma, mh),
        agree("gmm icf", ia, ih);
    Row r{"GMM d = 10, K = 25, n = 1,000", 0, 0, 0, heapOf(hand),
          heapOf(adgen)};
    r.primal = seconds(20, [&] {
      volatile double v = gmm_objective(alphas, means, icf, x, w, d, k, n);
      (void)v;
    });
    r.hand = seconds(20, hand), r.adgen = seconds(20, adgen);
    rows.push_back(r);
  }
  if (failures)
    return 1;
  std::printf("| workload | primal | hand / primal | adgen / primal | adgen / "
              "hand (goal <= 1.1) | mallocs per call, hand / adgen | bytes "
              "allocated, hand / adgen | peak heap, hand / adgen |\n"
              "|---|---|---|---|---|---|---|---|\n");
  for (const Row &r : rows)
    print(r);
  return 0;
}
