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
    "recursive-written-array": "recursive helpers passed arrays the caller writes "
                               "after the call (refused in reverse mode: it re-runs "
                               "the callee from its arguments)",
    "switch": "switch on an int (fall-through, default, break; in loops)",
    "range-for": "range-based for over local arrays (by value, const and writing references)",
    "structs": "structs with double, int, array and nested struct members, passed by value, "
               "const reference and reference to functions and helpers; member reads and "
               "writes, local copies, whole assignments, const and writing methods, an "
               "operator+ on the nested struct",
    "references": "double & and const double & parameters of functions and helpers, "
                  "reference locals (double &r = v;)",
    "templates": "function templates over the floating type: fuzz functions instantiated at "
                 "float and double (instantiate(...) or explicit instantiations), template "
                 "helpers called with <T> or deduced",
    "pointers": "local pointers into arrays (const double *q = a + k; &a[k]), q[i], *(q + i), "
                "*q, pointers walked in loops (*q++), offsets passed to helpers (a + k, &a[k])",
    "fills": "local arrays filled whole by one loop (a[i] = x[i] - y[(i + 1) % n], through "
             "tanh, exp or neither), in loops that read them before and after: what reverse "
             "mode rebuilds or reads back from the next iteration's entry copy",
}
WITH = set()  # the OPT_IN constructs asked for (main sets it)

# Parts of the opt-in constructs adgen refuses for now (README "Structs and
# references"), left out with --avoid like the constructs above.
AVOIDABLE.update({
    "recursion": "recursive helpers (their depth an int argument)",
    "calls": "calls from a generated function to earlier ones (fzK calling fzJ, "
             "J < K, itself differentiated on its own)",
    "recursive-written-array": "with recursive helpers: arrays the caller writes "
                               "after the call passed to them",
    "ref-to-element": "with references: reference locals bound to array elements or members "
                      "(double &r = a[i]; double &r = s.x;), array elements and members of "
                      "local structs passed to double & parameters",
    "value-struct-array-write": "with structs: writes to a member array of a struct passed by "
                                "value (also by assigning the whole struct)",
    "value-struct-by-ref": "with structs: struct parameters passed by value, then passed to S & "
                           "parameters of helpers or calling a writing method",
    "param-to-ref": "with references: parameters passed by value, then passed to double & "
                    "parameters of helpers",
    "offset-ref-call": "with pointers: pointer offsets (a + k, &a[k]) passed to a helper that "
                       "has reference or struct parameters",
    "ternary-member": "with structs: a scalar member (s.a, (u + v).p) as a branch of a ?: "
                      "whose other branch is an lvalue too (c ? x : s.a)",
    "member-to-cref": "with structs and references: scalar members (s.a, (u + v).q) passed to "
                      "const double & parameters",
    "ref-to-ref": "with references: reference locals bound to references (const double &r = "
                  "r0; with r0 a double & parameter or another reference local)",
    "reflocal-to-ref": "with references: reference locals (and range-for references) passed "
                       "to double & parameters",
    "overload-collision": "with structs: operator+ of the nested structs as a member instead of "
                          "a free function (free overloads on types of one layout collide)",
    "ref-to-byref-var": "with references: a variable both bound to a reference local and passed "
                        "to a double & parameter",
    "temp-ref-in-init": "with references and structs: calls that bind a temporary to a "
                        "reference in the initializer list of a local array (helpers with "
                        "const double & parameters, operator+: t[2] = {x, h(2 * x), (u + v).p})",
    "value-struct-alias": "with structs: a struct passed by value to a helper that also takes "
                          "one of its member arrays, written (h(s.v, s) with h(double *, S))",
    "checkpoint-outer-counter": "checkpointed loops whose bound is a counter of an enclosing loop "
                                "(for (j = 0; j <= i; j++) under checkpoint(...))",
    "unlisted-written-struct": "with structs: a directive that lists parameters lists the "
                               "written S & ones too (unlisted, their members only read get "
                               "no derivative)",
})

