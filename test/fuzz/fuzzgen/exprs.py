"""Expressions: utilities, integers and indices, math, helper calls."""

import re

from .model import Arr, BVar, CONSTS, DVar, IVar, SVar, WITH


class ExprGen:
    """The expression half of FuncGen (fuzzgen.funcgen)."""

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
            self.consume([v for v in scope if not v.member and not self.is_read(v)])
        self.scopes.pop()

    WRITE_AFTER = re.compile(r"\s*(=(?!=)|\+=|-=|\*=|/=|\+\+|--)")
    MEMBER_PATH = re.compile(r"(?:\.\w+(?!\w*\()|\[[^\]]*\])*")
    # Declarations of the opt-in constructs: T x, const T &r, T *q, fzK_S u.
    DECL_TYPE = re.compile(r"(?:^|[\s(])(?:const\s+)?(?:T|double|float|fzd?\d+_(?:S|In))(?:\s*[&*])?$")

    def is_read(self, v):
        """Whether the text emitted so far reads v (not only assigns it), as
        g++'s unused(-but-set) warnings see it."""
        pat = re.compile(r"(?<![\w.])%s\b" % re.escape(v.name))
        for line in self.lines:
            for m in pat.finditer(line):
                before = line[:m.start()].rstrip()
                if before.endswith("++") or before.endswith("--"):
                    continue
                if before.endswith(("double", "float", "int", "bool")) or self.DECL_TYPE.search(before):
                    continue  # the declaration
                if (line.lstrip().startswith("for (") and before.endswith(("&", "auto"))
                        and line.startswith(" : ", m.end())):
                    continue  # a range-for's variable
                end = m.end()
                if isinstance(v, SVar):
                    end = self.MEMBER_PATH.match(line, end).end()  # u.x = e does not read u
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
        if isinstance(v, SVar):
            return "%s.%s" % (v.name, self.rng.choice([p for p, t in v.stype.leaves() if t == "f"]))
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
        if "structs" in WITH and self.chance(0.06):
            m = self.method_leaf()
            if m:
                return m
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
            idx = self.index(a.n)
            return self.ptr_leaf(a, idx) if a.kind == "ptr" else "%s[%s]" % (a.name, idx)
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
            c, e1, e2 = self.cond(0), A(), A()
            if not self.ok("ternary-member") and self.glvalue(e1) and self.glvalue(e2):
                e1, e2 = ["(1.0 * %s)" % e if self.scalar_member(e) or self.TEMP_MEMBER.match(e) else e
                          for e in (e1, e2)]
            e = "(%s ? %s : %s)" % (c, e1, e2)
            if self.glvalue(e1) and self.glvalue(e2):
                self.glvalues.add(e)  # a ?: of lvalues is one
            return e
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
        argument (they can sit inside an expression)."""
        call = self.helper_call_full(d, pure_only)
        return call[0] if call else None

    def helper_call_full(self, d, pure_only):
        """(text, helper, bases it writes) of a call to one of the helpers,
        or None. Arguments a call writes (arrays, references, structs) are
        apart from every other argument it takes by address."""
        cands = [h for h in self.helpers if (h.ret == "double" or not pure_only)
                 and (not h.writes() or not pure_only)
                 and (not h.writes_array() or self.ok("helper-out"))
                 and not (self.in_init and not self.ok("temp-ref-in-init")
                          and any(k == "cref" for k, _ in h.params))]
        if not cands:
            return None
        # Only helpers whose array arguments can be found (checked before any
        # argument is generated, so nothing is marked read for nothing).
        def feasible(h):
            arrs = self.call_arrays(h)
            nout = sum(1 for k, _ in h.params if k == "out")
            nin = sum(1 for k, _ in h.params if k == "in")
            big = [a for a in arrs if a.n >= h.n]
            wbig = [a for a in big if a.writable]
            return len(wbig) >= nout and (nin == 0 or len(big) > nout) and self.feasible_cxx(h)
        cands = [h for h in cands if feasible(h)]
        if not cands:
            return None
        h = self.rng.choice(cands)
        explicit = not h.template or self.chance(0.7)  # f<T>(...) or deduced
        args = []
        taken = set()
        # Written arrays first: they must be distinct from every other array arg.
        outs = {}
        for kind, p in h.params:
            if kind == "out":
                w = [a for a in self.call_arrays(h) if a.writable and a.n >= h.n and a.base not in taken]
                if not w:
                    return None
                a = self.rng.choice(w)
                taken.add(a.base)
                outs[p] = self.array_arg(a, h)
        for kind, p in h.params:
            if kind in ("ref", "sref"):
                outs[p] = self.ref_arg(kind, taken)
                if outs[p] is None:
                    return None
        for kind, p in h.params:
            if kind in ("out", "ref", "sref"):
                args.append(outs[p])
            elif kind == "in":
                r = [a for a in self.call_arrays(h) if a.n >= h.n and a.base not in taken]
                if (h.recursive or h.reaches_recursion) and not ("recursive-written-array" in WITH and
                                        self.ok("recursive-written-array")):
                    r = [a for a in r if not a.writable]
                if not r:
                    return None
                a = self.rng.choice(r)
                a.read = True
                args.append(self.array_arg(a, h))
            elif kind in ("scref", "sval"):
                svs = [v for v in self.structs(self.sig.stype) if v.base not in taken
                       or (kind == "sval" and self.ok("value-struct-alias"))]
                if not svs:
                    return None
                v = self.rng.choice(svs)
                v.read = True
                args.append(v.name)
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
                        e = "0.5 * %s" % v.name
                    else:
                        e = self.rng.choice(CONSTS)
                else:
                    e = self.expr(max(0, d - 1))
                if kind == "cref" and self.lvalue_base(e) in taken:
                    e = self.rng.choice(CONSTS)  # not bound to what the call writes
                if kind == "cref" and not self.ok("member-to-cref") and (
                        self.scalar_member(e) or self.TEMP_MEMBER.match(e)):
                    e = "(1.0 * %s)" % e
                args.append(e if explicit else "%s(%s)" % (self.ft, e))
        name = self.callee(h) + ("<%s>" % self.ft if h.template and explicit else "")
        return "%s(%s)" % (name, ", ".join(args)), h, taken

    def feasible_cxx(self, h):
        """Whether the reference and struct arguments h takes can be found."""
        kinds = [k for k, _ in h.params]
        if "ref" in kinds and not self.ref_targets():
            return False
        if "sref" in kinds and not self.sref_targets():
            return False
        if ("scref" in kinds or "sval" in kinds) and not self.structs(self.sig.stype):
            return False
        return not ("sref" in kinds and "scref" in kinds and len(self.structs(self.sig.stype)) < 2)

    def sref_targets(self):
        """The structs an S & argument can bind to."""
        return [v for v in self.structs(self.sig.stype, writable=True)
                if not v.param or self.ok("value-struct-by-ref")]

    def ref_targets(self):
        """(text, base) of the lvalues a double & argument can bind to."""
        local = set(s.base for s in self.visible(SVar) if s.local)
        out = [(v.name, v.base, v) for v in self.writable_scalars()
               if (not v.param or self.ok("param-to-ref"))
               and (not (v.field and v.base in local) or self.ok("ref-to-element"))
               and (v.ref != "local" or self.ok("reflocal-to-ref"))
               and (not v.bound or self.ok("ref-to-byref-var"))]
        if self.ok("ref-to-element"):
            out += [(None, a.base, a) for a in self.writable_arrays()]
        return out

    def ref_arg(self, kind, taken):
        """The argument of a written reference parameter, its base added to
        taken; None when there is none apart from taken."""
        if kind == "sref":
            svs = [v for v in self.sref_targets() if v.base not in taken]
            if not svs:
                return None
            v = self.rng.choice(svs)
            v.read = True
            taken.add(v.base)
            return v.name
        cands = [t for t in self.ref_targets() if t[1] not in taken]
        if not cands:
            return None
        text, base, v = self.rng.choice(cands)
        v.read = True
        v.byref = True
        taken.add(base)
        return text if text is not None else "%s[%s]" % (v.name, self.index(v.n))

    def flat_call(self, h):
        """Whether h takes references or structs (adgen lowers such calls
        apart, see offset-ref-call)."""
        return any(k not in ("scalar", "in", "out", "int", "bool") for k, _ in h.params)

    def call_arrays(self, h):
        """The arrays that can be passed to h."""
        arrs = self.visible(Arr)
        if self.ok("offset-ref-call") or not self.flat_call(h):
            return arrs
        return [a for a in arrs if a.kind != "ptr"]

    def array_arg(self, a, h):
        """An array argument for a parameter of h (of h.n elements): the
        array, or (with pointers) a pointer into it, a + k or &a[k]."""
        if "pointers" not in WITH or not self.chance(0.4):
            return a.name
        if not self.ok("offset-ref-call") and self.flat_call(h):
            return a.name
        k = self.rng.randint(0, a.n - h.n)
        return self.rng.choice(["%s + %d", "&%s[%d]"]) % (a.name, k)

    TEMP_MEMBER = re.compile(r"^\(.*\)\.\w+$")  # (u + v).p

    def glvalue(self, e):
        """Whether e is an lvalue or a member of a temporary (an xvalue)."""
        return (self.lvalue_base(e) is not None or self.TEMP_MEMBER.match(e) is not None
                or e in self.glvalues)

    def scalar_member(self, e):
        """Whether e names a scalar member of a struct (s.x, or x in a method)."""
        return any(v.field and v.name == e for v in self.visible(DVar))

    def lvalue_base(self, e):
        """The base of the variable an expression names when it is an
        lvalue (x, s.x, a[i], *q, *(q + i)), else None."""
        m = re.match(r"^\*\(?(\w+)", e) or re.match(r"^([\w.]+?)(\[.*\])?$", e)
        if not m:
            return None
        for v in self.visible(DVar) + self.visible(Arr):
            if v.name == m.group(1):
                return v.base
        return None

    def callee(self, h):
        """A helper's name as called here: qualified from the top-level
        function's namespace; helpers share one namespace and call each other
        unqualified."""
        return h.name if self.is_helper else h.qual + h.name
