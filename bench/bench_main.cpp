// Gradient benchmark: for three workloads, in one run (Google Benchmark, -O2,
// median CPU time over repetitions), the cost of a full gradient by
//   grad    adgen's reverse mode f_grad, one call
//   jvp     adgen's forward mode f_jvp, one sweep per input (N sweeps)
//   hand    a hand-written gradient (kernels_hand.cpp)
//   fd      central finite differences, 2 primal calls per input
//   adolc   ADOL-C: trace on adoubles + gradient(), per call (kernels_adolc.cpp)
// relative to the primal, for
//   neuron      examples/neuron (3 weights)
//   recurrence  1,000 steps of h = tanh(w h + x[t]), w.r.t. w and x (1,001)
//   mlp         784-100-10 tanh MLP, softmax cross-entropy, minibatch of 32,
//               79,510 parameters (examples/mlp/mlp.cpp); jvp and fd are timed on a
//               few inputs and extrapolated to 79,510.
// Before timing, the gradients of f_grad, hand, ADOL-C and the JVP sweeps
// must agree to 1e-10 (relative, max norm), finite differences to 1e-6, and
// every method's value must be the primal's: otherwise exit status 1.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "kernels.h"

namespace {

// ---------------------------------------------------------------- inputs
constexpr int kSteps = 1000;
constexpr int kBatch = 32;
// MLP inputs swept by the timed JVP and FD runs (W1, b1, W2, b2), whose time
// is extrapolated to all kMlpParams inputs.
constexpr int kMlpSwept[] = {1234, 78450, 79123, 79505};
constexpr int kMlpS = sizeof(kMlpSwept) / sizeof(kMlpSwept[0]);
constexpr double kFdEps = 1e-5;

struct Lcg {  // Knuth's MMIX LCG, top 53 bits: deterministic, portable
  std::uint64_t s;
  double uniform() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(s >> 11) * 0x1.0p-53;
  }
  double sym(double a) { return a * (2.0 * uniform() - 1.0); }
};

struct Data {
  double nx[3] = {2.0, -1.0, 1.0}, nw[3] = {0.3, 0.2, 0.1}, ny = 1.0;
  double rw = 0.9;
  std::vector<double> rx;
  std::vector<double> params, images;
  std::vector<int> labels;
  Data() : rx(kSteps), params(kMlpParams), images(kBatch * 784), labels(kBatch) {
    for (int t = 0; t < kSteps; ++t) rx[t] = 0.5 * std::sin(0.01 * t);
    Lcg g{20240601};
    for (int i = 0; i < 78400; ++i) params[i] = g.sym(0.05);             // W1
    for (int i = 78400; i < 78500; ++i) params[i] = g.sym(0.1);          // b1
    for (int i = 78500; i < 79500; ++i) params[i] = g.sym(0.3);          // W2
    for (int i = 79500; i < kMlpParams; ++i) params[i] = g.sym(0.1);     // b2
    for (double& p : images) p = g.uniform();                            // pixels
    for (int& l : labels) l = static_cast<int>(g.uniform() * 10);
  }
};
Data& D() {
  static Data d;
  return d;
}

