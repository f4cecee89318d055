// Reverse mode's passes run one at a time on IR built by hand: the adjoint
// storage, then the forward sweep alone, then the backward sweep, checked
// against the derivative by interpretation.
#include "IRHelpers.h"
#include "Interp.h"
#include "analysis/Activity.h"
#include "ir/Verifier.h"
#include "transform/Adjoint.h"
#include "transform/AdjointStorage.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace adgen;
using namespace adgen::test;

namespace {

int count(const Function &f, OpKind k) {
  int n = 0;
  walk(f.body, [&](const Op &o) { n += o.kind == k; });
  return n;
}

/// h = x; for (i = 0; i < 3; ++i) h = h * x; return h;   (x⁴)
std::unique_ptr<Function> power4() {
  auto f = newFunction("p");
  Var *x = scalarParam(*f, "x");
  Var *h = f->newVar("h", Type::Double), *i = f->newVar("i", Type::Int);
  Builder b(*f);
  b.decl(h, b.readVar(x));
  countedLoop(b, i, 0, 3);
  b.writeVar(h, b.mul(b.readVar(h), b.readVar(x)));
  b.setBlock(&f->body);
  ret(b, b.readVar(h));
  return f;
}

TEST(AdjointStorageTest, SignatureAndLocals) {
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *y = scalarParam(*f, "y");
  Array *a = arrayParam(*f, "a");
  Var *t = f->newVar("t", Type::Double);
  Builder b(*f);
  b.decl(t, b.mul(b.readVar(x), b.load(a, b.constant(0, Type::Int))));
  b.writeVar(y, b.readVar(t)); // y is overwritten: its adjoint is a local
  ret(b, b.add(b.readVar(t), b.readVar(y)));
  Activity act = analyzeVaried(*f, {x, y}, {a});
  keepUseful(*f, act);
  auto F = newFunctionLike(*f, "f_grad");
  Remap m;
  UniqueNames names(*f);
  AdjointStorage st =
      declareAdjointStorage(*f, *F, {true, true, true}, act, m, names);
  // x, y, a, then x_bar, y_bar, a_bar, then the seed f_bar = 1.
  ASSERT_EQ(F->params.size(), 7u);
  EXPECT_EQ(F->params[3].name(), "x_bar");
  EXPECT_TRUE(F->params[3].arr && F->params[3].arr->scalarOut);
  EXPECT_EQ(F->params[5].name(), "a_bar");
  ASSERT_EQ(F->params[6].var, st.seed);
  EXPECT_EQ(st.seed->defaultValue, 1.0);
  EXPECT_TRUE(st.directAdj.count(x));  // *x_bar itself
  EXPECT_TRUE(st.varAdj.count(y));     // y_bar_local, handed over at the end
  ASSERT_EQ(st.accumulateInto.size(), 1u);
  EXPECT_EQ(st.accumulateInto[0].first->name, "y_bar_local");
  EXPECT_EQ(st.varAdj.at(t)->name, "t_bar");
  EXPECT_EQ(m.source(m.var(t)), t);
  // The locals' adjoints are declared zero at the top.
  EXPECT_EQ(count(*F, OpKind::Decl), 2); // y_bar_local, t_bar
}

TEST(AdjointPassesTest, ForwardSweepThenBackwardSweep) {
  auto f = power4();
  AdjointOptions opts;
  opts.name = "p_grad";
  opts.active = {true};
  AdjointPasses passes(*f, opts);
  passes.activity();
  passes.toBeRecorded();
  passes.checkpointPlan();
  std::unique_ptr<Function> F = passes.storage();
  EXPECT_EQ(F->params.size(), 3u); // x, x_bar, p_bar
  EXPECT_TRUE(F->body.ops.size() <= 4u) << "only adjoint declarations";

  Diagnostic d{};
  ASSERT_TRUE(passes.forwardSweep(d));
  EXPECT_TRUE(verify(*F).empty());
  // The loop tapes what its statement needs; nothing is popped or
  // returned yet.
  EXPECT_GT(count(*F, OpKind::Push), 0);
  EXPECT_EQ(count(*F, OpKind::Pop), 0);
  EXPECT_EQ(count(*F, OpKind::Return), 0);

  passes.backwardSweep();
  EXPECT_TRUE(verify(*F).empty());
  EXPECT_EQ(count(*F, OpKind::Pop), count(*F, OpKind::Push));
  EXPECT_EQ(F->body.ops.back()->kind, OpKind::Return);
  for (double x : {1.3, -0.7, 2.0}) {
    std::vector<std::vector<double>> arrays{{0.0}};
    double v = interpret(*F, {x, 1.0}, arrays);
    EXPECT_DOUBLE_EQ(v, std::pow(x, 4));
    EXPECT_NEAR(arrays[0][0], 4 * std::pow(x, 3), 1e-12);
  }
}

TEST(AdjointPassesTest, ForwardSweepReportsWhatItCannotReverse) {
  // A loop whose condition writes an active value.
  auto f = newFunction("q");
  Var *x = scalarParam(*f, "x");
  Var *s = f->newVar("s", Type::Double);
  Builder b(*f);
  b.decl(s, b.readVar(x));
  Op *lp = b.loop(LoopKind::While);
  b.setBlock(lp->region(0));
  b.writeVar(s, b.mul(b.readVar(s), b.readVar(x)));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(s), b.constant(10, Type::Double))});
  b.setBlock(&f->body);
  ret(b, b.readVar(s));
  AdjointOptions opts;
  opts.name = "q_grad";
  opts.active = {true};
  AdjointPasses passes(*f, opts);
  passes.activity();
  passes.toBeRecorded();
  passes.checkpointPlan();
  auto F = passes.storage();
  Diagnostic d{};
  EXPECT_FALSE(passes.forwardSweep(d));
  EXPECT_EQ(d.id, Diag::ActiveLoopCondition);
}

} // namespace
