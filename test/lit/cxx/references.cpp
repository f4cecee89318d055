// Reference parameters (SPEC §5): `double &` written (in/out shadow
// `double &out_bar`), `const double &` read (like a value: `double *c_bar`),
// and a struct passed by reference and written, with a local struct
// initialised from a brace list and a struct copy assigned.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -Wall -Wextra -Werror -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

struct State {
  double q[2];
  double v;
  int steps;
};

#pragma adgen jvp grad
void scale(double x, double &out, const double &c) { out = out * x * c + std::sin(c); }

#pragma adgen jvp grad
void step(State &s, double dt) {
  State old = s;
  State kick{{0.5 * dt, dt * dt}, std::cos(s.q[0]), 0};
  s.v = old.v - dt * std::sin(old.q[0]) * kick.v;
  for (int i = 0; i < 2; ++i)
    s.q[i] = old.q[i] + kick.q[i] * s.v;
  s.steps += 1;
}

// CHECK-LABEL: ADGEN_HD void scale_grad(double x, double &out, const double &c,
// CHECK-SAME: double *x_bar,
// CHECK-NEXT: double &out_bar, double *c_bar) {
// CHECK-NEXT: adgen_flat_scale_grad(x, &out, c, x_bar, &out_bar, c_bar);
// CHECK-LABEL: ADGEN_HD void scale_jvp(double x, double &out, const double &c,
// CHECK-SAME: double x_dot,
// CHECK-NEXT: double &out_dot, double c_dot) {
// CHECK-LABEL: ADGEN_HD void step_grad(State &s, double dt, State &s_bar, double *dt_bar) {
// CHECK-NEXT: adgen_flat_step_grad(s.q, &s.v, &s.steps, dt, s_bar.q, &s_bar.v, dt_bar);
// CHECK-LABEL: ADGEN_HD void step_jvp(State &s, double dt, State &s_dot, double dt_dot) {

#ifdef ADGEN_DRIVER
#include "fd_check.h"
void scale_jvp(double x, double &out, const double &c, double x_dot,
               double &out_dot, double c_dot);
void scale_grad(double x, double &out, const double &c, double *x_bar,
                double &out_bar, double *c_bar);
void step_jvp(State &s, double dt, State &s_dot, double dt_dot);
void step_grad(State &s, double dt, State &s_bar, double *dt_bar);

int main() {
  fd::Rng rng(5);
  for (int t = 0; t < 20; ++t) {
    // x = (x, c, out): out is in/out, last (not summed).
    fd::Vec a = rng.vec(3, -1.5, 1.5);
    fd::check_grad("scale", fd::at(a), a, 2,
        [](const fd::Vec &z) { double o = z[2]; scale(z[0], o, z[1]); return fd::Vec{o}; },
        [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          double o = z[2], od = zd[2];
          scale_jvp(z[0], o, z[1], zd[0], od, zd[1]);
          (*yd)[0] = od;
          return fd::Vec{o};
        },
        [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          double o = z[2], ob = yb[0];
          scale_grad(z[0], o, z[1], &(*zb)[0], ob, &(*zb)[1]);
          (*zb)[2] = ob;
          return fd::Vec{o};
        },
        rng);
    // x = (dt, q0, q1, v); the state is in/out.
    fd::Vec b = rng.vec(4, -1.5, 1.5);
    auto st = [](const fd::Vec &z) { return State{{z[1], z[2]}, z[3], 3}; };
    auto out = [](const State &s) { return fd::Vec{s.q[0], s.q[1], s.v}; };
    fd::check_grad("step", fd::at(b), b, 1,
        [&](const fd::Vec &z) { State s = st(z); step(s, z[0]); return out(s); },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          State s = st(z), sd = st(zd);
          step_jvp(s, z[0], sd, zd[0]);
          if (s.steps != 4)
            ++fd::failures();
          *yd = out(sd);
          return out(s);
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          State s = st(z), sb{{yb[0], yb[1]}, yb[2], 0};
          double dtb = (*zb)[0];
          step_grad(s, z[0], sb, &dtb);
          *zb = {dtb, sb.q[0], sb.q[1], sb.v};
          return out(s);
        },
        rng);
  }
  return fd::finish();
}
#endif
