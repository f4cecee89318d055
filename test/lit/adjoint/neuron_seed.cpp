// The seed's neuron (examples/neuron/neuron.cpp): x = (2, -1, 1), y = 1,
// w = (0.3, 0.2, 0.1): L = 0.1447 and dL/dw = (-0.8460, 0.4230, -0.4230) to
// 4 decimals, value and whole gradient from ONE reverse sweep.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=OUT
#include <cmath>

#pragma adgen jvp(w)
#pragma adgen grad(w)
double neuron_loss(const double* x, const double* w, double y) {
  double z = 0.0;
  for (int i = 0; i < 3; ++i)
    z += w[i] * x[i];
  double h = std::tanh(z);
  double L = 0.5 * (h - y) * (h - y);
  return L;
}

// CHECK-LABEL: ADGEN_HD double neuron_loss_grad(const double *x, const double *w, double y,
// CHECK-NEXT: double *w_bar, double neuron_loss_bar = 1.0) {
// CHECK-NOT: x_bar
// CHECK-NOT: y_bar
// CHECK: std::tanh(z)
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: w_bar[{{.+}}] += {{.+}} * z_bar;
// CHECK: return L;

// OUT: L = 0.1447
// OUT-NEXT: dL/dw = (-0.8460, 0.4230, -0.4230)
// OUT: 0 failures

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double neuron_loss_jvp(const double *x, const double *w, double y,
                       const double *w_dot, double *neuron_loss_dot);
double neuron_loss_grad(const double *x, const double *w, double y,
                        double *w_bar, double neuron_loss_bar = 1.0);
static std::string dec4(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}
static void check_dec4(const std::string &name, double got, const char *want) {
  ++fd::checks();
  if (dec4(got) != want) {
    ++fd::failures();
    std::printf("FAIL %s: got %s (%.17g), want %s\n", name.c_str(),
                dec4(got).c_str(), got, want);
  }
}
int main() {
  const double x[3] = {2, -1, 1}, w[3] = {0.3, 0.2, 0.1}, y = 1;
  double w_bar[3] = {0, 0, 0};
  double L = neuron_loss_grad(x, w, y, w_bar);  // the one reverse sweep
  std::printf("L = %s\n", dec4(L).c_str());
  std::printf("dL/dw = (%s, %s, %s)\n", dec4(w_bar[0]).c_str(),
              dec4(w_bar[1]).c_str(), dec4(w_bar[2]).c_str());
  check_dec4("L", L, "0.1447");
  check_dec4("dL/dw0", w_bar[0], "-0.8460");
  check_dec4("dL/dw1", w_bar[1], "0.4230");
  check_dec4("dL/dw2", w_bar[2], "-0.4230");
  // The closed form: dL/dw = (h - y)(1 - h^2) x, z = w.x = 0.5.
  double h = std::tanh(0.5);
  fd::check_equal("L exact", "seed", L, neuron_loss(x, w, y));
  for (int i = 0; i < 3; ++i)
    fd::check_close("dL/dw closed form", "seed", w_bar[i],
                    (h - y) * (1 - h * h) * x[i], 1e-14, 1e-15);
  // And every generic check around the seed point.
  fd::Rng rng(40);
  fd::check_grad("neuron", "seed", {0.3, 0.2, 0.1}, 3,
      [&](const fd::Vec &v) { return fd::Vec{neuron_loss(x, v.data(), y)}; },
      [&](const fd::Vec &v, const fd::Vec &vd, fd::Vec *yd) {
        return fd::Vec{neuron_loss_jvp(x, v.data(), y, vd.data(), &(*yd)[0])};
      },
      [&](const fd::Vec &v, const fd::Vec &yb, fd::Vec *vb) {
        return fd::Vec{neuron_loss_grad(x, v.data(), y, vb->data(), yb[0])};
      },
      rng);
  return fd::finish();
}
#endif
