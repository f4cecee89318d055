"""Field walkers for the structs and classes a corpus file defines.

clang's JSON AST (filtered on each record name the file spells) gives the
fields and bases of every record defined in the file; each becomes
`crt_fields(Ctx &, S &)`, which crt::walk calls for class types. Class
templates get a template walker from their pattern.
"""

import json
import re
import subprocess

from source import scopes_at, strip_code

# the name, or a macro then the name (`class ATTR Name {`)
RECORD_NAME = re.compile(r'\b(?:struct|class|union)\s+(?:alignas\s*\([^)]*\)\s*)?([A-Za-z_]\w*)(?:\s+([A-Za-z_]\w*)(?=\s*[:{]))?')


def _objects(text):
    dec, i, n = json.JSONDecoder(), 0, len(text)
    while i < n:
        j = text.find('{', i)
        if j < 0:
            return
        try:
            obj, i = dec.raw_decode(text, j)
            yield obj
        except ValueError:
            i = j + 1


def _dump(clang, path, name, flags):
    cmd = [clang, '-std=c++17', '-fsyntax-only', '-w', '-Xclang', '-ast-dump=json',
           '-Xclang', '-ast-dump-filter=' + name] + flags + [path]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       universal_newlines=True, timeout=120)
    return p.stdout


def _record(obj):
    """(fields, bases) of a complete record, or None."""
    if obj.get('kind') not in ('CXXRecordDecl', 'RecordDecl') or not obj.get('completeDefinition'):
        return None
    fields = [(f['name'], f.get('type', {}).get('qualType', ''))
              for f in obj.get('inner', []) if f.get('kind') == 'FieldDecl' and f.get('name')]
    bases = [b['type']['qualType'] for b in obj.get('bases', [])]
    return fields, bases


def _tparams(obj):
    out = []
    for p in obj.get('inner', []):
        if p.get('kind') == 'TemplateTypeParmDecl':
            out.append(('class', p.get('name', '')))
        elif p.get('kind') == 'NonTypeTemplateParmDecl':
            out.append((p.get('type', {}).get('qualType', 'int'), p.get('name', '')))
    return out


TYPEDEF_STRUCT = re.compile(r'\btypedef\s+(?:struct|class)\s*\{([^{}]*)\}\s*(\w+)\s*;')


def _typedef_structs(code, seen):
    """Walkers for C's `typedef struct { ... } Name;` (no record name for
    the AST filter to find): fields read from the text."""
    out = []
    for m in TYPEDEF_STRUCT.finditer(code):
        scopes, in_fn = scopes_at(code, m.start())
        qual = '::' + '::'.join([n for _, n in scopes] + [m.group(2)])
        if in_fn or qual in seen:
            continue
        seen.add(qual)
        body = []
        for decl in m.group(1).split(';'):
            decl = ' '.join(decl.split())
            if not decl or '(' in decl or decl.startswith(('static ', 'typedef ')):
                continue
            for k, part in enumerate(decl.split(',')):
                nm = re.search(r'(\w+)\s*(?:\[[^\]]*\]\s*)*$', part.strip())
                if nm and (k > 0 or len(part.split()) > 1):
                    body.append('  walk(c, s.%s);' % nm.group(1))
        out.append('inline void crt_fields(Ctx &c, %s &s) {\n%s\n}' % (qual, '\n'.join(body)))
    return out


def walkers(clang, path, text, flags=()):
    """C++ source of the crt_fields overloads for the records of the file."""
    code = strip_code(text)
    names = sorted({n for m in RECORD_NAME.findall(code) for n in m if n} - {'crt'})
    out, seen = [], set()
    for name in names:
        for obj in _objects(_dump(clang, path, name, list(flags))):
            if obj.get('name') != name or 'offset' not in obj.get('loc', {}):
                continue
            if obj['loc'].get('includedFrom'):
                continue
            scopes, in_fn = scopes_at(code, obj['loc']['offset'])
            if in_fn:
                continue    # a local class: not a parameter type
            qual = '::' + '::'.join([n for _, n in scopes] + [name])
            if qual in seen:
                continue
            pat = None
            if obj.get('kind') == 'ClassTemplateDecl':
                pat = next((o for o in obj.get('inner', [])
                            if o.get('kind') == 'CXXRecordDecl'), None)
                rec = pat and _record(pat)
                tps = _tparams(obj)
                if not rec or not all(n for _, n in tps):
                    continue
                head = 'template <%s> ' % ', '.join('%s %s' % tp for tp in tps)
                qual_t = '%s<%s>' % (qual, ', '.join(n for _, n in tps))
            else:
                rec = _record(obj)
                if not rec:
                    continue
                head, qual_t = 'inline ', qual
            seen.add(qual)
            fields, bases = rec
            body = ['  walk(c, static_cast<%s &>(s));' % b for b in bases]
            for fname, ftype in fields:
                if '&' in ftype or ':' == ftype.strip()[-1:]:
                    continue    # reference members are not storage
                body.append('  walk(c, s.%s);' % fname)
            # the tag keeps a record named like a variable or enumerator usable
            tag = obj.get('tagUsed') or (pat or {}).get('tagUsed') or 'struct'
            out.append('%svoid crt_fields(Ctx &c, %s %s &s) {\n%s\n}' % (head, tag, qual_t, '\n'.join(body)))
    out += _typedef_structs(code, seen)
    if not out:
        return ''
    decls = '\n'.join(o.split(' {\n')[0] + ';' for o in out)
    return 'namespace crt {\n%s\n%s\n}  // namespace crt\n' % (decls, '\n'.join(out))
