"""One random function: its signature, its body (FuncGen) and its source
text with helpers, namespaces and directives (gen_function)."""

import random
import re

from .cxx import CxxGen, add_methods, gen_struct_type
from .exprs import ExprGen
from .loops import LoopGen
from .model import Arr, BVar, DVar, IVar, NAMESPACE_FRACTION, NAMESPACE_LAYOUTS, Sig, WITH
from .stmts import StmtGen

STRUCT_KINDS = ("sval", "scref", "sref")
READ_KINDS = ("scalar", "in", "cref", "sval", "scref")  # active inputs a directive may list
WRITTEN_KINDS = ("out", "ref", "sref")                  # always active, in and out


class FuncGen(ExprGen, StmtGen, LoopGen, CxxGen):
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
        self.in_init = False  # generating the initializers of a local array
        self.glvalues = set()  # the ?: texts generated whose branches are lvalues

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
            elif kind == "ref":
                self.scopes[-1].append(DVar(p, ref="param"))
            elif kind == "cref":
                self.scopes[-1].append(DVar(p, writable=False, param=True, ref="param"))
            elif kind in STRUCT_KINDS:
                self.add_struct_var(p, self.sig.stype, kind != "scref", param=kind == "sval",
                                    by_value=kind == "sval")
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
            elif kind == "ref":
                self.emit(self.rng.choice(["%s = %s * 0.5 + %s;", "%s += %s * %s;"])
                          % (p, p, self.expr(2)))
            elif kind == "sref":
                f = self.rng.choice([q for q, t in self.sig.stype.leaves() if t == "f"])
                self.emit("%s.%s %s %s;" % (p, f, self.rng.choice(["=", "+="]), self.expr(2)))
        self.budget = nstmts
        self.block(nstmts)
        # The end: read everything still unread, then return.
        self.pop(consume=True)
        unread = [v for v in self.scopes[-1] if v is not acc and not v.member and not self.is_read(v)]
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


def extra_params(rng, helper, stype):
    """Parameter kinds of the opt-in constructs."""
    out = []
    if "references" in WITH:
        if rng.random() < 0.35:
            out.append("ref")
        if rng.random() < 0.3:
            out.append("cref")
    if "structs" in WITH and stype is not None:
        for _ in range(rng.choice([0, 1] if helper else [0, 1, 1, 2])):
            out.append(rng.choice(STRUCT_KINDS))
    return out


def gen_recursive(rng, name, n, ft):
    """(Sig, source lines) of a recursive helper whose depth is its int
    argument (at most n): `if (n0 <= 1) return BASE; return COMB(self(...))`,
    reading an input array when it has one."""
    params = [("scalar", "x0"), ("int", "n0")]
    if rng.random() < 0.6:
        params.append(("in", "a0"))
    rng.shuffle(params)
    sig = Sig(name, "double", params, n, ft)
    sig.recursive = True
    has_a = any(kind == "in" for kind, _ in params)
    base = rng.choice(["0.5 * x0", "std::sin(x0)", "x0 * x0 + 0.25"] +
                      (["a0[0] * x0"] if has_a else []))
    arg = rng.choice(["0.5 * x0 + 0.125", "std::sin(x0)", "x0 - 0.25"] +
                     (["x0 * a0[n0 - 1]"] if has_a else []))
    # An array parameter is always read (in the recursive case, n0 >= 2).
    comb = rng.choice(["R * a0[n0 - 1] + x0", "x0 * R + a0[n0 - 1]"] if has_a else
                      ["x0 * R", "R + std::cos(x0)", "0.5 * std::tanh(R) + x0"])
    args = {"scalar": arg, "int": "n0 - 1", "in": "a0"}
    call = "%s(%s)" % (name, ", ".join(args[kind] for kind, _ in params))
    lines = [sig.decl() + " {", "  if (n0 <= 1)", "    return %s;" % base,
             "  return %s;" % comb.replace("R", call), "}", ""]
    return sig, lines


