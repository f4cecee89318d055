// Scalar semantics shared by the interpreter: conversions, math functions,
// arithmetic.
#include "InterpOps.h"

#include "Interp.h"

#include "adgen/math.h"

#include <cmath>

namespace adgen::test {

double convert(Type t, double v) {
  if (t == Type::Bool)
    return v != 0;
  if (t == Type::Float)
    return static_cast<float>(v);
  if (!isInteger(t))
    return v;
  if (!std::isfinite(v) || std::fabs(v) >= 9.2e18)
    throw InterpError("conversion of " + std::to_string(v) + " to " +
                      typeName(t) + " overflows");
  int64_t i = static_cast<int64_t>(v); // truncates toward zero
  switch (t) {
  case Type::Char: case Type::SChar: return static_cast<int8_t>(i);
  case Type::UChar: return static_cast<uint8_t>(i);
  case Type::Short: return static_cast<int16_t>(i);
  case Type::UShort: return static_cast<uint16_t>(i);
  case Type::Int: return static_cast<int32_t>(i);
  case Type::UInt: return static_cast<uint32_t>(i);
  case Type::ULong: case Type::ULongLong:
    return static_cast<double>(static_cast<uint64_t>(i));
  default: return static_cast<double>(i);
  }
}

namespace {

template <typename T> T math(MathFn f, T a, T b, T c) {
  switch (f) {
  case MathFn::Sin: return std::sin(a);
  case MathFn::Cos: return std::cos(a);
  case MathFn::Tan: return std::tan(a);
  case MathFn::Asin: return std::asin(a);
  case MathFn::Acos: return std::acos(a);
  case MathFn::Atan: return std::atan(a);
  case MathFn::Atan2: return std::atan2(a, b);
  case MathFn::Sinh: return std::sinh(a);
  case MathFn::Cosh: return std::cosh(a);
  case MathFn::Tanh: return std::tanh(a);
  case MathFn::Exp: return std::exp(a);
  case MathFn::Expm1: return std::expm1(a);
  case MathFn::Log: return std::log(a);
  case MathFn::Log1p: return std::log1p(a);
  case MathFn::Log2: return std::log2(a);
  case MathFn::Log10: return std::log10(a);
  case MathFn::Sqrt: return std::sqrt(a);
  case MathFn::Cbrt: return std::cbrt(a);
  case MathFn::Pow: return std::pow(a, b);
  case MathFn::Hypot: return std::hypot(a, b);
  case MathFn::Fabs: return std::fabs(a);
  case MathFn::Fmin: return std::fmin(a, b);
  case MathFn::Fmax: return std::fmax(a, b);
  case MathFn::Floor: return std::floor(a);
  case MathFn::Ceil: return std::ceil(a);
  case MathFn::Erf: return std::erf(a);
  case MathFn::Asinh: return std::asinh(a);
  case MathFn::Acosh: return std::acosh(a);
  case MathFn::Atanh: return std::atanh(a);
  case MathFn::Exp2: return std::exp2(a);
  case MathFn::Fdim: return std::fdim(a, b);
  case MathFn::Fma: return std::fma(a, b, c);
  case MathFn::Trunc: return std::trunc(a);
  case MathFn::Round: return std::round(a);
  case MathFn::Nearbyint: return std::nearbyint(a);
  case MathFn::Fmod: return std::fmod(a, b);
  case MathFn::Remainder: return std::remainder(a, b);
  case MathFn::Copysign: return std::copysign(a, b);
  case MathFn::Erfc: return std::erfc(a);
  case MathFn::Lgamma: return std::lgamma(a);
  case MathFn::Tgamma: return std::tgamma(a);
  case MathFn::Digamma: return adgen::digamma(a);
  }
  throw InterpError("unknown math function");
}

} // namespace

double evalMath(MathFn f, Type t, double a, double b, double c) {
  if (t == Type::Float)
    return math<float>(f, static_cast<float>(a), static_cast<float>(b),
                       static_cast<float>(c));
  return math<double>(f, a, b, c);
}

double evalArith(OpKind k, Type t, double a, double b) {
  if (!isInteger(t)) {
    switch (k) {
    case OpKind::Add: return a + b;
    case OpKind::Sub: return a - b;
    case OpKind::Mul: return a * b;
    case OpKind::Div: return a / b;
    default: return std::fmod(a, b);
    }
  }
  int64_t x = static_cast<int64_t>(a), y = static_cast<int64_t>(b);
  if ((k == OpKind::Shl || k == OpKind::Shr) && (y < 0 || y >= 64))
    throw InterpError("shift by " + std::to_string(y));
  // Bitwise results in 64 bits; the caller converts to the op's type.
  switch (k) {
  case OpKind::BitAnd: return static_cast<double>(x & y);
  case OpKind::BitOr: return static_cast<double>(x | y);
  case OpKind::BitXor: return static_cast<double>(x ^ y);
  case OpKind::Shl:
    return static_cast<double>(
        static_cast<int64_t>(static_cast<uint64_t>(x) << y));
  case OpKind::Shr: return static_cast<double>(x >> y);
  default: break;
  }
  if ((k == OpKind::Div || k == OpKind::Rem) && y == 0)
    throw InterpError("integer division by zero");
  switch (k) {
  case OpKind::Add: return static_cast<double>(x + y);
  case OpKind::Sub: return static_cast<double>(x - y);
  case OpKind::Mul: return static_cast<double>(x * y);
  case OpKind::Div: return static_cast<double>(x / y);
  default: return static_cast<double>(x % y);
  }
}

} // namespace adgen::test