// ------------------------------------- full gradients by JVP sweeps and FD
// Each returns the value; g gets the gradient (entries of the swept inputs).
double neuron_jvp_sweeps(double* g) {
  Data& d = D();
  double L = 0;
  for (int i = 0; i < 3; ++i) {
    double dot[3] = {0, 0, 0};
    dot[i] = 1.0;
    L = neuron_loss_jvp(d.nx, d.nw, d.ny, dot, &g[i]);
  }
  return L;
}
double neuron_fd(double* g) {
  Data& d = D();
  double w[3] = {d.nw[0], d.nw[1], d.nw[2]};
  for (int i = 0; i < 3; ++i) {
    w[i] = d.nw[i] + kFdEps;
    double fp = neuron_loss(d.nx, w, d.ny);
    w[i] = d.nw[i] - kFdEps;
    double fm = neuron_loss(d.nx, w, d.ny);
    w[i] = d.nw[i];
    g[i] = (fp - fm) / (2 * kFdEps);
  }
  return 0;
}
// g: [w, x[0..T)]
double recurrence_jvp_sweeps(double* g, std::vector<double>& xdot) {
  Data& d = D();
  double h = recurrence_jvp(d.rw, d.rx.data(), kSteps, 1.0, xdot.data(), &g[0]);
  for (int t = 0; t < kSteps; ++t) {
    xdot[t] = 1.0;
    recurrence_jvp(d.rw, d.rx.data(), kSteps, 0.0, xdot.data(), &g[t + 1]);
    xdot[t] = 0.0;
  }
  return h;
}
double recurrence_fd(double* g, std::vector<double>& x) {
  Data& d = D();
  g[0] = (recurrence(d.rw + kFdEps, x.data(), kSteps) -
          recurrence(d.rw - kFdEps, x.data(), kSteps)) / (2 * kFdEps);
  for (int t = 0; t < kSteps; ++t) {
    x[t] = d.rx[t] + kFdEps;
    double fp = recurrence(d.rw, x.data(), kSteps);
    x[t] = d.rx[t] - kFdEps;
    double fm = recurrence(d.rw, x.data(), kSteps);
    x[t] = d.rx[t];
    g[t + 1] = (fp - fm) / (2 * kFdEps);
  }
  return 0;
}
// g[s] for s < kMlpS: the derivative w.r.t. params[kMlpSwept[s]].
double mlp_jvp_sweeps(double* g, std::vector<double>& pdot) {
  Data& d = D();
  double L = 0;
  for (int s = 0; s < kMlpS; ++s) {
    pdot[kMlpSwept[s]] = 1.0;
    L = mlp_loss_jvp(d.params.data(), d.images.data(), d.labels.data(), kBatch,
                     pdot.data(), &g[s]);
    pdot[kMlpSwept[s]] = 0.0;
  }
  return L;
}
double mlp_fd(double* g, std::vector<double>& p) {
  Data& d = D();
  for (int s = 0; s < kMlpS; ++s) {
    int i = kMlpSwept[s];
    p[i] = d.params[i] + kFdEps;
    double fp = mlp_loss(p.data(), d.images.data(), d.labels.data(), kBatch);
    p[i] = d.params[i] - kFdEps;
    double fm = mlp_loss(p.data(), d.images.data(), d.labels.data(), kBatch);
    p[i] = d.params[i];
    g[s] = (fp - fm) / (2 * kFdEps);
  }
  return 0;
}

// ------------------------------------------------------------ benchmarks
// Adjoint outputs accumulate across iterations (f_grad and hand both +=,
// neither is zeroed in the loop): the same work for both.
#define LOOP(...)                      \
  for (auto _ : state) {               \
    double v = __VA_ARGS__;            \
    benchmark::DoNotOptimize(v);       \
    benchmark::ClobberMemory();        \
  }

void BM_neuron_primal(benchmark::State& state) {
  Data& d = D();
  LOOP(neuron_loss(d.nx, d.nw, d.ny))
}
void BM_neuron_grad(benchmark::State& state) {
  Data& d = D();
  double g[3] = {};
  LOOP(neuron_loss_grad(d.nx, d.nw, d.ny, g, 1.0))
}
void BM_neuron_jvp(benchmark::State& state) {
  double g[3];
  LOOP(neuron_jvp_sweeps(g))
}
void BM_neuron_hand(benchmark::State& state) {
  Data& d = D();
  double g[3] = {};
  LOOP(neuron_loss_hand_grad(d.nx, d.nw, d.ny, g, 1.0))
}
void BM_neuron_fd(benchmark::State& state) {
  double g[3];
  LOOP(neuron_fd(g))
}
// ADOL-C sizes its tape buffers from the first trace of each function (see
// kernels_adolc.cpp); that first, spilling trace is done once, untimed.
#define ADOLC_WARMUP(call)      \
  static bool warm = false;     \
  if (!warm) {                  \
    call;                       \
    warm = true;                \
  }

void BM_neuron_adolc(benchmark::State& state) {
  Data& d = D();
  double g[3];
  ADOLC_WARMUP(neuron_loss_adolc_grad(d.nx, d.nw, d.ny, g))
  LOOP(neuron_loss_adolc_grad(d.nx, d.nw, d.ny, g))
}

