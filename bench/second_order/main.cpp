// Issue 12's timings, as ratios measured in one run (bench/README): f_jvp
// with width(8) against 8 f_jvp calls on mlp3, f_hvp / f_grad on mlp3 and on
// Rosenbrock n = 1,000, and the layer helper's gradient through its own
// adjoint (split mode, and joint mode: each layer runs again) against the
// inlined one. Each
// time is the best of several repetitions; the results are checked against each
// other before anything is printed.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <vector>

double mlp3_grad(const double *p, const double *x, const double *y,
                 double *p_bar, double f_bar = 1.0);
double mlp3_hvp(const double *p, const double *x, const double *y,
                const double *p_dot, double *p_bar, double *p_bar_dot,
                double f_bar = 1.0);
double mlp3_fwd_jvp(const double *p, const double *x, const double *y,
                    const double *p_dot, double *f_dot);
double mlp3_fwd8_jvp(const double *p, const double *x, const double *y,
                     const double *p_dot, double *f_dot);
double mlp3_layer_grad(const double *p, const double *x, const double *y,
                       double *p_bar, double f_bar = 1.0);
// mlp3_layer.cpp generated with --callees=joint, renamed at compile time.
double mlp3_layer_joint_grad(const double *p, const double *x, const double *y,
                             double *p_bar, double f_bar = 1.0);
double mlp3_layer_inlined_grad(const double *p, const double *x,
                               const double *y, double *p_bar,
                               double f_bar = 1.0);
double rosen_grad(const double *x, int n, double *x_bar, double f_bar = 1.0);
double rosen_hvp(const double *x, int n, const double *x_dot, double *x_bar,
                 double *x_bar_dot, double f_bar = 1.0);

namespace {

/// Seconds per call of fn: the best of 7 repetitions of `reps` calls.
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

int failures = 0;
void agree(const char *what, double a, double b) {
  if (std::fabs(a - b) > 1e-9 * (1 + std::fabs(b))) {
    std::printf("MISMATCH %s: %.17g vs %.17g\n", what, a, b);
    ++failures;
  }
}

} // namespace

