// Control flow inside checkpointed loops: if/else with continue, break on
// data, an early return from inside the loop (the loop also carries a local
// array), and a while loop with both continue and break; each under every 2,
// every 3, auto, binomial 2, recompute and budget 48 (bytes), and with no
// directive (taped: the reference). Trip counts 0, 1, 2, 5, 13, 40 (loops of
// 0 and 1 iterations, loops left early, loops run to the end). The driver
// checks every gradient against the taped one (to 1e-12) and against central
// finite differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -DADGEN_STATS -c %t.cpp -o %t.o
// RUN: %cxx -DADGEN_STATS -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

// CHECK-LABEL: double ifc_e2_grad(
// CHECK: while ([[R:reverse[0-9_]*]].next()) {
// CHECK: [[R]].finish();
// CHECK-LABEL: double brk_b2_grad(
// CHECK: while ([[R:reverse[0-9_]*]].next()) {
// CHECK-LABEL: double ret_rec_grad(
// CHECK: while ([[R:reverse[0-9_]*]].next()) {
// CHECK-LABEL: double wbc_auto_grad(
// CHECK: while ([[R:reverse[0-9_]*]].next()) {

#pragma adgen grad
double ifc_ref(const double *W, double x, int n) {
  double s = x, q = 0.0;
  for (int t = 0; t < n; ++t) {
    if (t % 3 == 1) {
      q += 0.1 * s;
      continue;
    }
    if (s > 0.2)
      s = std::sin(W[0] * s + q);
    else
      s = std::cos(W[1] * s) - 0.5;
    q = 0.9 * q + 0.05 * s * W[2];
  }
  return s + q;
}

#pragma adgen grad
double ifc_e2(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < n; ++t) {
    if (t % 3 == 1) {
      q += 0.1 * s;
      continue;
    }
    if (s > 0.2)
      s = std::sin(W[0] * s + q);
    else
      s = std::cos(W[1] * s) - 0.5;
    q = 0.9 * q + 0.05 * s * W[2];
  }
  return s + q;
}

#pragma adgen grad
double ifc_e3(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(every 3)
  for (int t = 0; t < n; ++t) {
    if (t % 3 == 1) {
      q += 0.1 * s;
      continue;
    }
    if (s > 0.2)
      s = std::sin(W[0] * s + q);
    else
      s = std::cos(W[1] * s) - 0.5;
    q = 0.9 * q + 0.05 * s * W[2];
  }
  return s + q;
}

#pragma adgen grad
double ifc_auto(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(auto)
  for (int t = 0; t < n; ++t) {
    if (t % 3 == 1) {
      q += 0.1 * s;
      continue;
    }
    if (s > 0.2)
      s = std::sin(W[0] * s + q);
    else
      s = std::cos(W[1] * s) - 0.5;
    q = 0.9 * q + 0.05 * s * W[2];
  }
  return s + q;
}

#pragma adgen grad
double ifc_b2(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(binomial 2)
  for (int t = 0; t < n; ++t) {
    if (t % 3 == 1) {
      q += 0.1 * s;
      continue;
    }
    if (s > 0.2)
      s = std::sin(W[0] * s + q);
    else
      s = std::cos(W[1] * s) - 0.5;
    q = 0.9 * q + 0.05 * s * W[2];
  }
  return s + q;
}

#pragma adgen grad
double ifc_rec(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(recompute)
  for (int t = 0; t < n; ++t) {
    if (t % 3 == 1) {
      q += 0.1 * s;
      continue;
    }
    if (s > 0.2)
      s = std::sin(W[0] * s + q);
    else
      s = std::cos(W[1] * s) - 0.5;
    q = 0.9 * q + 0.05 * s * W[2];
  }
  return s + q;
}

#pragma adgen grad
double ifc_bud(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(budget 48)
  for (int t = 0; t < n; ++t) {
    if (t % 3 == 1) {
      q += 0.1 * s;
      continue;
    }
    if (s > 0.2)
      s = std::sin(W[0] * s + q);
    else
      s = std::cos(W[1] * s) - 0.5;
    q = 0.9 * q + 0.05 * s * W[2];
  }
  return s + q;
}

#pragma adgen grad
double brk_ref(const double *W, double x, int n) {
  double s = x, q = 0.0;
  for (int t = 0; t < n; ++t) {
    s = std::tanh(W[0] * s + W[1] + 0.3 * q);
    if (q + 0.05 * t > 1.3 + 0.1 * s)
      break;
    q = q + 0.2 * s * s + 0.1;
  }
  return s * q + s;
}

