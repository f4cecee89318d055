// adgen::digamma (runtime/include/adgen/math.h), the derivative of lgamma:
// known values, the recurrence and the reflection, in float, double and
// long double.
#include "adgen/math.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

constexpr long double kGamma = 0.577215664901532860606512090082402431L;

struct Known {
  long double x, psi; // reference values from mpmath at 30 digits
};

const Known kKnown[] = {
    {1.0L, -kGamma},
    {0.5L, -kGamma - 2 * 0.693147180559945309417232121458176568L},
    {2.0L, 1 - kGamma},
    {100.0L, 4.60016185273808740019860558558L},
    {-2.3L, 3.31732315756182012326700033626L},
    {0.001L, -1000.57557193181030047147261447L},
    {30.7L, 3.40788760075070339852315152634L},
    {-0.5L, 0.0364899739785765205590236670012L},
    {3.25L, 1.01699091106817903635491429835L},
    {1e6L, 13.8155100579641907707746154031L},
};

TEST(DigammaTest, KnownValuesDouble) {
  for (const Known &k : kKnown) {
    double x = static_cast<double>(k.x), want = static_cast<double>(k.psi);
    // -2.3 is not exact in double: compare against the reference at the
    // double nearest to it through the slope ψ'(x) ≈ 1/dx of the error.
    double tol = 3e-15 * std::fabs(want) + 6e-16; // absolute near roots
    if (k.x == -2.3L)
      tol += std::fabs(static_cast<long double>(x) - k.x) * 30;
    EXPECT_NEAR(adgen::digamma(x), want, tol) << "psi(" << x << ")";
  }
}

TEST(DigammaTest, KnownValuesFloatAndLongDouble) {
  for (const Known &k : kKnown) {
    if (k.x == -2.3L)
      continue; // not exact in float
    float xf = static_cast<float>(k.x);
    EXPECT_NEAR(adgen::digamma(xf), static_cast<float>(k.psi),
                1.2e-7f * std::fabs(static_cast<float>(k.psi)))
        << "psi(" << xf << ")";
    EXPECT_NEAR(static_cast<double>(adgen::digamma(k.x)),
                static_cast<double>(k.psi),
                1e-17 * std::fabs(static_cast<double>(k.psi)) + 1e-18)
        << "psi(" << static_cast<double>(k.x) << ")";
  }
}

TEST(DigammaTest, RecurrenceAndReflection) {
  const double pi = 3.14159265358979323846;
  for (double x : {-7.75, -3.3, -1.1, -0.01, 0.2, 0.7, 1.3, 4.5, 9.99, 12.5}) {
    // ψ(x + 1) = ψ(x) + 1/x
    EXPECT_NEAR(adgen::digamma(x + 1), adgen::digamma(x) + 1 / x,
                1e-13 * (1 + std::fabs(1 / x)))
        << x;
    // ψ(1 − x) − ψ(x) = π cot(π x)
    EXPECT_NEAR(adgen::digamma(1 - x) - adgen::digamma(x),
                pi / std::tan(pi * x),
                1e-12 * (1 + std::fabs(pi / std::tan(pi * x))))
        << x;
  }
}

TEST(DigammaTest, PolesAndNaN) {
  for (double x : {0.0, -1.0, -2.0, -50.0})
    EXPECT_TRUE(std::isnan(adgen::digamma(x))) << x;
  EXPECT_TRUE(std::isnan(adgen::digamma(std::nan(""))));
  EXPECT_EQ(adgen::digamma(INFINITY), INFINITY);
}

TEST(DigammaTest, IsTheDerivativeOfLgamma) {
  for (double x : {-4.5, -0.3, 0.25, 1.5, 7.0, 40.0}) {
    double h = 1e-5 * std::max(1.0, std::fabs(x));
    double fd = (std::lgamma(x + h) - std::lgamma(x - h)) / (2 * h);
    EXPECT_NEAR(adgen::digamma(x), fd, 1e-7 * std::max(1.0, std::fabs(fd)))
        << x;
  }
}

} // namespace
