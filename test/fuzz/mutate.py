#!/usr/bin/env python3
"""Syntactic mutation fuzzer for adgen's front end and its error contract.

  mutate.py [--seed S] [-n COUNT] [-j JOBS] [--keep DIR] [--timeout SECS]
            [--adgen PATH] [--first I] [--only I [--print]] [--reduce]
            [--inputs FILE...]

takes the inputs that carry `#pragma adgen` directives (every .cpp/.cu under
test/lit/, Inputs/ included, and examples/*/*.cpp; or --inputs), and makes
COUNT mutants of them at the token level: delete a token, duplicate one, swap
two adjacent ones, replace one by another token of the file, truncate the
file, and put garbage into `#pragma adgen` directives (bad policies, `every
0`, `size(h, n,)`, unknown names, unknown clauses, unbalanced parentheses,
duplicated or misplaced directives). Mutant I depends only on (SEED, I): the
same file, the same edits, the same adgen options (output .cpp, .cu or .h,
sometimes --header, --checkpoint=POLICY, --emit=stats|wengert), as long as
that file is unchanged (adding or removing other inputs changes only the
mutants that pick those; the mutant itself is also kept, see below).

Each mutant is run as `adgen SRC -o OUT [options]` with OUT (and the header)
holding sentinel bytes beforehand, under a timeout, and checked against SPEC
section 1 (failure classes):

  crash             killed by a signal, or an exit status other than 0, 1, 2
  internal-error    stderr says "internal error"
  slow              ran past --timeout (default 20 s)
  exit-2            exit 2 (bad usage) although the command line is valid
  unlocated-error   exit 1 without a `FILE:LINE:COL: error:` diagnostic that
                    is followed by its source line and a caret line
  bad-location      an error's LINE:COL lies outside the file it names
  output-touched    exit != 0 but OUT or the header no longer holds the
                    sentinel bytes exactly
  stray-file        files other than OUT (and the header) left beside OUT
  output-not-written  exit 0 but OUT (or the header) still the sentinel
  output-broken     exit 0, the mutant is valid C++ (g++ and clang++ accept
                    it), but OUT does not compile alone
                    (g++ -std=c++17 -fsyntax-only -I runtime/include, -x c++
                    for .cu/.h)
  output-clash      ... or OUT does not compile #included after the mutant in
                    one translation unit (the include_into_tu contract)
  header-broken     ... or the --header file does not compile, alone or
                    #included after the mutant (as a caller would)
  accepted-invalid  exit 0 on a mutant that clang++ rejects: adgen parses with
                    Clang and should have refused it
  garbage-accepted  exit 0 although the mutant holds a directive that SPEC
                    section 2 makes an error (an unknown clause or policy,
                    `every 0`, `size(w, n,)`, unbalanced parentheses, ...) and
                    that the parser sees (clang++ -E keeps it)

Not failures, only counted: a mutant accepted whose source g++ rejects and
clang++ accepts ("accepted, g++-only invalid"), and the exit status spread.

Prints one line per failing mutant, then a summary by class; keeps each
failing mutant in --keep DIR/<class>/mI-<file>/ (the mutant, the original's
diff, cmd.sh to re-run it, adgen's stderr, the outputs) and exits 1 on any
failure, 0 otherwise. `--only I` runs mutant I alone (and --print writes its
source to stdout instead); `--reduce` with --only shrinks it (lines, then
tokens) while it keeps failing in the same class and prints the result;
`--baseline --inputs DIR/mutant.cpp --only 0 --reduce` shrinks a kept one.
--baseline runs the inputs unmutated (mutant I is input I).
Python 3 standard library only.
"""

import argparse
import concurrent.futures
import difflib
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import random

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SENTINEL = b"adgen-mutate sentinel: this file must survive a failed run\n\x00\xff\n"
HEADER_SENTINEL = b"adgen-mutate header sentinel\n"

FAILURE_CLASSES = [
    "crash", "internal-error", "slow", "exit-2", "unlocated-error",
    "bad-location", "output-touched", "stray-file", "output-not-written",
    "output-broken", "output-clash", "header-broken", "accepted-invalid",
    "garbage-accepted",
]

PRAGMA_LINE = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+adgen\b", re.M)

# --- tokens ---------------------------------------------------------------------

TOKEN_RE = re.compile(r"""
    (?P<skip> \s+ | \\\n | //[^\n]* | /\*.*?\*/ )
  | (?P<tok>
        R"(?P<delim>[^()\\\s]{0,16})\(.*?\)(?P=delim)"
      | (?:u8|u|U|L)?"(?:\\.|[^"\\\n])*"
      | (?:u8|u|U|L)?'(?:\\.|[^'\\\n])*'
      | \.?\d(?:[eEpP][+-]|[\w.']|)*
      | [A-Za-z_]\w*
      | \.\.\. | <<= | >>= | ->\* | <=> | \#\# | :: | -> | \+\+ | -- | << | >>
      | <= | >= | == | != | && | \|\| | \+= | -= | \*= | /= | %= | &= | \|= | \^= | \.\*
      | [^\s]
    )
""", re.X | re.S)