#pragma adgen grad
double brk_e2(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < n; ++t) {
    s = std::tanh(W[0] * s + W[1] + 0.3 * q);
    if (q + 0.05 * t > 1.3 + 0.1 * s)
      break;
    q = q + 0.2 * s * s + 0.1;
  }
  return s * q + s;
}

#pragma adgen grad
double brk_e3(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(every 3)
  for (int t = 0; t < n; ++t) {
    s = std::tanh(W[0] * s + W[1] + 0.3 * q);
    if (q + 0.05 * t > 1.3 + 0.1 * s)
      break;
    q = q + 0.2 * s * s + 0.1;
  }
  return s * q + s;
}

#pragma adgen grad
double brk_auto(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(auto)
  for (int t = 0; t < n; ++t) {
    s = std::tanh(W[0] * s + W[1] + 0.3 * q);
    if (q + 0.05 * t > 1.3 + 0.1 * s)
      break;
    q = q + 0.2 * s * s + 0.1;
  }
  return s * q + s;
}

#pragma adgen grad
double brk_b2(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(binomial 2)
  for (int t = 0; t < n; ++t) {
    s = std::tanh(W[0] * s + W[1] + 0.3 * q);
    if (q + 0.05 * t > 1.3 + 0.1 * s)
      break;
    q = q + 0.2 * s * s + 0.1;
  }
  return s * q + s;
}

#pragma adgen grad
double brk_rec(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(recompute)
  for (int t = 0; t < n; ++t) {
    s = std::tanh(W[0] * s + W[1] + 0.3 * q);
    if (q + 0.05 * t > 1.3 + 0.1 * s)
      break;
    q = q + 0.2 * s * s + 0.1;
  }
  return s * q + s;
}

#pragma adgen grad
double brk_bud(const double *W, double x, int n) {
  double s = x, q = 0.0;
#pragma adgen checkpoint(budget 48)
  for (int t = 0; t < n; ++t) {
    s = std::tanh(W[0] * s + W[1] + 0.3 * q);
    if (q + 0.05 * t > 1.3 + 0.1 * s)
      break;
    q = q + 0.2 * s * s + 0.1;
  }
  return s * q + s;
}

#pragma adgen grad
double ret_ref(const double *W, double x, int n) {
  double s = x;
  double h[2] = {x, W[2]};
  for (int t = 0; t < n; ++t) {
    s = std::sin(W[0] * s + h[t % 2]) + 0.3 * h[(t + 1) % 2];
    h[t % 2] = 0.5 * h[t % 2] + 0.4 * s;
    if (t > 3 && s * s * W[1] * W[1] > 0.2 + 0.01 * t)
      return 3.0 * s + h[0];
  }
  return s + h[0] * h[1];
}

#pragma adgen grad
double ret_e2(const double *W, double x, int n) {
  double s = x;
  double h[2] = {x, W[2]};
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < n; ++t) {
    s = std::sin(W[0] * s + h[t % 2]) + 0.3 * h[(t + 1) % 2];
    h[t % 2] = 0.5 * h[t % 2] + 0.4 * s;
    if (t > 3 && s * s * W[1] * W[1] > 0.2 + 0.01 * t)
      return 3.0 * s + h[0];
  }
  return s + h[0] * h[1];
}

#pragma adgen grad
double ret_e3(const double *W, double x, int n) {
  double s = x;
  double h[2] = {x, W[2]};
#pragma adgen checkpoint(every 3)
  for (int t = 0; t < n; ++t) {
    s = std::sin(W[0] * s + h[t % 2]) + 0.3 * h[(t + 1) % 2];
    h[t % 2] = 0.5 * h[t % 2] + 0.4 * s;
    if (t > 3 && s * s * W[1] * W[1] > 0.2 + 0.01 * t)
      return 3.0 * s + h[0];
  }
  return s + h[0] * h[1];
}

#pragma adgen grad
double ret_auto(const double *W, double x, int n) {
  double s = x;
  double h[2] = {x, W[2]};
#pragma adgen checkpoint(auto)
  for (int t = 0; t < n; ++t) {
    s = std::sin(W[0] * s + h[t % 2]) + 0.3 * h[(t + 1) % 2];
    h[t % 2] = 0.5 * h[t % 2] + 0.4 * s;
    if (t > 3 && s * s * W[1] * W[1] > 0.2 + 0.01 * t)
      return 3.0 * s + h[0];
  }
  return s + h[0] * h[1];
}

