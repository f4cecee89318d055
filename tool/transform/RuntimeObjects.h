// Reverse mode, what both sweeps read and the runtime objects they build
// with: the tapes (one per type), the snapshot store, checkpoint drivers and
// their calls, and the state a snapshot copies. Internal to transform/.
#pragma once

#include "analysis/Activity.h"
#include "analysis/Recording.h"
#include "ir/Diagnostic.h"
#include "transform/Adjoint.h"
#include "transform/CheckpointPlan.h"
#include "transform/FunctionBuild.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace adgen {
struct ExtentExpr;
}

namespace adgen::detail {

/// What the sweeps read: the prepared primal, the options, and what the
/// analysis passes found in it (activity, to-be-recorded, checkpoint plans).
struct AdjointInput {
  const Function &g;
  const AdjointOptions &opts; // active, sizes, --checkpoint, report
  Activity act;
  RecordFacts facts;
  CheckpointPlans plans;
};

/// The first construct the sweeps cannot reverse (ir/Diagnostics.def).
struct FirstError {
  const Function &g; // where the source is
  std::optional<Diagnostic> first;

  bool ok() const { return !first; }
  /// Notes error `d` at `o`; the first one wins.
  void fail(const Op &o, Diag d, std::vector<std::string> args = {}) {
    if (!first)
      first = Diagnostic{d, g.sourceFile, o.loc.line ? o.loc : g.loc,
                         std::move(args)};
  }
};

/// What an extent adgen cannot tell means: an error (a checkpointed loop
/// needs it), or 0 (the ADGEN_STATS tally of a loop under `all`).
enum class UnknownExtent { Fails, CountsZero };

class RuntimeObjects {
public:
  RuntimeObjects(FunctionBuild &out, const AdjointInput &in, FirstError &err)
      : out(out), in(in), err(err) {}

  /// The tape of type t (declared at the top when first asked for).
  Array *tape(Type t);

  /// The snapshot store of f_grad's checkpointed loops (made once).
  Array *snapshotStore();

  /// A checkpoint runtime object of class cls, named from `name`.
  Array *runtimeObject(RuntimeClass cls, const std::string &name);

  /// obj.method(args...), of type t.
  Op *ckCall(Array *obj, CkptMethod method, Type t,
             std::vector<Op *> args = {});

  /// Elements of a state array: its size, size(p, EXPR), or the extent
  /// the code shows; null (after a diagnostic) when unknown.
  /// (With UnknownExtent::CountsZero an unknown extent counts 0: stats.)
  Op *extentOf(const Array *ga, const Op &loop,
               UnknownExtent unknown = UnknownExtent::Fails);

  /// Bytes of one snapshot, built at the insertion point.
  Op *stateBytes(const CheckpointPlan &plan,
                 UnknownExtent unknown = UnknownExtent::Fails);

  /// ck.METHOD(array, extent): a copy of one state array (or a stash).
  void copyArray(Array *obj, CkptMethod method, const Array *ga,
                 const Op &loop);

  /// ck.put/get/stash/unstash of every part of the state.
  void copyState(Array *obj, CkptMethod method, const CheckpointPlan &plan);

private:
  /// A size() extent as ops over the function's integer parameters; null
  /// when it names anything else.
  Op *extentOps(const ExtentExpr &e);

  FunctionBuild &out;
  const AdjointInput &in;
  FirstError &err;
  std::map<Type, Array *> tapes;
  Array *store = nullptr; // snapshots of checkpointed loops
};

} // namespace adgen::detail
