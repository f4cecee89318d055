"""The declarations of an adgen `--header` file.

Each declaration of a generated function becomes a Decl: its namespaces,
return type, name, explicit template arguments (`f_grad<double>`), and
parameters as (type, name) pairs. Struct definitions under
ADGEN_NO_USER_TYPES are skipped; primary templates are skipped (their
specializations are kept).
"""

import re

from source import strip_code


class Decl:
    def __init__(self, namespaces, ret, name, targs, params):
        self.namespaces = namespaces
        self.ret = ret
        self.name = name
        self.targs = targs          # '<double>' or ''
        self.params = params        # [(type, name)]

    def __repr__(self):
        return '%s%s%s(%s) -> %s' % ('::'.join(self.namespaces + ['']), self.name,
                                      self.targs, ', '.join(t + ' ' + n for t, n in self.params), self.ret)


def split_top(s, sep=','):
    """s split at sep outside (), <>, [], {}."""
    out, depth, cur = [], 0, []
    for c in s:
        if c in '(<[{':
            depth += 1
        elif c in ')>]}':
            depth -= 1
        if c == sep and depth == 0:
            out.append(''.join(cur)); cur = []
        else:
            cur.append(c)
    if ''.join(cur).strip():
        out.append(''.join(cur))
    return [x.strip() for x in out]


def split_param(p):
    """'const double *x' -> ('const double *', 'x'); 'double (*a)[3]' ->
    ('double (*)[3]', 'a'); default arguments dropped."""
    p = split_top(p, '=')[0].strip()
    p = re.sub(r'\[\[[^\]]*\]\]\s*', '', p)
    m = re.match(r'^(.*\(\s*[*&]+\s*)(\w+)(\s*\).*)$', p)
    if m:
        return (m.group(1) + m.group(3)).strip(), m.group(2)
    m = re.match(r'^(.*?)(\w+)\s*((?:\[[^\]]*\]\s*)*)$', p)
    if not m or not m.group(1).strip():
        return p, ''
    return (m.group(1).strip() + ' ' + m.group(3).strip()).strip(), m.group(2)


def drop_user_types(text):
    out, skip = [], 0
    for l in text.split('\n'):
        s = l.strip()
        if skip:
            if s.startswith('#if'):
                skip += 1
            elif s.startswith('#endif'):
                skip -= 1
            out.append('')
            continue
        if s.startswith('#ifndef ADGEN_NO_USER_TYPES'):
            skip = 1
            out.append('')
            continue
        out.append('' if s.startswith('#') else l)
    return '\n'.join(out)


DECL = re.compile(r'^(?:template\s*<(.*?)>\s*)?(?:ADGEN_HD\s+)?(?:inline\s+)?(.*?)\b(\w+)\s*(<[^()]*>)?\s*\((.*)\)\s*$', re.S)


def parse(text):
    code = strip_code(drop_user_types(text))
    decls, stack, brace_kinds, start = [], [], [], 0
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if c == '{':
            head = code[start:i].strip()
            m = re.match(r'^namespace\s*(\w*(?:::\w+)*)\s*$', head)
            if m:
                names = (m.group(1) or '(anonymous)').split('::')
                stack.extend(names)
                brace_kinds.append(len(names))
                start = i + 1
            else:   # a definition (not expected in a header): skip its body
                d, j = 0, i
                while j < n:
                    d += {'{': 1, '}': -1}.get(code[j], 0)
                    if d == 0:
                        break
                    j += 1
                brace_kinds.append(0)
                i = j
                brace_kinds.pop()
                start = i + 1
        elif c == '}':
            if brace_kinds:
                for _ in range(brace_kinds.pop()):
                    stack.pop()
            start = i + 1
        elif c == ';':
            stmt = ' '.join(code[start:i].split())
            start = i + 1
            m = DECL.match(stmt)
            if m and '(' in stmt:
                tparams, ret, name, targs, params = m.groups()
                if tparams is not None and tparams.strip():
                    pass    # a primary template: its specializations follow
                else:
                    ps = [split_param(p) for p in split_top(params)] if params.strip() else []
                    decls.append(Decl(list(stack), ret.strip(), name, (targs or '').replace(' ', ''), ps))
        i += 1
    return decls


def pair_cases(decls, base):
    """[(jvp Decl or None, grad Decl or None)] for the generated functions of
    primal `base` (one pair per instantiation)."""
    jv = [d for d in decls if d.name == base + '_jvp']
    gr = [d for d in decls if d.name == base + '_grad']
    cases = []
    for j in jv:
        g = next((g for g in gr if g.targs == j.targs and g.namespaces == j.namespaces
                  and primal_params(g, base, 'bar') == primal_params(j, base, 'dot')), None)
        if g:
            gr.remove(g)
        cases.append((j, g))
    cases += [(None, g) for g in gr]
    return cases


def primal_params(d, base, suffix):
    """The primal's parameters at the front of a generated declaration, and
    which of them have a derivative argument after them."""
    names = [n for _, n in d.params]
    ret = base + '_' + suffix
    tail_ret = bool(names) and names[-1] == ret
    body = names[:-1] if tail_ret else names
    for k in range(len(body) + 1):
        rest = body[k:]
        prim = body[:k]
        if all(r.endswith('_' + suffix) and r[:-len(suffix) - 1] in prim for r in rest):
            order = [prim.index(r[:-len(suffix) - 1]) for r in rest]
            if order == sorted(order) and len(set(order)) == len(order):
                return tuple(d.params[:k]), tuple(order), tail_ret
    return None