def tokenize(text):
    """(start, end) of each token of text (comments and whitespace skipped)."""
    spans = []
    pos = 0
    n = len(text)
    while pos < n:
        m = TOKEN_RE.match(text, pos)
        if not m or m.end() == pos:  # an unterminated comment or the like
            spans.append((pos, pos + 1))
            pos += 1
            continue
        if m.group("tok") is not None:
            spans.append((m.start(), m.end()))
        pos = m.end()
    return spans


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


# --- directive garbage ------------------------------------------------------------

POLICY_GARBAGE = [
    "every 0", "every -1", "every 99999999999999999999", "every 4.5", "every n",
    "every", "every 4 4", "every 0x10", "every 1e3", "every (4)", "every 4,",
    "", "auto auto", "auto 3", "all 2", "recompute 3", "fancy", "Every 4",
    "binomial 0", "binomial", "binomial -2", "binomial 99999999999",
    "binomial 99999999999999999999", "budget 1e18", "budget 0", "budget",
    "budget 1e18GiB", "budget 64XiB", "budget -5MiB", "budget 64 MiB",
    "budget 99999999999999999999TiB", "budget 18446744073709551616",
    "budget 1.5KiB", "budget MiB", "every 4, all", "every 4) (all",
    "(every 4)", "every 4))", "every 4 // comment", "every 4 /* c */",
    "budget 64MiB budget 1MiB", "binomial 3, every 2", "all,", "\"all\"",
]

CLAUSE_GARBAGE = [
    "checkpoint(%s", "checkpoint(every 4", "checkpoint every 4", "checkpoint",
    "checkpoint()", "checkpoint(every 4) checkpoint(all)", "checkpoint(every 4))",
    "checkpoint((every 4)", "checkpoint(every 4) jvp", "checkpoint[every 4]",
    "size(%I, n,)", "size(%I, q)", "size(%I)", "size()", "size(, %I)",
    "size(%I, %I)", "size(%I, 0)", "size(%I, -1)", "size(%I, n / 0)",
    "size(%I, 99999999999999999999)", "size(%I, 64 * %I)", "size(%I, (%I)",
    "size(%I, %I))", "size(%I, sizeof(double))", "size(nonexistent, 4)",
    "size(%I, %I +)", "size(42, %I)", "size(%I, 4) size(%I, 8)", "size",
    "size(%I, 1e3)", "size(%I, %I ? 2 : 3)", "size(%I, f(%I))",
    "jvp(", "jvp()", "jvp(%I,)", "jvp(,%I)", "jvp(%I, %I)", "jvp(nope)",
    "jvp((%I))", "jvp(%I %I)", "jvp %I", "jvp(1)", "jvp(%I))", "jvp grad jvp grad",
    "grad(", "grad(nope)", "grad(%I))", "grad(this)", "grad(...)", "grad(*%I)",
    "grad(%I[0])", "grad(%I", "jvp(%I) grad(%I) size(%I, 4)",
    "batch()", "batch(%I, )", "batch(nope)", "batch", "batch(%I", "batch(%I, %I)",
    "foo", "foo(bar)", "jvpgrad", "JVP", "\"jvp\"", "jvp;", "jvp // comment",
    "jvp /* c */ grad", "##", "\\", ")", "(", "((", "\u00e9t\u00e9", "jvp(x\u00e9)",
    "x" * 300, "jvp(%I) extra junk", "jvp,", ",", "jvp:grad", "jvp = grad",
    "checkpoint(all) grad", "size(%I, 4) checkpoint(all)",
]

LOOP_KEYWORDS = ("for", "while", "do")


def idents_near(text, spans, offset, count=40):
    """Identifiers of the tokens after offset (parameter names and the like)."""
    out = []
    for s, e in spans:
        if s < offset:
            continue
        t = text[s:e]
        if re.match(r"[A-Za-z_]\w*$", t) and t not in ("double", "float", "int", "const",
                                                        "void", "return", "for", "if"):
            out.append(t)
        if len(out) >= count:
            break
    return out or ["x", "n", "w"]


def fill(rng, template, names):
    template = template.replace("%s", rng.choice(POLICY_GARBAGE))
    while "%I" in template:
        template = template.replace("%I", rng.choice(names), 1)
    return template


