#include "GradCheck.h"

#include "Interp.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "transform/Adjoint.h"
#include "transform/Tangent.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace adgen::test {

void checkGrad(const Function &f, const std::vector<double> &scalars,
               const std::vector<std::vector<double>> &arrays, double rtol,
               const std::vector<std::string> &wrt, unsigned seed) {
  ASSERT_EQ(verify(f), std::vector<std::string>{}) << printFunction(f);
  std::vector<bool> mask = activeParams(f, wrt.empty(), wrt);
  std::string err;
  AdjointOptions opts;
  opts.name = f.name + "_grad";
  opts.active = mask;
  auto g = buildAdjoint(f, opts, err);
  ASSERT_TRUE(g) << err;
  ASSERT_EQ(verify(*g), std::vector<std::string>{}) << printFunction(*g);
  SCOPED_TRACE(printFunction(*g));

  std::mt19937 rng(seed + 1000);
  std::uniform_real_distribution<double> rnd(-1, 1);
  bool hasSeed = isFloating(f.retType);
  double ybar = hasSeed ? rnd(rng) : 0.0;
  // Directions v (inputs) and cotangents w (active non-const arrays).
  std::vector<double> dsc(scalars.size(), 0.0), gsc = scalars;
  std::vector<std::vector<double>> darr, w(arrays.size()), garr = arrays;
  std::vector<size_t> barOf(f.params.size(), 0); // index into garr
  size_t si = 0, ai = 0;
  for (size_t k = 0; k < f.params.size(); ++k) {
    const Param &p = f.params[k];
    if (p.var) {
      if (mask[k])
        dsc[si] = convert(p.var->type, rnd(rng));
      ++si;
      continue;
    }
    darr.emplace_back(arrays[ai].size(), 0.0);
    w[ai].assign(arrays[ai].size(), 0.0);
    if (mask[k]) {
      for (double &d : darr.back())
        d = convert(p.arr->elemType, rnd(rng));
      if (!p.arr->isConst)
        for (double &c : w[ai])
          c = convert(p.arr->elemType, rnd(rng));
    }
    ++ai;
  }
  // f_grad's arguments: the primal's, then the adjoints in order, then ȳ.
  si = ai = 0;
  std::vector<std::pair<size_t, size_t>> bars; // (param k, garr index)
  for (size_t k = 0; k < f.params.size(); ++k) {
    const Param &p = f.params[k];
    if (mask[k]) {
      bars.push_back({k, garr.size()});
      garr.push_back(p.var ? std::vector<double>{0.0} : w[ai]);
    }
    p.var ? ++si : ++ai;
  }
  if (hasSeed)
    gsc.push_back(ybar);

  std::vector<std::vector<double>> base = arrays;
  double fv = interpret(f, scalars, base);
  double gv = interpret(*g, gsc, garr);
  EXPECT_EQ(gv, fv) << "primal result differs";
  for (size_t i = 0; i < arrays.size(); ++i)
    EXPECT_EQ(garr[i], base[i]) << "primal array " << i << " differs";

  // ⟨v, Jᵀw⟩ from the adjoints.
  double lhs = 0;
  si = ai = 0;
  size_t b = 0;
  for (size_t k = 0; k < f.params.size(); ++k) {
    const Param &p = f.params[k];
    if (mask[k]) {
      const std::vector<double> &bar = garr[bars[b++].second];
      if (p.var)
        lhs += dsc[si] * bar[0];
      else
        for (size_t j = 0; j < bar.size(); ++j)
          lhs += darr[ai][j] * bar[j];
    }
    p.var ? ++si : ++ai;
  }
  // dφ along v by central differences.
  auto phi = [&](double s) {
    std::vector<double> sc = scalars;
    for (size_t i = 0; i < sc.size(); ++i)
      sc[i] += s * dsc[i];
    std::vector<std::vector<double>> arrs = arrays;
    for (size_t i = 0; i < arrs.size(); ++i)
      for (size_t j = 0; j < arrs[i].size(); ++j)
        arrs[i][j] += s * darr[i][j];
    double y = interpret(f, sc, arrs);
    double r = hasSeed ? ybar * y : 0.0;
    for (size_t i = 0; i < arrs.size(); ++i)
      for (size_t j = 0; j < arrs[i].size(); ++j)
        r += w[i][j] * arrs[i][j];
    return r;
  };
  bool usesFloat = f.retType == Type::Float;
  for (const Param &p : f.params)
    usesFloat =
        usesFloat || (p.var ? p.var->type : p.arr->elemType) == Type::Float;
  double h = usesFloat ? 1e-3 : 1e-6;
  double rhs = (phi(h) - phi(-h)) / (2 * h);
  EXPECT_NEAR(lhs, rhs, rtol * std::max(1.0, std::fabs(rhs)))
      << "<v, J^T w> against finite differences";
}

} // namespace adgen::test
