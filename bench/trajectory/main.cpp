// BENCH=trajectory (issue 13, minimal snapshots): the adjoint of an RNN that
// keeps its trajectory in the caller's buffer hs (H = 32, T = 10,000: 2.4 MiB)
// under all / auto / every 2 / binomial 20, in one run: the median time of 5
// calls, the exact peak heap of one call (interposed malloc), and W_bar
// against all's (the policies must agree to rounding). Before hs was known
// to need no snapshot, each snapshot copied the whole of hs.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "heap_meter.h" // after the standard headers: it defines malloc

#define GRAD(n)                                                                \
  double traj_##n##_grad(const double *W, double *hs, int H, int T,            \
                         double *W_bar, double *hs_bar, double bar = 1.0);
GRAD(all)
GRAD(auto)
GRAD(every2)
GRAD(binomial20)

int main() {
  const int H = 32, T = 10000;
  std::vector<double> W(H * H), hs(size_t(H) * T + H), Wb(H * H), hb(hs.size());
  for (int i = 0; i < H * H; ++i)
    W[i] = 0.1 * ((i * 7919) % 13 - 6) / 6.0;
  for (int i = 0; i < H; ++i)
    hs[i] = 0.5;
  using Fn = double (*)(const double *, double *, int, int, double *, double *,
                        double);
  struct Row {
    const char *name;
    Fn f;
  } rows[] = {{"all", traj_all_grad},
              {"auto", traj_auto_grad},
              {"every 2", traj_every2_grad},
              {"binomial 20", traj_binomial20_grad}};
  std::printf("adjoint of an RNN writing its trajectory hs[H * T + H], H = %d, "
              "T = %d (hs: %.2f MiB)\n\n", H, T, hs.size() * 8 / 1048576.0);
  std::printf("| policy | time ms (median of 5) | x all | peak heap | "
              "max |W_bar - all's| |\n|---|---:|---:|---:|---:|\n");
  std::vector<double> ref;
  double tAll = 0;
  int bad = 0;
  for (const Row &r : rows) {
    std::vector<double> ms;
    long long peak = 0;
    for (int k = 0; k < 5; ++k) {
      std::fill(Wb.begin(), Wb.end(), 0.0);
      std::fill(hb.begin(), hb.end(), 0.0);
      heap_meter::start();
      auto t0 = std::chrono::steady_clock::now();
      r.f(W.data(), hs.data(), H, T, Wb.data(), hb.data(), 1.0);
      ms.push_back(std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - t0)
                       .count());
      peak = std::max(peak, heap_meter::peak());
    }
    std::sort(ms.begin(), ms.end());
    if (ref.empty()) {
      ref = Wb;
      tAll = ms[2];
    }
    double diff = 0, scale = 0;
    for (size_t i = 0; i < Wb.size(); ++i) {
      diff = std::max(diff, std::fabs(Wb[i] - ref[i]));
      scale = std::max(scale, std::fabs(ref[i]));
    }
    bad += diff > 1e-12 * std::max(1.0, scale);
    std::printf("| %s | %.1f | %.2f | %.2f MiB | %.2g |\n", r.name, ms[2],
                ms[2] / tAll, peak / 1048576.0, diff);
  }
  return bad ? 1 : 0;
}
