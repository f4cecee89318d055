// Pointer arithmetic and local pointers into parameters (SPEC §5
// Expressions): `&cam[3]` and `cam + 6` passed to callees, a local
// `const double *c = &cam[3]`, `*(c + 1)`, pointers re-pointed in loops
// (`row += m`, `*xp++`, `*out++ = s`), a pointer parameter that moves, two
// disjoint parts of one array passed to a callee that writes one of them,
// pointer comparisons and differences in one array (`p != x + n`,
// `q < end`, `p - x`), and float. Each against central finite differences and the dot-product
// test, both modes.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -Wall -Wextra -Werror -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

// Bundle adjustment's shape: a rotation (angle-axis in cam[0..2]), a
// translation at cam + 3 and intrinsics at cam + 6.
static void rotate(const double *w, const double *X, double *out) {
  double theta = std::sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2] + 1e-12);
  double c = std::cos(theta), s = std::sin(theta) / theta;
  out[0] = c * X[0] + s * (w[1] * X[2] - w[2] * X[1]);
  out[1] = c * X[1] + s * (w[2] * X[0] - w[0] * X[2]);
  out[2] = c * X[2] + s * (w[0] * X[1] - w[1] * X[0]);
}

static void distort(const double *k, const double *p, double *r) {
  double rr = p[0] * p[0] + p[1] * p[1];
  double d = 1 + k[1] * rr + k[2] * rr * rr;
  r[0] = k[0] * d * p[0];
  r[1] = k[0] * d * p[1];
}

#pragma adgen jvp(cam, X) grad(cam, X)
void residual(const double *cam, const double *X, double *r) {
  double P[3];
  rotate(&cam[0], X, P);
  const double *c = &cam[3];
  for (int i = 0; i < 3; ++i)
    P[i] += c[i];
  double p[2] = {P[0] / P[2], P[1] / P[2]};
  distort(cam + 6, p, r);
  r[1] += 0.1 * *(c + 1);
}

// CHECK-LABEL: void residual_grad(const double *cam, const double *X, double *r,
// CHECK: const int [[OFF:v[0-9]+]] = 3 + i;
// CHECK-NEXT: P[i] += cam{{\[}}[[OFF]]{{\]}};
// CHECK: r[1] += 0.1 * cam[4];
// CHECK-LABEL: void residual_jvp(
// CHECK: (cam, X, P, cam_dot, X_dot, P_dot)
// CHECK: (cam + 6, p, r, cam_dot + 6, p_dot, r_dot)

#pragma adgen jvp(A, x) grad(A, x)
void matvec(const double *A, const double *x, double *y, int n, int m) {
  const double *row = A;
  double *out = y;
  for (int i = 0; i < n; ++i) {
    const double *xp = x;
    double s = 0;
    for (int j = 0; j < m; ++j)
      s += std::sin(row[j]) * *xp++;
    *out++ = s;
    double *out_row = y + i;
    *out_row *= 1 + row[0];
    row += m;
  }
}

// CHECK-LABEL: void matvec_grad(
// CHECK: int row_off = 0;
// CHECK: int out_off = 0;
// CHECK: row_off += m;

#pragma adgen jvp(x) grad(x)
double walk(const double *x, int n) {
  double s = 0;
  for (; n > 0; --n) {
    s += *x * *x;
    ++x;
  }
  return s;
}

// CHECK-LABEL: double iterate_grad(
// CHECK: for (; p_off != n; ++p_off) {
#pragma adgen jvp(x) grad(x)
double iterate(const double *x, int n) {
  double s = 0;
  for (const double *p = x; p != x + n; ++p)
    s += *p * *p * static_cast<double>(p - x);
  const double *end = x + n;
  for (const double *q = x + 1; q < end; q += 2)
    s += std::sin(*q) * (end - q);
  return s;
}

static void twice(const double *a, double *out) {
  out[0] = 2 * a[0] * a[1];
  out[1] = 2 * a[1] * a[2];
  out[2] = 2 * a[2] * a[0];
}

#pragma adgen jvp(buf) grad(buf)
double halves(double *buf) {
  twice(buf, buf + 3); // reads buf[0..2], writes buf[3..5]: apart
  return buf[3] + buf[4] * buf[5];
}

// CHECK-LABEL: double halves_jvp(
// CHECK: (buf, buf + 3, buf_dot, buf_dot + 3)

