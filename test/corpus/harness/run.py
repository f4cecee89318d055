"""Runs adgen and the checking driver on one corpus file.

Per marked function: adgen on the file with only that function's directive
(its own diagnostics and --header). Then adgen once on the file with every
accepted function's directive, the generated code compiled alone, and one
driver for all of them, run once per case. Each step that fails for the
whole file is retried per function, so one function cannot spoil another.
"""

import json
import os
import re
import shutil
import subprocess

import driver as drv
import header as hdr
import records
import source

CRASH_WORDS = ('internal error', 'Assertion', 'LLVM ERROR', 'PLEASE submit',
               'Stack dump', 'Segmentation fault', 'terminate called')
ERROR = re.compile(r'^(.*?):(\d+):(\d+): (?:fatal )?error: (.*)$', re.M)


class Result(dict):
    """One function's outcome: status (correct, WRONG, refused, crash,
    broken, harness, inconclusive, excluded) and details."""


def sh(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, errors='replace', timeout=timeout)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        out = e.stdout or b''
        return 'timeout', out.decode('utf-8', 'replace') if isinstance(out, bytes) else out


def classify_adgen(rc, out, src, out_path):
    """(status, detail) of one adgen run."""
    if rc == 'timeout':
        return 'crash', 'adgen hangs (timeout)'
    if isinstance(rc, int) and rc < 0:
        return 'crash', 'adgen killed by signal %d: %s' % (-rc, _last(out))
    if any(w in out for w in CRASH_WORDS):
        return 'crash', 'adgen: ' + _last(out)
    if rc == 0:
        if not os.path.exists(out_path) or os.path.getsize(out_path) == 0:
            return 'crash', 'adgen exits 0 with an empty output'
        return 'accepted', ''
    if rc == 1:
        m = ERROR.search(out)
        if not m:
            return 'refused', {'message': _last(out), 'located': False}
        located = os.path.basename(m.group(1)) == os.path.basename(src)
        return 'refused', {'message': m.group(4).strip(), 'located': located,
                           'line': int(m.group(2)), 'col': int(m.group(3))}
    return 'crash', 'adgen exit status %s: %s' % (rc, _last(out))


def _last(out):
    lines = [l for l in out.strip().split('\n') if l.strip()]
    return lines[0][:300] if lines else ''


