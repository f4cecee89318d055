// Verifier: accepts well-formed IR, rejects each broken invariant with a
// message naming the problem.
#include "ir/Verifier.h"
#include "IRHelpers.h"
#include "ir/Printer.h"

#include <gtest/gtest.h>

using namespace adgen;
using namespace adgen::test;

namespace {

/// True when some message contains `what`; prints them all otherwise.
::testing::AssertionResult rejects(const Function &f, const std::string &what) {
  auto errs = verify(f);
  for (auto &e : errs)
    if (e.find(what) != std::string::npos)
      return ::testing::AssertionSuccess();
  auto r = ::testing::AssertionFailure();
  r << "no error containing '" << what << "'; got " << errs.size() << ":";
  for (auto &e : errs)
    r << "\n  " << e;
  return r;
}

struct VerifierTest : ::testing::Test {
  std::unique_ptr<Function> f = newFunction("f");
  Var *xv = scalarParam(*f, "x");
  Array *a = arrayParam(*f, "a", Type::Double, /*isConst=*/true);
  Builder b{*f};
  Op *x = b.readVar(xv);
};

TEST_F(VerifierTest, WellFormedFunctionIsClean) {
  // double f(double x, const double* a) {
  //   double s = 0; for (int i = 0; i < 3; ++i) { if (x < 0) break;
  //   s = s + a[i] * x; } return s; }
  Var *s = f->newVar("s", Type::Double);
  Var *i = f->newVar("i", Type::Int);
  b.decl(s, b.constant(0, Type::Double));
  Op *l = countedLoop(b, i, 0, 3);
  Op *br =
      b.ifOp(b.binary(OpKind::Lt, b.readVar(xv), b.constant(0, Type::Double)));
  b.setBlock(br->region(0));
  b.create(OpKind::Break, Type::Void);
  b.setBlock(l->region(1));
  Op *term = b.mul(b.load(a, b.readVar(i)), b.readVar(xv));
  b.writeVar(s, b.add(b.readVar(s), term));
  b.setBlock(l->block);
  ret(b, b.math(MathFn::Sin, {b.readVar(s)}));
  EXPECT_EQ(verify(*f), std::vector<std::string>{});
}

TEST_F(VerifierTest, OperandUsedBeforeDefinition) {
  Op *n = b.create(OpKind::Neg, Type::Double);
  Op *later = b.readVar(xv);
  n->operands.push_back(later);
  ret(b, n);
  EXPECT_TRUE(rejects(*f, "before its definition"));
}

TEST_F(VerifierTest, OperandFromInnerRegionUsedOutside) {
  Op *i = b.ifOp(b.binary(OpKind::Lt, x, x));
  b.setBlock(i->region(0));
  Op *inner = b.mul(b.readVar(xv), b.readVar(xv));
  b.setBlock(&f->body);
  ret(b, inner);
  EXPECT_TRUE(rejects(*f, "outside its region"));
}

TEST_F(VerifierTest, WrongOperandCount) {
  ret(b, b.create(OpKind::Mul, Type::Double, {x}));
  EXPECT_TRUE(rejects(*f, "expected 2 operands, got 1"));
}

TEST_F(VerifierTest, WrongMathArity) {
  ret(b, b.math(MathFn::Pow, {x}));
  EXPECT_TRUE(rejects(*f, "wrong arity for pow"));
}

TEST_F(VerifierTest, BreakOutsideLoop) {
  Op *i = b.ifOp(b.binary(OpKind::Lt, x, x));
  b.setBlock(i->region(0));
  b.create(OpKind::Break, Type::Void);
  b.setBlock(&f->body);
  ret(b, x);
  EXPECT_TRUE(rejects(*f, "outside a loop"));
}

TEST_F(VerifierTest, ContinueInLoopStepIsOutsideTheBody) {
  Var *i = f->newVar("i", Type::Int);
  Op *l = countedLoop(b, i, 0, 3);
  b.setBlock(l->region(2));
  b.create(OpKind::Continue, Type::Void);
  b.setBlock(l->block);
  ret(b, x);
  EXPECT_TRUE(rejects(*f, "outside a loop"));
}

TEST_F(VerifierTest, TerminatorNotLast) {
  ret(b, x);
  b.readVar(xv);
  EXPECT_TRUE(rejects(*f, "terminator is not the last op"));
}

TEST_F(VerifierTest, LoopConditionRegionWithoutCondition) {
  Op *l = b.loop(LoopKind::While);
  b.setBlock(l->region(0));
  b.binary(OpKind::Lt, b.readVar(xv), b.constant(1, Type::Double));
  b.setBlock(&f->body);
  ret(b, x);
  EXPECT_TRUE(rejects(*f, "does not end in a condition"));
}

TEST_F(VerifierTest, EmptyLoopConditionRegion) {
  b.loop(LoopKind::While);
  ret(b, x);
  EXPECT_TRUE(rejects(*f, "does not end in a condition"));
}

TEST_F(VerifierTest, ConditionOutsideLoopHeader) {
  b.create(OpKind::Condition, Type::Void, {b.binary(OpKind::Lt, x, x)});
  EXPECT_TRUE(rejects(*f, "condition outside"));
}

TEST_F(VerifierTest, StoreToConstArray) {
  b.store(a, b.constant(0, Type::Int), x);
  ret(b, x);
  EXPECT_TRUE(rejects(*f, "store to a const array a"));
}

TEST_F(VerifierTest, NonIntegerIndex) {
  ret(b, b.load(a, x));
  EXPECT_TRUE(rejects(*f, "index is not an integer"));
}

TEST_F(VerifierTest, WriteOfWrongType) {
  Var *i = f->newVar("i", Type::Int);
  b.decl(i, b.constant(0, Type::Int));
  b.writeVar(i, x); // a double into an int
  ret(b, x);
  EXPECT_TRUE(rejects(*f, "writes a value of another type to i"));
}

TEST_F(VerifierTest, ArithmeticOperandTypesDiffer) {
  ret(b, b.binary(OpKind::Add, x, b.constant(1, Type::Int)));
  EXPECT_TRUE(rejects(*f, "operand types differ"));
}

TEST_F(VerifierTest, ReturnWithoutValueInNonVoidFunction) {
  ret(b);
  EXPECT_TRUE(rejects(*f, "return does not match"));
}

TEST_F(VerifierTest, ReturnWithValueInVoidFunction) {
  f->retType = Type::Void;
  ret(b, x);
  EXPECT_TRUE(rejects(*f, "return does not match"));
}

TEST_F(VerifierTest, ReturnOfWrongType) {
  // The frontend casts every returned value to the function's type, so an
  // int returned from a double function is malformed IR.
  ret(b, b.cast(x, Type::Int));
  EXPECT_TRUE(rejects(*f, "return"));
}

TEST_F(VerifierTest, DeclInitOfWrongType) {
  // As for writes and returns, the frontend casts initialisers.
  Var *i = f->newVar("i", Type::Int);
  b.decl(i, x); // a double initialises an int
  ret(b, x);
  EXPECT_FALSE(verify(*f).empty());
}

TEST_F(VerifierTest, StoreOfWrongType) {
  Array *o = arrayParam(*f, "o", Type::Float);
  b.store(o, b.constant(0, Type::Int), x); // a double into a float array
  ret(b, x);
  EXPECT_FALSE(verify(*f).empty());
}

TEST_F(VerifierTest, NullOperand) {
  ret(b, b.create(OpKind::Neg, Type::Double, {nullptr}));
  EXPECT_TRUE(rejects(*f, "null operand"));
}

TEST_F(VerifierTest, OperandWithoutValue) {
  Op *w = b.writeVar(xv, x);
  ret(b, b.create(OpKind::Neg, Type::Double, {w}));
  EXPECT_FALSE(verify(*f).empty());
}

TEST_F(VerifierTest, MissingResultType) {
  ret(b, x);
  b.setBlock(&f->body);
  f->body.ops.insert(f->body.ops.begin() + 1,
                     std::make_unique<Op>(OpKind::Add, Type::Void));
  f->body.ops[1]->block = &f->body;
  f->body.ops[1]->operands = {x, x};
  EXPECT_TRUE(rejects(*f, "missing result type"));
}

TEST_F(VerifierTest, WrongBlockPointer) {
  Op *y = b.readVar(xv);
  y->block = nullptr;
  ret(b, y);
  EXPECT_TRUE(rejects(*f, "block pointer is wrong"));
}

} // namespace