int main() {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-0.1, 0.1);
  const int np = 89610;
  std::vector<double> p(np), x(784), y(10);
  for (double &v : p)
    v = u(rng);
  for (double &v : x)
    v = 10 * u(rng);
  for (double &v : y)
    v = 10 * u(rng);

  // 8 directions: one vector sweep against 8 scalar ones.
  std::vector<double> dirs(8 * size_t(np));
  for (double &v : dirs)
    v = u(rng);
  double one[8], eight[8];
  for (int k = 0; k < 8; ++k)
    mlp3_fwd_jvp(p.data(), x.data(), y.data(), dirs.data() + size_t(k) * np,
                 &one[k]);
  mlp3_fwd8_jvp(p.data(), x.data(), y.data(), dirs.data(), eight);
  for (int k = 0; k < 8; ++k)
    agree("width(8) direction", eight[k], one[k]);
  double t8calls = seconds(20, [&] {
    for (int k = 0; k < 8; ++k)
      mlp3_fwd_jvp(p.data(), x.data(), y.data(), dirs.data() + size_t(k) * np,
                   &one[k]);
  });
  double twidth = seconds(20, [&] {
    mlp3_fwd8_jvp(p.data(), x.data(), y.data(), dirs.data(), eight);
  });
  // The floor for width(8) here: reading p and the 8 directions once (the
  // bytes it must load, 6.5 MB, more than this machine's L2), summing them.
  volatile double sink = 0;
  double tstream = seconds(20, [&] {
    double s[9] = {};
    for (int i = 0; i < np; ++i) {
      s[8] += p[i];
#pragma GCC unroll 8
      for (int k = 0; k < 8; ++k)
        s[k] += dirs[size_t(k) * np + i];
    }
    for (double v : s)
      sink = sink + v;
  });

  // HVP against gradient, MLP.
  std::vector<double> g(np), hv(np), v(dirs.begin(), dirs.begin() + np);
  double tg =
      seconds(20, [&] { mlp3_grad(p.data(), x.data(), y.data(), g.data()); });
  double th = seconds(20, [&] {
    mlp3_hvp(p.data(), x.data(), y.data(), v.data(), g.data(), hv.data());
  });
  // <v, H v> against a central difference of <v, grad>.
  {
    double h = 1e-5, sp = 0, sm = 0, vhv = 0;
    std::vector<double> gp(np, 0.0), gm(np, 0.0), pp = p, pm = p, g1(np, 0.0),
                                                  hv1(np, 0.0);
    for (int i = 0; i < np; ++i) {
      pp[i] += h * v[i];
      pm[i] -= h * v[i];
    }
    mlp3_grad(pp.data(), x.data(), y.data(), gp.data());
    mlp3_grad(pm.data(), x.data(), y.data(), gm.data());
    mlp3_hvp(p.data(), x.data(), y.data(), v.data(), g1.data(), hv1.data());
    for (int i = 0; i < np; ++i) {
      sp += v[i] * gp[i];
      sm += v[i] * gm[i];
      vhv += v[i] * hv1[i];
    }
    double fd = (sp - sm) / (2 * h);
    if (std::fabs(vhv - fd) > 1e-5 * (1 + std::fabs(fd))) {
      std::printf("MISMATCH mlp3 <v, Hv>: %.12g vs %.12g\n", vhv, fd);
      ++failures;
    }
  }

  // The layer helper: its own adjoint, called three times, and inlined.
  std::vector<double> gl(np, 0.0), gi(np, 0.0), gj(np, 0.0);
  mlp3_layer_joint_grad(p.data(), x.data(), y.data(), gj.data());
  agree("mlp3_layer value",
        mlp3_layer_grad(p.data(), x.data(), y.data(), gl.data()),
        mlp3_layer_inlined_grad(p.data(), x.data(), y.data(), gi.data()));
  for (int i = 0; i < np; i += 97) {
    agree("mlp3_layer gradient", gl[i], gi[i]);
    agree("mlp3_layer joint gradient", gj[i], gi[i]);
  }
  // Interleaved rounds, the best of each (the three are close).
  double tl = 1e30, tlj = 1e30, tli = 1e30;
  for (int round = 0; round < 3; ++round) {
    tl = std::min(tl, seconds(20, [&] {
                    mlp3_layer_grad(p.data(), x.data(), y.data(), gl.data());
                  }));
    tlj = std::min(tlj, seconds(20, [&] {
                     mlp3_layer_joint_grad(p.data(), x.data(), y.data(),
                                           gj.data());
                   }));
    tli = std::min(tli, seconds(20, [&] {
                     mlp3_layer_inlined_grad(p.data(), x.data(), y.data(),
                                             gi.data());
                   }));
  }

  // Rosenbrock n = 1,000.
  const int n = 1000;
  std::vector<double> r(n), rv(n), rg(n), rh(n);
  for (int i = 0; i < n; ++i) {
    r[i] = 10 * u(rng);
    rv[i] = u(rng);
  }
  double trg = seconds(2000, [&] { rosen_grad(r.data(), n, rg.data()); });
  double trh = seconds(
      2000, [&] { rosen_hvp(r.data(), n, rv.data(), rg.data(), rh.data()); });
  {
    std::vector<double> g1(n, 0.0), h1(n, 0.0);
    rosen_hvp(r.data(), n, rv.data(), g1.data(), h1.data());
    for (int i = 0; i < n; ++i) {
      double want =
          (i + 1 < n ? (1200 * r[i] * r[i] - 400 * r[i + 1] + 2) * rv[i] -
                           400 * r[i] * rv[i + 1]
                     : 0) +
          (i > 0 ? 200 * rv[i] - 400 * r[i - 1] * rv[i - 1] : 0);
      agree("rosen Hv", h1[i], want);
    }
  }
  if (failures)
    return 1;
  std::printf("| workload | ratio | goal |\n|---|---|---|\n");
  std::printf("| mlp3 width(8) / 8 f_jvp calls | %.3f | <= 0.4 |\n",
              twidth / t8calls);
  std::printf("| mlp3 reading p and the 8 directions once / 8 f_jvp calls "
              "(the memory floor of width(8)) | %.3f | |\n",
              tstream / t8calls);
  std::printf("| mlp3 f_hvp / f_grad | %.3f | <= 2.5 |\n", th / tg);
  std::printf("| rosen n=1000 f_hvp / f_grad | %.3f | <= 2.5 |\n", trh / trg);
  std::printf("| mlp3 layer helper, split mode / inlined f_grad | %.3f | |\n",
              tl / tli);
  std::printf("| mlp3 layer helper, joint mode / inlined f_grad | %.3f | |\n",
              tlj / tli);
  std::printf("(mlp3: 8 f_jvp calls %.3g ms, width(8) %.3g ms, f_grad %.3g "
              "ms, f_hvp %.3g ms; rosen: f_grad %.3g us, f_hvp %.3g us)\n",
              t8calls * 1e3, twidth * 1e3, tg * 1e3, th * 1e3, trg * 1e6,
              trh * 1e6);
  return 0;
}
