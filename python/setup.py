# SPDX-License-Identifier: GPL-3.0-or-later
"""pip install ./python — builds the cffi extension against an installed
hertzfit (pkg-config) or the static library named by HERTZFIT_STATIC_LIB
(see hertzfit_build.py).  Offline, with Debian's packages:
    pip install --no-build-isolation --no-index ./python
"""
from setuptools import setup

setup(
    name="hertzfit",
    version="0.1.0",
    description="Calibration and identification of impact (contact-force) models",
    license="GPL-3.0-or-later",
    packages=["hertzfit"],
    python_requires=">=3.9",
    install_requires=["cffi>=1.15", "numpy>=1.21"],
    cffi_modules=["hertzfit_build.py:ffibuilder"],
    zip_safe=False,
)
