// std::vector and std::array of structs (SPEC §5), as gradbench's particle
// `accel` writes them: `const std::vector<P> &` iterated by value and by
// reference, `ps[i]`, `ps.at(i)`, `ps.front()`, `ps.back()`, `ps.size()`,
// `ps.data()` passed to a `const P *` helper, the whole vector passed to a
// `const std::vector<P> &` helper, a written `std::vector<P> &`, a
// `std::array<P, 3>`, range-for over a local `P ps[3]`, and struct pointer
// locals (`const P *q = ps.data() + 1;`, `P *l = &loc;`), and struct
// pointers that move through an array (`for (p = ps; p != ps + n; ++p)`). The elements
// are an array of structs from `ps.data()` (each member a strided array,
// `&ps.data()->x`); the shadows are vectors of the same struct, their
// integer members untouched. f_grad and f_jvp against central differences
// and the dot-product test, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <array>
#include <cmath>
#include <vector>

struct P {
  double x, y;
  int tag;
};

struct Q {
  float u;
  float w[2];
};

static double dist(const P &u, const P &v) {
  return std::sqrt((u.x - v.x) * (u.x - v.x) + (u.y - v.y) * (u.y - v.y));
}

static double sumxy(const P *q, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += q[i].x * q[i].y;
  return s;
}

static double tagged(const std::vector<P> &ps) {
  double s = 0;
  for (const P &p : ps)
    s += p.tag * p.x;
  return s;
}

// CHECK-LABEL: double accel_grad(const std::vector<P> &charges, const P &x,
// CHECK-NEXT: std::vector<P> *charges_bar, P *x_bar,
// CHECK: &charges.data()->x, &charges.data()->y, &charges.data()->tag,
// CHECK-NEXT: charges.size(), x.x, x.y, x.tag, &charges_bar->data()->x,
// CHECK-LABEL: double accel_jvp(const std::vector<P> &charges, const P &x,
// CHECK-NEXT: const std::vector<P> &charges_dot, const P &x_dot,
#pragma adgen jvp grad
double accel(const std::vector<P> &charges, const P &x) {
  double a = 0;
  for (auto p : charges)
    a += 1 / dist(p, x);
  return a;
}

#pragma adgen jvp grad
double access(const std::vector<P> &ps, double s) {
  double a = 0;
  for (std::size_t i = 0; i < ps.size(); ++i)
    a += s * ps[i].x * std::sin(ps.at(i).y);
  a += ps.front().x * ps.back().y;
  a += sumxy(ps.data(), static_cast<int>(ps.size())) + tagged(ps);
  return a + sumxy(ps.data() + 1, static_cast<int>(ps.size()) - 1);
}

// CHECK-LABEL: void scale_grad(std::vector<P> &ps, double s, std::vector<P> &ps_bar,
#pragma adgen jvp grad
void scale(std::vector<P> &ps, double s) {
  for (P &p : ps) {
    p.x *= s;
    p.y = std::sin(p.y) * s + p.x;
  }
  ps[0].y += ps.back().x;
}

// CHECK-LABEL: double triple_grad(const std::array<P, 3> &ps,
#pragma adgen jvp grad
double triple(const std::array<P, 3> &ps, double k) {
  double a = 0;
  for (const auto &p : ps)
    a += p.x * p.y;
  P loc[3] = {ps[2], ps[1], ps[0]};
  for (P p : loc)
    a += k * p.x * p.x;
  return a + ps[1].y * loc[0].y;
}

#pragma adgen jvp grad
float spread(const std::vector<Q> &qs) {
  float s = 0;
  for (const Q &q : qs)
    s += q.u * q.w[0] - std::exp(0.5f * q.w[1]);
  return s;
}

// Struct pointer locals that stay put: another name for an element or a
// local struct.
static double area(const P *p) { return p->x * p->y; }

