// Varied (activity) analysis: what depends on the active inputs.
#include "IRHelpers.h"
#include "analysis/Activity.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

struct ActivityTest : ::testing::Test {
  std::unique_ptr<Function> f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *p = scalarParam(*f, "p");
  Builder b{*f};
  Activity seeded(std::set<const Var *> v, std::set<const Array *> a = {}) {
    return analyzeVaried(*f, v, a);
  }
};

TEST_F(ActivityTest, InactiveParameterGivesNoActiveValues) {
  Op *m = b.mul(b.readVar(p), b.readVar(p));
  ret(b, b.math(MathFn::Sin, {m}));
  Activity act = seeded({x}); // x is active but never read
  EXPECT_TRUE(act.values.empty());
  EXPECT_FALSE(act.active(p));
  Activity none = seeded({});
  EXPECT_TRUE(none.values.empty());
  EXPECT_TRUE(none.vars.empty());
}

TEST_F(ActivityTest, ValuesDependingOnActiveInputAreActive) {
  Op *rx = b.readVar(x), *rp = b.readVar(p);
  Op *m = b.mul(rx, rp);
  Op *q = b.mul(rp, rp);
  ret(b, b.add(m, q));
  Activity act = seeded({x});
  EXPECT_TRUE(act.active(rx));
  EXPECT_FALSE(act.active(rp));
  EXPECT_TRUE(act.active(m));
  EXPECT_FALSE(act.active(q));
  EXPECT_TRUE(act.active(f->body.ops.back()->operands[0]));
}

TEST_F(ActivityTest, VariableWrittenFromActiveValueBecomesActive) {
  Var *t = f->newVar("t", Type::Double);
  Var *u = f->newVar("u", Type::Double);
  b.decl(t, b.constant(0, Type::Double));
  b.decl(u, b.readVar(p));
  Op *before = b.readVar(t); // flow-insensitive: active too
  b.writeVar(t, b.mul(b.readVar(x), b.readVar(p)));
  ret(b, b.add(before, b.readVar(u)));
  Activity act = seeded({x});
  EXPECT_TRUE(act.active(t));
  EXPECT_FALSE(act.active(u));
  EXPECT_TRUE(act.active(before));
}

TEST_F(ActivityTest, ActivityPropagatesThroughChainsOfVariables) {
  Var *t = f->newVar("t", Type::Double), *u = f->newVar("u", Type::Double);
  b.decl(u, b.constant(0, Type::Double));
  Op *ru = b.readVar(u); // u is read before t is known to be active
  b.decl(t, b.readVar(x));
  b.writeVar(u, b.readVar(t));
  ret(b, ru);
  Activity act = seeded({x});
  EXPECT_TRUE(act.active(u));
  EXPECT_TRUE(act.active(ru));
}

TEST_F(ActivityTest, IntegerLoopCounterIsNeverActive) {
  Var *i = f->newVar("i", Type::Int), *s = f->newVar("s", Type::Double);
  b.decl(s, b.readVar(x));
  Op *l = countedLoop(b, i, 0, 3);
  Op *ci = b.cast(b.readVar(i), Type::Double);
  b.writeVar(s, b.mul(b.readVar(s), ci));
  // An int computed from an active value stays inactive.
  b.writeVar(i, b.cast(b.readVar(s), Type::Int));
  b.setBlock(l->block);
  ret(b, b.readVar(s));
  Activity act = seeded({x});
  EXPECT_TRUE(act.active(s));
  EXPECT_FALSE(act.active(i));
  EXPECT_FALSE(act.active(ci));
  walk(f->body, [&](const Op &o) {
    if (act.active(&o)) {
      EXPECT_TRUE(isFloating(o.type)) << opMnemonic(o.kind);
    }
  });
}

TEST_F(ActivityTest, ComparisonsAndSelectConditionsAreInactive) {
  Op *c = b.binary(OpKind::Lt, b.readVar(x), b.readVar(p));
  Op *s1 = b.select(c, b.readVar(p), b.constant(1, Type::Double));
  Op *s2 = b.select(c, b.readVar(x), b.readVar(p));
  ret(b, b.add(s1, s2));
  Activity act = seeded({x});
  EXPECT_FALSE(act.active(c));
  EXPECT_FALSE(act.active(s1));
  EXPECT_TRUE(act.active(s2));
}

TEST_F(ActivityTest, ArrayStoredFromActiveValueBecomesActive) {
  Array *in = arrayParam(*f, "in", Type::Double, true);
  Array *out = arrayParam(*f, "out");
  Array *other = arrayParam(*f, "other");
  Op *i0 = b.constant(0, Type::Int);
  b.store(out, i0, b.mul(b.readVar(x), b.load(in, i0)));
  b.store(other, i0, b.load(in, i0));
  Op *back = b.load(out, i0);
  ret(b, back);
  Activity act = seeded({x});
  EXPECT_TRUE(act.active(out));
  EXPECT_FALSE(act.active(other));
  EXPECT_FALSE(act.active(in));
  EXPECT_TRUE(act.active(back));
  Activity viaArray = seeded({}, {in});
  EXPECT_TRUE(viaArray.active(out));
  EXPECT_TRUE(viaArray.active(other));
}

TEST_F(ActivityTest, CallWritingArrayParameterActivatesIt) {
  // void g(double v, double* o) { o[0] = v; }
  auto g = newFunction("g", Type::Void);
  Var *gv = scalarParam(*g, "v");
  Array *go = arrayParam(*g, "o");
  {
    Builder gb(*g);
    gb.store(go, gb.constant(0, Type::Int), gb.readVar(gv));
    ret(gb);
  }
  EXPECT_TRUE(writesParamArray(*g, 1));
  // f: double buf[1]; g(x, buf); return buf[0];
  Array *buf = f->newArray("buf", Type::Double);
  buf->size = 1;
  b.create(OpKind::DeclArray, Type::Void)->arr = buf;
  Op *call = b.create(OpKind::Call, Type::Void, {b.readVar(x)});
  call->callee = g.get();
  call->arrays = {buf};
  call->argOrder = {0, ~0};
  Op *r = b.load(buf, b.constant(0, Type::Int));
  ret(b, r);
  Activity act = seeded({x});
  EXPECT_TRUE(act.active(buf));
  EXPECT_TRUE(act.active(r));
  EXPECT_FALSE(seeded({p}).active(buf));
}

TEST_F(ActivityTest, WritesParamArrayThroughNestedCall) {
  auto g = newFunction("g", Type::Void);
  Array *go = arrayParam(*g, "o");
  Builder gb(*g);
  gb.store(go, gb.constant(0, Type::Int), gb.constant(1, Type::Double));
  ret(gb);
  auto h = newFunction("h", Type::Void);
  Array *ha = arrayParam(*h, "a");
  Array *hb = arrayParam(*h, "b", Type::Double, true);
  Builder hb2(*h);
  Op *c = hb2.create(OpKind::Call, Type::Void);
  c->callee = g.get();
  c->arrays = {ha};
  c->argOrder = {~0};
  ret(hb2);
  EXPECT_TRUE(writesParamArray(*h, 0));
  EXPECT_FALSE(writesParamArray(*h, 1));
  (void)hb;
}

} // namespace
