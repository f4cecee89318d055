// Arrays of structs (SPEC §5): a `const P *pts` parameter the body indexes,
// a `P pts[3]` parameter written through, a local `P ps[4]` from a brace
// list, nested structs, member arrays (pts[i].w[j]), `pts + i`, `*pts`,
// `pts->x`, elements passed to `const P &` / `P &` helpers and whole arrays
// to a helper that indexes them, an array element passed to `double &`.
// Each member is one flat array read at [k * stride] from `&pts[0].x`
// (stride = sizeof(P) / sizeof(member)); shadows are arrays of the same
// struct, their integer members untouched. f_grad and f_jvp against
// central differences and the dot-product test, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

struct P {
  double x, y;
  int id;
  double w[2];
};

struct Body {
  double m;
  P at;
};

struct PF {
  float u, v;
};

static double norm2(const P &p) { return p.x * p.x + p.y * p.y; }
static void push(P &p, double k) {
  p.x += k * p.y;
  p.w[1] *= k;
}
static double sumx(const P *q, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += q[i].x * q[i].w[1];
  return s;
}
static void bump(double &r, double k) { r = r * k + 1.0; }

// CHECK-LABEL: double energy_grad(const P *pts, int n, double k, P *pts_bar,
// CHECK: return adgen_flat_energy_grad(&pts->x, &pts->y, &pts->id, pts->w,
// CHECK: &pts_bar->x, &pts_bar->y, pts_bar->w,
#pragma adgen jvp grad
double energy(const P *pts, int n, double k) {
  double e = 0;
  for (int i = 0; i < n; ++i) {
    e += k * norm2(pts[i]) + pts[i].w[0] * pts[i].w[1];
    if (i > 0)
      e += std::sin(pts[i].x - pts[i - 1].y) * (pts + i)->id;
  }
  return e + pts->x * (*pts).y + sumx(pts + 1, n - 1);
}

// CHECK-LABEL: void move_jvp(P *pts, double k, P *pts_dot, double k_dot)
#pragma adgen jvp grad
void move(P pts[3], double k) {
  for (int i = 0; i < 3; ++i)
    push(pts[i], k);
  pts[0].y = pts[1].x * pts[2].w[0];
  bump(pts[2].w[1], k);
  bump(pts[1].y, pts[0].x);
}

#pragma adgen jvp grad
double local(const double *x, int n) {
  P ps[4] = {{x[0], x[1], 3, {1.0, x[0]}}, {x[1], 2.0, 1, {x[1], x[1]}}};
  ps[2] = ps[0];
  ps[3].x = x[n - 1];
  push(ps[3], x[0]);
  double s = 0;
  for (int i = 0; i < 4; ++i)
    s += norm2(ps[i]) * ps[i].w[1] + ps[i].id;
  P q = ps[1];
  return s + q.x * q.w[0] + sumx(ps, 4);
}

#pragma adgen jvp grad
double bodies(const Body *bs, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += bs[i].m * std::exp(-norm2(bs[i].at)) + bs[i].at.w[1];
  return s;
}

// Array elements passed to `double &`: of a parameter and of a local.
static void sq(double a, double &e) { e = e * 0.5 + a * a; }
static void tail(const double *p, double &e) { e += p[0] * p[1]; }

#pragma adgen jvp grad
void elems(const double *a, double *out, int n) {
  double r[2] = {0, a[0]};
  for (int i = 0; i < n; ++i)
    sq(a[i], out[i]);
  for (int i = 0; i + 1 < n; ++i) // a pointer and a reference together
    tail(&a[i], out[i + 1]);
  sq(out[0], r[1]);
  out[n - 1] += r[1] * r[0] + r[1];
}

