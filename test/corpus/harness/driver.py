"""The C++ driver that checks a corpus file's generated derivatives.

One case per (function, instantiation): a namespace crt_case<K> inside the
function's own namespace with the storage struct, walk, and the calls of
f, f_jvp and f_grad (see crt.h); main(argc, argv) runs case argv[1].
"""

import re

import header as hdr

FLOATS = {'float', 'double', 'long double'}
INTEGRAL = re.compile(r'^(?:const\s+)?(?:(?:unsigned|signed|short|long|int|char|bool)\s*)+$')


class Case:
    def __init__(self, fn, jvp, grad):
        self.fn, self.jvp, self.grad = fn, jvp, grad
        self.id = None
        self.problem = None     # why no driver can be made (a signature issue)
        d = jvp or grad
        self.decl = d
        self.targs = d.targs
        self.label = fn.name + d.targs


# adgen's words for overloaded operators (Lowerer::functionName)
OPERATOR_WORDS = {'+': 'plus', '-': 'minus', '*': 'times', '/': 'divide',
                  '+=': 'plus_eq', '-=': 'minus_eq', '*=': 'times_eq',
                  '/=': 'divide_eq', '[]': 'index', '()': 'call'}


def base_name(fn):
    """The name adgen gives fn's derivatives, less _jvp/_grad."""
    leaf = fn.name.split('::')[-1]
    m = re.match(r'^operator\s*([^\w\s]\S*)$', leaf)
    if m:
        word = OPERATOR_WORDS.get(m.group(1))
        leaf = 'operator' + ('_' + word if word else '')
    if fn.cls:
        return fn.cls + '_' + leaf
    return '_'.join(fn.name.split('::')[:-1] + [leaf])


def make_cases(fn, decls):
    """Cases of one function from the --header declarations."""
    bases = sorted({d.name.rsplit('_', 1)[0] for d in decls
                    if d.name.endswith(('_jvp', '_grad'))})
    want = base_name(fn)
    base = want if want in bases else (bases[0] if len(bases) == 1 else None)
    if base is None:
        return [], 'no generated declaration for %s in the header (found %s)' % (want, bases)
    cases = []
    for j, g in hdr.pair_cases(decls, base):
        c = Case(fn, j, g)
        c.base = base
        pj = j and hdr.primal_params(j, base, 'dot')
        pg = g and hdr.primal_params(g, base, 'bar')
        if (j and not pj) or (g and not pg):
            c.problem = 'cannot read the derivative parameters of %r' % (j or g)
        elif pj and pg and pj[1] != pg[1]:
            c.problem = 'f_jvp and f_grad differ in their active parameters'
        else:
            c.params, c.active = (pj or pg)[0], (pj or pg)[1]
            c.ret_dot = bool(pj and pj[2])
            c.ret_bar = bool(pg and pg[2])
        cases.append(c)
    return cases, None


def _qual(namespaces, name):
    if any(n == '(anonymous)' for n in namespaces):
        return name
    return '::' + '::'.join(namespaces + [name])


def _primal_call(c, args):
    fn = c.fn
    ns = c.decl.namespaces
    leaf = fn.name.split('::')[-1]
    # a method (defined in its class, or out of it as A::f): on its object
    if (fn.cls or '::' in fn.name) and c.params and c.params[0][1] == 'self':
        recv, rest = args[0], args[1:]
        if '&&' in fn.quals.split(':')[0]:
            recv = 'std::move(%s)' % recv     # an rvalue-qualified method
        if leaf == 'operator()':
            return '%s(%s)' % (recv, ', '.join(rest))
        return '%s.%s%s(%s)' % (recv, leaf, c.targs, ', '.join(rest))
    if fn.cls:
        return '%s::%s%s(%s)' % (_qual(ns, fn.cls), leaf, c.targs, ', '.join(args))
    if '::' in fn.name:     # an out-of-class definition: A::f(...)
        return '%s%s(%s)' % (_qual(ns, fn.name), c.targs, ', '.join(args))
    return '%s%s(%s)' % (_qual(ns, leaf), c.targs, ', '.join(args))


