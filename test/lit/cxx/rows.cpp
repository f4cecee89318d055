// Rows (SPEC §5: `T **` for 2-D data, std::vector of std::vector, and
// containers of std::arrays): a `const double *const *rows` parameter, a
// written `double **out`, a template `T **` at float and double,
// std::vector<std::vector<T>> read (m[i][j], m.at(i).at(j), m[i].size(),
// back(), a row reference, a row's data() passed on, a row passed as a
// std::vector, range-for over the rows and over a row) and written (`for
// (auto &row : m) for (double &v : row)`), rows of std::arrays, and a
// local std::vector of std::vectors as scratch. Each access names its
// row: `rows[i][j]`, and the adjoint `rows_bar[i][j]`.
// Against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

static double dot(const double *a, const double *b, int n) {
  double s = 0;
  for (int k = 0; k < n; ++k)
    s += a[k] * b[k];
  return s;
}

// A row passed on is the row's pointer; the inlined callee's accesses
// keep the row.
// CHECK-LABEL: double rowdots_grad(const double *const *rows, const double *x, int n,
// CHECK: double *const *rows_bar, double *x_bar
// CHECK: rows[dot_a_row][dot_k]
// CHECK: rows_bar[{{v[0-9]+}}][{{v[0-9]+}}] +=
// CHECK-LABEL: double rowdots_jvp(
// CHECK: const double *const *rows_dot
// CHECK: adgen_dot_jvp_{{[0-9]+}}(rows[i], x, m, rows_dot[i], x_dot,
#pragma adgen jvp grad
double rowdots(const double *const *rows, const double *x, int n, int m) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    const double *r = rows[i];
    s += std::sin(r[0]) * dot(rows[i], x, m) + *(rows[i] + 1) * r[m - 1];
  }
  return s;
}

#pragma adgen jvp grad
void matvec(double **out, const double *const *A, const double *x, int n) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      out[i][j] = A[i][j] * x[j];
      out[i][j] *= out[i][j] + x[i];
    }
}

#pragma adgen jvp grad instantiate(tsum<float>, tsum<double>)
template <typename T> T tsum(T **rows, int n) {
  T s = 0;
  for (int i = 0; i < n; ++i)
    s += rows[i][0] * std::exp(rows[i][1]);
  return s;
}

static double vsum(const std::vector<double> &v) {
  double t = 0;
  for (double e : v)
    t += e * e;
  return t;
}

// Rows of std::vectors: the flat function takes their data(), and each
// row's size is read where it is used.
// CHECK-LABEL: adgen_flat_vecrows_grad(const std::vector<double> *m,
// CHECK: m[i].size()
// CHECK-LABEL: adgen_flat_vecrows_jvp(
// CHECK: adgen_vsum_jvp_{{[0-9]+}}(m[1].data(), {{v[0-9]+}}, m_dot[1].data(),
#pragma adgen jvp grad
double vecrows(const std::vector<std::vector<double>> &m,
               const std::vector<double> &x) {
  double s = 0;
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < m[i].size(); ++j)
      s += m[i][j] * x[j] + std::sin(m.at(i).at(j));
  for (const auto &row : m) {
    double t = 0;
    for (double v : row)
      t += v * v;
    s += std::sqrt(t) * row.back() +
         dot(row.data(), x.data(), static_cast<int>(row.size()));
  }
  const auto &r0 = m[0];
  return s * r0[0] + static_cast<double>(r0.size()) + vsum(m[1]);
}

// A row's index is lowered once: `m[k++].back()` moves k by one and
// reads the last element of row 0.
#pragma adgen jvp grad
double backs(const std::vector<std::vector<double>> &m) {
  int k = 0;
  double a = m[k++].back();
  double b = m[k++].back();
  return a * b * static_cast<double>(k + 1);
}

#pragma adgen jvp grad
void scale_rows(std::vector<std::vector<double>> &m, double x) {
  for (auto &row : m)
    for (double &v : row)
      v *= x * v;
  m[0][0] += x;
}

// `&rows[1][2]` and std::fill over a row keep their rows, and so does a
// lambda capturing a row pointer.
#pragma adgen jvp grad
double addr(double **rows, int n, double x) {
  const double *p = &rows[1][2];
  std::fill(rows[0], rows[0] + n, x * x);
  auto f = [&](int k) { return p[k] * rows[0][k]; };
  return f(0) + f(1) * std::sin(*p);
}