# Garbage that SPEC section 2 makes an error wherever it stands ("unknown
# directives or clauses are errors with a location"): a directive holding one
# of these that reaches the parser (clang -E keeps it) must not be accepted.
# The rest of the garbage is left to adgen's judgement (`every 0x10`,
# `budget 1e18`, `size(w, q)` where q may be a parameter, ...).
MUST_REJECT_POLICIES = {
    "every 0", "every -1", "every 99999999999999999999", "every 4.5", "every",
    "every 4 4", "every 4,", "", "auto auto", "auto 3", "all 2", "recompute 3",
    "fancy", "Every 4", "binomial 0", "binomial", "binomial -2",
    "binomial 99999999999999999999", "budget", "budget 64XiB", "budget -5MiB",
    "budget 99999999999999999999TiB", "budget 18446744073709551616",
    "budget MiB", "every 4, all", "every 4) (all", "(every 4)", "every 4))",
    "budget 64MiB budget 1MiB", "binomial 3, every 2", "all,", "\"all\"",
}
MUST_REJECT_CLAUSES = {
    "checkpoint(%s", "checkpoint(every 4", "checkpoint every 4", "checkpoint()",
    "checkpoint(every 4) checkpoint(all)", "checkpoint(every 4))",
    "checkpoint((every 4)", "checkpoint[every 4]", "size()", "size(, %I)",
    "size(%I, n,)", "size(nonexistent, 4)", "size(42, %I)", "size", "size(%I, %I +)",
    "jvp(", "jvp(%I,)", "jvp(,%I)", "jvp(nope)", "jvp(%I %I)", "jvp(1)", "jvp(%I))",
    "grad(", "grad(nope)", "grad(%I))", "grad(this)", "grad(...)", "grad(*%I)",
    "grad(%I[0])", "grad(%I", "batch(nope)", "batch(%I, )", "batch(%I", "foo",
    "foo(bar)", "jvpgrad", "JVP", "\"jvp\"", "##", ")", "(", "((", "x" * 300,
    "jvp(%I) extra junk", ",", "jvp:grad", "jvp = grad", "\u00e9t\u00e9", "jvp(x\u00e9)",
}


def garbage_clause(rng, names):
    """A garbage clause; sets rng.must_reject (the mutant's record, see
    MUST_REJECT_*) to whether SPEC makes it an error."""
    r = rng.random()
    if r < 0.35:
        policy = rng.choice(POLICY_GARBAGE)
        rng.must_reject = policy in MUST_REJECT_POLICIES
        return "checkpoint(%s)" % policy
    template = rng.choice(CLAUSE_GARBAGE)
    rng.must_reject = template in MUST_REJECT_CLAUSES
    return fill(rng, template, names)


def note_reject(rng, directive, flag):
    if flag:
        rng.rejects.append(directive)


def pragma_lines(text):
    """(start, end) of each `#pragma adgen` line (end excludes the newline)."""
    out = []
    for m in PRAGMA_LINE.finditer(text):
        end = text.find("\n", m.start())
        out.append((m.start(), len(text) if end < 0 else end))
    return out


def line_start(text, offset):
    return text.rfind("\n", 0, offset) + 1


# --- mutations ------------------------------------------------------------------


def pick_token(rng, text, spans):
    """A token index: half the time one near a directive (within 12 lines)."""
    if rng.random() < 0.5:
        plines = [line_of(text, s) for s, _ in pragma_lines(text)]
        if plines:
            target = rng.choice(plines)
            near = [k for k, (s, _) in enumerate(spans)
                    if target - 2 <= line_of(text, s) <= target + 12]
            if near:
                return rng.choice(near)
    return rng.randrange(len(spans))


def mutate_once(rng, text):
    """One random edit of text: (new text, description)."""
    spans = tokenize(text)
    if not spans:
        return text + "\n#pragma adgen jvp\n", "append a directive"
    ops = ["delete"] * 4 + ["duplicate"] * 2 + ["swap"] * 3 + ["replace"] * 3 + \
          ["truncate"] * 1 + ["pragma"] * 7
    op = rng.choice(ops)
    if op == "delete":
        k = pick_token(rng, text, spans)
        s, e = spans[k]
        return text[:s] + text[e:], "delete token %d %r (line %d)" % (k, text[s:e], line_of(text, s))
    if op == "duplicate":
        k = pick_token(rng, text, spans)
        s, e = spans[k]
        return text[:e] + " " + text[s:e] + text[e:], \
            "duplicate token %d %r (line %d)" % (k, text[s:e], line_of(text, s))
    if op == "swap":
        k = pick_token(rng, text, spans)
        if k + 1 >= len(spans):
            k = len(spans) - 2
        if k < 0:
            return text[:0], "truncate to nothing"
        (s1, e1), (s2, e2) = spans[k], spans[k + 1]
        return text[:s1] + text[s2:e2] + text[e1:s2] + text[s1:e1] + text[e2:], \
            "swap tokens %d %r and %r (line %d)" % (k, text[s1:e1], text[s2:e2], line_of(text, s1))
    if op == "replace":
        k = pick_token(rng, text, spans)
        j = rng.randrange(len(spans))
        s, e = spans[k]
        rep = text[spans[j][0]:spans[j][1]]
        return text[:s] + rep + text[e:], \
            "replace token %d %r (line %d) by %r" % (k, text[s:e], line_of(text, s), rep)
    if op == "truncate":
        if rng.random() < 0.5:
            k = rng.randrange(len(spans))
            cut = spans[k][rng.choice([0, 1])]
        else:
            cut = rng.randrange(len(text) + 1)
        return text[:cut], "truncate at offset %d (line %d)" % (cut, line_of(text, cut))
    return mutate_pragma(rng, text, spans)


