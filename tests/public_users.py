#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""tests/public_users.py — no public function is there for the tests
alone: every function a public header (include/hertzfit/*.h) declares is
used by a user of the library — the program (cli/), the Python package
(python/hertzfit/, as lib.NAME), the MATLAB/Octave gateway (matlab/), a
documentation page or its code (docs/), a plug-in (examples/), a
benchmark (bench/: programs written against the installed API, as a
user's are), or a header's own example (the ```c blocks of the headers'
comments).  A
function only the library itself and its tests call belongs in a private
header (tests may include those).

Where exports_check.py asks "is this export called by anybody?", this asks
"is this part of the public API used by somebody who is not the library?".

  public_users.py SOURCE_DIR
  public_users.py --selftest
"""
import os
import re
import sys

# the folders whose files are users of the public API, and the files of
# theirs that are not (the generated cffi declarations restate every
# public function, so they use none)
USER_DIRS = ('cli', 'python/hertzfit', 'matlab', 'docs', 'examples', 'bench')
NOT_USERS = ('python/hertzfit_build.py',)

USER_EXTENSIONS = ('.c', '.h', '.py', '.m', '.md')


def strip_comments(text):
    return re.sub(r'//[^\n]*', '', re.sub(r'/\*.*?\*/', ' ', text, flags=re.S))


def declared_functions(header_text):
    """The hf_ functions a header declares, its comments (and so its
    examples) left out; a function-pointer type (*hf_name) is no
    function."""
    code = strip_comments(header_text)
    code = re.sub(r'^\s*#[^\n]*(\\\n[^\n]*)*', '', code, flags=re.M)
    return set(re.findall(r'(?<![*\w])(hf_[A-Za-z0-9_]+)\s*\(', code))


def header_examples(header_text):
    """The code of a header's ```c examples."""
    return '\n'.join(re.findall(r'```c\n(.*?)```', header_text, flags=re.S))


def used_names(text):
    return set(re.findall(r'\bhf_[A-Za-z0-9_]+', text))


def user_texts(source_dir):
    for folder in USER_DIRS:
        top = os.path.join(source_dir, folder)
        for root, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d not in ('tests', '__pycache__'))
            for name in sorted(files):
                path = os.path.join(root, name)
                rel = os.path.relpath(path, source_dir)
                if rel in NOT_USERS or not name.endswith(USER_EXTENSIONS):
                    continue
                with open(path, encoding='utf-8', errors='replace') as f:
                    yield rel, f.read()


def unused(declared, users):
    """The declared functions no user names, each with its header."""
    return sorted('%s (%s) is public but only the library and its tests call it: move it to '
                  'a private header, or use it' % (name, header)
                  for name, header in declared.items() if name not in users)


def check(source_dir):
    header_dir = os.path.join(source_dir, 'include', 'hertzfit')
    declared, users = {}, set()
    for name in sorted(os.listdir(header_dir)):
        if not name.endswith('.h'):
            continue
        with open(os.path.join(header_dir, name), encoding='utf-8') as f:
            text = f.read()
        for fn in declared_functions(text):
            declared[fn] = 'hertzfit/' + name
        users |= used_names(header_examples(text))
    for rel, text in user_texts(source_dir):
        if rel.endswith('.py'):
            # the package reaches the C API through cffi's lib.NAME only
            users |= set(re.findall(r'\blib\.(hf_[A-Za-z0-9_]+)', text))
        else:
            users |= used_names(text)
    return declared, unused(declared, users)


def selftest():
    header = ('/* hertzfit/x.h\n * ```c\n * hf_x_example_only(1);\n * ```\n */\n'
              '#define HF_X_MACRO(a) hf_x_in_macro(a)\n'
              'typedef double (*hf_x_callback)(double);\n'
              'hf_status hf_x_used(int a);\nvoid hf_x_tests_only(void);\n'
              'void hf_x_example_only(int a);\n')
    declared = declared_functions(header)
    assert declared == {'hf_x_used', 'hf_x_tests_only', 'hf_x_example_only'}, declared
    users = used_names(header_examples(header)) | used_names('hf_x_used(3);')
    bad = unused({fn: 'hertzfit/x.h' for fn in declared}, users)
    assert len(bad) == 1 and bad[0].startswith('hf_x_tests_only (hertzfit/x.h) is public'), bad
    assert unused({'hf_x_used': 'hertzfit/x.h'}, users) == []
    print('selftest: a function only the tests call is found; header examples and users '
          'count')
    return 0


def main(argv):
    if argv[1:] == ['--selftest']:
        return selftest()
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    declared, bad = check(argv[1])
    for line in bad:
        print(line)
    print('%d public functions; %d without a user outside the library and its tests'
          % (len(declared), len(bad)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
