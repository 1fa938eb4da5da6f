#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""tests/exports_check.py — no function of the library is exported for
nobody: every global hf_ function defined in libhertzfit.a is called from
outside the object file that defines it — by another file of the library,
the program, a test, a benchmark, a header example or docs/code.  A
function only its own file calls is a static helper; one nothing calls
goes.

With a shared library and the public header folders, it also reads the
shared library's dynamic symbol table (nm -D): every symbol it defines is
declared in a public header (a function, or an extern object), and every
function the public headers declare that the library defines is exported.
So the .so carries the public API, all of it and nothing else.

  exports_check.py NM LIBRARY OBJECT_LIST DOCS_CODE_DIR [SHARED HEADER_DIR...]
      OBJECT_LIST: a file naming the callers' object files, one per line
  exports_check.py --selftest
"""
import os
import re
import subprocess
import sys


def archive_symbols(nm, library):
    """{symbol: member} of the hf_ functions defined, and {symbol: set of
    members} referencing each undefined symbol."""
    out = subprocess.run([nm, '-A', library], capture_output=True, text=True,
                         check=True).stdout
    defined, refs = {}, {}
    for line in out.splitlines():
        # "lib.a:member.o:0000000000000000 T hf_name" or "lib.a:member.o:  U hf_name"
        m = re.match(r'^[^:]+:([^:]+):\s*(?:[0-9a-fA-F]+\s+)?([A-Za-z])\s+(\S+)$', line)
        if not m:
            continue
        member, kind, sym = m.groups()
        if kind == 'T' and sym.startswith('hf_'):
            defined[sym] = member
        elif kind == 'U':
            refs.setdefault(sym, set()).add(member)
    return defined, refs


def object_refs(nm, objects):
    refs = set()
    for obj in objects:
        out = subprocess.run([nm, '-u', obj], capture_output=True, text=True,
                             check=True).stdout
        refs.update(line.split()[-1] for line in out.splitlines() if line.strip())
    return refs


def docs_refs(directory):
    refs = set()
    for name in sorted(os.listdir(directory)) if os.path.isdir(directory) else []:
        if name.endswith('.c'):
            with open(os.path.join(directory, name), encoding='utf-8') as f:
                refs.update(re.findall(r'\bhf_[A-Za-z0-9_]+', f.read()))
    return refs


def uncalled(defined, library_refs, outside_refs):
    """The symbols nothing outside their own member references."""
    bad = []
    for sym, member in sorted(defined.items()):
        users = library_refs.get(sym, set()) - {member}
        if not users and sym not in outside_refs:
            bad.append('%s (defined in %s) is called by nothing outside its own file: make it '
                       'static, or remove it' % (sym, member))
    return bad


def strip_comments(text):
    return re.sub(r'//[^\n]*', '', re.sub(r'/\*.*?\*/', ' ', text, flags=re.S))


def declared_names(header_dirs):
    """The hf_ functions and extern objects the public headers declare
    (comments, and so their examples, left out)."""
    names = set()
    for directory in header_dirs:
        for name in sorted(os.listdir(directory)):
            if name.endswith('.h'):
                with open(os.path.join(directory, name), encoding='utf-8') as f:
                    text = strip_comments(f.read())
                names.update(re.findall(r'\b(hf_[A-Za-z0-9_]+)\s*\(', text))
                names.update(re.findall(r'\bextern\b[^;(]*\b(hf_[A-Za-z0-9_]+)\s*[;\[]', text))
    return names


def dynamic_symbols(nm, shared):
    out = subprocess.run([nm, '-D', '--defined-only', shared], capture_output=True,
                         text=True, check=True).stdout
    syms = set()
    for line in out.splitlines():
        parts = line.split()
        # "0000000000012340 T hf_name"; version nodes ("A HERTZFIT") are not symbols
        if len(parts) == 3 and parts[1] not in ('A',):
            syms.add(parts[2].split('@')[0])
    return syms


def dynamic_mismatch(exported, declared, defined):
    """What the .so exports beyond the public API, and what of the public API
    the library defines but the .so does not export."""
    bad = ['%s is exported by the shared library but declared in no public header: give it '
           'hidden visibility (a private header), or declare it public' % s
           for s in sorted(exported - declared)]
    bad += ['%s is declared in a public header and defined in the library but not exported '
            'by the shared library' % s for s in sorted((set(defined) & declared) - exported)]
    return bad


def selftest():
    defined = {'hf_used': 'a.o', 'hf_self': 'b.o', 'hf_outside': 'c.o'}
    library_refs = {'hf_used': {'b.o'}, 'hf_self': {'b.o'}}
    bad = uncalled(defined, library_refs, {'hf_outside'})
    ok = len(bad) == 1 and bad[0].startswith('hf_self ')
    leaks = dynamic_mismatch({'hf_public', 'hf_private'}, {'hf_public', 'hf_hidden'},
                             {'hf_public': 'a.o', 'hf_private': 'b.o', 'hf_hidden': 'c.o'})
    ok = ok and len(leaks) == 2 and leaks[0].startswith('hf_private ') \
        and leaks[1].startswith('hf_hidden ')
    print('\n'.join(bad + leaks))
    print('selftest: %s' % ('the check finds the planted uncalled export, leaked private '
                            'symbol and missing public one' if ok else 'FAILED'))
    return 0 if ok else 1


def main(argv):
    if len(argv) > 1 and argv[1] == '--selftest':
        return selftest()
    if len(argv) < 5 or len(argv) == 6:
        print(__doc__)
        return 2
    nm, library, object_list, docs_code = argv[1:5]
    with open(object_list, encoding='utf-8') as f:
        objects = [line.strip() for line in f if line.strip()]
    defined, library_refs = archive_symbols(nm, library)
    outside = object_refs(nm, objects) | docs_refs(docs_code)
    bad = uncalled(defined, library_refs, outside)
    if len(argv) > 6:
        exported = dynamic_symbols(nm, argv[5])
        dyn_bad = dynamic_mismatch(exported, declared_names(argv[6:]), defined)
        print('exports_check: the shared library exports %d symbol(s), %d not the public API'
              % (len(exported), len(dyn_bad)))
        bad += dyn_bad
    for b in bad:
        print(b)
    print('exports_check: %d exported hf_ function(s), %d caller object(s), %d uncalled'
          % (len(defined), len(objects), len(bad)))
    return 1 if bad or not defined else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
