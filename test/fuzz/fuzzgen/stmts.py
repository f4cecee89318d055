"""Statements other than loops."""

import random
import re

from .model import Arr, BVar, DVar, IVar, WITH


class StmtGen:
    """The statement half of FuncGen (fuzzgen.funcgen)."""

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
        if "range-for" in WITH and depth < 4 and self.range_arrays():
            kinds.append(("rangefor", 1))
        if "fills" in WITH and depth < 4:
            kinds.append(("fill", 1.5))
        if "structs" in WITH and self.sig.stype is not None:
            kinds += [("structdecl", 1.0), ("structassign", 0.4), ("method", 0.7)]
        if "references" in WITH:
            kinds.append(("refdecl", 0.8))
        if "pointers" in WITH and self.visible(Arr):
            kinds.append(("ptrdecl", 0.8))
            if depth < 4:
                kinds.append(("ptrwalk", 0.6))
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

    def s_localarr(self):
        t = self.fresh("t")
        n = self.rng.choice([self.sig.n, self.sig.n, self.rng.randint(1, 8)])
        r = self.rng.random()
        if r < 0.3 or (r < 0.5 and not self.ok("array-init-list")):
            self.emit("%s %s[%d] = %s;" % (self.ft, t, n, self.rng.choice(["{}", "{0.0}", "{0}"])))
        elif r < 0.5:
            k = self.rng.randint(1, n)
            self.in_init = True
            init = [self.expr(2) for _ in range(k)]
            self.in_init = False
            if self.ft != "double":  # no narrowing in braces
                init = ["%s(%s)" % (self.ft, e) for e in init]
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
        full = self.helper_call_full(2, pure_only=False)
        if full is None:
            return self.s_assign()
        call, h, written = full
        if h.ret == "void":
            self.emit("%s;" % call)
            # Sometimes twice (its own stream): reverse mode keeps a helper
            # called from two places, and the second call sees the arrays
            # the first wrote.
            if not self.loops and random.Random("adgen-fuzz-twice:" + call).random() < 0.5:
                self.emit("%s;" % call)
            return
        ws = [v for v in self.writable_scalars() if v.base not in written]
        if ws and self.chance(0.7):
            v = self.rng.choice(ws)
            if self.loops:
                call = "%s(%s)" % (self.sp(self.rng.choice(["tanh", "sin", "atan"])), call)
            self.emit("%s %s %s;" % (v.name, self.rng.choice(["=", "+=", "-="]), call))
        else:
            name = self.fresh("s")
            self.emit("%s %s = %s;" % (self.ft, name, call))
            self.scopes[-1].append(DVar(name))