# What adgen refuses or gets wrong today among the opt-in constructs (NOTES
# "Fuzz: known adgen gaps" has a reproducer of each): `--avoid adgen-gaps`
# leaves them all out. Drop a name here when adgen handles it.
ADGEN_GAPS = [
    "reflocal-to-ref",          # refused
    "value-struct-alias",       # refused (a copy cannot alias)
    "checkpoint-outer-counter",  # output does not compile (also without --with)
    "recursive-written-array",  # refused (CalleeArrayWritten)
]
# Fixed in adgen and dropped from ADGEN_GAPS (knobs kept for bisecting):
# temp-ref-in-init, unlisted-written-struct, overload-collision,
# value-struct-array-write, value-struct-by-ref, param-to-ref,
# offset-ref-call, ternary-member, member-to-cref, ref-to-element,
# ref-to-ref, ref-to-byref-var.
# `all` is every construct but "fills", which came after the lit suite's
# seeds were fixed (random_programs_cxx_*): their programs stay as they
# were; random_programs_fills.cpp asks for it by name.
GROUPS = {"with": {"all": sorted(set(OPT_IN) - {"fills"})},
          "avoid": {"adgen-gaps": ADGEN_GAPS}}

CONSTS = ["0.5", "1.5", "2.0", "0.25", "3.0", "0.75", "1.25", "0.1", "0.3"]

# Int members of structs hold values in [0, INT_MEMBER_MAX] (0 in a local
# struct declared `S u{};`), and are never written except `cnt`.
INT_MEMBER_MAX = 4


class DVar:
    """A floating-point lvalue: a variable, a parameter, a member (s.x), or
    a reference. base: what writing it writes (for the alias rules of
    calls): its own name, the struct or array a member or reference is
    bound to."""

    def __init__(self, name, writable=True, param=False, base=None, member=False, ref=None):
        self.name, self.writable, self.param, self.read = name, writable, param, False
        self.base = base or name
        self.member = member  # a member of a struct: read through the struct
        self.field = member   # a member, also unqualified in a method
        self.ref = ref        # a reference: "param" or "local"
        self.bound = False    # a reference local is bound to it
        self.byref = False    # passed to a double & parameter


class IVar:
    """A passive int; its value lies in [lo, hi] wherever it is visible."""

    def __init__(self, name, lo, hi, param=False, member=False):
        self.name, self.lo, self.hi, self.param, self.read = name, lo, hi, param, False
        self.member = member


class BVar:
    def __init__(self, name):
        self.name, self.read, self.param = name, False, False
        self.member = False


class Arr:
    """An array of n floating values: a parameter (kind in | out), a local
    array, a member array (member) or a pointer into another array (ptr,
    base: the array it points into)."""

    def __init__(self, name, n, writable, param=False, kind="local", base=None):
        self.name, self.n, self.writable, self.param = name, n, writable, param
        self.kind, self.read = kind, False
        self.base = base or name
        self.member = kind == "member"


class SVar:
    """A struct lvalue (parameter, local, or nested member s.in) of type
    stype; its members are in scope as DVar / Arr / IVar / SVar named
    "s.x"."""

    def __init__(self, name, stype, writable, param=False, base=None, member=False):
        self.name, self.stype, self.writable, self.param = name, stype, writable, param
        self.read = False
        self.base = base or name
        self.member = member
        self.local = param  # the function's own storage (a local, a by-value parameter)


