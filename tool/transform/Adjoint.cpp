// Reverse mode: set-up of f_grad and the pass entry point (see Adjoint.h).
#include "transform/Adjoint.h"
#include "transform/AdjointBuilder.h"
#include "transform/BackwardSweep.h"
#include "transform/ForwardSweep.h"

#include "transform/DeadCode.h"
#include "transform/Hoist.h"
#include "transform/Inline.h"
#include "transform/Structure.h"

namespace adgen::detail {

AdjointBuilder::AdjointBuilder(const Function &g, Function &F,
                               const AdjointOptions &opts)
    : g(g), F(F), b(F), opts(opts) {
  names.sync(g);
}

void AdjointBuilder::analyzeActivity() {
  std::set<const Var *> sv;
  std::set<const Array *> sa;
  for (size_t i = 0; i < g.params.size(); ++i)
    if (opts.active[i]) {
      if (g.params[i].var)
        sv.insert(g.params[i].var);
      else
        sa.insert(g.params[i].arr);
    }
  an.act = analyzeVaried(g, sv, sa);
  keepUseful(g, an.act);
}

void AdjointBuilder::analyzeToBeRecorded() {
  an.facts = analyzeRecording(g);
}

void AdjointBuilder::planLoops() {
  an.plans = planCheckpoints(g, an.act, an.facts, opts.defaultPolicy);
}

bool AdjointBuilder::forwardSweep(Diagnostic &error) {
  ForwardSweep sweep(*this);
  fwd = sweep.run();
  if (!err.empty()) {
    error = err.front();
    return false;
  }
  return true;
}

void AdjointBuilder::backwardSweep() {
  b.setBlock(&F.body);
  BackwardSweep(*this).reverse(fwd.items, false);
  // Scalar parameters that the function overwrites accumulated into a
  // local; hand the total to the caller.
  for (auto &[param, out] : st.accumulateInto) {
    Op *sum = b.add(b.load(out, zero()), b.readVar(param));
    b.store(out, zero(), sum);
  }
  // The return is the primal's, where the source has it.
  if (!g.body.ops.empty() && g.body.ops.back()->kind == OpKind::Return)
    b.setLoc(g.body.ops.back()->loc);
  b.create(OpKind::Return, Type::Void,
           fwd.returnValue ? std::vector<Op *>{fwd.returnValue}
                           : std::vector<Op *>{});
}

std::string AdjointBuilder::unique(const std::string &base) {
  return names.fresh(base);
}

void AdjointBuilder::atTop(const std::function<void()> &emit) {
  Builder::Restore restore(b);
  b.setInsertPoint(Builder::InsertPoint::start(&F.body));
  emit();
}

void AdjointBuilder::declare() {
  st = declareAdjointStorage(g, F, opts.active, an.act, m, names);
  b.setBlock(&F.body);
}

Op *AdjointBuilder::forLoop(Op *count, const std::function<void(Op *)> &body,
                            const std::string &comment) {
  Op *lp = b.countedLoop(F.newVar(unique("k"), Type::Int), count, body);
  lp->comment = comment;
  return lp;
}

void AdjointBuilder::fail(const Op &o, Diag d, std::vector<std::string> args) {
  if (err.empty())
    err.push_back(
        {d, g.sourceFile, o.loc.line ? o.loc : g.loc, std::move(args)});
}

Array *AdjointBuilder::tape(Type t) {
  auto it = tapes.find(t);
  if (it != tapes.end())
    return it->second;
  Array *tp = F.newArray(unique(std::string("tape_") + typeName(t)), t);
  tp->isTape = true;
  atTop([&] { b.create(OpKind::DeclArray, Type::Void)->arr = tp; });
  return tapes[t] = tp;
}

} // namespace adgen::detail

namespace adgen {

using detail::AdjointBuilder;

AdjointPasses::AdjointPasses(const Function &g, const AdjointOptions &opts)
    : F(newFunctionLike(g, opts.name)),
      opts(opts), builder(std::make_unique<AdjointBuilder>(g, *F, this->opts)) {}

AdjointPasses::~AdjointPasses() = default;

void AdjointPasses::activity() { builder->analyzeActivity(); }

void AdjointPasses::toBeRecorded() { builder->analyzeToBeRecorded(); }

void AdjointPasses::checkpointPlan() { builder->planLoops(); }

std::unique_ptr<Function> AdjointPasses::storage() {
  builder->declare();
  return std::move(F);
}

bool AdjointPasses::forwardSweep(Diagnostic &error) {
  return builder->forwardSweep(error);
}

void AdjointPasses::backwardSweep() { builder->backwardSweep(); }

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
