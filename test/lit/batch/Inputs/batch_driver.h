// Checks of the batched launchers adgen generates for Inputs/batch_funcs.cpp
// (f_batch, f_grad_batch, f_jvp_batch). Include it after the generated file,
// in a translation unit compiled as C++ (host.cpp) or with nvcc (cuda.cpp,
// scripts/gpu-check); link the primal (batch_funcs.cpp compiled as is).
//
// For each function, batch size (0, 1, 37, 1000) and variant, the reference
// is a loop over the samples calling f / f_grad / f_jvp on the CPU, run twice
// (adjoints accumulate: the second call adds to the first, shared adjoints
// summed over the batch, in sample order). Against it:
//   - opts.host = true: the CPU path, bitwise equal;
//   - default options: bitwise equal when it ran on the CPU (no GPU, or
//     compiled as C++); on a GPU, equal to 1e-12 relative, per element,
//     measured against max(|ref|, Σ_s |sample s's term| for sums over the
//     batch, 1e-4 max|ref|);
//   - on a GPU also: a deviceBytes small enough to need several chunks, an
//     arena slice too small (Report::overflows > 0 for the taped adjoints;
//     batches up to 64), and the _device launchers directly; each compared
//     the same way.
// And: one call's shared adjoints, doubled, equal two calls' (accumulation),
// to 1e-12 of Σ|terms|.
//
// bd::run() prints whether the launchers ran on the device, the worst
// relative difference device vs CPU, and "batch: all ok" or the mismatches;
// it returns the number of failures.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

// The primal (batch_funcs.cpp, compiled as is).
double loss(const double *x, const double *w, double y);
double layer(const double *x, const double *W, double scale, int label,
             double *out);
double rnn(const double *x, const double *w);
double recur(const double *x, const double *w, int n);
double ckpt(const double *x, const double *w, int T);
namespace nn {
void axpy(double a, const double *x, double *out);
}

namespace bd {

using Vec = std::vector<double>;
using Opts = adgen::batch::Options;
using Report = adgen::batch::Report;

int failures = 0, checks = 0, onDevice = 0, overflowed = 0;
double worstDevice = 0.0;

struct Rng {
  std::uint64_t s;
  double uniform() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(s >> 11) * 0x1.0p-53;
  }
  double sym(double a) { return a * (2.0 * uniform() - 1.0); }
  int below(int n) { return static_cast<int>(uniform() * n); }
  Vec vec(std::size_t n, double a) {
    Vec v(n);
    for (double &e : v)
      e = sym(a);
    return v;
  }
};

void fail(const std::string &what) {
  ++failures;
  std::printf("MISMATCH %s\n", what.c_str());
}

/// One output of a variant: the values, and for sums over the batch the
/// sum of the terms' magnitudes (empty: |value| itself).
struct Out {
  std::string name;
  Vec v, mag;
};
using Outs = std::vector<Out>;

/// got vs ref: bitwise when exact, else to 1e-12 relative (see the top).
void compare(const std::string &where, const Outs &got, const Outs &ref,
             bool exact) {
  ++checks;
  for (std::size_t o = 0; o < ref.size(); ++o) {
    const Vec &g = got[o].v, &r = ref[o].v, &m = ref[o].mag;
    if (g.size() != r.size()) {
      fail(where + " " + ref[o].name + ": sizes differ");
      continue;
    }
    double rmax = 0.0;
    for (double e : r)
      rmax = std::max(rmax, std::fabs(e));
    for (std::size_t i = 0; i < r.size(); ++i) {
      bool same = g[i] == r[i] || (std::isnan(g[i]) && std::isnan(r[i]));
      if (exact && !same) {
        char buf[160];
        std::snprintf(buf, sizeof buf, " %s[%zu]: %.17g, want %.17g (bitwise)",
                      ref[o].name.c_str(), i, g[i], r[i]);
        fail(where + buf);
        break;
      }
      if (!exact) {
        double scale = std::max({std::fabs(r[i]), m.empty() ? 0.0 : m[i],
                                 1e-4 * rmax, 1e-300});
        double rel = std::fabs(g[i] - r[i]) / scale;
        worstDevice = std::max(worstDevice, rel);
        if (!(rel <= 1e-12)) {
          char buf[160];
          std::snprintf(buf, sizeof buf,
                        " %s[%zu]: %.17g, want %.17g (rel %.2e > 1e-12)",
                        ref[o].name.c_str(), i, g[i], r[i], rel);
          fail(where + buf);
          break;
        }
      }
    }
  }
}

