// C++ emitter: function definitions from (tangent) IR.
#include "IRHelpers.h"
#include "codegen/EmitCpp.h"
#include "ir/Verifier.h"
#include "transform/Tangent.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

bool contains(const std::string &s, const std::string &part) {
  return s.find(part) != std::string::npos;
}

Function *jvpOf(DerivedModule &dm, const Function &f) {
  return buildTangent(dm, f, TangentOptions{f.name + "_jvp",
                                            std::vector<bool>(
                                                f.params.size(), true)});
}

TEST(EmitTest, TangentFunctionSignatureAndTemporaries) {
  // double f(double x, double y) { double t = sin(x); return t * y + t; }
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x"), *y = scalarParam(*f, "y");
  Var *t = f->newVar("t", Type::Double);
  Builder b(*f);
  b.decl(t, b.math(MathFn::Sin, {b.readVar(x)}));
  ret(b, b.add(b.mul(b.readVar(t), b.readVar(y)), b.readVar(t)));
  DerivedModule dm;
  Function *g = jvpOf(dm, *f);
  ASSERT_EQ(verify(*g), std::vector<std::string>{});
  std::string out = emitFunction(*g, EmitOptions{});
  EXPECT_TRUE(contains(out, "ADGEN_HD double f_jvp(double x, double y, "
                            "double x_dot, double y_dot, double* f_dot) {"))
      << out;
  EXPECT_TRUE(contains(out, "const double v1 = ")) << out;
  EXPECT_TRUE(contains(out, "std::sin(x)")) << out;
  EXPECT_TRUE(contains(out, "std::cos(x)")) << out;
  EXPECT_TRUE(contains(out, "*f_dot = ")) << out;
  EXPECT_TRUE(contains(out, "return ")) << out;
  EXPECT_EQ(signatureOf(*g), "double f_jvp(double x, double y, double x_dot, "
                             "double y_dot, double* f_dot)");
}

/// double sum(const double* a, double x) {
///   double s = 0; for (int i = 0; i < 3; ++i) s = s + a[i] * x; return s; }
std::unique_ptr<Function> sumLoop() {
  auto f = newFunction("sum");
  Array *a = arrayParam(*f, "a", Type::Double, true);
  Var *x = scalarParam(*f, "x");
  Var *s = f->newVar("s", Type::Double), *i = f->newVar("i", Type::Int);
  Builder b(*f);
  b.decl(s, b.constant(0, Type::Double));
  Op *l = countedLoop(b, i, 0, 3);
  b.writeVar(s, b.add(b.readVar(s),
                      b.mul(b.load(a, b.readVar(i)), b.readVar(x))));
  b.setBlock(l->block);
  ret(b, b.readVar(s));
  return f;
}

TEST(EmitTest, CanonicalLoopIsAForHeader) {
  auto f = sumLoop();
  ASSERT_EQ(verify(*f), std::vector<std::string>{});
  std::string out = emitFunction(*f, EmitOptions{});
  EXPECT_TRUE(contains(out, "ADGEN_HD double sum(const double* a, double x) {"))
      << out;
  EXPECT_TRUE(contains(out, "for (int i = 0; i < 3; ++i) {")) << out;
  EXPECT_TRUE(contains(out, "s += a[i] * x;")) << out;
  EXPECT_TRUE(contains(out, "return s;")) << out;
}

TEST(EmitTest, TangentOfCanonicalLoopKeepsTheForHeader) {
  auto f = sumLoop();
  DerivedModule dm;
  Function *g = jvpOf(dm, *f);
  ASSERT_EQ(verify(*g), std::vector<std::string>{});
  std::string out = emitFunction(*g, EmitOptions{});
  EXPECT_TRUE(contains(out, "ADGEN_HD double sum_jvp(const double* a, "
                            "double x, const double* a_dot, double x_dot, "
                            "double* sum_dot) {"))
      << out;
  EXPECT_TRUE(contains(out, "for (int i = 0; i < 3; ++i) {")) << out;
  EXPECT_TRUE(contains(out, "s_dot")) << out;
  EXPECT_TRUE(contains(out, "*sum_dot = s_dot;")) << out;
}

TEST(EmitTest, WhileLoopAndIf) {
  // double h(double x) { while (x < 10) { if (x < 0) break; x = x * 2; }
  //   return x; }
  auto f = newFunction("h");
  Var *x = scalarParam(*f, "x");
  Builder b(*f);
  Op *l = b.loop(LoopKind::While);
  b.setBlock(l->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(x), b.constant(10, Type::Double))});
  b.setBlock(l->region(1));
  Op *i = b.ifOp(b.binary(OpKind::Lt, b.readVar(x),
                          b.constant(0, Type::Double)));
  b.setBlock(i->region(0));
  b.create(OpKind::Break, Type::Void);
  b.setBlock(l->region(1));
  b.writeVar(x, b.mul(b.readVar(x), b.constant(2, Type::Double)));
  b.setBlock(&f->body);
  ret(b, b.readVar(x));
  ASSERT_EQ(verify(*f), std::vector<std::string>{});
  std::string out = emitFunction(*f, EmitOptions{});
  EXPECT_TRUE(contains(out, "while (x < 10.0) {")) << out;
  EXPECT_TRUE(contains(out, "if (x < 0.0) {")) << out;
  EXPECT_TRUE(contains(out, "break;")) << out;
  EXPECT_TRUE(contains(out, "x *= 2.0;")) << out;
}

TEST(EmitTest, InternalFunctionsAreInline) {
  auto f = sumLoop();
  f->isInternal = true;
  f->doc = "Sums.";
  std::string out = emitFunction(*f, EmitOptions{});
  EXPECT_TRUE(contains(out, "/// Sums.\nADGEN_HD inline double sum(")) << out;
}

TEST(EmitTest, FileHasPrologueAndNamespaces) {
  auto f = sumLoop();
  f->nameSpace = "ns";
  DerivedModule dm;
  Function *g = jvpOf(dm, *f);
  EmitOptions o;
  o.input = "dir/sum.cpp";
  o.version = "9.9";
  std::string file = emitFile(dm.module, o);
  EXPECT_TRUE(contains(file, "adgen 9.9 from sum.cpp")) << file;
  EXPECT_TRUE(contains(file, "namespace ns {")) << file;
  EXPECT_TRUE(contains(file, "} // namespace ns")) << file;
  std::string header = emitHeader(dm.module, o);
  EXPECT_TRUE(contains(header, "ADGEN_HD " + signatureOf(*g) + ";")) << header;
}

} // namespace
