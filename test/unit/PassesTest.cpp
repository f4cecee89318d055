// The driver's pass lists (driver/Passes.h) and their runner: the names in
// order, the IR printed after a named pass, the verifier after each pass
// naming the one that broke the IR; and diagnostics as values.
#include "IRHelpers.h"
#include "driver/PassRunner.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

std::vector<std::string> names(const PassList &l) {
  std::vector<std::string> n;
  for (const Pass &p : l)
    n.push_back(p.name);
  return n;
}

/// double f(double x) { double s = 0; for (int i = 0; i < 3; ++i) {
///   if (x < 0) break; s = s + x * x; } return s; }
std::unique_ptr<Function> loopWithBreak() {
  auto f = newFunction("f");
  Var *x = scalarParam(*f, "x");
  Var *s = f->newVar("s", Type::Double);
  Var *i = f->newVar("i", Type::Int);
  Builder b(*f);
  b.decl(s, b.constant(0, Type::Double));
  Op *l = countedLoop(b, i, 0, 3);
  Op *br =
      b.ifOp(b.binary(OpKind::Lt, b.readVar(x), b.constant(0, Type::Double)));
  b.setBlock(br->region(0));
  b.create(OpKind::Break, Type::Void);
  b.setBlock(l->region(1));
  b.writeVar(s, b.add(b.readVar(s), b.mul(b.readVar(x), b.readVar(x))));
  b.setBlock(l->block);
  ret(b, b.readVar(s));
  return f;
}

/// A pass that leaves an op reading a value defined after it.
bool breakIR(PassState &s) {
  Builder b(*s.fn);
  b.setBlock(&s.fn->body);
  Op *n = b.create(OpKind::Neg, Type::Double);
  n->operands.push_back(b.readVar(s.fn->params[0].var)); // made after it
  return true;
}

bool keep(PassState &) { return true; }

bool cloneIt(PassState &s) {
  s.fn = loopWithBreak();
  return true;
}

} // namespace

TEST(PassesTest, ListsInPipelineOrder) {
  EXPECT_EQ(names(loweringPasses()), (std::vector<std::string>{"lower"}));
  EXPECT_EQ(names(gradPasses()),
            (std::vector<std::string>{
                "clone", "inline", "structure", "conditions", "hoist", "activity",
                "to-be-recorded", "checkpoint-plan", "adjoint-storage",
                "forward-sweep", "backward-sweep", "value-numbering",
                "fuse-loops", "forward-order", "dead-code"}));
  EXPECT_EQ(names(jvpPasses()),
            (std::vector<std::string>{"tangent", "dead-code"}));
  EXPECT_EQ(names(vectorJvpPasses()),
            (std::vector<std::string>{"clone", "inline", "tangent",
                                      "value-numbering", "dead-code"}));
  EXPECT_EQ(names(batchPasses()),
            (std::vector<std::string>{"clone", "inline"}));
  EXPECT_EQ(passNames(),
            (std::vector<std::string>{
                "lower", "clone", "inline", "structure", "conditions", "hoist", "activity",
                "to-be-recorded", "checkpoint-plan", "adjoint-storage",
                "forward-sweep", "backward-sweep", "value-numbering",
                "fuse-loops", "forward-order", "dead-code", "tangent"}));
}

TEST(PassesTest, GradPassesPrintAfterAndVerifyEach) {
  auto f = loopWithBreak();
  PassState s;
  s.primal = f.get();
  s.adjoint.name = "f_grad";
  s.adjoint.active = {true};
  PassOptions o;
  o.printAfter = {"structure", "dead-code"};
  o.verifyEach = true;
  testing::internal::CaptureStderr();
  bool ok = runPasses(gradPasses(), s, o);
  std::string err = testing::internal::GetCapturedStderr();
  ASSERT_TRUE(ok) << err;
  ASSERT_TRUE(s.fn);
  EXPECT_EQ(s.fn->name, "f_grad");
  EXPECT_TRUE(s.errors.empty());
  // The structured primal (its break became a flag), then f_grad; nothing
  // after the other passes.
  size_t at = err.find("*** IR after structure (f) ***\nwengert f(");
  EXPECT_NE(at, std::string::npos) << err;
  EXPECT_NE(err.find("adgen_break"), std::string::npos) << err;
  EXPECT_NE(err.find("*** IR after dead-code (f_grad) ***\nwengert f_grad("),
            std::string::npos)
      << err;
  EXPECT_EQ(err.find("*** IR after inline"), std::string::npos) << err;
  EXPECT_EQ(err.find("*** IR after forward-sweep"), std::string::npos) << err;
}

