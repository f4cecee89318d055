// Call arguments from objects: the flat arguments (one per leaf) for a
// reference, struct or container parameter of a callee, from the caller's
// objects, pointer members and rows.
#include "frontend/Lowerer.h"

#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

/// One argument: a value for a scalar parameter, an array for the others.
static void passArg(Builder &b, const Param &p, Op *value, Array *arr,
                    lower::ArgAt at, std::vector<Op *> &scalars,
                    std::vector<Array *> &arrs, std::vector<int> &order,
                    std::vector<lower::ArgAt> &offsets) {
  if (p.var) {
    order.push_back(static_cast<int>(scalars.size()));
    scalars.push_back(b.cast(value, p.var->type));
  } else {
    order.push_back(~static_cast<int>(arrs.size()));
    offsets.resize(arrs.size());
    offsets.push_back(at);
    arrs.push_back(arr);
  }
}

bool Lowerer::objectArgs(const Expr *a, const Function *g, const UserParam &up,
                         std::vector<Op *> &scalars, std::vector<Array *> &arrs,
                         std::vector<int> &order, std::vector<ArgAt> &offsets) {
  auto pass = [&](const Param &p, Op *value, Array *arr, Op *off = nullptr,
                  Op *row = nullptr) {
    passArg(b, p, value, arr, {off, row}, scalars, arrs, order, offsets);
  };
  if (!up.aggregate) { // a scalar reference
    const Param &p = g->params[up.leaves[0].param];
    if (p.var) {
      Op *v = expr(a);
      if (v)
        pass(p, v, nullptr);
      return v != nullptr;
    }
    if (up.passing == Passing::Value) { // a pointer: x, x + i, &v[i]
      auto ref = pointerOf(a);
      if (ref)
        pass(p, nullptr, ref->arr, ref->offset, ref->row);
      return ref.has_value();
    }
    auto lv = lvalue(a);
    if (!lv)
      return false;
    if (!lv->arr) {
      error(a->getExprLoc(), Diag::LocalByReference,
            {sourceText(a), g->name, "array element"});
      return false;
    }
    // A cell, or an array element `a[i]` (the array from element i).
    pass(p, nullptr, lv->arr, offsetOrNull(lv->index), lv->row);
    return true;
  }
  if (std::optional<PointerRef> row; jaggedRow(a, row)) { // g(m[i])
    for (const Leaf &leaf : up.leaves) {
      const Param &p = g->params[leaf.param];
      std::string n = leaf.path.size() == 1 ? leaf.path[0] : "";
      if (row && n == "data()" && p.arr) {
        pass(p, nullptr, row->arr, nullptr, row->row);
      } else if (row && n == "size()" && p.var) {
        pass(p, rowSize(*row), nullptr);
      } else {
        if (row)
          error(a->getExprLoc(), Diag::Construct,
                {"passing the row '" + sourceText(a) + "' to '" + g->name + "'",
                 "pass it as a pointer (" + sourceText(a) + ".data()) or "
                 "by reference to a std::vector or std::array"});
        return false;
      }
    }
    return true;
  }
  Object *obj = objectOf(a);
  return obj && objectLeaves(*obj, a, g, up, scalars, arrs, order, offsets);
}

bool Lowerer::objectLeaves(const Object &obj, const Expr *a, const Function *g,
                           const UserParam &up, std::vector<Op *> &scalars,
                           std::vector<Array *> &arrs, std::vector<int> &order,
                           std::vector<ArgAt> &offsets) {
  auto pass = [&](const Param &p, Op *value, Array *arr, Op *off = nullptr,
                  Op *row = nullptr) {
    passArg(b, p, value, arr, {off, row}, scalars, arrs, order, offsets);
  };
  for (const Leaf &leaf : up.leaves) {
    const Object *o = &obj;
    for (size_t k = 0; k + 1 < leaf.path.size(); ++k)
      o = &o->objects.at(leaf.path[k]);
    const std::string &n = leaf.path.back();
    const Param &p = g->params[leaf.param];
    if (o->nulls.count(n))
      return nullMember(*o, n, a->getExprLoc());
    if (auto ptr = o->pointers.find(n); ptr != o->pointers.end()) {
      pass(p, nullptr, ptr->second.arr, pointerOffset(ptr->second),
           ptr->second.row);
      continue;
    }
    auto v = o->vars.find(n);
    Array *arr = v == o->vars.end() ? o->arrays.at(n) : nullptr;
    if (arr && o->elements) { // an array of structs, or one of its elements
      Op *at = elementIndex(*o, arr, nullptr);
      if (p.var)
        pass(p, b.load(arr, at), nullptr);
      else
        pass(p, nullptr, arr, offsetOrNull(at));
      continue;
    }
    if (p.var) {
      pass(p, arr ? b.load(arr, b.constant(0, Type::Int)) : b.readVar(v->second),
           nullptr);
    } else if (p.arr->scalarOut && !(arr && isCell(arr))) {
      error(a->getExprLoc(), Diag::LocalByReference,
            {sourceText(a), g->name, "struct"});
      return false;
    } else {
      pass(p, nullptr, arr);
    }
  }
  return true;
}

} // namespace adgen
