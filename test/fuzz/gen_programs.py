#!/usr/bin/env python3
"""Random program generator for adgen (SPEC sections 4 and 5).

  gen_programs.py --seed S --count N [--only K] [--avoid C1,C2] > prog.cpp

writes ONE C++ file holding N random functions fz0..fz{N-1} in the accepted
subset, each under `#pragma adgen jvp grad` (sometimes with a parameter list),
with the helpers each calls defined just before it, and a driver under
`#ifdef ADGEN_DRIVER` that declares the generated fzK_jvp / fzK_grad and, at a
few random inputs per function, checks

  (a) f_jvp against central finite differences along a random direction,
  (b) f_grad against finite differences of phi = ybar*f + sum w*out,
  (c) the dot-product test <J xdot, (ybar, w)> = <xdot, J^T (ybar, w)>,
  (d) f_jvp / f_grad return f's value and leave written arrays as f does,
      and adjoints accumulate (a second f_grad call adds to the *_bar).

Use:  adgen prog.cpp -o prog.d.cpp
      g++ -std=c++17 -O1 -Wno-unknown-pragmas -DADGEN_DRIVER prog.cpp prog.d.cpp
      ./a.out [POINTS]
On a mismatch the driver prints the function's source (helpers included),
the inputs and both numbers, and exits 1 once every function has run.

Programs: nested expressions over every math function of SPEC section 5
with arguments kept in their domains, ifs on data, ?:, for/while/do loops
with constant, parameter and data-dependent trip counts, break, continue,
early returns, local arrays updated in place, const double* inputs and
double* outputs, helper calls with active and passive arguments, compound
assignments, ++/--, casts, bool/int parameters, float functions (with f-
suffixed math), checkpoint directives, and functions and helpers in
namespaces (nested, reopened, C++17 `a::b`, unnamed; helpers called
qualified, `detail::fzK_h0(x)` from `phys::fzK`). Values are kept tame by
construction (updates that feed back in loops are squashed), and the driver
skips points where f overflows or goes invalid.

Finite differences use Richardson-extrapolated central differences at three
step sizes; a derivative fails only when two step sizes agree with each other
and not with it (a kink or jump inside the steps is "inconclusive"). A float
function is differenced through its double twin (the same program in
double), at points where both take the same path.

Function K depends only on (seed, K), so `--only K` reproduces it alone
(same source, same driver inputs); `--as-double` writes the float functions
in double. `--avoid` drops constructs (comma list of AVOIDABLE below) to get
past a known adgen bug; the default uses them all. `--with` adds the
opt-in constructs (OPT_IN below: switch, range-for), which no seed gets
otherwise, so the programs of a seed stay the same as they were. Debugging: FUZZ_VERBOSE=1
prints the inconclusive comparisons, FUZZ_DUMP=1 every f, J v and J^T w.
Python 3 standard library only.
"""

import argparse
import random
import re
import sys

AVOIDABLE = {
    "lvalue-ternary": "(c ? s1 : s2) = e / += e on double locals",
    "array-init-list": "double t[K] = {e1, e2}",
    "param-assign": "assignments to by-value double parameters",
    "incdec-double": "++/-- on doubles",
    "early-return": "returns before the end of the function",
    "break-continue": "break and continue",
    "while": "while and do-while loops",
    "helpers": "calls to helper functions",
    "helper-out": "helpers that write an array argument",
    "data-trip": "data-dependent trip counts",
    "nonsmooth": "fabs fmin fmax floor ceil and raw atan2/cbrt",
    "pow": "pow",
    "ternary": "?: in expressions",
    "two-outputs": "two written array parameters",
    "int-param": "int parameters",
    "uninit-array": "local arrays declared without initializer, then filled",
    "loop-cond-ternary": "?: in loop conditions",
    "incdec-expr": "++/-- used as a value (while (k++ < 5))",
    "loop-cond-call": "helper calls in loop conditions",
    "do-continue": "continue in a do-while body",
    "float": "float functions (f-suffixed math, float tangents/adjoints)",
    "infinite-loop": "for (;;) / while (true) loops left by break",
    "chain-assign": "chained assignments a = b = e",
    "bool-param": "bool parameters",
    "checkpoint": "#pragma adgen checkpoint(...) before loops (SPEC section 3)",
    "nested-checkpoint": "checkpoint directives on loops nested in other loops",
    "namespaces": "functions and their helpers in (nested, reopened, unnamed) namespaces, "
                  "helpers called qualified (detail::fzK_h0 from phys::fzK)",
}

# Namespace layouts (helpers' namespace, the function's namespace, how the
# function names its helpers); "" is the unnamed namespace. A function in a
# namespace is called, and its derivatives declared, qualified by the driver;
# the generated ones live in the primal's namespace (SPEC section 4). Every
# function of a file reopens the same namespaces, so each qualifier must mean
# the same namespace from every namespace that uses it (`detail::` from phys
# is ::detail: there is no phys::detail, the nested one is phys::inner).
NAMESPACE_LAYOUTS = [
    (["detail"], ["phys"], "detail::"),
    (["detail"], ["phys"], "::detail::"),
    (["phys", "inner"], ["phys"], "inner::"),
    (["phys", "inner"], ["phys"], "phys::inner::"),
    ([], ["phys"], ""),
    ([], ["phys"], "::"),
    (["phys"], ["phys"], ""),
    (["phys"], ["phys"], "phys::"),
    (["ml", "detail"], ["ml", "layers"], "detail::"),
    (["ml", "detail"], ["ml", "layers"], "::ml::detail::"),
    ([""], ["phys"], ""),
    (["phys", ""], ["phys"], ""),
    (["util"], [], "util::"),
    (["ns_a", "ns_b", "ns_c"], ["ns_a", "ns_b", "ns_d"], "ns_c::"),
]
NAMESPACE_FRACTION = 0.35

# Constructs only generated when asked for (`--with`), so that the programs
# of every seed stay the same without it (scripts/golden compares them).
OPT_IN = {
    "switch": "switch on an int (fall-through, default, break; in loops)",
    "range-for": "range-based for over local arrays (by value, const and writing references)",
}
WITH = set()  # the OPT_IN constructs asked for (main sets it)

CONSTS = ["0.5", "1.5", "2.0", "0.25", "3.0", "0.75", "1.25", "0.1", "0.3"]


class DVar:
    def __init__(self, name, writable=True, param=False):
        self.name, self.writable, self.param, self.read = name, writable, param, False


class IVar:
    """A passive int; its value lies in [lo, hi] wherever it is visible."""

    def __init__(self, name, lo, hi, param=False):
        self.name, self.lo, self.hi, self.param, self.read = name, lo, hi, param, False


class BVar:
    def __init__(self, name):
        self.name, self.read, self.param = name, False, False


class Arr:
    def __init__(self, name, n, writable, param=False, kind="local"):
        self.name, self.n, self.writable, self.param = name, n, writable, param
        self.kind, self.read = kind, False


class Sig:
    """A signature. ret: 'double' (returns a value of the floating type ft)
    or 'void'; params: (kind, name) with kind scalar | in (const pointer) |
    out (written pointer) | int | bool; n: the length of the array
    parameters, and the largest value of the int ones (in [1, n])."""

    def __init__(self, name, ret, params, n, ft="double"):
        self.name, self.ret, self.params, self.n = name, ret, params, n
        self.ft = ft  # the floating type: double or float
        self.ns = []     # the enclosing namespaces ("" = unnamed), outermost first
        self.qual = ""   # how the top-level function of its file names it

    def qname(self):
        """The name qualified from the global namespace (the driver's view)."""
        return ("::" + "::".join(self.ns) + "::" if self.ns else "") + self.name

    def rtype(self):
        return self.ft if self.ret == "double" else "void"

    def ptype(self, kind):
        """The C++ type of a parameter of this kind, with %s for its name."""
        return {"scalar": self.ft + " %s", "in": "const " + self.ft + " *%s",
                "out": self.ft + " *%s", "int": "int %s", "bool": "bool %s"}[kind]

    def decl(self, suffix=""):
        parts = [self.ptype(kind) % p for kind, p in self.params]
        return "%s %s%s(%s)" % (self.rtype(), self.name, suffix, ", ".join(parts))

    def writes_array(self):
        return any(k == "out" for k, _ in self.params)


