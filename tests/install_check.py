#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""tests/install_check.py — hertzfit installed like a library, used as a
user would, with the build's files out of reach.

It installs the build into WORK/stage, then moves the tree to WORK/moved
(an installation must not depend on where it was installed), and from an
empty folder, with HERTZFIT_DATA unset:
  - no installed file names the source or the build folder (bytes grepped);
  - the installed program runs on the shipped data: `fit profile --table`
    on share/hertzfit's Table 2 gives the same CSV, byte for byte, as the
    build's program on the source's copy, and `bench run --problems
    profile-table` (which finds the table itself) runs; HERTZFIT_DATA
    pointing at an empty folder makes it fail naming that folder;
  - a consumer program (tests/install/consumer.c) is built with
    find_package(hertzfit) against both hertzfit::hertzfit and
    hertzfit::hertzfit_static, and with pkg-config (shared, and --static
    against libhertzfit.a); the shared builds find the data under the moved
    prefix by themselves, the static ones are told by HERTZFIT_DATA (a
    program linked statically elsewhere cannot know where the library was
    installed), and all print the same;
  - a plug-in (examples/plugins/one_plus_one_es.c) builds from the prefix
    with find_package and with pkg-config --cflags, its preprocessed source
    holding no GSL header (the public headers need none), and the installed
    program runs both as the build's program runs the build's plug-in;
  - the shared library has its soname and the program its relative RUNPATH.