#pragma adgen grad
double ret_b2(const double *W, double x, int n) {
  double s = x;
  double h[2] = {x, W[2]};
#pragma adgen checkpoint(binomial 2)
  for (int t = 0; t < n; ++t) {
    s = std::sin(W[0] * s + h[t % 2]) + 0.3 * h[(t + 1) % 2];
    h[t % 2] = 0.5 * h[t % 2] + 0.4 * s;
    if (t > 3 && s * s * W[1] * W[1] > 0.2 + 0.01 * t)
      return 3.0 * s + h[0];
  }
  return s + h[0] * h[1];
}

#pragma adgen grad
double ret_rec(const double *W, double x, int n) {
  double s = x;
  double h[2] = {x, W[2]};
#pragma adgen checkpoint(recompute)
  for (int t = 0; t < n; ++t) {
    s = std::sin(W[0] * s + h[t % 2]) + 0.3 * h[(t + 1) % 2];
    h[t % 2] = 0.5 * h[t % 2] + 0.4 * s;
    if (t > 3 && s * s * W[1] * W[1] > 0.2 + 0.01 * t)
      return 3.0 * s + h[0];
  }
  return s + h[0] * h[1];
}

#pragma adgen grad
double ret_bud(const double *W, double x, int n) {
  double s = x;
  double h[2] = {x, W[2]};
#pragma adgen checkpoint(budget 48)
  for (int t = 0; t < n; ++t) {
    s = std::sin(W[0] * s + h[t % 2]) + 0.3 * h[(t + 1) % 2];
    h[t % 2] = 0.5 * h[t % 2] + 0.4 * s;
    if (t > 3 && s * s * W[1] * W[1] > 0.2 + 0.01 * t)
      return 3.0 * s + h[0];
  }
  return s + h[0] * h[1];
}

#pragma adgen grad
double wbc_ref(const double *W, double x, int n) {
  double s = x;
  int k = 0;
  while (k < n) {
    ++k;
    if (k % 4 == 2)
      continue;
    s = 0.8 * s + 0.3 * std::sin(W[0] * s + W[1] * k);
    if (s > 0.9 + W[2] * W[2])
      break;
  }
  return s * s + s;
}

#pragma adgen grad
double wbc_e2(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(every 2)
  while (k < n) {
    ++k;
    if (k % 4 == 2)
      continue;
    s = 0.8 * s + 0.3 * std::sin(W[0] * s + W[1] * k);
    if (s > 0.9 + W[2] * W[2])
      break;
  }
  return s * s + s;
}

#pragma adgen grad
double wbc_e3(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(every 3)
  while (k < n) {
    ++k;
    if (k % 4 == 2)
      continue;
    s = 0.8 * s + 0.3 * std::sin(W[0] * s + W[1] * k);
    if (s > 0.9 + W[2] * W[2])
      break;
  }
  return s * s + s;
}

#pragma adgen grad
double wbc_auto(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(auto)
  while (k < n) {
    ++k;
    if (k % 4 == 2)
      continue;
    s = 0.8 * s + 0.3 * std::sin(W[0] * s + W[1] * k);
    if (s > 0.9 + W[2] * W[2])
      break;
  }
  return s * s + s;
}

#pragma adgen grad
double wbc_b2(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(binomial 2)
  while (k < n) {
    ++k;
    if (k % 4 == 2)
      continue;
    s = 0.8 * s + 0.3 * std::sin(W[0] * s + W[1] * k);
    if (s > 0.9 + W[2] * W[2])
      break;
  }
  return s * s + s;
}

#pragma adgen grad
double wbc_rec(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(recompute)
  while (k < n) {
    ++k;
    if (k % 4 == 2)
      continue;
    s = 0.8 * s + 0.3 * std::sin(W[0] * s + W[1] * k);
    if (s > 0.9 + W[2] * W[2])
      break;
  }
  return s * s + s;
}

#pragma adgen grad
double wbc_bud(const double *W, double x, int n) {
  double s = x;
  int k = 0;
#pragma adgen checkpoint(budget 48)
  while (k < n) {
    ++k;
    if (k % 4 == 2)
      continue;
    s = 0.8 * s + 0.3 * std::sin(W[0] * s + W[1] * k);
    if (s > 0.9 + W[2] * W[2])
      break;
  }
  return s * s + s;
}