void BM_recurrence_primal(benchmark::State& state) {
  Data& d = D();
  LOOP(recurrence(d.rw, d.rx.data(), kSteps))
}
void BM_recurrence_grad(benchmark::State& state) {
  Data& d = D();
  double wb = 0;
  std::vector<double> xb(kSteps);
  LOOP(recurrence_grad(d.rw, d.rx.data(), kSteps, &wb, xb.data(), 1.0))
}
void BM_recurrence_jvp(benchmark::State& state) {
  std::vector<double> g(kSteps + 1), xdot(kSteps);
  LOOP(recurrence_jvp_sweeps(g.data(), xdot))
}
void BM_recurrence_hand(benchmark::State& state) {
  Data& d = D();
  double wb = 0;
  std::vector<double> xb(kSteps);
  LOOP(recurrence_hand_grad(d.rw, d.rx.data(), kSteps, &wb, xb.data(), 1.0))
}
void BM_recurrence_fd(benchmark::State& state) {
  std::vector<double> g(kSteps + 1), x = D().rx;
  LOOP(recurrence_fd(g.data(), x))
}
void BM_recurrence_adolc(benchmark::State& state) {
  Data& d = D();
  std::vector<double> g(kSteps + 1);
  ADOLC_WARMUP(recurrence_adolc_grad(d.rw, d.rx.data(), kSteps, g.data()))
  LOOP(recurrence_adolc_grad(d.rw, d.rx.data(), kSteps, g.data()))
}

void BM_mlp_primal(benchmark::State& state) {
  Data& d = D();
  LOOP(mlp_loss(d.params.data(), d.images.data(), d.labels.data(), kBatch))
}
void BM_mlp_grad(benchmark::State& state) {
  Data& d = D();
  std::vector<double> g(kMlpParams);
  LOOP(mlp_loss_grad(d.params.data(), d.images.data(), d.labels.data(), kBatch,
                     g.data(), 1.0))
}
void BM_mlp_jvp(benchmark::State& state) {
  double g[kMlpS];
  std::vector<double> pdot(kMlpParams);
  LOOP(mlp_jvp_sweeps(g, pdot))
}
void BM_mlp_hand(benchmark::State& state) {
  Data& d = D();
  std::vector<double> g(kMlpParams);
  LOOP(mlp_loss_hand_grad(d.params.data(), d.images.data(), d.labels.data(),
                          kBatch, g.data(), 1.0))
}
void BM_mlp_fd(benchmark::State& state) {
  double g[kMlpS];
  std::vector<double> p = D().params;
  LOOP(mlp_fd(g, p))
}
void BM_mlp_adolc(benchmark::State& state) {
  Data& d = D();
  std::vector<double> g(kMlpParams);
  ADOLC_WARMUP(mlp_loss_adolc_grad(d.params.data(), d.images.data(),
                                   d.labels.data(), kBatch, g.data()))
  LOOP(mlp_loss_adolc_grad(d.params.data(), d.images.data(), d.labels.data(),
                           kBatch, g.data()))
}

constexpr int kRepetitions = 9;

#define ADGEN_BENCH(fn)                  \
  BENCHMARK(fn)                          \
      ->Repetitions(kRepetitions)        \
      ->ReportAggregatesOnly(true)       \
      ->MinTime(0.2)                     \
      ->Unit(benchmark::kMicrosecond)

