#include "JvpCheck.h"

#include "Interp.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "transform/Tangent.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace adgen::test {

void checkJvp(const Function &f, const std::vector<double> &scalars,
              const std::vector<std::vector<double>> &arrays, double rtol,
              const std::vector<std::string> &wrt, unsigned seed) {
  ASSERT_EQ(verify(f), std::vector<std::string>{}) << printFunction(f);
  std::vector<bool> mask = activeParams(f, wrt.empty(), wrt);
  DerivedModule dm;
  Function *g = buildTangent(dm, f, TangentOptions{f.name + "_jvp", mask});
  for (auto &h : dm.module.functions)
    ASSERT_EQ(verify(*h), std::vector<std::string>{}) << printFunction(*h);
  SCOPED_TRACE(printFunction(*g));

  // A direction for every active input; jvp arguments in its order.
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dir(-1, 1);
  std::vector<double> dsc(scalars.size(), 0), jsc = scalars;
  std::vector<std::vector<double>> darr, jarr = arrays;
  std::vector<size_t> activeArr; // indices into arrays
  size_t si = 0, ai = 0;
  for (size_t k = 0; k < f.params.size(); ++k) {
    const Param &p = f.params[k];
    if (p.var) {
      if (mask[k])
        jsc.push_back(dsc[si] = convert(p.var->type, dir(rng)));
      ++si;
    } else {
      darr.emplace_back(arrays[ai].size(), 0.0);
      if (mask[k]) {
        for (double &d : darr.back())
          d = convert(p.arr->elemType, dir(rng));
        jarr.push_back(darr.back());
        activeArr.push_back(ai);
      }
      ++ai;
    }
  }
  bool hasDot = isFloating(f.retType);
  if (hasDot)
    jarr.push_back({0.0});

  std::vector<std::vector<double>> base = arrays;
  double fv = interpret(f, scalars, base);
  double jv = interpret(*g, jsc, jarr);
  EXPECT_EQ(jv, fv) << "primal result differs";
  for (size_t i = 0; i < arrays.size(); ++i)
    EXPECT_EQ(jarr[i], base[i]) << "primal array " << i << " differs";

  auto shifted = [&](double s, std::vector<std::vector<double>> &arrs) {
    std::vector<double> sc = scalars;
    for (size_t i = 0; i < sc.size(); ++i)
      sc[i] += s * dsc[i];
    arrs = arrays;
    for (size_t i = 0; i < arrs.size(); ++i)
      for (size_t j = 0; j < arrs[i].size(); ++j)
        arrs[i][j] += s * darr[i][j];
    return interpret(f, sc, arrs);
  };
  // Central differences of a function computing in float need a step
  // well above float's epsilon (≈1.2e-7), or rounding swamps the slope.
  bool usesFloat = f.retType == Type::Float;
  for (const Param &p : f.params)
    usesFloat = usesFloat || (p.var ? p.var->type : p.arr->elemType) == Type::Float;
  double h = usesFloat ? 1e-3 : 1e-6;
  std::vector<std::vector<double>> ap, am;
  double fp = shifted(h, ap), fm = shifted(-h, am);
  auto near = [&](double got, double want, const std::string &what) {
    EXPECT_NEAR(got, want, rtol * std::max(1.0, std::fabs(want))) << what;
  };
  if (hasDot)
    near(jarr.back()[0], (fp - fm) / (2 * h), "f_dot");
  for (size_t n = 0; n < activeArr.size(); ++n) {
    size_t i = activeArr[n];
    const std::vector<double> &t = jarr[arrays.size() + n];
    for (size_t j = 0; j < t.size(); ++j)
      near(t[j], (ap[i][j] - am[i][j]) / (2 * h),
           "tangent of array " + std::to_string(i) + "[" + std::to_string(j) +
               "]");
  }
}

} // namespace adgen::test
