# SPDX-License-Identifier: GPL-3.0-or-later
"""The exact viscoelastic impact from Python: one library call each."""
import numpy as np
import pytest

import hertzfit

MU0, NU, ETA = 1e6, 0.45, 400.0


def test_simulate_matches_the_program_and_hunter_loading():
    r = hertzfit.viscoelastic_simulate(MU0, NU, 0.05, 0.01, [1.0, 2.0], eta=ETA)
    h = hertzfit.maxwell_simulate(MU0, NU, ETA, 0.05, 0.01, [1.0, 2.0])
    assert r.dtype.names == h.dtype.names and r.shape == (2,)
    # Hunter's loading is exact: F_M and w_m agree to the ODE error
    np.testing.assert_allclose(r["F_M"], h["F_M"], rtol=1e-9)
    np.testing.assert_allclose(r["w_m"], h["w_m"], rtol=1e-9)
    # his unloading overestimates e (docs/viscoelastic.md)
    assert (r["e"] < h["e"]).all()
    # docs/viscoelastic.md's `hertzfit viscoelastic simulate` example, printed
    # to 10 digits by the program
    assert float(r["e"][1]) == pytest.approx(0.4566428876, abs=1e-10)


def test_generalised_maxwell_and_history():
    kw = dict(eta=[40.0, 400.0, 4000.0], weight=[0.2, 0.3, 0.2])
    r = hertzfit.viscoelastic_simulate(MU0, NU, 0.05, 0.01, 2.0, **kw)
    t = np.linspace(0.0, float(r["t_c"]) * 1.1, 201)
    F = hertzfit.viscoelastic_force_history(MU0, NU, 0.05, 0.01, 2.0, t, **kw)
    assert F.shape == t.shape and F.max() <= float(r["F_M"]) * (1 + 1e-12)
    assert F[-1] == 0.0 and (F[1:-20] > 0).all()
    Fm = hertzfit.viscoelastic_force_history(MU0, NU, 0.05, 0.01, 2.0, [float(r["t_M"])], **kw)
    assert Fm[0] == pytest.approx(float(r["F_M"]), rel=1e-10)


def test_bad_material_raises():
    with pytest.raises(hertzfit.Error, match="weight"):
        hertzfit.viscoelastic_simulate(MU0, NU, 0.05, 0.01, 1.0, eta=[1.0, 2.0])
    with pytest.raises(hertzfit.Error, match="sum"):
        hertzfit.viscoelastic_simulate(MU0, NU, 0.05, 0.01, 1.0, eta=[1.0, 2.0],
                                       weight=[0.7, 0.6])


def test_identify_is_the_program_s():
    """The Python call and `hertzfit viscoelastic fit --csv` are one library
    call: the same numbers to the program's printed digits."""
    import csv
    import io
    import os
    import subprocess
    from conftest import EXE, REPO
    path = os.path.join(REPO, "data", "drop_traces", "drops.csv")
    r = hertzfit.viscoelastic_identify(path, 0.5, model="maxwell")
    out = subprocess.run([EXE, "viscoelastic", "fit", "--data", path, "--nu", "0.5",
                          "--model", "maxwell", "--csv"], capture_output=True, text=True,
                         check=True).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    (fit,) = r["fits"]
    assert r["chosen"] == "maxwell" and fit["model"] == "maxwell"
    # Hunter-made data: the exact model is not the generating one
    assert fit["status"] == rows[0]["status"] == "model-inadequate"
    for row in rows:
        value, se = fit["params"][row["param"]]
        assert value == pytest.approx(float(row["value"]), rel=1e-9)
        assert se == pytest.approx(float(row["se"]), rel=1e-9)
    with pytest.raises(hertzfit.Error, match="voigt"):
        hertzfit.viscoelastic_identify(path, 0.5, model="voigt")


def test_feature_fit_is_the_program_s(tmp_path):
    """Features (the table `maxwell extract --csv` writes, with its
    uncertainties) fitted on the exact model: the Python call and the
    program are one library call, the same numbers to every printed digit."""
    import csv
    import io
    import os
    import subprocess
    from conftest import EXE, REPO
    features = tmp_path / "features.csv"
    features.write_text(subprocess.run(
        [EXE, "maxwell", "extract", "--data", os.path.join(REPO, "data", "drop_traces",
                                                           "drops.csv"), "--csv"],
        capture_output=True, text=True, check=True).stdout)
    r = hertzfit.viscoelastic_identify(str(features), 0.5, model="sls")
    out = subprocess.run([EXE, "viscoelastic", "fit", "--data", str(features), "--nu", "0.5",
                          "--model", "sls", "--csv"], capture_output=True, text=True,
                         check=True).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    (fit,) = r["fits"]
    assert fit["model"] == "sls" and len(rows) == 3
    for row in rows:
        value, se = fit["params"][row["param"]]
        assert repr(value) == repr(float(row["value"])) and repr(se) == repr(float(row["se"]))
        assert fit["status"] == row["status"]
        assert float(row["chi2_red"]) == fit["chi2_red"]
    with pytest.raises(hertzfit.Error, match="maxwell, sls or prony:N"):
        hertzfit.viscoelastic_identify(str(features), 0.5, model="kelvin-voigt")