#pragma adgen jvp grad
double pointed(const std::vector<P> &ps, double s) {
  const P *q = ps.data() + 1;
  const P *e = &ps[0];
  P loc{ps[0].x, s, 1};
  P *l = &loc;
  l->y *= ps.back().y;
  (*l).x += q->x;
  return q[0].y * e->x + area(l) + area(q) + (*e).y * loc.x;
}

// Struct pointers that move (C-style iteration): `++p`, `q += 2`, `p++`,
// `last = ps + (n - 1)`, compared (`p != ps + n`, `q < end`) and
// subtracted (`end - ps`); the pointer's element is a cursor variable.
// CHECK-LABEL: adgen_flat_walk_jvp(
// CHECK: for (long p_at = 0; p_at != static_cast<long>(n); ++p_at) {
#pragma adgen jvp grad
double walk(const P *ps, int n, double s) {
  double a = 0;
  for (const P *p = ps; p != ps + n; ++p)
    a += s * p->x * std::sin(p->y) + (*p).tag;
  const P *end = ps + n;
  for (const P *q = ps + 1; q < end; q += 2) {
    const P &r = *q;
    a += area(q) * r.y;
  }
  const P *last = ps;
  last = ps + (n - 1);
  return a + last->x * static_cast<double>(end - ps);
}

#pragma adgen jvp grad
void shift(P *ps, int n, double s) {
  for (P *p = ps; p < ps + n; p++) {
    p->x *= s;
    p->y = p->x + std::cos(p->y);
  }
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

// P as 2 numbers from z at 2i; tag is passive.
static std::vector<P> toPs(const Vec &z, std::size_t from, int n, int salt) {
  std::vector<P> ps;
  for (int i = 0; i < n; ++i)
    ps.push_back(P{z[from + 2 * std::size_t(i)], z[from + 2 * std::size_t(i) + 1],
                   (i * 3 + salt) % 5 - 2});
  return ps;
}
static void fromPs(const std::vector<P> &ps, Vec &z, std::size_t from) {
  for (std::size_t i = 0; i < ps.size(); ++i)
    z[from + 2 * i] = ps[i].x, z[from + 2 * i + 1] = ps[i].y;
}
static void checkTags(const char *what, const std::vector<P> &ps, int salt) {
  for (std::size_t i = 0; i < ps.size(); ++i)
    fd::check_equal(std::string(what) + " tag untouched", "", ps[i].tag,
                    (int(i) * 3 + salt) % 5 - 2);
}

static void checkAccel(fd::Rng &rng, int n) {
  std::size_t k = std::size_t(2 * n);
  Vec x = rng.vec(2 * n + 2, -1.5, 1.5);
  auto at = [&](const Vec &z) { return P{z[k], z[k + 1], 7}; };
  fd::check_grad("accel", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{accel(toPs(z, 0, n, 1), at(z))}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        std::vector<P> cd = toPs(zd, 0, n, 2);
        double v = accel_jvp(toPs(z, 0, n, 1), at(z), cd, at(zd), &(*yd)[0]);
        checkTags("accel_jvp", cd, 2);
        return Vec{v};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::vector<P> cb = toPs(*zb, 0, n, 3);
        P xb = at(*zb);
        double v = accel_grad(toPs(z, 0, n, 1), at(z), &cb, &xb, yb[0]);
        checkTags("accel_grad", cb, 3);
        fd::check_equal("accel_grad x tag untouched", "", xb.tag, 7);
        fromPs(cb, *zb, 0);
        (*zb)[k] = xb.x, (*zb)[k + 1] = xb.y;
        return Vec{v};
      },
      rng);
}