#ifdef ADGEN_DRIVER
#include <string>

#include "fd_check.h"
struct Fn {
  const char *name;
  double (*f)(const double *, double, int);
  double (*g)(const double *, double, int, double *, double *, double);
};
double ifc_ref_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ifc_e2_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ifc_e3_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ifc_auto_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ifc_b2_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ifc_rec_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ifc_bud_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double brk_ref_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double brk_e2_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double brk_e3_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double brk_auto_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double brk_b2_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double brk_rec_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double brk_bud_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ret_ref_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ret_e2_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ret_e3_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ret_auto_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ret_b2_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ret_rec_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double ret_bud_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double wbc_ref_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double wbc_e2_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double wbc_e3_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double wbc_auto_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double wbc_b2_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double wbc_rec_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
double wbc_bud_grad(const double *W, double x, int n, double *W_bar, double *x_bar, double f_bar = 1.0);
const Fn kFns[][7] = {
  {{"ifc_ref", ifc_ref, ifc_ref_grad}, {"ifc_e2", ifc_e2, ifc_e2_grad}, {"ifc_e3", ifc_e3, ifc_e3_grad}, {"ifc_auto", ifc_auto, ifc_auto_grad}, {"ifc_b2", ifc_b2, ifc_b2_grad}, {"ifc_rec", ifc_rec, ifc_rec_grad}, {"ifc_bud", ifc_bud, ifc_bud_grad}},
  {{"brk_ref", brk_ref, brk_ref_grad}, {"brk_e2", brk_e2, brk_e2_grad}, {"brk_e3", brk_e3, brk_e3_grad}, {"brk_auto", brk_auto, brk_auto_grad}, {"brk_b2", brk_b2, brk_b2_grad}, {"brk_rec", brk_rec, brk_rec_grad}, {"brk_bud", brk_bud, brk_bud_grad}},
  {{"ret_ref", ret_ref, ret_ref_grad}, {"ret_e2", ret_e2, ret_e2_grad}, {"ret_e3", ret_e3, ret_e3_grad}, {"ret_auto", ret_auto, ret_auto_grad}, {"ret_b2", ret_b2, ret_b2_grad}, {"ret_rec", ret_rec, ret_rec_grad}, {"ret_bud", ret_bud, ret_bud_grad}},
  {{"wbc_ref", wbc_ref, wbc_ref_grad}, {"wbc_e2", wbc_e2, wbc_e2_grad}, {"wbc_e3", wbc_e3, wbc_e3_grad}, {"wbc_auto", wbc_auto, wbc_auto_grad}, {"wbc_b2", wbc_b2, wbc_b2_grad}, {"wbc_rec", wbc_rec, wbc_rec_grad}, {"wbc_bud", wbc_bud, wbc_bud_grad}},
};

int main() {
  fd::Rng rng(77);
  for (const auto &row : kFns)
    for (int n : {0, 1, 2, 5, 13, 40})
      for (int k = 0; k < 3; ++k) {
        fd::Vec W = rng.vec(3, -1.2, 1.2);
        double x = rng.uniform(-1, 1), seed = rng.uniform(0.5, 2);
        std::string pt = fd::at({W[0], W[1], W[2], x}) + " n=" + std::to_string(n);
        fd::Vec ref;
        double scale = 0;
        for (const Fn &fn : row) {
          fd::Vec b(4, 0.0);
          double v = fn.g(W.data(), x, n, b.data(), &b[3], seed);
          fd::check_equal(std::string(fn.name) + " value", pt, v, fn.f(W.data(), x, n));
          if (ref.empty()) {
            ref = b;
            for (double e : b) scale = std::max(scale, std::fabs(e));
          }
          for (int i = 0; i < 4; ++i) {
            std::string what = std::string(fn.name) + " grad[" + std::to_string(i) + "]";
            fd::check_close(what + " vs taped", pt, b[i], ref[i], 1e-12, 1e-12 * scale);
            double d = seed * fd::central([&](double t) {
              fd::Vec z = W;
              double xx = x;
              (i < 3 ? z[i] : xx) = t;
              return fn.f(z.data(), xx, n);
            }, i < 3 ? W[i] : x);
            fd::check_close(what + " vs FD", pt, b[i], d, 1e-6, 1e-6 * (1 + scale));
          }
        }
      }
  return fd::finish();
}
#endif
