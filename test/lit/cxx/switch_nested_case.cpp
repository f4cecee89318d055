// A case label inside a block of its switch (`case 1: a; { case 2: b; }`):
// the block's statements are spliced into the switch, so control falls
// through into and out of the block as in C++ (clad's Switch.C fn1 shape,
// here with the selector varying). A label inside a loop (Duff's device)
// stays refused: test/lit/diagnostics/switch.cpp. Against central
// differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

// CHECK-LABEL: double blocks_grad(double i, double j, int count,
#pragma adgen jvp grad
double blocks(double i, double j, int count) {
  double res = 0;
  switch (count) {
  case 0:
    res += i * j;
    break;
  case 1:
    res += i * i;
    {
      [[fallthrough]];
    case 2:
      res += j * std::sin(i);
      {
        [[fallthrough]];
      case 3:
        res *= j;
      }
    }
    [[fallthrough]];
  default:
    res += i * i * j * j;
  }
  return res;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

double reference(double i, double j, int count) {
  // The same control flow, written out.
  double res = 0;
  if (count == 0)
    return i * j;
  if (count == 1)
    res += i * i;
  if (count >= 1 && count <= 2)
    res += j * std::sin(i);
  if (count >= 1 && count <= 3)
    res *= j;
  return res + i * i * j * j;
}

int main() {
  fd::Rng rng(41);
  for (int t = 0; t < 30; ++t) {
    int count = rng.integer(-1, 4);
    Vec x = rng.vec(2, -1.5, 1.5);
    fd::check_close("blocks value", fd::at(x), blocks(x[0], x[1], count),
                    reference(x[0], x[1], count), 1e-14, 1e-14);
    fd::check_grad("blocks", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{blocks(z[0], z[1], count)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{blocks_jvp(z[0], z[1], count, zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{blocks_grad(z[0], z[1], count, &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