#define ADGEN_BENCH_ALL(w) \
  ADGEN_BENCH(BM_##w##_primal); \
  ADGEN_BENCH(BM_##w##_grad);   \
  ADGEN_BENCH(BM_##w##_jvp);    \
  ADGEN_BENCH(BM_##w##_hand);   \
  ADGEN_BENCH(BM_##w##_fd);     \
  ADGEN_BENCH(BM_##w##_adolc)

ADGEN_BENCH_ALL(neuron);
ADGEN_BENCH_ALL(recurrence);
ADGEN_BENCH_ALL(mlp);

// The console reporter, also keeping each benchmark's median CPU time (ns).
class MedianReporter : public benchmark::ConsoleReporter {
 public:
  // Colours only on a terminal (a custom reporter does not get
  // --benchmark_color=auto).
  MedianReporter()
      : ConsoleReporter(isatty(fileno(stdout)) ? OO_ColorTabular : OO_Tabular) {}

  std::map<std::string, double> median_ns;

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred || run.run_type != Run::RT_Aggregate ||
          run.aggregate_name != "median")
        continue;
      double t = run.GetAdjustedCPUTime();  // in run.time_unit
      median_ns[run.run_name.function_name] =
          t * 1e9 / benchmark::GetTimeUnitMultiplier(run.time_unit);
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

// ----------------------------------------------------------- verification
// max_i |a_i - b_i| / max_i |b_i|
double relerr(const double* a, const double* b, int n) {
  double num = 0, den = 0;
  for (int i = 0; i < n; ++i) {
    num = std::max(num, std::fabs(a[i] - b[i]));
    den = std::max(den, std::fabs(b[i]));
  }
  return den > 0 ? num / den : num;
}
double relval(double a, double b) {
  return std::fabs(a - b) / std::max(std::fabs(b), 1e-300);
}

int failures = 0;
void check(const char* workload, const char* what, double err, double tol) {
  bool ok = err <= tol;
  if (!ok) ++failures;
  std::printf("  %-11s %-34s %9.2e  (tol %.0e) %s\n", workload, what, err, tol,
              ok ? "ok" : "MISMATCH");
}

void verify() {
  Data& d = D();
  std::printf("verification (relative error, max norm; reference = f_grad):\n");
  {  // neuron
    double P = neuron_loss(d.nx, d.nw, d.ny);
    double gg[3] = {}, gh[3] = {}, ga[3], gj[3], gf[3];
    double vg = neuron_loss_grad(d.nx, d.nw, d.ny, gg, 1.0);
    double vh = neuron_loss_hand_grad(d.nx, d.nw, d.ny, gh, 1.0);
    double va = neuron_loss_adolc_grad(d.nx, d.nw, d.ny, ga);
    double vj = neuron_jvp_sweeps(gj);
    neuron_fd(gf);
    double verr = std::max({relval(vg, P), relval(vh, P), relval(va, P), relval(vj, P)});
    check("neuron", "values of grad/hand/adolc/jvp", verr, 1e-13);
    check("neuron", "hand-written vs f_grad", relerr(gh, gg, 3), 1e-10);
    check("neuron", "ADOL-C vs f_grad", relerr(ga, gg, 3), 1e-10);
    check("neuron", "3 jvp sweeps vs f_grad", relerr(gj, gg, 3), 1e-10);
    check("neuron", "central FD vs f_grad", relerr(gf, gg, 3), 1e-6);
  }
  {  // recurrence
    const int n = kSteps + 1;
    double P = recurrence(d.rw, d.rx.data(), kSteps);
    std::vector<double> gg(n, 0.0), gh(n, 0.0), ga(n), gj(n), gf(n),
        xdot(kSteps, 0.0), x = d.rx;
    double vg = recurrence_grad(d.rw, d.rx.data(), kSteps, &gg[0], &gg[1], 1.0);
    double vh = recurrence_hand_grad(d.rw, d.rx.data(), kSteps, &gh[0], &gh[1], 1.0);
    double va = recurrence_adolc_grad(d.rw, d.rx.data(), kSteps, ga.data());
    double vj = recurrence_jvp_sweeps(gj.data(), xdot);
    recurrence_fd(gf.data(), x);
    double verr = std::max({relval(vg, P), relval(vh, P), relval(va, P), relval(vj, P)});
    check("recurrence", "values of grad/hand/adolc/jvp", verr, 1e-13);
    check("recurrence", "hand-written vs f_grad", relerr(gh.data(), gg.data(), n), 1e-10);
    check("recurrence", "ADOL-C vs f_grad", relerr(ga.data(), gg.data(), n), 1e-10);
    check("recurrence", "1,001 jvp sweeps vs f_grad", relerr(gj.data(), gg.data(), n), 1e-10);
    check("recurrence", "central FD vs f_grad", relerr(gf.data(), gg.data(), n), 1e-6);
  }
  {  // mlp
    const double* p = d.params.data();
    const double* im = d.images.data();
    const int* lb = d.labels.data();
    double P = mlp_loss(p, im, lb, kBatch);
    std::vector<double> gg(kMlpParams, 0.0), gh(kMlpParams, 0.0), ga(kMlpParams),
        pdot(kMlpParams, 0.0), pp = d.params;
    double gj[kMlpS], gf[kMlpS], ggs[kMlpS];
    double vg = mlp_loss_grad(p, im, lb, kBatch, gg.data(), 1.0);
    double vh = mlp_loss_hand_grad(p, im, lb, kBatch, gh.data(), 1.0);
    double va = mlp_loss_adolc_grad(p, im, lb, kBatch, ga.data());
    double vj = mlp_jvp_sweeps(gj, pdot);
    mlp_fd(gf, pp);
    for (int s = 0; s < kMlpS; ++s) ggs[s] = gg[kMlpSwept[s]];
    // And one JVP along a dense direction v: f_jvp(v) = <grad, v>.
    Lcg r{7};
    for (double& v : pdot) v = r.sym(1.0);
    double dv, gv = 0;
    mlp_loss_jvp(p, im, lb, kBatch, pdot.data(), &dv);
    for (int i = 0; i < kMlpParams; ++i) gv += gg[i] * pdot[i];
    double verr = std::max({relval(vg, P), relval(vh, P), relval(va, P), relval(vj, P)});
    check("mlp", "values of grad/hand/adolc/jvp", verr, 1e-13);
    check("mlp", "hand-written vs f_grad (79,510)", relerr(gh.data(), gg.data(), kMlpParams), 1e-10);
    check("mlp", "ADOL-C vs f_grad (79,510)", relerr(ga.data(), gg.data(), kMlpParams), 1e-10);
    check("mlp", "4 jvp sweeps vs f_grad entries", relerr(gj, ggs, kMlpS), 1e-10);
    check("mlp", "jvp(random v) vs <f_grad, v>", relval(dv, gv), 1e-10);
    check("mlp", "central FD vs f_grad, 4 entries", relerr(gf, ggs, kMlpS), 1e-6);
    std::printf("  (loss %.6f, |grad|_inf %.3e)\n", P,
                std::fabs(*std::max_element(gg.begin(), gg.end(),
                    [](double a, double b) { return std::fabs(a) < std::fabs(b); })));
  }
  unsigned long ops[3];
  bool spilled[3];
  for (short tag = 1; tag <= 3; ++tag) adolc_tape_info(tag, &ops[tag - 1], &spilled[tag - 1]);
  std::printf("  ADOL-C tapes: %lu, %lu, %lu operations%s\n\n", ops[0], ops[1],
              ops[2], spilled[0] || spilled[1] || spilled[2]
                          ? " (first trace spilled to files; timed ones are sized in core)"
                          : ", in core");
}

}  // namespace

int main(int argc, char** argv) {
  // Repetitions of a workload's methods are randomly interleaved (unless the
  // command line says otherwise), so that load from other processes on this
  // machine falls on all methods alike rather than on whichever runs then.
  std::vector<char*> args(argv, argv + argc);
  static char interleave[] = "--benchmark_enable_random_interleaving=true";
  bool user_set = false;
  for (int i = 1; i < argc; ++i)
    user_set |= !std::strncmp(argv[i], interleave, 38);
  if (!user_set) args.insert(args.begin() + 1, interleave);
  int nargs = static_cast<int>(args.size());
  args.push_back(nullptr);
  benchmark::Initialize(&nargs, args.data());
  if (benchmark::ReportUnrecognizedArguments(nargs, args.data())) return 1;
  // Verify in a child process: ADOL-C's location store is global and never
  // shrinks, and every later tape's sweeps are sized by it (NUM_MAX_LIVES), so
  // the MLP's trace would slow the neuron's ADOL-C timing ~1000x. The timed
  // runs go neuron, recurrence, mlp: each sees only its own and smaller stores.
  std::fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    verify();
    if (failures) std::printf("verification FAILED (%d): no timings\n", failures);
    std::fflush(stdout);
    _exit(failures ? 1 : 0);
  }
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    if (child < 0 || !WIFEXITED(status)) std::printf("verification did not complete\n");
    return 1;
  }
  // One workload after the other (interleaving only within a workload), in
  // the order neuron, recurrence, mlp: see the ADOL-C store note above. A
  // --benchmark_filter given on the command line is run as it is instead.
  MedianReporter reporter;
  std::string filter = benchmark::GetBenchmarkFilter();
  if (filter.empty() || filter == "." || filter == "all") {
    for (const char* w : {"neuron", "recurrence", "mlp"})
      benchmark::RunSpecifiedBenchmarks(&reporter, std::string("^BM_") + w + "_");
  } else {
    benchmark::RunSpecifiedBenchmarks(&reporter);
  }
  benchmark::Shutdown();

  struct Workload {
    const char* name;
    int inputs;  // N
    int swept;   // inputs the jvp/fd benchmarks actually sweep
  };
  const Workload workloads[] = {
      {"neuron", 3, 3}, {"recurrence", kSteps + 1, kSteps + 1},
      {"mlp", kMlpParams, kMlpS}};
  const char* methods[] = {"grad", "jvp", "hand", "fd", "adolc"};
  auto get = [&](const Workload& w, const char* m) -> double {
    auto it = reporter.median_ns.find(std::string("BM_") + w.name + "_" + m);
    if (it == reporter.median_ns.end()) return -1;
    double t = it->second;
    if (!std::strcmp(m, "jvp") || !std::strcmp(m, "fd"))
      t *= static_cast<double>(w.inputs) / w.swept;  // extrapolate
    return t;
  };

  std::printf(
      "\nFull gradient, T(method)/T(primal), median CPU time of %d repetitions, -O2:\n"
      "  grad = adgen f_grad (1 call); jvp = adgen f_jvp x N sweeps; hand = "
      "hand-written;\n  fd = central differences (2N primal calls); adolc = "
      "ADOL-C trace + gradient() per call\n",
      kRepetitions);
  std::printf("  %-11s %7s %12s %8s %10s %8s %10s %8s\n", "workload", "N",
              "primal", "grad", "jvp xN", "hand", "fd", "adolc");
  bool extrapolated = false;
  for (const Workload& w : workloads) {
    double p = get(w, "primal");
    if (p < 0) continue;
    if (p < 1e3)
      std::printf("  %-11s %7d %9.1f ns", w.name, w.inputs, p);
    else
      std::printf("  %-11s %7d %9.1f us", w.name, w.inputs, p / 1e3);
    for (const char* m : methods) {
      double t = get(w, m);
      bool x = w.swept < w.inputs && (!std::strcmp(m, "jvp") || !std::strcmp(m, "fd"));
      extrapolated |= x;
      int width = (!std::strcmp(m, "jvp") || !std::strcmp(m, "fd")) ? 9 : 7;
      if (t < 0)
        std::printf(" %*s ", width, "-");
      else
        std::printf(" %*.*f%s", width, t / p < 100 ? 2 : 0, t / p, x ? "*" : " ");
    }
    std::printf("\n");
  }
  if (extrapolated)
    std::printf("  * extrapolated: %d of %d inputs swept (jvp: %d sweeps, fd: %d "
                "primal calls), time x %d/%d\n",
                kMlpS, kMlpParams, kMlpS, 2 * kMlpS, kMlpParams, kMlpS);

  std::printf("\nGoals (f_grad):\n");
  std::printf("  %-30s", "goal");
  for (const Workload& w : workloads) std::printf(" %14s", w.name);
  std::printf("\n");
  struct Goal {
    const char* what;
    const char* num;
    const char* den;
    double limit;
    bool at_most;
  };
  const Goal goals[] = {
      {"T(grad)/T(primal) <= 2.5", "grad", "primal", 2.5, true},
      {"T(grad)/T(hand) <= 1.25", "grad", "hand", 1.25, true},
      {"T(adolc)/T(grad) >= 10", "adolc", "grad", 10.0, false},
  };
  int missed = 0;
  for (const Goal& g : goals) {
    std::printf("  %-30s", g.what);
    for (const Workload& w : workloads) {
      double a = get(w, g.num), b = get(w, g.den);
      if (a < 0 || b < 0) {
        std::printf(" %14s", "-");
        continue;
      }
      double r = a / b;
      bool ok = g.at_most ? r <= g.limit : r >= g.limit;
      if (!ok) ++missed;
      std::printf(" %8.2f %-5s", r, ok ? "ok" : "MISS");
    }
    std::printf("\n");
  }
  std::printf("%s\n", missed ? "goals: some MISSED" : "goals: all met");
  return 0;
}
