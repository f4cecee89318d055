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

static Op *mathPartial(Builder &b, Op &y, unsigned i) {
  Type t = y.type;
  Op *x = y.operands[0];
  Op *x2 = y.operands.size() > 1 ? y.operands[1] : nullptr;
  auto c = [&](double v) { return b.constant(v, t); };
  auto sq = [&](Op *v) { return b.mul(v, v); };
  auto fn = [&](MathFn f, Op *v) { return b.math(f, {v}); };
  auto sel = [&](Op *cond, double a, double bb) {
    return b.select(cond, c(a), c(bb));
  };
  switch (y.fn) {
  case MathFn::Sin: return fn(MathFn::Cos, x);                   // d sin x = cos x
  case MathFn::Cos: return b.neg(fn(MathFn::Sin, x));            // d cos x = −sin x
  case MathFn::Tan: return b.add(c(1), sq(&y));                  // d tan x = 1 + tan² x
  case MathFn::Asin:                                             // d asin x = 1/√(1−x²)
    return b.div(c(1), fn(MathFn::Sqrt, b.sub(c(1), sq(x))));
  case MathFn::Acos:                                             // d acos x = −1/√(1−x²)
    return b.div(c(-1), fn(MathFn::Sqrt, b.sub(c(1), sq(x))));
  case MathFn::Atan: return b.div(c(1), b.add(c(1), sq(x)));     // d atan x = 1/(1+x²)
  case MathFn::Atan2: {                                          // atan2(a,b): (b, −a)/(a²+b²)
    Op *r2 = b.add(sq(x), sq(x2));
    return i == 0 ? b.div(x2, r2) : b.div(b.neg(x), r2);
  }
  case MathFn::Sinh: return fn(MathFn::Cosh, x);                 // d sinh x = cosh x
  case MathFn::Cosh: return fn(MathFn::Sinh, x);                 // d cosh x = sinh x
  case MathFn::Tanh: return b.sub(c(1), sq(&y));                 // d tanh x = 1 − tanh² x
  case MathFn::Exp: return &y;                                   // d eˣ = eˣ
  case MathFn::Expm1: return b.add(&y, c(1));                    // d (eˣ−1) = eˣ
  case MathFn::Log: return b.div(c(1), x);                       // d ln x = 1/x
  case MathFn::Log1p: return b.div(c(1), b.add(c(1), x));        // d ln(1+x) = 1/(1+x)
  case MathFn::Log2: return b.div(c(1 / std::log(2.0)), x);      // d log₂ x = 1/(x ln 2)
  case MathFn::Log10: return b.div(c(1 / std::log(10.0)), x);    // d log₁₀ x = 1/(x ln 10)
  case MathFn::Sqrt: return b.div(c(0.5), &y);                   // d √x = 1/(2√x)
  case MathFn::Cbrt: return b.div(c(1), b.mul(c(3), sq(&y)));    // d ∛x = 1/(3∛x²)
  case MathFn::Pow:
    if (i == 0) // d/da aᵇ = b·aᵇ⁻¹
      return b.mul(x2, b.math(MathFn::Pow, {x, b.sub(x2, c(1))}));
    // d/db aᵇ = aᵇ·ln a, taken as 0 at a = 0 (where aᵇ is 0 or 1)
    return b.select(b.binary(OpKind::Eq, x, c(0)), c(0),
                    b.mul(&y, fn(MathFn::Log, x)));
  case MathFn::Hypot: return b.div(i == 0 ? x : x2, &y);         // d hypot(a,b) = (a, b)/hypot
  case MathFn::Fabs: return sel(b.binary(OpKind::Lt, x, c(0)), -1, 1); // d|x| = sign x, +1 at 0
  case MathFn::Fmin: {                                           // ties go to the first argument
    Op *first = b.binary(OpKind::Le, x, x2);
    return i == 0 ? sel(first, 1, 0) : sel(first, 0, 1);
  }
  case MathFn::Fmax: {                                           // ties go to the first argument
    Op *first = b.binary(OpKind::Ge, x, x2);
    return i == 0 ? sel(first, 1, 0) : sel(first, 0, 1);
  }
  case MathFn::Floor: case MathFn::Ceil: return nullptr;         // piecewise constant
  case MathFn::Erf:                                              // d erf x = 2/√π e^(−x²)
    return b.mul(c(2 / std::sqrt(M_PI)), fn(MathFn::Exp, b.neg(sq(x))));
  }
  return nullptr;
}

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
