// One differentiated function using the constructs of SPEC §5 together:
// structs by reference with nested and array members, a method, an operator
// returning a struct, a function template, references, switch with
// fall-through, a declaration in a condition, range-for, a lambda, the
// extended math list (lgamma, fma, erfc, exp2), a kept call on passive
// arguments, long double and narrow integers; and in g, a std::vector of
// structs iterated by range-for and by a moving struct pointer, pointer
// comparisons, a heap array of structs, a std::array of structs, a brace
// list and a string literal argument; in h, rows: a `T **` and a
// std::vector of std::vectors. The generated code compiles
// warning-free with g++, clang++ and nvcc, and f_grad / f_jvp, g_grad /
// g_jvp match central differences.
// REQUIRES: nvcc
// RUN: adgen %s -o %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: clang++-22 -std=c++17 -Wall -Wextra -Werror -I%runtime_include -c %t.cpp -o %t.clang.o
// (nvcc warns that device code computes long double as double: 20208.)
// RUN: %nvcc -x cu -Werror all-warnings -diag-suppress 20208 -c %t.cpp -o %t.cu.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <array>
#include <cmath>
#include <vector>

struct Vec2 {
  double x, y;
  double dot(const Vec2 &o) const { return x * o.x + y * o.y; }
};
struct Particle {
  Vec2 pos;
  double w[3];
  short tag;
};

static Vec2 operator*(double s, const Vec2 &v) { return {s * v.x, s * v.y}; }

template <class T> static T cube(T v) { return v * v * v; }

static void accumulate(double v, double &sum) { sum += v; }

#pragma adgen jvp grad
double f(const Particle &p, double t, int mode) {
  Vec2 q = t * p.pos;
  double s = 0;
  for (double wi : p.w)
    s += wi * wi;
  switch (mode) {
  case 0:
    s *= 2.0;
    [[fallthrough]];
  case 1:
    s += cube(q.x);
    break;
  default:
    s -= q.y;
  }
  if (double r = q.dot(p.pos))
    s += std::fma(r, t, 1.0);
  auto sq = [&](double v) { return v * v; };
  accumulate(sq(std::erfc(0.3 * q.y)), s);
  long double big = static_cast<long double>(s) * 1.5L;
  unsigned char k = static_cast<unsigned char>(p.tag % 3);
  return static_cast<double>(big) + std::exp2(0.1 * t) +
         std::lgamma(2.5 + k) * std::tanh(t) + std::lgamma(1.0 + t * t);
}

static double pick(double v, const char *how) { return how[0] == 's' ? v * v : v; }

#pragma adgen jvp grad
double g(const std::vector<Vec2> &pts, const std::array<Vec2, 2> &ends,
         const double *w, int n) {
  double s = 0;
  for (const Vec2 &p : pts)
    s += p.dot(ends[0]);
  for (const Vec2 *p = pts.data(); p != pts.data() + pts.size(); ++p)
    s += std::sin(p->x) * ends.back().y;
  for (const double *q = w; q < w + n; ++q)
    s += *q * pick(*q, "square");
  Vec2 *tmp = new Vec2[n];
  for (int i = 0; i < n; ++i)
    tmp[i] = w[i] * pts.front();
  for (double c : {0.5, s, 2.0})
    s += c * tmp[n - 1].y;
  delete[] tmp;
  return s;
}

#pragma adgen jvp grad
double h(const double *const *rows, const std::vector<std::vector<double>> &m,
         int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    const double *r = rows[i];
    for (const auto &row : m)
      for (std::size_t j = 0; j < row.size(); ++j)
        s += r[j % 2] * row[j] + std::exp2(m[i % m.size()].at(j) * rows[i][1]);
  }
  return s;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double h_jvp(const double *const *rows,
             const std::vector<std::vector<double>> &m, int n,
             const double *const *rows_dot,
             const std::vector<std::vector<double>> &m_dot, double *h_dot);
double h_grad(const double *const *rows,
              const std::vector<std::vector<double>> &m, int n,
              double *const *rows_bar, std::vector<std::vector<double>> *m_bar,
              double h_bar = 1.0);