// ---- typed facts: op roles, checkpoint methods, batch parameters ----------

TEST_F(VerifierTest, RoleOnlyOnLoops) {
  Op *n = b.neg(x);
  n->role = OpRole::EntryCopy;
  ret(b, n);
  EXPECT_TRUE(rejects(*f, "entry copy role is on an op that is no loop"));
}

TEST_F(VerifierTest, RoleOnLoopIsClean) {
  Var *i = f->newVar("i", Type::Int);
  Op *l = countedLoop(b, i, 0, 3);
  l->role = OpRole::BackwardLoop;
  b.setBlock(l->block);
  ret(b, x);
  EXPECT_EQ(verify(*f), std::vector<std::string>{});
}

TEST_F(VerifierTest, ReRunOnlyInsideADriver) {
  Var *i = f->newVar("i", Type::Int), *j = f->newVar("j", Type::Int);
  Op *outer = countedLoop(b, i, 0, 3);
  Op *inner = countedLoop(b, j, 0, 2);
  inner->role = OpRole::ReRunTaped;
  b.setBlock(outer->block);
  ret(b, x);
  EXPECT_TRUE(rejects(*f, "taped re-run loop outside a checkpointed loop's "
                          "backward driver"));
  outer->role = OpRole::CheckpointDriver;
  EXPECT_EQ(verify(*f), std::vector<std::string>{});
}

