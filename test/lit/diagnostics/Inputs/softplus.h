// A helper defined inline in a header the input includes with quotes.
#pragma once
#include <cmath>
inline double softplus(double x) { return std::log1p(std::exp(x)); }
