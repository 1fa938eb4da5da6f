# SPDX-License-Identifier: GPL-3.0-or-later
"""Which statuses are bad input is said once (HF_STATUS_LIST, answered by
hf_status_is_bad_input); Python's exception class derives from it: a bad-input
status raises hertzfit.BadInputError, every other failure plain hertzfit.Error.
The expected split is written out by hand from what each status means (as in
tests/test_status.c, which checks the program's exit code against the same
function), so a status that moves between the groups fails here too."""
import subprocess

import pytest

import hertzfit
from hertzfit._core import lib

from conftest import EXE

BAD_INPUT = {"HF_EDOM", "HF_EINVAL", "HF_EIO", "HF_EPARSE", "HF_ENOTFOUND", "HF_EBRACKET",
             "HF_ESINGULAR", "HF_EBOUNDS", "HF_ERANGE", "HF_EMISMATCH", "HF_EEXIST",
             "HF_EMISSING"}
FAILED = {"HF_ENOMEM", "HF_ENOCONV", "HF_EGSL", "HF_ENLOPT", "HF_EWRITE", "HF_EINTERRUPTED"}


@pytest.mark.parametrize("name", sorted(BAD_INPUT | FAILED))
def test_exception_class_follows_library(name):
    status = getattr(lib, name)
    assert lib.hf_status_is_bad_input(status) == (name in BAD_INPUT)
    err = hertzfit.Error(status, "message")
    assert isinstance(err, hertzfit.Error)
    assert isinstance(err, hertzfit.BadInputError) == (name in BAD_INPUT)
    assert err.status == status and str(err) == "message"


def test_singular_regression_is_bad_input(tmp_path):
    # HF_ESINGULAR: every drop at one speed; the program exits 2 on the same file
    path = tmp_path / "singular.csv"
    path.write_text("m_kg,R_m,V0_mps,F_M_N\n0.00051,0.0025,1,3\n0.00051,0.0025,1,3.1\n"
                    "0.00051,0.0025,1,2.9\n")
    with pytest.raises(hertzfit.BadInputError, match="singular"):
        hertzfit.maxwell_regress(hertzfit.read_maxwell_data(str(path)), 0.5)
    rc = subprocess.run([EXE, "maxwell", "fit", "--data", str(path), "--nu", "0.5",
                         "--method", "regression"], capture_output=True).returncode
    assert rc == 2
