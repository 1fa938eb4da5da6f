#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""tests/api_check.py — the conventions of the public API, checked on every
installed header (include/hertzfit/*.h):

  - every function that returns hf_status takes an hf_diag * as its last
    parameter (may be NULL), so every failure can say what failed;
  - an _init function fills defaults and cannot fail: it returns void (a
    function that allocates is an _alloc, released by the matching _free);
  - what is allocated is released by a _free of the same name: every
    hf_X_alloc* has an hf_X_free, and no constructor is called _create;
  - a function's declaration is found whole (the parser below understands
    the headers' style: one declaration per statement, ending in ';').

Usage: api_check.py [SOURCE_DIR]   (exit 1 and one line per violation)
       api_check.py --selftest     (the check fails on planted violations)
"""
import os
import re
import sys

DECL = re.compile(r'^\s*(?P<ret>(?:const\s+)?[A-Za-z_][A-Za-z0-9_]*(?:\s*\*+)?)\s*'
                  r'(?P<name>hf_[A-Za-z0-9_]+)\s*\((?P<params>[^;{]*)\)\s*'
                  r'(?:__attribute__\s*\(\(.*\)\))?\s*;', re.S)


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), text, flags=re.S)
    text = re.sub(r'//[^\n]*', '', text)
    # GCC attributes: __attribute__((format(printf, 3, 4)))
    return re.sub(r'__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)', '', text)


def declarations(text):
    """(line, return type, name, [params]) of every function declared."""
    text = strip_comments(text)
    # join preprocessor continuation lines and drop directives
    text = re.sub(r'^\s*#(?:[^\n]*\\\n)*[^\n]*', lambda m: '\n' * m.group(0).count('\n'),
                  text, flags=re.M)
    out = []
    for stmt in re.finditer(r'[^;{}]*;', text):
        body = stmt.group(0)
        if 'typedef' in body or '(' not in body:
            continue
        m = DECL.match(body)
        if not m:
            continue
        line = text.count('\n', 0, stmt.start() + len(body) - len(body.lstrip())) + 1
        params = [p.strip() for p in m.group('params').split(',')]
        out.append((line, ' '.join(m.group('ret').split()), m.group('name'), params))
    return out


def check_text(path, text):
    errors = []
    names = set()
    decls = declarations(text)
    for line, ret, name, params in decls:
        names.add(name)
        where = '%s:%d: %s' % (path, line, name)
        is_diag = lambda p: re.match(r'^(const\s+)?hf_diag\s*\*\s*[A-Za-z_0-9]*$', p)
        if ret == 'hf_status' and not is_diag(params[0] if params else ''):
            # (a function whose first parameter is the diag works on it: hf_diag_set)
            last = params[-1] if params else ''
            if not is_diag(last):
                errors.append('%s returns hf_status but its last parameter is %r, not '
                              'an hf_diag *' % (where, last or 'none'))
        if name.endswith('_init') and ret != 'void':
            errors.append('%s: an _init fills defaults and cannot fail, so it returns void '
                          '(one that allocates is an _alloc)' % where)
        if name.endswith('_create'):
            errors.append('%s: constructors are _alloc (released by _free), not _create'
                          % where)
    return errors, names, decls


def check_tree(src):
    inc = os.path.join(src, 'include', 'hertzfit')
    errors, names, allocs = [], set(), []
    for h in sorted(os.listdir(inc)):
        if not h.endswith('.h'):
            continue
        path = os.path.join('include', 'hertzfit', h)
        with open(os.path.join(src, path), encoding='utf-8') as f:
            e, n, decls = check_text(path, f.read())
        errors += e
        names |= n
        allocs += [(path, line, name) for line, _, name, _ in decls
                   if re.search(r'_alloc(_[a-z0-9]+)?$', name)]
    for path, line, name in allocs:
        base = re.sub(r'_alloc(_[a-z0-9]+)?$', '', name)
        if base + '_free' not in names:
            errors.append('%s:%d: %s has no %s_free' % (path, line, name, base))
    return errors, len(names)


def selftest():
    bad = '''
hf_status hf_a_run(int x);
hf_status hf_b_run(int x, hf_diag *diag, int y);
hf_status hf_c_init(hf_c *c);
hf_status hf_d_create(const char *name, hf_d **out, hf_diag *diag);
hf_status hf_e_ok(int x,
                  hf_diag *diag);
void hf_f_init(hf_f *f);
hf_status hf_g_set(hf_diag *diag, hf_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
'''
    errors, names, _ = check_text('planted.h', bad)
    expect = ['hf_a_run returns hf_status but its last parameter is', 'hf_b_run returns',
              'hf_c_init: an _init', 'hf_d_create: constructors are _alloc']
    ok = len(errors) == 5 and all(any(e in x for x in errors) for e in expect)
    ok = ok and {'hf_e_ok', 'hf_f_init', 'hf_g_set'} <= names
    print('\n'.join(errors))
    print('selftest: %s' % ('the check fails on every planted violation' if ok else 'FAILED'))
    return 0 if ok else 1


def main(argv):
    if len(argv) > 1 and argv[1] == '--selftest':
        return selftest()
    src = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    errors, n = check_tree(src)
    for e in errors:
        print(e)
    print('api_check: %d function(s) declared in the public headers, %d violation(s)'
          % (n, len(errors)))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
