"""The per-function driver code: packing inputs and outputs, calling f,
f_jvp and f_grad, and the prototypes of the generated functions."""

import re

from .funcgen import STRUCT_KINDS, WRITTEN_KINDS, in_namespace
from .model import INT_MEMBER_MAX


STEP_FUNCTIONS = "floor|ceil|trunc|round|nearbyint"


def needs_twin(sig, src):
    """Whether finite differences difference a twin fzdK of the function
    rather than the function itself: the same program in double for a
    float function (and a template's float instantiation), and for one that
    calls step functions a copy that logs their values (fz::step), so a
    difference across their jumps is inconclusive."""
    return sig.ft in ("float", "T") or calls_steps(src)


def calls_steps(src):
    return re.search(r"\b(%s)f?\(" % STEP_FUNCTIONS, src) is not None


def twin_source(double_src):
    """The lines of the twin fzdK, from the function's source written in
    double: renamed, without directives, its step functions logged."""
    t = re.sub(r"\bfz(\d)", r"fzd\1", double_src)
    t = re.sub(r"\bstd::(%s)\(" % STEP_FUNCTIONS, r"::fz::std_\1(", t)
    t = re.sub(r"(?<![\w:])(%s)f\(" % STEP_FUNCTIONS, r"::fz::\1f_(", t)
    t = re.sub(r"(?<![\w:])(%s)\(" % STEP_FUNCTIONS, r"::fz::c_\1(", t)
    return [l for l in t.split("\n") if not l.startswith("#pragma")]


def cstr_raw(s):
    return 'R"FZ(' + s + ')FZ"'


def twin_name(name):
    return re.sub(r"\bfz(\d)", r"fzd\1", name)


class Param:
    """A parameter as the driver sees it: its floating leaves (suffixes of
    the parameter's name: "", "[i]", ".x", ".v[i]") and, for a struct, its
    int leaves."""

    def __init__(self, sig, kind, name, active):
        self.kind, self.name, self.active = kind, name, active
        self.written = kind in WRITTEN_KINDS
        self.struct = kind in STRUCT_KINDS
        if kind in ("scalar", "cref", "ref"):
            self.floats = [""]
        elif kind in ("in", "out"):
            self.floats = ["[%d]" % i for i in range(sig.n)]
        elif self.struct:
            self.floats = ["." + p for p, t in sig.stype.leaves() if t == "f"]
        else:
            self.floats = []
        self.ints = ["." + p for p, t in sig.stype.leaves() if t == "i"] if self.struct else []


def gen_driver_case(k, sig, active, src, twin, ft=None):
    """The per-function test code: sample/eval/jvp/grad/describe over a
    packed input vector X (active scalars, arrays and struct members,
    written parameters' initial values, in parameter order) and output
    vector Y (the return value, then the written parameters' final values,
    a written struct's int members included). ft: the instantiation of a
    template. Returns (lines, the fz::Case initializer)."""
    ft = ft or sig.ft
    g = CaseGen(k, sig, active, src, twin, ft)
    return g.lines(), g.case()


