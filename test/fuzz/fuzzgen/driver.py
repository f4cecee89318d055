"""The per-function driver code: packing inputs and outputs, calling f,
f_jvp and f_grad, and the prototypes of the generated functions."""

import re

from .funcgen import in_namespace


STEP_FUNCTIONS = "floor|ceil|trunc|round|nearbyint"


def needs_twin(sig, src):
    """Whether finite differences difference a twin fzdK of the function
    rather than the function itself: the same program in double for a
    float function, and for one that calls step functions a copy that logs
    their values (fz::step), so a difference across their jumps is
    inconclusive."""
    return sig.ft == "float" or re.search(r"\b(%s)f?\(" % STEP_FUNCTIONS, src) is not None


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


def gen_driver_case(k, sig, active, src, twin):
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
    if twin:
        # Finite differences of a float function are too coarse to judge its
        # derivatives: they difference the same program written in double
        # (with its step functions logged, as in a double function that
        # calls them).
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
        "eval_fd" if twin else "eval", ns, ns, ns)
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
