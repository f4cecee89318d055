// Derivative rules, end to end: for every math function and arithmetic op,
// f(x[, y]) = op(x[, y]) is differentiated with buildTangent and f_jvp's
// output tangent is compared, by interpretation, with a central finite
// difference of f along the same random direction.
#include "IRHelpers.h"
#include "GradCheck.h"
#include "Interp.h"
#include "ir/Verifier.h"
#include "transform/Rules.h"
#include "transform/Tangent.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>

using namespace adgen;
using namespace adgen::test;

namespace {

struct Case {
  std::string name;
  OpKind kind; // Math for a math function
  MathFn fn;
  unsigned arity;
};

std::vector<Case> allCases() {
  std::vector<Case> cs = {
#define ADGEN_MATH(K, N, A) {N, OpKind::Math, MathFn::K, A},
#define ADGEN_MATH_RUNTIME(K, N, A) // only in derivatives: not differentiated
#include "ir/MathFns.def"
  };
  cs.push_back({"add", OpKind::Add, MathFn::Sin, 2});
  cs.push_back({"sub", OpKind::Sub, MathFn::Sin, 2});
  cs.push_back({"mul", OpKind::Mul, MathFn::Sin, 2});
  cs.push_back({"div", OpKind::Div, MathFn::Sin, 2});
  cs.push_back({"neg", OpKind::Neg, MathFn::Sin, 1});
  return cs;
}

/// Where inputs are drawn: x in [lo0, hi0], y in [lo1, hi1], kept when
/// `ok` (away from kinks, cuts and poles).
struct Domain {
  double lo0 = -2, hi0 = 2, lo1 = -2, hi1 = 2;
  std::function<bool(double, double)> ok = [](double, double) { return true; };
};

Domain domainOf(const std::string &n) {
  Domain d;
  auto set = [&](double lo, double hi) { d.lo0 = lo, d.hi0 = hi; };
  auto awayFromInt = [](double x) {
    return std::fabs(x - std::round(x)) > 0.01;
  };
  if (n == "tan") set(-1.2, 1.2);
  else if (n == "asin" || n == "acos") set(-0.9, 0.9);
  else if (n == "log" || n == "log2" || n == "log10") set(0.1, 5);
  else if (n == "log1p") set(-0.5, 3);
  else if (n == "sqrt") set(0.1, 4);
  else if (n == "acosh") set(1.1, 4);
  else if (n == "atanh") set(-0.9, 0.9);
  else if (n == "lgamma" || n == "tgamma") {
    set(-3.5, 4);
    d.ok = [=](double x, double) { return awayFromInt(x) || x > 0.5; };
  }
  else if (n == "cbrt") {
    set(-4, 4);
    d.ok = [](double x, double) { return std::fabs(x) > 0.1; };
  } else if (n == "pow") {
    set(0.2, 3);
    d.lo1 = -2.5, d.hi1 = 2.5;
  } else if (n == "atan2" || n == "hypot") {
    d.ok = [](double x, double y) {
      return std::hypot(x, y) > 0.3 && !(std::fabs(x) < 0.05 && y < 0);
    };
  } else if (n == "fabs") {
    d.ok = [](double x, double) { return std::fabs(x) > 0.05; };
  } else if (n == "fmin" || n == "fmax") {
    d.ok = [](double x, double y) { return std::fabs(x - y) > 0.01; };
  } else if (n == "fdim") {
    d.ok = [](double x, double y) { return std::fabs(x - y) > 0.01; };
  } else if (n == "fmod" || n == "remainder") {
    set(-5, 5);
    d.lo1 = 0.5, d.hi1 = 2;
    d.ok = [=](double x, double y) {
      double q = x / y; // away from the jumps of the quotient
      return std::fabs(q - std::round(q)) > 0.02 &&
             std::fabs(q - std::round(q) - 0.5) > 0.02 &&
             std::fabs(q - std::round(q) + 0.5) > 0.02;
    };
  } else if (n == "copysign") {
    d.ok = [](double x, double y) {
      return std::fabs(x) > 0.05 && std::fabs(y) > 0.05;
    };
  } else if (n == "floor" || n == "ceil" || n == "trunc" || n == "round" ||
             n == "nearbyint") {
    set(-3, 3);
    d.ok = [=](double x, double) { return awayFromInt(x); };
  } else if (n == "div") {
    d.lo1 = -3, d.hi1 = 3;
    d.ok = [](double, double y) { return std::fabs(y) > 0.3; };
  }
  return d;
}

/// double f(double x[, double y[, double z]]) { return op(x[, y[, z]]); }
/// in type t.
std::unique_ptr<Function> primal(const Case &c, Type t) {
  auto f = newFunction("f", t);
  Var *x = scalarParam(*f, "x", t);
  Var *y = c.arity > 1 ? scalarParam(*f, "y", t) : nullptr;
  Var *z = c.arity > 2 ? scalarParam(*f, "z", t) : nullptr;
  Builder b(*f);
  std::vector<Op *> args = {b.readVar(x)};
  if (y)
    args.push_back(b.readVar(y));
  if (z)
    args.push_back(b.readVar(z));
  Op *v = c.kind == OpKind::Math  ? b.math(c.fn, args)
          : c.kind == OpKind::Neg ? b.create(OpKind::Neg, t, args)
                                  : b.binary(c.kind, args[0], args[1]);
  ret(b, v);
  return f;
}

struct Tangent {
  DerivedModule dm;
  Function *jvp = nullptr;
};

void buildJvp(const Function &f, Tangent &t) {
  t.jvp = buildTangent(t.dm, f, TangentOptions{"f_jvp",
                                               std::vector<bool>(
                                                   f.params.size(), true)});
}

void checkRule(const Case &c, Type t, double rtol) {
  auto f = primal(c, t);
  ASSERT_EQ(verify(*f), std::vector<std::string>{});
  auto fd = primal(c, Type::Double); // finite differences in double
  Tangent tg;
  buildJvp(*f, tg);
  for (auto &g : tg.dm.module.functions)
    ASSERT_EQ(verify(*g), std::vector<std::string>{}) << g->name;
  const Function &g = *tg.jvp;
  EXPECT_EQ(g.name, "f_jvp");
  EXPECT_EQ(g.retType, t);
  // x[, y], x_dot[, y_dot], f_dot
  ASSERT_EQ(g.params.size(), 2 * c.arity + 1);
  const Param &out = g.params.back();
  ASSERT_NE(out.arr, nullptr);
  EXPECT_EQ(out.arr->name, "f_dot");
  EXPECT_TRUE(out.arr->scalarOut);

  Domain d = domainOf(c.name);
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> u0(d.lo0, d.hi0), u1(d.lo1, d.hi1),
      dir(-1, 1);
  for (int k = 0; k < 50; ++k) {
    double x, y = 0;
    do {
      x = u0(rng);
      y = c.arity > 1 ? u1(rng) : 0;
      x = convert(t, x), y = convert(t, y);
    } while (!d.ok(x, y));
    double dx = convert(t, dir(rng)), dy = convert(t, dir(rng));
    std::vector<double> in = {x}, tin = {dx};
    if (c.arity > 1)
      in.push_back(y), tin.push_back(dy);
    if (c.arity > 2) // fma's addend: the third input is y again
      in.push_back(y), tin.push_back(convert(t, dir(rng)));
    std::vector<double> args = in;
    args.insert(args.end(), tin.begin(), tin.end());
    std::vector<std::vector<double>> arrs = {{0.0}};
    double value = interpret(g, args, arrs);
    EXPECT_EQ(value, interpret(*f, in)) << c.name << " at x=" << x;

    double h = 1e-6 * std::max({1.0, std::fabs(x), std::fabs(y)});
    std::vector<double> p = in, m = in;
    for (size_t i = 0; i < in.size(); ++i)
      p[i] += h * tin[i], m[i] -= h * tin[i];
    double fdv = (interpret(*fd, p) - interpret(*fd, m)) / (2 * h);
    double got = arrs[0][0];
    EXPECT_NEAR(got, fdv, rtol * std::max(1.0, std::fabs(fdv)))
        << c.name << "(" << x << (c.arity > 1 ? ", " + std::to_string(y) : "")
        << ") along (" << dx << ", " << dy << ")";
  }
}

class RuleTest : public ::testing::TestWithParam<Case> {};

TEST_P(RuleTest, TangentMatchesFiniteDifference) {
  checkRule(GetParam(), Type::Double, 1e-6);
}

// The same rule, transposed: the adjoint of op(x[, y]) at 20 points of its
// domain, against finite differences of ȳ·f along a random direction.
TEST_P(RuleTest, AdjointMatchesFiniteDifference) {
  const Case &c = GetParam();
  auto f = primal(c, Type::Double);
  Domain d = domainOf(c.name);
  std::mt19937 rng(777);
  std::uniform_real_distribution<double> u0(d.lo0, d.hi0), u1(d.lo1, d.hi1);
  for (unsigned k = 0; k < 20; ++k) {
    double x, y = 0;
    do {
      x = u0(rng);
      y = c.arity > 1 ? u1(rng) : 0;
    } while (!d.ok(x, y));
    std::vector<double> in = {x};
    if (c.arity > 1)
      in.push_back(y);
    if (c.arity > 2)
      in.push_back(-y);
    SCOPED_TRACE(c.name + " at x=" + std::to_string(x) +
                 ", y=" + std::to_string(y));
    checkGrad(*f, in, {}, 1e-6, {}, k);
  }
}

INSTANTIATE_TEST_SUITE_P(AllOps, RuleTest, ::testing::ValuesIn(allCases()),
                         [](const ::testing::TestParamInfo<Case> &i) {
                           return i.param.name;
                         });

class FloatRuleTest : public ::testing::TestWithParam<Case> {};

TEST_P(FloatRuleTest, TangentMatchesFiniteDifference) {
  checkRule(GetParam(), Type::Float, 1e-4);
}

std::vector<Case> floatCases() {
  std::vector<Case> out;
  for (auto &c : allCases())
    for (const char *n : {"sin", "exp", "log", "sqrt", "tanh", "pow", "atan2",
                          "hypot", "erf", "fabs", "mul", "div", "asinh",
                          "exp2", "fma", "fmod", "erfc", "lgamma", "tgamma"})
      if (c.name == n)
        out.push_back(c);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Float, FloatRuleTest,
                         ::testing::ValuesIn(floatCases()),
                         [](const ::testing::TestParamInfo<Case> &i) {
                           return i.param.name;
                         });

TEST(RulesTest, EveryOpWithARuleIsCovered) {
  // Every MathFn is in allCases() (the X-macro guarantees it); make sure
  // hasRule agrees for each.
  for (auto &c : allCases()) {
    auto f = primal(c, Type::Double);
    const Op &y = *f->body.ops[c.arity];
    EXPECT_TRUE(hasRule(y)) << c.name;
  }
}

} // namespace
