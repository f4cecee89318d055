#include "transform/Rules.h"

#include <cmath>

namespace adgen {

bool hasRule(const Op &y) {
  switch (y.kind) {
  case OpKind::Add: case OpKind::Sub: case OpKind::Mul: case OpKind::Div:
  case OpKind::Neg: case OpKind::Cast: case OpKind::Math:
    return true;
  default:
    return false;
  }
}

namespace {

/// What the rules of one math function y = f(x[, x2[, x3]]) are built with.
struct Rule {
  Builder &b;
  Op &y;
  unsigned i; // the operand differentiated against
  Op *x, *x2, *x3;

  Rule(Builder &bb, Op &yy, unsigned ii)
      : b(bb), y(yy), i(ii), x(yy.operands[0]),
        x2(yy.operands.size() > 1 ? yy.operands[1] : nullptr),
        x3(yy.operands.size() > 2 ? yy.operands[2] : nullptr) {}
  Op *c(double v) { return b.constant(v, y.type); }
  Op *sq(Op *v) { return b.mul(v, v); }
  Op *fn(MathFn f, Op *v) { return b.math(f, {v}); }
  Op *sel(Op *cond, double a, double bb) { return b.select(cond, c(a), c(bb)); }
  Op *cmp(OpKind k, Op *l, Op *r) { return b.binary(k, l, r); }
};

/// Trigonometric and hyperbolic functions and their inverses.
Op *trigPartial(Rule &r, bool &known) {
  Builder &b = r.b;
  Op *x = r.x, *x2 = r.x2;
  switch (r.y.fn) {
  case MathFn::Sin: return r.fn(MathFn::Cos, x);                   // d sin x = cos x
  case MathFn::Cos: return b.neg(r.fn(MathFn::Sin, x));            // d cos x = −sin x
  case MathFn::Tan: return b.add(r.c(1), r.sq(&r.y));              // d tan x = 1 + tan² x
  case MathFn::Asin:                                               // d asin x = 1/√(1−x²)
    return b.div(r.c(1), r.fn(MathFn::Sqrt, b.sub(r.c(1), r.sq(x))));
  case MathFn::Acos:                                               // d acos x = −1/√(1−x²)
    return b.div(r.c(-1), r.fn(MathFn::Sqrt, b.sub(r.c(1), r.sq(x))));
  case MathFn::Atan: return b.div(r.c(1), b.add(r.c(1), r.sq(x))); // d atan x = 1/(1+x²)
  case MathFn::Atan2: {                                            // atan2(a,b): (b, −a)/(a²+b²)
    Op *r2 = b.add(r.sq(x), r.sq(x2));
    return r.i == 0 ? b.div(x2, r2) : b.div(b.neg(x), r2);
  }
  case MathFn::Sinh: return r.fn(MathFn::Cosh, x);                 // d sinh x = cosh x
  case MathFn::Cosh: return r.fn(MathFn::Sinh, x);                 // d cosh x = sinh x
  case MathFn::Tanh: return b.sub(r.c(1), r.sq(&r.y));             // d tanh x = 1 − tanh² x
  case MathFn::Asinh:                                              // d asinh x = 1/√(x²+1)
    return b.div(r.c(1), r.fn(MathFn::Sqrt, b.add(r.sq(x), r.c(1))));
  case MathFn::Acosh:                                              // d acosh x = 1/√(x²−1)
    return b.div(r.c(1), r.fn(MathFn::Sqrt, b.sub(r.sq(x), r.c(1))));
  case MathFn::Atanh: return b.div(r.c(1), b.sub(r.c(1), r.sq(x))); // d atanh x = 1/(1−x²)
  default: known = false; return nullptr;
  }
}

/// Exponentials, logarithms, powers and roots.
Op *expLogPartial(Rule &r, bool &known) {
  Builder &b = r.b;
  Op *x = r.x, *x2 = r.x2, *y = &r.y;
  switch (r.y.fn) {
  case MathFn::Exp: return y;                                      // d eˣ = eˣ
  case MathFn::Exp2: return b.mul(r.c(std::log(2.0)), y);          // d 2ˣ = 2ˣ ln 2
  case MathFn::Expm1: return b.add(y, r.c(1));                     // d (eˣ−1) = eˣ
  case MathFn::Log: return b.div(r.c(1), x);                       // d ln x = 1/x
  case MathFn::Log1p: return b.div(r.c(1), b.add(r.c(1), x));      // d ln(1+x) = 1/(1+x)
  case MathFn::Log2: return b.div(r.c(1 / std::log(2.0)), x);      // d log₂ x = 1/(x ln 2)
  case MathFn::Log10: return b.div(r.c(1 / std::log(10.0)), x);    // d log₁₀ x = 1/(x ln 10)
  case MathFn::Sqrt: return b.div(r.c(0.5), y);                    // d √x = 1/(2√x)
  case MathFn::Cbrt: return b.div(r.c(1), b.mul(r.c(3), r.sq(y))); // d ∛x = 1/(3∛x²)
  case MathFn::Pow:
    if (r.i == 0) // d/da aᵇ = b·aᵇ⁻¹
      return b.mul(x2, b.math(MathFn::Pow, {x, b.sub(x2, r.c(1))}));
    // d/db aᵇ = aᵇ·ln a, taken as 0 at a = 0 (where aᵇ is 0 or 1)
    return b.select(r.cmp(OpKind::Eq, x, r.c(0)), r.c(0),
                    b.mul(y, r.fn(MathFn::Log, x)));
  case MathFn::Hypot: return b.div(r.i == 0 ? x : x2, y);          // d hypot(a,b) = (a, b)/hypot
  default: known = false; return nullptr;
  }
}

/// Kinks, steps and remainders: fabs, fmin, fmax, fdim, fma, rounding,
/// fmod, remainder, copysign.
Op *piecewisePartial(Rule &r, bool &known) {
  Builder &b = r.b;
  Op *x = r.x, *x2 = r.x2;
  switch (r.y.fn) {
  case MathFn::Fabs: return r.sel(r.cmp(OpKind::Lt, x, r.c(0)), -1, 1); // d|x| = sign x, +1 at 0
  // fmin/fmax: ties go to the first argument; a NaN argument is the one
  // C drops (fmin(a, NaN) = a), so the other takes the derivative.
  case MathFn::Fmin: case MathFn::Fmax: {
    Op *first = r.cmp(r.y.fn == MathFn::Fmin ? OpKind::Le : OpKind::Ge, x, x2);
    first = r.cmp(OpKind::Or, first, r.cmp(OpKind::Ne, x2, x2));
    return r.i == 0 ? r.sel(first, 1, 0) : r.sel(first, 0, 1);
  }
  case MathFn::Fdim:                                               // fdim(a,b) = a>b ? a−b : 0
    return r.sel(r.cmp(OpKind::Gt, x, x2), r.i == 0 ? 1 : -1, 0);
  case MathFn::Fma:                                                // d(a·b+c) = (b, a, 1)
    return r.i == 0 ? x2 : r.i == 1 ? x : r.c(1);
  case MathFn::Floor: case MathFn::Ceil: case MathFn::Trunc:       // piecewise constant
  case MathFn::Round: case MathFn::Nearbyint:
    return nullptr;
  case MathFn::Fmod: case MathFn::Remainder:
    // x − n·y with n = trunc(x/y) (fmod) or x/y to nearest (remainder):
    // (1, −n), n recovered exactly as round((x − r)/y).
    return r.i == 0 ? r.c(1)
                    : b.neg(r.fn(MathFn::Round, b.div(b.sub(x, &r.y), x2)));
  case MathFn::Copysign:                                           // |a|·sgn b: (sgn a·sgn b, 0)
    if (r.i == 1)
      return nullptr;
    return b.mul(b.math(MathFn::Copysign, {r.c(1), x}),
                 b.math(MathFn::Copysign, {r.c(1), x2}));
  default: known = false; return nullptr;
  }
}

/// erf, erfc, lgamma, tgamma and digamma's own (unused: no rule asks for
/// the second derivative) entry.
Op *specialPartial(Rule &r, bool &known) {
  Builder &b = r.b;
  Op *x = r.x;
  const double twoOverSqrtPi = 2 / std::sqrt(M_PI);
  switch (r.y.fn) {
  case MathFn::Erf:                                                // d erf x = 2/√π e^(−x²)
    return b.mul(r.c(twoOverSqrtPi), r.fn(MathFn::Exp, b.neg(r.sq(x))));
  case MathFn::Erfc:                                               // d erfc x = −2/√π e^(−x²)
    return b.mul(r.c(-twoOverSqrtPi), r.fn(MathFn::Exp, b.neg(r.sq(x))));
  case MathFn::Lgamma: return r.fn(MathFn::Digamma, x);            // d ln|Γ(x)| = ψ(x)
  case MathFn::Tgamma: return b.mul(&r.y, r.fn(MathFn::Digamma, x)); // d Γ(x) = Γ(x)·ψ(x)
  default: known = false; return nullptr;
  }
}

Op *mathPartial(Builder &b, Op &y, unsigned i) {
  Rule r(b, y, i);
  for (auto *family : {trigPartial, expLogPartial, piecewisePartial,
                       specialPartial}) {
    bool known = true;
    Op *p = family(r, known);
    if (known)
      return p;
  }
  return nullptr; // digamma: never differentiated (no ψ' in the runtime)
}

} // namespace

Op *partial(Builder &b, Op &y, unsigned i) {
  Type t = y.type;
  Op *x0 = y.operands[0];
  Op *x1 = y.operands.size() > 1 ? y.operands[1] : nullptr;
  switch (y.kind) {
  case OpKind::Add: return b.constant(1, t);                     // d(a+b) = da + db
  case OpKind::Sub: return b.constant(i == 0 ? 1 : -1, t);       // d(a−b) = da − db
  case OpKind::Mul: return i == 0 ? x1 : x0;                     // d(a·b) = b·da + a·db
  case OpKind::Div:                                              // d(a/b) = da/b − (a/b)·db/b
    return i == 0 ? b.div(b.constant(1, t), x1)
                  : b.neg(b.div(&y, x1));
  case OpKind::Neg: return b.constant(-1, t);                    // d(−a) = −da
  case OpKind::Cast:                                             // float ↔ double: identity
    return isFloating(x0->type) ? b.constant(1, t) : nullptr;
  case OpKind::Math: return mathPartial(b, y, i);
  default: return nullptr;
  }
}

} // namespace adgen
