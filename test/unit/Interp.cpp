#include "Interp.h"
#include "InterpOps.h"

#include <cmath>
#include <memory>
#include <unordered_map>

namespace adgen::test {

namespace {

enum class Flow { Next, Break, Continue, Return };

struct Frame {
  const Function &f;
  std::unordered_map<const Op *, double> vals;
  std::unordered_map<const Var *, double> vars;
  std::unordered_map<const Array *, std::vector<double> *> arrs;
  std::vector<std::unique_ptr<std::vector<double>>> owned; // local arrays
  double ret = 0;
  bool cond = false; // the last Condition's value
};

class Machine {
public:
  explicit Machine(const InterpOptions &o) : opts(o) {}

  /// scalars[k] / arrays[k] hold parameter k (whichever applies).
  double call(const Function &f, const std::vector<double> &scalars,
              const std::vector<std::vector<double> *> &arrays) {
    if (++depth > 200)
      throw InterpError("call depth exceeded");
    Frame fr{f, {}, {}, {}, {}, 0, false};
    for (size_t k = 0; k < f.params.size(); ++k) {
      const Param &p = f.params[k];
      if (p.var)
        fr.vars[p.var] = convert(p.var->type, scalars.at(k));
      else if (!(fr.arrs[p.arr] = arrays.at(k)))
        throw InterpError("missing array argument " + p.arr->name);
    }
    Flow fl = block(f.body, fr);
    if (fl == Flow::Break || fl == Flow::Continue)
      throw InterpError("break/continue outside a loop in " + f.name);
    if (fl != Flow::Return && f.retType != Type::Void)
      throw InterpError(f.name + " ends without returning a value");
    --depth;
    return f.retType == Type::Void ? 0 : convert(f.retType, fr.ret);
  }

private:
  static double val(Frame &fr, const Op *x) {
    auto it = fr.vals.find(x);
    if (!x || it == fr.vals.end())
      throw InterpError("operand not evaluated");
    return it->second;
  }

  static double &element(Frame &fr, const Op &o) {
    auto it = fr.arrs.find(o.arr);
    if (it == fr.arrs.end())
      throw InterpError("array " + o.arr->name + " not declared");
    double idx = val(fr, o.operands[0]);
    std::vector<double> &a = *it->second;
    if (idx < 0 || idx >= static_cast<double>(a.size()) ||
        idx != std::floor(idx))
      throw InterpError("index " + std::to_string(idx) + " out of bounds of " +
                        o.arr->name + "[" + std::to_string(a.size()) + "]");
    return a[static_cast<size_t>(idx)];
  }

  Flow block(const Block &b, Frame &fr) {
    for (auto &op : b.ops) {
      Flow fl = exec(*op, fr);
      if (fl != Flow::Next)
        return fl;
    }
    return Flow::Next;
  }

  Flow loop(const Op &o, Frame &fr) {
    for (bool first = true;; first = false) {
      if (!(first && o.loopKind == LoopKind::Do)) {
        Flow fl = block(*o.region(0), fr);
        if (fl == Flow::Return)
          return fl;
        if (fl != Flow::Next)
          throw InterpError("break/continue in a loop condition");
        if (!fr.cond)
          return Flow::Next;
      }
      Flow fl = block(*o.region(1), fr);
      if (fl == Flow::Return)
        return fl;
      if (fl == Flow::Break)
        return Flow::Next;
      if ((fl = block(*o.region(2), fr)) == Flow::Return)
        return fl;
      if (fl != Flow::Next)
        throw InterpError("break/continue in a loop step");
    }
  }