#pragma adgen jvp(w) grad(w)
float wsum(const float *w, int n) {
  const float *p = w + 1;
  float s = 0;
  for (int k = 0; k + 1 < n; ++k)
    s += w[k] * std::sin(*(p + k));
  return s;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
void residual_jvp(const double *cam, const double *X, double *r,
                  const double *cam_dot, const double *X_dot, double *r_dot);
void residual_grad(const double *cam, const double *X, double *r,
                   double *cam_bar, double *X_bar, double *r_bar);
void matvec_jvp(const double *A, const double *x, double *y, int n, int m,
                const double *A_dot, const double *x_dot, double *y_dot);
void matvec_grad(const double *A, const double *x, double *y, int n, int m,
                 double *A_bar, double *x_bar, double *y_bar);
double walk_jvp(const double *x, int n, const double *x_dot, double *walk_dot);
double walk_grad(const double *x, int n, double *x_bar, double walk_bar = 1);
double iterate_jvp(const double *x, int n, const double *x_dot,
                   double *iterate_dot);
double iterate_grad(const double *x, int n, double *x_bar,
                    double iterate_bar = 1);
double halves_jvp(double *buf, double *buf_dot, double *halves_dot);
double halves_grad(double *buf, double *buf_bar, double halves_bar = 1);
float wsum_jvp(const float *w, int n, const float *w_dot, float *wsum_dot);
float wsum_grad(const float *w, int n, float *w_bar, float wsum_bar = 1);

static void check_residual(fd::Rng &rng) {
  fd::Vec a = rng.vec(12, -0.5, 0.5); // cam (9), X (3)
  a[11] += 3;                        // in front of the camera
  a[6] += 1;
  fd::check_grad("residual", fd::at(a), a, 12,
      [](const fd::Vec &z) {
        fd::Vec r(2);
        residual(&z[0], &z[9], r.data());
        return r;
      },
      [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
        fd::Vec r(2);
        residual_jvp(&z[0], &z[9], r.data(), &zd[0], &zd[9], yd->data());
        return r;
      },
      [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
        fd::Vec r(2), rb = yb;
        residual_grad(&z[0], &z[9], r.data(), &(*zb)[0], &(*zb)[9], rb.data());
        return r;
      },
      rng);
}

static void check_matvec(fd::Rng &rng, int n, int m) {
  fd::Vec a = rng.vec(n * m + m, -1, 1); // A, x
  fd::check_grad("matvec", fd::at(a), a, a.size(),
      [=](const fd::Vec &z) {
        fd::Vec y(n);
        matvec(&z[0], &z[n * m], y.data(), n, m);
        return y;
      },
      [=](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
        fd::Vec y(n);
        matvec_jvp(&z[0], &z[n * m], y.data(), n, m, &zd[0], &zd[n * m],
                   yd->data());
        return y;
      },
      [=](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
        fd::Vec y(n), ybar = yb;
        matvec_grad(&z[0], &z[n * m], y.data(), n, m, &(*zb)[0],
                    &(*zb)[n * m], ybar.data());
        return y;
      },
      rng);
}

static void check_walk_halves(fd::Rng &rng) {
  fd::Vec a = rng.vec(5, -1, 1);
  fd::check_grad("walk", fd::at(a), a, 5,
      [](const fd::Vec &z) { return fd::Vec{walk(z.data(), 5)}; },
      [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
        return fd::Vec{walk_jvp(z.data(), 5, zd.data(), &(*yd)[0])};
      },
      [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
        return fd::Vec{walk_grad(z.data(), 5, zb->data(), yb[0])};
      },
      rng);
  fd::check_grad("iterate", fd::at(a), a, 5,
      [](const fd::Vec &z) { return fd::Vec{iterate(z.data(), 5)}; },
      [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
        return fd::Vec{iterate_jvp(z.data(), 5, zd.data(), &(*yd)[0])};
      },
      [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
        return fd::Vec{iterate_grad(z.data(), 5, zb->data(), yb[0])};
      },
      rng);
  // halves writes buf[3..5]: y = (result, buf), x = buf (in/out, not summed).
  fd::Vec b = rng.vec(6, -1, 1);
  fd::check_grad("halves", fd::at(b), b, 0,
      [](const fd::Vec &z) {
        fd::Vec y = z;
        y.insert(y.begin(), halves(y.data()));
        return y;
      },
      [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
        fd::Vec y = z, d = zd;
        double dot = 0;
        y.insert(y.begin(), halves_jvp(y.data(), d.data(), &dot));
        d.insert(d.begin(), dot);
        *yd = d;
        return y;
      },
      [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
        fd::Vec y = z, bar(yb.begin() + 1, yb.end());
        y.insert(y.begin(), halves_grad(y.data(), bar.data(), yb[0]));
        *zb = bar;
        return y;
      },
      rng);
}

static void check_wsum(fd::Rng &rng) {
  fd::GradTol ftol;
  ftol.fd_step = 1e-2;
  ftol.fd_rtol = ftol.fd_atol = 5e-3;
  ftol.dot_rtol = ftol.acc_rtol = 1e-5;
  fd::Vec a = rng.vec(4, -1, 1);
  auto fl = [](const fd::Vec &z) { return std::vector<float>(z.begin(), z.end()); };
  fd::check_grad("wsum", fd::at(a), a, 4,
      [&](const fd::Vec &z) { return fd::Vec{double(wsum(fl(z).data(), 4))}; },
      [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
        float d = 0;
        float v = wsum_jvp(fl(z).data(), 4, fl(zd).data(), &d);
        (*yd)[0] = d;
        return fd::Vec{double(v)};
      },
      [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
        std::vector<float> bar = fl(*zb);
        float v = wsum_grad(fl(z).data(), 4, bar.data(), float(yb[0]));
        *zb = fd::Vec(bar.begin(), bar.end());
        return fd::Vec{double(v)};
      },
      rng, ftol);
}

int main() {
  fd::Rng rng(11);
  for (int t = 0; t < 10; ++t) {
    check_residual(rng);
    check_matvec(rng, 1 + t % 3, 2 + t % 2);
    check_walk_halves(rng);
    check_wsum(rng);
  }
  return fd::finish();
}
#endif