def mutate_pragma(rng, text, spans):
    plines = pragma_lines(text)
    r = rng.random()
    if plines and r < 0.3:
        # Replace the clauses of a directive by garbage (sometimes keep some).
        s, e = rng.choice(plines)
        m = PRAGMA_LINE.match(text, s)
        names = idents_near(text, spans, e)
        parts = []
        bad = False
        for _ in range(rng.choice([1, 1, 2])):
            parts.append(garbage_clause(rng, names))
            bad = bad or rng.must_reject
        clauses = " ".join(parts)
        old = text[m.end():e]
        if rng.random() < 0.3:
            clauses = old.strip() + " " + clauses
        note_reject(rng, "#pragma adgen " + clauses, bad)
        return text[:m.end()] + " " + clauses + text[e:], \
            "directive at line %d: %r -> %r" % (line_of(text, s), old.strip(), clauses)
    if plines and r < 0.45:
        # Duplicate a directive line (twice the same checkpoint, jvp, ...).
        s, e = rng.choice(plines)
        line = text[s:e]
        return text[:s] + line + "\n" + text[s:], "duplicate directive line %d %r" % (
            line_of(text, s), line.strip())
    if plines and r < 0.55:
        # Cut a directive line in two or glue it to its neighbour.
        s, e = rng.choice(plines)
        if rng.random() < 0.5 and e < len(text):
            return text[:e] + " " + text[e + 1:], "join directive line %d with the next" % line_of(text, s)
        cut = rng.randrange(s, e + 1)
        return text[:cut] + "\n" + text[cut:], "break directive line %d at column %d" % (
            line_of(text, s), cut - s + 1)
    names = idents_near(text, spans, 0, 200)
    loops = [s for s, e in spans if text[s:e] in LOOP_KEYWORDS]
    if loops and r < 0.8:
        # A checkpoint directive (sometimes garbage, sometimes two) before a loop.
        at = line_start(text, rng.choice(loops))
        if rng.random() < 0.5:
            policy = rng.choice(POLICY_GARBAGE)
            d = "#pragma adgen checkpoint(%s)" % policy
            note_reject(rng, d, policy in MUST_REJECT_POLICIES)
        else:
            d = "#pragma adgen " + garbage_clause(rng, names)
            note_reject(rng, d, rng.must_reject)
        if rng.random() < 0.25:
            d += "\n#pragma adgen checkpoint(%s)" % rng.choice(["all", "every 4", "auto", "recompute"])
        return text[:at] + d + "\n" + text[at:], "insert %r before the loop at line %d" % (d, line_of(text, at))
    # A directive at the start of a random line (function or checkpoint).
    starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
    at = rng.choice(starts)
    rng.must_reject = False
    g = garbage_clause(rng, names)
    bad = rng.must_reject
    d = "#pragma adgen " + rng.choice([g, "jvp", "grad", "jvp grad",
                                         "checkpoint(all)", "checkpoint(every 2)",
                                         "jvp(%s)" % rng.choice(names), "size(%s, 4)" % rng.choice(names)])
    note_reject(rng, d, bad and d.endswith(g))
    return text[:at] + d + "\n" + text[at:], "insert %r at line %d" % (d, line_of(text, at))


# --- inputs and mutants -----------------------------------------------------------


def default_inputs():
    files = []
    for base in (os.path.join(ROOT, "test", "lit"),):
        for dp, dn, fn in os.walk(base):
            dn.sort()
            for f in sorted(fn):
                if f.endswith((".cpp", ".cu")):
                    files.append(os.path.join(dp, f))
    ex = os.path.join(ROOT, "examples")
    if os.path.isdir(ex):
        for d in sorted(os.listdir(ex)):
            p = os.path.join(ex, d)
            if os.path.isdir(p):
                files += [os.path.join(p, f) for f in sorted(os.listdir(p)) if f.endswith(".cpp")]
    out = []
    for f in files:
        try:
            with open(f, encoding="utf-8", errors="surrogateescape") as fh:
                if PRAGMA_LINE.search(fh.read()):
                    out.append(f)
        except OSError:
            pass
    return sorted(out, key=lambda p: os.path.relpath(p, ROOT))


def pick_input(seed, index, inputs):
    """The input of mutant index: the highest hash of (seed, index, path), so
    that adding or removing an input changes only the mutants that pick it."""
    def score(path):
        key = "%d:%d:%s" % (seed, index, os.path.relpath(path, ROOT))
        return hashlib.blake2b(key.encode("utf-8", "surrogateescape"), digest_size=8).digest()
    return max(inputs, key=score)


CHECKPOINT_OPTIONS = ["every 4", "auto", "all", "recompute", "binomial 3", "budget 1MiB"]


