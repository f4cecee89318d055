// To-be-recorded facts and the checkpoint plan, each run alone on IR built
// by hand.
#include "analysis/Recording.h"
#include "IRHelpers.h"
#include "analysis/Activity.h"
#include "ir/Policy.h"
#include "transform/CheckpointPlan.h"

#include <gtest/gtest.h>

#include <functional>

using namespace adgen;
using namespace adgen::test;

namespace {

struct RecordingTest : ::testing::Test {
  std::unique_ptr<Function> f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Array *out = arrayParam(*f, "out");
  Builder b{*f};
  Var *h = f->newVar("h", Type::Double);
  Var *s = f->newVar("s", Type::Double);
  Var *i = f->newVar("i", Type::Int);
  Var *j = f->newVar("j", Type::Int);
};

TEST_F(RecordingTest, SettledWritesOnceAndUses) {
  // Positions are top-level op indices (the Wengert list's statements).
  Op *ds = b.decl(s, b.mul(b.readVar(x), b.readVar(x)));
  Op *dh = b.decl(h, b.constant(1, Type::Double));
  Op *lp = countedLoop(b, i, 0, 4);
  b.writeVar(h, b.mul(b.readVar(h), b.readVar(s)));
  b.setBlock(&f->body);
  Op *copy = b.decl(j, b.constant(3, Type::Int));
  ret(b, b.readVar(h));
  auto at = [&](const Op *o) { return static_cast<int>(f->body.indexOf(o)); };
  RecordFacts r = analyzeRecording(*f);
  EXPECT_TRUE(r.settledAt(s, at(ds) + 1));
  EXPECT_FALSE(r.settledAt(s, at(ds)));
  EXPECT_FALSE(r.settledAt(h, at(dh) + 1)); // the loop writes it again
  EXPECT_FALSE(r.settledAt(h, at(lp)));
  EXPECT_TRUE(r.settledAt(h, at(lp) + 1));
  EXPECT_TRUE(r.settledAt(x, 0)); // never written
  EXPECT_EQ(r.writeCount.at(h), 2);
  EXPECT_EQ(r.writeCount.at(i), 2); // declaration and step
  EXPECT_TRUE(r.writtenOnceByDecl(*copy));
  EXPECT_FALSE(r.writtenOnceByDecl(*f->body.ops[f->body.indexOf(lp) - 1]));
  EXPECT_EQ(r.uses.at(lp->region(1)->ops[0].get()), 1); // read h
}

TEST_F(RecordingTest, SnapshotsOfALoopBody) {
  // for (t) { double a[3]; a[k] = x (k < 3); for (q) s += a[q]; }: a is
  // final after statement `at`, then read by the nested loop.
  Array *a = f->newArray("a", Type::Double);
  a->size = 3;
  a->dims = {3};
  Array *g = f->newArray("g", Type::Double); // from outside, read first
  g->size = 3;
  g->dims = {3};
  b.create(OpKind::DeclArray, Type::Void)->arr = g;
  Op *lp = countedLoop(b, i, 0, 5);
  Block *body = b.block();
  b.create(OpKind::DeclArray, Type::Void)->arr = a;
  Op *inner = countedLoop(b, j, 0, 3); // writes a
  b.store(a, b.readVar(j), b.readVar(x));
  b.setBlock(body);
  Var *q = f->newVar("q", Type::Int);
  countedLoop(b, q, 0, 3); // reads a and g
  b.writeVar(s, b.add(b.load(a, b.readVar(q)), b.load(g, b.readVar(q))));
  b.setBlock(body);
  Op *first = b.store(g, b.constant(0, Type::Int), b.readVar(x));
  std::vector<BodySnapshot> snaps = snapshotsOf(*lp);
  ASSERT_EQ(snaps.size(), 2u);
  EXPECT_EQ(snaps[0].array, a);
  EXPECT_EQ(snaps[0].kind, BodySnapshot::AfterLastWrite);
  EXPECT_EQ(snaps[0].at, static_cast<int>(body->indexOf(inner)));
  EXPECT_EQ(snaps[1].array, g);
  EXPECT_EQ(snaps[1].kind, BodySnapshot::AtEntry);
  EXPECT_EQ(snaps[1].at, static_cast<int>(body->indexOf(first)));
}

/// `for (v = 0; v < bound; ++v)`, the builder left in the body.
Op *loopTo(Builder &b, Var *v, const std::function<Op *()> &bound) {
  b.decl(v, b.constant(0, v->type));
  Op *l = b.loop(LoopKind::For);
  b.setBlock(l->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(v), bound())});
  b.setBlock(l->region(2));
  b.writeVar(v, b.binary(OpKind::Add, b.readVar(v), b.constant(1, v->type)));
  b.setBlock(l->region(1));
  return l;
}