// x = (rows as n x 2, m as 2 x 3).
static void checkH(fd::Rng &rng, int n) {
  std::size_t o = std::size_t(2 * n);
  auto rows = [=](const fd::Vec &z) {
    std::vector<const double *> p;
    for (int i = 0; i < n; ++i)
      p.push_back(&z[std::size_t(2 * i)]);
    return p;
  };
  auto mat = [=](const fd::Vec &z) {
    return std::vector<std::vector<double>>{{z[o], z[o + 1], z[o + 2]},
                                            {z[o + 3], z[o + 4], z[o + 5]}};
  };
  fd::Vec x = rng.vec(int(o) + 6, -1.2, 1.2);
  fd::check_grad("h", fd::at(x), x, x.size(),
      [&](const fd::Vec &z) { return fd::Vec{h(rows(z).data(), mat(z), n)}; },
      [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
        return fd::Vec{h_jvp(rows(z).data(), mat(z), n, rows(zd).data(),
                             mat(zd), &(*yd)[0])};
      },
      [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
        std::vector<double *> rb;
        for (int i = 0; i < n; ++i)
          rb.push_back(&(*zb)[std::size_t(2 * i)]);
        std::vector<std::vector<double>> mb = mat(*zb);
        double y = h_grad(rows(z).data(), mat(z), n, rb.data(), &mb, yb[0]);
        for (std::size_t k = 0; k < 6; ++k)
          (*zb)[o + k] = mb[k / 3][k % 3];
        return fd::Vec{y};
      },
      rng);
}
double f_jvp(const Particle &p, double t, int mode, const Particle &p_dot,
             double t_dot, double *f_dot);
double f_grad(const Particle &p, double t, int mode, Particle *p_bar,
              double *t_bar, double f_bar = 1.0);
double g_jvp(const std::vector<Vec2> &pts, const std::array<Vec2, 2> &ends,
             const double *w, int n, const std::vector<Vec2> &pts_dot,
             const std::array<Vec2, 2> &ends_dot, const double *w_dot,
             double *g_dot);
double g_grad(const std::vector<Vec2> &pts, const std::array<Vec2, 2> &ends,
              const double *w, int n, std::vector<Vec2> *pts_bar,
              std::array<Vec2, 2> *ends_bar, double *w_bar, double g_bar = 1.0);

// x = (pts as 2 * m numbers, ends as 4, w as n).
static void checkG(fd::Rng &rng, int m, int n) {
  std::size_t e = std::size_t(2 * m), o = e + 4;
  auto pts = [=](const fd::Vec &z) {
    std::vector<Vec2> v;
    for (std::size_t i = 0; i < std::size_t(m); ++i)
      v.push_back({z[2 * i], z[2 * i + 1]});
    return v;
  };
  auto ends = [=](const fd::Vec &z) {
    return std::array<Vec2, 2>{{{z[e], z[e + 1]}, {z[e + 2], z[e + 3]}}};
  };
  fd::Vec x = rng.vec(int(o) + n, -1.2, 1.2);
  fd::check_grad("g", fd::at(x), x, x.size(),
      [&](const fd::Vec &z) { return fd::Vec{g(pts(z), ends(z), &z[o], n)}; },
      [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
        return fd::Vec{g_jvp(pts(z), ends(z), &z[o], n, pts(zd), ends(zd),
                             &zd[o], &(*yd)[0])};
      },
      [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
        std::vector<Vec2> pb = pts(*zb);
        std::array<Vec2, 2> eb = ends(*zb);
        double y = g_grad(pts(z), ends(z), &z[o], n, &pb, &eb, &(*zb)[o], yb[0]);
        for (std::size_t i = 0; i < std::size_t(m); ++i)
          (*zb)[2 * i] = pb[i].x, (*zb)[2 * i + 1] = pb[i].y;
        (*zb)[e] = eb[0].x, (*zb)[e + 1] = eb[0].y;
        (*zb)[e + 2] = eb[1].x, (*zb)[e + 3] = eb[1].y;
        return fd::Vec{y};
      },
      rng);
}

int main() {
  fd::Rng rng(2);
  for (int t = 0; t < 10; ++t) {
    checkG(rng, rng.integer(1, 4), rng.integer(1, 4));
    checkH(rng, rng.integer(1, 4));
  }
  auto part = [](const fd::Vec &z) {
    return Particle{{z[0], z[1]}, {z[2], z[3], z[4]}, 7};
  };
  for (int mode = 0; mode < 3; ++mode)
    for (int n = 0; n < 10; ++n) {
      fd::Vec x = rng.vec(6, -1.2, 1.2);
      fd::check_grad("f mode " + std::to_string(mode), fd::at(x), x, x.size(),
          [&](const fd::Vec &z) { return fd::Vec{f(part(z), z[5], mode)}; },
          [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
            return fd::Vec{
                f_jvp(part(z), z[5], mode, part(zd), zd[5], &(*yd)[0])};
          },
          [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
            Particle pb = part(*zb);
            double tb = (*zb)[5];
            double y = f_grad(part(z), z[5], mode, &pb, &tb, yb[0]);
            *zb = {pb.pos.x, pb.pos.y, pb.w[0], pb.w[1], pb.w[2], tb};
            return fd::Vec{y};
          },
          rng);
    }
  return fd::finish();
}
#endif
