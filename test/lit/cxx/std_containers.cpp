// std::vector and std::array parameters and struct members (SPEC §5): each
// is a data array (the flat function's `const double *v`, passed as
// v.data()) and, for a vector, its size (`unsigned long v_size`, passed as
// v.size()), so v.size(), v[i], at, front, back, empty, data() and
// range-for work; shadows are the parameter's own type (`const
// std::vector<double> &v_dot`, `std::vector<double> *v_bar`). A written
// vector is in/out. The checkpointed loop's state extent is the vector's
// size. The generated file is compiled alone and #included after the source.
// RUN: adgen %s -o %t.cpp --header %t.h
// RUN: FileCheck %s < %t.cpp
// RUN: FileCheck %s --check-prefix=HDR < %t.h
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <array>
#include <cmath>
#include <vector>

struct Model {
  std::vector<double> w;
  std::array<double, 2> bias;
  int n;
};

#pragma adgen jvp grad
double sumsq(const std::vector<double> &v, double k) {
  double s = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += v[i] * v.at(i) * k;
  for (double x : v)
    s += std::sin(x);
  return v.empty() ? 0.0 : s + v.back() * v.front();
}

#pragma adgen jvp grad
double arr(const std::array<double, 3> &a, std::array<double, 2> b) {
  double s = 0;
  for (const double &x : a)
    s += x * b[1];
  std::array<double, 2> c = b;
  c[0] *= a[2];
  return a[0] * a[1] + c[0] + s * static_cast<double>(a.size());
}

#pragma adgen jvp grad
void scale(const std::vector<double> &x, std::vector<double> &out, double k) {
  for (int i = 0; i < static_cast<int>(x.size()); ++i)
    out[i] = k * x[i] * out[i];
}

