// Vector forward mode (SPEC §8's `width(K)`, Tapenade's multidirectional
// mode): every tangent has K lanes, the primal is computed once, and each
// statement's tangent is formed in a loop over the lanes,
//
//   for (int k = 0; k < 8; ++k)
//     y_dot[k] = c * x_dot[k] + x * c_dot[k];
//
// which the C++ compiler unrolls (ADGEN_UNROLL, for a constant K up to
// 16: each lane's tangent then lives in a register) and vectorises. The linear
// forms are the scalar mode's: their leaves stand for an element of a tangent
// in every lane (laneLeaf) and are loaded for lane k where the form is
// materialized (laneTangent). A scalar's lanes are contiguous; a local array's
// lane k of element i is at [i * K + k] (an element's lanes side by side, for
// the vectoriser); a pointer parameter's at [k * n + i], the layout SPEC §8
// gives callers.
#include "transform/TangentBuilder.h"

#include "analysis/Loops.h"
#include "analysis/Stats.h"

namespace adgen {

namespace {

std::string widthText(int64_t w) {
  return w < 0 ? "dynamic" : std::to_string(w);
}

} // namespace

Op *TangentBuilder::laneCount() {
  return lanes.width > 0
             ? out.b.constant(static_cast<double>(lanes.width), Type::Int)
             : out.b.readVar(lanes.widthVar);
}

Op *TangentBuilder::lanesLong() {
  if (lanes.width > 0)
    return out.b.constant(static_cast<double>(lanes.width), Type::Long);
  if (!lanes.countLong) // once, at the top, for every heap tangent's count
    laneTop([&] { lanes.countLong = out.b.cast(laneCount(), Type::Long); });
  return lanes.countLong;
}

void TangentBuilder::vectorSignature(const std::vector<bool> &mask) {
  std::string w = widthText(lanes.width);
  if (!src.signature.empty())
    return fail(Diag::WidthUnsupported, nullptr,
                {w, src.name,
                 "it has struct, reference or container parameters",
                 "write a function of scalars and pointers and call it from "
                 "this one, or use f_jvp once per direction"});
  lanes.laneName = out.unique("k");
  if (lanes.width < 0) {
    lanes.widthVar = out.F.newVar(out.unique("adgen_width"), Type::Int);
    lanes.widthVar->paramIndex = static_cast<int>(out.F.params.size());
    out.F.params.push_back(Param{lanes.widthVar, nullptr});
  }
  int64_t fixed = lanes.width > 0 ? lanes.width : -1;
  for (size_t i = 0; i < src.params.size() && !dm.error; ++i) {
    if (!mask[i])
      continue;
    const Param &p = src.params[i];
    Param tp;
    tp.shadowOf = static_cast<int>(i);
    if (p.var) {
      // K tangents of a scalar: `const double *x_dot`.
      tp.arr = out.F.newArray(out.unique(p.var->name + "_dot"), p.var->type);
      tp.arr->isConst = true;
      tp.arr->size = fixed;
      lanes.vars[p.var] = tp.arr;
    } else {
      if (!laneable(p.arr, nullptr))
        return;
      Op *n = paramExtent(p.arr);
      if (!n)
        return;
      tp.arr = tangentArray(p.arr);
      tp.arr->checkedExtent.reset();
      tp.arr->size = fixed > 0 && p.arr->size > 0 ? fixed * p.arr->size : -1;
      lanes.blocked[tp.arr] = n;
    }
    tp.arr->paramIndex = static_cast<int>(out.F.params.size());
    out.F.params.push_back(tp);
  }
  if (isFloating(src.retType)) {
    tangents.ret = out.F.newArray(out.unique(src.name + "_dot"), src.retType);
    tangents.ret->size = fixed;
    tangents.ret->paramIndex = static_cast<int>(out.F.params.size());
    Param dot{nullptr, tangents.ret};
    dot.shadowOf = Param::kResultShadow;
    out.F.params.push_back(dot);
  }
  // Active locals, and parameters outside the mask that an active value
  // reaches, get their lanes up front, zero.
  for (auto &v : src.vars)
    if (active(v.get()) && !lanes.vars.count(v.get()))
      lanes.vars[v.get()] = laneArray(v->name + "_dot", v->type, 1);
}

bool TangentBuilder::laneable(const Array *a, const Op *at) {
  const char *what = a->jagged           ? "a parameter of rows"
                     : a->structElements ? "a member of an array of structs"
                     : a->stride         ? "a strided array"
                     : a->scalarLocal    ? "a local passed by address"
                                         : nullptr;
  if (!what)
    return true;
  fail(Diag::WidthUnsupported, at,
       {widthText(lanes.width), src.name,
        "'" + shown(a) + "' is " + what + " with an active value",
        "keep the active data in flat arrays of scalars, or use f_jvp once "
        "per direction"});
  return false;
}

Op *TangentBuilder::paramExtent(const Array *a) {
  const Extent *given = nullptr;
  if (opts && opts->sizes.count(a->name))
    given = &opts->sizes.at(a->name);
  int64_t n = given ? -1 : a->size > 0 ? a->size : inferExtent(src, a);
  if (n > 0)
    return out.b.constant(static_cast<double>(n), Type::Int);
  if (given) {
    Op *v = nullptr;
    laneTop([&] {
      std::function<Op *(const ExtentExpr &)> build =
          [&](const ExtentExpr &e) -> Op * {
        if (e.kind == ExtentExpr::Number)
          return out.b.constant(static_cast<double>(e.number), Type::Int);
        if (e.kind == ExtentExpr::Name) {
          for (const Param &p : src.params)
            if (p.var && p.var->name == e.name && isInteger(p.var->type) &&
                !writesVar(src.body, p.var))
              return out.b.cast(out.b.readVar(out.m.vars.at(p.var)), Type::Int);
          return nullptr;
        }
        Op *l = build(*e.lhs), *r = l ? build(*e.rhs) : nullptr;
        if (!r)
          return nullptr;
        return out.b.binary(e.kind == ExtentExpr::Add   ? OpKind::Add
                            : e.kind == ExtentExpr::Sub ? OpKind::Sub
                            : e.kind == ExtentExpr::Mul ? OpKind::Mul
                                                        : OpKind::Div,
                            l, r);
      };
      v = build(**given);
      v = v ? out.b.cast(v, Type::Int) : nullptr; // as the indices are
    });
    if (v)
      return v;
  }
  fail(Diag::WidthExtent, nullptr,
       {widthText(lanes.width), src.name, shown(a)});
  return nullptr;
}

Array *TangentBuilder::laneArray(const std::string &name, Type t,
                                 int64_t fixed) {
  Array *a = out.F.newArray(out.unique(name), t);
  if (lanes.width > 0) {
    a->size = fixed * lanes.width;
    a->dims = {a->size};
    laneTop([&] { out.b.declArray(a); });
    return a;
  }
  a->heap = true;
  Op *k = lanesLong(); // at the top, before what it counts
  laneTop([&] {
    out.b.declArray(
        a, fixed == 1 ? k
                      : out.b.mul(out.b.constant(static_cast<double>(fixed),
                                                 Type::Long),
                                  k));
  });
  return a;
}

void TangentBuilder::laneDeclArray(const Op &o, Op *n) {
  if (!laneable(o.arr, &o))
    return;
  const Array *p = out.m.arrays.at(o.arr);
  Array *t = out.F.newArray(out.unique(p->name + "_dot"), p->elemType);
  t->dims.clear();
  if (p->heap || lanes.width < 0) {
    t->heap = true;
    Op *perLane =
        p->heap ? n->operands[0]
                : out.b.constant(static_cast<double>(p->size), Type::Long);
    out.b.declArray(t, out.b.mul(out.b.cast(perLane, Type::Long), lanesLong()));
  } else {
    t->size = p->size * lanes.width;
    t->dims = {t->size};
    out.b.declArray(t);
  }
  tangents.arrays[o.arr] = t;
}

void TangentBuilder::inLanes(const std::function<void()> &body) {
  Var *k = out.F.newVar(lanes.laneName, Type::Int); // one name: own scopes
  Op *loop = out.b.countedLoop(k, laneCount(), [&](Op *kv) {
    lanes.lane = kv;
    lanes.indices.clear();
    body();
  });
  loop->role = OpRole::Lanes; // unrolled by the C++ compiler (ADGEN_UNROLL)
  lanes.lane = nullptr;
  lanes.indices.clear();
}

void TangentBuilder::laneTop(const std::function<void()> &emit) {
  SourceLoc at = out.b.currentLoc();
  out.b.setLoc(SourceLoc{}); // declarations, not the statement's
  // After those already there, so they read in the order of first use.
  auto &ops = out.F.body.ops;
  size_t before = ops.size();
  {
    Builder::Restore restore(out.b);
    out.b.setInsertPoint({&out.F.body, lanes.topDecls < ops.size()
                                           ? ops[lanes.topDecls].get()
                                           : nullptr});
    emit();
  }
  lanes.topDecls += ops.size() - before;
  out.b.setLoc(at);
}

Op *TangentBuilder::laneIndex(Array *t, Op *idx, Op *k) {
  if (!idx)
    return k;
  Op *&cached = lanes.indices[{t, idx}];
  if (!cached)
    cached = laneIndexOp(t, idx, k);
  return cached;
}

Op *TangentBuilder::laneIndexOp(Array *t, Op *idx, Op *k) {
  Type it = idx->type;
  auto b = lanes.blocked.find(t);
  if (b != lanes.blocked.end())
    return out.b.add(out.b.mul(out.b.cast(k, it), out.b.cast(b->second, it)),
                     idx);
  return out.b.add(out.b.mul(idx, out.b.cast(laneCount(), it)),
                   out.b.cast(k, it));
}

Op *TangentBuilder::laneLeaf(Array *t, Op *idx) {
  if (!idx) { // a scalar: one leaf per statement, as in scalar mode
    Op *&leaf = lanes.leafCache[t];
    if (leaf && leaf->block == out.b.block() &&
        lanes.written[t] == lanes.leafEpoch[leaf])
      return leaf;
    leaf = out.b.load(t, out.zero());
  } else {
    Op *l = out.b.load(t, idx);
    lanes.leaves[l] = {t, idx};
    lanes.leafEpoch[l] = lanes.written[t];
    return l;
  }
  lanes.leaves[lanes.leafCache[t]] = {t, nullptr};
  lanes.leafEpoch[lanes.leafCache[t]] = lanes.written[t];
  return lanes.leafCache[t];
}

Op *TangentBuilder::laneTangent(const LinearForm &f, Type t) {
  LinearForm copy = f;
  Op *sum = nullptr;
  // As LinearForm::materialize, each leaf loaded for this lane right
  // before its product, so the statement reads as one expression.
  for (auto &[coef, leaf] : copy.resolved()) {
    auto it = lanes.leaves.find(leaf);
    if (!lanes.lane || it == lanes.leaves.end() ||
        lanes.leafEpoch[leaf] != lanes.written[it->second.first]) {
      // A tangent read before a write of the same statement changed it
      // (`f(x, x = 3)`): the lanes would see the new value.
      fail(Diag::WidthUnsupported, nullptr,
           {widthText(lanes.width), src.name,
            "an expression reads a value that it also assigns",
            "split the assignment into its own statement"});
      return nullptr;
    }
    Array *a = it->second.first;
    Op *k = coef ? out.b.cast(coef, t) : nullptr;
    Op *term = out.b.cast(
        out.b.load(a, laneIndex(a, it->second.second, lanes.lane)), t);
    bool negate = k && Builder::isConst(k, -1);
    if (k && !negate && !Builder::isConst(k, 1)) {
      term = out.b.binary(OpKind::Mul, k, term);
      term->tangentProduct = true;
    }
    if (negate)
      sum = sum ? out.b.sub(sum, term) : out.b.neg(term);
    else
      sum = sum ? out.b.add(sum, term) : term;
  }
  return sum;
}

void TangentBuilder::laneDecl(const Op &o) {
  if (!o.operands.empty())
    sinkValue(map(o.operands[0]));
  clone(o);
  Array *t = lanes.vars.at(o.var);
  inLanes([&] {
    Op *d = o.operands.empty() ? nullptr
                               : tangentOrZero(o.operands[0], o.var->type);
    out.b.store(t, lanes.lane, d ? d : out.b.constant(0, o.var->type));
  });
  ++lanes.written[t];
}

void TangentBuilder::laneWriteVar(const Op &o) {
  Array *t = lanes.vars.at(o.var);
  Op *val = map(o.operands.back());
  // x = x + 1 leaves x's tangents as they are.
  auto it = forms.lin.find(o.operands[0]);
  bool same = false;
  if (it != forms.lin.end() && it->second.terms.size() == 1) {
    Op *coef = it->second.coefAt(0), *leaf = it->second.terms[0].second;
    auto l = lanes.leaves.find(leaf);
    same = (!coef || Builder::isConst(coef, 1)) && l != lanes.leaves.end() &&
           l->second.first == t && !l->second.second &&
           lanes.leafEpoch[leaf] == lanes.written[t];
  }
  if (!same) {
    inLanes([&] {
      out.b.store(t, lanes.lane, tangentOrZero(o.operands[0], o.var->type));
    });
    ++lanes.written[t];
  }
  sinkValue(val);
  clone(o);
}

void TangentBuilder::laneStore(const Op &o) {
  Array *t = tangents.arrays.at(o.arr);
  Op *idx = map(o.operands[0]);
  Op *val = map(o.operands.back());
  inLanes([&] {
    out.b.store(t, laneIndex(t, idx, lanes.lane),
                tangentOrZero(o.operands[1], o.arr->elemType));
  });
  ++lanes.written[t];
  sinkValue(val);
  clone(o);
}

void TangentBuilder::laneSelect(const Op &o, Op *n) {
  Array *t = laneArray("choice_dot", o.type, 1);
  inLanes([&] {
    Op *t1 = tangentOrZero(o.operands[1], o.type);
    Op *t2 = tangentOrZero(o.operands[2], o.type);
    out.b.store(t, lanes.lane, out.b.select(n->operands[0], t1, t2));
  });
  ++lanes.written[t];
  forms.lin[&o] = LinearForm::leaf(laneLeaf(t, nullptr));
}

void TangentBuilder::laneReturn(const Op &o) {
  if (tangents.ret && !o.operands.empty())
    inLanes([&] {
      out.b.store(tangents.ret, lanes.lane,
                  tangentOrZero(o.operands[0], src.retType));
    });
  clone(o);
}

} // namespace adgen
