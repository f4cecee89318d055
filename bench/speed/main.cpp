// Issue 13's speed rows, in one run: gradient time / primal time for the
// hand-written gradient, adgen's and ADOL-C's (tape + gradient() at each
// call) on the 784-100-10 MLP (examples/mlp, batch 32; its hand-written
// gradient and ADOL-C driver are adgen_bench's, bench/kernels_hand.cpp and
// bench/mlp_adolc.cpp), an RNN (rnn32.cpp, H = 32, T = 1,000) and ADBench's
// GMM objective (examples/gmm, d = 10, K = 25, n = 1,000; ADOL-C for both in
// adolc_speed.cpp), and the heap each gradient call takes: malloc calls,
// bytes requested, and the peak of live heap bytes above what was live when
// the call started. The gradients (and ADOL-C's values) are checked against
// the hand-written ones before anything is printed (exit 1 if they
// disagree). ADOL-C's first call of each workload, the check's, sizes its
// tape buffers (and spills to tape files in the working directory); the
// calls timed and counted are in core.
// The MLP is measured last, though printed first, so that the RNN's and the
// GMM's inputs (one generator) stay as they were, and their ADOL-C rows run
// before its 79,510 independents enlarge ADOL-C's global location store
// (bench_main.cpp; measured first, it moved them by under 5%).
// Times are the best of 7 repetitions (of 50 or 20 calls, ADOL-C's of 3);
// machines are shared, so read ratios from one run, not absolute times.
#include "../../examples/gmm/gmm.h"
#include "../kernels.h"

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

// ADOL-C (adolc_speed.cpp): gradients written, not added; tags 1 (RNN), 2
// (GMM); the MLP's (kernels.h, mlp_adolc.cpp) is tag 3.
double rnn32_adolc_grad(const double *W, const double *U, const double *b,
                        const double *x, int T, double *W_bar, double *U_bar,
                        double *b_bar);
double gmm_objective_adolc_grad(const std::vector<double> &alphas,
                                const std::vector<double> &means,
                                const std::vector<double> &icf,
                                const std::vector<double> &x, Wishart wishart,
                                int d, int k, int n,
                                std::vector<double> &alphas_grad,
                                std::vector<double> &means_grad,
                                std::vector<double> &icf_grad);
void adolc_speed_tape_info(short tag, size_t *ops, size_t *locations,
                           size_t *values, bool *spilled);

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
  double primal, hand, adgen, adolc;
  Heap hh, ha, ho; // hand, adgen, ADOL-C
};