// Rows passed whole to callees: a std::vector of std::vectors written by
// one and read by another, a T ** read.
using Mat = std::vector<std::vector<double>>;
static double frob(const Mat &m) {
  double s = 0;
  for (const auto &r : m)
    for (double v : r)
      s += v * v;
  return s;
}
static double trace(const double *const *a, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i][i];
  return s;
}
static void scale(Mat &m, double x) {
  for (auto &r : m)
    for (double &v : r)
      v *= x;
}
#pragma adgen jvp grad
double callees(Mat &m, const double *const *a, int n, double x) {
  scale(m, x);
  return std::sqrt(frob(m)) + trace(a, n) * x;
}

// Rows of std::arrays: a std::vector of points and a std::array of
// std::arrays (a small matrix), read, written, and a row passed to a
// callee taking a `const std::array<double, 3> &`.
using P3 = std::array<double, 3>;
static double norm2(const P3 &p) { return p[0] * p[0] + p[1] * p[1] + p[2] * p[2]; }
// CHECK-LABEL: adgen_flat_spread_grad(const std::array<double, 3> *pts,
// CHECK: pts_bar[{{[a-z0-9_]+}}][{{[a-z0-9_]+}}] +=
#pragma adgen jvp grad
double spread(const std::vector<P3> &pts, const P3 &c) {
  double s = 0;
  for (const P3 &p : pts)
    for (int k = 0; k < 3; ++k)
      s += (p[k] - c[k]) * (p[k] - c[k]);
  for (std::size_t i = 0; i < pts.size(); ++i)
    s += std::sin(pts[i][0]) * pts.at(i)[2] + norm2(pts[i]) * pts[i].size();
  return std::sqrt(s);
}
#pragma adgen jvp grad
void mat3x2(std::array<std::array<double, 2>, 3> &m, double x) {
  for (auto &r : m)
    for (double &v : r)
      v = v * x + std::cos(v);
  m[2][1] *= m[0][0];
}

// A local of rows as scratch: `std::vector<std::vector<double>> t(n,
// std::vector<double>(n, x))`, a dynamic-programming table read, written,
// iterated and passed to a callee.
// CHECK-LABEL: double table_grad(
// CHECK: std::vector<std::vector<double>> t(t_size, std::vector<double>(t_row_size));
// CHECK: std::vector<std::vector<double>> t_bar(t_size,
#pragma adgen jvp grad
double table(const double *x, int n) {
  std::vector<std::vector<double>> t(n, std::vector<double>(n, 0.5 * x[0]));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      t[i][j] += (i > 0 ? t[i - 1][j] : 0.0) + x[j] * std::sin(x[i]);
  double s = 0;
  for (const auto &row : t)
    s += row.back() * static_cast<double>(row.size());
  return s + std::sqrt(frob(t)) + static_cast<double>(t.size());
}

// A checkpointed loop that only reads rows.
#pragma adgen grad
double horner_rows(const double *const *A, double x, int n) {
  double h = x;
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < n; ++t)
    h = h * A[t][0] + std::cos(A[t][1] * h);
  return h;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

// Rows of z from `at` on, n of m each, and their pointers.
struct Rows {
  std::vector<Vec> r;
  std::vector<double *> p;
  Rows(const Vec &z, std::size_t at, int n, int m) {
    for (int i = 0; i < n; ++i)
      r.emplace_back(z.begin() + at + i * m, z.begin() + at + (i + 1) * m);
    for (auto &v : r)
      p.push_back(v.data());
  }
  void into(Vec *z, std::size_t at) const {
    for (std::size_t i = 0; i < r.size(); ++i)
      for (std::size_t j = 0; j < r[i].size(); ++j)
        (*z)[at + i * r[i].size() + j] = r[i][j];
  }
};

