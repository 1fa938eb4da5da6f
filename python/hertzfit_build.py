# SPDX-License-Identifier: GPL-3.0-or-later
"""cffi builder of hertzfit._hertzfit, the C extension under the hertzfit package.

API (out-of-line) mode.  The declarations (cdef) are generated from the public
headers at build time: the C preprocessor expands hertzfit/hertzfit.h (with
-dD, so the constants' #defines stay), and a small filter keeps what the
hertzfit/ headers themselves declare, drops the system headers' part, and
turns each literal constant into a declaration cffi understands (an integer
as `#define NAME ...`, a number as `static const double NAME;`, a string as
`static const char *const NAME;`).  So the Python package declares exactly
the C API and cannot drift from it.  Kept by hand: only what the headers take
from system headers (PRELUDE: free()), the binding's own callbacks
(CALLBACKS: the extern "Python" functions) and the functions of its SIGINT
hook (C in SOURCE, declared in CALLBACKS too).

Where the library is found, first match wins:
  HERTZFIT_STATIC_LIB=/path/libhertzfit.a and HERTZFIT_INCLUDE_DIRS=dir[:dir]
      link that static library (the CMake build does this; its dependencies
      come from pkg-config: gsl nlopt libcrypto matio hdf5, and OpenMP; the
      rest, pagmo, the C++ runtime and MuJoCo where found, from
      hertzfit-static-libs.txt, which CMake writes beside the static library);
  otherwise `pkg-config --cflags --libs hertzfit` (an installed hertzfit; set
      PKG_CONFIG_PATH to PREFIX/lib/pkgconfig for a private prefix).
HERTZFIT_EXTRA_LINK adds linker flags (the sanitizer build's -fsanitize=...).
CC names the C compiler whose preprocessor reads the headers (default cc).

Run as a script to build the extension into a folder:
    python3 hertzfit_build.py OUTDIR      ->  OUTDIR/hertzfit/_hertzfit*.so
"""
import os
import re
import shlex
import subprocess
import sys

import cffi

# What the public headers take from system headers, by hand: cffi knows
# size_t, the <stdint.h> types and FILE; free() releases what the library
# malloc'ed.
PRELUDE = r"""
void free(void *ptr);
"""

# The binding's own declarations, after the headers': Python functions the
# library calls back (an objective, and a run of a Python optimiser).
CALLBACKS = r"""
extern "Python" double hfpy_objective(const double *x, void *ctx);
extern "Python" hf_status hfpy_algorithm_run(const hf_algo_run *ctx, hf_diag *diag);
void hfpy_interrupt_watch(void);
void hfpy_interrupt_unwatch(void);
int hfpy_interrupt_seen(void);
int hfpy_sigint_hook(void);
void hfpy_sigint_unhook(void);
"""

HEADER = "hertzfit/hertzfit.h"


def _is_public(path, include_dirs):
    """A file of the hertzfit/ folder of one of the include folders."""
    path = os.path.realpath(path)
    return any(os.path.dirname(path) == os.path.realpath(os.path.join(d, "hertzfit"))
               for d in include_dirs)


def _constant(name, value):
    """The cdef line of `#define NAME VALUE`, or None for what is not a literal."""
    value = value.strip()
    while value.startswith("(") and value.endswith(")"):
        value = value[1:-1].strip()
    if re.fullmatch(r"-?(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*", value):
        return "#define %s ..." % name
    if re.fullmatch(r"-?([0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)([eE][-+]?[0-9]+)?", value):
        return "static const double %s;" % name
    if re.fullmatch(r'"[^"\\]*"', value):
        return "static const char *const %s;" % name
    return None