static double dotp(const std::vector<double> &a, const double *b, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

#pragma adgen jvp grad
double model_loss(const Model &m, const std::vector<double> &x) {
  double z = dotp(m.w, x.data(), m.n) + m.bias[0];
  return std::tanh(z) * m.bias.at(1) + static_cast<double>(m.w.size());
}

#pragma adgen jvp grad
float normf(const std::vector<float> &v) {
  float s = 0;
  for (float e : v)
    s += e * e;
  return std::sqrt(s);
}

#pragma adgen grad
double relax(std::vector<double> &h, double a, int steps) {
  #pragma adgen checkpoint(every 2)
  for (int t = 0; t < steps; ++t)
    for (std::size_t i = 0; i < h.size(); ++i)
      h[i] = std::sin(a * h[i]) + 0.5 * h[i];
  double s = 0;
  for (double v : h)
    s += v;
  return s;
}

// CHECK: #include <array>
// CHECK-NEXT: #include <vector>
// CHECK: ADGEN_HD inline double adgen_flat_sumsq_grad(const double *v,
// CHECK-NEXT: unsigned long v_size, double k,
// CHECK-LABEL: {{^}}double sumsq_grad(const std::vector<double> &v, double k,
// CHECK: std::vector<double> *v_bar
// CHECK: double *k_bar,
// CHECK: double sumsq_bar = 1.0) {
// CHECK: return adgen_flat_sumsq_grad(v.data(), v.size(), k, v_bar->data()
// CHECK: k_bar,
// CHECK-LABEL: {{^}}double sumsq_jvp(const std::vector<double> &v, double k,
// CHECK: const std::vector<double> &v_dot
// CHECK: double k_dot,
// CHECK: v_dot.data()
// CHECK-LABEL: {{^}}double arr_grad(const std::array<double, 3> &a,
// CHECK: std::array<double, 2> b
// CHECK: std::array<double, 3> *a_bar,
// CHECK: std::array<double, 2> *b_bar
// CHECK: double arr_bar = 1.0) {
// CHECK-LABEL: {{^}}double arr_jvp(const std::array<double, 3> &a,
// CHECK: std::array<double, 2> b,
// CHECK: const std::array<double, 3> &a_dot,
// CHECK: const std::array<double, 2> &b_dot,
// CHECK-LABEL: {{^}}void scale_grad(const std::vector<double> &x, std::vector<double> &out,
// CHECK: double k
// CHECK: std::vector<double> *x_bar,
// CHECK: std::vector<double> &out_bar
// CHECK: double *k_bar) {
// CHECK-LABEL: {{^}}void scale_jvp(const std::vector<double> &x, std::vector<double> &out,
// CHECK: double k
// CHECK: const std::vector<double> &x_dot,
// CHECK: std::vector<double> &out_dot
// CHECK: double k_dot) {
// CHECK-LABEL: {{^}}double model_loss_grad(const Model &m, const std::vector<double> &x,
// CHECK: Model *m_bar
// CHECK: std::vector<double> *x_bar,
// CHECK: m.w.data()
// CHECK: m.w.size()
// CHECK: m.bias.data()
// CHECK: m.n
// CHECK: x.data()
// CHECK: x.size(),
// CHECK: m_bar->w.data()
// CHECK: m_bar->bias.data()
// CHECK: x_bar->data()
// CHECK: model_loss_bar);
// CHECK-LABEL: {{^}}float normf_grad(const std::vector<float> &v,
// CHECK: std::vector<float> *v_bar
// CHECK: float normf_bar = 1.0f) {
// CHECK: adgen::checkpoint::Forward forward{{[0-9]+}}(
// CHECK: snapshots, adgen::checkpoint::Policy::every(2), static_cast<long>(steps),
// CHECK: static_cast<long>(h_size) * 8,
// CHECK-LABEL: {{^}}double relax_grad(std::vector<double> &h, double a, int steps,
// CHECK: std::vector<double> &h_bar
// CHECK: double *a_bar,
// HDR: #include <vector>
// HDR: {{^}}double sumsq_grad(const std::vector<double> &v, double k,
// HDR-NOT: adgen_flat

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

static Vec part(const Vec &z, std::size_t from, std::size_t n) {
  return Vec(z.begin() + long(from), z.begin() + long(from + n));
}

// x = (v..., k).
static void checkSumsq(fd::Rng &rng, std::size_t n) {
  Vec x = rng.vec(int(n + 1), -1.5, 1.5);
  fd::check_grad("sumsq", fd::at(x), x, x.size(),
      [n](const Vec &z) { return Vec{sumsq(part(z, 0, n), z[n])}; },
      [n](const Vec &z, const Vec &zd, Vec *yd) {
        return Vec{sumsq_jvp(part(z, 0, n), z[n], part(zd, 0, n), zd[n],
                             &(*yd)[0])};
      },
      [n](const Vec &z, const Vec &yb, Vec *zb) {
        Vec vb = part(*zb, 0, n);
        double kb = (*zb)[n];
        double v = sumsq_grad(part(z, 0, n), z[n], &vb, &kb, yb[0]);
        vb.push_back(kb);
        *zb = vb;
        return Vec{v};
      },
      rng);
}

// x = (a0, a1, a2, b0, b1).
static void checkArr(fd::Rng &rng) {
  using A3 = std::array<double, 3>;
  using A2 = std::array<double, 2>;
  auto a = [](const Vec &z) { return A3{z[0], z[1], z[2]}; };
  auto b = [](const Vec &z) { return A2{z[3], z[4]}; };
  Vec x = rng.vec(5, -1.5, 1.5);
  fd::check_grad("arr", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{arr(a(z), b(z))}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        return Vec{arr_jvp(a(z), b(z), a(zd), b(zd), &(*yd)[0])};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        A3 ab = a(*zb);
        A2 bb = b(*zb);
        double v = arr_grad(a(z), b(z), &ab, &bb, yb[0]);
        *zb = {ab[0], ab[1], ab[2], bb[0], bb[1]};
        return Vec{v};
      },
      rng);
}

// x = (x..., k, out...): out is in/out (its adjoint is not summed).
static void checkScale(fd::Rng &rng, std::size_t n) {
  Vec x = rng.vec(int(2 * n + 1), -1.5, 1.5);
  fd::check_grad("scale", fd::at(x), x, n + 1,
      [n](const Vec &z) {
        Vec out = part(z, n + 1, n);
        scale(part(z, 0, n), out, z[n]);
        return out;
      },
      [n](const Vec &z, const Vec &zd, Vec *yd) {
        Vec out = part(z, n + 1, n), outd = part(zd, n + 1, n);
        scale_jvp(part(z, 0, n), out, z[n], part(zd, 0, n), outd, zd[n]);
        *yd = outd;
        return out;
      },
      [n](const Vec &z, const Vec &yb, Vec *zb) {
        Vec out = part(z, n + 1, n), xb = part(*zb, 0, n), outb = yb;
        double kb = (*zb)[n];
        scale_grad(part(z, 0, n), out, z[n], &xb, outb, &kb);
        xb.push_back(kb);
        xb.insert(xb.end(), outb.begin(), outb.end());
        *zb = xb;
        return out;
      },
      rng);
}