class Mutant:
    def __init__(self, seed, index, inputs, baseline=False):
        rng = random.Random("adgen-mutate:%d:%d" % (seed, index))
        self.index = index
        self.orig = inputs[index % len(inputs)] if baseline else pick_input(seed, index, inputs)
        with open(self.orig, encoding="utf-8", errors="surrogateescape") as fh:
            self.orig_text = fh.read()
        text = self.orig_text
        self.edits = []
        rng.rejects = []  # directives in the mutant that SPEC makes errors
        for _ in range(0 if baseline else rng.choice([1] * 7 + [2] * 2 + [3])):
            text, what = mutate_once(rng, text)
            self.edits.append(what)
        self.text = text
        self.must_reject = list(rng.rejects)
        self.name = os.path.basename(self.orig)
        r = rng.random()
        self.out_name = "out.cu" if r < 0.25 else ("out.h" if r < 0.3 else "out.cpp")
        self.options = []
        self.header = None
        if rng.random() < 0.1:
            self.header = "out_decls.h"
            self.options += ["--header", "@OUTDIR@/" + self.header]
        if rng.random() < 0.1:
            self.options.append("--checkpoint=" + rng.choice(CHECKPOINT_OPTIONS))
        r = rng.random()
        self.emit = "code"
        if r < 0.04:
            self.emit = "stats"
        elif r < 0.08:
            self.emit = "wengert"
            if rng.random() < 0.5:
                self.options.append("--show=" + rng.choice(["jvp", "grad"]))
        if self.emit != "code":
            self.options.insert(0, "--emit=" + self.emit)
        # Where the original finds what it includes.
        d = os.path.dirname(self.orig)
        self.includes = [d] + ([os.path.join(d, "Inputs")] if os.path.isdir(os.path.join(d, "Inputs")) else [])


# --- running and checking ---------------------------------------------------------

DIAG_RE = re.compile(r"^(.+?):(\d+):(\d+): (?:fatal )?error: ")
ANY_DIAG_RE = re.compile(r"^(?:.+?:\d+:\d+: )?(?:fatal error|error|warning|note|remark): |^adgen: ")
CARET_RE = re.compile(r"^[ \t]*(?:\d*[ \t]*\|)?[ \t~]*\^[~^ \t]*$")


def check_diagnostics(stderr, files):
    """(ok, bad-location message or None) for the errors in stderr."""
    lines = stderr.splitlines()
    located = False
    badloc = None
    for i, l in enumerate(lines):
        m = DIAG_RE.match(l)
        if not m:
            continue
        # The snippet: source lines (several when a range spans lines), then
        # the caret line, before the next diagnostic.
        block = []
        for l2 in lines[i + 1:]:
            if ANY_DIAG_RE.match(l2) or re.match(r"^\d+ errors? generated", l2):
                break
            block.append(l2)
        if any(CARET_RE.match(b) for b in block[1:]) and block[0].strip():
            located = True
        f, ln, col = m.group(1), int(m.group(2)), int(m.group(3))
        text = files.get(os.path.realpath(f))
        if text is not None and badloc is None:
            flines = text.split("\n")
            if ln < 1 or ln > len(flines) or col < 1 or col > len(flines[ln - 1]) + 2:
                badloc = "%s:%d:%d is outside the file (%d lines%s)" % (
                    os.path.basename(f), ln, col, len(flines),
                    ", that line has %d columns" % len(flines[ln - 1]) if 1 <= ln <= len(flines) else "")
    return located, badloc