def generate_cdef(include_dirs):
    """The cdef of every public header: preprocessed, filtered to the hertzfit/
    headers' own text, with their literal constants."""
    cc = shlex.split(os.environ.get("CC", "cc"))
    cmd = cc + ["-E", "-dD", "-std=c11", "-D__attribute__(x)="] + \
        ["-I" + d for d in include_dirs] + ["-x", "c", "-"]
    out = subprocess.run(cmd, input='#include "%s"\n' % HEADER, capture_output=True,
                         text=True)
    if out.returncode != 0:
        raise SystemExit("the C preprocessor failed on %s (%s): %s"
                         % (HEADER, " ".join(cmd), out.stderr.strip()))
    keep, constants, public = [], [], False
    for line in out.stdout.splitlines():
        marker = re.match(r'^# \d+ "([^"]*)"', line)
        if marker:
            public = _is_public(marker.group(1), include_dirs)
            continue
        if not public:
            continue
        define = re.match(r"^#define ([A-Z][A-Z0-9_]*)(?:\s+(.*))?$", line)
        if define:
            if not define.group(1).endswith("_H") and define.group(2):
                decl = _constant(define.group(1), define.group(2))
                if decl:
                    constants.append(decl)
            continue
        if line.startswith("#"):
            continue   # #undef, function-like macros, pragmas
        keep.append(line)
    return (PRELUDE + "\n".join(constants) + "\n" + "\n".join(l for l in keep if l.strip())
            + "\n" + CALLBACKS)


# The extension's own C: Ctrl-C for the library's loops.  Python runs its
# SIGINT handler only between bytecodes, so a call that stays in C (a
# campaign, a fit by hertzfit's own optimisers) would learn of Ctrl-C only
# when it returns.  While a library call of the main thread is in progress,
# hfpy_on_sigint stands in front of Python's C-level handler: it raises a
# flag the library polls (hf_interrupt_set) before every evaluation and
# trust-region iteration, and hands the signal on to Python's handler, so
# that Python raises KeyboardInterrupt as soon as the call returns.  The
# flag is a volatile sig_atomic_t written by the handler (and cleared while
# no call is in progress): reading it needs no lock and no GIL, on any of
# the library's threads.  _core.InterruptScope pairs the calls.
SOURCE = r"""
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "hertzfit/hertzfit.h"

static volatile sig_atomic_t hfpy_interrupted;
static struct sigaction hfpy_python_sigint;   /* the handler hfpy_on_sigint hands on to */

static int hfpy_interrupt_pending(void) { return hfpy_interrupted != 0; }

static void hfpy_on_sigint(int sig, siginfo_t *info, void *context)
{
    hfpy_interrupted = 1;
    if (hfpy_python_sigint.sa_flags & SA_SIGINFO)
        hfpy_python_sigint.sa_sigaction(sig, info, context);
    else if (hfpy_python_sigint.sa_handler != SIG_DFL && hfpy_python_sigint.sa_handler != SIG_IGN)
        hfpy_python_sigint.sa_handler(sig);
}

/* the first call in progress: a clear flag, which the library polls */
static void hfpy_interrupt_watch(void)
{
    hfpy_interrupted = 0;
    hf_interrupt_set(hfpy_interrupt_pending);
}

/* the last call returned: the library polls nothing */
static void hfpy_interrupt_unwatch(void)
{
    hf_interrupt_set(NULL);
    hfpy_interrupted = 0;
}

static int hfpy_interrupt_seen(void) { return hfpy_interrupted != 0; }

/* 1 when hfpy_on_sigint now stands in front of the SIGINT handler that was
 * there (Python's); 0, nothing changed, when there was none to hand on to
 * (SIG_DFL, SIG_IGN) or sigaction failed. */
static int hfpy_sigint_hook(void)
{
    struct sigaction hook;
    if (sigaction(SIGINT, NULL, &hfpy_python_sigint) != 0)
        return 0;
    if (!(hfpy_python_sigint.sa_flags & SA_SIGINFO) &&
        (hfpy_python_sigint.sa_handler == SIG_DFL || hfpy_python_sigint.sa_handler == SIG_IGN))
        return 0;
    memset(&hook, 0, sizeof hook);
    hook.sa_sigaction = hfpy_on_sigint;
    hook.sa_mask = hfpy_python_sigint.sa_mask;
    hook.sa_flags = (hfpy_python_sigint.sa_flags | SA_SIGINFO) & ~SA_RESETHAND;
    return sigaction(SIGINT, &hook, NULL) == 0;
}

/* Puts back the handler hfpy_sigint_hook found, unless another one has
 * been set since (which then stays). */
static void hfpy_sigint_unhook(void)
{
    struct sigaction now;
    if (sigaction(SIGINT, NULL, &now) == 0 && (now.sa_flags & SA_SIGINFO) &&
        now.sa_sigaction == hfpy_on_sigint)
        sigaction(SIGINT, &hfpy_python_sigint, NULL);
}
"""


