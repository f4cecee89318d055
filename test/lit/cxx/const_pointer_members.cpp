// A struct whose members are `const double *` views (ADBench's LSTM
// LayerParams): its shadow holds `const double *` too, pointing at the
// adjoint's memory; the wrapper passes them to the flat gradient through
// const_cast. Against central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

template <typename T> struct Gate {
  const T *w;
  const T *b;
};

template <typename T> struct Cell {
  T *hidden;
  T *cell;
};

// CHECK: const_cast<double *>(p_bar->w)
#pragma adgen jvp grad instantiate(step<double>)
template <typename T>
void step(int n, const Gate<T> &p, Cell<T> &s, const T *x) {
  for (int i = 0; i < n; ++i) {
    T g = 1 / (1 + std::exp(-(x[i] * p.w[i] + p.b[i])));
    s.cell[i] = s.cell[i] * g + (1 - g) * std::tanh(s.hidden[i] * p.w[i]);
    s.hidden[i] = g * std::tanh(s.cell[i]);
  }
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(12);
  const int n = 3;
  // x = (w, b, x) inputs; (hidden, cell) in/out.
  for (int t = 0; t < 10; ++t) {
    Vec z0 = rng.vec(5 * n, -1.2, 1.2);
    fd::check_grad("step", fd::at(z0), z0, 3 * n,
        [&](const Vec &z) {
          Vec h(z.begin() + 3 * n, z.begin() + 4 * n),
              c(z.begin() + 4 * n, z.end());
          Cell<double> s{h.data(), c.data()};
          step(n, Gate<double>{&z[0], &z[n]}, s, &z[2 * n]);
          h.insert(h.end(), c.begin(), c.end());
          return h;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Vec h(z.begin() + 3 * n, z.begin() + 4 * n),
              c(z.begin() + 4 * n, z.end());
          Vec hd(zd.begin() + 3 * n, zd.begin() + 4 * n),
              cd(zd.begin() + 4 * n, zd.end());
          Cell<double> s{h.data(), c.data()}, sd{hd.data(), cd.data()};
          step_jvp(n, Gate<double>{&z[0], &z[n]}, s, &z[2 * n],
                   Gate<double>{&zd[0], &zd[n]}, sd, &zd[2 * n]);
          hd.insert(hd.end(), cd.begin(), cd.end());
          *yd = hd;
          h.insert(h.end(), c.begin(), c.end());
          return h;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec h(z.begin() + 3 * n, z.begin() + 4 * n),
              c(z.begin() + 4 * n, z.end());
          Vec hb(yb.begin(), yb.begin() + n), cb(yb.begin() + n, yb.end());
          Vec wb(zb->begin(), zb->begin() + n),
              bb(zb->begin() + n, zb->begin() + 2 * n),
              xb(zb->begin() + 2 * n, zb->begin() + 3 * n);
          Cell<double> s{h.data(), c.data()}, sb{hb.data(), cb.data()};
          Gate<double> pb{wb.data(), bb.data()};
          step_grad(n, Gate<double>{&z[0], &z[n]}, s, &z[2 * n], &pb, sb,
                    xb.data());
          Vec r = wb;
          r.insert(r.end(), bb.begin(), bb.end());
          r.insert(r.end(), xb.begin(), xb.end());
          r.insert(r.end(), hb.begin(), hb.end());
          r.insert(r.end(), cb.begin(), cb.end());
          *zb = r;
          h.insert(h.end(), c.begin(), c.end());
          return h;
        },
        rng);
  }
  return fd::finish();
}
#endif
