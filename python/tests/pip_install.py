#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""ctest python_pip_install: `pip install ./python` works offline.

    pip_install.py SOURCE_DIR LIBHERTZFIT_A INCLUDE_DIRS WORK BUILD_DIR CMAKE

Copies python/ to WORK/src (pip builds in the source tree; the checkout
stays clean) and installs it with Debian's pip, no network and no build
isolation, into a virtual environment WORK/venv that sees Debian's
packages (cffi, setuptools, NumPy; docs/python.md), twice: against the
static library LIBHERTZFIT_A named by HERTZFIT_STATIC_LIB, and against the
library found by pkg-config after `cmake --install BUILD_DIR --prefix
WORK/prefix`.  Each time the installed package runs with the environment's
python from WORK: it must be the one imported, reach the closed-form
minimum of Table 2 and minimise a Python function.  Exit 0 when all of that
holds."""
import os
import shutil
import subprocess
import sys

CHECK = """
import os, sys, hertzfit
assert hertzfit.__file__.startswith(sys.argv[1]), hertzfit.__file__
r = hertzfit.fit_profile(optimizer="icaco", runs=3, seed=7, table=sys.argv[2])
assert abs(r.summary.best - r.summary.identifiability.rms_min) < 1e-9, r.summary
s = hertzfit.minimize(lambda x: ((x - 0.25) ** 2).sum(), lower=[-1, -1], upper=[1, 1], seed=1)
assert s.f < 1e-12 and s.evaluations > 0, s
print("hertzfit", hertzfit.__version__, "from", os.path.dirname(hertzfit.__file__))
"""

source, static_lib, include_dirs, work, build, cmake = sys.argv[1:7]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
src = os.path.join(work, "src")
shutil.copytree(os.path.join(source, "python"), src,
                ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "tests"))
venv = os.path.join(work, "venv")
subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv], check=True)
python = os.path.join(venv, "bin", "python")
base = {k: v for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PKG_CONFIG_PATH") and not k.startswith("HERTZFIT_")}
base["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
prefix = os.path.join(work, "prefix")
subprocess.run([cmake, "--install", build, "--prefix", prefix], check=True,
               stdout=subprocess.DEVNULL)
pc_path = os.pathsep.join(os.path.join(prefix, d, "pkgconfig") for d in ("lib", "lib64"))
for how, extra in (("the static library", dict(HERTZFIT_STATIC_LIB=static_lib,
                                               HERTZFIT_INCLUDE_DIRS=include_dirs)),
                   ("pkg-config", dict(PKG_CONFIG_PATH=pc_path))):
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-build-isolation",
                    "--no-index", "--force-reinstall", "--no-deps", src],
                   env=dict(base, **extra), check=True)
    print("pip install with %s:" % how, end=" ", flush=True)
    subprocess.run([python, "-c", CHECK, venv,
                    os.path.join(source, "data", "safaeifar2020_table2.csv")],
                   env=base, cwd=work, check=True)
