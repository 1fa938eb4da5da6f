# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared paths of the Python tests (ctest `python` runs them from the
repository root with PYTHONPATH=build/python and HERTZFIT_EXE set)."""
import os

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLE = os.path.join(REPO, "data", "safaeifar2020_table2.csv")
CLEAN = os.path.join(REPO, "data", "maxwell_synthetic_clean.csv")
EXE = os.environ.get("HERTZFIT_EXE", os.path.join(REPO, "build", "hertzfit"))


@pytest.fixture
def table():
    return TABLE