class FuncGen:
    """Generates the body of one function (a top-level one or a helper)."""

    def __init__(self, rng, sig, helpers, avoid, is_helper):
        self.rng, self.sig, self.helpers = rng, sig, helpers
        self.avoid, self.is_helper = avoid, is_helper
        self.lines = []
        self.ind = 1
        self.counter = 0
        self.scopes = []
        self.loop_mult = 1  # product of the trip bounds of the loops we are in
        self.loops = 0      # loop nesting depth
        self.jump_floor = 0  # loops outside the innermost switch (break is its)
        self.budget = 0     # statements left
        self.ret = sig.ret
        self.ft = sig.ft
        self.in_loop_cond = False  # generating a loop condition
        self.checkpoints = 0  # checkpoint directives emitted
        self.loop_kinds = []  # for / while / do, innermost last

    # --- small utilities -------------------------------------------------
    def ok(self, construct):
        return construct not in self.avoid

    def chance(self, p):
        return self.rng.random() < p

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def emit(self, text):
        self.lines.append("  " * self.ind + text)

    def visible(self, cls):
        return [v for s in self.scopes for v in s if isinstance(v, cls)]

    def push(self):
        self.scopes.append([])

    def pop(self, consume=True):
        """Closes a scope; first reads every local of it nobody read (so the
        primal and the derivative compile warning-free)."""
        scope = self.scopes[-1]
        if consume:
            self.consume([v for v in scope if not self.is_read(v)])
        self.scopes.pop()

    WRITE_AFTER = re.compile(r"\s*(=(?!=)|\+=|-=|\*=|/=|\+\+|--)")

    def is_read(self, v):
        """Whether the text emitted so far reads v (not only assigns it), as
        g++'s unused(-but-set) warnings see it."""
        pat = re.compile(r"(?<![\w.])%s\b" % re.escape(v.name))
        for line in self.lines:
            for m in pat.finditer(line):
                before = line[:m.start()].rstrip()
                if before.endswith("++") or before.endswith("--"):
                    continue
                if before.endswith(("double", "float", "int", "bool")):
                    continue  # the declaration
                if (line.lstrip().startswith("for (") and before.endswith(("&", "auto"))
                        and line.startswith(" : ", m.end())):
                    continue  # a range-for's variable
                end = m.end()
                if end < len(line) and line[end] == "[":
                    depth = 0
                    for j in range(end, len(line)):
                        depth += {"[": 1, "]": -1}.get(line[j], 0)
                        if depth == 0:
                            end = j + 1
                            break
                if self.WRITE_AFTER.match(line, end):
                    continue
                return True
        return False

    def consume(self, items):
        if not items:
            return
        terms = [self.use_term(v) for v in items]
        target = self.writable_outer_scalar()
        self.emit("%s += 0.125 * (%s);" % (target, " + ".join(terms)))

    def use_term(self, v):
        v.read = True
        if isinstance(v, DVar):
            return v.name
        if isinstance(v, IVar):
            return "0.1 * %s" % v.name
        if isinstance(v, BVar):
            return "(%s ? 0.5 : -0.5)" % v.name
        return "%s[%d]" % (v.name, self.rng.randrange(v.n))

    def writable_outer_scalar(self):
        # `acc` is declared first in every function and is always visible.
        return "acc"

    def sq(self, e):
        if len(e) < 24:
            return "(%s * %s)" % (e, e)
        return "%s(%s, 2.0)" % (self.sp("pow"), e)

    def sp(self, name):
        """A spelling of a math function: plain, std::, or (in float code)
        the f-suffixed C function."""
        r = self.rng.random()
        if self.ft == "float" and r < 0.35:
            return name + "f"
        return ("std::" if r < 0.7 else "") + name

    # --- integers and indices ---------------------------------------------
    def ints(self):
        return [v for v in self.visible(IVar) if v.lo >= 0]

    def index(self, n):
        """An int expression in [0, n)."""
        ivs = self.ints()
        opts = []
        for iv in ivs:
            if iv.hi < n:
                opts.append((iv, iv.name))
                opts.append((iv, "%d - %s" % (n - 1, iv.name)))
            opts.append((iv, "(%s + %d) %% %d" % (iv.name, self.rng.randrange(n), n)))
            for nv in ivs:
                if nv is not iv and nv.lo >= 1 and nv.hi <= n:
                    opts.append(((iv, nv), "(%s + 1) %% %s" % (iv.name, nv.name)))
            if iv.lo >= 1 and iv.hi <= n:
                opts.append((iv, "%s - 1" % iv.name))
        if n >= 2 and self.ok("ternary") and not self.in_loop_cond and self.chance(0.04):
            return "(%s ? %d : %d)" % (self.cond(0), self.rng.randrange(n), self.rng.randrange(n))
        if not opts or self.chance(0.25):
            return str(self.rng.randrange(n))
        used, text = self.rng.choice(opts)
        for v in (used if isinstance(used, tuple) else (used,)):
            v.read = True
        return text

    def int_in(self, lo, hi):
        """An int expression with value in [lo, hi] (lo >= 1)."""
        cands = [v for v in self.ints() if v.lo >= lo and v.hi <= hi]
        r = self.rng.random()
        if cands and r < 0.5:
            v = self.rng.choice(cands)
            v.read = True
            return v.name
        others = self.ints()
        if others and r < 0.8 and hi - lo + 1 >= 1:
            v = self.rng.choice(others)
            v.read = True
            return "%d + %s %% %d" % (lo, v.name, hi - lo + 1)
        return str(self.rng.randint(lo, hi))

    # --- expressions --------------------------------------------------------
    def leaf(self):
        r = self.rng.random()
        dv = self.visible(DVar)
        arrs = self.visible(Arr)
        if dv and r < 0.45:
            v = self.rng.choice(dv)
            v.read = True
            return v.name
        if arrs and r < 0.8:
            a = self.rng.choice(arrs)
            a.read = True
            return "%s[%s]" % (a.name, self.index(a.n))
        ivs = self.ints()
        if ivs and r < 0.9:
            v = self.rng.choice(ivs)
            v.read = True
            form = self.rng.choice(["(double)%s", "static_cast<%s>(%%s)" % self.ft,
                                    "0.25 * %s", "%s(%%s)" % self.ft, "(float)%s"])
            return "(" + form % v.name + ")" if form.startswith("0.25") else form % v.name
        return self.const()

    def const(self):
        c = self.rng.choice(CONSTS)
        return c + "f" if self.ft == "float" and self.chance(0.5) else c

    def cond(self, d=1):
        r = self.rng.random()
        if r < 0.12 and self.visible(BVar):
            b = self.rng.choice(self.visible(BVar))
            b.read = True
            return ("!" if self.chance(0.3) else "") + b.name
        if r < 0.22 and self.ints():
            iv = self.rng.choice(self.ints())
            iv.read = True
            return self.rng.choice(["%s %% 2 == 0" % iv.name, "%s > %d" % (iv.name, self.rng.randint(0, 3)),
                                    "%s != 1" % iv.name])
        if r < 0.35 and d > 0:
            op = self.rng.choice(["&&", "||"])
            c1, c2 = self.cond(d - 1), self.cond(d - 1)
            return "(%s) %s (%s)" % (c1, op, c2)
        if r < 0.4 and d > 0:
            return "!(%s)" % self.cond(d - 1)
        op = self.rng.choice([">", "<", ">=", "<="])
        a = self.expr(1)
        b = self.expr(1) if self.chance(0.6) else self.rng.choice(["0.0", "0.5", "-0.3", "1.0"])
        return "%s %s %s" % (a, op, b)

    def loop_cond(self):
        self.in_loop_cond = True
        c = self.cond(0)
        self.in_loop_cond = False
        return c

    def expr(self, d):
        if d <= 0 or self.chance(0.25):
            return self.leaf()
        r = self.rng.random()
        A = lambda: self.expr(d - 1)
        if r < 0.28:
            op = self.rng.choice(["+", "-", "*", "+", "*"])
            return "(%s %s %s)" % (A(), op, A())
        if r < 0.34:
            den = self.rng.choice(["(1.5 + %s)" % self.sq(A()), "(2.0 + %s(%s))" % (self.sp("cos"), A()),
                                   "(0.5 + %s(%s))" % (self.sp("exp"), A())])
            return "(%s / %s)" % (A(), den)
        if r < 0.38:
            return "(-%s)" % A()
        if r < 0.43 and self.ok("ternary") and not (self.in_loop_cond and not self.ok("loop-cond-ternary")):
            return "(%s ? %s : %s)" % (self.cond(0), A(), A())
        if r < 0.49 and self.ok("helpers") and not (self.in_loop_cond and not self.ok("loop-cond-call")):
            call = self.helper_call(d, pure_only=True)
            if call:
                return call
        if r < 0.53:
            return "(%s * %s)" % (self.rng.choice(CONSTS), A())
        return self.math(d)

    def math(self, d):
        A = lambda: self.expr(d - 1)
        sp = self.sp
        f = self.rng.choice(["sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh",
                             "tanh", "exp", "expm1", "log", "log1p", "log2", "log10", "sqrt", "cbrt",
                             "pow", "hypot", "fabs", "fmin", "fmax", "floor", "ceil", "erf"])
        nonsmooth = self.ok("nonsmooth")
        if f in ("sin", "cos", "atan", "tanh", "erf"):
            return "%s(%s)" % (sp(f), A())
        if f == "tan":
            return "%s(%s * %s(%s))" % (sp("tan"), self.rng.choice(["0.7", "1.2"]), sp(self.rng.choice(["sin", "tanh"])), A())
        if f in ("asin", "acos"):
            return "%s(%s * %s(%s))" % (sp(f), self.rng.choice(["0.5", "0.9"]), sp(self.rng.choice(["tanh", "sin"])), A())
        if f == "atan2":
            # Raw forms are offset by a constant no other expression makes,
            # so no structural zero (an untouched t[i] = 0) lands on the
            # singular point, where the derivative is inf * 0 = NaN.
            if nonsmooth and self.chance(0.4):
                return "%s(%s + 0.217, %s)" % (sp("atan2"), A(), A())
            return "%s(%s, 1.0 + %s)" % (sp("atan2"), A(), self.sq(A()))
        if f == "sinh":
            return "%s(%s(%s))" % (sp("sinh"), sp(self.rng.choice(["tanh", "sin", "cos"])), A())
        if f == "cosh":
            return "%s(1.5 * %s(%s))" % (sp("cosh"), sp(self.rng.choice(["tanh", "sin"])), A())
        if f == "exp":
            if self.chance(0.3):
                a = A()
                return "%s(-%s)" % (sp("exp"), self.sq(a))
            return "%s(%s(%s))" % (sp("exp"), sp(self.rng.choice(["sin", "tanh", "cos"])), A())
        if f == "expm1":
            return "%s(%s(%s))" % (sp("expm1"), sp(self.rng.choice(["sin", "tanh"])), A())
        if f == "log":
            if self.chance(0.5):
                return "%s(1.5 + %s)" % (sp("log"), self.sq(A()))
            return "%s(2.0 + %s(%s))" % (sp("log"), sp("sin"), A())
        if f == "log1p":
            if self.chance(0.5):
                return "%s(%s)" % (sp("log1p"), self.sq(A()))
            return "%s(0.5 * %s(%s))" % (sp("log1p"), sp("tanh"), A())
        if f in ("log2", "log10"):
            return "%s(1.25 + %s(%s))" % (sp(f), sp(self.rng.choice(["sin", "cos"])), A())
        if f == "sqrt":
            if self.chance(0.5):
                return "%s(1.0 + %s)" % (sp("sqrt"), self.sq(A()))
            return "%s(2.0 + %s(%s))" % (sp("sqrt"), sp("cos"), A())
        if f == "cbrt":
            if nonsmooth and self.chance(0.3):
                return "%s(%s - 0.217)" % (sp("cbrt"), A())
            return "%s(1.0 + %s)" % (sp("cbrt"), self.sq(A()))
        if f == "pow":
            if not self.ok("pow"):
                return "%s(%s)" % (sp("sin"), A())
            r = self.rng.random()
            if r < 0.3:
                return "%s(%s, %s)" % (sp("pow"), A(), self.rng.choice(["2.0", "3.0", "2", "3"]))
            if r < 0.65:
                return "%s(1.2 + %s, %s(%s))" % (sp("pow"), self.sq(A()), sp("tanh"), A())
            return "%s(1.5 + %s(%s), %s)" % (sp("pow"), sp("sin"), A(), A())
        if f == "hypot":
            if self.chance(0.5):
                return "%s(%s, %s + 0.217)" % (sp("hypot"), A(), A())
            return "%s(%s, 1.0)" % (sp("hypot"), A())
        if f == "fabs":
            if nonsmooth:
                return "%s(%s)" % (sp("fabs"), A())
            return "%s(1.0 + %s)" % (sp("fabs"), self.sq(A()))
        if f in ("fmin", "fmax"):
            if nonsmooth:
                return "%s(%s, %s)" % (sp(f), A(), A())
            return "%s(%s)" % (sp("tanh"), A())
        if f in ("floor", "ceil"):
            if nonsmooth:
                return "(%s(%s) * %s)" % (sp(f), A(), A())
            return "%s(%s)" % (sp("cos"), A())
        raise AssertionError(f)

    # --- helpers ------------------------------------------------------------
    def helper_call(self, d, pure_only):
        """A call to one of the helpers; pure_only: helpers that write no
        array (they can sit inside an expression)."""
        cands = [h for h in self.helpers if (h.ret == "double" or not pure_only)
                 and (not h.writes_array() or not pure_only)
                 and (not h.writes_array() or self.ok("helper-out"))]
        if not cands:
            return None
        # Only helpers whose array arguments can be found (checked before any
        # argument is generated, so nothing is marked read for nothing).
        arrs = self.visible(Arr)
        def feasible(h):
            nout = sum(1 for k, _ in h.params if k == "out")
            nin = sum(1 for k, _ in h.params if k == "in")
            big = [a for a in arrs if a.n >= h.n]
            wbig = [a for a in big if a.writable]
            return len(wbig) >= nout and (nin == 0 or len(big) > nout)
        cands = [h for h in cands if feasible(h)]
        if not cands:
            return None
        h = self.rng.choice(cands)
        args = []
        taken = set()
        # Written arrays first: they must be distinct from every other array arg.
        outs = {}
        for kind, p in h.params:
            if kind == "out":
                w = [a for a in self.visible(Arr) if a.writable and a.n >= h.n and a.name not in taken]
                if not w:
                    return None
                a = self.rng.choice(w)
                taken.add(a.name)
                outs[p] = a
        for kind, p in h.params:
            if kind == "out":
                a = outs[p]
                args.append(a.name)
            elif kind == "in":
                r = [a for a in self.visible(Arr) if a.n >= h.n and a.name not in taken]
                if not r:
                    return None
                a = self.rng.choice(r)
                a.read = True
                args.append(a.name)
            elif kind == "int":
                args.append(self.int_in(1, h.n))
            elif kind == "bool":
                args.append(self.cond(0) if self.chance(0.6) else self.rng.choice(["true", "false"]))
            else:
                if self.chance(0.3):
                    ivs = self.ints()
                    if ivs and self.chance(0.5):
                        v = self.rng.choice(ivs)
                        v.read = True
                        args.append("0.5 * %s" % v.name)
                    else:
                        args.append(self.rng.choice(CONSTS))
                else:
                    args.append(self.expr(max(0, d - 1)))
        return "%s(%s)" % (self.callee(h), ", ".join(args))

    def callee(self, h):
        """A helper's name as called here: qualified from the top-level
        function's namespace; helpers share one namespace and call each other
        unqualified."""
        return h.name if self.is_helper else h.qual + h.name

    # --- statements ---------------------------------------------------------
    def writable_scalars(self):
        return [v for v in self.visible(DVar) if v.writable and (not v.param or self.ok("param-assign"))]

    def writable_arrays(self):
        return [a for a in self.visible(Arr) if a.writable]

    def block(self, n):
        """n statements while the budget lasts; at least one (a plain
        assignment once the budget is spent) so no block is empty."""
        for j in range(n):
            if self.budget <= 0:
                if j == 0:
                    self.rng.choice([self.s_assign, self.s_arrwrite])()
                break
            self.stmt()

    def stmt(self):
        self.budget -= 1
        depth = self.ind
        kinds = [("decl", 3), ("assign", 5), ("arrwrite", 4), ("if", 2.5)]
        if depth < 4:
            kinds += [("for", 2.5), ("inplace", 1)]
            if self.ok("while"):
                kinds += [("while", 1), ("do", 0.8)]
        kinds += [("localarr", 1.2), ("intdecl", 0.8), ("booldecl", 0.5)]
        if depth < 4 and self.ok("infinite-loop") and self.ok("break-continue"):
            kinds.append(("forever", 0.5))
        if self.ok("chain-assign"):
            kinds.append(("chain", 0.15))
        if self.ok("incdec-double"):
            kinds.append(("incdec", 0.6))
        if self.ok("early-return"):
            kinds.append(("ret", 0.5 if self.is_helper else 0.7))
        if self.loops > self.jump_floor and self.ok("break-continue"):
            kinds.append(("jump", 1.5))
        if "switch" in WITH and depth < 4 and self.ints():
            kinds.append(("switch", 1))
        if "range-for" in WITH and depth < 4 and [a for a in self.visible(Arr) if not a.param]:
            kinds.append(("rangefor", 1))
        if self.ok("helpers") and self.helpers:
            kinds.append(("call", 2))
        if self.ok("lvalue-ternary"):
            kinds.append(("lvternary", 0.3))
        total = sum(w for _, w in kinds)
        r = self.rng.random() * total
        for k, w in kinds:
            r -= w
            if r <= 0:
                break
        getattr(self, "s_" + k)()

    def bounded(self, d):
        """An expression in [-1.5, 1.5]."""
        f = self.rng.choice(["cos", "sin", "tanh", "erf", "half", "inv"])
        if f == "half":
            return "(0.5 + 0.5 * %s(%s))" % (self.sp("tanh"), self.expr(d))
        if f == "inv":
            return "(1.0 / (1.0 + %s))" % self.sq(self.expr(d))
        return "%s(%s)" % (self.sp(f), self.expr(d))

    def s_decl(self):
        name = self.fresh("s")
        r = self.rng.random()
        if r < 0.15:
            # Several declarators in one declaration.
            name2 = self.fresh("s")
            self.emit("%s %s = %s, %s = %s;" % (self.ft, name, self.expr(2), name2, self.expr(2)))
            self.scopes[-1].append(DVar(name))
            self.scopes[-1].append(DVar(name2))
            return
        if r < 0.3:
            self.emit("const %s %s = %s;" % (self.ft, name, self.expr(3)))
            self.scopes[-1].append(DVar(name, writable=False))
            return
        self.emit("%s %s = %s;" % (self.ft, name, self.expr(3)))
        self.scopes[-1].append(DVar(name))

    def s_chain(self):
        ws = [v for v in self.writable_scalars()]
        if len(ws) < 2:
            return self.s_assign()
        v1, v2 = self.rng.sample(ws, 2)
        self.emit("%s = %s = %s;" % (v1.name, v2.name, self.rhs(v1.name + "|" + v2.name, 2)))

    def s_forever(self):
        """A loop without a condition, left by break."""
        k = self.fresh("k")
        room = max(1, 48 // self.loop_mult)
        b = self.rng.randint(1, min(room, 12 if self.loops == 0 else 4))
        if self.chance(0.5):
            self.checkpoint()
            self.emit("for (int %s = 0;; ++%s) {" % (k, k))
            self.ind += 1
            self.emit("if (%s >= %d) break;" % (k, b))
            self.ind -= 1
            self.loop_body(IVar(k, 0, b - 1), b, "for")
        else:
            self.emit("int %s = 0;" % k)
            kv = IVar(k, 0, b + 1)  # k > b ends it
            self.scopes[-1].append(kv)
            self.checkpoint()
            self.emit("while (true) {")
            self.ind += 1
            self.emit("%s++;" % k)
            self.emit("if (%s > %d) break;" % (k, b))
            self.ind -= 1
            self.loop_body(None, b, "while")
        self.emit("}")

    def s_assign(self):
        ws = self.writable_scalars()
        if not ws:
            return self.s_decl()
        v = self.rng.choice(ws)
        op = self.rng.choice(["=", "=", "+=", "-=", "*=", "/="])
        if op == "*=":
            # A bounded factor: products over a loop must not blow up.
            e = self.bounded(2)
        elif op == "/=":
            e = "(1.25 + %s)" % self.sq(self.expr(1))
        elif op == "=" and self.chance(0.3):
            e = "%s * %s + %s" % (v.name, self.rng.choice(["0.5", "0.9", "-0.7"]), self.rhs(v.name, 2))
        else:
            e = self.rhs(v.name, 3)
        self.emit("%s %s %s;" % (v.name, op, e))

    def rhs(self, target, d):
        """The right side of an update of `target`. In a loop, values that
        feed back into themselves are squashed so nothing grows without
        bound over the iterations (overflow in dead values makes adjoints
        inf * 0 = NaN, and wild functions defeat finite differences)."""
        if not self.loops and not self.is_helper:  # helpers may be called in loops
            return self.expr(d)
        if self.chance(0.5):
            return self.bounded(d - 1)
        e = self.expr(d)
        if re.search(r"(?<![\w.])(%s)\b" % target, e) or "fz" in e:
            return self.bounded(d - 1)
        return e

    def s_arrwrite(self):
        ws = self.writable_arrays()
        if not ws:
            return self.s_assign()
        a = self.rng.choice(ws)
        op = self.rng.choice(["=", "=", "+=", "-=", "*="])
        idx = self.index(a.n)
        if op == "*=":
            e = self.bounded(2)
        elif op == "=" and self.chance(0.35):
            e = "%s[%s] * %s + %s" % (a.name, idx, self.rng.choice(["0.5", "0.8", "-0.6"]), self.rhs(a.name, 2))
        else:
            e = self.rhs(a.name, 3)
        self.emit("%s[%s] %s %s;" % (a.name, idx, op, e))

    def s_incdec(self):
        ws = self.writable_scalars()
        wa = self.writable_arrays()
        if wa and self.chance(0.3):
            a = self.rng.choice(wa)
            tgt = "%s[%s]" % (a.name, self.index(a.n))
        elif ws:
            tgt = self.rng.choice(ws).name
        else:
            return self.s_assign()
        self.emit(self.rng.choice(["++%s;", "%s++;", "--%s;", "%s--;"]) % tgt)

    def s_lvternary(self):
        ws = [v for v in self.writable_scalars() if not v.param]
        if len(ws) < 2:
            return self.s_assign()
        v1, v2 = self.rng.sample(ws, 2)
        self.emit("(%s ? %s : %s) %s %s;" % (self.cond(0), v1.name, v2.name, self.rng.choice(["=", "+="]), self.expr(2)))

    def sub_block(self, n):
        self.ind += 1
        self.push()
        self.block(n)
        self.pop()
        self.ind -= 1

    def s_if(self):
        self.emit("if (%s) {" % self.cond())
        self.sub_block(self.rng.randint(1, 3))
        r = self.rng.random()
        if r < 0.4:
            self.emit("} else {")
            self.sub_block(self.rng.randint(1, 3))
        elif r < 0.55:
            self.emit("} else if (%s) {" % self.cond())
            self.sub_block(self.rng.randint(1, 2))
            self.emit("} else {")
            self.sub_block(1)
        self.emit("}")

    def ret_expr(self):
        return self.expr(3)

    def s_ret(self):
        c = self.cond()
        if self.ret == "void":
            if self.chance(0.5):
                self.emit("if (%s) return;" % c)
            else:
                self.emit("if (%s) {" % c)
                self.ind += 1
                self.push()
                self.s_arrwrite()
                self.pop()
                self.emit("return;")
                self.ind -= 1
                self.emit("}")
            return
        if self.chance(0.5):
            self.emit("if (%s) return %s;" % (c, self.ret_expr()))
        else:
            self.emit("if (%s) {" % c)
            self.ind += 1
            self.push()
            self.block(1)
            e = self.ret_expr()
            self.pop()
            self.emit("return %s;" % e)
            self.ind -= 1
            self.emit("}")

    def s_jump(self):
        j = self.rng.choice(["break", "continue"])
        if self.loop_kinds[-1] == "do" and not self.ok("do-continue"):
            j = "break"
        c = self.cond()
        if self.chance(0.5):
            self.emit("if (%s) %s;" % (c, j))
        else:
            self.emit("if (%s) {" % c)
            self.ind += 1
            self.push()
            self.block(1)
            self.pop()
            self.emit("%s;" % j)
            self.ind -= 1
            self.emit("}")

    def trip(self):
        """(bound, max trips): bound is an int variable (IVar) or a constant
        text; the caller marks the variable read if it uses it."""
        room = max(1, 48 // self.loop_mult)
        r = self.rng.random()
        nparams = [v for v in self.visible(IVar) if v.param]
        datas = [v for v in self.visible(IVar) if v.name.startswith("m")]
        if nparams and r < 0.3:
            v = self.rng.choice(nparams)
            if v.hi <= room:
                return v, v.hi
        if datas and r < 0.55:
            v = self.rng.choice(datas)
            if v.hi <= room:
                return v, v.hi
        c = self.rng.randint(1, min(room, 20 if self.loops == 0 else 6))
        return str(c), c

    def loop_body(self, ivar, trips, kind="for"):
        self.loop_kinds.append(kind)
        self.loops += 1
        self.loop_mult *= max(1, trips)
        self.ind += 1
        self.push()
        if ivar is not None:
            self.scopes[-1].append(ivar)
        self.block(self.rng.randint(1, 4))
        if ivar is not None:
            ivar.read = True  # the loop header reads it
        self.pop()
        self.ind -= 1
        self.loop_mult //= max(1, trips)
        self.loops -= 1
        self.loop_kinds.pop()

    def checkpoint(self):
        """Sometimes a checkpoint directive for the loop about to start: any
        policy of SPEC section 3, budgets from too small (1 byte: runs
        recompute, flagged) to roomy."""
        # Only in annotated functions: a helper has no directive to carry
        # the size(p, n) clauses a checkpointed loop may need.
        if self.is_helper or not self.ok("checkpoint"):
            return
        if self.loops > 0 and not self.ok("nested-checkpoint"):
            return
        if not self.chance(0.15):
            return
        self.checkpoints += 1
        r = self.rng.random()
        if r < 0.3:
            policy = "every %d" % self.rng.choice([1, 2, 3, 4, 5, 6, 7, 16, 100])
        elif r < 0.42:
            policy = "auto"
        elif r < 0.47:
            policy = "all"
        elif r < 0.6:
            policy = "recompute"
        elif r < 0.82:
            policy = "binomial %d" % self.rng.choice([1, 2, 3, 5, 8])
        else:
            policy = "budget %s" % self.rng.choice(["1", "48", "256", "1KiB", "64MiB"])
        # Pragmas are not indented by the emitter's rules but read as code.
        self.emit("#pragma adgen checkpoint(%s)" % policy)

    def s_for(self):
        self.checkpoint()
        i = self.fresh("i")
        r = self.rng.random()
        bound, trips = self.trip()
        if isinstance(bound, IVar) and not (0.8 <= r < 0.9):
            bound.read = True
        bound = bound.name if isinstance(bound, IVar) else bound
        if r < 0.55:
            self.emit("for (int %s = 0; %s < %s; ++%s) {" % (i, i, bound, i))
            iv = IVar(i, 0, trips - 1)
        elif r < 0.7:
            self.emit("for (int %s = %s - 1; %s >= 0; --%s) {" % (i, bound, i, i))
            iv = IVar(i, 0, trips - 1)
        elif r < 0.8:
            self.emit("for (int %s = 0; %s < %s; %s += 2) {" % (i, i, bound, i))
            iv = IVar(i, 0, trips - 1)
        elif r < 0.9:
            outer = [v for v in self.ints() if v.hi <= max(1, 48 // self.loop_mult)]
            if outer:
                o = self.rng.choice(outer)
                o.read = True
                self.emit("for (int %s = 0; %s <= %s; %s++) {" % (i, i, o.name, i))
                iv = IVar(i, 0, o.hi)
                trips = o.hi + 1
            else:
                self.emit("for (int %s = 0; %s < %s; ++%s) {" % (i, i, bound, i))
                iv = IVar(i, 0, trips - 1)
        else:
            self.emit("for (int %s = 1; %s <= %s; ++%s) {" % (i, i, bound, i))
            iv = IVar(i, 1, trips)
        self.loop_body(iv, trips)
        self.emit("}")

    def s_switch(self):
        v = self.rng.choice(self.ints())
        v.read = True
        self.emit("switch (%s %% 3) {" % v.name)
        saved, self.jump_floor = self.jump_floor, self.loops
        labels = ["case 0:", "case 1:", "default:"]
        self.rng.shuffle(labels)
        for j, label in enumerate(labels):
            self.emit(label + " {")
            self.sub_block(self.rng.randint(1, 2))
            last = j == len(labels) - 1
            fall = not last and self.chance(0.4)
            if not last and not fall:
                self.ind += 1
                self.emit("break;")
                self.ind -= 1
            self.emit("}")
            if fall:
                self.emit("[[fallthrough]];")
        self.jump_floor = saved
        self.emit("}")

    def s_rangefor(self):
        a = self.rng.choice([a for a in self.visible(Arr) if not a.param])
        a.read = True
        if self.loop_mult * a.n > 64:
            return self.s_assign()
        e = self.fresh("e")
        r = self.rng.random()
        ref = a.writable and r < 0.4
        decl = ("%s &" % self.ft if ref else
                "const auto &" if r < 0.7 else self.ft + " ")
        self.checkpoint()
        self.emit("for (%s%s : %s) {" % (decl, e, a.name))
        self.loop_kinds.append("for")
        self.loops += 1
        self.loop_mult *= a.n
        self.ind += 1
        self.push()
        self.scopes[-1].append(DVar(e, writable=ref))
        self.block(self.rng.randint(1, 3))
        if ref:
            self.emit("%s = %s;" % (e, self.bounded(2)))
        self.pop()
        self.ind -= 1
        self.loop_mult //= a.n
        self.loops -= 1
        self.loop_kinds.pop()
        self.emit("}")

    def s_inplace(self):
        ws = self.writable_arrays()
        if not ws:
            return self.s_for()
        a = self.rng.choice(ws)
        a.read = True
        n = a.n
        if self.loop_mult * n > 64:
            return self.s_arrwrite()
        self.checkpoint()
        i = self.fresh("i")
        # a[i] = a[i] * c + d * a[i + 1] with |c| + |d| <= 1: repeated sweeps
        # (in loops, in helpers called in loops) must not blow values up.
        c, d = self.rng.choice([("0.5", "0.5 * "), ("0.9", "0.1 * "), ("-0.7", "0.3 * "),
                                ("0.5 * %s" % self.bounded(1), "0.3 * ")])
        nb = [v for v in self.visible(IVar) if v.param and v.hi <= n]
        if nb and self.chance(0.4):
            nv = self.rng.choice(nb)
            nv.read = True
            self.emit("for (int %s = 0; %s < %s; ++%s) {" % (i, i, nv.name, i))
            self.ind += 1
            self.emit("%s[%s] = %s[%s] * %s + %s%s[(%s + 1) %% %s];" % (a.name, i, a.name, i, c, d, a.name, i, nv.name))
        else:
            if self.chance(0.5):
                self.emit("for (int %s = 0; %s < %d; ++%s) {" % (i, i, n, i))
            else:
                self.emit("for (int %s = %d; %s >= 0; --%s) {" % (i, n - 1, i, i))
            self.ind += 1
            self.emit("%s[%s] = %s[%s] * %s + %s%s[(%s + 1) %% %d];" % (a.name, i, a.name, i, c, d, a.name, i, n))
        self.ind -= 1
        self.emit("}")

    def s_while(self):
        k = self.fresh("k")
        room = max(1, 48 // self.loop_mult)
        b = self.rng.randint(1, min(room, 20 if self.loops == 0 else 6))
        self.emit("int %s = 0;" % k)
        kv = IVar(k, 0, b + 1)  # k++ < b and ++k > b end at b + 1
        self.scopes[-1].append(kv)
        kv.read = True
        form = self.rng.random()
        self.checkpoint()
        if form < 0.4:
            self.emit("while (%s < %d && %s) {" % (k, b, self.loop_cond()))
        elif form < 0.55 and self.ok("incdec-expr"):
            self.emit("while (%s++ < %d) {" % (k, b))
        else:
            self.emit("while (%s < %d) {" % (k, b))
        if not (0.4 <= form < 0.55 and self.ok("incdec-expr")):
            self.ind += 1
            self.emit(self.rng.choice(["++%s;", "%s++;", "%s += 1;"]) % k)
            self.ind -= 1
        self.loop_body(None, b, "while")
        self.ind += 1
        if form >= 0.55 and self.ok("break-continue") and self.chance(0.5):
            if self.ok("incdec-expr") and self.chance(0.4):
                self.emit("if (++%s > %d) break;" % (k, b))
            else:
                self.emit("if (%s) break;" % self.cond(0))
        self.ind -= 1
        self.emit("}")

    def s_do(self):
        k = self.fresh("k")
        room = max(1, 48 // self.loop_mult)
        b = self.rng.randint(1, min(room, 20 if self.loops == 0 else 6))
        self.emit("int %s = 0;" % k)
        kv = IVar(k, 0, b)
        self.scopes[-1].append(kv)
        kv.read = True
        self.checkpoint()
        self.emit("do {")
        self.ind += 1
        self.emit("%s++;" % k)
        self.ind -= 1
        self.loop_body(None, b, "do")
        if self.chance(0.5):
            self.emit("} while (%s < %d && %s);" % (k, b, self.loop_cond()))
        else:
            self.emit("} while (%s < %d);" % (k, b))

    def s_localarr(self):
        t = self.fresh("t")
        n = self.rng.choice([self.sig.n, self.sig.n, self.rng.randint(1, 8)])
        r = self.rng.random()
        if r < 0.3 or (r < 0.5 and not self.ok("array-init-list")):
            self.emit("%s %s[%d] = %s;" % (self.ft, t, n, self.rng.choice(["{}", "{0.0}", "{0}"])))
        elif r < 0.5:
            k = self.rng.randint(1, n)
            init = [self.expr(2) for _ in range(k)]
            if self.ft == "float":  # no narrowing in braces
                init = ["float(%s)" % e for e in init]
            self.emit("%s %s[%d] = {%s};" % (self.ft, t, n, ", ".join(init)))
        elif self.loop_mult * n <= 64:
            i = self.fresh("i")
            if self.ok("uninit-array") and self.chance(0.5):
                self.emit("%s %s[%d];" % (self.ft, t, n))
            else:
                self.emit("%s %s[%d] = {};" % (self.ft, t, n))
            self.emit("for (int %s = 0; %s < %d; ++%s) {" % (i, i, n, i))
            self.ind += 1
            self.push()
            self.scopes[-1].append(IVar(i, 0, n - 1))
            e = self.expr(2)
            self.scopes.pop()
            self.emit("%s[%s] = %s;" % (t, i, e))
            self.ind -= 1
            self.emit("}")
        else:
            self.emit("%s %s[%d] = {};" % (self.ft, t, n))
        self.scopes[-1].append(Arr(t, n, True))

    def s_intdecl(self):
        m = self.fresh("m")
        if not self.ok("data-trip"):
            lo, k = 1, self.rng.randint(1, 4)
            self.emit("int %s = %d;" % (m, lo + k))
            self.scopes[-1].append(IVar(m, lo + k, lo + k))
            return
        ivs = [v for v in self.ints() if v.hi <= 12]
        if ivs and self.chance(0.2):
            v = self.rng.choice(ivs)
            c = self.rng.randint(0, 3)
            if self.chance(0.5):
                self.emit("int %s = %s + %d;" % (m, v.name, c))
                self.scopes[-1].append(IVar(m, v.lo + c, v.hi + c))
            else:
                self.emit("int %s = 2 * %s + %d;" % (m, v.name, c))
                self.scopes[-1].append(IVar(m, 2 * v.lo + c, 2 * v.hi + c))
            return
        lo = self.rng.randint(1, 2)
        k = self.rng.randint(2, 5)
        form = self.rng.random()
        if form < 0.5:
            self.emit("int %s = %d + (int)(%d.0 * %s(%s(%s)));" % (m, lo, k, self.sp("fabs"), self.sp("tanh"), self.expr(2)))
        elif form < 0.8:
            self.emit("int %s = %d + static_cast<int>(%d.0 * %s(%s));" % (m, lo, k, self.sp("erf"), self.sq(self.expr(1))))
        else:
            self.emit("int %s = %d + (int)%s(%d.0 * %s(%s(%s)));" % (m, lo, self.sp("floor"), k, self.sp("fabs"), self.sp("sin"), self.expr(2)))
        self.scopes[-1].append(IVar(m, lo, lo + k))

    def s_booldecl(self):
        b = self.fresh("b")
        self.emit("bool %s = %s;" % (b, self.cond()))
        self.scopes[-1].append(BVar(b))

    def s_call(self):
        call = self.helper_call(2, pure_only=False)
        if call is None:
            return self.s_assign()
        h = [h for h in self.helpers if call.startswith(self.callee(h) + "(")][0]
        if h.ret == "void":
            self.emit("%s;" % call)
            return
        ws = self.writable_scalars()
        if ws and self.chance(0.7):
            v = self.rng.choice(ws)
            if self.loops:
                call = "%s(%s)" % (self.sp(self.rng.choice(["tanh", "sin", "atan"])), call)
            self.emit("%s %s %s;" % (v.name, self.rng.choice(["=", "+=", "-="]), call))
        else:
            name = self.fresh("s")
            self.emit("%s %s = %s;" % (self.ft, name, call))
            self.scopes[-1].append(DVar(name))

    # --- the whole function -----------------------------------------------
    def generate(self, nstmts):
        self.push()
        for kind, p in self.sig.params:
            if kind == "scalar":
                self.scopes[-1].append(DVar(p, writable=True, param=True))
            elif kind == "in":
                self.scopes[-1].append(Arr(p, self.sig.n, False, param=True, kind="in"))
            elif kind == "out":
                self.scopes[-1].append(Arr(p, self.sig.n, True, param=True, kind="out"))
            elif kind == "int":
                self.scopes[-1].append(IVar(p, 1, self.sig.n, param=True))
            elif kind == "bool":
                b = BVar(p)
                b.param = True
                self.scopes[-1].append(b)
        self.emit("%s acc = %s;" % (self.ft, self.expr(2)))
        acc = DVar("acc")
        self.scopes[-1].append(acc)
        self.push()
        # Every written array is written on every path before anything else.
        for kind, p in self.sig.params:
            if kind == "out":
                a = [x for x in self.visible(Arr) if x.name == p][0]
                idx = self.index(a.n)
                if self.chance(0.5):
                    self.emit("%s[%s] = %s;" % (p, idx, self.expr(2)))
                else:
                    self.emit("%s[%s] += %s;" % (p, idx, self.expr(2)))
        self.budget = nstmts
        self.block(nstmts)
        # The end: read everything still unread, then return.
        self.pop(consume=True)
        unread = [v for v in self.scopes[-1] if v is not acc and not self.is_read(v)]
        if self.ret == "void":
            outs = [p for k, p in self.sig.params if k == "out"]
            terms = [self.use_term(v) for v in unread] + ["acc"]
            o = self.rng.choice(outs)
            self.emit("%s[%d] += 0.5 * (%s);" % (o, self.rng.randrange(self.sig.n), " + ".join(terms)))
        else:
            terms = [self.use_term(v) for v in unread]
            e = self.ret_expr()
            extra = (" + 0.125 * (%s)" % " + ".join(terms)) if terms else ""
            self.emit("return %s + acc%s;" % (e, extra))
        acc.read = True
        return self.lines


def gen_sig(rng, name, n, helper, avoid, nmax_scalars=3):
    params = []
    ns = rng.randint(1, nmax_scalars)
    for _ in range(ns):
        params.append("scalar")
    for _ in range(rng.choice([0, 1, 1, 2] if not helper else [0, 1, 1, 2])):
        params.append("in")
    nout = rng.choice([0, 0, 1, 1, 1]) if not helper else rng.choice([0, 0, 1])
    if nout and "two-outputs" not in avoid and not helper and rng.random() < 0.15:
        nout = 2
    if "helper-out" in avoid and helper:
        nout = 0
    params += ["out"] * nout
    if ("in" in params or "out" in params) and "int-param" not in avoid and rng.random() < 0.4:
        params.append("int")
    if "bool-param" not in avoid and rng.random() < 0.12:
        params.append("bool")
    rng.shuffle(params)
    counts = {}
    named = []
    letters = {"scalar": "x", "in": "a", "out": "out", "int": "n", "bool": "p"}
    for k in params:
        counts[k] = counts.get(k, 0) + 1
        base = letters[k]
        named.append((k, "%s%d" % (base, counts[k] - 1) if (k != "out" or nout > 1) and k not in ("int", "bool") else base))
    ret = "double"
    if nout and rng.random() < 0.35:
        ret = "void"
    return Sig(name, ret, named, n)


MATH = ["sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp",
        "expm1", "log", "log1p", "log2", "log10", "sqrt", "cbrt", "pow", "hypot", "fabs", "fmin",
        "fmax", "floor", "ceil", "erf"]


def gen_function(seed, k, avoid, float_fraction, as_double=False):
    """Returns (source text, Sig, pragma-active list) of function k."""
    rng = random.Random("adgen-fuzz:%d:%d" % (seed, k))
    use_float = "float" not in avoid and random.Random("adgen-fuzz-float:%d:%d" % (seed, k)).random() < float_fraction
    ft = "float" if use_float else "double"
    # The namespaces, from their own stream (the program is the same either way).
    ns_rng = random.Random("adgen-fuzz-ns:%d:%d" % (seed, k))
    hns, fns, qual = [], [], ""
    if "namespaces" not in avoid and ns_rng.random() < NAMESPACE_FRACTION:
        hns, fns, qual = ns_rng.choice(NAMESPACE_LAYOUTS)
    compact = ns_rng.random() < 0.5  # C++17 `namespace a::b {` where it can
    n = rng.randint(1, 8)
    helpers = []
    src = []
    if "helpers" not in avoid:
        for j in range(rng.choice([0, 1, 1, 2])):
            hn = rng.randint(1, n)
            hs = gen_sig(rng, "fz%d_h%d" % (k, j), hn, True, avoid, 2)
            hs.ft = ft
            hs.ns, hs.qual = hns, qual
            g = FuncGen(rng, hs, list(helpers), avoid, True)
            body = g.generate(rng.randint(2, 6))
            # A helper the function happens not to call is unused there, and
            # in an unnamed namespace g++ -Wall says so.
            unused_ok = "[[maybe_unused]] " if "" in hns else ""
            src.append(unused_ok + hs.decl() + " {")
            src += body
            src.append("}")
            src.append("")
            helpers.append(hs)
    if helpers and hns:
        src = namespace_open(hns, compact) + src + namespace_close(hns, compact)
    sig = gen_sig(rng, "fz%d" % k, n, False, avoid)
    sig.ft = ft
    sig.ns = fns
    src += namespace_open(fns, compact)
    g = FuncGen(rng, sig, helpers, avoid, False)
    body = g.generate(rng.randint(4, 12))
    # Activity: every floating parameter, or a nonempty subset of the scalar
    # and const pointer ones (written arrays are active anyway).
    cand = [p for kind, p in sig.params if kind in ("scalar", "in")]
    written = [p for kind, p in sig.params if kind == "out"]
    active = [p for kind, p in sig.params if kind in ("scalar", "in", "out")]
    r = rng.random()
    if r < 0.75 or len(cand) < 2:
        pragma = ["#pragma adgen jvp grad"]
    else:
        sub = rng.sample(cand, rng.randint(1, len(cand) - 1))
        order = lambda lst: ", ".join(rng.sample(lst, len(lst)))
        if rng.random() < 0.5:
            pragma = ["#pragma adgen jvp(%s) grad(%s)" % (order(sub), order(sub))]
        else:
            pragma = ["#pragma adgen jvp(%s)" % order(sub), "#pragma adgen grad(%s)" % order(sub)]
        if written and rng.random() < 0.3:
            # Listing a written array is allowed too.
            pragma = ["#pragma adgen jvp(%s) grad(%s)" % (", ".join(sub + written), ", ".join(sub + written))]
        active = [p for kind, p in sig.params if p in sub or kind == "out"]
    if g.checkpoints:
        arrays = [p for kind, p in sig.params if kind in ("in", "out")]
        if arrays:
            pragma.append("#pragma adgen %s" % " ".join("size(%s, %d)" % (p, n) for p in arrays))
    src += pragma
    src.append(sig.decl() + " {")
    src += body
    src.append("}")
    src += namespace_close(fns, compact)
    text = "\n".join(src) + "\n"
    if as_double and ft == "float":
        # The same program in double (to tell float rounding from a bug).
        text = re.sub(r"\bfloat\b", "double", text)
        text = re.sub(r"\b(%s)f\(" % "|".join(MATH), r"\1(", text)
        text = re.sub(r"(\d)f\b", r"\1", text)
        sig.ft = "double"
        for h in helpers:
            h.ft = "double"
    return text, sig, active


def namespace_open(path, compact):
    """Lines opening the namespaces of path ("" = unnamed), at column 0."""
    if not path:
        return []
    if compact and "" not in path and len(path) > 1:
        return ["namespace %s {" % "::".join(path)]
    return ["namespace {" if p == "" else "namespace %s {" % p for p in path]


def namespace_close(path, compact):
    if not path:
        return []
    if compact and "" not in path and len(path) > 1:
        return ["}  // namespace %s" % "::".join(path), ""]
    return ["}  // namespace %s" % (p or "(unnamed)") for p in reversed(path)] + [""]


def in_namespace(sig, lines):
    """lines (declarations) inside sig's namespaces."""
    if not sig.ns:
        return lines
    return namespace_open(sig.ns, False) + lines + namespace_close(sig.ns, False)[:-1]


# --- the driver ----------------------------------------------------------------

PRELUDE = r'''
#ifdef ADGEN_DRIVER
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace fz {

struct Rng {
  std::uint64_t state;
  explicit Rng(std::uint64_t seed) : state(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * (double(next() >> 11) * (1.0 / 9007199254740992.0));
  }
  int integer(int lo, int hi) { return lo + int(next() % std::uint64_t(hi - lo + 1)); }
};

using Vec = std::vector<double>;
typedef void (*SampleFn)(Rng &, double *);
typedef void (*EvalFn)(const double *, double *);
typedef void (*JvpFn)(const double *, const double *, double *, double *);
typedef void (*GradFn)(const double *, const double *, double *, double *);
typedef std::string (*DescribeFn)();

struct Case {
  const char *name, *src, *xnames, *ynames;
  int nx, ny;
  const char *accum;  // per input: '1' when its adjoint accumulates (not a written array)
  int fp32;           // 1: a float function (float tolerances, FD of its double
                      // twin); 2: a double one with float subexpressions
  SampleFn sample;
  EvalFn eval;     // f itself
  EvalFn eval_fd;  // what finite differences difference: f, or its double twin
  JvpFn jvp;
  GradFn grad;
  DescribeFn describe;
};

struct Stats {
  long points = 0, skipped_points = 0, checks = 0, inconclusive = 0;
} stats;

static const char *g_repro = "";
static int g_printed = 0;

inline std::string vecstr(const double *v, int n) {
  std::string s = "{";
  char buf[64];
  for (int i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "%s%.17g", i ? ", " : "", v[i]);
    s += buf;
  }
  return s + "}";
}

inline bool finite_all(const Vec &v, double bound) {
  for (double x : v)
    if (!std::isfinite(x) || std::fabs(x) > bound) return false;
  return true;
}

inline void report(const Case &c, const char *what, const std::string &detail,
                   double got, double want, const Vec &X, const Vec *V,
                   const Vec *W) {
  std::printf("FAIL %s: %s%s\n  got  %.17g\n  want %.17g\n", c.name, what,
              detail.c_str(), got, want);
  std::printf("  inputs %s = %s\n", c.xnames, vecstr(X.data(), c.nx).c_str());
  std::printf("  passive %s\n", c.describe().c_str());
  if (V) std::printf("  direction = %s\n", vecstr(V->data(), c.nx).c_str());
  if (W) std::printf("  cotangent %s = %s\n", c.ynames, vecstr(W->data(), c.ny).c_str());
  if (g_printed++ < 3)
    std::printf("---- source of %s (%s) ----\n%s---- end ----\n", c.name, g_repro, c.src);
}

// Central differences of Y along dir at steps h and h/2 for h in H[]: per
// step, the Richardson estimate and |D(h) - D(h/2)|.
static const double H[3] = {1e-3, 1e-4, 1e-5};

// Tolerances, for double and for float functions.
struct Tol {
  double fd_rel, fd_abs;    // AD vs finite differences: agreement
  double fd_consistent;     // two FD estimates agree (the FD is trustworthy)
  double fd_disagree;       // AD differs from trustworthy FD: a failure
  double value, accum, dot; // value equality, accumulation, dot-product test
};
// Values are compared to 1e-9, not exactly, and (as is the dot-product test)
// to 1e-6 in double functions with float subexpressions (std::cos((float)k)):
// g++ -O1 folds float math calls of constants correctly rounded where libm
// may be an ulp off, so f, f_jvp and f_grad may differ in the last bit of a
// float subexpression.
static const Tol T64 = {1e-6, 1e-8, 1e-5, 1e-4, 1e-9, 1e-10, 1e-9};
static const Tol T32 = {2e-3, 1e-4, 1e-5, 1e-2, 1e-5, 1e-4, 1e-4};
static const Tol T64F = {1e-6, 1e-8, 1e-5, 1e-4, 1e-6, 1e-10, 1e-6};
static const Tol *tol = &T64;
struct FdTable {
  Vec R[3], delta[3];
  bool ok[3];
};

inline void fd_table(const Case &c, const Vec &X, const Vec &dir, FdTable &t) {
  Vec Xp(c.nx), Yp(c.ny), Ym(c.ny), D1(c.ny), D2(c.ny);
  for (int s = 0; s < 3; ++s) {
    t.ok[s] = true;
    Vec *D[2] = {&D1, &D2};
    for (int half = 0; half < 2; ++half) {
      double h = H[s] / (half ? 2.0 : 1.0);
      for (int i = 0; i < c.nx; ++i) Xp[i] = X[i] + h * dir[i];
      c.eval_fd(Xp.data(), Yp.data());
      for (int i = 0; i < c.nx; ++i) Xp[i] = X[i] - h * dir[i];
      c.eval_fd(Xp.data(), Ym.data());
      if (!finite_all(Yp, 1e12) || !finite_all(Ym, 1e12)) t.ok[s] = false;
      for (int k = 0; k < c.ny; ++k) (*D[half])[k] = (Yp[k] - Ym[k]) / (2 * h);
    }
    t.R[s].resize(c.ny);
    t.delta[s].resize(c.ny);
    for (int k = 0; k < c.ny; ++k) {
      t.R[s][k] = (4 * D2[k] - D1[k]) / 3;
      t.delta[s][k] = std::fabs(D1[k] - D2[k]);
    }
  }
}

// 0: agrees; 1: disagrees, and the differences are trustworthy (at two step
// sizes the halved step changes little and the two Richardson estimates
// agree); 2: inconclusive (a kink or a jump within the steps, or a function
// too wild for differences).
inline int fd_verdict(double ad, const FdTable &t, int k, const Vec *w,
                      double scale, double *fd, std::string *why) {
  double R[3], delta[3];
  bool disagrees[3];
  *fd = NAN;
  char buf[200];
  for (int s = 0; s < 3; ++s) {
    R[s] = NAN, delta[s] = NAN, disagrees[s] = false;
    if (!t.ok[s]) continue;
    R[s] = 0, delta[s] = 0;
    if (w) {
      for (int j = 0; j < (int)w->size(); ++j) {
        R[s] += (*w)[j] * t.R[s][j];
        delta[s] += std::fabs((*w)[j]) * t.delta[s][j];
      }
    } else {
      R[s] = t.R[s][k];
      delta[s] = t.delta[s][k];
    }
    if (s == 1 || std::isnan(*fd)) *fd = R[s];
    double err = std::fabs(ad - R[s]);
    if (err <= tol->fd_rel * (std::fabs(ad) + std::fabs(R[s])) + tol->fd_abs * scale) return 0;
    disagrees[s] = !std::isfinite(ad) || 10 * delta[s] < err;
    std::snprintf(buf, sizeof buf, "\n  h=%g: FD %.17g (|D(h)-D(h/2)| = %.3g)", H[s], R[s], delta[s]);
    *why += buf;
  }
  for (int s = 0; s < 2; ++s)
    for (int s2 = s + 1; s2 < 3; ++s2)
      if (disagrees[s] && disagrees[s2] &&
          std::fabs(R[s] - R[s2]) <= tol->fd_consistent * (std::fabs(R[s]) + std::fabs(R[s2])) + tol->fd_abs * scale &&
          std::fabs(ad - R[s]) > tol->fd_disagree * (std::fabs(R[s]) + std::fabs(ad)) + 10 * tol->fd_abs * scale)
        return 1;
  return 2;
}

// A float function's derivative is only as good as its conditioning allows:
// float rounding inside f moves its values by ~1e-7 relative, and where the
// derivative is that sensitive (d/dx cos(x*x) at large x) float AD and the
// double twin's differences part ways without any bug. Before calling a
// float mismatch a failure, difference the twin again at a point moved by
// 1e-5 relative: if the estimate moves too, the comparison says nothing.
inline bool ill_conditioned(const Case &c, const Vec &X, const Vec &dir, int k,
                            const Vec *w, double R, Rng &rng) {
  Vec Xp(X);
  for (int i = 0; i < c.nx; ++i)
    Xp[i] += 1e-5 * (1 + std::fabs(X[i])) * (rng.uniform(0, 1) < 0.5 ? -1 : 1);
  FdTable t;
  fd_table(c, Xp, dir, t);
  if (!t.ok[1]) return true;
  double R2 = 0;
  if (w)
    for (int j = 0; j < (int)w->size(); ++j) R2 += (*w)[j] * t.R[1][j];
  else
    R2 = t.R[1][k];
  return !(std::fabs(R2 - R) <= 1e-3 * (std::fabs(R) + std::fabs(R2)));
}

inline bool same(double a, double b) {
  return a == b || std::fabs(a - b) <= tol->value * (std::fabs(a) + std::fabs(b));
}

inline int run_case(const Case &c, std::uint64_t seed, int points) {
  Rng rng(seed);
  tol = c.fp32 == 1 ? &T32 : c.fp32 == 2 ? &T64F : &T64;
  int nx = c.nx, ny = c.ny;
  Vec X(nx), V(nx), U(nx), W(ny), Y0(ny), Y1(ny), JV(ny), G(nx), G2(nx), B(nx);
  char buf[160];
  for (int p = 0; p < points; ++p) {
    c.sample(rng, X.data());
    for (int i = 0; i < nx; ++i) V[i] = rng.uniform(-1, 1), U[i] = rng.uniform(-1, 1);
    for (int k = 0; k < ny; ++k) W[k] = rng.uniform(-1, 1);
    // Skip points where f overflows or goes invalid, even in values that do
    // not reach its outputs (their adjoints would be inf * 0).
    std::feclearexcept(FE_ALL_EXCEPT);
    c.eval(X.data(), Y0.data());
    bool wild = std::fetestexcept(FE_OVERFLOW | FE_INVALID | FE_DIVBYZERO);
    if (wild || !finite_all(Y0, 1e8)) { ++stats.skipped_points; continue; }
    ++stats.points;
    double yscale = 1;
    for (double y : Y0) yscale += std::fabs(y);
    // (d) values.
    c.jvp(X.data(), V.data(), Y1.data(), JV.data());
    for (int k = 0; k < ny; ++k) {
      ++stats.checks;
      if (!same(Y1[k], Y0[k])) {
        std::snprintf(buf, sizeof buf, " output %d", k);
        report(c, "value of f_jvp differs from f", buf, Y1[k], Y0[k], X, nullptr, nullptr);
        return 1;
      }
    }
    for (int i = 0; i < nx; ++i) G[i] = 0;
    c.grad(X.data(), W.data(), Y1.data(), G.data());
    for (int k = 0; k < ny; ++k) {
      ++stats.checks;
      if (!same(Y1[k], Y0[k])) {
        std::snprintf(buf, sizeof buf, " output %d", k);
        report(c, "value of f_grad differs from f", buf, Y1[k], Y0[k], X, nullptr, &W);
        return 1;
      }
    }
    // Adjoints accumulate.
    for (int i = 0; i < nx; ++i) G2[i] = B[i] = c.accum[i] == '1' ? rng.uniform(-1, 1) : 0;
    c.grad(X.data(), W.data(), Y1.data(), G2.data());
    for (int i = 0; i < nx; ++i) {
      ++stats.checks;
      double want = G[i] + B[i];
      if (!(std::fabs(G2[i] - want) <= tol->accum * (std::fabs(G[i]) + std::fabs(B[i])) + 1e-300)) {
        std::snprintf(buf, sizeof buf, " input %d (second call, *_bar preset to %.17g)", i, B[i]);
        report(c, "f_grad adjoints do not accumulate", buf, G2[i], want, X, nullptr, &W);
        return 1;
      }
    }
    if (std::getenv("FUZZ_DUMP")) {
      std::printf("%s point %d: f = %s\n  Jv = %s\n  J^T w = %s\n", c.name, p,
                  vecstr(Y0.data(), ny).c_str(), vecstr(JV.data(), ny).c_str(),
                  vecstr(G.data(), nx).c_str());
    }
    // (c) dot-product test.
    double lhs = 0, rhs = 0, mag = 0;
    for (int k = 0; k < ny; ++k) lhs += JV[k] * W[k], mag += std::fabs(JV[k] * W[k]);
    for (int i = 0; i < nx; ++i) rhs += V[i] * G[i], mag += std::fabs(V[i] * G[i]);
    ++stats.checks;
    if (!(std::fabs(lhs - rhs) <= tol->dot * mag + 1e-300)) {
      report(c, "dot-product test <J v, w> vs <v, J^T w>", "", lhs, rhs, X, &V, &W);
      return 1;
    }
    // A float function and its double twin must take the same path here,
    // or the differences of the twin say nothing about the float code.
    if (c.fp32 == 1) {
      Vec Yd(ny);
      c.eval_fd(X.data(), Yd.data());
      bool same_path = true;
      for (int k = 0; k < ny; ++k)
        if (!(std::fabs(Yd[k] - Y0[k]) <= 1e-3 * (1 + std::fabs(Y0[k])))) same_path = false;
      if (!same_path) { stats.inconclusive += ny + 1; continue; }
    }
    // (a) jvp vs finite differences, per output.
    FdTable t;
    fd_table(c, X, V, t);
    for (int k = 0; k < ny; ++k) {
      ++stats.checks;
      double fd;
      std::string why;
      int v = fd_verdict(JV[k], t, k, nullptr, 1 + std::fabs(Y0[k]), &fd, &why);
      if (v == 1 && c.fp32 == 1 && ill_conditioned(c, X, V, k, nullptr, fd, rng)) v = 2;
      if (v == 2) ++stats.inconclusive;
      if (v == 2 && std::getenv("FUZZ_VERBOSE"))
        std::printf("inconclusive %s jvp output %d: AD %.17g%s\n", c.name, k, JV[k], why.c_str());
      if (v == 1) {
        std::snprintf(buf, sizeof buf, " output %d along the direction", k);
        report(c, "f_jvp vs finite differences", std::string(buf) + why, JV[k], fd, X, &V, nullptr);
        return 1;
      }
    }
    // (b) grad vs finite differences of phi = sum W*Y along U.
    double gu = 0;
    for (int i = 0; i < nx; ++i) gu += G[i] * U[i];
    fd_table(c, X, U, t);
    ++stats.checks;
    double fd;
    double wscale = 1;
    for (int k = 0; k < ny; ++k) wscale += std::fabs(W[k] * Y0[k]);
    std::string why;
    int v = fd_verdict(gu, t, 0, &W, wscale, &fd, &why);
    if (v == 1 && c.fp32 == 1 && ill_conditioned(c, X, U, 0, &W, fd, rng)) v = 2;
    if (v == 2) ++stats.inconclusive;
    if (v == 2 && std::getenv("FUZZ_VERBOSE"))
      std::printf("inconclusive %s grad: AD %.17g%s\n", c.name, gu, why.c_str());
    if (v == 1) {
      report(c, "f_grad: <grad phi, u> vs finite differences of phi = <w, f> along u", why, gu, fd, X, &U, &W);
      return 1;
    }
  }
  return 0;
}

}  // namespace fz
'''


def cstr_raw(s):
    return 'R"FZ(' + s + ')FZ"'


def gen_driver_case(k, sig, active, src):
    """The per-function test code: sample/eval/jvp/grad/describe over a
    packed input vector X (active scalars, active arrays, written arrays'
    initial values, in parameter order) and output vector Y (the return
    value, then the written arrays' final values)."""
    n = sig.n
    ft = sig.ft
    L = []
    ns = "t%d" % k
    L.append("namespace %s {" % ns)
    # Layout.
    xoff = {}
    off = 0
    xnames = []
    accum = ""
    passive = []
    for kind, p in sig.params:
        if kind == "scalar" and p in active:
            xoff[p] = off
            off += 1
            xnames.append(p)
            accum += "1"
        elif kind == "in" and p in active:
            xoff[p] = off
            off += n
            xnames.append("%s[%d]" % (p, n))
            accum += "1" * n
        elif kind == "out":
            xoff[p] = off
            off += n
            xnames.append("%s[%d] initial" % (p, n))
            accum += "0" * n
        else:
            passive.append((kind, p))
    nx = off
    yoff = {}
    ynames = []
    off = 0
    if sig.ret == "double":
        off = 1
        ynames.append("return")
    for kind, p in sig.params:
        if kind == "out":
            yoff[p] = off
            off += n
            ynames.append("%s[%d] final" % (p, n))
    ny = off
    # Passive state.
    for kind, p in passive:
        if kind == "scalar":
            L.append("%s %s;" % (ft, p))
        elif kind == "in":
            L.append("%s %s[%d];" % (ft, p, n))
        elif kind == "int":
            L.append("int %s;" % p)
        elif kind == "bool":
            L.append("bool %s;" % p)
    L.append("void sample(fz::Rng &r, double *X) {")
    for kind, p in sig.params:
        if kind == "scalar":
            if p in xoff:
                L.append("  X[%d] = r.uniform(-2, 2);" % xoff[p])
            else:
                L.append("  %s = r.uniform(-2, 2);" % p)
        elif kind == "in":
            if p in xoff:
                L.append("  for (int i = 0; i < %d; ++i) X[%d + i] = r.uniform(-1.5, 1.5);" % (n, xoff[p]))
            else:
                L.append("  for (int i = 0; i < %d; ++i) %s[i] = r.uniform(-1.5, 1.5);" % (n, p))
        elif kind == "out":
            L.append("  for (int i = 0; i < %d; ++i) X[%d + i] = r.uniform(-1, 1);" % (n, xoff[p]))
        elif kind == "int":
            L.append("  %s = r.integer(1, %d);" % (p, n))
        elif kind == "bool":
            L.append("  %s = r.integer(0, 1) == 1;" % p)
    L.append("}")

    def unpack(src_name, suffix, kinds, ft=ft):
        out = []
        for kind, p in sig.params:
            if p not in xoff or kind not in kinds:
                continue
            if kind == "scalar":
                out.append("  %s %s%s = %s(%s[%d]);" % (ft, p, suffix, ft, src_name, xoff[p]))
            else:
                out.append("  %s %s%s[%d];" % (ft, p, suffix, n))
                out.append("  for (int i = 0; i < %d; ++i) %s%s[i] = %s(%s[%d + i]);" % (n, p, suffix, ft, src_name, xoff[p]))
        return out

    def pack_outs(dst, suffix):
        out = []
        for kind, p in sig.params:
            if kind == "out":
                out.append("  for (int i = 0; i < %d; ++i) %s[%d + i] = %s%s[i];" % (n, dst, yoff[p], p, suffix))
        return out

    args = ", ".join(p for _, p in sig.params)
    act = [(kind, p) for kind, p in sig.params if p in xoff]
    L.append("void eval(const double *X, double *Y) {")
    L += unpack("X", "", ("scalar", "in", "out"))
    if sig.ret == "double":
        L.append("  Y[0] = %s(%s);" % (sig.qname(), args))
    else:
        L.append("  %s(%s);" % (sig.qname(), args))
    L += pack_outs("Y", "")
    L.append("}")
    if ft == "float":
        # Finite differences of a float function are too coarse to judge its
        # derivatives: they difference the same program written in double.
        L.append("void eval_fd(const double *X, double *Y) {")
        L += unpack("X", "", ("scalar", "in", "out"), "double")
        dargs = []
        for kind, p in sig.params:
            if kind == "in" and p not in xoff:
                L.append("  double %s_d[%d];" % (p, n))
                L.append("  for (int i = 0; i < %d; ++i) %s_d[i] = %s[i];" % (n, p, p))
                dargs.append(p + "_d")
            else:
                dargs.append(p)
        twin = sig.qname().replace(sig.name, "fzd" + sig.name[2:])
        if sig.ret == "double":
            L.append("  Y[0] = %s(%s);" % (twin, ", ".join(dargs)))
        else:
            L.append("  %s(%s);" % (twin, ", ".join(dargs)))
        L += pack_outs("Y", "")
        L.append("}")
    # jvp
    L.append("void jvp(const double *X, const double *V, double *Y, double *JV) {")
    L += unpack("X", "", ("scalar", "in", "out"))
    L += unpack("V", "_dot", ("scalar", "in", "out"))
    dargs = ", ".join(p + "_dot" for _, p in act)
    if sig.ret == "double":
        L.append("  %s f_dot = 0;" % ft)
        L.append("  Y[0] = %s_jvp(%s, %s, &f_dot);" % (sig.qname(), args, dargs))
        L.append("  JV[0] = f_dot;")
    else:
        L.append("  %s_jvp(%s, %s);" % (sig.qname(), args, dargs))
    L += pack_outs("Y", "")
    L += pack_outs("JV", "_dot")
    L.append("}")
    # grad: G in: preset adjoints of the accumulating inputs; out: adjoints.
    L.append("void grad(const double *X, const double *W, double *Y, double *G) {")
    L += unpack("X", "", ("scalar", "in", "out"))
    gargs = []
    for kind, p in act:
        if kind == "scalar":
            L.append("  %s %s_bar = %s(G[%d]);" % (ft, p, ft, xoff[p]))
            gargs.append("&%s_bar" % p)
        elif kind == "in":
            L.append("  %s %s_bar[%d];" % (ft, p, n))
            L.append("  for (int i = 0; i < %d; ++i) %s_bar[i] = %s(G[%d + i]);" % (n, p, ft, xoff[p]))
            gargs.append("%s_bar" % p)
        else:
            L.append("  %s %s_bar[%d];" % (ft, p, n))
            L.append("  for (int i = 0; i < %d; ++i) %s_bar[i] = %s(W[%d + i]);" % (n, p, ft, yoff[p]))
            gargs.append("%s_bar" % p)
    if sig.ret == "double":
        L.append("  Y[0] = %s_grad(%s, %s, %s(W[0]));" % (sig.qname(), args, ", ".join(gargs), ft))
    else:
        L.append("  %s_grad(%s, %s);" % (sig.qname(), args, ", ".join(gargs)))
    L += pack_outs("Y", "")
    for kind, p in act:
        if kind == "scalar":
            L.append("  G[%d] = %s_bar;" % (xoff[p], p))
        else:
            L.append("  for (int i = 0; i < %d; ++i) G[%d + i] = %s_bar[i];" % (n, xoff[p], p))
    L.append("}")
    # describe
    L.append("std::string describe() {")
    L.append('  std::string s;')
    if any(kind != "in" for kind, _ in passive):
        L.append('  char b[64];')
    for kind, p in passive:
        if kind == "scalar":
            L.append('  std::snprintf(b, sizeof b, "%s = %%.17g; ", %s); s += b;' % (p, p))
        elif kind in ("int", "bool"):
            L.append('  std::snprintf(b, sizeof b, "%s = %%d; ", (int)%s); s += b;' % (p, p))
        else:
            L.append('  { double v[%d]; for (int i = 0; i < %d; ++i) v[i] = %s[i]; s += "%s = " + fz::vecstr(v, %d) + "; "; }' % (n, n, p, p, n))
    L.append('  return s.empty() ? "(none)" : s;')
    L.append("}")
    L.append("const char *src = %s;" % cstr_raw(src))
    L.append("}  // namespace %s" % ns)
    case = '{"%s", %s::src, "%s", "%s", %d, %d, "%s", %d, %s::sample, %s::eval, %s::%s, %s::jvp, %s::grad, %s::describe}' % (
        sig.name, ns, ", ".join(xnames), ", ".join(ynames), nx, ny, accum,
        1 if ft == "float" else 2 if "float" in src else 0, ns, ns, ns,
        "eval_fd" if ft == "float" else "eval", ns, ns, ns)
    return L, case


def prototypes(sig, active):
    """Declarations of the generated fK_jvp / fK_grad (SPEC section 4)."""
    ft = sig.ft
    base = [sig.ptype(kind) % p for kind, p in sig.params]
    jv, gr = list(base), list(base)
    for kind, p in sig.params:
        if p not in active:
            continue
        if kind == "scalar":
            jv.append("%s %s_dot" % (ft, p))
            gr.append("%s *%s_bar" % (ft, p))
        elif kind == "in":
            jv.append("const %s *%s_dot" % (ft, p))
            gr.append("%s *%s_bar" % (ft, p))
        elif kind == "out":
            jv.append("%s *%s_dot" % (ft, p))
            gr.append("%s *%s_bar" % (ft, p))
    if sig.ret == "double":
        jv.append("%s *%s_dot" % (ft, sig.name))
        gr.append("%s %s_bar" % (ft, sig.name))
    return in_namespace(sig, ["%s %s_jvp(%s);" % (sig.rtype(), sig.name, ", ".join(jv)),
                              "%s %s_grad(%s);" % (sig.rtype(), sig.name, ", ".join(gr))])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--only", type=str, default=None,
                    help="comma list of function indices to emit (reproduce one function)")
    ap.add_argument("--points", type=int, default=3, help="random inputs per function")
    ap.add_argument("--avoid", type=str, default="",
                    help="comma list of constructs to leave out: " + ", ".join(sorted(AVOIDABLE)))
    ap.add_argument("--with", type=str, default="",
                    help="comma list of opt-in constructs: " + ", ".join(sorted(OPT_IN)))
    ap.add_argument("--no-driver", action="store_true", help="emit the functions only")
    ap.add_argument("--float-fraction", type=float, default=0.15,
                    help="share of the functions written in float (default 0.15)")
    ap.add_argument("--as-double", action="store_true",
                    help="write the float functions in double (same programs otherwise): "
                         "tells float rounding from a wrong derivative")
    args = ap.parse_args()
    avoid = set(a for a in args.avoid.split(",") if a)
    bad = avoid - set(AVOIDABLE)
    if bad:
        ap.error("unknown construct(s) for --avoid: %s (known: %s)" % (", ".join(sorted(bad)), ", ".join(sorted(AVOIDABLE))))
    WITH.update(a for a in getattr(args, "with").split(",") if a)
    if WITH - set(OPT_IN):
        ap.error("unknown construct(s) for --with: %s" % ", ".join(sorted(WITH - set(OPT_IN))))
    ks = [int(x) for x in args.only.split(",")] if args.only else list(range(args.count))

    out = []
    flags = ((" --avoid " + ",".join(sorted(avoid))) if avoid else "") + \
        ((" --with " + ",".join(sorted(WITH))) if WITH else "")
    out.append("// Generated by test/fuzz/gen_programs.py --seed %d --count %d%s%s; do not edit."
               % (args.seed, args.count, (" --only " + args.only) if args.only else "", flags))
    out.append("#include <cmath>")
    out.append("")
    funcs = []
    for k in ks:
        src, sig, active = gen_function(args.seed, k, avoid, args.float_fraction, args.as_double)
        out.append(src)
        funcs.append((k, src, sig, active))
    if not args.no_driver:
        out.append(PRELUDE)
        for k, src, sig, active in funcs:
            out += prototypes(sig, active)
        out.append("")
        cases = []
        for k, src, sig, active in funcs:
            if sig.ft == "float":
                # The double twin fzdK of a float function, for the differences.
                twin, _, _ = gen_function(args.seed, k, avoid, args.float_fraction, True)
                twin = re.sub(r"\bfz(\d)", r"fzd\1", twin)
                out += [l for l in twin.split("\n") if not l.startswith("#pragma")]
            L, case = gen_driver_case(k, sig, active, src)
            out += L
            cases.append((k, case))
        out.append("")
        out.append("static const fz::Case cases[] = {")
        for k, case in cases:
            out.append("    %s," % case)
        out.append("};")
        out.append("static const int case_index[] = {%s};" % ", ".join(str(k) for k, _ in cases))
        out.append(r'''
int main(int argc, char **argv) {
  int points = argc > 1 ? std::atoi(argv[1]) : %d;
  int failed = 0;
  static std::string repro;
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    repro = "gen_programs.py --seed %d --only " + std::to_string(case_index[i]) + "%s";
    fz::g_repro = repro.c_str();
    failed += fz::run_case(cases[i], 0x5eed0000ull * %d + case_index[i], points);
  }
  std::printf("fuzz seed %d: %%d functions, %%ld points (%%ld skipped: values out of range), "
              "%%ld checks (%%ld inconclusive: a kink, jump or ill-conditioning within the FD steps), %%d failed\n",
              (int)(sizeof cases / sizeof cases[0]), fz::stats.points, fz::stats.skipped_points,
              fz::stats.checks, fz::stats.inconclusive, failed);
  return failed ? 1 : 0;
}
#endif  // ADGEN_DRIVER''' % (args.points, args.seed, flags,
                             args.seed, args.seed))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
