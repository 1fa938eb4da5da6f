# SPDX-License-Identifier: GPL-3.0-or-later
"""Maxwell: Hunter's model, Argatov's predictions, data, regressions, the fit."""
import numpy as np
import pytest

import hertzfit
from conftest import CLEAN

MU0, NU, ETA = 1e7, 0.5, 300.0


def test_simulate_and_predict():
    r = hertzfit.maxwell_simulate(MU0, NU, ETA, m=0.00051, R=0.0025, V0=[0.5, 1.0, 2.0])
    assert r.shape == (3,) and r.dtype.names == ("F_M", "t_M", "t_c", "e", "eps", "w_m")
    assert ((r["e"] > 0) & (r["e"] < 1)).all() and (np.diff(r["F_M"]) > 0).all()
    # an elastic material (η = 0) gives back all the energy: Hertz's impact
    elastic = hertzfit.maxwell_simulate(MU0, NU, 0.0, 0.00051, 0.0025, 1.0)
    assert float(elastic["e"]) == pytest.approx(1.0, abs=1e-9)
    # Argatov's first order agrees with the model to O(ε²) (ε ≈ 0.05 here)
    p = hertzfit.maxwell_predict(MU0, NU, ETA, 0.00051, 0.0025, [0.5, 1.0, 2.0])
    np.testing.assert_allclose(p["F_M"], r["F_M"], rtol=4 * r["eps"].max() ** 2)
    np.testing.assert_array_equal(p["eps"], r["eps"])
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.maxwell_simulate(MU0, 0.7, ETA, 0.00051, 0.0025, 1.0)
    assert "0.7" in str(e.value)
    with pytest.raises(hertzfit.Error):
        hertzfit.maxwell_predict(MU0, NU, -1.0, 0.00051, 0.0025, 1.0)


def test_read_data_and_from_arrays():
    data = hertzfit.read_maxwell_data(CLEAN)
    assert data.n == 18 and data.path == CLEAN and data.lines[0] == 2 and data.warnings == []
    sim = hertzfit.maxwell_simulate(MU0, NU, ETA, data.m, data.R, data.V0)
    # the file is Hunter's model at (1e7, 0.5, 300) written as %.17g
    np.testing.assert_array_equal(sim["F_M"], data.F_M)
    same = hertzfit.MaxwellData.from_arrays(data.m, data.R, data.V0, F_M=data.F_M)
    assert same.t_M is None and same.lines is None
    np.testing.assert_array_equal(same.F_M, data.F_M)
    synth = hertzfit.maxwell_synthesize(same, MU0, NU, ETA, noise=0.0)
    np.testing.assert_array_equal(synth.t_c, data.t_c)
    noisy = hertzfit.maxwell_synthesize(same, MU0, NU, ETA, noise=0.01, seed=5)
    assert 0 < np.abs(noisy.F_M / data.F_M - 1).max() < 0.05
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.read_maxwell_data("no/such/drops.csv")
    assert "no/such/drops.csv" in str(e.value)
    with pytest.raises(hertzfit.Error):
        hertzfit.MaxwellData.from_arrays([1.0], [0.01, 0.02], [1.0], e=[0.5])
    with pytest.raises(hertzfit.Error):
        hertzfit.MaxwellData.from_arrays([-1.0], [0.01], [1.0], e=[0.5])
    with pytest.raises(hertzfit.Error):
        hertzfit.maxwell_synthesize(same, MU0, NU, ETA, noise=0.5)


def test_bad_file_names_line_and_column(tmp_path):
    path = tmp_path / "drops.csv"
    path.write_text("m_g,D_mm,h_mm,F_M_kN\n5,10,100,oops\n")
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.read_maxwell_data(str(path))
    assert "drops.csv:2:" in str(e.value) and "oops" in str(e.value)


def test_regress_and_fit():
    data = hertzfit.read_maxwell_data(CLEAN)
    est = hertzfit.maxwell_regress(data, NU, "F_M")
    # Argatov's first-order line is biased by O(ε) at ε up to 0.2: within 5 %
    assert est.method == "regression" and est.observables == "F_M" and est.n == 18
    assert est.mu0 == pytest.approx(MU0, rel=0.05) and est.status in ("ok", "poorly-determined", "first-order-biased")
    rel = hertzfit.maxwell_regress(data, NU, "t_c", weights="relative")
    assert rel.observables == "t_c"
    # the full model has no truncation: clean data give the truth (the
    # optimiser's xtol 1e-9 and the ODE tolerance 1e-12 bound the error)
    fit = hertzfit.maxwell_fit(data, NU)
    assert fit.status == "converged" and not fit.suspect
    assert fit.estimate.mu0 == pytest.approx(MU0, rel=1e-4)
    assert fit.estimate.eta == pytest.approx(ETA, rel=1e-4)
    assert fit.residuals.shape == (18 * 4,) and np.abs(fit.residuals).max() < 1e-4
    # the full fit reports the correlation of its (mu0, eta) from the covariance
    assert -1.0 < fit.estimate.mu0_eta_corr < 1.0
    only = hertzfit.maxwell_fit(data, NU, observables=["F_M", "e"], optimizer="nlopt:LN_COBYLA")
    assert only.estimate.observables == "F_M+e" and only.residuals.shape == (36,)
    with pytest.raises(hertzfit.Error):
        hertzfit.maxwell_regress(data, NU, "e")          # no regression for e
    with pytest.raises(hertzfit.Error):
        hertzfit.maxwell_regress(data, NU, "F_X")
    with pytest.raises(hertzfit.Error):
        hertzfit.maxwell_regress(data, NU, "F_M", weights="heavy")
    with pytest.raises(hertzfit.Error):
        hertzfit.maxwell_fit(data, NU, method="curve-ish")
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.maxwell_fit(data, NU, optimizer="bobyqa")
    assert "nlopt:LN_BOBYQA" in str(e.value)