static void checkAccess(fd::Rng &rng, int n) {
  std::size_t k = std::size_t(2 * n);
  Vec x = rng.vec(2 * n + 1, -1.5, 1.5);
  fd::check_grad("access", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{access(toPs(z, 0, n, 1), z[k])}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        return Vec{access_jvp(toPs(z, 0, n, 1), z[k], toPs(zd, 0, n, 1), zd[k],
                              &(*yd)[0])};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::vector<P> pb = toPs(*zb, 0, n, 4);
        double v = access_grad(toPs(z, 0, n, 1), z[k], &pb, &(*zb)[k], yb[0]);
        checkTags("access_grad", pb, 4);
        fromPs(pb, *zb, 0);
        return Vec{v};
      },
      rng);
}

// x = (s, ps...): s accumulates, ps is in/out.
static void checkScale(fd::Rng &rng, int n) {
  Vec x = rng.vec(2 * n + 1, -1.5, 1.5);
  auto out = [n](const std::vector<P> &ps) {
    Vec r(std::size_t(2 * n));
    fromPs(ps, r, 0);
    return r;
  };
  fd::check_grad("scale", fd::at(x), x, 1,
      [&](const Vec &z) {
        std::vector<P> ps = toPs(z, 1, n, 1);
        scale(ps, z[0]);
        return out(ps);
      },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        std::vector<P> ps = toPs(z, 1, n, 1), pd = toPs(zd, 1, n, 2);
        scale_jvp(ps, z[0], pd, zd[0]);
        checkTags("scale_jvp", pd, 2);
        *yd = out(pd);
        return out(ps);
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::vector<P> ps = toPs(z, 1, n, 1), pb = toPs(yb, 0, n, 3);
        double sb = (*zb)[0];
        scale_grad(ps, z[0], pb, &sb);
        checkTags("scale_grad", pb, 3);
        Vec r = out(pb);
        r.insert(r.begin(), sb);
        *zb = r;
        return out(ps);
      },
      rng);
}

static std::array<P, 3> toArr(const Vec &z, int salt) {
  std::vector<P> v = toPs(z, 0, 3, salt);
  return {v[0], v[1], v[2]};
}

static void checkTriple(fd::Rng &rng) {
  Vec x = rng.vec(7, -1.5, 1.5);
  fd::check_grad("triple", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{triple(toArr(z, 0), z[6])}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        return Vec{triple_jvp(toArr(z, 0), z[6], toArr(zd, 0), zd[6], &(*yd)[0])};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::array<P, 3> pb = toArr(*zb, 5);
        double v = triple_grad(toArr(z, 0), z[6], &pb, &(*zb)[6], yb[0]);
        checkTags("triple_grad",
                  std::vector<P>(pb.begin(), pb.end()), 5);
        fromPs(std::vector<P>(pb.begin(), pb.end()), *zb, 0);
        return Vec{v};
      },
      rng);
}

static void checkSpread(fd::Rng &rng, int n) {
  auto toQ = [n](const Vec &z) {
    std::vector<Q> q;
    for (int i = 0; i < n; ++i) {
      std::size_t a = std::size_t(3 * i);
      q.push_back(Q{float(z[a]), {float(z[a + 1]), float(z[a + 2])}});
    }
    return q;
  };
  fd::GradTol t;
  t.fd_step = 1e-2, t.fd_rtol = 3e-3, t.fd_atol = 3e-3, t.dot_rtol = 1e-4,
  t.acc_rtol = 1e-5;
  Vec x = rng.vec(3 * n, -1.2, 1.2);
  fd::check_grad("spread", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{double(spread(toQ(z)))}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        float d = 0;
        float v = spread_jvp(toQ(z), toQ(zd), &d);
        (*yd)[0] = d;
        return Vec{double(v)};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::vector<Q> qb = toQ(*zb);
        float v = spread_grad(toQ(z), &qb, float(yb[0]));
        for (int i = 0; i < n; ++i) {
          std::size_t a = std::size_t(3 * i);
          (*zb)[a] = qb[std::size_t(i)].u;
          (*zb)[a + 1] = qb[std::size_t(i)].w[0];
          (*zb)[a + 2] = qb[std::size_t(i)].w[1];
        }
        return Vec{double(v)};
      },
      rng, t);
}

