// Wengert (1964): y = x1*x2 + sin(x2*x3), computed in four steps.
#include <cmath>

#pragma adgen jvp
double wengert(double x1, double x2, double x3) {
  double y = x1 * x2 + std::sin(x2 * x3);
  return y;
}
