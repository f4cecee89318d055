// Reverse mode: set-up of f_grad and the pass entry point (see Adjoint.h).
#include "transform/Adjoint.h"
#include "transform/BackwardSweep.h"
#include "transform/ForwardSweep.h"
#include "transform/ReverseState.h"

#include "transform/DeadCode.h"
#include "transform/ForwardOrder.h"
#include "transform/FuseLoops.h"
#include "transform/Hoist.h"
#include "transform/Inline.h"
#include "transform/Structure.h"
#include "transform/Tangent.h"
#include "transform/ValueNumbering.h"

namespace adgen::detail {
namespace {

Activity activityOf(const Function &g, const std::vector<bool> &active) {
  std::set<const Var *> sv;
  std::set<const Array *> sa;
  for (size_t i = 0; i < g.params.size(); ++i)
    if (active[i]) {
      if (g.params[i].var)
        sv.insert(g.params[i].var);
      else
        sa.insert(g.params[i].arr);
    }
  Activity act = analyzeVaried(g, sv, sa);
  keepUseful(g, act);
  return act;
}

/// The backward sweep of f's top level, then the return.
void reverseTop(ReverseState &s, const ForwardResult &fwd) {
  Builder &b = s.out.b;
  const Function &g = s.in.g;
  b.setBlock(&s.out.F.body);
  BackwardSweep(s).reverse(fwd.items, false);
  // Scalar parameters that the function overwrites accumulated into a
  // local; hand the total to the caller.
  for (auto &[param, out] : s.st.accumulateInto) {
    Op *sum = b.add(b.load(out, s.out.zero()), b.readVar(param));
    b.store(out, s.out.zero(), sum);
  }
  // The return is the primal's, where the source has it.
  if (!g.body.ops.empty() && g.body.ops.back()->kind == OpKind::Return)
    b.setLoc(g.body.ops.back()->loc);
  b.create(OpKind::Return, Type::Void,
           fwd.returnValue ? std::vector<Op *>{fwd.returnValue}
                           : std::vector<Op *>{});
}

} // namespace
} // namespace adgen::detail

namespace adgen {

using detail::ForwardResult;
using detail::ReverseState;

AdjointPasses::AdjointPasses(const Function &g, const AdjointOptions &opts)
    : F(newFunctionLike(g, opts.name)), opts(opts),
      state(std::make_unique<ReverseState>(g, *F, this->opts)) {}

AdjointPasses::~AdjointPasses() = default;

void AdjointPasses::activity() {
  state->in.act = detail::activityOf(state->in.g, opts.active);
}

void AdjointPasses::toBeRecorded() {
  state->in.facts = analyzeRecording(state->in.g);
}

void AdjointPasses::checkpointPlan() {
  const detail::AdjointInput &in = state->in;
  state->in.plans = planCheckpoints(in.g, in.act, in.facts, opts.defaultPolicy);
}

std::unique_ptr<Function> AdjointPasses::storage() {
  FunctionBuild &out = state->out;
  state->st = declareAdjointStorage(state->in.g, out.F, opts.active,
                                    state->in.act, out.m, out.names);
  out.b.setBlock(&out.F.body);
  return std::move(F);
}

bool AdjointPasses::forwardSweep(Diagnostic &error) {
  fwd = std::make_unique<ForwardResult>(detail::ForwardSweep(*state).run());
  if (state->err.ok())
    return true;
  error = *state->err.first;
  return false;
}

void AdjointPasses::backwardSweep() {
  Block &body = state->out.F.body;
  forwardEnd = body.ops.empty() ? nullptr : body.ops.back().get();
  detail::reverseTop(*state, *fwd);
  // Primal calls copied as they are (a checkpointed loop's plain run) call
  // the callee's copy in the output.
  if (opts.module)
    walk(state->out.F.body, [&](const Op &o) {
      if (o.kind == OpKind::Call && !o.callee->isInternal)
        const_cast<Op &>(o).callee = opts.module->primalCopyOf(*o.callee);
    });
}

void AdjointPasses::numberBackward() {
  numberValues(state->out.F, /*foldConstants=*/false, forwardEnd);
}

void AdjointPasses::fuseLoops() {
  if (fuseBackwardLoops(state->out.F))
    numberValues(state->out.F, /*foldConstants=*/false, forwardEnd);
}

void AdjointPasses::forwardOrder() { runCommutingLoopsForward(state->out.F); }

std::unique_ptr<Function>
adjointOf(const Function &g, const AdjointOptions &opts, Diagnostic &error) {
  AdjointPasses passes(g, opts);
  passes.activity();
  passes.toBeRecorded();
  passes.checkpointPlan();
  std::unique_ptr<Function> F = passes.storage();
  if (!passes.forwardSweep(error))
    return nullptr;
  passes.backwardSweep();
  passes.numberBackward();
  passes.fuseLoops();
  passes.forwardOrder();
  return F;
}

std::unique_ptr<Function> buildAdjoint(const Function &f,
                                       const AdjointOptions &opts,
                                       std::string &error) {
  auto g = cloneFunction(f);
  inlineCalls(*g);
  if (hasJumps(*g))
    structureJumps(*g);
  hoistForCheckpoints(*g, opts.defaultPolicy);
  Diagnostic d{};
  auto F = adjointOf(*g, opts, d);
  if (!F) {
    error = plainText(d);
    return nullptr;
  }
  eliminateDeadCode(*F);
  return F;
}

} // namespace adgen