class FileRun:
    def __init__(self, path, cfg):
        self.path, self.cfg = path, cfg
        rel = os.path.relpath(path, cfg.corpus).replace(os.sep, '__')
        self.dir = os.path.join(cfg.work, rel.rsplit('.', 1)[0])
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        self.text = open(path).read()
        self.fns = source.functions(os.path.relpath(path, cfg.corpus), self.text)
        self.results = {}
        self.walk = None

    def adgen(self, keep, tag):
        src = os.path.join(self.dir, 'src%s.cpp' % tag)
        with open(src, 'w') as f:
            f.write(source.variant(self.text, keep))
        out = os.path.join(self.dir, 'gen%s.cpp' % tag)
        h = os.path.join(self.dir, 'gen%s.h' % tag)
        rc, log = sh([self.cfg.adgen, src, '-o', out, '--header', h], self.dir, self.cfg.timeout)
        return classify_adgen(rc, log, src, out), src, out, h, log

    def compile(self, args, timeout=300, opt='-O1'):
        return sh([self.cfg.cxx, '-std=c++17', opt, '-w'] + args, self.dir, timeout)

    def run(self):
        rc, log = self.compile(['-fsyntax-only', '-x', 'c++', self.path])
        if rc != 0:     # the corpus file itself is broken: not adgen's fault
            for f in self.fns:
                self.results[f.index] = Result(status='harness', detail='the corpus file does not compile: '
                                               + _first_error(log), log=log[-2000:])
            return [(f, self.results[f.index]) for f in self.fns]
        todo = set()
        for f in self.fns:
            if f.name is None:
                self.results[f.index] = Result(status='harness', detail='no definition after the marker')
            else:
                todo.add(f.index)
        accepted = {k: g for g in self.together(todo) for k in g[0]}
        if accepted:
            self.check(accepted)
        return [(f, self.results[f.index]) for f in self.fns]

    def alone(self, k):
        """adgen on function k by itself: {k: (keys, src, out, h)} or {}."""
        (st, det), src, out, h, log = self.adgen({k}, '_%d' % k)
        if st == 'accepted':
            return {k: ({k}, src, out, h)}
        self.results[k] = Result(status=st, detail=det, log=log[-2000:])
        return {}

    def together(self, todo, tag='_all'):
        """adgen on all of todo at once, dropping the functions its errors
        lie in until it accepts the rest; when an error lies outside every
        marked function (in a callee), the set is halved. Returns the
        accepted groups [(keys, src, out, h)]; singletons run alone."""
        todo = set(todo)
        while len(todo) > 1:
            (st, det), src, out, h, log = self.adgen(todo, tag)
            if st == 'accepted':
                return [(set(todo), src, out, h)]
            hit, lost = {}, st != 'refused'
            for m in ERROR.finditer(log):
                line = int(m.group(2))
                k = next((k for k in todo if self.fns[k].body[0] <= line <= self.fns[k].body[1]), None)
                if k is None or os.path.basename(m.group(1)) != os.path.basename(src):
                    lost = True
                    break
                hit.setdefault(k, m)
            if lost or not hit:
                half = sorted(todo)[:len(todo) // 2]
                return (self.together(half, tag + 'a') +
                        self.together(todo - set(half), tag + 'b'))
            for k, m in hit.items():
                self.results[k] = Result(status='refused', detail={
                    'message': m.group(4).strip(), 'located': True,
                    'line': int(m.group(2)), 'col': int(m.group(3))}, log=log[-2000:])
            todo -= set(hit)
        return [g for k in todo for g in self.alone(k).values()]

    def gen_object(self, keys, src, out):
        """The object of generated code for keys; on a compile error each
        function is generated and compiled alone (`broken` where it fails).
        Returns [(object, header, src, keys)]."""
        rt = '-I' + self.cfg.runtime
        obj = out[:-4] + '.o'
        rc, log = self.compile([rt, '-c', out, '-o', obj])
        if rc == 0:
            return [(obj, out[:-4] + '.h', src, set(keys))]
        if len(keys) == 1:
            k = next(iter(keys))
            self.results[k] = Result(status='broken', detail='generated code does not compile: '
                                     + _first_error(log), log=log[-3000:])
            return []
        objs = []
        for k in sorted(keys):
            for kk, (ks, s2, o2, h2) in self.alone(k).items():
                objs += self.gen_object(ks, s2, o2)
        return objs

    def check(self, accepted):
        groups = {}
        for k, g in accepted.items():
            groups.setdefault(id(g), g)
        for keys, src, out, h in groups.values():
            decls = hdr.parse(open(h).read())
            bases = {}
            for k in keys:
                bases.setdefault(drv.base_name(self.fns[k]), []).append(k)
            if len(keys) > 1 and any(len(v) > 1 for v in bases.values()):
                # overloads share a base name: one header per function
                for k in sorted(keys):
                    for kk, g in self.alone(k).items():
                        self.check({kk: g})
                continue
            for obj, hfile, osrc, oks in self.gen_object(keys, src, out):
                odecls = decls if oks == keys else hdr.parse(open(hfile).read())
                cases_of = {}
                for k in sorted(oks):
                    cases, why = drv.make_cases(self.fns[k], odecls)
                    if why or not cases or any(c.problem for c in cases):
                        self.results[k] = Result(status='harness', detail=why or next(
                            (c.problem for c in cases if c.problem), 'no cases'))
                    else:
                        cases_of[k] = cases
                if cases_of:
                    self.drive(obj, hfile, osrc, cases_of)

    def drive(self, obj, hfile, src, cases_of):
        ks = sorted(cases_of)
        cases = [c for k in ks for c in cases_of[k]]
        for i, c in enumerate(cases):
            c.id = i
        if self.walk is None:   # the records do not depend on the pragmas
            self.walk = records.walkers(self.cfg.clang, src, open(src).read())
        walk = self.walk
        tag = os.path.basename(obj)[4:-2]
        text = drv.driver(src, hfile, walk, cases)
        dpath = os.path.join(self.dir, 'drv_%s.cpp' % tag)
        with open(dpath, 'w') as f:
            f.write(text)
        flags = ['-fno-access-control', '-I' + self.cfg.harness, '-I' + self.cfg.runtime] + self.cfg.san
        exe = os.path.join(self.dir, 'drv_%s' % tag)
        # -O0: the driver's own code is cheap to run and costly to optimize
        rc, log = self.compile(flags + [dpath, obj, '-o', exe], opt='-O0')
        exes = {}
        if rc == 0:
            exes = {c.id: exe for c in cases}
        else:
            for c in cases:
                e = '%s_%d' % (exe, c.id)
                rc, log = self.compile(flags + ['-DCRT_ONLY=%d' % c.id, dpath, obj, '-o', e], opt='-O0')
                if rc == 0:
                    exes[c.id] = e
                else:
                    c.outcome = ('harness', 'driver does not compile: ' + _first_error(log), log[-3000:])
        for c in cases:
            if c.id in exes:
                c.outcome = self.execute(exes[c.id], c)
        for k in ks:
            self.results[k] = merge(cases_of[k])

    def execute(self, exe, c):
        rc, out = sh([exe, str(c.id)], self.dir, self.cfg.run_timeout)
        m = re.search(r'^CRT (\{.*\})$', out, re.M)
        stages = re.findall(r'^STAGE (\w+)$', out, re.M)
        stage = stages[-1] if stages else 'layout'
        if rc == 'timeout':
            return ('WRONG' if stage in ('jvp', 'grad') else 'harness',
                    'timeout during %s' % stage, out[-1500:])
        if rc != 0 or not m:
            what = 'signal %d' % -rc if isinstance(rc, int) and rc < 0 else 'exit %s' % rc
            if stage in ('jvp', 'grad'):
                return ('WRONG', 'f_%s faults (%s)' % (stage, what), out[-1500:])
            return ('harness', 'the primal faults (%s, %s)' % (what, stage), out[-1500:])
        r = json.loads(m.group(1))
        bad = [k for k in ('jvp', 'grad', 'dot', 'value') if r[k][1]]
        if bad:
            return ('WRONG', '%s: %s' % ('/'.join(bad), r['first']), r)
        if r['points'] == 0 and r['active'] == 0:
            return ('excluded', 'no active floating-point input', r)
        if r['points'] == 0 and r['outputs'] == 0:
            return ('excluded', 'no floating-point output', r)
        need = [k for k, bit in (('jvp', 1), ('grad', 2)) if (c.jvp if bit == 1 else c.grad)]
        if all(r[k][0] > 0 for k in need):
            return ('correct', '', r)
        return ('inconclusive', 'no conclusive comparison (%d points, %d skipped)'
                % (r['points'], r['skipped']), r)


ORDER = ['crash', 'WRONG', 'broken', 'harness', 'inconclusive', 'excluded', 'correct']


def merge(cases):
    worst = min(cases, key=lambda c: ORDER.index(c.outcome[0]))
    st, det, extra = worst.outcome
    res = Result(status=st, detail=det, cases=[(c.label, c.outcome[0]) for c in cases])
    if isinstance(extra, dict):
        res['tally'] = extra
    else:
        res['log'] = extra
    return res


def _first_error(log):
    m = re.search(r'^.*error:.*$', log, re.M)
    return (m.group(0) if m else _last(log))[:300]
