"""The constructs, the namespace layouts and the variables a generated
function tracks."""

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
