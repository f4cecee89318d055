// Pointer members that are read (SPEC §5: structs whose members are
// pointers): a class whose constructor points `p(&x)` at its own member
// (Clad's NonDifferentiable `x_pointer`), `StructWithPtr{&x}` on a
// parameter (Clad's Pointers test), views `View{&w[k * n], n}` into a
// parameter array that are copied and passed to callees, a constructor
// taking the pointer as a parameter, and a sink written through its pointer
// member, and one set from a call returning its argument. A local struct's pointer member is where it points, fixed from
// its initialisation on; a copy points where the original does (so a
// self-pointing struct's copy reads the original's member, as in C++).
// Against central differences and the dot-product test, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

class Pair {
public:
  Pair(double a, double b) : x(a), y(b), x_pointer(&x), y_pointer(&y) {}
  double x;
  double y;
  double *x_pointer;
  double *y_pointer;
  double product() const { return *x_pointer * *y_pointer; }
};

// The member reads go to the object's own cells.
// CHECK-LABEL: double self_pointing_grad(
// CHECK-NOT: x_pointer
// CHECK: return
#pragma adgen jvp grad
double self_pointing(double i, double j) {
  Pair obj(i, 3);
  double before = (*obj.x_pointer) * (*obj.y_pointer) + i * j;
  obj.x = std::sin(j) * i; // *x_pointer sees the new value
  Pair copy = obj;         // points at obj's members, not its own
  obj.y = j * j;
  return before + obj.product() * copy.y_pointer[0] + *copy.x_pointer;
}

struct StructWithPtr {
  double *ptr;
};

#pragma adgen jvp grad
double parameter_pointer(double x) {
  StructWithPtr s{&x};
  return s.ptr[0] * 3.0 + std::exp(*s.ptr);
}

struct Tracked {
  double v;
  double *q;
};
static double *touch(double *p) { return p; }

#pragma adgen jvp grad
double through_call(double x) {
  Tracked t{x * x, touch(&x)}; // where a call's result points
  *t.q *= t.v;
  return t.v * *t.q + x;
}

template <typename T> struct View {
  const T *w;
  int n;
};

template <typename T> static T dotv(const View<T> &v, const T *x) {
  T s = 0;
  for (int i = 0; i < v.n; ++i)
    s += v.w[i] * x[i];
  return s;
}

#pragma adgen jvp grad instantiate(views<double>, views<float>)
template <typename T> T views(const T *params, const T *x, int n, int k) {
  View<T> a{params, n};
  View<T> b{&params[k * n], n}; // a computed position
  View<T> c = b;
  return dotv(a, x) * c.w[1] + b.w[0] * std::sin(*a.w) + dotv(c, params);
}

class Row {
public:
  Row(const double *data, int width) : data(data), width(width) {}
  double sum() const {
    double s = 0;
    for (int j = 0; j < width; ++j)
      s += data[j] * data[j];
    return s;
  }

private:
  const double *data;
  int width;
};

#pragma adgen jvp grad
double rows(const double *m, int r, int c) {
  double total = 0;
  for (int i = 0; i < r; ++i) {
    Row row(m + i * c, c);
    total += std::sqrt(row.sum()) * m[i];
  }
  return total;
}

struct Sink {
  double *out;
  double scale;
};