static void checkPointed(fd::Rng &rng, int n) {
  std::size_t k = std::size_t(2 * n);
  Vec x = rng.vec(2 * n + 1, -1.5, 1.5);
  fd::check_grad("pointed", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{pointed(toPs(z, 0, n, 1), z[k])}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        return Vec{pointed_jvp(toPs(z, 0, n, 1), z[k], toPs(zd, 0, n, 1), zd[k],
                               &(*yd)[0])};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::vector<P> pb = toPs(*zb, 0, n, 4);
        double v = pointed_grad(toPs(z, 0, n, 1), z[k], &pb, &(*zb)[k], yb[0]);
        fromPs(pb, *zb, 0);
        return Vec{v};
      },
      rng);
}

static void checkWalk(fd::Rng &rng, int n) {
  std::size_t k = std::size_t(2 * n);
  Vec x = rng.vec(2 * n + 1, -1.5, 1.5);
  fd::check_grad("walk", fd::at(x), x, x.size(),
      [&](const Vec &z) { return Vec{walk(toPs(z, 0, n, 1).data(), n, z[k])}; },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        return Vec{walk_jvp(toPs(z, 0, n, 1).data(), n, z[k],
                            toPs(zd, 0, n, 1).data(), zd[k], &(*yd)[0])};
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::vector<P> pb = toPs(*zb, 0, n, 4);
        double v = walk_grad(toPs(z, 0, n, 1).data(), n, z[k], pb.data(),
                             &(*zb)[k], yb[0]);
        checkTags("walk_grad", pb, 4);
        fromPs(pb, *zb, 0);
        return Vec{v};
      },
      rng);
}

// x = (s, ps...): s accumulates, ps is in/out.
static void checkShift(fd::Rng &rng, int n) {
  Vec x = rng.vec(2 * n + 1, -1.5, 1.5);
  auto out = [n](const std::vector<P> &ps) {
    Vec r(std::size_t(2 * n));
    fromPs(ps, r, 0);
    return r;
  };
  fd::check_grad("shift", fd::at(x), x, 1,
      [&](const Vec &z) {
        std::vector<P> ps = toPs(z, 1, n, 1);
        shift(ps.data(), n, z[0]);
        return out(ps);
      },
      [&](const Vec &z, const Vec &zd, Vec *yd) {
        std::vector<P> ps = toPs(z, 1, n, 1), pd = toPs(zd, 1, n, 2);
        shift_jvp(ps.data(), n, z[0], pd.data(), zd[0]);
        *yd = out(pd);
        return out(ps);
      },
      [&](const Vec &z, const Vec &yb, Vec *zb) {
        std::vector<P> ps = toPs(z, 1, n, 1), pb = toPs(yb, 0, n, 3);
        double sb = (*zb)[0];
        shift_grad(ps.data(), n, z[0], pb.data(), &sb);
        checkTags("shift_grad", pb, 3);
        Vec r = out(pb);
        r.insert(r.begin(), sb);
        *zb = r;
        return out(ps);
      },
      rng);
}

int main() {
  fd::Rng rng(91);
  for (int t = 0; t < 10; ++t) {
    int n = rng.integer(1, 6);
    checkAccel(rng, n);
    checkAccess(rng, rng.integer(2, 6));
    checkScale(rng, n);
    checkTriple(rng);
    checkSpread(rng, n);
    checkPointed(rng, rng.integer(2, 6));
    checkWalk(rng, rng.integer(1, 6));
    checkShift(rng, rng.integer(1, 6));
  }
  // An empty vector: nothing read, the value is 0.
  P origin{0.5, 0.25, 0}, ob{0, 0, 0};
  std::vector<P> none, noneb;
  fd::check_equal("accel_grad on an empty vector", "", accel_grad(none, origin, &noneb, &ob), 0.0);
  return fd::finish();
}
#endif