/// A variant over a batch of B: the reference loop, and the launcher under
/// some options (the report through rep). Each runs twice on fresh copies of
/// the same inputs.
struct Variant {
  std::string name;
  bool taped = false; // an adjoint with a tape: a 16-byte slice overflows
  std::function<Outs()> ref;
  std::function<Outs(const Opts &, Report &)> run;
  std::function<Outs(Report &)> runDevice; // the _device launcher; may be empty
};

void checkReport(const std::string &where, const Report &rep, bool device) {
  if (!rep || rep.device != device)
    fail(where + ": report error " + std::to_string(rep.error) + " (" +
         rep.message + "), device " + (rep.device ? "yes" : "no"));
}

void check(const Variant &v, long long B) {
  const std::string at = v.name + " batch " + std::to_string(B);
  Outs ref = v.ref();
  Report rep;
  Opts host;
  host.host = true;
  compare(at + " opts.host", v.run(host, rep), ref, true);
  checkReport(at + " opts.host", rep, false);
  if (rep.chunks != 0 || rep.overflows != 0)
    fail(at + " opts.host: chunks/overflows on the CPU");

  Opts def;
  Report drep;
  Outs got = v.run(def, drep);
  bool device = adgen::batch::deviceAvailable();
  compare(at + (device ? " on the device" : " default opts"), got, ref,
          !device);
  checkReport(at + " default opts", drep, device);
  if (!device)
    return;
  ++onDevice;
  if (drep.overflows)
    fail(at + ": overflows with the default arena slice");
  if (B > 0 && drep.chunks < 1)
    fail(at + ": no launch counted");

  // Several chunks: room for about 7 samples' arena and columns.
  if (B > 1) {
    Opts small;
    small.deviceBytes = 7 * (small.arenaBytesPerSample = 4096) + 4096;
    Report r;
    compare(at + " in chunks", v.run(small, r), ref, false);
    checkReport(at + " in chunks", r, true);
    if (v.taped && r.chunks < 2)
      fail(at + " in chunks: " + std::to_string(r.chunks) + " chunk(s)");
  }
  // A slice too small: the device heap takes over, counted. Small batches
  // only: the device heap (8 MB unless the program raises it) is shared by
  // every thread, and a thread whose malloc fails traps.
  if (v.taped && B > 0 && B <= 64) {
    Opts tiny;
    tiny.arenaBytesPerSample = 16;
    Report r;
    compare(at + " tiny arena", v.run(tiny, r), ref, false);
    checkReport(at + " tiny arena", r, true);
    if (r.overflows == 0)
      fail(at + " tiny arena: no overflow counted");
    else
      ++overflowed;
  }
  if (v.runDevice) {
    Report r;
    compare(at + " _device launcher", v.runDevice(r), ref, false);
    checkReport(at + " _device launcher", r, true);
  }
}

/// Shared adjoints after one call, doubled, against two calls.
void checkDoubling(const std::string &name, const Vec &once, const Vec &twice,
                   const Vec &mag) {
  ++checks;
  for (std::size_t i = 0; i < once.size(); ++i)
    if (!(std::fabs(twice[i] - 2 * once[i]) <= 1e-12 * std::max(mag[i], 1e-300) ||
          (mag[i] == 0 && twice[i] == 0))) {
      fail(name + ": two calls are not twice one call at " + std::to_string(i));
      return;
    }
}