def gen_sig(rng, name, n, helper, avoid, nmax_scalars=3, stype=None):
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
    if WITH & {"references", "structs"}:
        params += extra_params(rng, helper, stype)
    rng.shuffle(params)
    counts = {}
    named = []
    letters = {"scalar": "x", "in": "a", "out": "out", "int": "n", "bool": "p",
               "ref": "r", "cref": "c", "sval": "g", "scref": "g", "sref": "g"}
    for k in params:
        key = "struct" if k in STRUCT_KINDS else k  # one numbering for g0, g1
        counts[key] = counts.get(key, 0) + 1
        base = letters[k]
        named.append((k, "%s%d" % (base, counts[key] - 1) if (k != "out" or nout > 1) and k not in ("int", "bool") else base))
    ret = "double"
    if nout and rng.random() < 0.35:
        ret = "void"
    sig = Sig(name, ret, named, n)
    sig.stype = stype
    return sig


CALLS_FRACTION = 0.3  # functions that may call earlier ones

MATH = ["sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp",
        "expm1", "log", "log1p", "log2", "log10", "sqrt", "cbrt", "pow", "hypot", "fabs", "fmin",
        "fmax", "floor", "ceil", "erf"]


def callable_earlier(seed, k, avoid, ft, template, stype, fns, earlier):
    """The earlier generated functions (their Sigs) function k calls, from
    their own stream: some plain double functions at file scope."""
    rng = random.Random("adgen-fuzz-calls:%d:%d" % (seed, k))
    if "calls" in avoid or "helpers" in avoid or ft != "double" or template \
            or stype or fns or rng.random() >= CALLS_FRACTION:
        return []
    ok = [s for s in earlier if s.ft == "double" and not s.template
          and not s.stype and not s.ns]
    return rng.sample(ok, min(len(ok), rng.choice([1, 1, 2])))


