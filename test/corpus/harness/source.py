"""Corpus files: the functions their `//@ad` markers name.

A marker is a line `//@ad [CLAUSES] [| OPTIONS]` before a function
definition (also inside a class, before a method). CLAUSES go into the
`#pragma adgen` line that replaces the marker (default `jvp grad`); OPTIONS
are harness settings `key=value` (ints, buf, sbuf, vec, points, domain=pos|unit,
dottol: the dot-product test's relative tolerance, for a documented reason;
scale: draws and difference steps multiplied, for physical units).
Other markers become empty comments, so line numbers do not move.
"""

import re

MARKER = re.compile(r'^(\s*)//@ad\b(.*)$')
OPTION_KEYS = {'ints', 'buf', 'sbuf', 'vec', 'points', 'domain', 'modes', 'dottol',
               'scale'}


class Function:
    def __init__(self, path, index, line, clauses, options):
        self.path = path
        self.index = index          # marker number in its file
        self.line = line            # 1-based line of the marker
        self.clauses = clauses
        self.options = options
        self.name = None            # as spelled in the definition
        self.quals = ''             # between the parameters and the body
        self.rvalue_params = []     # indices of T&& parameters
        self.scopes = []            # [('namespace'|'class', name), ...]
        self.body = (line, line)    # lines of the definition

    @property
    def cls(self):
        return next((n for k, n in reversed(self.scopes) if k == 'class'), None)

    @property
    def namespaces(self):
        return [n for k, n in self.scopes if k == 'namespace']

    @property
    def key(self):
        return '%s:%s' % (self.path, self.name)


def strip_code(text):
    """The text with comments and string/char literals blanked (same
    length, newlines kept), so braces and parentheses can be counted."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i)); i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(c + ' ' * (j - i - 2) + c if j - i >= 2 else c); i = j
        else:
            out.append(c); i += 1
    return ''.join(out)


SCOPE_HEAD = re.compile(
    r'(?:^|[\s;}])(?:(namespace)\s*(\w*(?:::\w+)*)|(struct|class|union)\s+'
    r'(?:alignas\s*\([^)]*\)\s*)?(?:\w+\s+(?!final\b)(?=\w))?(\w+)(?:\s*<[^{;]*>)?(?:\s+final)?(?:\s*:[^{;]*)?)\s*$')


def scopes_at(code, offset):
    """The namespace/class scopes open at offset of stripped code."""
    stack, head_start = [], 0
    for i in range(offset):
        c = code[i]
        if c == '{':
            head = code[head_start:i]
            m = SCOPE_HEAD.search(head)
            if m and m.group(1):
                stack.append(('namespace', m.group(2) or '(anonymous)'))
            elif m and m.group(3) and not re.search(r'\benum\s*(class|struct)?\s*\w*\s*$', head):
                stack.append(('class', m.group(4)))
            else:
                stack.append(('other', ''))
            head_start = i + 1
        elif c == '}':
            if stack:
                stack.pop()
            head_start = i + 1
        elif c == ';':
            head_start = i + 1
    return [s for s in stack if s[0] != 'other'], any(s[0] == 'other' for s in stack)


NAME = re.compile(r'(operator\s*(?:\(\s*\)|\[\s*\]|[^\s(]+)|~?[A-Za-z_]\w*(?:\s*::\s*~?[A-Za-z_]\w*)*)\s*$')


def definition_after(code, offset):
    """(name, body_start, body_end) of the definition after offset."""
    i, depth, angle = offset, 0, 0
    n = len(code)
    # skip template<...> heads
    m = re.compile(r'\s*template\s*<').match(code, i)
    while m:
        j, d = m.end(), 1
        while j < n and d:
            d += {'<': 1, '>': -1}.get(code[j], 0)
            j += 1
        i = j
        m = re.compile(r'\s*template\s*<').match(code, i)
    paren = code.find('(', i)
    while paren >= 0 and re.search(r'__attribute__\s*$|__declspec\s*$|alignas\s*$', code[i:paren]):
        d, j = 0, paren     # skip an attribute's parentheses
        while j < n:
            d += {'(': 1, ')': -1}.get(code[j], 0)
            if d == 0:
                break
            j += 1
        i = j + 1
        paren = code.find('(', i)
    if paren < 0:
        return None
    # operator()(...) : the name's own parentheses come first
    if re.search(r'operator\s*$', code[i:paren]) and code[paren:paren + 3].replace(' ', '').startswith('()'):
        close = code.find(')', paren)
        name = 'operator()'
        paren = code.find('(', close + 1)
    else:
        m = NAME.search(code[i:paren])
        if not m:
            return None
        name = re.sub(r'\s+', '', m.group(1))
    d, close = 0, paren
    while close < n:
        d += {'(': 1, ')': -1}.get(code[close], 0)
        if d == 0:
            break
        close += 1
    brace = code.find('{', paren)
    semi = code.find(';', paren)
    if brace < 0 or (0 <= semi < brace and not _in_parens(code, paren, semi)):
        return None
    j, d = brace, 0
    while j < n:
        d += {'{': 1, '}': -1}.get(code[j], 0)
        if d == 0:
            break
        j += 1
    return name, brace, j, ' '.join(code[close + 1:brace].split()), code[paren + 1:close]


def _split_commas(s):
    out, d, cur = [], 0, ''
    for c in s:
        d += {'(': 1, '<': 1, '[': 1, '{': 1, ')': -1, '>': -1, ']': -1, '}': -1}.get(c, 0)
        if c == ',' and d == 0:
            out.append(cur); cur = ''
        else:
            cur += c
    return out + [cur]


def _in_parens(code, start, pos):
    d = 0
    for c in code[start:pos]:
        d += {'(': 1, ')': -1}.get(c, 0)
    return d > 0


def parse_options(text):
    opts = {}
    for tok in text.split():
        k, _, v = tok.partition('=')
        if k not in OPTION_KEYS:
            raise ValueError('unknown harness option %r' % tok)
        opts[k] = v
    return opts


def functions(path, text):
    """The marked functions of a corpus file."""
    lines = text.split('\n')
    code = strip_code(text)
    offsets, o = [], 0
    for l in lines:
        offsets.append(o)
        o += len(l) + 1
    fns = []
    for ln, l in enumerate(lines):
        m = MARKER.match(l)
        if not m:
            continue
        clauses, _, opt = m.group(2).partition('|')
        f = Function(path, len(fns), ln + 1, clauses.strip() or 'jvp grad',
                     parse_options(opt))
        start = offsets[ln] + len(l) + 1
        d = definition_after(code, start)
        if d:
            f.name, f.quals = d[0], d[3]
            f.rvalue_params = [i for i, p in enumerate(_split_commas(d[4])) if '&&' in p]
            f.body = (ln + 1, code.count('\n', 0, d[2]) + 1)
        f.scopes, _ = scopes_at(code, start)
        fns.append(f)
    return fns


def variant(text, keep):
    """The file with the markers numbered in keep turned into pragmas."""
    out, k = [], 0
    for l in text.split('\n'):
        m = MARKER.match(l)
        if m:
            if k in keep:
                clauses = m.group(2).partition('|')[0].strip() or 'jvp grad'
                l = '%s#pragma adgen %s' % (m.group(1), clauses)
            else:
                l = m.group(1) + '//'
            k += 1
        out.append(l)
    return '\n'.join(out)