TEST_F(VerifierTest, CheckpointMethodMatchesTheOp) {
  Array *store = f->newArray("snapshots", Type::Void);
  store->runtime = RuntimeClass::Store;
  Array *fwd = f->newArray("forward1", Type::Void);
  fwd->runtime = RuntimeClass::Forward;
  Op *call =
      b.create(OpKind::CkptCall, Type::Bool, {b.constant(0, Type::Long)});
  call->arr = fwd;
  call->method = CkptMethod::Save;
  Var *s = f->newVar("s", Type::Double);
  b.decl(s, x);
  Op *copy = b.create(OpKind::CkptCopy, Type::Void);
  copy->arr = fwd;
  copy->var = s;
  copy->method = CkptMethod::Put;
  ret(b, x);
  EXPECT_EQ(verify(*f), std::vector<std::string>{});
  copy->method = CkptMethod::Next;
  EXPECT_TRUE(
      rejects(*f, "'next' is a call of a checkpoint object, not a copy"));
  copy->method = CkptMethod::Put;
  call->method = CkptMethod::Unstash;
  EXPECT_TRUE(
      rejects(*f, "'unstash' is a copy of a checkpoint object, not a call"));
}

TEST(CkptMethods, SpellingsAndRestores) {
  EXPECT_STREQ(ckptMethodName(CkptMethod::AdvanceBegin), "advanceBegin");
  EXPECT_STREQ(ckptMethodName(CkptMethod::Unstash), "unstash");
  EXPECT_TRUE(ckptRestores(CkptMethod::Get));
  EXPECT_TRUE(ckptRestores(CkptMethod::Unstash));
  EXPECT_FALSE(ckptRestores(CkptMethod::Put));
  EXPECT_FALSE(ckptRestores(CkptMethod::Stash));
  EXPECT_TRUE(ckptCopies(CkptMethod::Stash));
  EXPECT_FALSE(ckptCopies(CkptMethod::TakesShot));
}

TEST_F(VerifierTest, BatchThreadParameters) {
  Var *stride = f->newVar("adgen_stride", Type::Long);
  Array *arena = f->newArray("adgen_arena", Type::Void);
  arena->runtime = RuntimeClass::Arena;
  f->params.push_back(Param{stride, nullptr, ParamRole::Stride});
  f->params.push_back(Param{nullptr, arena, ParamRole::Arena});
  f->arena = arena;
  Array *bar = arrayParam(*f, "a_bar");
  bar->stride = stride;
  ret(b, x);
  EXPECT_EQ(verify(*f), std::vector<std::string>{});
  bar->stride = xv; // x is no stride parameter
  EXPECT_TRUE(rejects(*f, "a_bar is strided by what is no stride parameter"));
  bar->stride = stride;
  f->arena = a;
  EXPECT_TRUE(rejects(*f, "the function's arena is no arena parameter"));
  f->arena = arena;
  arena->runtime = RuntimeClass::Store;
  EXPECT_TRUE(rejects(*f, "an arena parameter that is no Arena object"));
}

// Rows (Array::jagged): every access names its row, no other array's does,
// and the printer writes the row first.
TEST_F(VerifierTest, JaggedAccessesCarryTheirRow) {
  Array *rows = arrayParam(*f, "rows", Type::Double, /*isConst=*/true);
  rows->jagged = true;
  Op *i = b.constant(1, Type::Int), *j = b.constant(2, Type::Int);
  Op *ok = b.load(rows, j, i);
  ret(b, b.add(ok, b.load(a, j)));
  EXPECT_EQ(verify(*f), std::vector<std::string>{});
  EXPECT_NE(printFunction(*f).find("rows[1][2]"), std::string::npos)
      << printFunction(*f);
}

TEST_F(VerifierTest, JaggedAccessWithoutRow) {
  Array *rows = arrayParam(*f, "rows", Type::Double, /*isConst=*/true);
  rows->jagged = true;
  ret(b, b.load(rows, b.constant(0, Type::Int)));
  EXPECT_TRUE(rejects(*f, "access to jagged array rows without its row"));
}

TEST_F(VerifierTest, RowOnAFlatArray) {
  Op *i = b.constant(0, Type::Int);
  ret(b, b.load(a, i, i));
  EXPECT_TRUE(rejects(*f, "wrong operand count for a"));
}

TEST_F(VerifierTest, RowSizeOfPointerRows) {
  Array *rows = arrayParam(*f, "rows", Type::Double, /*isConst=*/true);
  rows->jagged = true; // rows of pointers: no sizes
  Op *n = b.create(OpKind::RowSize, Type::ULong, {b.constant(0, Type::Int)});
  n->arr = rows;
  ret(b, b.cast(n, Type::Double));
  EXPECT_TRUE(
      rejects(*f, "row size of something that is not a row of vectors"));
}