def gen_function(seed, k, avoid, float_fraction, as_double=False, earlier=()):
    """Returns (source text, Sig, pragma-active list) of function k; it may
    call functions of `earlier` (Sigs of fz0 .. fz(k-1)): sig.calls names
    them."""
    rng = random.Random("adgen-fuzz:%d:%d" % (seed, k))
    use_float = "float" not in avoid and random.Random("adgen-fuzz-float:%d:%d" % (seed, k)).random() < float_fraction
    ft = "float" if use_float else "double"
    # The namespaces, from their own stream (the program is the same either way).
    ns_rng = random.Random("adgen-fuzz-ns:%d:%d" % (seed, k))
    hns, fns, qual = [], [], ""
    if "namespaces" not in avoid and ns_rng.random() < NAMESPACE_FRACTION:
        hns, fns, qual = ns_rng.choice(NAMESPACE_LAYOUTS)
    compact = ns_rng.random() < 0.5  # C++17 `namespace a::b {` where it can
    # The opt-in constructs' own choices (their own stream too).
    cxx_rng = random.Random("adgen-fuzz-cxx:%d:%d" % (seed, k))
    template = "templates" in WITH and cxx_rng.random() < 0.3
    if template:
        ft = "T"
    stype = None
    if "structs" in WITH and not template:
        stype = gen_struct_type(cxx_rng, k, ft)
        add_methods(cxx_rng, stype, lambda ret: FuncGen(cxx_rng, Sig("method", ret, [], 1, ft), [], avoid, True), avoid)
    n = rng.randint(1, 8)
    helpers = []
    src = []
    rec_rng = random.Random("adgen-fuzz-rec:%d:%d" % (seed, k))
    if "helpers" not in avoid and "recursion" not in avoid and not template \
            and not stype and rec_rng.random() < 0.2:
        hs, body = gen_recursive(rec_rng, "fz%d_r" % k, n, ft)
        hs.ns, hs.qual = hns, qual
        unused_ok = "[[maybe_unused]] " if "" in hns else ""
        src += [unused_ok + body[0]] + body[1:]
        helpers.append(hs)
    if "helpers" not in avoid:
        for j in range(rng.choice([0, 1, 1, 2])):
            hn = rng.randint(1, n)
            htemplate = template or ("templates" in WITH and cxx_rng.random() < 0.4)
            hs = gen_sig(rng, "fz%d_h%d" % (k, j), hn, True, avoid, 2, None if htemplate else stype)
            hs.ft = "T" if htemplate else ft
            hs.template = htemplate
            hs.stype = stype
            hs.ns, hs.qual = hns, qual
            g = FuncGen(rng, hs, list(helpers), avoid, True)
            body = g.generate(rng.randint(2, 6))
            # A helper the function happens not to call is unused there, and
            # in an unnamed namespace g++ -Wall says so (not of a template).
            unused_ok = "[[maybe_unused]] " if "" in hns and not htemplate else ""
            src.append(unused_ok + hs.decl() + " {")
            src += body
            src.append("}")
            src.append("")
            helpers.append(hs)
    if helpers and hns:
        src = namespace_open(hns, compact) + src + namespace_close(hns, compact)
    if stype:
        src = stype.definition() + src
    sig = gen_sig(rng, "fz%d" % k, n, False, avoid, stype=stype)
    sig.ft = ft
    sig.template = template
    sig.ns = fns
    src += namespace_open(fns, compact)
    calls = callable_earlier(seed, k, avoid, ft, template, stype, fns, earlier)
    sig.calls = [c.name for c in calls]
    sig.reaches_recursion = any(h.recursive or h.reaches_recursion
                                for h in helpers + calls)
    g = FuncGen(rng, sig, helpers + calls, avoid, False)
    body = g.generate(rng.randint(4, 12))
    # Activity: every floating parameter, or a nonempty subset of the scalar
    # and const pointer ones (written arrays are active anyway).
    cand = [p for kind, p in sig.params if kind in READ_KINDS]
    written = [p for kind, p in sig.params if kind in WRITTEN_KINDS]
    active = [p for kind, p in sig.params if kind in READ_KINDS + WRITTEN_KINDS]
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
        active = [p for kind, p in sig.params if p in sub or kind in WRITTEN_KINDS]
        if "unlisted-written-struct" in avoid:
            pragma = [list_also(l, [p for kind, p in sig.params if kind == "sref"]) for l in pragma]
    # Sizes: checkpoints need them; elsewhere they let reverse mode keep a
    # call that writes an array (its backward call re-runs it into a copy).
    sized = random.Random("adgen-fuzz-sizes:%d:%d" % (seed, k)).random() < 0.5
    if g.checkpoints or (sized and sig.calls):
        arrays = [p for kind, p in sig.params if kind in ("in", "out")]
        if arrays:
            pragma.append("#pragma adgen %s" % " ".join("size(%s, %d)" % (p, n) for p in arrays))
    after = []
    if template:
        pragma_inst, after = instantiations(cxx_rng, sig)
        pragma += pragma_inst
    src += pragma
    src.append(sig.decl() + " {")
    src += body
    src.append("}")
    src += after
    src += namespace_close(fns, compact)
    text = "\n".join(src) + "\n"
    if as_double and ft == "float":
        # The same program in double (to tell float rounding from a bug).
        text = re.sub(r"\bfloat\b", "double", text)
        text = re.sub(r"\b(%s)f\(" % "|".join(MATH), r"\1(", text)
        text = re.sub(r"(\d)f\b", r"\1", text)
        sig.ft = "double"
        for h in helpers:
            if not h.template:
                h.ft = "double"
        if stype:
            for t in [stype] + stype.nested():
                t.ft = "double"
    return text, sig, active


def list_also(line, names):
    """A directive line whose jvp(...) and grad(...) lists hold names too."""
    def add(m):
        have = [x.strip() for x in m.group(2).split(",")]
        return "%s(%s)" % (m.group(1), ", ".join(have + [x for x in names if x not in have]))
    return re.sub(r"\b(jvp|grad)\(([^)]*)\)", add, line)


def instantiations(rng, sig):
    """How a templated fuzz function gets its float and double
    instantiations: `#pragma adgen instantiate(f<float>, ...)` or explicit
    instantiation definitions after it (uses of the file, SPEC section 5).
    Returns (pragma lines, lines after the definition)."""
    explicit = rng.choice([[], ["double"], ["float", "double"], ["float"]])
    named = ["%s<%s>" % (sig.name, t) for t in ("float", "double") if t not in explicit]
    pragma = ["#pragma adgen instantiate(%s)" % ", ".join(named)] if named else []
    after = []
    for t in explicit:
        ps = [(sig.ptype(kind, t) % "").rstrip() for kind, _ in sig.params]
        after.append("template %s %s<%s>(%s);" % (t if sig.ret == "double" else "void", sig.name, t, ", ".join(ps)))
    return pragma, after


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