#pragma adgen jvp grad
float pathf(const PF *q, int n) {
  float s = 0;
  for (int i = 1; i < n; ++i)
    s += std::sqrt((q[i].u - q[i - 1].u) * (q[i].u - q[i - 1].u) +
                   (q[i].v - q[i - 1].v) * (q[i].v - q[i - 1].v) + 0.1f);
  return s;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

// P as 4 numbers (x, y, w0, w1) in z from `at`; id is passive.
static P toP(const Vec &z, std::size_t at, int id) {
  return P{z[at], z[at + 1], id, {z[at + 2], z[at + 3]}};
}
static void fromP(const P &p, Vec &z, std::size_t at) {
  z[at] = p.x, z[at + 1] = p.y, z[at + 2] = p.w[0], z[at + 3] = p.w[1];
}
static std::vector<P> toPs(const Vec &z, int n, int salt) {
  std::vector<P> ps;
  for (int i = 0; i < n; ++i)
    ps.push_back(toP(z, std::size_t(4 * i), (i * 7 + salt) % 5 - 2));
  return ps;
}
static void fromPs(const std::vector<P> &ps, Vec &z) {
  for (std::size_t i = 0; i < ps.size(); ++i)
    fromP(ps[i], z, 4 * i);
}
// Shadows' passive members must stay as they were.
static void checkIds(const char *what, const std::vector<P> &ps, int salt) {
  for (std::size_t i = 0; i < ps.size(); ++i)
    fd::check_equal(std::string(what) + " id untouched", "", ps[i].id,
                    100 + salt + int(i));
}
static std::vector<P> shadow(const Vec &z, int n, int salt) {
  std::vector<P> ps = toPs(z, n, 0);
  for (int i = 0; i < n; ++i)
    ps[std::size_t(i)].id = 100 + salt + i;
  return ps;
}

static void checkEnergy(fd::Rng &rng, int n) {
  std::size_t kk = std::size_t(4 * n);
  Vec x = rng.vec(4 * n + 1, -1.2, 1.2);
  fd::check_grad("energy", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{energy(toPs(z, n, 1).data(), n, z[kk])}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        std::vector<P> pd = shadow(zd, n, 3);
        double v = energy_jvp(toPs(z, n, 1).data(), n, z[kk], pd.data(),
                              zd[kk], &(*yd)[0]);
        checkIds("energy_jvp", pd, 3);
        return Vec{v};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::vector<P> pb = shadow(*zb, n, 4);
        double v = energy_grad(toPs(z, n, 1).data(), n, z[kk], pb.data(),
                               &(*zb)[kk], yb[0]);
        checkIds("energy_grad", pb, 4);
        fromPs(pb, *zb);
        return Vec{v};
      },
      rng);
}

static void checkMove(fd::Rng &rng) {
  Vec x = rng.vec(13, -1.2, 1.2);
  auto pts = [](const Vec &z) { return Vec(z.begin() + 1, z.end()); };
  auto out = [](const std::vector<P> &ps) {
    Vec r(12);
    fromPs(ps, r);
    return r;
  };
  // x = (k, pts as 12 numbers); y = pts after. k's adjoint accumulates,
  // the array's is in/out.
  fd::check_grad("move", fd::at(x), x, 1,
      [&](const Vec &z) {
        std::vector<P> ps = toPs(pts(z), 3, 2);
        move(ps.data(), z[0]);
        return out(ps);
      },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        std::vector<P> ps = toPs(pts(z), 3, 2), pd = shadow(pts(zd), 3, 5);
        move_jvp(ps.data(), z[0], pd.data(), zd[0]);
        checkIds("move_jvp", pd, 5);
        *yd = out(pd);
        return out(ps);
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::vector<P> ps = toPs(pts(z), 3, 2), pb = shadow(yb, 3, 6);
        double kb = (*zb)[0];
        move_grad(ps.data(), z[0], pb.data(), &kb);
        checkIds("move_grad", pb, 6);
        Vec r = out(pb);
        r.insert(r.begin(), kb);
        *zb = r;
        return out(ps);
      },
      rng);
}