TEST(PassesTest, ReverseModeSweepBySweep) {
  // After the forward sweep f_grad is the primal with its tape pushes and
  // no return yet; the backward sweep pops and returns.
  auto f = loopWithBreak();
  PassState s;
  s.primal = f.get();
  s.adjoint.name = "f_grad";
  s.adjoint.active = {true};
  PassOptions o;
  o.printAfter = {"adjoint-storage", "forward-sweep", "backward-sweep"};
  o.verifyEach = true;
  testing::internal::CaptureStderr();
  bool ok = runPasses(gradPasses(), s, o);
  std::string err = testing::internal::GetCapturedStderr();
  ASSERT_TRUE(ok) << err;
  size_t storage = err.find("*** IR after adjoint-storage (f_grad) ***");
  size_t fwd = err.find("*** IR after forward-sweep (f_grad) ***");
  size_t bwd = err.find("*** IR after backward-sweep (f_grad) ***");
  ASSERT_NE(storage, std::string::npos) << err;
  ASSERT_NE(fwd, std::string::npos) << err;
  ASSERT_NE(bwd, std::string::npos) << err;
  EXPECT_LT(storage, fwd);
  EXPECT_LT(fwd, bwd);
  std::string forward = err.substr(fwd, bwd - fwd);
  std::string backward = err.substr(bwd);
  EXPECT_NE(forward.find("push"), std::string::npos) << forward;
  EXPECT_EQ(forward.find("pop"), std::string::npos) << forward;
  EXPECT_EQ(forward.find("return"), std::string::npos) << forward;
  EXPECT_NE(backward.find("pop"), std::string::npos) << backward;
  EXPECT_NE(backward.find("return"), std::string::npos) << backward;
  ASSERT_TRUE(s.prepared); // the primal the sweeps read, kept alive
  EXPECT_EQ(s.prepared->name, "f");
}

TEST(PassesTest, VerifyEachNamesThePassThatBrokeTheIR) {
  PassList passes{{"make", cloneIt}, {"break-it", breakIR}, {"later", keep}};
  PassOptions o;
  o.verifyEach = true;
  PassState s;
  testing::internal::CaptureStderr();
  EXPECT_FALSE(runPasses(passes, s, o));
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("adgen: internal error: invalid IR after pass "
                     "'break-it' in 'f': "),
            std::string::npos)
      << err;
  // Without it only the end is checked: the error names the last pass.
  PassState t;
  testing::internal::CaptureStderr();
  EXPECT_FALSE(runPasses(passes, t, PassOptions{}));
  err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("invalid IR after pass 'later' in 'f'"), std::string::npos)
      << err;
  EXPECT_EQ(err.find("'break-it'"), std::string::npos) << err;
}

TEST(PassesTest, DiagnosticAsPlainText) {
  Diagnostic d{Diag::CheckpointExtentUnknown, "f.cpp", {14, 3}, {"14", "p"}};
  EXPECT_EQ(plainText(d),
            "f.cpp:14:3: error: the checkpointed loop at line 14 writes or "
            "reads pointer parameter 'p' as part of its state, and adgen "
            "cannot tell its extent\nf.cpp:14:3: note: hint: add a size "
            "clause to the function's directive, e.g. '#pragma adgen grad "
            "size(p, n)'");
  Diagnostic r{Diag::ReturnInRegion, "f.cpp", {2, 1}, {}};
  EXPECT_EQ(plainText(r), "f.cpp:2:1: error: a return inside a region "
                          "survived jump structuring");
}