class StructType:
    """A struct of the fuzz function K: members (kind, name[, extra]) with
    kind f (floating), arr (floating array of extra elements), int (an
    index-sized int), cnt (an int the writing code increments) and struct
    (a nested StructType, extra). methods: (name, lines) of its member
    functions; ops: free functions (operator+) after it."""

    def __init__(self, name, ft, members):
        self.name, self.ft, self.members = name, ft, members
        self.methods = []  # (name, kind: "const" | "write", lines)
        self.ops = []      # lines of free operator functions

    def leaves(self, prefix=""):
        """[(path, 'f' | 'i')] of every scalar leaf, in declaration order."""
        out = []
        for m in self.members:
            kind, name = m[0], m[1]
            if kind == "f":
                out.append((prefix + name, "f"))
            elif kind == "arr":
                out += [("%s%s[%d]" % (prefix, name, i), "f") for i in range(m[2])]
            elif kind in ("int", "cnt"):
                out.append((prefix + name, "i"))
            else:
                out += m[2].leaves(prefix + name + ".")
        return out

    def nested(self):
        return [m[2] for m in self.members if m[0] == "struct"]

    def definition(self):
        """The lines defining it (nested types first)."""
        lines = []
        for t in self.nested():
            lines += t.definition()
        lines.append("struct %s {" % self.name)
        for m in self.members:
            kind, name = m[0], m[1]
            if kind == "f":
                lines.append("  %s %s;" % (self.ft, name))
            elif kind == "arr":
                lines.append("  %s %s[%d];" % (self.ft, name, m[2]))
            elif kind in ("int", "cnt"):
                lines.append("  int %s;" % name)
            else:
                lines.append("  %s %s;" % (m[2].name, name))
        for _, _, body in self.methods:
            lines += ["  " + l if l else l for l in body]
        lines.append("};")
        lines += self.ops
        lines.append("")
        return lines


class Sig:
    """A signature. ret: 'double' (returns a value of the floating type ft)
    or 'void'; params: (kind, name) with kind scalar | in (const pointer) |
    out (written pointer) | int | bool | ref (ft &) | cref (const ft &) |
    sval (struct by value) | scref (const struct &) | sref (struct &); n:
    the length of the array parameters, and the largest value of the int
    ones (in [1, n]); stype: the struct type of the s* parameters; template:
    a template over its floating type (ft is then "T")."""

    def __init__(self, name, ret, params, n, ft="double"):
        self.name, self.ret, self.params, self.n = name, ret, params, n
        self.ft = ft  # the floating type: double or float
        self.ns = []     # the enclosing namespaces ("" = unnamed), outermost first
        self.qual = ""   # how the top-level function of its file names it
        self.stype = None
        self.template = False
        self.calls = []  # earlier generated functions it calls (their names)
        # It or a function it calls calls a recursive helper: its array
        # arguments are then as a recursive helper's (exprs.helper_call_full).
        self.reaches_recursion = False
        self.recursive = False  # calls itself (funcgen.gen_recursive)

    def qname(self):
        """The name qualified from the global namespace (the driver's view)."""
        return ("::" + "::".join(self.ns) + "::" if self.ns else "") + self.name

    def rtype(self):
        return self.ft if self.ret == "double" else "void"

    def ptype(self, kind, ft=None, stype_name=None):
        """The C++ type of a parameter of this kind, with %s for its name
        (of floating type ft and struct type stype_name when given)."""
        ft = ft or self.ft
        st = stype_name or (self.stype.name if self.stype else "")
        return {"scalar": ft + " %s", "in": "const " + ft + " *%s",
                "out": ft + " *%s", "int": "int %s", "bool": "bool %s",
                "ref": ft + " &%s", "cref": "const " + ft + " &%s",
                "sval": st + " %s", "scref": "const " + st + " &%s", "sref": st + " &%s"}[kind]

    def decl(self, suffix=""):
        parts = [self.ptype(kind) % p for kind, p in self.params]
        head = "template <class T> " if self.template else ""
        return "%s%s %s%s(%s)" % (head, self.rtype(), self.name, suffix, ", ".join(parts))

    def writes_array(self):
        return any(k == "out" for k, _ in self.params)

    def writes(self):
        """Whether it writes an argument (an array, a reference, a struct)."""
        return any(k in ("out", "ref", "sref") for k, _ in self.params)