#if defined(__CUDACC__)
/// Device copies of host arrays, for calling the _device launchers.
struct Dev {
  std::vector<void *> held;
  ~Dev() {
    for (void *p : held)
      cudaFree(p);
  }
  template <class T> T *up(const std::vector<T> &h) {
    void *p = nullptr;
    if (cudaMalloc(&p, h.size() * sizeof(T) + 1) != cudaSuccess)
      return nullptr;
    held.push_back(p);
    cudaMemcpy(p, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
    return static_cast<T *>(p);
  }
  template <class T> void down(std::vector<T> &h, const T *d) {
    cudaMemcpy(h.data(), d, h.size() * sizeof(T), cudaMemcpyDeviceToHost);
  }
};
#define BD_DEVICE(...) __VA_ARGS__
#else
#define BD_DEVICE(...) nullptr
#endif

// Σ_s |term_s| for a shared adjoint: each sample's f_grad into zeros.
template <class F> Vec absSum(std::size_t n, long long B, F sampleInto) {
  Vec mag(n, 0.0), g(n);
  for (long long s = 0; s < B; ++s) {
    std::fill(g.begin(), g.end(), 0.0);
    sampleInto(s, g.data());
    for (std::size_t k = 0; k < n; ++k)
      mag[k] += std::fabs(g[k]);
  }
  return mag;
}

// --- loss(x[3], w[3], y): batch(x, y); jvp of all, grad(w, y) ---
void testLoss(Rng &rng, long long B) {
  Vec x = rng.vec(3 * B, 1.0), w = rng.vec(3, 1.0), y = rng.vec(B, 1.0);
  Vec xd = rng.vec(3 * B, 1.0), wd = rng.vec(3, 1.0), yd = rng.vec(B, 1.0);
  Vec wb0 = rng.vec(3, 1.0), yb0 = rng.vec(B, 1.0);
  Vec mag = absSum(3, B, [&](long long s, double *g) {
    double yb = 0;
    loss_grad(&x[3 * s], w.data(), y[s], g, &yb);
  });
  // values
  check({"loss_batch", false,
         [&] {
           Vec val(B);
           for (int r = 0; r < 2; ++r)
             for (long long s = 0; s < B; ++s)
               val[s] = loss(&x[3 * s], w.data(), y[s]);
           return Outs{{"values", val, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec val(B, -1.0);
           for (int r = 0; r < 2; ++r)
             rep = loss_batch(B, x.data(), w.data(), y.data(), val.data(), o);
           return Outs{{"values", val, {}}};
         },
         {}},
        B);
  // grad
  Vec twice;
  check({"loss_grad_batch", false,
         [&] {
           Vec wb = wb0, yb = yb0, val(B);
           for (int r = 0; r < 2; ++r)
             for (long long s = 0; s < B; ++s)
               val[s] = loss_grad(&x[3 * s], w.data(), y[s], wb.data(), &yb[s], 0.75);
           Vec m2 = mag;
           for (std::size_t k = 0; k < 3; ++k)
             m2[k] = 1.5 * mag[k] + std::fabs(wb0[k]);
           return Outs{{"w_bar", wb, m2}, {"y_bar", yb, {}}, {"values", val, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec wb = wb0, yb = yb0, val(B);
           for (int r = 0; r < 2; ++r)
             rep = loss_grad_batch(B, x.data(), w.data(), y.data(), wb.data(),
                                   yb.data(), val.data(), 0.75, o);
           return Outs{{"w_bar", wb, {}}, {"y_bar", yb, {}}, {"values", val, {}}};
         },
         BD_DEVICE([&](Report &rep) {
           Dev d;
           Vec wb = wb0, yb = yb0, val(B);
           double *dx = d.up(x), *dw = d.up(w), *dy = d.up(y), *dwb = d.up(wb),
                  *dyb = d.up(yb), *dv = d.up(val);
           for (int r = 0; r < 2; ++r)
             rep = loss_grad_batch_device(B, dx, dw, dy, dwb, dyb, dv, 0.75);
           d.down(wb, dwb), d.down(yb, dyb), d.down(val, dv);
           return Outs{{"w_bar", wb, {}}, {"y_bar", yb, {}}, {"values", val, {}}};
         })},
        B);
  {
    Vec once(3, 0.0), two(3, 0.0), yb(B, 0.0);
    loss_grad_batch(B, x.data(), w.data(), y.data(), once.data(), yb.data());
    loss_grad_batch(B, x.data(), w.data(), y.data(), two.data(), yb.data());
    loss_grad_batch(B, x.data(), w.data(), y.data(), two.data(), yb.data());
    Vec m2 = mag;
    for (double &e : m2)
      e *= 2;
    checkDoubling("loss_grad_batch batch " + std::to_string(B), once, two, m2);
  }
  // jvp
  check({"loss_jvp_batch", false,
         [&] {
           Vec dot(B), val(B);
           for (int r = 0; r < 2; ++r)
             for (long long s = 0; s < B; ++s)
               val[s] = loss_jvp(&x[3 * s], w.data(), y[s], &xd[3 * s], wd.data(),
                                 yd[s], &dot[s]);
           return Outs{{"loss_dot", dot, {}}, {"values", val, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec dot(B), val(B);
           for (int r = 0; r < 2; ++r)
             rep = loss_jvp_batch(B, x.data(), w.data(), y.data(), xd.data(),
                                  wd.data(), yd.data(), dot.data(), val.data(), o);
           return Outs{{"loss_dot", dot, {}}, {"values", val, {}}};
         },
         {}},
        B);
}

// --- layer(x[3], W[12], scale, label, out[4]): batch(x, label, out) ---
void testLayer(Rng &rng, long long B) {
  Vec x = rng.vec(3 * B, 1.0), W = rng.vec(12, 1.0), out0 = rng.vec(4 * B, 1.0);
  double scale = 0.5 + rng.uniform(), scaled = rng.sym(1.0);
  std::vector<int> label(B);
  for (int &l : label)
    l = rng.below(4);
  Vec xd = rng.vec(3 * B, 1.0), Wd = rng.vec(12, 1.0), outd0 = rng.vec(4 * B, 1.0);
  Vec xb0 = rng.vec(3 * B, 1.0), Wb0 = rng.vec(12, 1.0), outb0 = rng.vec(4 * B, 1.0);
  double sb0 = rng.sym(1.0);
  // Σ|terms| of the shared adjoints (W_bar then scale_bar) over both calls.
  Vec mag(13, 0.0);
  {
    Vec out = out0, outb = outb0, g(13), xb(3);
    for (int r = 0; r < 2; ++r)
      for (long long s = 0; s < B; ++s) {
        std::fill(g.begin(), g.end(), 0.0);
        layer_grad(&x[3 * s], W.data(), scale, label[s], &out[4 * s], xb.data(),
                   g.data(), &g[12], &outb[4 * s], -1.25);
        for (int k = 0; k < 13; ++k)
          mag[k] += std::fabs(g[k]);
      }
    for (int k = 0; k < 12; ++k)
      mag[k] += std::fabs(Wb0[k]);
    mag[12] += std::fabs(sb0);
  }
  check({"layer_batch", false,
         [&] {
           Vec out = out0, val(B);
           for (int r = 0; r < 2; ++r)
             for (long long s = 0; s < B; ++s)
               val[s] = layer(&x[3 * s], W.data(), scale, label[s], &out[4 * s]);
           return Outs{{"out", out, {}}, {"values", val, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec out = out0, val(B);
           for (int r = 0; r < 2; ++r)
             rep = layer_batch(B, x.data(), W.data(), scale, label.data(),
                               out.data(), val.data(), o);
           return Outs{{"out", out, {}}, {"values", val, {}}};
         },
         {}},
        B);
  check({"layer_grad_batch", true,
         [&] {
           Vec out = out0, xb = xb0, Wb = Wb0, outb = outb0, val(B);
           double sb = sb0;
           for (int r = 0; r < 2; ++r)
             for (long long s = 0; s < B; ++s)
               val[s] = layer_grad(&x[3 * s], W.data(), scale, label[s], &out[4 * s],
                                   &xb[3 * s], Wb.data(), &sb, &outb[4 * s], -1.25);
           return Outs{{"out", out, {}},
                       {"x_bar", xb, {}},
                       {"W_bar", Wb, Vec(mag.begin(), mag.begin() + 12)},
                       {"scale_bar", {sb}, {mag[12]}},
                       {"out_bar", outb, {}},
                       {"values", val, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec out = out0, xb = xb0, Wb = Wb0, outb = outb0, val(B);
           double sb = sb0;
           for (int r = 0; r < 2; ++r)
             rep = layer_grad_batch(B, x.data(), W.data(), scale, label.data(),
                                    out.data(), xb.data(), Wb.data(), &sb,
                                    outb.data(), val.data(), -1.25, o);
           return Outs{{"out", out, {}}, {"x_bar", xb, {}}, {"W_bar", Wb, {}},
                       {"scale_bar", {sb}, {}}, {"out_bar", outb, {}},
                       {"values", val, {}}};
         },
         BD_DEVICE([&](Report &rep) {
           Dev d;
           Vec out = out0, xb = xb0, Wb = Wb0, outb = outb0, val(B), sb{sb0};
           double *dx = d.up(x), *dW = d.up(W), *dout = d.up(out), *dxb = d.up(xb),
                  *dWb = d.up(Wb), *dsb = d.up(sb), *doutb = d.up(outb),
                  *dv = d.up(val);
           int *dl = d.up(label);
           for (int r = 0; r < 2; ++r)
             rep = layer_grad_batch_device(B, dx, dW, scale, dl, dout, dxb, dWb,
                                           dsb, doutb, dv, -1.25);
           d.down(out, dout), d.down(xb, dxb), d.down(Wb, dWb), d.down(sb, dsb);
           d.down(outb, doutb), d.down(val, dv);
           return Outs{{"out", out, {}}, {"x_bar", xb, {}}, {"W_bar", Wb, {}},
                       {"scale_bar", sb, {}}, {"out_bar", outb, {}},
                       {"values", val, {}}};
         })},
        B);
  check({"layer_jvp_batch", false,
         [&] {
           Vec out = out0, outd = outd0, dot(B), val(B);
           for (int r = 0; r < 2; ++r)
             for (long long s = 0; s < B; ++s)
               val[s] = layer_jvp(&x[3 * s], W.data(), scale, label[s], &out[4 * s],
                                  &xd[3 * s], Wd.data(), scaled, &outd[4 * s], &dot[s]);
           return Outs{{"out", out, {}}, {"out_dot", outd, {}},
                       {"layer_dot", dot, {}}, {"values", val, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec out = out0, outd = outd0, dot(B), val(B);
           for (int r = 0; r < 2; ++r)
             rep = layer_jvp_batch(B, x.data(), W.data(), scale, label.data(),
                                   out.data(), xd.data(), Wd.data(), scaled,
                                   outd.data(), dot.data(), val.data(), o);
           return Outs{{"out", out, {}}, {"out_dot", outd, {}},
                       {"layer_dot", dot, {}}, {"values", val, {}}};
         },
         {}},
        B);
}

// --- rnn(x[8], w[2]): a taped loop; recur(x[n], w[2], n): trip count from
// a shared int; ckpt(x[T], w[9], T): a checkpointed loop ---
template <class Grad, class GradBatch>
void testShared(const std::string &name, long long B, const Vec &x, int ext,
                const Vec &w, const Vec &wb0, Grad grad, GradBatch gradBatch) {
  std::size_t nw = w.size();
  Vec mag = absSum(nw, B, [&](long long s, double *g) { grad(&x[ext * s], g, 1.0); });
  for (std::size_t k = 0; k < nw; ++k)
    mag[k] = 1.5 * mag[k] + std::fabs(wb0[k]);
  check({name + "_grad_batch", true,
         [&] {
           Vec wb = wb0, val(B);
           for (int r = 0; r < 2; ++r)
             for (long long s = 0; s < B; ++s)
               val[s] = grad(&x[ext * s], wb.data(), 0.75);
           return Outs{{"w_bar", wb, mag}, {"values", val, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec wb = wb0, val(B);
           for (int r = 0; r < 2; ++r)
             rep = gradBatch(wb.data(), val.data(), 0.75, o);
           return Outs{{"w_bar", wb, {}}, {"values", val, {}}};
         },
         {}},
        B);
  Vec once(nw, 0.0), two(nw, 0.0);
  gradBatch(once.data(), nullptr, 1.0, Opts{});
  gradBatch(two.data(), nullptr, 1.0, Opts{});
  gradBatch(two.data(), nullptr, 1.0, Opts{});
  Vec m2 = absSum(nw, B, [&](long long s, double *g) { grad(&x[ext * s], g, 1.0); });
  for (double &e : m2)
    e *= 2;
  checkDoubling(name + "_grad_batch batch " + std::to_string(B), once, two, m2);
}

template <class F, class FB>
void testValues(const std::string &name, long long B, F f, FB fb) {
  check({name + "_batch", false,
         [&] {
           Vec val(B);
           for (long long s = 0; s < B; ++s)
             val[s] = f(s);
           return Outs{{"values", val, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec val(B, -1.0);
           rep = fb(val.data(), o);
           return Outs{{"values", val, {}}};
         },
         {}},
        B);
}

template <class J, class JB>
void testJvp(const std::string &name, long long B, J j, JB jb) {
  check({name + "_jvp_batch", false,
         [&] {
           Vec dot(B), val(B);
           for (long long s = 0; s < B; ++s)
             val[s] = j(s, &dot[s]);
           return Outs{{"dot", dot, {}}, {"values", val, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec dot(B), val(B);
           rep = jb(dot.data(), val.data(), o);
           return Outs{{"dot", dot, {}}, {"values", val, {}}};
         },
         {}},
        B);
}

void testLoops(Rng &rng, long long B) {
  {
    Vec x = rng.vec(8 * B, 1.0), w = {0.9 + 0.1 * rng.uniform(), rng.sym(1.0)};
    Vec xd = rng.vec(8 * B, 1.0), wd = rng.vec(2, 1.0), wb0 = rng.vec(2, 1.0);
    testValues("rnn", B, [&](long long s) { return rnn(&x[8 * s], w.data()); },
               [&](double *v, const Opts &o) {
                 return rnn_batch(B, x.data(), w.data(), v, o);
               });
    testShared("rnn", B, x, 8, w, wb0,
               [&](const double *xs, double *wb, double seed) {
                 return rnn_grad(xs, w.data(), wb, seed);
               },
               [&](double *wb, double *v, double seed, const Opts &o) {
                 return rnn_grad_batch(B, x.data(), w.data(), wb, v, seed, o);
               });
    testJvp("rnn", B,
            [&](long long s, double *dot) {
              return rnn_jvp(&x[8 * s], w.data(), &xd[8 * s], wd.data(), dot);
            },
            [&](double *dot, double *v, const Opts &o) {
              return rnn_jvp_batch(B, x.data(), w.data(), xd.data(), wd.data(), dot,
                                   v, o);
            });
  }
  {
    const int n = 5 + static_cast<int>(B % 7);
    Vec x = rng.vec(n * B, 1.0), w = rng.vec(2, 1.0), wd = rng.vec(2, 1.0),
        wb0 = rng.vec(2, 1.0);
    testValues("recur", B, [&](long long s) { return recur(&x[n * s], w.data(), n); },
               [&](double *v, const Opts &o) {
                 return recur_batch(B, x.data(), w.data(), n, v, o);
               });
    testShared("recur", B, x, n, w, wb0,
               [&](const double *xs, double *wb, double seed) {
                 return recur_grad(xs, w.data(), n, wb, seed);
               },
               [&](double *wb, double *v, double seed, const Opts &o) {
                 return recur_grad_batch(B, x.data(), w.data(), n, wb, v, seed, o);
               });
    testJvp("recur", B,
            [&](long long s, double *dot) {
              return recur_jvp(&x[n * s], w.data(), n, wd.data(), dot);
            },
            [&](double *dot, double *v, const Opts &o) {
              return recur_jvp_batch(B, x.data(), w.data(), n, wd.data(), dot, v, o);
            });
  }
  {
    const int T = 7;
    Vec x = rng.vec(T * B, 1.0), w = rng.vec(9, 0.8), wb0 = rng.vec(9, 1.0);
    testValues("ckpt", B, [&](long long s) { return ckpt(&x[T * s], w.data(), T); },
               [&](double *v, const Opts &o) {
                 return ckpt_batch(B, x.data(), w.data(), T, v, o);
               });
    testShared("ckpt", B, x, T, w, wb0,
               [&](const double *xs, double *wb, double seed) {
                 return ckpt_grad(xs, w.data(), T, wb, seed);
               },
               [&](double *wb, double *v, double seed, const Opts &o) {
                 return ckpt_grad_batch(B, x.data(), w.data(), T, wb, v, seed, o);
               });
  }
}

// --- nn::axpy(a, x[2], out[2]): void, in a namespace; batch(x, out) ---
void testAxpy(Rng &rng, long long B) {
  double a = rng.sym(1.0), ad = rng.sym(1.0), ab0 = rng.sym(1.0);
  Vec x = rng.vec(2 * B, 1.0), out0 = rng.vec(2 * B, 1.0), xd = rng.vec(2 * B, 1.0),
      outd0 = rng.vec(2 * B, 1.0), xb0 = rng.vec(2 * B, 1.0),
      outb0 = rng.vec(2 * B, 1.0);
  double mag = std::fabs(ab0);
  {
    Vec out = out0, outb = outb0, xb(2);
    for (int r = 0; r < 2; ++r)
      for (long long s = 0; s < B; ++s) {
        double g = 0;
        nn::axpy_grad(a, &x[2 * s], &out[2 * s], &g, xb.data(), &outb[2 * s]);
        mag += std::fabs(g);
      }
  }
  check({"nn::axpy_batch", false,
         [&] {
           Vec out = out0;
           for (int r = 0; r < 2; ++r)
             for (long long s = 0; s < B; ++s)
               nn::axpy(a, &x[2 * s], &out[2 * s]);
           return Outs{{"out", out, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec out = out0;
           for (int r = 0; r < 2; ++r)
             rep = nn::axpy_batch(B, a, x.data(), out.data(), o);
           return Outs{{"out", out, {}}};
         },
         {}},
        B);
  check({"nn::axpy_grad_batch", true,
         [&] {
           Vec out = out0, xb = xb0, outb = outb0;
           double ab = ab0;
           for (int r = 0; r < 2; ++r)
             for (long long s = 0; s < B; ++s)
               nn::axpy_grad(a, &x[2 * s], &out[2 * s], &ab, &xb[2 * s], &outb[2 * s]);
           return Outs{{"out", out, {}}, {"a_bar", {ab}, {mag}}, {"x_bar", xb, {}},
                       {"out_bar", outb, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec out = out0, xb = xb0, outb = outb0;
           double ab = ab0;
           for (int r = 0; r < 2; ++r)
             rep = nn::axpy_grad_batch(B, a, x.data(), out.data(), &ab, xb.data(),
                                       outb.data(), o);
           return Outs{{"out", out, {}}, {"a_bar", {ab}, {}}, {"x_bar", xb, {}},
                       {"out_bar", outb, {}}};
         },
         {}},
        B);
  check({"nn::axpy_jvp_batch", false,
         [&] {
           Vec out = out0, outd = outd0;
           for (int r = 0; r < 2; ++r)
             for (long long s = 0; s < B; ++s)
               nn::axpy_jvp(a, &x[2 * s], &out[2 * s], ad, &xd[2 * s], &outd[2 * s]);
           return Outs{{"out", out, {}}, {"out_dot", outd, {}}};
         },
         [&](const Opts &o, Report &rep) {
           Vec out = out0, outd = outd0;
           for (int r = 0; r < 2; ++r)
             rep = nn::axpy_jvp_batch(B, a, x.data(), out.data(), ad, xd.data(),
                                      outd.data(), o);
           return Outs{{"out", out, {}}, {"out_dot", outd, {}}};
         },
         {}},
        B);
}

/// Every function, every batch size; returns the number of failures.
int run() {
  Rng rng{20261129};
  for (long long B : {0LL, 1LL, 37LL, 1000LL}) {
    testLoss(rng, B);
    testLayer(rng, B);
    testLoops(rng, B);
    testAxpy(rng, B);
  }
  const bool device = adgen::batch::deviceAvailable();
  std::printf("batch: ran on the device: %s\n", device ? "yes" : "no");
  if (device)
    std::printf("batch: %d comparisons on the device, worst relative difference "
                "%.2e (tol 1e-12); %d overflowing runs counted\n",
                onDevice, worstDevice, overflowed);
  std::printf(failures ? "batch: %d MISMATCH(ES) in %d checks\n"
                       : "batch: all ok (%d checks)\n",
              failures ? failures : checks, checks);
  return failures;
}

} // namespace bd