static void checkLocal(fd::Rng &rng, int n) {
  Vec x = rng.vec(n, -1.2, 1.2);
  fd::check_grad("local", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{local(z.data(), n)}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        return Vec{local_jvp(z.data(), n, zd.data(), &(*yd)[0])};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        return Vec{local_grad(z.data(), n, zb->data(), yb[0])};
      },
      rng);
}

static void checkBodies(fd::Rng &rng, int n) {
  auto toB = [n](const Vec &z) {
    std::vector<Body> bs;
    for (int i = 0; i < n; ++i)
      bs.push_back(Body{z[std::size_t(5 * i)], toP(z, std::size_t(5 * i + 1), i)});
    return bs;
  };
  Vec x = rng.vec(5 * n, -1.2, 1.2);
  fd::check_grad("bodies", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{bodies(toB(z).data(), n)}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        return Vec{bodies_jvp(toB(z).data(), n, toB(zd).data(), &(*yd)[0])};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::vector<Body> bb = toB(*zb);
        double v = bodies_grad(toB(z).data(), n, bb.data(), yb[0]);
        for (int i = 0; i < n; ++i) {
          (*zb)[std::size_t(5 * i)] = bb[std::size_t(i)].m;
          fromP(bb[std::size_t(i)].at, *zb, std::size_t(5 * i + 1));
        }
        return Vec{v};
      },
      rng);
}

static void checkPathf(fd::Rng &rng, int n) {
  auto toQ = [n](const Vec &z) {
    std::vector<PF> q;
    for (int i = 0; i < n; ++i)
      q.push_back(PF{float(z[std::size_t(2 * i)]), float(z[std::size_t(2 * i + 1)])});
    return q;
  };
  fd::GradTol t;
  t.fd_step = 1e-2, t.fd_rtol = 3e-3, t.fd_atol = 3e-3, t.dot_rtol = 1e-4,
  t.acc_rtol = 1e-5;
  Vec x = rng.vec(2 * n, -1.2, 1.2);
  fd::check_grad("pathf", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{double(pathf(toQ(z).data(), n))}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        float d = 0;
        float v = pathf_jvp(toQ(z).data(), n, toQ(zd).data(), &d);
        (*yd)[0] = d;
        return Vec{double(v)};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::vector<PF> qb = toQ(*zb);
        float v = pathf_grad(toQ(z).data(), n, qb.data(), float(yb[0]));
        for (int i = 0; i < n; ++i) {
          (*zb)[std::size_t(2 * i)] = qb[std::size_t(i)].u;
          (*zb)[std::size_t(2 * i + 1)] = qb[std::size_t(i)].v;
        }
        return Vec{double(v)};
      },
      rng, t);
}

// x = (a..., out...): out is in/out.
static void checkElems(fd::Rng &rng, int n) {
  std::size_t un = std::size_t(n);
  Vec x = rng.vec(2 * n, -1.2, 1.2);
  auto a = [un](const Vec &z) { return Vec(z.begin(), z.begin() + long(un)); };
  auto o = [un](const Vec &z) { return Vec(z.begin() + long(un), z.end()); };
  fd::check_grad("elems", fd::at(x), x, un,
      [&](const Vec &z) {
        Vec out = o(z);
        elems(a(z).data(), out.data(), n);
        return out;
      },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        Vec out = o(z), outd = o(zd);
        elems_jvp(a(z).data(), out.data(), n, a(zd).data(), outd.data());
        *yd = outd;
        return out;
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        Vec out = o(z), ab = a(*zb), outb = yb;
        elems_grad(a(z).data(), out.data(), n, ab.data(), outb.data());
        ab.insert(ab.end(), outb.begin(), outb.end());
        *zb = ab;
        return out;
      },
      rng);
}

int main() {
  fd::Rng rng(57);
  for (int t = 0; t < 10; ++t) {
    int n = rng.integer(1, 5);
    checkEnergy(rng, n);
    checkMove(rng);
    checkLocal(rng, rng.integer(1, 4));
    checkBodies(rng, n);
    checkPathf(rng, rng.integer(2, 5));
    checkElems(rng, n);
  }
  return fd::finish();
}
#endif