  Flow exec(const Op &o, Frame &fr) {
    if (++steps > opts.maxSteps)
      throw InterpError("step limit exceeded");
    auto in = [&](size_t i) { return val(fr, o.operands.at(i)); };
    double r = 0;
    switch (o.kind) {
    case OpKind::Const:
      r = o.num;
      break;
    case OpKind::Decl:
      fr.vars[o.var] = o.operands.empty()
                           ? (isFloating(o.var->type) ? NAN : 0.0)
                           : convert(o.var->type, in(0));
      return Flow::Next;
    case OpKind::DeclArray: {
      const Array *a = o.arr;
      if (a->isTape) {
        auto t = std::make_unique<std::vector<double>>();
        fr.arrs[a] = t.get();
        fr.owned.push_back(std::move(t));
        return Flow::Next;
      }
      int64_t n = a->scalarLocal || a->scalarOut ? 1 : a->size;
      if (n < 0 && !a->dims.empty()) {
        n = 1;
        for (int64_t d : a->dims)
          n *= d;
      }
      if (n < 0)
        throw InterpError("local array " + a->name + " has no size");
      auto s = std::make_unique<std::vector<double>>(n, 0.0);
      for (size_t k = 0; k < a->init.size() && k < s->size(); ++k)
        (*s)[k] = convert(a->elemType, a->init[k]);
      fr.arrs[a] = s.get();
      fr.owned.push_back(std::move(s));
      return Flow::Next;
    }
    case OpKind::ReadVar: {
      auto it = fr.vars.find(o.var);
      if (it == fr.vars.end())
        throw InterpError("read of undeclared variable " + o.var->name);
      r = it->second;
      break;
    }
    case OpKind::WriteVar:
      if (!fr.vars.count(o.var))
        throw InterpError("write of undeclared variable " + o.var->name);
      fr.vars[o.var] = convert(o.var->type, in(0));
      return Flow::Next;
    case OpKind::Load:
      r = element(fr, o);
      break;
    case OpKind::RowSize: // rows are parameters the unit tests do not make
      throw InterpError("row sizes are not interpreted");
    case OpKind::NonNull:
      r = 1;
      break; // arrays the interpreter has exist
    case OpKind::Push:
      fr.arrs.at(o.arr)->push_back(in(0));
      return Flow::Next;
    case OpKind::PushArray:
    case OpKind::PopArray: {
      std::vector<double> &t = *fr.arrs.at(o.arr);
      std::vector<double> &a = *fr.arrs.at(o.arrays[0]);
      auto n = static_cast<size_t>(in(0));
      if (n > a.size() || (o.kind == OpKind::PopArray && n > t.size()))
        throw InterpError("array push/pop past an end of " + o.arr->name);
      if (o.kind == OpKind::PushArray)
        t.insert(t.end(), a.begin(), a.begin() + static_cast<long>(n));
      else
        std::copy(t.end() - static_cast<long>(n), t.end(), a.begin());
      if (o.kind == OpKind::PopArray)
        t.resize(t.size() - n);
      return Flow::Next;
    }
    case OpKind::Reserve:
      if (in(0) < 0)
        throw InterpError("negative tape reservation");
      return Flow::Next;
    case OpKind::CkptNew:
    case OpKind::CkptCall:
    case OpKind::CkptCopy:
    case OpKind::CkptTally:
      // Checkpointed loops run through the C++ runtime (test/lit/checkpoint).
      throw InterpError("the interpreter does not run checkpointed loops");
    case OpKind::Pop: {
      std::vector<double> &t = *fr.arrs.at(o.arr);
      if (t.empty())
        throw InterpError("pop from empty tape " + o.arr->name);
      r = t.back();
      t.pop_back();
      break;
    }
    case OpKind::Store:
      if (o.arr->isConst)
        throw InterpError("store to const array " + o.arr->name);
      element(fr, o) = convert(o.arr->elemType, in(1));
      return Flow::Next;
    case OpKind::Neg:
      r = isInteger(o.type) ? -std::trunc(in(0)) : -in(0);
      break;
    case OpKind::Not:
      r = in(0) == 0;
      break;
    case OpKind::Add:
    case OpKind::Sub:
    case OpKind::Mul:
    case OpKind::Div:
    case OpKind::Rem:
    case OpKind::BitAnd:
    case OpKind::BitOr:
    case OpKind::BitXor:
    case OpKind::Shl:
    case OpKind::Shr:
      r = evalArith(o.kind, o.type, in(0), in(1));
      break;
    case OpKind::BitNot:
      r = static_cast<double>(~static_cast<int64_t>(in(0)));
      break;
    case OpKind::KeptCall:
      return Flow::Next; // printf & co.: no values
    case OpKind::Lt:
      r = in(0) < in(1);
      break;
    case OpKind::Le:
      r = in(0) <= in(1);
      break;
    case OpKind::Gt:
      r = in(0) > in(1);
      break;
    case OpKind::Ge:
      r = in(0) >= in(1);
      break;
    case OpKind::Eq:
      r = in(0) == in(1);
      break;
    case OpKind::Ne:
      r = in(0) != in(1);
      break;
    case OpKind::And:
      r = in(0) != 0 && in(1) != 0;
      break;
    case OpKind::Or:
      r = in(0) != 0 || in(1) != 0;
      break;
    case OpKind::Math: {
      double b = o.operands.size() > 1 ? in(1) : 0;
      double c = o.operands.size() > 2 ? in(2) : 0;
      r = evalMath(o.fn, o.type, in(0), b, c);
      break;
    }
    case OpKind::Cast:
      r = in(0);
      break; // converted below
    case OpKind::Select:
      r = in(0) != 0 ? in(1) : in(2);
      break;
    case OpKind::Extern:
      throw InterpError("call.extern " + o.externName + " is not interpreted");
    case OpKind::Call: {
      const Function &g = *o.callee;
      if (o.argOrder.size() != g.params.size())
        throw InterpError("call of " + g.name + ": wrong argument count");
      std::vector<double> sc(g.params.size(), 0);
      std::vector<std::vector<double> *> ar(g.params.size(), nullptr);
      for (size_t k = 0; k < g.params.size(); ++k) {
        int a = o.argOrder[k];
        if (a >= 0) {
          sc[k] = in(static_cast<size_t>(a));
        } else {
          auto it = fr.arrs.find(o.arrays.at(static_cast<size_t>(~a)));
          if (it == fr.arrs.end())
            throw InterpError("call of " + g.name + ": undeclared array");
          ar[k] = it->second;
        }
      }
      r = call(g, sc, ar);
      break;
    }
    case OpKind::If:
      return block(*o.region(in(0) != 0 ? 0 : 1), fr);
    case OpKind::Loop:
      return loop(o, fr);
    case OpKind::Condition:
      fr.cond = in(0) != 0;
      return Flow::Next;
    case OpKind::Break:
      return Flow::Break;
    case OpKind::Continue:
      return Flow::Continue;
    case OpKind::Return:
      fr.ret = o.operands.empty() ? 0 : in(0);
      return Flow::Return;
    }
    if (o.hasResult())
      fr.vals[&o] = convert(o.type, r);
    return Flow::Next;
  }