int main() {
  fd::Rng rng(29);
  const int n = 3, m = 4;
  for (int t = 0; t < 10; ++t) {
    // rowdots: rows (n x m), x (m), all summed.
    Vec z0 = rng.vec(n * m + m, -1.2, 1.2);
    fd::check_grad("rowdots", fd::at(z0), z0, z0.size(),
        [&](const Vec &z) {
          Rows R(z, 0, n, m);
          return Vec{rowdots(R.p.data(), z.data() + n * m, n, m)};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Rows R(z, 0, n, m), D(zd, 0, n, m);
          return Vec{rowdots_jvp(R.p.data(), z.data() + n * m, n, m,
                                 D.p.data(), zd.data() + n * m, &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Rows R(z, 0, n, m), B(*zb, 0, n, m);
          double r = rowdots_grad(R.p.data(), z.data() + n * m, n, m,
                                  B.p.data(), zb->data() + n * m, yb[0]);
          B.into(zb, 0);
          return Vec{r};
        },
        rng);
    // matvec: A (n x n) and x (n) summed, then out (n x n, in/out).
    Vec w0 = rng.vec(2 * n * n + n, -1.2, 1.2);
    const std::size_t o = n * n + n;
    fd::check_grad("matvec", fd::at(w0), w0, o,
        [&](const Vec &z) {
          Rows A(z, 0, n, n), O(z, o, n, n);
          matvec(O.p.data(), A.p.data(), z.data() + n * n, n);
          Vec y(n * n);
          O.into(&y, 0);
          return y;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Rows A(z, 0, n, n), O(z, o, n, n), Ad(zd, 0, n, n), Od(zd, o, n, n);
          matvec_jvp(O.p.data(), A.p.data(), z.data() + n * n, n, Od.p.data(),
                     Ad.p.data(), zd.data() + n * n);
          Od.into(yd, 0);
          Vec y(n * n);
          O.into(&y, 0);
          return y;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Rows A(z, 0, n, n), O(z, o, n, n), Ab(*zb, 0, n, n), Ob(yb, 0, n, n);
          matvec_grad(O.p.data(), A.p.data(), z.data() + n * n, n, Ob.p.data(),
                      Ab.p.data(), zb->data() + n * n);
          Ab.into(zb, 0);
          Ob.into(zb, o);
          Vec y(n * n);
          O.into(&y, 0);
          return y;
        },
        rng);
    // tsum<double> against differences; tsum<float> against it.
    Vec s0 = rng.vec(2 * n, -1.0, 1.0);
    fd::check_grad("tsum<double>", fd::at(s0), s0, s0.size(),
        [&](const Vec &z) {
          Rows R(z, 0, n, 2);
          return Vec{tsum(R.p.data(), n)};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Rows R(z, 0, n, 2), D(zd, 0, n, 2);
          return Vec{tsum_jvp(R.p.data(), n, D.p.data(), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Rows R(z, 0, n, 2), B(*zb, 0, n, 2);
          double r = tsum_grad(R.p.data(), n, B.p.data(), yb[0]);
          B.into(zb, 0);
          return Vec{r};
        },
        rng);
    {
      std::vector<std::vector<float>> rf(n), bf(n, std::vector<float>(2, 0.f));
      std::vector<float *> pf, pb;
      for (int i = 0; i < n; ++i) {
        rf[i] = {float(s0[2 * i]), float(s0[2 * i + 1])};
        pf.push_back(rf[i].data());
        pb.push_back(bf[i].data());
      }
      Rows R(s0, 0, n, 2), B(Vec(2 * n, 0.0), 0, n, 2);
      double yd = tsum_grad(R.p.data(), n, B.p.data(), 1.0);
      float yf = tsum_grad(pf.data(), n, pb.data(), 1.0f);
      fd::check_close("tsum<float> value", fd::at(s0), yf, yd, 1e-4, 1e-5);
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < 2; ++j)
          fd::check_close("tsum<float> rows_bar", fd::at(s0), bf[i][j],
                          B.r[i][j], 1e-3, 1e-4);
    }
    // vecrows: rows of m (n x m), x (m), all summed.
    auto rowsOf = [&](const Vec &z) {
      Rows R(z, 0, n, m);
      return R.r;
    };
    fd::check_grad("vecrows", fd::at(z0), z0, z0.size(),
        [&](const Vec &z) {
          return Vec{vecrows(rowsOf(z), Vec(z.begin() + n * m, z.end()))};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{vecrows_jvp(rowsOf(z), Vec(z.begin() + n * m, z.end()),
                                 rowsOf(zd), Vec(zd.begin() + n * m, zd.end()),
                                 &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          std::vector<Vec> mb = rowsOf(*zb);
          Vec xb(zb->begin() + n * m, zb->end());
          double r = vecrows_grad(rowsOf(z), Vec(z.begin() + n * m, z.end()),
                                  &mb, &xb, yb[0]);
          Rows B(*zb, 0, n, m);
          B.r = mb;
          B.into(zb, 0);
          for (int j = 0; j < m; ++j)
            (*zb)[n * m + j] = xb[j];
          return Vec{r};
        },
        rng);
    fd::check_grad("backs", fd::at(z0), Vec(z0.begin(), z0.begin() + n * m),
        n * m,
        [&](const Vec &z) { return Vec{backs(rowsOf(z))}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{backs_jvp(rowsOf(z), rowsOf(zd), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          std::vector<Vec> mb = rowsOf(*zb);
          double r = backs_grad(rowsOf(z), &mb, yb[0]);
          Rows B(*zb, 0, n, m);
          B.r = mb;
          B.into(zb, 0);
          return Vec{r};
        },
        rng);
    // scale_rows: x (summed), then m (n x m, in/out).
    Vec q0 = rng.vec(1 + n * m, -1.2, 1.2);
    auto mOf = [&](const Vec &z) {
      Rows R(z, 1, n, m);
      return R.r;
    };
    auto flat = [&](const std::vector<Vec> &rows, Vec *z, std::size_t at) {
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j)
          (*z)[at + i * m + j] = rows[i][j];
    };
    fd::check_grad("scale_rows", fd::at(q0), q0, 1,
        [&](const Vec &z) {
          std::vector<Vec> mm = mOf(z);
          scale_rows(mm, z[0]);
          Vec y(n * m);
          flat(mm, &y, 0);
          return y;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          std::vector<Vec> mm = mOf(z), md = mOf(zd);
          scale_rows_jvp(mm, z[0], md, zd[0]);
          flat(md, yd, 0);
          Vec y(n * m);
          flat(mm, &y, 0);
          return y;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          std::vector<Vec> mm = mOf(z), mb(n, Vec(m));
          for (int i = 0; i < n; ++i)
            for (int j = 0; j < m; ++j)
              mb[i][j] = yb[i * m + j];
          double xb = (*zb)[0];
          scale_rows_grad(mm, z[0], mb, &xb);
          (*zb)[0] = xb;
          flat(mb, zb, 1);
          Vec y(n * m);
          flat(mm, &y, 0);
          return y;
        },
        rng);
    // addr: x (summed), then rows (2 x 4, in/out: row 0 is overwritten).
    Vec a0 = rng.vec(9, -1.2, 1.2);
    fd::check_grad("addr", fd::at(a0), a0, 1,
        [&](const Vec &z) {
          Rows R(z, 1, 2, 4);
          double y = addr(R.p.data(), 4, z[0]);
          Vec out(9);
          out[0] = y;
          R.into(&out, 1);
          return out;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Rows R(z, 1, 2, 4), D(zd, 1, 2, 4);
          double y = addr_jvp(R.p.data(), 4, z[0], D.p.data(), zd[0], &(*yd)[0]);
          D.into(yd, 1);
          Vec out(9);
          out[0] = y;
          R.into(&out, 1);
          return out;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Rows R(z, 1, 2, 4), B(yb, 1, 2, 4);
          double xb = (*zb)[0];
          double y = addr_grad(R.p.data(), 4, z[0], B.p.data(), &xb, yb[0]);
          (*zb)[0] = xb;
          B.into(zb, 1);
          Vec out(9);
          out[0] = y;
          R.into(&out, 1);
          return out;
        },
        rng);
    // callees: a (n x n) and x summed, then m (2 x 3, in/out).
    Vec c0 = rng.vec(n * n + 1 + 6, -1.2, 1.2);
    const std::size_t cm = n * n + 1;
    auto mat = [&](const Vec &z) {
      Rows R(z, cm, 2, 3);
      return R.r;
    };
    auto put = [&](const Mat &mm, Vec *z, std::size_t at) {
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 3; ++j)
          (*z)[at + std::size_t(i * 3 + j)] = mm[std::size_t(i)][std::size_t(j)];
    };
    fd::check_grad("callees", fd::at(c0), c0, cm,
        [&](const Vec &z) {
          Rows A(z, 0, n, n);
          Mat mm = mat(z);
          double y = callees(mm, A.p.data(), n, z[n * n]);
          Vec out(7);
          out[0] = y;
          put(mm, &out, 1);
          return out;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Rows A(z, 0, n, n), Ad(zd, 0, n, n);
          Mat mm = mat(z), md = mat(zd);
          double y = callees_jvp(mm, A.p.data(), n, z[n * n], md, Ad.p.data(),
                                 zd[n * n], &(*yd)[0]);
          put(md, yd, 1);
          Vec out(7);
          out[0] = y;
          put(mm, &out, 1);
          return out;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Rows A(z, 0, n, n), Ab(*zb, 0, n, n);
          Mat mm = mat(z), mb(2, Vec(3));
          for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 3; ++j)
              mb[std::size_t(i)][std::size_t(j)] = yb[std::size_t(1 + i * 3 + j)];
          double xb = (*zb)[n * n];
          double y = callees_grad(mm, A.p.data(), n, z[n * n], mb, Ab.p.data(),
                                  &xb, yb[0]);
          Ab.into(zb, 0);
          (*zb)[n * n] = xb;
          put(mb, zb, cm);
          Vec out(7);
          out[0] = y;
          put(mm, &out, 1);
          return out;
        },
        rng);
    // spread: pts (n x 3) and c (3), summed.
    Vec p0 = rng.vec(3 * n + 3, -1.2, 1.2);
    auto ptsOf = [&](const Vec &z) {
      std::vector<P3> v(n);
      for (int i = 0; i < n; ++i)
        for (int k = 0; k < 3; ++k)
          v[std::size_t(i)][std::size_t(k)] = z[std::size_t(3 * i + k)];
      return v;
    };
    auto cOf = [&](const Vec &z) {
      std::size_t o = std::size_t(3 * n);
      return P3{z[o], z[o + 1], z[o + 2]};
    };
    fd::check_grad("spread", fd::at(p0), p0, p0.size(),
        [&](const Vec &z) { return Vec{spread(ptsOf(z), cOf(z))}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{spread_jvp(ptsOf(z), cOf(z), ptsOf(zd), cOf(zd), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          std::vector<P3> pb = ptsOf(*zb);
          P3 cb = cOf(*zb);
          double y = spread_grad(ptsOf(z), cOf(z), &pb, &cb, yb[0]);
          for (int i = 0; i < n; ++i)
            for (int k = 0; k < 3; ++k)
              (*zb)[std::size_t(3 * i + k)] = pb[std::size_t(i)][std::size_t(k)];
          for (int k = 0; k < 3; ++k)
            (*zb)[std::size_t(3 * n + k)] = cb[std::size_t(k)];
          return Vec{y};
        },
        rng);
    // mat3x2: x (summed), then m (3 x 2, in/out).
    Vec q3 = rng.vec(7, -1.2, 1.2);
    using M32 = std::array<std::array<double, 2>, 3>;
    auto m32 = [&](const Vec &z, std::size_t at) {
      M32 r;
      for (std::size_t k = 0; k < 6; ++k)
        r[k / 2][k % 2] = z[at + k];
      return r;
    };
    auto put32 = [&](const M32 &r, Vec *z, std::size_t at) {
      for (std::size_t k = 0; k < 6; ++k)
        (*z)[at + k] = r[k / 2][k % 2];
    };
    fd::check_grad("mat3x2", fd::at(q3), q3, 1,
        [&](const Vec &z) {
          M32 r = m32(z, 1);
          mat3x2(r, z[0]);
          Vec y(6);
          put32(r, &y, 0);
          return y;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          M32 r = m32(z, 1), rd = m32(zd, 1);
          mat3x2_jvp(r, z[0], rd, zd[0]);
          put32(rd, yd, 0);
          Vec y(6);
          put32(r, &y, 0);
          return y;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          M32 r = m32(z, 1), rb = m32(yb, 0);
          double xb = (*zb)[0];
          mat3x2_grad(r, z[0], rb, &xb);
          (*zb)[0] = xb;
          put32(rb, zb, 1);
          Vec y(6);
          put32(r, &y, 0);
          return y;
        },
        rng);
    // table: x (n), summed.
    Vec t0 = rng.vec(n, -1.2, 1.2);
    fd::check_grad("table", fd::at(t0), t0, t0.size(),
        [&](const Vec &z) { return Vec{table(z.data(), n)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{table_jvp(z.data(), n, zd.data(), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{table_grad(z.data(), n, zb->data(), yb[0])};
        },
        rng);
    // horner_rows: x (summed), then A (5 x 2, summed).
    Vec h0 = rng.vec(11, -0.9, 0.9);
    fd::check_grad("horner_rows", fd::at(h0), h0, h0.size(),
        [&](const Vec &z) {
          Rows A(z, 1, 5, 2);
          return Vec{horner_rows(A.p.data(), z[0], 5)};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          // No jvp: the directional derivative by central differences.
          Rows A(z, 1, 5, 2);
          (*yd)[0] = fd::directional([&](double s) {
            Vec w = fd::axpy(z, s, zd);
            Rows W(w, 1, 5, 2);
            return horner_rows(W.p.data(), w[0], 5);
          });
          return Vec{horner_rows(A.p.data(), z[0], 5)};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Rows A(z, 1, 5, 2), B(*zb, 1, 5, 2);
          double xb = (*zb)[0];
          double r = horner_rows_grad(A.p.data(), z[0], 5, B.p.data(), &xb,
                                      yb[0]);
          (*zb)[0] = xb;
          B.into(zb, 1);
          return Vec{r};
        },
        rng, [] { fd::GradTol g; g.dot_rtol = 1e-6; return g; }());
  }
  return fd::finish();
}
#endif