// x = (w..., bias0, bias1, x...).
static void checkModel(fd::Rng &rng, std::size_t n) {
  auto model = [n](const Vec &z) {
    return Model{part(z, 0, n), {z[n], z[n + 1]}, int(n)};
  };
  auto flat = [n](const Model &m, const Vec &xs) {
    Vec r = m.w;
    r.push_back(m.bias[0]);
    r.push_back(m.bias[1]);
    r.insert(r.end(), xs.begin(), xs.end());
    return r;
  };
  Vec x = rng.vec(int(2 * n + 2), -1.2, 1.2);
  fd::check_grad("model_loss", fd::at(x), x, x.size(),
      [&](const Vec &z) {
        return Vec{model_loss(model(z), part(z, n + 2, n))};
      },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        Model md = model(zd);
        md.n = -7; // a passive member's shadow is ignored
        return Vec{model_loss_jvp(model(z), part(z, n + 2, n), md,
                                  part(zd, n + 2, n), &(*yd)[0])};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        Model mb = model(*zb);
        Vec xb = part(*zb, n + 2, n);
        double v = model_loss_grad(model(z), part(z, n + 2, n), &mb, &xb,
                                   yb[0]);
        *zb = flat(mb, xb);
        return Vec{v};
      },
      rng);
}

static void checkNormf(fd::Rng &rng, std::size_t n) {
  using F = std::vector<float>;
  auto fv = [](const Vec &z) { return F(z.begin(), z.end()); };
  fd::GradTol t;
  t.fd_step = 1e-2, t.fd_rtol = 3e-3, t.fd_atol = 3e-3, t.dot_rtol = 1e-4,
  t.acc_rtol = 1e-5;
  Vec x = rng.vec(int(n), 0.5, 1.5);
  fd::check_grad("normf", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{double(normf(fv(z)))}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        float d = 0;
        float v = normf_jvp(fv(z), fv(zd), &d);
        (*yd)[0] = d;
        return Vec{double(v)};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        F vb = fv(*zb);
        float v = normf_grad(fv(z), &vb, float(yb[0]));
        *zb = Vec(vb.begin(), vb.end());
        return Vec{double(v)};
      },
      rng, t);
}

// relax has no f_jvp: its tangent comes from central differences.
static void checkRelax(fd::Rng &rng, std::size_t n, int steps) {
  Vec h = rng.vec(int(n), -1, 1);
  double a = rng.uniform(0.5, 1.5);
  Vec seed = rng.vec(int(n), -1, 1);
  double sb = rng.uniform(-1, 1);
  // L = sb * relax + <seed, h final>.
  auto L = [&](double av, const Vec &h0) {
    Vec hh = h0;
    double r = relax(hh, av, steps);
    return sb * r + fd::dot(seed, hh);
  };
  Vec hh = h, hb = seed;
  double ab = 0.25;
  double v = relax_grad(hh, a, steps, hb, &ab, sb);
  Vec hp = h;
  fd::check_equal("relax value", fd::at(h), v, relax(hp, a, steps));
  for (std::size_t i = 0; i < n; ++i)
    fd::check_equal("relax final h", fd::at(h), hh[i], hp[i]);
  fd::check_close("relax d/da", fd::at(h), ab - 0.25,
                  fd::central([&](double t) { return L(t, h); }, a));
  for (std::size_t i = 0; i < n; ++i)
    fd::check_close("relax d/dh" + std::to_string(i), fd::at(h), hb[i],
                    fd::central([&](double t) {
                      Vec z = h;
                      z[i] = t;
                      return L(a, z);
                    }, h[i]));
}

int main() {
  fd::Rng rng(23);
  for (int t = 0; t < 10; ++t) {
    std::size_t n = std::size_t(rng.integer(1, 6));
    checkSumsq(rng, n);
    checkArr(rng);
    checkScale(rng, n);
    checkModel(rng, n);
    checkNormf(rng, n);
    checkRelax(rng, n, rng.integer(0, 7));
  }
  return fd::finish();
}
#endif