  const InterpOptions &opts;
  int64_t steps = 0;
  int depth = 0;
};

} // namespace

double interpret(const Function &f, const std::vector<double> &scalars,
                 std::vector<std::vector<double>> &arrays,
                 const InterpOptions &opts) {
  std::vector<double> sc(f.params.size(), 0);
  std::vector<std::vector<double> *> ar(f.params.size(), nullptr);
  std::vector<std::vector<double>> constCopies;
  constCopies.reserve(arrays.size());
  size_t si = 0, ai = 0;
  for (size_t k = 0; k < f.params.size(); ++k) {
    if (f.params[k].var) {
      if (si >= scalars.size())
        throw InterpError("too few scalar arguments for " + f.name);
      sc[k] = scalars[si++];
    } else {
      if (ai >= arrays.size())
        throw InterpError("too few array arguments for " + f.name);
      std::vector<double> &a = arrays[ai++];
      if (f.params[k].arr->isConst) {
        constCopies.push_back(a);
        ar[k] = &constCopies.back();
      } else {
        ar[k] = &a;
      }
    }
  }
  if (si != scalars.size() || ai != arrays.size())
    throw InterpError("too many arguments for " + f.name);
  Machine m(opts);
  return m.call(f, sc, ar);
}

double interpret(const Function &f, const std::vector<double> &scalars,
                 const InterpOptions &opts) {
  std::vector<std::vector<double>> none;
  return interpret(f, scalars, none, opts);
}

} // namespace adgen::test