class CaseGen:
    def __init__(self, k, sig, active, src, twin, ft):
        self.k, self.sig, self.src, self.twin, self.ft = k, sig, src, twin, ft
        self.n = sig.n
        self.params = [Param(sig, kind, p, p in active or kind in WRITTEN_KINDS)
                       for kind, p in sig.params]
        self.ns = "t%d%s" % (k, {"float": "_f", "double": "_d"}[ft] if sig.template else "")
        self.xoff, self.yoff = {}, {}
        self.xnames, self.ynames, self.accum = [], [], ""
        off = 0
        for p in self.params:
            if p.active and p.floats:
                self.xoff[p.name] = off
                off += len(p.floats)
                if p.struct:
                    leaves = ", ".join(p.name + f for f in p.floats)
                else:
                    leaves = p.name + ("[%d]" % len(p.floats) if p.kind in ("in", "out") else "")
                self.xnames.append(leaves + (" initial" if p.written else ""))
                self.accum += ("0" if p.written else "1") * len(p.floats)
        self.nx = off
        off = 1 if sig.ret == "double" else 0
        if off:
            self.ynames.append("return")
        for p in self.params:
            if p.written:
                self.yoff[p.name] = off
                off += len(p.floats) + len(p.ints)
                self.ynames.append("%s final%s" % (p.name, " (%d values, then %d ints)" % (len(p.floats), len(p.ints)) if p.ints else ""))
        self.ny = off

    # --- names -------------------------------------------------------------
    def fname(self, suffix="", twin=False):
        q = self.sig.qname()
        name = q[:len(q) - len(self.sig.name)] + self.sig.name + suffix
        if twin:
            name = twin_name(name)
        if self.sig.template:
            name += "<%s>" % ("double" if twin else self.ft)
        return name

    def stype(self, twin=False):
        name = "::" + self.sig.stype.name
        return twin_name(name) if twin else name

    # --- code ----------------------------------------------------------------
    def lines(self):
        L = ["namespace %s {" % self.ns]
        L += self.passive_state()
        L += self.sample()
        L += self.evaluator("eval", twin=False)
        if self.twin:
            # Finite differences of a float function are too coarse to judge
            # its derivatives: they difference the same program written in
            # double (with its step functions logged, as in a double function
            # that calls them).
            L += self.evaluator("eval_fd", twin=True)
        L += self.jvp()
        L += self.grad()
        L += self.describe()
        L.append("const char *src = %s;" % cstr_raw(self.src))
        L.append("}  // namespace %s" % self.ns)
        return L

    def case(self):
        ns = self.ns
        name = self.sig.name + ("<%s>" % self.ft if self.sig.template else "")
        fp32 = 1 if self.ft == "float" else 2 if "float" in self.src else 0
        return '{"%s", %s::src, "%s", "%s", %d, %d, "%s", %d, %s::sample, %s::eval, %s::%s, %s::jvp, %s::grad, %s::describe}' % (
            name, ns, ", ".join(self.xnames), ", ".join(self.ynames), self.nx, self.ny, self.accum,
            fp32, ns, ns, ns, "eval_fd" if self.twin else "eval", ns, ns, ns)

    def passive_state(self):
        """Globals for what is not in X: passive parameters, and every
        struct's initial value (its ints, its passive members)."""
        L = []
        for p in self.params:
            if p.struct:
                L.append("%s %s_init;" % (self.stype(), p.name))
            elif p.active and p.floats:
                continue
            elif p.kind in ("scalar", "cref"):
                L.append("%s %s;" % (self.ft, p.name))
            elif p.kind == "in":
                L.append("%s %s[%d];" % (self.ft, p.name, self.n))
            elif p.kind == "int":
                L.append("int %s;" % p.name)
            elif p.kind == "bool":
                L.append("bool %s;" % p.name)
        return L

    def sample(self):
        L = ["void sample(fz::Rng &r, double *X) {"]
        for p in self.params:
            o = self.xoff.get(p.name)
            if p.kind in ("scalar", "cref", "ref"):
                lo = "-1.5, 1.5" if p.kind == "ref" else "-2, 2"
                L.append("  %s = r.uniform(%s);" % ("X[%d]" % o if o is not None else p.name, lo))
            elif p.kind in ("in", "out"):
                rng = "-1, 1" if p.kind == "out" else "-1.5, 1.5"
                dst = "X[%d + i]" % o if o is not None else "%s[i]" % p.name
                L.append("  for (int i = 0; i < %d; ++i) %s = r.uniform(%s);" % (self.n, dst, rng))
            elif p.kind == "int":
                L.append("  %s = r.integer(1, %d);" % (p.name, self.n))
            elif p.kind == "bool":
                L.append("  %s = r.integer(0, 1) == 1;" % p.name)
            elif p.struct:
                for j, f in enumerate(p.floats):
                    if o is not None:
                        L.append("  X[%d] = r.uniform(-1.5, 1.5);" % (o + j))
                    else:
                        L.append("  %s_init%s = %s(r.uniform(-1.5, 1.5));" % (p.name, f, self.ft))
                for f in p.ints:
                    L.append("  %s_init%s = r.integer(0, %d);" % (p.name, f, INT_MEMBER_MAX))
        L.append("}")
        return L

    def unpack(self, src, suffix, ft, twin=False, shadow=False, only=None):
        """Declarations of the arguments: a parameter's value (suffix "")
        or its shadow (suffix _dot / _bar, from src at the X offsets, or
        at the Y offsets for the written ones when only == 'written-from-W')."""
        L = []
        for j, p in enumerate(self.params):
            if shadow and not (p.active and p.floats):
                continue
            o = self.xoff.get(p.name)
            if shadow and only == "grad":
                if p.written:
                    src_name, o = "W", self.yoff[p.name]
                else:
                    src_name = "G"
            else:
                src_name = src
            var = p.name + suffix
            if p.struct:
                L.append("  %s %s;" % (self.stype(twin), var))
                for i, f in enumerate(p.floats):
                    val = "%s[%d]" % (src_name, o + i) if o is not None else "%s_init%s" % (p.name, f)
                    L.append("  %s%s = %s(%s);" % (var, f, ft, val))
                for i, f in enumerate(p.ints):
                    L.append("  %s%s = %s;" % (var, f, self.sentinel(j, i) if shadow else "%s_init%s" % (p.name, f)))
            elif o is None:
                if twin and p.kind == "in":
                    L.append("  double %s_d[%d];" % (p.name, self.n))
                    L.append("  for (int i = 0; i < %d; ++i) %s_d[i] = %s[i];" % (self.n, p.name, p.name))
            elif p.kind in ("scalar", "cref", "ref"):
                L.append("  %s %s = %s(%s[%d]);" % (ft, var, ft, src_name, o))
            else:
                L.append("  %s %s[%d];" % (ft, var, self.n))
                L.append("  for (int i = 0; i < %d; ++i) %s[i] = %s(%s[%d + i]);" % (self.n, var, ft, src_name, o))
        return L

    @staticmethod
    def sentinel(j, i):
        return -1000 - 16 * j - i

    def args(self, twin=False):
        out = []
        for p in self.params:
            if twin and p.kind == "in" and p.name not in self.xoff:
                out.append(p.name + "_d")
            else:
                out.append(p.name)
        return out

    def pack(self, dst, suffix, ints=True):
        """The written parameters' final values (or tangents) into dst."""
        L = []
        for p in self.params:
            if not p.written:
                continue
            o = self.yoff[p.name]
            for i, f in enumerate(p.floats):
                L.append("  %s[%d] = %s%s%s;" % (dst, o + i, p.name, suffix, f))
            for i, f in enumerate(p.ints):
                val = "%s%s%s" % (p.name, suffix, f) if ints else "0"
                L.append("  %s[%d] = %s;" % (dst, o + len(p.floats) + i, val))
        return L

    def untouched(self, suffix):
        """Checks that the shadows' int members keep their sentinels."""
        L = []
        for j, p in enumerate(self.params):
            if p.active and p.floats:
                for i, f in enumerate(p.ints):
                    L.append('  fz::untouched("%s%s%s", %s%s%s, %d);' % (p.name, suffix, f, p.name, suffix, f,
                                                                          self.sentinel(j, i)))
        return L

    def call(self, fn, args, result="Y[0]"):
        if self.sig.ret == "double":
            return ["  %s = %s(%s);" % (result, fn, ", ".join(args))]
        return ["  %s(%s);" % (fn, ", ".join(args))]

    def evaluator(self, name, twin):
        ft = "double" if twin else self.ft
        L = ["void %s(const double *X, double *Y) {" % name]
        L += self.unpack("X", "", ft, twin=twin)
        L += self.call(self.fname(twin=twin), self.args(twin))
        L += self.pack("Y", "")
        L.append("}")
        return L

    def active(self):
        return [p for p in self.params if p.active and p.floats]

    def jvp(self):
        ft = self.ft
        L = ["void jvp(const double *X, const double *V, double *Y, double *JV) {"]
        L += self.unpack("X", "", ft)
        L += self.unpack("V", "_dot", ft, shadow=True)
        args = self.args() + [p.name + "_dot" for p in self.active()]
        if self.sig.ret == "double":
            L.append("  %s f_dot = 0;" % ft)
            L += self.call(self.fname("_jvp"), args + ["&f_dot"])
            L.append("  JV[0] = f_dot;")
        else:
            L += self.call(self.fname("_jvp"), args)
        L += self.pack("Y", "")
        L += self.pack("JV", "_dot", ints=False)
        L += self.untouched("_dot")
        L.append("}")
        return L

    def grad(self):
        """G in: preset adjoints of the accumulating inputs; out: adjoints."""
        ft = self.ft
        L = ["void grad(const double *X, const double *W, double *Y, double *G) {"]
        L += self.unpack("X", "", ft)
        L += self.unpack(None, "_bar", ft, shadow=True, only="grad")
        gargs = []
        for p in self.active():
            by_pointer = p.kind in ("scalar", "cref", "sval", "scref")
            gargs.append(("&" if by_pointer else "") + p.name + "_bar")
        extra = ["%s(W[0])" % ft] if self.sig.ret == "double" else []
        L += self.call(self.fname("_grad"), self.args() + gargs + extra)
        L += self.pack("Y", "")
        for p in self.active():
            o = self.xoff[p.name]
            for i, f in enumerate(p.floats):
                L.append("  G[%d] = %s_bar%s;" % (o + i, p.name, f))
        L += self.untouched("_bar")
        L.append("}")
        return L

    def describe(self):
        L = ["std::string describe() {", "  std::string s;"]
        body = []
        for p in self.params:
            if p.struct:
                for f in p.ints:
                    body.append('  std::snprintf(b, sizeof b, "%s%s = %%d; ", %s_init%s); s += b;' % (p.name, f, p.name, f))
                if p.name not in self.xoff:
                    for f in p.floats:
                        body.append('  std::snprintf(b, sizeof b, "%s%s = %%.17g; ", (double)%s_init%s); s += b;'
                                    % (p.name, f, p.name, f))
            elif p.name in self.xoff:
                continue
            elif p.kind in ("scalar", "cref"):
                body.append('  std::snprintf(b, sizeof b, "%s = %%.17g; ", (double)%s); s += b;' % (p.name, p.name))
            elif p.kind in ("int", "bool"):
                body.append('  std::snprintf(b, sizeof b, "%s = %%d; ", (int)%s); s += b;' % (p.name, p.name))
            elif p.kind == "in":
                body.append('  { double v[%d]; for (int i = 0; i < %d; ++i) v[i] = %s[i]; s += "%s = " + fz::vecstr(v, %d) + "; "; }'
                            % (self.n, self.n, p.name, p.name, self.n))
        if any("snprintf" in l for l in body):
            L.append("  char b[96];")
        L += body
        L.append('  return s.empty() ? "(none)" : s;')
        L.append("}")
        return L


