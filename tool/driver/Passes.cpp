#include "driver/Passes.h"

#include "ir/Clone.h"
#include "transform/CalleeAdjoint.h"
#include "transform/DeadCode.h"
#include "transform/Hoist.h"
#include "transform/Inline.h"
#include "transform/LoopConditions.h"
#include "transform/Structure.h"
#include "transform/ValueNumbering.h"

#include <algorithm>
#include <set>

namespace adgen {
namespace {

bool lower(PassState &s) { return runFrontend(*s.input, *s.lowered); }

bool clone(PassState &s) {
  s.fn = cloneFunction(*s.primal);
  return true;
}

bool inlining(PassState &s) {
  if (s.adjoint.module && !s.adjoint.inlineAll) {
    std::set<std::string> sized;
    for (const auto &entry : s.adjoint.sizes)
      sized.insert(entry.first);
    inlineForAdjoint(*s.fn, sized); // some callees get adjoints of their own
  } else
    inlineCalls(*s.fn);
  return true;
}

bool valueNumbering(PassState &s) {
  numberValues(*s.fn);
  return true;
}

bool numberBackward(PassState &s) {
  s.reverse->numberBackward();
  return true;
}

bool fuseLoops(PassState &s) {
  s.reverse->fuseLoops();
  return true;
}

bool forwardOrder(PassState &s) {
  s.reverse->forwardOrder();
  return true;
}

bool inliningAll(PassState &s) {
  if (const Function *r = uninlinableCallee(*s.fn)) {
    std::string kernel = "the batched kernel of '" + s.primal->name + "'";
    s.errors.push_back(
        r->external
            ? Diagnostic{Diag::CustomUnsupported,
                         s.primal->sourceFile,
                         s.primal->loc,
                         {r->name, kernel,
                          "a kernel's body inlines its callees: call the "
                          "gradient once per sample"}}
            : Diagnostic{Diag::Recursion,
                         s.primal->sourceFile,
                         s.primal->loc,
                         {r->name, kernel,
                          "a kernel's body inlines its callees: write the "
                          "recursion as a loop, or call the gradient once "
                          "per sample"}});
    return false;
  }
  inlineCalls(*s.fn);
  return true;
}

bool structure(PassState &s) {
  if (hasJumps(*s.fn))
    structureJumps(*s.fn);
  return true;
}

bool conditions(PassState &s) {
  rotateLoopConditions(*s.fn);
  return true;
}

bool hoist(PassState &s) {
  hoistForCheckpoints(*s.fn, s.adjoint.defaultPolicy);
  return true;
}

bool activity(PassState &s) {
  s.reverse = std::make_shared<AdjointPasses>(*s.fn, s.adjoint);
  s.reverse->activity();
  return true;
}

bool toBeRecorded(PassState &s) {
  s.reverse->toBeRecorded();
  return true;
}

bool checkpointPlan(PassState &s) {
  s.reverse->checkpointPlan();
  return true;
}

bool adjointStorage(PassState &s) {
  s.prepared = std::move(s.fn); // the sweeps read it until the end
  s.fn = s.reverse->storage();
  return true;
}

bool forwardSweep(PassState &s) {
  Diagnostic d{};
  if (s.reverse->forwardSweep(d))
    return true;
  s.errors.push_back(d);
  return false;
}

bool backwardSweep(PassState &s) {
  s.reverse->backwardSweep();
  return true;
}

bool tangent(PassState &s) {
  s.fn = makeTangent(*s.dm, *s.primal, s.tangent);
  if (!s.dm->error)
    return true;
  s.errors.push_back(*s.dm->error);
  s.dm->error.reset(); // reported once
  return false;
}

/// Vector mode: the tangent of f with its calls inlined (s.fn).
bool tangentLanes(PassState &s) {
  s.prepared = std::move(s.fn);
  s.fn = makeTangent(*s.dm, *s.prepared, s.tangent);
  if (!s.dm->error)
    return true;
  s.errors.push_back(*s.dm->error);
  s.dm->error.reset();
  return false;
}

bool deadCode(PassState &s) {
  eliminateDeadCode(*s.fn);
  return true;
}

} // namespace

const PassList &loweringPasses() {
  static const PassList passes{
      {"lower", lower}, // parse, check, lower every function to IR
  };
  return passes;
}

const PassList &gradPasses() {
  static const PassList passes{
      {"clone", clone},           // f, to prepare
      {"inline", inlining},       // calls inlined
      {"structure", structure},   // break, continue, early returns as flags
      {"conditions", conditions}, // conditions that write state into bodies
      {"hoist", hoist},           // nested checkpointed loops' state to the top
      {"activity", activity},     // what depends on x, and matters
      {"to-be-recorded", toBeRecorded},    // what the backward sweep has again
      {"checkpoint-plan", checkpointPlan}, // per loop: policy and snapshot
      {"adjoint-storage", adjointStorage}, // f_grad's signature, x_bar locals
      {"forward-sweep", forwardSweep},     // the primal, statements recorded
      {"backward-sweep", backwardSweep},   // recorded statements transposed
      {"value-numbering", numberBackward}, // the backward sweep's indices once
      {"fuse-loops", fuseLoops},           // adjacent backward loops as one
      {"forward-order", forwardOrder},     // commuting backward loops forwards
      {"dead-code", deadCode},             // what nothing reads goes
  };
  return passes;
}

const PassList &jvpPasses() {
  static const PassList passes{
      {"tangent", tangent},    // f_jvp: values and tangents side by side
      {"dead-code", deadCode}, // what nothing reads goes
  };
  return passes;
}

const PassList &vectorJvpPasses() {
  static const PassList passes{
      {"clone", clone},          // f, to prepare
      {"inline", inlining},      // calls inlined: lanes stay in one function
      {"tangent", tangentLanes}, // f_jvp: each tangent K lanes wide
      {"value-numbering", valueNumbering}, // lanes' repeated indices once
      {"dead-code", deadCode},             // what nothing reads goes
  };
  return passes;
}

const PassList &batchPasses() {
  static const PassList passes{
      {"clone", clone},        // f, for f_batch
      {"inline", inliningAll}, // calls inlined: one kernel body
  };
  return passes;
}

std::vector<std::string> passNames() {
  std::vector<std::string> names;
  for (const PassList *l : {&loweringPasses(), &gradPasses(), &jvpPasses(),
                            &vectorJvpPasses(), &batchPasses()})
    for (const Pass &p : *l)
      if (std::find(names.begin(), names.end(), p.name) == names.end())
        names.push_back(p.name);
  return names;
}

} // namespace adgen
