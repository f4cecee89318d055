#include "driver/Passes.h"

#include "ir/Clone.h"
#include "transform/DeadCode.h"
#include "transform/Hoist.h"
#include "transform/Inline.h"
#include "transform/Structure.h"

#include <algorithm>

namespace adgen {
namespace {

bool lower(PassState &s) { return runFrontend(*s.input, *s.lowered); }

bool clone(PassState &s) {
  s.fn = cloneFunction(*s.primal);
  return true;
}

bool inlining(PassState &s) {
  inlineCalls(*s.fn);
  return true;
}

bool structure(PassState &s) {
  if (hasJumps(*s.fn))
    structureJumps(*s.fn);
  return true;
}

bool hoist(PassState &s) {
  hoistForCheckpoints(*s.fn, s.adjoint.defaultPolicy);
  return true;
}

bool adjoint(PassState &s) {
  Diagnostic d{};
  s.fn = adjointOf(*s.fn, s.adjoint, d);
  if (!s.fn)
    s.errors.push_back(d);
  return s.fn != nullptr;
}

bool tangent(PassState &s) {
  s.fn = makeTangent(*s.dm, *s.primal, s.tangent);
  return true;
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
      {"clone", clone},         // f, to prepare
      {"inline", inlining},     // calls inlined
      {"structure", structure}, // break, continue, early returns as flags
      {"hoist", hoist},         // nested checkpointed loops' state to the top
      {"adjoint", adjoint},     // f_grad: forward sweep, then backward sweep
      {"dead-code", deadCode},  // what nothing reads goes
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

const PassList &batchPasses() {
  static const PassList passes{
      {"clone", clone},     // f, for f_batch
      {"inline", inlining}, // calls inlined: one kernel body
  };
  return passes;
}

std::vector<std::string> passNames() {
  std::vector<std::string> names;
  for (const PassList *l :
       {&loweringPasses(), &gradPasses(), &jvpPasses(), &batchPasses()})
    for (const Pass &p : *l)
      if (std::find(names.begin(), names.end(), p.name) == names.end())
        names.push_back(p.name);
  return names;
}

} // namespace adgen
