// The builder behind forward mode (transform/Tangent.h): one source
// function walked once, its copy built beside the tangents of its active
// values. Tangent.cpp holds the walk and the scalar tangents;
// TangentLanes.cpp the vector mode of SPEC §8 (`width(K)`), where every
// tangent has K lanes and each statement's tangent is formed in a loop
// over them.
#pragma once

#include "analysis/Activity.h"
#include "transform/FunctionBuild.h"
#include "transform/LinearForm.h"
#include "transform/Tangent.h"

#include <functional>
#include <map>
#include <optional>
#include <unordered_map>

namespace adgen {

class TangentBuilder {
public:
  TangentBuilder(DerivedModule &dm, const Function &src, Function &dst,
                 const std::vector<bool> &mask, bool withTangents,
                 const TangentOptions *opts = nullptr);

  void build(const std::vector<bool> &mask);

private:
  // --- scalar tangents (Tangent.cpp)
  void scalarSignature(const std::vector<bool> &mask);
  Var *tangentVar(const Var *v);
  Array *tangentArray(const Array *a);
  Op *map(const Op *o) { return out.m.values.at(o); }
  /// The tangent of primal value o, formed in o's type; null when zero. In
  /// vector mode only inside a lane loop, for its lane.
  Op *tangent(const Op *o);
  Op *tangentOrZero(const Op *o, Type t);
  void block(const Block &in, Block *into);
  Op *clone(const Op &o);
  void declArray(const Op &o);
  void op(const Op &o);
  void readVar(const Op &o);
  void select(const Op &o);
  void decl(const Op &o);
  void write(const Op &o);
  void ret(const Op &o);
  void call(const Op &o);
  void sinkValue(Op *val);
  void moveToEnd(Op *n);
  void refuseExtern(const Op &o);
  void fail(Diag id, const Op *at, std::vector<std::string> args);

  // --- vector mode (TangentLanes.cpp)
  bool vector() const { return lanes.width != 0; }
  void vectorSignature(const std::vector<bool> &mask);
  /// Whether an active array's tangent can have lanes; false after a
  /// diagnostic.
  bool laneable(const Array *a, const Op *at);
  Op *laneCount();
  Op *lanesLong(); // K as a long, for counts
  /// A new tangent array of `fixed` elements per lane, declared at the
  /// top (a heap one for width(dynamic)).
  Array *laneArray(const std::string &name, Type t, int64_t fixed);
  /// for (k < K) { body() } at the insertion point, `lanes.lane` = k inside.
  void inLanes(const std::function<void()> &body);
  /// Where lane k of element `idx` (null: a scalar's) of tangent array t
  /// is.
  Op *laneIndex(Array *t, Op *idx, Op *k); // once per lane loop
  Op *laneIndexOp(Array *t, Op *idx, Op *k);
  /// Emits declarations (`emit`) at the top, after the earlier ones.
  void laneTop(const std::function<void()> &emit);
  /// A leaf standing for element idx of tangent array t in every lane.
  Op *laneLeaf(Array *t, Op *idx);
  Op *laneTangent(const LinearForm &f, Type t);
  /// The extent of an active pointer parameter as an op at the top; null
  /// after a diagnostic.
  Op *paramExtent(const Array *a);
  void laneDecl(const Op &o);
  void laneWriteVar(const Op &o);
  void laneStore(const Op &o);
  void laneSelect(const Op &o, Op *n);
  void laneReturn(const Op &o);
  void laneDeclArray(const Op &o, Op *n);

  template <class T> bool active(const T *x) const {
    return act && act->active(x);
  }

  DerivedModule &dm;
  const Function &src;
  const TangentOptions *opts;
  FunctionBuild out;           // the tangent (or plain copy) being built
  std::optional<Activity> act; // none for a plain copy: no tangents
  /// The linear forms of the values in flight.
  struct Forms {
    std::unordered_map<const Op *, LinearForm> lin;
    std::unordered_map<const Op *, int> useCount; // primal uses of a value
    std::map<const Var *, Op *> leafCache; // last read of each tangent var
  } forms;
  /// The tangent storage: of variables, arrays, and the result.
  struct Tangents {
    std::map<const Var *, Var *> vars;
    std::map<const Array *, Array *> arrays;
    Array *ret = nullptr;
  } tangents;
  /// Vector mode: K lanes per tangent. A scalar's tangents are an array of
  /// K (lanes.vars); an array's hold lane k of element i at [i * K + k],
  /// except a pointer parameter's, at [k * n + i] (SPEC §8; lanes.blocked
  /// holds n).
  struct Lanes {
    int64_t width = 0;       // K; -1: adgen_width; 0: scalar mode
    Var *widthVar = nullptr; // adgen_width
    Op *lane = nullptr;      // k, inside a lane loop
    std::string laneName;    // every lane loop's counter
    std::map<const Var *, Array *> vars;
    std::map<const Array *, Op *> blocked;
    std::unordered_map<const Op *, std::pair<Array *, Op *>> leaves;
    std::map<const Array *, Op *> leafCache;
    // Writes so far per tangent array, and at each leaf's creation: a leaf
    // read before a write it is materialized after would see the new value.
    std::map<const Array *, int> written;
    std::unordered_map<const Op *, int> leafEpoch;
    std::map<std::pair<const Array *, const Op *>, Op *> indices; // per loop
    size_t topDecls = 0;     // ops laneTop has put at the top
    Op *countLong = nullptr; // adgen_width as a long, at the top
  } lanes;
};

} // namespace adgen