def _pkg_config(*args):
    out = subprocess.run(["pkg-config", *args], check=True, capture_output=True, text=True)
    return shlex.split(out.stdout)


def _split_flags(flags):
    """-I/-L/-l flags to setuptools' lists; the rest stays as compile/link args."""
    include_dirs, library_dirs, libraries, other = [], [], [], []
    for flag in flags:
        if flag.startswith("-I"):
            include_dirs.append(flag[2:])
        elif flag.startswith("-L"):
            library_dirs.append(flag[2:])
        elif flag.startswith("-l"):
            libraries.append(flag[2:])
        else:
            other.append(flag)
    return include_dirs, library_dirs, libraries, other


def _library_flags():
    static_lib = os.environ.get("HERTZFIT_STATIC_LIB")
    if static_lib:
        include_dirs = [os.path.abspath(d)
                        for d in os.environ.get("HERTZFIT_INCLUDE_DIRS", "").split(os.pathsep)
                        if d]
        # matio and HDF5: the trace readers of .mat and HDF5 files; Debian
        # names HDF5's module hdf5-serial on some releases
        hdf5 = "hdf5" if subprocess.run(["pkg-config", "--exists", "hdf5"]).returncode == 0 \
            else "hdf5-serial"
        deps = _pkg_config("--libs", "gsl", "nlopt", "libcrypto", "matio", hdf5)
        # pagmo, the C++ runtime and the optional libraries the build found
        # (MuJoCo), listed by CMake beside the static library
        listed = os.path.join(os.path.dirname(os.path.abspath(static_lib)),
                              "hertzfit-static-libs.txt")
        if os.path.exists(listed):
            with open(listed, encoding="utf-8") as f:
                deps += shlex.split(f.read())
        inc, libdirs, libs, other = _split_flags(deps)
        kwargs = dict(include_dirs=include_dirs + inc, library_dirs=libdirs,
                      libraries=libs + ["m"],
                      extra_objects=[os.path.abspath(static_lib)],
                      extra_compile_args=["-fopenmp"], extra_link_args=["-fopenmp"] + other)
    else:
        try:
            flags = _pkg_config("--cflags", "--libs", "hertzfit")
        except (OSError, subprocess.CalledProcessError) as exc:
            raise SystemExit("hertzfit not found: install the library (cmake --install) and "
                             "set PKG_CONFIG_PATH to PREFIX/lib/pkgconfig, or set "
                             "HERTZFIT_STATIC_LIB and HERTZFIT_INCLUDE_DIRS (%s)" % exc)
        inc, libdirs, libs, other = _split_flags(flags)
        compile_args = [f for f in other if f.startswith("-f") or f.startswith("-D")]
        kwargs = dict(include_dirs=inc, library_dirs=libdirs, libraries=libs,
                      runtime_library_dirs=libdirs, extra_compile_args=compile_args,
                      extra_link_args=other)
    kwargs["extra_link_args"] += shlex.split(os.environ.get("HERTZFIT_EXTRA_LINK", ""))
    return kwargs


_FLAGS = _library_flags()
ffibuilder = cffi.FFI()
ffibuilder.cdef(generate_cdef(_FLAGS["include_dirs"]))
ffibuilder.set_source("hertzfit._hertzfit", SOURCE, **_FLAGS)

if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: hertzfit_build.py OUTDIR")
    ffibuilder.compile(tmpdir=sys.argv[1], verbose=False)
