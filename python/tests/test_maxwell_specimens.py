# SPDX-License-Identifier: GPL-3.0-or-later
"""Specimens, the comparison and provenance from Python: the same numbers
and the same provenance as the program (hf_maxwell_identify_specimens,
hf_maxwell_compare, hf_maxwell_provenance behind both)."""
import csv
import hashlib
import io
import os
import subprocess

import numpy as np

import hertzfit
from conftest import EXE, REPO

SPECIMENS = os.path.join("data", "maxwell_specimens.csv")
DROPS = os.path.join("data", "drop_traces", "drops.csv")


def program(*args):
    run = subprocess.run([EXE, "maxwell"] + list(args) + ["--csv"], capture_output=True,
                         text=True, cwd=REPO)
    assert run.returncode == 0, run.stderr
    prov = dict(l[2:].split(" = ", 1) for l in run.stdout.splitlines() if l.startswith("# "))
    rows = list(csv.DictReader(io.StringIO("".join(
        l for l in run.stdout.splitlines(True) if not l.startswith("#")))))
    return prov, rows


def same_double(printed, mine):
    assert float(printed) == mine or (printed == "NA" and np.isnan(mine)), (printed, mine)


def test_compare_is_the_programs():
    os.chdir(REPO)
    prov, rows = program("compare", "--data", SPECIMENS, "--nu", "0.5")
    x = hertzfit.maxwell_compare(hertzfit.read_maxwell_data(SPECIMENS), 0.5)
    assert x.method == "full" and len(x.pairs) == len(rows) == 3
    for row, mine in zip(rows, x.pairs):
        for col in hertzfit.COMPARE_COLUMNS:
            if mine.dtype[col].kind == "U":
                assert row[col] == mine[col]
            else:
                same_double(row[col], mine[col])
    assert [p["differ"] for p in x.pairs] == ["no", "yes", "yes"]
    assert x.provenance == prov
    assert prov["data_sha256"] == hashlib.sha256(open(SPECIMENS, "rb").read()).hexdigest()


def test_fit_per_specimen_is_the_programs():
    os.chdir(REPO)
    prov, rows = program("fit", "--data", SPECIMENS, "--nu", "0.5", "--method", "full")
    fits = hertzfit.maxwell_fit_specimens(hertzfit.read_maxwell_data(SPECIMENS), 0.5,
                                          method="full")
    assert [s.name for s in fits.specimens] == ["A-1", "A-2", "B"] == [r["specimen"]
                                                                        for r in rows]
    for row, s in zip(rows, fits.specimens):
        (r,) = s.rows
        assert row["status"] == r.status == "converged" and r.trusted
        same_double(row["mu0_Pa"], r.estimate.mu0)
        same_double(row["eta_per_s"], r.estimate.eta)
    assert fits.provenance == prov
    # the same fit of one list through maxwell_fit: its provenance too
    prov, _ = program("fit", "--data", "data/maxwell_synthetic_noisy.csv", "--nu", "0.5",
                      "--method", "full", "--observables", "F_M,t_M")
    fit = hertzfit.maxwell_fit(hertzfit.read_maxwell_data("data/maxwell_synthetic_noisy.csv"),
                               0.5, observables=["F_M", "t_M"])
    assert fit.provenance == prov and prov["observables"] == "F_M+t_M"


def test_extract_provenance_and_specimens_in_memory():
    os.chdir(REPO)
    prov, _ = program("extract", "--data", DROPS, "--impact", "all")
    table = hertzfit.maxwell_extract(hertzfit.read_maxwell_data(DROPS), impact="all")
    assert table.provenance == prov
    assert prov["trace_12"] == "data/drop_traces/drop12.csv"
    assert prov["trace_12_sha256"] == hashlib.sha256(
        open(prov["trace_12"], "rb").read()).hexdigest()
    assert (table["e"] > 0.8).all() and (table["u_e"] < 0.01).all()
    # specimens named in memory: the table's specimen column, fitted back
    d = hertzfit.read_maxwell_data(SPECIMENS)
    mem = hertzfit.MaxwellData.from_arrays(d.m, d.R, d.V0, F_M=d.F_M, t_M=d.t_M, t_c=d.t_c,
                                           e=d.e, specimen=d.specimen)
    assert mem.specimen == d.specimen
    x = hertzfit.maxwell_compare(mem, 0.5)
    assert [p["differ"] for p in x.pairs] == ["no", "yes", "yes"]
    assert "data" not in x.provenance and x.provenance["git_hash"] == hertzfit.git_hash


def test_report_is_the_programs(tmp_path):
    """hertzfit.maxwell_report and `hertzfit maxwell report -o DIR` make one
    call (hf_maxwell_report_compute): each section's rows are the program's
    section CSV (9 digits, as it prints them), statuses, trust and the
    comparison too, and the provenance is its provenance.csv but for the
    command line."""
    os.chdir(REPO)
    out = tmp_path / "report"
    run = subprocess.run([EXE, "maxwell", "report", "--data", SPECIMENS, "--nu", "0.5", "-o",
                          str(out)], capture_output=True, text=True, cwd=REPO)
    assert run.returncode == 0, run.stderr
    r = hertzfit.maxwell_report(hertzfit.read_maxwell_data(SPECIMENS), 0.5)
    assert [s.name for s in r.sections] == ["A-1", "A-2", "B"] and r.trusted
    for k, s in enumerate(r.sections):
        assert list(s.drops) == list(range(18 * k, 18 * k + 18))
        with open(out / ("section%d_estimates.csv" % (k + 1))) as f:
            printed = list(csv.DictReader(f))
        rows = s.features_rows + s.curve_rows
        assert len(rows) == len(printed)
        for row, mine in zip(printed, rows):
            assert row["status"] == mine.status and row["trusted"] == str(int(mine.trusted))
            for col, value in (("mu0_Pa", mine.estimate.mu0), ("eta_per_s", mine.estimate.eta),
                               ("mu0_se_Pa", mine.estimate.mu0_se)):
                assert row[col] == ("%.9g" % value if np.isfinite(value) else "NA"), (col, row)
    with open(out / "comparison.csv") as f:
        pairs = list(csv.DictReader(f))
    assert len(pairs) == len(r.comparison) == 3 and r.comparison_error == ""
    for row, mine in zip(pairs, r.comparison):
        assert (row["specimen_a"], row["specimen_b"], row["differ"]) == \
            (mine["specimen_a"], mine["specimen_b"], mine["differ"])
    with open(out / "provenance.csv") as f:
        recorded = {row["key"]: row["value"] for row in csv.DictReader(f)}
    recorded.pop("command")
    assert r.provenance == recorded
