"""The table scripts/corpus prints."""

import collections
import os
import re

STATUSES = ['correct', 'WRONG', 'refused', 'crash', 'broken', 'harness',
            'inconclusive', 'excluded']


# Diagnostics naming a construct SPEC section 5 lists as refused (goto,
# virtual or indirect calls, exceptions, inline asm, static locals, writes
# to globals, aliasing writes, a resized vector (or a class's own storage
# re-allocated, as LightMatrix::resize does), a call adgen cannot see
# with active arguments). Math functions of section 5's list spelled as
# builtins (__builtin_pow), and calls whose arguments are all passive
# (printf of an int), are accepted constructs and do not count. Type
# punning (a float's bytes read as an integer) is memory whose effect on
# the derivative no static tool can promise: refused too.
SPEC5_REFUSED = re.compile(
    r"goto|virtual|indirect call|type 'Scheme'|exception|\btry\b|inline asm|"
    r"type punning|"
    r"static local|write to global|cannot be re-pointed|changes the size of "
    r"std::vector|as a resize does|call to '(?!__builtin_|printf)[^']*', (which adgen cannot see|"
    r"a library function)|variadic function")


def diag_key(msg):
    """A diagnostic with its names blanked, so that refusals group."""
    m = re.sub(r"'[^']*'", "'…'", msg)
    m = re.sub(r'\b\d+\b', 'N', m)
    return m


def source_of(path):
    """The corpus directory a file lives in (its peer tool)."""
    return path.split(os.sep)[0]


def print_report(rows, cfg, verbose=False, strict=False):
    count = collections.Counter(r[4]['status'] for r in rows)
    total = len(rows)
    excl = count['excluded']
    denom = total - excl
    print('== adgen corpus: %d functions in %d files (%s)' % (
        total, len({r[0] for r in rows}), cfg.adgen))
    for s in STATUSES:
        print('  %-13s %5d' % (s, count[s]))
    pct = 100.0 * count['correct'] / denom if denom else 0.0
    print('\ncorrect: %d of %d functions with floating-point inputs and outputs = %.1f%%'
          % (count['correct'], denom, pct))
    by_src = collections.defaultdict(collections.Counter)
    for p, n, l, c, res in rows:
        by_src[source_of(os.path.relpath(p, cfg.corpus))][res['status']] += 1
    print('\nper source:  %s' % '  '.join('%-8s' % s[:8] for s in STATUSES))
    for src in sorted(by_src):
        print('  %-10s %s' % (src[:10], '  '.join('%8d' % by_src[src][s] for s in STATUSES)))
    refusals = collections.defaultdict(list)
    for p, n, l, c, res in rows:
        if res['status'] == 'refused':
            d = res['detail']
            refusals[diag_key(d.get('message', ''))].append((p, n, d))
    if refusals:
        print('\nrefusals by diagnostic (count, message, one example):')
        for key, items in sorted(refusals.items(), key=lambda kv: -len(kv[1])):
            p, n, d = items[0]
            loc = '%s:%s:%s' % (os.path.relpath(p, cfg.corpus), d.get('line', '?'), d.get('col', '?'))
            print('  %4d  %s\n        e.g. %s in %s: %s' % (len(items), key, n, loc, d.get('message', '')[:200]))
        n5 = sum(1 for it in refusals.values() for p, n, d in it
                 if SPEC5_REFUSED.search(d.get('message', '')))
        nall = sum(len(it) for it in refusals.values())
        print('  refusals naming a construct SPEC section 5 refuses: %d of %d '
              '(the other %d refuse constructs section 5 accepts)' % (n5, nall, nall - n5))
        unloc = [(p, n) for k, it in refusals.items() for p, n, d in it if not d.get('located')]
        print('  refusals without a FILE:LINE:COL in the input: %d' % len(unloc))
        for p, n in unloc[:10]:
            print('    %s: %s' % (os.path.relpath(p, cfg.corpus), n))
    for s in ('crash', 'WRONG', 'broken', 'harness', 'inconclusive', 'excluded'):
        items = [r for r in rows if r[4]['status'] == s]
        if not items:
            continue
        print('\n%s (%d):' % (s, len(items)))
        for p, n, l, c, res in items:
            print('  %s:%d %s: %s' % (os.path.relpath(p, cfg.corpus), l, n, str(res.get('detail'))[:400]))
            if verbose and res.get('log'):
                print('    | ' + '\n    | '.join(str(res['log']).strip().split('\n')[-15:]))
    inval = [r for r in rows if (r[4].get('tally') or {}).get('invalid_fail')]
    if inval:
        print('\nmismatches only at points where the primal raises FE_INVALID '
              '(not counted; see test/corpus/README.md) (%d):' % len(inval))
        for p, n, l, c, res in inval:
            t = res['tally']
            print('  %s:%d %s: %d of %d such points: %s' % (
                os.path.relpath(p, cfg.corpus), l, n, t['invalid_fail'], t['invalid'],
                t.get('invalid_first', '')[:300]))
    bad = count['WRONG'] + count['crash']
    return bad + (count['broken'] + count['harness'] if strict else 0)
