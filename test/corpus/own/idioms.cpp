// adgen's own corpus file (written for this project, not taken from a peer):
// functions in the shapes the peer corpora exercise, for the lit subset
// (test/lit/corpus/subset.cpp) and as a template for adding more. Each
// `//@ad` function is differentiated by adgen and checked by the harness
// against finite differences of itself.
#include <cmath>
#include <vector>

struct Vec2 {
  double x, y;
};

struct Particle {
  Vec2 pos;
  double mass;
  int id;
};

//@ad
double poly(double x, double y) { return x * x * y - 3 * x + std::sin(y); }

//@ad
double horner(const double *c, int n, double x) {
  double r = 0;
  for (int i = n - 1; i >= 0; --i)
    r = r * x + c[i];
  return r;
}

//@ad
double dist(const Vec2 &a, const Vec2 &b) {
  double dx = a.x - b.x, dy = a.y - b.y;
  return std::sqrt(dx * dx + dy * dy + 1e-3);
}

//@ad
void scale(Vec2 &v, double k) {
  v.x *= k;
  v.y = v.y * k + v.x;
}

//@ad
double energy(const Particle *ps, int n) {
  double e = 0;
  for (int i = 0; i < n; ++i)
    e += 0.5 * ps[i].mass * (ps[i].pos.x * ps[i].pos.x + ps[i].pos.y * ps[i].pos.y);
  return e;
}

//@ad
double mean_sq(const std::vector<double> &v) {
  double s = 0;
  for (double e : v)
    s += e * e;
  return v.empty() ? 0.0 : s / static_cast<double>(v.size());
}

//@ad
double softmax_dot(const double *x, const double *w, int n) {
  std::vector<double> p(n);
  double mx = x[0];
  for (int i = 1; i < n; ++i)
    mx = std::fmax(mx, x[i]);
  double z = 0;
  for (int i = 0; i < n; ++i) {
    p[i] = std::exp(x[i] - mx);
    z += p[i];
  }
  double r = 0;
  for (int i = 0; i < n; ++i)
    r += w[i] * p[i] / z;
  return r;
}

static void accumulate(double &acc, double v) { acc += v * v; }

//@ad
double sum_sq(double a, double b) {
  double acc = 0;
  accumulate(acc, a);
  accumulate(acc, b);
  accumulate(a, b);
  return acc + a;
}

//@ad
double piecewise(double x, int mode) {
  switch (mode % 3) {
  case 0:
    return x * x;
  case 1:
    return std::exp(-x);
  default:
    return std::tanh(x) + 1;
  }
}

template <typename T> T cube(T x) { return x * x * x; }

//@ad
double uses_template(double x, float y) { return cube(x) + cube(static_cast<double>(y)); }

//@ad
double running(const double *x, int n) {
  double *buf = new double[n];
  for (int i = 0; i < n; ++i)
    buf[i] = i ? buf[i - 1] * 0.5 + x[i] : x[0];
  double r = buf[n - 1];
  delete[] buf;
  return r;
}

//@ad
double lambda_sum(const double *x, int n, double k) {
  auto f = [k](double v) { return std::log1p(v * v) * k; };
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += f(x[i]);
  return s;
}
