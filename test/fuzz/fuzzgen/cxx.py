"""The opt-in C++ constructs (--with structs, references, pointers): struct
types with methods and an operator, struct locals and assignments,
reference locals, pointers into arrays and pointer walks."""

from .model import Arr, DVar, INT_MEMBER_MAX, IVar, StructType, SVar, WITH

MEMBER_NAMES = ["a", "b", "d"]


def gen_struct_type(rng, k, ft):
    """The struct type of fuzz function K (its own rng stream): 1-3
    floating members, sometimes an array, an index int, a counter and a
    nested struct (with operator+)."""
    nested = None
    if rng.random() < 0.5:
        nm = [("f", "p")]
        if rng.random() < 0.6:
            nm.append(("f", "q"))
        if rng.random() < 0.3:
            nm.insert(rng.randrange(len(nm) + 1), ("int", "k"))
        nested = StructType("fz%d_In" % k, ft, nm)
    members = [("f", n) for n in MEMBER_NAMES[:rng.randint(1, 3)]]
    if rng.random() < 0.6:
        members.append(("arr", "v", rng.randint(1, 4)))
    if rng.random() < 0.5:
        members.append(("int", "n"))
    if rng.random() < 0.4:
        members.append(("cnt", "cnt"))
    if nested:
        members.append(("struct", "in", nested))
    rng.shuffle(members)
    return StructType("fz%d_S" % k, ft, members)


def add_methods(rng, st, make_gen, avoid):
    """Methods of st: a const one returning an expression of the members,
    a writing one taking a scalar; operator+ on the nested struct.
    make_gen(ret) gives a FuncGen with an empty scope to fill."""
    if rng.random() < 0.7:
        g = make_gen("double")
        member_scope(g, st, "", writable=False)
        st.methods.append(("norm", "const", ["%s norm() const { return %s; }" % (st.ft, g.expr(3))]))
    if rng.random() < 0.6:
        g = make_gen("void")
        member_scope(g, st, "", writable=True, arrays_writable="value-struct-array-write" not in avoid)
        g.scopes[-1].append(DVar("z", writable=False))
        g.ind = 1
        ws = g.writable_scalars()
        first = rng.choice(ws)
        g.emit("%s = %s * 0.5 + 0.5 * %s(z * %s);" % (first.name, first.name, g.sp("tanh"), g.expr(1)))
        for _ in range(rng.randint(0, 2)):
            rng.choice([g.s_assign, g.s_arrwrite])()
        st.methods.append(("bump", "write", ["void bump(%s z) {" % st.ft] + g.lines + ["}"]))
    for nt in st.nested():
        # A free operator+, or (avoiding the overload collision) a member.
        free = "overload-collision" not in avoid
        fs = [m[1] for m in nt.members if m[0] == "f"]
        x = "x." if free else ""
        body = ["inline %s operator+(const %s &x, const %s &y) {" % (nt.name, nt.name, nt.name) if free else
                "%s operator+(const %s &y) const {" % (nt.name, nt.name),
                "  %s r = %s;" % (nt.name, "x" if free else "*this")]
        for f in fs:
            form = rng.choice(["%s%s + y.%s", "%s%s * y.%s", "%s%s - 0.5 * y.%s"])
            body.append("  r.%s = %s;" % (f, form % (x, f, f)))
        body += ["  return r;", "}"]
        if free:
            nt.ops = body
        else:
            nt.methods.append(("operator+", "const", body))


def member_scope(g, st, prefix, writable, param=False, base=None, lo=0, arrays_writable=None):
    """Puts the members of a struct lvalue `prefix` (or the struct's own
    members, unqualified, for a method body) into g's innermost scope."""
    scope = g.scopes[-1] if g.scopes else None
    if scope is None:
        g.push()
        scope = g.scopes[-1]
    if arrays_writable is None:
        arrays_writable = writable
    dot = prefix + "." if prefix else ""
    for m in st.members:
        kind, name = m[0], m[1]
        if kind == "f":
            v = DVar(dot + name, writable=writable, param=param, base=base, member=bool(prefix))
            v.field = True
            scope.append(v)
        elif kind == "arr":
            a = Arr(dot + name, m[2], arrays_writable, kind="member", base=base)
            a.member = bool(prefix)
            scope.append(a)
        elif kind == "int":
            scope.append(IVar(dot + name, lo, INT_MEMBER_MAX, member=bool(prefix)))
        elif kind == "struct":
            sv = SVar(dot + name, m[2], writable, param=param, base=base, member=True)
            scope.append(sv)
            member_scope(g, m[2], dot + name, writable, param, base, lo, arrays_writable)