def case_source(c):
    """The namespace of one case."""
    n = len(c.params)
    ret = c.decl.ret
    ret_float = ret in FLOATS
    has_ret = ret_float and (c.ret_dot or c.ret_bar or not (c.jvp or c.grad))
    # A returned struct: checked as a written output, storage a<n> (its
    # initial value has no effect: its cotangent is zero).
    rstruct = ret not in FLOATS and ret != 'void' and not INTEGRAL.match(ret)
    out = ['using CrtR = %s;' % ret]
    out += ['using CrtP%d = %s;' % (i, t) for i, (t, _) in enumerate(c.params)]
    if rstruct:
        out.append('using CrtP%d = CrtR &;' % n)
    slots = n + (1 if rstruct else 0)
    out.append('struct CrtA { %s };' % ' '.join('crt::St<CrtP%d> a%d;' % (i, i) for i in range(slots)))
    out.append('inline void crt_walk(crt::Ctx &c, CrtA &a) {')
    for i in range(slots):
        out.append('  c.top(%s, crt::top_writable<CrtP%d>(), crt::pointee_const<CrtP%d>()); '
                   'crt::walk(c, a.a%d);' % ('true' if i in c.active or i == n else 'false', i, i, i))
    out.append('}')
    prim = ['crt::val(a.a%d)' % i for i in range(n)]
    # the primal's T&& parameters (which generated signatures spell T&) take
    # the storage moved
    shift = 1 if (c.fn.cls and c.params and c.params[0][1] == 'self') else 0
    moved = {i + shift for i in c.fn.rvalue_params}
    call = _primal_call(c, [('crt::intarg(%s)' % p) if INTEGRAL.match(c.params[i][0]) else
                            ('std::move(%s)' % p) if i in moved else p
                            for i, p in enumerate(prim)])
    void = ret == 'void' or rstruct
    into = ('crt::val(a.a%d) = ' % n) if rstruct else ''
    out.append('inline void crt_primal(CrtA &a, double *ret) { %s }'
               % ('%s%s; *ret = 0;' % (into, call) if void else '*ret = double(%s);' % call))
    fq = lambda suffix: _qual(c.decl.namespaces, c.base + suffix) + c.targs
    if c.jvp:
        args = prim + ['crt::val(d.a%d)' % i for i in c.active]
        pre = ''
        if rstruct:
            args.append('&crt::val(d.a%d)' % n)
        elif c.ret_dot:
            pre = 'CrtR rd{}; '
            args.append('&rd')
        call = '%s(%s)' % (fq('_jvp'), ', '.join(args))
        body = pre + ('%s%s; *ret = 0;' % (into, call) if void else '*ret = double(%s);' % call)
        if c.ret_dot and not rstruct:
            body += ' *rdot = double(rd);'
        out.append('inline void crt_jvp(CrtA &a, CrtA &d, double *ret, double *rdot) { (void)rdot; %s }' % body)
    if c.grad:
        args = prim + ['crt::garg<CrtP%d>(b.a%d)' % (i, i) for i in c.active]
        if rstruct:
            args.append('crt::val(b.a%d)' % n)
        elif c.ret_bar:
            args.append('CrtR(rb)')
        call = '%s(%s)' % (fq('_grad'), ', '.join(args))
        body = '%s%s; *ret = 0;' % (into, call) if void else '*ret = double(%s);' % call
        if rstruct:
            body += ' crt::val(b.a%d) = CrtR{};' % n
        out.append('inline void crt_grad(CrtA &a, CrtA &b, double rb, double *ret) { (void)rb; %s }' % body)
    c.has_ret, c.ret_float = has_ret, ret == 'float'
    inner = '\n'.join(out)
    src = 'namespace crt_case%d {\n%s\n}' % (c.id, inner)
    for ns in reversed(c.decl.namespaces):
        src = 'namespace %s {\n%s\n}' % ('' if ns == '(anonymous)' else ns, src)
    return src


def _opts(c):
    o = c.fn.options
    lines = []
    for k, field in (('ints', 'ints'), ('buf', 'buf'), ('sbuf', 'sbuf'), ('vec', 'vec'),
                     ('points', 'points')):
        if k in o:
            lines.append('o.%s = %s;' % (field, int(o[k])))
    for k in ('dottol', 'scale'):
        if k in o:
            lines.append('o.%s = %s;' % (k, float(o[k])))
    if o.get('domain') in ('pos', 'unit'):
        lines.append('o.domain = %d;' % (1 if o['domain'] == 'pos' else 2))
    modes = (1 if c.jvp else 0) | (2 if c.grad else 0)
    lines.append('o.modes = %d;' % modes)
    return ' '.join(lines)


def driver(source_path, gen_header, walkers, cases):
    """The whole driver translation unit."""
    parts = ['#include "crt.h"',
             '#include "%s"' % source_path,
             '#define ADGEN_NO_USER_TYPES',
             '#include "%s"' % gen_header,
             walkers]
    for c in cases:
        parts.append('#if !defined(CRT_ONLY) || CRT_ONLY == %d\n%s\n#endif' % (c.id, case_source(c)))
    main = ['int main(int argc, char **argv) {', '  int k = argc > 1 ? std::atoi(argv[1]) : -1;',
            '  switch (k) {']
    for c in cases:
        ns = '::'.join(n for n in c.decl.namespaces if n != '(anonymous)')
        pre = ('::' + ns + '::') if ns else '::'
        pre += 'crt_case%d::' % c.id
        main.append('#if !defined(CRT_ONLY) || CRT_ONLY == %d' % c.id)
        main.append('  case %d: { crt::Opts o; %s' % (c.id, _opts(c)))
        main.append('    crt::Fn<%sCrtA> f{"%s", %scrt_walk, %scrt_primal, %s, %s, %s, %s};'
                    % (pre, c.label.replace('"', ''), pre, pre,
                       (pre + 'crt_jvp') if c.jvp else 'nullptr',
                       (pre + 'crt_grad') if c.grad else 'nullptr',
                       'true' if c.has_ret else 'false', 'true' if c.ret_float else 'false'))
        main.append('    return crt::check(f, o); }')
        main.append('#endif')
    main += ['  }', '  return 99;', '}']
    parts.append('\n'.join(main))
    return '\n\n'.join(p for p in parts if p) + '\n'