def shadow_params(sig, active, ft, stname):
    """The tangent and adjoint parameters of the active ones (SPEC
    sections 4 and 5)."""
    jv, gr = [], []
    for kind, p in sig.params:
        if p not in active and kind not in WRITTEN_KINDS:
            continue
        if kind in ("scalar", "cref"):
            jv.append("%s %s_dot" % (ft, p))
            gr.append("%s *%s_bar" % (ft, p))
        elif kind == "ref":
            jv.append("%s &%s_dot" % (ft, p))
            gr.append("%s &%s_bar" % (ft, p))
        elif kind == "in":
            jv.append("const %s *%s_dot" % (ft, p))
            gr.append("%s *%s_bar" % (ft, p))
        elif kind == "out":
            jv.append("%s *%s_dot" % (ft, p))
            gr.append("%s *%s_bar" % (ft, p))
        elif kind in ("sval", "scref"):
            jv.append("const %s &%s_dot" % (stname, p))
            gr.append("%s *%s_bar" % (stname, p))
        elif kind == "sref":
            jv.append("%s &%s_dot" % (stname, p))
            gr.append("%s &%s_bar" % (stname, p))
    return jv, gr


def prototypes(sig, active):
    """Declarations of the generated fK_jvp / fK_grad (SPEC sections 4 and
    5); for a template, the primary template and its float and double
    specializations."""
    stname = sig.stype.name if sig.stype else None
    fts = ["T", "float", "double"] if sig.template else [sig.ft]
    out = []
    for ft in fts:
        base = [sig.ptype(kind, ft) % p for kind, p in sig.params]
        jv, gr = shadow_params(sig, active, ft, stname)
        jv, gr = base + jv, base + gr
        rt = ft if sig.ret == "double" else "void"
        if sig.ret == "double":
            jv.append("%s *%s_dot" % (ft, sig.name))
            gr.append("%s %s_bar" % (ft, sig.name))
        head, targs = "", ""
        if sig.template:
            head = "template <class T> " if ft == "T" else "template <> "
            targs = "" if ft == "T" else "<%s>" % ft
        out += ["%s%s %s_jvp%s(%s);" % (head, rt, sig.name, targs, ", ".join(jv)),
                "%s%s %s_grad%s(%s);" % (head, rt, sig.name, targs, ", ".join(gr))]
    return in_namespace(sig, out)