class CxxGen:
    """The statements and expression forms of the opt-in constructs."""

    # --- structs --------------------------------------------------------------
    def add_struct_var(self, name, st, writable, param=False, base=None, by_value=False):
        """A struct lvalue and its members into the innermost scope."""
        sv = SVar(name, st, writable, param=param, base=base)
        self.scopes[-1].append(sv)
        arrays = writable and not (by_value and not self.ok("value-struct-array-write"))
        member_scope(self, st, name, writable, param=param, base=sv.base, arrays_writable=arrays)
        return sv

    def structs(self, st=None, writable=False, top=True):
        out = [v for v in self.visible(SVar) if (not writable or self.struct_writable(v))]
        if st is not None:
            out = [v for v in out if v.stype is st]
        if top:
            out = [v for v in out if "." not in v.name]
        return out

    def struct_writable(self, v):
        return v.writable and (not v.param or self.ok("param-assign"))

    def method_leaf(self):
        """A const method call or a member of operator+'s result, or None."""
        st = self.sig.stype
        if st is None:
            return None
        r = self.rng.random()
        norm = [m for m in st.methods if m[0] == "norm"]
        svs = self.structs(st)
        if r < 0.6 and norm and svs:
            v = self.rng.choice(svs)
            v.read = True
            return "%s.norm()" % v.name
        for nt in st.nested():
            ns = [v for v in self.visible(SVar) if v.stype is nt]
            if ns and not (self.in_init and not self.ok("temp-ref-in-init")):
                a, b = self.rng.choice(ns), self.rng.choice(ns)
                a.read = b.read = True
                f = self.rng.choice([m[1] for m in nt.members if m[0] == "f"])
                return "(%s + %s).%s" % (a.name, b.name, f)
        return None

    def s_structdecl(self):
        st = self.sig.stype
        u = self.fresh("u")
        srcs = self.structs(st)
        r = self.rng.random()
        if srcs and r < 0.4:
            src = self.rng.choice(srcs)
            src.read = True
            self.emit("%s %s = %s;" % (st.name, u, src.name))
        elif "references" in WITH and srcs and r < 0.65:
            src = self.rng.choice(srcs)
            src.read = True
            w = self.struct_writable(src) and self.chance(0.5)
            self.emit("%s%s &%s = %s;" % ("" if w else "const ", st.name, u, src.name))
            ref = self.add_struct_var(u, st, w, base=src.base, by_value=src.param)
            ref.param, ref.local = src.param, src.local
            return
        else:
            self.emit("%s %s%s;" % (st.name, u, self.rng.choice(["{}", " = {}"])))
        self.add_struct_var(u, st, True).local = True
        fs = [v for v in self.scopes[-1] if isinstance(v, DVar) and v.name.startswith(u + ".")]
        if fs and self.chance(0.7):
            f = self.rng.choice(fs)
            self.emit("%s = %s;" % (f.name, self.expr(2)))

    def s_structassign(self):
        st = self.sig.stype
        r = self.rng.random()
        nested = [v for v in self.visible(SVar) if v.stype is not st]
        if nested and r < 0.4:
            ws = [v for v in nested if self.struct_writable(v)]
            if ws:
                t = self.rng.choice(ws)
                a, b = self.rng.choice(nested), self.rng.choice(nested)
                a.read = b.read = True
                if self.chance(0.5):
                    self.emit("%s = %s + %s;" % (t.name, a.name, b.name))
                else:
                    self.emit("%s = %s;" % (t.name, a.name))
                return
        # A whole assignment writes the member arrays too.
        arrays = any(m[0] == "arr" for m in st.members)
        ws = [v for v in self.structs(st, writable=True)
              if not (v.param and arrays and not self.ok("value-struct-array-write"))]
        srcs = self.structs(st)
        if not ws:
            return self.s_assign()
        t = self.rng.choice(ws)
        others = [v for v in srcs if v is not t]
        if not others:
            return self.s_assign()
        src = self.rng.choice(others)
        src.read = True
        self.emit("%s = %s;" % (t.name, src.name))

    def s_method(self):
        st = self.sig.stype
        ws = self.structs(st, writable=True)
        bump = [m for m in st.methods if m[0] == "bump"]
        cnt = [m for m in st.members if m[0] == "cnt"]
        if ws and cnt and (not bump or self.chance(0.4)):
            self.emit("%s.cnt += %s;" % (self.rng.choice(ws).name, self.rng.choice(["1", "2"])))
            return
        ws = [v for v in ws if not v.param or self.ok("value-struct-by-ref")]
        if not ws or not bump:
            return self.s_assign()
        self.emit("%s.bump(%s);" % (self.rng.choice(ws).name, self.expr(2)))

    # --- references -----------------------------------------------------------
    def s_refdecl(self):
        r = self.rng.random()
        name = self.fresh("rf")
        elements = self.ok("ref-to-element")
        to_refs = self.ok("ref-to-ref")
        byref = self.ok("ref-to-byref-var")
        if r < 0.55:
            ws = [v for v in self.writable_scalars() if (elements or not v.field) and (to_refs or not v.ref)
                  and (byref or not v.byref)]
            was = self.writable_arrays() if elements else []
            if was and (not ws or self.chance(0.3)):
                a = self.rng.choice(was)
                a.read = True
                self.emit("%s &%s = %s[%s];" % (self.ft, name, a.name, self.index(a.n)))
                self.scopes[-1].append(DVar(name, base=a.base, ref="local"))
                return
            if not ws:
                return self.s_assign()
            v = self.rng.choice(ws)
            v.read = v.bound = True
            self.emit("%s &%s = %s;" % (self.ft, name, v.name))
            self.scopes[-1].append(DVar(name, base=v.base, ref="local"))
            return
        # const double &: to a variable, an element or a temporary.
        dv = [v for v in self.visible(DVar) if (elements or not v.field) and (to_refs or not v.ref)
              and (byref or not v.byref)]
        arrs = self.visible(Arr) if elements else []
        if dv and r < 0.75:
            v = self.rng.choice(dv)
            v.read = v.bound = True
            init = v.name
        elif arrs and r < 0.9:
            a = self.rng.choice(arrs)
            a.read = True
            init = "%s[%s]" % (a.name, self.index(a.n))
        else:
            init = self.expr(2)
            if not elements:
                init = "0.5 * (%s)" % init  # a temporary, not an element (nor c ? x : y)
        self.emit("const %s &%s = %s;" % (self.ft, name, init))
        self.scopes[-1].append(DVar(name, writable=False, ref="local"))

    # --- pointers -------------------------------------------------------------
    def s_ptrdecl(self):
        """A local pointer into an array: q[i], *(q + i) and *q read it
        (leaf), writes go through it when the array is writable."""
        arrs = self.visible(Arr)
        if not arrs:
            return self.s_assign()
        a = self.rng.choice(arrs)
        a.read = True
        k = self.rng.randrange(a.n)
        q = self.fresh("q")
        w = a.writable and self.chance(0.5)
        init = self.rng.choice(["%s + %d", "&%s[%d]"]) % (a.name, k) if k or self.chance(0.5) else a.name
        self.emit("%s%s *%s = %s;" % ("" if w else "const ", self.ft, q, init))
        self.scopes[-1].append(Arr(q, a.n - k, w, kind="ptr", base=a.base))

    def s_ptrwalk(self):
        """A pointer walked over an array in a loop: *q++ read, or written
        through and advanced."""
        arrs = [a for a in self.visible(Arr) if self.loop_mult * a.n <= 64]
        if not arrs:
            return self.s_assign()
        a = self.rng.choice(arrs)
        a.read = True
        k = self.rng.randrange(a.n)
        length = self.rng.randint(1, a.n - k)
        q, i = self.fresh("q"), self.fresh("i")
        write = a.writable and self.chance(0.5)
        init = ("%s + %d" % (a.name, k)) if k else a.name
        self.emit("%s%s *%s = %s;" % ("" if write else "const ", self.ft, q, init))
        self.checkpoint()
        self.emit("for (int %s = 0; %s < %d; ++%s) {" % (i, i, length, i))
        self.loops += 1
        self.loop_kinds.append("for")
        self.loop_mult *= length
        self.ind += 1
        self.push()
        self.scopes[-1].append(IVar(i, 0, length - 1))
        if write:
            form = self.rng.random()
            if form < 0.4:
                self.emit("*%s = *%s * 0.5 + 0.5 * %s;" % (q, q, self.bounded(1)))
                self.emit("++%s;" % q)
            elif form < 0.7:
                self.emit("*%s++ *= %s;" % (q, self.bounded(1)))
            else:
                self.emit("*%s++ += 0.25 * %s;" % (q, self.bounded(1)))
        else:
            t = self.writable_outer_scalar()
            self.emit("%s += 0.25 * *%s++ * %s;" % (t, q, self.bounded(1)))
        self.scopes[-1][0].read = True
        self.pop()
        self.ind -= 1
        self.loop_mult //= length
        self.loop_kinds.pop()
        self.loops -= 1
        self.emit("}")

    def ptr_leaf(self, a, idx):
        """A read of a[idx] through a pointer a: a[i], *(a + i) or *a."""
        r = self.rng.random()
        if idx == "0" and r < 0.4:
            return "*%s" % a.name
        if r < 0.6:
            return "*(%s + %s)" % (a.name, idx)
        return "%s[%s]" % (a.name, idx)
