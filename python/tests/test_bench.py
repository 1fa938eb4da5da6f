# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmark campaigns and their report, a Python optimiser among ICA, ICACO
and NLopt."""
import os

import numpy as np
import pytest

import hertzfit
from conftest import REPO


def py_one_plus_one_es(ctx):
    """A user's algorithm: a (1+1)-ES with the one-fifth success rule."""
    x = ctx.uniform_point()
    fx = ctx.evaluate(x)
    sigma = ctx.params["sigma0"] * (ctx.upper - ctx.lower)
    while not ctx.should_stop():
        y = np.clip(x + sigma * ctx.normal(size=(ctx.dim,)), ctx.lower, ctx.upper)
        fy = ctx.evaluate(y)
        if fy <= fx:
            x, fx = y, fy
            sigma *= 1.5
        else:
            sigma *= 1.5 ** -0.25
        ctx.end_iteration()


@pytest.fixture(scope="module")
def registered():
    if "py-es" not in hertzfit.optimizers():
        hertzfit.register_optimizer("py-es", py_one_plus_one_es,
                                    params={"sigma0": (0.3, 1e-6, 1.0, "first step, of the box")},
                                    max_evals=1000)
    return "py-es"


def test_campaign_with_a_python_optimizer(tmp_path, registered):
    names = ["ica", "icaco", "nlopt:LN_BOBYQA", registered]
    kw = dict(optimizers=names, problems=["sphere:2", "rastrigin:2"], runs=3, budget=300, seed=7)
    one = hertzfit.bench_run(str(tmp_path / "one"), threads=1, **kw)
    two = hertzfit.bench_run(str(tmp_path / "two"), threads=2, **kw)
    assert one.optimizers == sorted(names) and one.problems == ["rastrigin:2", "sphere:2"]
    assert len(one.rows) == 4 * 2 * 3 and (one.rows["evaluations"] <= 300).all()
    for col in ("optimizer", "problem", "run", "stream", "best_f", "evaluations", "stop"):
        np.testing.assert_array_equal(one.rows[col], two.rows[col])   # any thread count
    mine = one.rows[(one.rows["optimizer"] == registered) & (one.rows["problem"] == "sphere:2")]
    assert (mine["error"] < 1e-6).all()
    ert, successes, runs = one.ert(registered, "sphere:2", 1e-3)
    assert successes == runs == 3 and 0 < ert <= 300
    back = hertzfit.bench_read(str(tmp_path / "one"))
    np.testing.assert_array_equal(back.rows["best_f"], one.rows["best_f"])
    text = hertzfit.bench_report(str(tmp_path / "one"), str(tmp_path / "report"))
    assert text.startswith("## Benchmark summary") and registered in text
    assert os.path.exists(tmp_path / "report" / "ranking.csv")
    again = one.report(str(tmp_path / "report"), targets=[1e-2])
    assert "1e-02" in again


def test_campaign_errors(tmp_path):
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.bench_run(str(tmp_path / "x"), optimizers=["ica"], problems=["spheer:2"])
    assert "sphere" in str(e.value) and not os.path.exists(tmp_path / "x")
    with pytest.raises(hertzfit.Error):
        hertzfit.bench_run(str(tmp_path / "x"), optimizers=["ica"], problems=["sphere:2"],
                           budget="ten")
    with pytest.raises(hertzfit.Error):
        hertzfit.bench_run(str(tmp_path / "x"))
    for threads in (-1, 10**9):   # the library refuses both, before any folder is made
        with pytest.raises(hertzfit.Error) as e:
            hertzfit.bench_run(str(tmp_path / "x"), optimizers=["ica"], problems=["sphere:2"],
                               threads=threads)
        assert "threads = %d" % threads in str(e.value) and not os.path.exists(tmp_path / "x")
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.bench_run(str(other), optimizers=["ica"], problems=["sphere:2"], runs=1)
    assert e.value.status == -15 and "notes.txt" in str(e.value)
    with pytest.raises(hertzfit.Error):
        hertzfit.bench_read(str(tmp_path / "nothing"))
    c = hertzfit.bench_run(str(tmp_path / "ok"), optimizers=["random"], problems=["sphere:2"],
                           runs=1, budget="50*d")
    assert c.rows["evaluations"][0] == 100
    with pytest.raises(hertzfit.Error):
        c.ert("ica", "sphere:2", 1e-3)


def test_campaign_preset_and_a_raising_optimizer(tmp_path):
    def broken(ctx):
        raise KeyError("no such state")

    hertzfit.register_optimizer("py-broken-bench", broken, max_evals=10)
    with pytest.raises(KeyError):
        hertzfit.bench_run(str(tmp_path / "b"), optimizers=["py-broken-bench"],
                           problems=["sphere:2"], runs=2)
    assert not os.path.exists(tmp_path / "b")
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.bench_run(str(tmp_path / "p"), preset="papers")
    assert "paper" in str(e.value)


def test_bench_finds_the_data_as_the_program_does(tmp_path, monkeypatch):
    # the default data folder was "data" relative to the working directory,
    # so outside the repository profile-table failed whatever HERTZFIT_DATA
    # or the installation said; now it is the library's hf_data_dir
    monkeypatch.setenv("HERTZFIT_DATA", os.path.join(REPO, "data"))
    monkeypatch.chdir(tmp_path)
    c = hertzfit.bench_run(str(tmp_path / "camp"), optimizers=["random"],
                           problems=["profile-table"], runs=1, budget=50)
    assert c.problems == ["profile-table"] and np.isfinite(c.rows["best_f"]).all()