class Runner:
    def __init__(self, args):
        self.adgen = args.adgen
        self.cxx = args.cxx
        self.clang = args.clang
        self.timeout = args.timeout
        self.runtime_include = os.path.join(ROOT, "runtime", "include")

    def compile(self, path, extra=(), lang_cxx=False, includes=()):
        cmd = [self.cxx, "-std=c++17", "-fsyntax-only", "-w", "-I" + self.runtime_include]
        cmd += ["-I" + d for d in includes]
        cmd += list(extra)
        if lang_cxx:
            cmd += ["-x", "c++"]
        cmd.append(path)
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        except subprocess.TimeoutExpired:
            return False, "compiler timed out", cmd
        return p.returncode == 0, p.stderr.decode(errors="replace"), cmd

    def clang_accepts(self, path, includes, cuda):
        if not self.clang:
            return None
        cmd = [self.clang, "-std=c++17", "-fsyntax-only", "-w"] + ["-I" + d for d in includes]
        if cuda:
            cmd += ["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib"]
        cmd.append(path)
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        except subprocess.TimeoutExpired:
            return None
        return p.returncode == 0

    def run(self, m, work):
        """Runs mutant m in directory work: a dict with the outcome."""
        srcdir = os.path.join(work, "src")
        outdir = os.path.join(work, "out")
        os.makedirs(srcdir)
        os.makedirs(outdir)
        src = os.path.join(srcdir, m.name)
        with open(src, "w", encoding="utf-8", errors="surrogateescape") as fh:
            fh.write(m.text)
        out = os.path.join(outdir, m.out_name)
        with open(out, "wb") as fh:
            fh.write(SENTINEL)
        hdr = None
        if m.header:
            hdr = os.path.join(outdir, m.header)
            with open(hdr, "wb") as fh:
                fh.write(HEADER_SENTINEL)
        opts = [o.replace("@OUTDIR@", outdir) for o in m.options]
        cmd = [self.adgen, src, "-o", out] + opts
        for d in m.includes:
            cmd += ["-I", d]
        res = {"cmd": cmd, "failures": [], "notes": [], "rc": None, "stderr": ""}
        fail = lambda cls, msg: res["failures"].append((cls, msg))
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=self.timeout, cwd=srcdir)
        except subprocess.TimeoutExpired as e:
            res["rc"] = "timeout"
            res["stderr"] = (e.stderr or b"").decode(errors="replace")
            fail("slow", "no exit after %g s" % self.timeout)
            return res
        rc = p.returncode
        res["rc"] = rc
        err = p.stderr.decode(errors="replace")
        res["stderr"] = err
        if rc < 0:
            fail("crash", "killed by signal %d" % -rc)
        elif rc not in (0, 1, 2):
            fail("crash", "exit status %d" % rc)
        if "internal error" in err:
            fail("internal-error", next(l for l in err.splitlines() if "internal error" in l))
        if rc == 2:
            fail("exit-2", "exit 2 (bad usage) on a valid command line: %s" %
                 (err.strip().splitlines() or ["(no message)"])[0])
        if rc == 1 and "internal error" not in err:
            located, badloc = check_diagnostics(err, {os.path.realpath(src): m.text})
            if not located:
                fail("unlocated-error", "exit 1 without a located error and caret: %s" %
                     (err.strip().splitlines() or ["(no message)"])[0])
            if badloc:
                fail("bad-location", badloc)
        expected = {m.out_name} | ({m.header} if m.header else set())
        stray = sorted(set(os.listdir(outdir)) - expected)
        stray += sorted("src/" + f for f in set(os.listdir(srcdir)) - {m.name})
        if stray:
            fail("stray-file", "left behind: %s" % ", ".join(stray))
        with open(out, "rb") as fh:
            got = fh.read() if os.path.exists(out) else None
        hgot = None
        if hdr:
            with open(hdr, "rb") as fh:
                hgot = fh.read()
        if rc != 0:
            if got != SENTINEL:
                fail("output-touched", "exit %s but %s %s" % (rc, m.out_name,
                     "is gone" if got is None else "changed (%d bytes)" % len(got)))
            if hdr and hgot != HEADER_SENTINEL:
                fail("output-touched", "exit %s but the header changed" % rc)
            return res
        # Exit 0.
        if got == SENTINEL or got is None:
            fail("output-not-written", "exit 0 but %s still holds the sentinel" % m.out_name)
            return res
        if hdr and hgot == HEADER_SENTINEL:
            fail("output-not-written", "exit 0 but the header still holds the sentinel")
        if m.must_reject:
            seen = self.parsed_directives(src, m.includes)
            for d in m.must_reject:
                if seen is not None and re.sub(r"\s+", "", d) in seen:
                    fail("garbage-accepted", "exit 0 on a directive SPEC makes an error: %r"
                         % (d if len(d) < 80 else d[:77] + "..."))
                    break
        if m.emit != "code":
            return res
        cuda_src = m.name.endswith(".cu")
        gxx_ok, gxx_err, _ = self.compile(src, ["-Wno-unknown-pragmas"], cuda_src, m.includes)
        if not gxx_ok:
            ok = self.clang_accepts(src, m.includes, cuda_src)
            if ok is False:
                fail("accepted-invalid", "exit 0, but clang++ -fsyntax-only rejects the mutant: %s" %
                     first_error(self.clang_errors(src, m.includes, cuda_src)))
            else:
                res["notes"].append("accepted, source invalid for g++ only")
            return res
        lang = not m.out_name.endswith(".cpp")
        ok, e, _ = self.compile(out, (), lang)
        if not ok:
            fail("output-broken", "the output does not compile alone: %s" % first_error(e))
            return res
        tu = os.path.join(work, "tu.cpp")
        with open(tu, "w") as fh:
            # Struct types of the source are copied into the output unless
            # ADGEN_NO_USER_TYPES says they are there already (README).
            fh.write('#include "%s"\n#define ADGEN_NO_USER_TYPES\n#include "%s"\n' % (src, out))
        ok, e, _ = self.compile(tu, ["-Wno-unknown-pragmas"], False, m.includes)
        if not ok:
            fail("output-clash", "the output does not compile after the mutant in one TU: %s" %
                 first_error(e))
        if hdr:
            ok, e, _ = self.compile(hdr, (), True)
            if ok:
                tu2 = os.path.join(work, "tu_h.cpp")
                with open(tu2, "w") as fh:
                    fh.write('#include "%s"\n#define ADGEN_NO_USER_TYPES\n#include "%s"\n' % (src, hdr))
                ok, e, _ = self.compile(tu2, ["-Wno-unknown-pragmas"], False, m.includes)
            if not ok:
                fail("header-broken", "the --header file does not compile (alone or after the mutant): %s"
                     % first_error(e))
        return res

    def parsed_directives(self, src, includes):
        """The `#pragma adgen` lines the parser sees (clang -E: not in a
        comment or a skipped #if), whitespace removed; None without clang."""
        if not self.clang:
            return None
        cmd = [self.clang, "-std=c++17", "-E", "-w", "-x", "c++"] + ["-I" + d for d in includes] + [src]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out = p.stdout.decode(errors="replace")
        return {re.sub(r"\s+", "", l) for l in out.splitlines() if PRAGMA_LINE.match(l)}

    def clang_errors(self, src, includes, cuda):
        cmd = [self.clang, "-std=c++17", "-fsyntax-only", "-w"] + ["-I" + d for d in includes]
        if cuda:
            cmd += ["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib"]
        p = subprocess.run(cmd + [src], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return p.stderr.decode(errors="replace")


def first_error(text):
    for l in text.splitlines():
        if "error" in l:
            return l.strip()[:300]
    return (text.strip().splitlines() or ["?"])[0][:300]


def find_clang():
    for c in (os.environ.get("CLANGXX"), "/usr/lib/llvm-22/bin/clang++", "clang++-22", "clang++"):
        if c and shutil.which(c):
            return shutil.which(c)
    return None


# --- keeping and reducing ----------------------------------------------------------


def keep_mutant(keep, m, res, seed):
    cls = res["failures"][0][0]
    d = os.path.join(keep, cls, "m%d-%s" % (m.index, m.name))
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    with open(os.path.join(d, m.name), "w", encoding="utf-8", errors="surrogateescape") as fh:
        fh.write(m.text)
    with open(os.path.join(d, "mutation.diff"), "w", encoding="utf-8", errors="surrogateescape") as fh:
        rel = os.path.relpath(m.orig, ROOT)
        fh.writelines(difflib.unified_diff(m.orig_text.splitlines(True), m.text.splitlines(True),
                                           "a/" + rel, "b/" + rel, n=2))
    with open(os.path.join(d, "stderr.txt"), "w") as fh:
        fh.write(res["stderr"])
    cmd = [c for c in res["cmd"]]
    with open(os.path.join(d, "cmd.sh"), "w") as fh:
        fh.write("#!/bin/sh\n# mutant %d of seed %d: %s\n# edits: %s\n# failures: %s\n"
                 "# reproduce: python3 test/fuzz/mutate.py --seed %d --only %d\n" % (
                     m.index, seed, os.path.relpath(m.orig, ROOT), "; ".join(m.edits),
                     "; ".join("%s: %s" % f for f in res["failures"]), seed, m.index))
        out = os.path.join(d, "out", m.out_name)
        fh.write("cd \"$(dirname \"$0\")\" && mkdir -p out && printf 'sentinel\\n' > out/%s\n" % m.out_name)
        argv = [cmd[0], m.name, "-o", "out/" + m.out_name] + \
            [("out/" + m.header) if c.endswith("/" + (m.header or "\0")) else c for c in cmd[4:]]
        fh.write(" ".join(shlex.quote(a) for a in argv) + "\necho \"exit $?\"\n")
    os.chmod(os.path.join(d, "cmd.sh"), 0o755)
    return d


def reduce_mutant(runner, m, cls, tmp):
    """Shrinks m.text (lines, then tokens) while it fails in class cls."""
    counter = [0]

    def fails(text):
        counter[0] += 1
        saved = m.text
        m.text = text
        work = os.path.join(tmp, "r%d" % counter[0])
        try:
            res = runner.run(m, work)
        finally:
            m.text = saved
            shutil.rmtree(work, ignore_errors=True)
        return any(c == cls for c, _ in res["failures"])

    def ddmin(parts, join):
        n = 2
        while len(parts) >= 2:
            chunk = max(1, len(parts) // n)
            removed = False
            for i in range(0, len(parts), chunk):
                cand = parts[:i] + parts[i + chunk:]
                if cand and fails(join(cand)):
                    parts = cand
                    n = max(n - 1, 2)
                    removed = True
                    break
            if not removed:
                if chunk == 1:
                    break
                n = min(len(parts), n * 2)
        return parts

    text = m.text
    if not fails(text):
        return None
    lines = ddmin(text.splitlines(True), "".join)
    text = "".join(lines)
    spans = tokenize(text)
    # Tokens, each with the whitespace before it.
    pieces = []
    prev = 0
    for s, e in spans:
        pieces.append(text[prev:e])
        prev = e
    tail = text[prev:]
    pieces = ddmin(pieces, lambda ps: "".join(ps) + tail)
    return "".join(pieces) + tail


# --- main ---------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-n", "--count", type=int, default=300)
    ap.add_argument("--first", type=int, default=0, help="index of the first mutant")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--keep", help="keep failing mutants under this directory")
    ap.add_argument("--adgen", default=os.environ.get("ADGEN", os.path.join(ROOT, "build", "tool", "adgen")))
    ap.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    ap.add_argument("--clang", default=None, help="clang++ that judges accepted invalid mutants")
    ap.add_argument("--inputs", nargs="+", help="files to mutate (default: lit inputs and examples)")
    ap.add_argument("--only", type=int, help="run mutant I alone and show it")
    ap.add_argument("--print", action="store_true", help="with --only: write the mutant's source")
    ap.add_argument("--reduce", action="store_true", help="with --only: shrink the failing mutant")
    ap.add_argument("--baseline", action="store_true",
                    help="run the inputs themselves, unmutated (mutant I = input I, same options)")
    ap.add_argument("-q", "--quiet", action="store_true", help="only the summary and failures")
    args = ap.parse_args()
    args.clang = args.clang or find_clang()
    args.adgen = os.path.abspath(args.adgen)

    inputs = [os.path.abspath(f) for f in args.inputs] if args.inputs else default_inputs()
    if not inputs:
        print("mutate: no inputs with #pragma adgen", file=sys.stderr)
        return 2
    if args.only is not None:
        m = Mutant(args.seed, args.only, inputs, args.baseline)
        if args.print:
            sys.stdout.write(m.text)
            return 0
    if not os.access(args.adgen, os.X_OK):
        print("mutate: no adgen at %s (scripts/build first, or --adgen / ADGEN)" % args.adgen, file=sys.stderr)
        return 2
    runner = Runner(args)
    tmp = tempfile.mkdtemp(prefix="adgen-mutate.")
    try:
        if args.only is not None:
            m = Mutant(args.seed, args.only, inputs, args.baseline)
            res = runner.run(m, os.path.join(tmp, "m"))
            print("mutant %d of seed %d: %s; edits: %s" % (m.index, args.seed, os.path.relpath(m.orig, ROOT),
                                                          "; ".join(m.edits)))
            print("command: %s" % " ".join(shlex.quote(c) for c in res["cmd"]))
            print("exit %s" % res["rc"])
            sys.stdout.write(res["stderr"])
            for c, msg in res["failures"]:
                print("FAIL %s: %s" % (c, msg))
            if args.keep and res["failures"]:
                print("kept in %s" % keep_mutant(args.keep, m, res, args.seed))
            if args.reduce and res["failures"]:
                r = reduce_mutant(runner, m, res["failures"][0][0], tmp)
                if r is not None:
                    print("---- reduced (%s still fails as %s) ----" % (m.name, res["failures"][0][0]))
                    sys.stdout.write(r if r.endswith("\n") else r + "\n")
            return 1 if res["failures"] else 0

        indices = range(args.first, args.first + args.count)
        rcs = {}
        classes = {}
        notes = {}
        nfail = 0

        def one(i):
            m = Mutant(args.seed, i, inputs, args.baseline)
            work = os.path.join(tmp, "m%d" % i)
            res = runner.run(m, work)
            kept = None
            if res["failures"] and args.keep:
                kept = keep_mutant(args.keep, m, res, args.seed)
            shutil.rmtree(work, ignore_errors=True)
            return m, res, kept

        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            for m, res, kept in ex.map(one, indices):
                rcs[res["rc"]] = rcs.get(res["rc"], 0) + 1
                for n in res["notes"]:
                    notes[n] = notes.get(n, 0) + 1
                if res["failures"]:
                    nfail += 1
                    seen = set()
                    for c, msg in res["failures"]:
                        if c in seen:
                            continue
                        seen.add(c)
                        classes.setdefault(c, []).append(m.index)
                    print("FAIL mutant %d (%s; %s): %s%s" % (
                        m.index, os.path.relpath(m.orig, ROOT), "; ".join(m.edits),
                        "; ".join("%s: %s" % f for f in res["failures"]),
                        " [kept in %s]" % kept if kept else ""))
                    sys.stdout.flush()
                elif not args.quiet and (m.index - args.first + 1) % 500 == 0:
                    print("... %d mutants" % (m.index - args.first + 1))
                    sys.stdout.flush()
        spread = ", ".join("exit %s: %d" % (k, v) for k, v in
                           sorted(rcs.items(), key=lambda kv: str(kv[0])))
        print("mutate: %d mutants (seed %d, %d-%d) of %d inputs: %s" % (
            args.count, args.seed, args.first, args.first + args.count - 1, len(inputs), spread))
        for n, c in sorted(notes.items()):
            print("  note: %s: %d" % (n, c))
        if nfail:
            print("mutate: %d failing mutants:" % nfail)
            for c in FAILURE_CLASSES:
                if c in classes:
                    ids = classes[c]
                    print("  %-18s %4d  (mutants %s%s)" % (c, len(ids), " ".join(map(str, ids[:8])),
                                                          " ..." if len(ids) > 8 else ""))
            print("reproduce one: python3 test/fuzz/mutate.py --seed %d --only I [--reduce]" % args.seed)
            return 1
        print("mutate: no failures")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
