# SPDX-License-Identifier: GPL-3.0-or-later
"""The profile objective, its closed-form optimum and valley, and fit_profile."""
import numpy as np
import pytest

import hertzfit
from conftest import TABLE


def test_table_objective_reproduces_the_paper():
    obj = hertzfit.ProfileObjective(table=TABLE)
    k0, i_star, rms_min = obj.optimum()
    # Safaeifar & Farshidianfar report RMS 12.595 at a = 2.939, b = 3.409
    # with three decimals for a minimum the closed form puts at 12.5956: the
    # last digit is cut, not rounded, so one unit of it is the tolerance
    assert rms_min == pytest.approx(12.595, abs=1e-3)
    assert obj.rms(2.939, 3.409) == pytest.approx(12.595, abs=1e-3)
    assert k0 == pytest.approx(2 / (5 * i_star), rel=1e-15)
    # the valley passes every b at the minimum RMS
    b = np.array([2.0, 3.409, 5.0])
    a = obj.valley(b)
    np.testing.assert_allclose(obj.rms(a, b), rms_min, rtol=1e-12)
    np.testing.assert_allclose(obj.rms_k0(k0), rms_min, rtol=1e-15)
    q, worst, rows = obj.quadratic()
    assert rows == 110 and worst < 1e-3 and q[2] > 0
    assert obj.bounds == (1.0, 6.0, 1.5, 6.0)
    assert np.isnan(obj.rms(-1.0, 2.0))


def test_sampling_objective_array_and_file(tmp_path):
    default = hertzfit.ProfileObjective()
    c = np.array([float("0.%02d" % i) for i in range(1, 100)])
    from_array = hertzfit.ProfileObjective(sampling=c)
    path = tmp_path / "c.csv"
    path.write_text("c_r\n" + "\n".join("%.2f" % v for v in c) + "\n")
    from_file = hertzfit.ProfileObjective(sampling=str(path))
    assert from_array.optimum() == from_file.optimum()
    # the default grid is start + i·step, a few ulp from the decimals read
    np.testing.assert_allclose(default.optimum(), from_array.optimum(), rtol=1e-14)
    assert default.quadratic()[2] == 99


def test_objective_errors():
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.ProfileObjective(table="no/such/table.csv")
    assert "no/such/table.csv" in str(e.value)
    with pytest.raises(hertzfit.Error):
        hertzfit.ProfileObjective(sampling=[0.5, 1.5])
    # the rule is the library's (hf_profile_objective_make), for the
    # objective and for the study alike
    with pytest.raises(hertzfit.BadInputError, match="give table or sampling, not both"):
        hertzfit.ProfileObjective(table=TABLE, sampling=[0.5])
    with pytest.raises(hertzfit.BadInputError, match="give table or sampling, not both"):
        hertzfit.fit_profile(optimizer="icaco", runs=1, table=TABLE, sampling=[0.5])
    obj = hertzfit.ProfileObjective(table=TABLE)
    with pytest.raises(hertzfit.Error) as e:
        obj.set_bounds((3, 2, 1.5, 6))
    assert e.value.status == -12


def test_fit_profile_as_a_new_user_writes_it():
    r = hertzfit.fit_profile(optimizer="icaco", runs=50, seed=7,
                             table="data/safaeifar2020_table2.csv")
    assert r.runs.dtype.names == hertzfit.RUN_COLUMNS
    assert r.runs["rms_pct"].shape == (50,)
    s = r.summary
    ident = s.identifiability
    # every run reaches the closed-form minimum to the optimiser's precision
    assert s.best == ident.rms_min and s.worst - s.best < 1e-9
    assert s["median"] == s.median and s.finite == s.runs == 50
    assert s.std >= 0 and s.gap == 0.0 and ident.n_converged == 50
    assert list(ident.valley["b"]) == [1.5, 2, 3, 3.409, 4, 5, 6]
    assert not ident.valley["inside"][0] and ident.valley["inside"][1:].all()
    np.testing.assert_array_equal(r.x[:, 0], r.runs["a"])
    assert (r.runs["optimizer"] == "icaco").all() and (r.runs["status"] == "maxiter").all()


def test_fit_profile_options_and_threads():
    one = hertzfit.fit_profile(optimizer="ica", runs=6, seed=3, threads=1, table=TABLE,
                               max_evals=300, params={"countries": 30}, traces=True,
                               bounds=(1, 5, 2, 5), valley_b=[3.0])
    two = hertzfit.fit_profile(optimizer="ica", runs=6, seed=3, threads=2, table=TABLE,
                               max_evals=300, params={"countries": 30}, traces=True,
                               bounds=(1, 5, 2, 5), valley_b=[3.0])
    cols = [c for c in hertzfit.RUN_COLUMNS if c != "seconds"]
    for c in cols:
        np.testing.assert_array_equal(one.runs[c], two.runs[c])   # any thread count
    assert (one.runs["evals"] == 300).all()
    assert (one.x[:, 0] <= 5).all() and (one.x[:, 1] >= 2).all()
    assert len(one.summary.identifiability.valley) == 1
    for t, f in zip(one.traces, one.runs["rms_pct"]):
        assert t["best_f"][-1] == f and (np.diff(t["best_f"]) < 0).all()
    # a sampling objective object can be passed as the table
    obj = hertzfit.ProfileObjective()
    r = hertzfit.fit_profile(optimizer="nlopt:LN_BOBYQA", runs=2, objective=obj)
    assert r.summary.best == pytest.approx(obj.optimum().rms_min, abs=1e-9)


def test_fit_profile_errors():
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.fit_profile(optimizer="icaco2", runs=2, table=TABLE)
    assert "icaco" in str(e.value) and "nlopt:" in str(e.value)
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.fit_profile(runs=2, table=TABLE, params={"colonies": 3})
    assert "countries" in str(e.value)
    with pytest.raises(hertzfit.Error):
        hertzfit.fit_profile(runs=0, table=TABLE)
    with pytest.raises(hertzfit.Error):
        hertzfit.fit_profile(runs=2, threads=-1, table=TABLE)
    # more threads than OpenMP can allocate aborted the interpreter before
    # the library refused them
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.fit_profile(runs=2, threads=10**9, table=TABLE)
    assert "threads = 1000000000" in str(e.value)
    with pytest.raises(hertzfit.Error):
        hertzfit.fit_profile(runs=2, table=TABLE, valley_b=[-1.0])
    with pytest.raises(hertzfit.Error):
        hertzfit.fit_profile(runs=2, table=TABLE, objective=hertzfit.ProfileObjective())