void print(const Row &r) {
  std::printf("| %s | %.1f us | %.2f | %.2f | %.1f | %.2f | %zu / %zu / %zu | "
              "%.2f / %.2f / %.2f MB | %.2f / %.2f / %.2f MB |\n",
              r.name, r.primal * 1e6, r.hand / r.primal, r.adgen / r.primal,
              r.adolc / r.primal, r.adgen / r.hand, r.hh.calls, r.ha.calls,
              r.ho.calls, r.hh.bytes / 1e6, r.ha.bytes / 1e6,
              r.ho.bytes / 1e6, r.hh.peak / 1e6, r.ha.peak / 1e6,
              r.ho.peak / 1e6);
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
    std::vector<double> Wo(1024), Uo(256), bo(32), lo(1), lh(1);
    auto adolc = [&] {
      lo[0] = rnn32_adolc_grad(W.data(), U.data(), b.data(), x.data(), T,
                               Wo.data(), Uo.data(), bo.data());
    };
    adgen(), hand(), adolc();
    agree("rnn32 W", Wa, Wh), agree("rnn32 U", Ua, Uh), agree("rnn32 b", ba, bh);
    agree("rnn32 ADOL-C W", Wo, Wh), agree("rnn32 ADOL-C U", Uo, Uh),
        agree("rnn32 ADOL-C b", bo, bh);
    lh[0] = rnn32(W.data(), U.data(), b.data(), x.data(), T);
    agree("rnn32 ADOL-C value", lo, lh);
    Row r{"RNN H = 32, T = 1,000", 0, 0, 0, 0, heapOf(hand), heapOf(adgen),
          heapOf(adolc)};
    r.primal = seconds(50, [&] {
      volatile double v = rnn32(W.data(), U.data(), b.data(), x.data(), T);
      (void)v;
    });
    r.hand = seconds(50, hand), r.adgen = seconds(50, adgen);
    r.adolc = seconds(3, adolc);
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
    std::vector<double> ao, mo, io, vo(1), vh(1);
    auto adolc = [&] {
      vo[0] = gmm_objective_adolc_grad(alphas, means, icf, x, w, d, k, n, ao,
                                       mo, io);
    };
    adgen(), hand(), adolc();
    agree("gmm alphas", aa, ah), agree("gmm means", ma, mh),
        agree("gmm icf", ia, ih);
    agree("gmm ADOL-C alphas", ao, ah), agree("gmm ADOL-C means", mo, mh),
        agree("gmm ADOL-C icf", io, ih);
    vh[0] = gmm_objective(alphas, means, icf, x, w, d, k, n);
    agree("gmm ADOL-C value", vo, vh);
    Row r{"GMM d = 10, K = 25, n = 1,000", 0, 0, 0, 0, heapOf(hand),
          heapOf(adgen), heapOf(adolc)};
    r.primal = seconds(20, [&] {
      volatile double v = gmm_objective(alphas, means, icf, x, w, d, k, n);
      (void)v;
    });
    r.hand = seconds(20, hand), r.adgen = seconds(20, adgen);
    r.adolc = seconds(3, adolc);
    rows.push_back(r);
  }

  { // MLP 784-100-10, batch 32 (inputs scaled as bench_main.cpp's).
    const int batch = 32;
    std::vector<double> params(kMlpParams), images(batch * 784);
    std::vector<int> labels(batch);
    std::uniform_real_distribution<double> pixel(0.0, 1.0);
    std::uniform_int_distribution<int> digit(0, 9);
    for (int i = 0; i < kMlpParams; ++i) // W1, b1, W2, b2
      params[i] = (i < 78400 ? 0.05 : i >= 78500 && i < 79500 ? 0.3 : 0.1) *
                  u(rng);
    for (double &px : images)
      px = pixel(rng);
    for (int &l : labels)
      l = digit(rng);
    const double *p = params.data(), *im = images.data();
    const int *lb = labels.data();
    std::vector<double> ga(kMlpParams), gh(kMlpParams), go(kMlpParams),
        lo(1), lh(1);
    auto adgen = [&] { mlp_loss_grad(p, im, lb, batch, ga.data(), 1.0); };
    auto hand = [&] { mlp_loss_hand_grad(p, im, lb, batch, gh.data(), 1.0); };
    auto adolc = [&] {
      lo[0] = mlp_loss_adolc_grad(p, im, lb, batch, go.data());
    };
    adgen(), hand(), adolc();
    agree("mlp params", ga, gh), agree("mlp ADOL-C params", go, gh);
    lh[0] = mlp_loss(p, im, lb, batch);
    agree("mlp ADOL-C value", lo, lh);
    Row r{"MLP 784-100-10, batch 32", 0, 0, 0, 0, heapOf(hand), heapOf(adgen),
          heapOf(adolc)};
    r.primal = seconds(20, [&] {
      volatile double v = mlp_loss(p, im, lb, batch);
      (void)v;
    });
    r.hand = seconds(20, hand), r.adgen = seconds(20, adgen);
    r.adolc = seconds(3, adolc);
    rows.insert(rows.begin(), r);
  }
  if (failures)
    return 1;
  std::printf("| workload | primal | hand / primal | adgen / primal | ADOL-C "
              "/ primal | adgen / hand (goal <= 1.1) | mallocs per call, hand "
              "/ adgen / ADOL-C | bytes allocated, hand / adgen / ADOL-C | "
              "peak heap, hand / adgen / ADOL-C |\n"
              "|---|---|---|---|---|---|---|---|---|\n");
  for (const Row &r : rows)
    print(r);
  const char *names[] = {"MLP", "RNN", "GMM"};
  const short tags[] = {3, 1, 2};
  std::printf("\nADOL-C tapes:");
  for (int i = 0; i < 3; ++i) {
    size_t ops, locs, vals;
    bool spilled;
    adolc_speed_tape_info(tags[i], &ops, &locs, &vals, &spilled);
    std::printf("%s %s %zu operations, %zu locations, %zu values%s",
                i ? ";" : "", names[i], ops, locs, vals,
                spilled ? " (spilled to files)" : ", in core");
  }
  std::printf("\n");
  return 0;
}
