# SPDX-License-Identifier: GPL-3.0-or-later
"""Results bit-identical to the program's for the same seed.

`hertzfit fit profile --csv` prints every number as %.17g, which reads back
to the same double, and --trace writes each run's improvements with
best_f as %.17g: every column but the wall time, and every trace point,
must be equal to the bit."""
import csv
import io
import subprocess

import numpy as np
import pytest

import hertzfit
from conftest import EXE, TABLE


@pytest.mark.parametrize("optimizer,runs,seed,table", [("icaco", 50, 7, TABLE),
                                                       ("ica", 10, 3, TABLE),
                                                       ("nlopt:GN_DIRECT_L", 2, 1, TABLE),
                                                       ("icaco", 5, 2, None),
                                                       # the largest seed, same bits
                                                       ("random", 2, 2**64 - 1, TABLE)])
def test_fit_profile_matches_the_program(tmp_path, optimizer, runs, seed, table):
    trace = tmp_path / "trace.csv"
    objective = ["--table", table] if table else []   # else the default c_r grid
    out = subprocess.run([EXE, "fit", "profile", "--optimizer", optimizer, "--runs", str(runs),
                          "--seed", str(seed), "--threads", "2", "--csv",
                          "--trace", str(trace)] + objective,
                         check=True, capture_output=True, text=True).stdout
    rows = list(csv.DictReader(io.StringIO("".join(
        line + "\n" for line in out.splitlines() if not line.startswith("#")))))
    r = hertzfit.fit_profile(optimizer=optimizer, runs=runs, seed=seed, table=table,
                             traces=True)
    assert len(rows) == runs == len(r.runs)
    for row, mine in zip(rows, r.runs):
        for col in ("a", "b", "I", "K0", "rms_pct"):
            assert float(row[col]).hex() == float(mine[col]).hex(), (col, row, mine)
        for col in ("run", "seed", "evals", "iters"):
            assert int(row[col]) == int(mine[col])
        assert row["optimizer"] == mine["optimizer"] and row["status"] == mine["status"]
        assert (row["converged"] == "yes") == bool(mine["converged"])
    with open(trace) as f:
        points = list(csv.DictReader(f))
    for i, t in enumerate(r.traces):
        theirs = [p for p in points if int(p["run"]) == i]
        assert [int(p["evaluations"]) for p in theirs] == list(t["evaluations"])
        assert [int(p["iteration"]) for p in theirs] == list(t["iteration"])
        assert [float(p["best_f"]) for p in theirs] == list(t["best_f"])
    # and the summary the program prints (%.10g) is the summary's
    summary = [line for line in out.splitlines() if line.startswith("#   best ")][0]
    assert summary.split()[2] == "%.10g" % r.summary.best
    assert np.isfinite(r.summary.best)


def test_campaign_matches_the_program(tmp_path):
    """A campaign from Python is the program's: runs.csv holds best_f as %.17g."""
    from conftest import REPO
    args = dict(optimizers=["ica", "nlopt:LN_BOBYQA", "random"], problems=["rastrigin:2",
                                                                           "profile-table"],
                runs=3, budget=200, seed=11)
    subprocess.run([EXE, "bench", "run", "--optimizers", ",".join(args["optimizers"]),
                    "--problems", ",".join(args["problems"]), "--runs", "3", "--budget", "200",
                    "--seed", "11", "-o", str(tmp_path / "program")],
                   check=True, capture_output=True, cwd=REPO)
    mine = hertzfit.bench_run(str(tmp_path / "python"), data_dir=REPO + "/data", **args)
    with open(tmp_path / "program" / "runs.csv") as f:
        theirs = list(csv.DictReader(f))
    assert len(theirs) == len(mine.rows) == 18
    for row, m in zip(theirs, mine.rows):
        assert (row["optimizer"], row["problem"], int(row["run"]), int(row["stream"])) == \
            (m["optimizer"], m["problem"], m["run"], m["stream"])
        assert float(row["best_f"]).hex() == float(m["best_f"]).hex()
        assert int(row["evaluations"]) == m["evaluations"] and row["stop"] == m["stop"]
    info = mine.problem_info
    assert list(info["name"]) == ["profile-table", "rastrigin:2"] and list(info["dim"]) == [2, 2]
    assert info["has_optimum"].all() and info["f_opt"][1] == 0.0 and (info["budget"] == 200).all()


def test_version_is_the_program_s():
    out = subprocess.run([EXE, "--version"], check=True, capture_output=True, text=True).stdout
    assert hertzfit.__version__ in out and hertzfit.git_hash.split("-")[0] in out
