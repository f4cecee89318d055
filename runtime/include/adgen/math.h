// Special functions the derivative rules need and the standard library
// lacks: adgen::digamma, ψ(x) = d/dx ln Γ(x), which is the derivative of
// lgamma (and tgamma' = tgamma · ψ).
#pragma once

#include <cmath>

#include "adgen/hd.h"

namespace adgen {

/// The digamma function ψ(x) for float, double and long double (a float is
/// computed in double): to a few ulps of the type relative, except near
/// the roots of ψ (1.4616..., and one between each two negative poles),
/// where the error is a few ulps of the terms that cancel there (about
/// 5·10⁻¹⁶ absolute in double). For x ≤ 0 the reflection
/// ψ(x) = ψ(1 − x) − π / tan(π x), then the recurrence ψ(x) = ψ(x + 1) − 1/x
/// up to x ≥ 10, then the asymptotic series
/// ψ(x) ~ ln x − 1/(2x) − Σₖ B₂ₖ / (2k x²ᵏ) to k = 9 (the first term left
/// out is below 3·10⁻¹⁹ of ln x at x = 10). Poles (0, −1, −2, ...) give NaN.
template <typename T> ADGEN_HD T digamma(T arg) {
  using std::floor;
  using std::log;
  using std::tan;
  using W = decltype(arg * 1.0); // float → double; double, long double stay
  W x = arg;
  const W pi = static_cast<W>(3.141592653589793238462643383279502884L);
  W result = 0;
  if (!(x == x))
    return arg;
  if (x <= 0) {
    W fl = floor(x);
    if (x == fl)
      return static_cast<T>((x - x) / (x - x)); // a pole: NaN
    // tan has period π: reduce x to r in (−½, ½] (exactly), so that π·r is
    // accurate where tan is steep.
    W r = x - fl;
    if (r > W(0.5))
      r -= 1;
    result = -pi / tan(pi * r);
    x = 1 - x;
  }
  W sum = 0; // Σ 1/x, apart: it cancels against ln x
  while (x < 10) {
    sum += 1 / x;
    x += 1;
  }
  W f = 1 / (x * x);
  // B₂ₖ / (2k) for k = 1..9: 1/12, −1/120, 1/252, −1/240, 1/132, −691/32760,
  // 1/12, −3617/8160, 43867/14364.
  W series =
      f * (W(1) / 12 -
           f * (W(1) / 120 -
                f * (W(1) / 252 -
                     f * (W(1) / 240 -
                          f * (W(1) / 132 -
                               f * (W(691) / 32760 -
                                    f * (W(1) / 12 -
                                         f * (W(3617) / 8160 -
                                              f * (W(43867) / 14364)))))))));
  return static_cast<T>(result + ((log(x) - sum) - (W(0.5) / x + series)));
}

} // namespace adgen