#pragma adgen jvp grad
void accumulate(const double *x, int n, double *out) {
  Sink s{out + 1, 2.0};
  for (int i = 0; i < n; ++i)
    s.out[0] += s.scale * x[i] * x[i];
  *s.out *= x[0];
  out[0] = std::cos(*s.out);
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(47);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(2, -1.5, 1.5);
    fd::check_grad("self_pointing", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{self_pointing(z[0], z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{self_pointing_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{self_pointing_grad(z[0], z[1], &(*zb)[0], &(*zb)[1],
                                        yb[0])};
        },
        rng);
    Vec y{x[0]};
    fd::check_grad("parameter_pointer", fd::at(y), y, y.size(),
        [&](const Vec &z) { return Vec{parameter_pointer(z[0])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{parameter_pointer_jvp(z[0], zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{parameter_pointer_grad(z[0], &(*zb)[0], yb[0])};
        },
        rng);
    fd::check_grad("through_call", fd::at(y), y, y.size(),
        [&](const Vec &z) { return Vec{through_call(z[0])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{through_call_jvp(z[0], zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{through_call_grad(z[0], &(*zb)[0], yb[0])};
        },
        rng);
    // views: params (3n) then x (n).
    const int n = 3, k = 1 + t % 2;
    Vec v = rng.vec(4 * n, -1, 1);
    auto split = [&](const Vec &z, int part) {
      return Vec(z.begin() + (part ? 3 * n : 0),
                 z.begin() + (part ? 4 * n : 3 * n));
    };
    fd::check_grad("views<double>", fd::at(v), v, v.size(),
        [&](const Vec &z) {
          Vec p = split(z, 0), q = split(z, 1);
          return Vec{views(p.data(), q.data(), n, k)};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Vec p = split(z, 0), q = split(z, 1);
          Vec pd = split(zd, 0), qd = split(zd, 1);
          return Vec{views_jvp(p.data(), q.data(), n, k, pd.data(), qd.data(),
                               &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec p = split(z, 0), q = split(z, 1);
          Vec pb(3 * n, 0.0), qb(n, 0.0);
          for (int i = 0; i < 3 * n; ++i) pb[i] = (*zb)[i];
          for (int i = 0; i < n; ++i) qb[i] = (*zb)[3 * n + i];
          double r = views_grad(p.data(), q.data(), n, k, pb.data(),
                                qb.data(), yb[0]);
          for (int i = 0; i < 3 * n; ++i) (*zb)[i] = pb[i];
          for (int i = 0; i < n; ++i) (*zb)[3 * n + i] = qb[i];
          return Vec{r};
        },
        rng);
    // The float instantiation against the double one.
    std::vector<float> pf(3 * n), qf(n), pfb(3 * n, 0.f), qfb(n, 0.f);
    Vec pdb(3 * n, 0.0), qdb(n, 0.0);
    Vec p = split(v, 0), q = split(v, 1);
    for (int i = 0; i < 3 * n; ++i) pf[i] = float(p[i]);
    for (int i = 0; i < n; ++i) qf[i] = float(q[i]);
    float yf = views_grad(pf.data(), qf.data(), n, k, pfb.data(), qfb.data(),
                          1.0f);
    views_grad(p.data(), q.data(), n, k, pdb.data(), qdb.data(), 1.0);
    fd::check_close("views<float> value", fd::at(v), yf,
                    views(p.data(), q.data(), n, k), 1e-4, 1e-5);
    for (int i = 0; i < 3 * n; ++i)
      fd::check_close("views<float> grad", fd::at(v), pfb[i], pdb[i], 1e-4,
                      1e-5);
    // rows: a 3 x 4 matrix.
    Vec m = rng.vec(12, 0.2, 1.5);
    fd::check_grad("rows", fd::at(m), m, m.size(),
        [&](const Vec &z) { return Vec{rows(z.data(), 3, 4)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{rows_jvp(z.data(), 3, 4, zd.data(), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{rows_grad(z.data(), 3, 4, zb->data(), yb[0])};
        },
        rng);
    // accumulate: x (4) in, out (2) in/out; F(x, out0) = out after.
    Vec xo = rng.vec(6, -1, 1);
    fd::check_grad("accumulate", fd::at(xo), xo, 4,
        [&](const Vec &z) {
          Vec out{z[4], z[5]};
          accumulate(z.data(), 4, out.data());
          return out;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Vec out{z[4], z[5]}, outd{zd[4], zd[5]};
          accumulate_jvp(z.data(), 4, out.data(), zd.data(), outd.data());
          *yd = outd;
          return out;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec out{z[4], z[5]}, outb = yb;
          accumulate_grad(z.data(), 4, out.data(), zb->data(), outb.data());
          (*zb)[4] = outb[0];
          (*zb)[5] = outb[1];
          return out;
        },
        rng);
  }
  return fd::finish();
}
#endif
