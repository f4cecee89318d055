"""Loops, switch and checkpoint directives."""

from .model import Arr, DVar, IVar, WITH


class LoopGen:
    """The loop statements of FuncGen (fuzzgen.funcgen)."""

    # --- loops ----------------------------------------------------------------
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
            if not self.ok("checkpoint-outer-counter") and self.lines[-1].lstrip().startswith("#pragma adgen checkpoint"):
                outer = [v for v in outer if v.param]  # not a counter of an enclosing loop
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

    def range_arrays(self):
        """The arrays a range-for can run over: local and member arrays."""
        return [a for a in self.visible(Arr) if not a.param and a.kind != "ptr"]

    def s_rangefor(self):
        a = self.rng.choice(self.range_arrays())
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
        # A writing reference is an element of a (for the alias rules of
        # reference arguments, which only references bring).
        base = a.base if ref and "references" in WITH else None
        self.scopes[-1].append(DVar(e, writable=ref, base=base, ref="local" if ref else None))
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

    def s_fill(self):
        """A local array h (declared here) filled whole by one loop, h[i] =
        f(e): e from the parameters' elements at i (inputs no loop writes)
        or anything visible, f tanh, exp or nothing. Mostly inside a loop
        whose other statements may read (or write) h before and after."""
        n = self.rng.choice([self.sig.n, self.rng.randint(1, 6)])
        if self.loop_mult * n > 64:
            return self.s_arrwrite()
        h = self.fresh("h")
        self.emit("%s %s[%d] = {};" % (self.ft, h, n))
        arr = Arr(h, n, True)
        self.scopes[-1].append(arr)
        bound, trips = self.trip()
        if not self.chance(0.75) or self.loop_mult * trips * n > 64:
            return self.fill(arr)
        if isinstance(bound, IVar):
            bound.read = True
            bound = bound.name
        self.checkpoint()
        t = self.fresh("i")
        self.emit("for (int %s = 0; %s < %s; ++%s) {" % (t, t, bound, t))
        self.loop_kinds.append("for")
        self.loops += 1
        self.loop_mult *= max(1, trips)
        self.ind += 1
        self.push()
        self.scopes[-1].append(IVar(t, 0, trips - 1))
        self.block(self.rng.randint(0, 2))
        ws = [v for v in self.writable_scalars() if not v.param]
        if ws and self.chance(0.6):  # the old h read by a nested loop, as an RNN's
            v, j = self.rng.choice(ws), self.fresh("i")
            v.read = True
            self.emit("for (int %s = 0; %s < %d; ++%s) {" % (j, j, n, j))
            self.emit("  %s += 0.125 * std::tanh(%s[%s] * %s);" % (v.name, h, j, self.bounded(1)))
            self.emit("}")
        self.fill(arr)
        self.block(self.rng.randint(0, 2))
        self.pop()
        self.ind -= 1
        self.loop_mult //= max(1, trips)
        self.loops -= 1
        self.loop_kinds.pop()
        self.emit("}")

    def fill(self, a):
        ins = [b for b in self.visible(Arr) if b.param and b.name != a.name]
        i = self.fresh("i")
        self.emit("for (int %s = 0; %s < %d; ++%s) {" % (i, i, a.n, i))
        self.ind += 1
        self.push()
        self.scopes[-1].append(IVar(i, 0, a.n - 1))
        if ins and self.chance(0.7):
            b, c = self.rng.choice(ins), self.rng.choice(ins)
            b.read = c.read = True
            e = "%s[%s %% %d] - 0.5 * %s[(%s + 1) %% %d]" % (b.name, i, b.n, c.name, i, c.n)
        else:
            e = self.rhs(a.name, 2)
        f = self.rng.choice(["std::tanh(%s)", "%s", "0.5 * %s", "std::exp(0.3 * %s)"])
        self.emit("%s[%s] = %s;" % (a.name, i, f % e))
        self.pop()
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