TEST_F(RecordingTest, TopLevelScratchRewrittenWholeIsRestoredInPlace) {
  // std::vector<double> w(n); for (t < 5) { int m = n; for (j < m) w[j] = x;
  // for (q < n) s += w[q]; }: each iteration stores all of w before the
  // nested loop reads it, so pushing w costs no more than the stores.
  // With `for (j < k) w[j]` (k another parameter) or `w[0] = x` the
  // iteration may write less than w: no snapshot. The filling loop's store
  // gives w's values (wholeFill) unless a second store (variant 3, `w[0] =
  // x` after the loop) writes w too.
  for (int variant = 0; variant < 4; ++variant) {
    auto g = newFunction("g");
    Var *gx = scalarParam(*g, "x");
    Var *n = scalarParam(*g, "n", Type::Int);
    Var *k = scalarParam(*g, "k", Type::Int);
    Builder gb{*g};
    Array *w = g->newArray("w", Type::Double);
    w->heap = true;
    gb.create(OpKind::DeclArray, Type::Void,
              {gb.cast(gb.readVar(n), Type::Long)})
        ->arr = w;
    Var *gs = g->newVar("s", Type::Double);
    gb.decl(gs, gb.constant(0, Type::Double));
    Var *t = g->newVar("t", Type::Int), *m = g->newVar("m", Type::Int);
    Var *gj = g->newVar("j", Type::Int), *q = g->newVar("q", Type::Int);
    Op *lp = countedLoop(gb, t, 0, 5);
    Block *body = gb.block();
    gb.decl(m, gb.readVar(n));
    Op *writes = nullptr, *fill = nullptr, *again = nullptr;
    if (variant != 2) {
      writes = loopTo(gb, gj, [&] { return gb.readVar(variant == 1 ? k : m); });
      fill = gb.store(w, gb.readVar(gj), gb.readVar(gx));
    } else {
      writes = gb.store(w, gb.constant(0, Type::Int), gb.readVar(gx));
    }
    gb.setBlock(body);
    if (variant == 3)
      again = gb.store(w, gb.constant(0, Type::Int), gb.readVar(gx));
    loopTo(gb, q, [&] { return gb.readVar(n); });
    gb.writeVar(gs, gb.add(gb.readVar(gs), gb.load(w, gb.readVar(q))));
    gb.setBlock(&g->body);
    ret(gb, gb.readVar(gs));
    std::vector<BodySnapshot> snaps = snapshotsOf(*lp);
    if (variant == 1 || variant == 2) {
      EXPECT_TRUE(snaps.empty()) << "variant " << variant;
      continue;
    }
    ASSERT_EQ(snaps.size(), 1u);
    EXPECT_EQ(snaps[0].array, w);
    EXPECT_EQ(snaps[0].kind, BodySnapshot::AfterLastWrite);
    EXPECT_TRUE(snaps[0].inPlace);
    int loopAt = static_cast<int>(body->indexOf(writes));
    if (variant == 3) {
      EXPECT_EQ(snaps[0].at, static_cast<int>(body->indexOf(again)));
      EXPECT_EQ(wholeFill(*body, snaps[0].at, w), nullptr);
      EXPECT_EQ(wholeFill(*body, loopAt, w), nullptr);
      continue;
    }
    EXPECT_EQ(snaps[0].at, loopAt);
    EXPECT_EQ(wholeFill(*body, snaps[0].at, w), fill);
    EXPECT_EQ(wholeFill(*body, snaps[0].at - 1, w), nullptr); // m's decl
  }
}

struct CheckpointPlanTest : RecordingTest {
  Op *loop = nullptr;
  /// h = 1; t = x; for (i = 0; i < 8; ++i) { u = h * t; h = u; out[i] = h; }
  static std::optional<checkpoint::Policy> P(const std::string &text) {
    checkpoint::Policy p;
    if (text.empty() || !parsePolicy(text, p))
      return std::nullopt;
    return p;
  }
  void build(const std::string &policy) {
    b.decl(h, b.constant(1, Type::Double));
    Var *t = f->newVar("t", Type::Double), *u = f->newVar("u", Type::Double);
    b.decl(t, b.readVar(x));
    loop = countedLoop(b, i, 0, 8);
    loop->policy = P(policy);
    b.decl(u, b.mul(b.readVar(h), b.readVar(t)));
    b.writeVar(h, b.readVar(u));
    b.store(out, b.readVar(i), b.readVar(h));
    b.setBlock(&f->body);
    ret(b, b.readVar(h));
  }
  CheckpointPlans plan(const std::string &defaultPolicy = "") {
    Activity act = analyzeVaried(*f, {x}, {});
    return planCheckpoints(*f, act, analyzeRecording(*f), P(defaultPolicy));
  }
};

TEST_F(CheckpointPlanTest, StateOfACheckpointedLoop) {
  build("every 2");
  CheckpointPlans plans = plan();
  ASSERT_EQ(plans.size(), 1u);
  const CheckpointPlan &p = plans.at(loop);
  EXPECT_EQ(policyName(p.policy), "every 2");
  EXPECT_EQ(p.counter, i);
  // h is carried; t is settled before the loop; u is the body's own; the
  // counter is set from the iteration number.
  EXPECT_EQ(p.vars, (std::vector<const Var *>{h}));
  EXPECT_TRUE(p.arrays.empty()); // out is written, never read
  EXPECT_EQ(p.stash, (std::vector<const Array *>{out}));
}

TEST_F(CheckpointPlanTest, PoliciesAllAndNoneAreNotPlanned) {
  build("all");
  EXPECT_TRUE(plan().empty());
  EXPECT_TRUE(plan("every 3").empty()); // the directive wins
}

TEST_F(CheckpointPlanTest, DefaultPolicyAppliesToOutermostLoops) {
  build("");
  EXPECT_TRUE(plan().empty());
  CheckpointPlans plans = plan("binomial 3");
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(policyName(plans.at(loop).policy), "binomial 3");
  EXPECT_FALSE(checkpointPolicy(*loop, false, P("binomial 3")));
}

TEST_F(CheckpointPlanTest, ALoopWithoutActiveWritesIsNotPlanned) {
  b.decl(h, b.constant(1, Type::Double));
  loop = countedLoop(b, i, 0, 8);
  loop->policy = P("every 2");
  b.writeVar(h, b.constant(2, Type::Double)); // constant: inactive
  b.setBlock(&f->body);
  ret(b, b.readVar(x));
  EXPECT_TRUE(plan().empty());
}

} // namespace