Usage: install_check.py BUILD_DIR SOURCE_DIR WORK_DIR C_COMPILER LIBDIR BINDIR DATADIR VERSION
"""
import os
import shutil
import subprocess
import sys


def run(args, cwd, env=None, expect=0):
    p = subprocess.run(args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if (expect == 0) != (p.returncode == 0):
        sys.exit(f"FAIL: {' '.join(args)} -> exit {p.returncode} (wanted "
                 f"{'0' if expect == 0 else 'non-zero'})\nstdout: {p.stdout}\nstderr: {p.stderr}")
    return p


def check(cond, what):
    if not cond:
        sys.exit(f"FAIL: {what}")
    print(f"ok: {what}")


def main():
    if len(sys.argv) != 9:
        sys.exit(__doc__)
    build, source, work, cc, libdir, bindir, datadir, version = sys.argv[1:]
    build, source, work = (os.path.realpath(p) for p in (build, source, work))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    stage, moved, here = (os.path.join(work, d) for d in ('stage', 'moved', 'run'))
    os.makedirs(here)
    env = {k: v for k, v in os.environ.items()
           if k not in ('HERTZFIT_DATA', 'LD_LIBRARY_PATH', 'PKG_CONFIG_PATH',
                        'CMAKE_PREFIX_PATH')}

    run(['cmake', '--install', build, '--prefix', stage], cwd=work, env=env)
    os.rename(stage, moved)

    # nothing installed remembers the source or the build folder.  Debug
    # information names the sources for a debugger, so binaries are read
    # without it (objcopy --strip-debug); a sanitized build also keeps
    # source locations for its reports, so there only text files count.
    sanitized = b'__asan_init' in run(['nm', '-D', '--undefined-only', os.path.join(
        moved, libdir, 'libhertzfit.so')], cwd=work, env=env).stdout.encode()
    stripped = os.path.join(work, 'stripped')
    for top, _, files in os.walk(moved):
        for name in files:
            path = os.path.join(top, name)
            if os.path.islink(path):
                continue
            with open(path, 'rb') as f:
                data = f.read()
            if data.startswith((b'\x7fELF', b'!<arch>')):
                if sanitized:
                    continue
                run(['objcopy', '--strip-debug', path, stripped], cwd=work, env=env)
                with open(stripped, 'rb') as f:
                    data = f.read()
            for folder in (source, build, stage):
                if folder.encode() in data:
                    sys.exit(f"FAIL: {path} names {folder}")
    print('ok: no installed file names the source, build or staging folder%s'
          % (' (text files only: a sanitized build)' if sanitized else ''))

    lib = os.path.join(moved, libdir)
    exe = os.path.join(moved, bindir, 'hertzfit')
    data = os.path.join(moved, datadir, 'hertzfit')
    major = version.split('.')[0]
    check(os.path.realpath(os.path.join(lib, 'libhertzfit.so')) ==
          os.path.join(lib, f'libhertzfit.so.{version}'),
          f'libhertzfit.so -> libhertzfit.so.{version}')
    dyn = run(['readelf', '-d', os.path.join(lib, 'libhertzfit.so')], cwd=here).stdout
    check(f'[libhertzfit.so.{major}]' in dyn, f'soname libhertzfit.so.{major}')
    dyn = run(['readelf', '-d', exe], cwd=here).stdout
    check('$ORIGIN/' in dyn, 'the program finds its library relative to itself ($ORIGIN)')
    ldd = run(['ldd', exe], cwd=here, env=env).stdout.split()
    loaded = ldd[ldd.index(f'libhertzfit.so.{major}') + 2] if f'libhertzfit.so.{major}' in ldd else ''
    check(os.path.realpath(loaded) == os.path.join(lib, f'libhertzfit.so.{version}'),
          'the installed program loads the installed library')

    # the installed program on the installed data, the build's on the source's
    fit = ['fit', 'profile', '--optimizer', 'icaco', '--runs', '4', '--seed', '7', '--csv']
    def table(out):
        """The CSV rows without the wall-clock column; the '#' commentary names
        the file read."""
        rows = [line.split(',') for line in out.splitlines() if not line.startswith('#')]
        keep = [i for i, name in enumerate(rows[0]) if name != 'seconds'] if rows else []
        return [[row[i] for i in keep] for row in rows]
    mine = table(run([exe] + fit + ['--table', os.path.join(data, 'safaeifar2020_table2.csv')],
                     cwd=here, env=env).stdout)
    theirs = table(run([os.path.join(build, 'hertzfit')] + fit +
                       ['--table', os.path.join(source, 'data', 'safaeifar2020_table2.csv')],
                       cwd=here, env=env).stdout)
    check(mine == theirs and len(mine) == 5,
          'installed fit profile --table == the build\'s, byte for byte\n    (4 runs, every column but the wall time)')
    bench = ['bench', 'run', '--optimizers', 'icaco', '--problems', 'profile-table',
             '--runs', '2', '--budget', '200']
    run([exe] + bench + ['-o', os.path.join(work, 'campaign')], cwd=here, env=env)
    check(os.path.isfile(os.path.join(work, 'campaign', 'runs.csv')),
          'installed bench run --problems profile-table finds the installed table')
    empty = os.path.join(work, 'nodata')
    os.makedirs(empty)
    p = run([exe] + bench + ['-o', os.path.join(work, 'campaign2')], cwd=here,
            env=dict(env, HERTZFIT_DATA=empty), expect=1)
    check(empty in p.stderr and len(p.stderr.strip().splitlines()) == 1,
          'HERTZFIT_DATA overrides the installed data (one line naming it)')

    # a user's program: find_package, both targets (and a plug-in)
    plugin_source = os.path.join(source, 'examples', 'plugins', 'one_plus_one_es.c')
    outputs = {}
    cbuild = os.path.join(work, 'consumer-cmake')
    run(['cmake', '-S', os.path.join(source, 'tests', 'install'), '-B', cbuild,
         f'-DCMAKE_C_COMPILER={cc}', f'-DCMAKE_PREFIX_PATH={moved}',
         '-DHERTZFIT_PLUGIN_SOURCE=' + plugin_source], cwd=work, env=env)
    run(['cmake', '--build', cbuild], cwd=work, env=env)
    # a program linked with the static library cannot know where the
    # library was installed: it is told by HERTZFIT_DATA
    static_env = dict(env, HERTZFIT_DATA=data)
    outputs['find_package shared'] = run([os.path.join(cbuild, 'consumer_shared')], cwd=here,
                                         env=env).stdout
    outputs['find_package static'] = run([os.path.join(cbuild, 'consumer_static')], cwd=here,
                                         env=static_env).stdout
    # ... and pkg-config, shared and --static
    pc_env = dict(env, PKG_CONFIG_PATH=os.path.join(lib, 'pkgconfig'))

    def pkg(*args):
        return run(['pkg-config'] + list(args) + ['hertzfit'], cwd=here, env=pc_env).stdout.split()
    check(run(['pkg-config', '--modversion', 'hertzfit'], cwd=here,
              env=pc_env).stdout.strip() == version, f'pkg-config --modversion = {version}')
    consumer = os.path.join(source, 'tests', 'install', 'consumer.c')
    shared_exe, static_exe = os.path.join(work, 'pc_shared'), os.path.join(work, 'pc_static')
    run([cc, '-o', shared_exe, consumer] + pkg('--cflags', '--libs') +
        [f'-Wl,-rpath,{lib}'], cwd=here, env=pc_env)
    static_libs = [os.path.join(lib, 'libhertzfit.a') if f == '-lhertzfit' else f
                   for f in pkg('--static', '--libs')]
    run([cc, '-o', static_exe, consumer] + pkg('--cflags') + static_libs, cwd=here, env=pc_env)
    check('libhertzfit' not in run(['ldd', static_exe], cwd=here, env=env).stdout,
          'pkg-config --static links libhertzfit.a')
    outputs['pkg-config shared'] = run([shared_exe], cwd=here, env=env).stdout
    outputs['pkg-config static'] = run([static_exe], cwd=here, env=static_env).stdout

    # a plug-in from the prefix: CMake's (above) and pkg-config's; no GSL
    # header reached from the public ones
    pc_plugin = os.path.join(work, 'pc_es.so')
    run([cc, '-shared', '-fPIC', '-o', pc_plugin, plugin_source] + pkg('--cflags'),
        cwd=here, env=pc_env)
    pre = run([cc, '-E', plugin_source] + pkg('--cflags'), cwd=here, env=pc_env).stdout
    check('gsl/' not in pre and 'gsl_' not in pre, 'the public headers include no GSL header')
    campaign = ['bench', 'run', '--problems', 'sphere:2,rastrigin:3', '--runs', '3',
                '--budget', '200', '--seed', '4']

    def plugin_results(program, plugin, name):
        out = os.path.join(work, name)
        run([program] + campaign + ['--optimizers', 'plugin:' + plugin, '-o', out], cwd=here,
            env=env)
        with open(os.path.join(out, 'runs.csv')) as f:
            rows = [line.split(',') for line in f.read().splitlines()]
        head = rows[0]
        keep = [head.index(k) for k in ('problem', 'run', 'best_f', 'evaluations', 'stop')]
        return [[row[i] for i in keep] for row in rows]
    ref = plugin_results(os.path.join(build, 'hertzfit'),
                         os.path.join(build, 'plugins', 'one_plus_one_es.so'), 'plugin-build')
    check(ref == plugin_results(exe, os.path.join(cbuild, 'plugin_es.so'), 'plugin-cmake'),
          'a plug-in built with find_package runs as the build\'s plug-in')
    check(ref == plugin_results(exe, pc_plugin, 'plugin-pc'),
          'a plug-in built with pkg-config runs as the build\'s plug-in')

    first = next(iter(outputs.values()))
    for how, out in outputs.items():
        print(f'{how}: {out.strip()!r}')
        check(out == first, f'{how} prints what the others print')
    check(f'data {data}\n' in first, 'the consumers find the data under the moved prefix')
    check(f'version {version}\n' in first, f'the installed headers are version {version}')

    # the MATLAB/Octave bindings, when the build made them
    matlab = os.path.join(lib, 'hertzfit', 'matlab')
    octave = shutil.which('octave-cli')
    if os.path.isdir(matlab) and octave:
        script = ("addpath('%s'); r = hertzfit_fit_profile('optimizer', 'icaco', 'runs', 4, "
                  "'seed', 7, 'table', '%s'); printf('%%.17g\\n', [r.rms_pct]); exit(0);"
                  % (matlab, os.path.join(data, 'safaeifar2020_table2.csv')))
        out = run([octave, '--no-gui', '--norc', '-q', '--eval', script], cwd=here, env=env).stdout
        rms = [row[mine[0].index('rms_pct')] for row in mine[1:]]
        check(out.split() == rms, 'the installed Octave bindings give the program\'s rms_pct')
    else:
        print('skipped: the Octave bindings (not built, or no octave-cli)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
