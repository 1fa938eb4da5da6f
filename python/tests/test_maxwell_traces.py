# SPDX-License-Identifier: GPL-3.0-or-later
"""Maxwell lab data: force traces, Hunter's F(t), the extraction and the
whole-curve fit, bit-identical to the program.

`hertzfit maxwell extract --csv` and `hertzfit maxwell fit --csv` print
every number as %.17g, which reads back to the same double: every value
must be equal to the bit."""
import csv
import io
import os
import subprocess

import numpy as np
import pytest

import hertzfit
from conftest import CLEAN, EXE, REPO

DROPS = os.path.join("data", "drop_traces", "drops.csv")   # relative: the program's file names
MU0, NU, ETA = 1e6, 0.5, 100.0                              # what the traces were made with
M, R, V0 = 0.00408, 0.005, 0.6263114241333938               # drop01's impactor


def _header_lines(path):
    """The lines before a trace file's samples: its '#' provenance and the
    header t_s,F_N."""
    with open(path) as f:
        return 1 + sum(1 for line in f if line.startswith("#"))


@pytest.fixture(scope="module")
def drops():
    os.chdir(REPO)
    return hertzfit.read_maxwell_data(DROPS)


def program_csv(*args, rc=0):
    run = subprocess.run([EXE, "maxwell"] + list(args) + ["--csv"],
                         capture_output=True, text=True, cwd=REPO)
    assert run.returncode == rc, run.stderr
    return list(csv.DictReader(io.StringIO("".join(
        l for l in run.stdout.splitlines(True) if not l.startswith("#")))))


def program_provenance(*args, rc=0):
    """The '# key = value' lines of `hertzfit maxwell ARGS --csv` as a dict."""
    run = subprocess.run([EXE, "maxwell"] + list(args) + ["--csv"],
                         capture_output=True, text=True, cwd=REPO)
    assert run.returncode == rc, run.stderr
    return dict(l[2:].split(" = ", 1) for l in run.stdout.splitlines() if l.startswith("# "))


def fails(needle, fn, *args, **kwargs):
    """FN(*ARGS, **KWARGS) raises hertzfit.Error whose message holds NEEDLE."""
    with pytest.raises(hertzfit.Error) as e:
        fn(*args, **kwargs)
    assert needle in str(e.value), str(e.value)
    return e.value


def same_double(printed, mine):
    assert float(printed).hex() == float(mine).hex(), (printed, mine)


def test_traces_are_read_in_si(drops):
    assert drops.n == 12 and len(drops.traces) == 12 and drops.F_M is None
    first = drops.traces[0]
    assert first.path == os.path.join("data", "drop_traces", "drop01.csv")
    # the trace file's own columns, t_s and F_N, read independently
    t, F = np.loadtxt(first.path, delimiter=",", comments="#", skiprows=_header_lines(first.path),
                      unpack=True)
    np.testing.assert_array_equal(first.t, t)
    np.testing.assert_array_equal(first.F, F)
    for tr in drops.traces:
        assert tr.t.shape == tr.F.shape and (np.diff(tr.t) > 0).all()
    assert hertzfit.read_maxwell_data(CLEAN).traces is None


def test_force_history():
    r = hertzfit.maxwell_simulate(MU0, NU, ETA, M, R, V0)
    t = np.linspace(0.0, 1.2 * float(r["t_c"]), 600).reshape(20, 30)
    F = hertzfit.maxwell_force_history(MU0, NU, ETA, M, R, V0, t)
    assert F.shape == (20, 30) and F[0, 0] == 0.0
    # zero after the contact ends; the sampled peak below the simulated one
    assert (F.reshape(-1)[t.reshape(-1) > float(r["t_c"])] == 0.0).all()
    assert 0.99 * float(r["F_M"]) < F.max() <= float(r["F_M"]) * (1 + 1e-9)
    # at the simulated t_M the force is the simulated F_M: both ~1e-10 of the peak
    peak = hertzfit.maxwell_force_history(MU0, NU, ETA, M, R, V0, [float(r["t_M"])])
    assert peak[0] == pytest.approx(float(r["F_M"]), rel=1e-8)
    e = fails("t[1] = 0 s is before t[0] = 0.0001 s", hertzfit.maxwell_force_history,
              MU0, NU, ETA, M, R, V0, [1e-4, 0.0])
    assert e.status == hertzfit._lib.HF_EINVAL
    fails("nu = 0.7", hertzfit.maxwell_force_history, MU0, 0.7, ETA, M, R, V0, [0.0])


@pytest.mark.parametrize("impact", ["first", "all"])
def test_extract_matches_the_program(drops, impact):
    rows = program_csv("extract", "--data", DROPS, "--impact", impact)
    mine = hertzfit.maxwell_extract(drops, impact=impact)
    assert mine.dtype.names == hertzfit.EXTRACT_COLUMNS == tuple(rows[0])
    assert len(rows) == len(mine) >= 12
    for row, m in zip(rows, mine):
        for col in hertzfit.EXTRACT_COLUMNS:
            if col in ("drop", "impact", "samples"):
                assert int(row[col]) == m[col]
            elif col in ("status", "trace_file"):
                assert row[col] == m[col]
            elif row[col] == "NA":
                assert np.isnan(m[col])
            else:
                same_double(row[col], m[col])


def test_extracted_features_are_data_for_the_fits(tmp_path, drops):
    features = hertzfit.maxwell_extract(DROPS)   # a path works as well as the data
    assert (features["status"] == "ok").all()
    path = tmp_path / "features.csv"
    path.write_text(subprocess.run([EXE, "maxwell", "extract", "--data", DROPS, "--csv"],
                                   check=True, capture_output=True, text=True,
                                   cwd=REPO).stdout)
    # the program's table read back is the same doubles: its fits are ours
    rows = program_csv("fit", "--data", str(path), "--nu", "0.5", "--method", "all")
    fits = [hertzfit.maxwell_regress(features, 0.5, o) for o in ("F_M", "t_M", "t_c")]
    fits.append(hertzfit.maxwell_fit(features, 0.5).estimate)
    assert [r["method"] for r in rows] == [f.method for f in fits]
    for row, est in zip(rows, fits):
        assert row["observable"] == est.observables
        for col, value in (("mu0_Pa", est.mu0), ("eta_per_s", est.eta), ("r2", est.r2)):
            same_double(row[col], value)
    fails("no trace column", hertzfit.maxwell_extract, CLEAN)
    fails("first, all", hertzfit.maxwell_extract, drops, impact="second")
    with pytest.raises(TypeError):
        hertzfit.maxwell_fit(np.zeros(3), 0.5)


# a zero baseline on traces with an offset, starts fixed where the extraction
# puts them: residuals far above the noise, "model-inadequate", exit 1
@pytest.mark.parametrize("options,flags,status,rc", [
    ({}, [], "converged", 0),
    ({"contact_start": "extracted", "baseline": "zero"},
     ["--contact-start", "extracted", "--baseline", "zero"], "model-inadequate", 1)])
def test_fit_curve_matches_the_program(drops, options, flags, status, rc):
    args = ["fit", "--data", DROPS, "--nu", "0.5", "--method", "curve"] + flags
    (row,) = program_csv(*args, rc=rc)
    samples = program_csv(*args, "--residuals")
    fit = hertzfit.maxwell_fit_curve(drops, nu=0.5, **options)
    est = fit.estimate
    assert (row["method"], row["observable"], int(row["n"]), row["status"]) == \
        (est.method, est.observables, est.n, fit.status) == ("curve", "F(t)", 12, status)
    assert est.status == ("ok" if rc == 0 else status)
    assert est.gof_dof > 6000 and np.isfinite(est.chi2_red) and abs(est.mu0_eta_corr) < 1
    for col, value in (("mu0_Pa", est.mu0), ("mu0_se", est.mu0_se), ("eta_per_s", est.eta),
                       ("eta_se", est.eta_se), ("C0", est.C0), ("r2", est.r2),
                       ("max_eps", est.max_eps)):
        same_double(row[col], value)
    assert len(samples) == fit.residuals.size == sum(tr.t.size for tr in drops.traces)
    t0 = np.repeat(fit.contact_start, [tr.t.size for tr in drops.traces])
    t = np.concatenate([tr.t for tr in drops.traces])
    for k in range(0, len(samples), 7):
        same_double(samples[k]["residual_N"], fit.residuals[k])
        same_double(samples[k]["t_contact_s"], t[k] - t0[k])
    if options.get("baseline") == "zero":
        assert (fit.baseline == 0.0).all()
    else:
        # drop k was made with an offset of 0.25 + 0.01 k N and noise of standard
        # deviation 0.005 of its peak on every sample: a baseline fitted over
        # n samples is within 4 sigma/sqrt(n) of the offset (the 3 mN steps of
        # the 16-bit converter average out below that)
        k = np.arange(1, 13)
        sigma = np.array([0.005 * tr.F.max() for tr in drops.traces])
        n = np.array([tr.t.size for tr in drops.traces])
        assert (np.abs(fit.baseline - (0.25 + 0.01 * k)) < 4 * sigma / np.sqrt(n)).all()
    # the same call through maxwell_fit
    again = hertzfit.maxwell_fit(drops, 0.5, method="curve", **options)
    assert again.estimate.mu0 == est.mu0 and (again.residuals == fit.residuals).all()


def test_traces_without_an_impact(tmp_path):
    # 40 samples of 1 mN noise: no baseline before a rise, nothing to extract or fit
    (tmp_path / "flat.csv").write_text("t_s,F_N\n" + "".join(
        "%g,%g\n" % (k * 1e-5, 1e-3 * np.sin(k)) for k in range(40)))
    (tmp_path / "drops.csv").write_text("m_g,D_mm,h_mm,trace\n4.08,10,20,flat.csv\n")
    drops = hertzfit.read_maxwell_data(str(tmp_path / "drops.csv"))
    with pytest.warns(RuntimeWarning, match="flat.csv: impact 1: no-baseline, left out"):
        fails("no impact was extracted ok", hertzfit.maxwell_extract, drops)
    fails("no impact: the largest rise above the baseline", hertzfit.maxwell_fit_curve,
          drops, contact_start="extracted")
    assert fails("no impact", hertzfit.maxwell_fit_curve, drops).status == hertzfit._lib.HF_EDOM


def test_fit_curve_errors(drops):
    e = fails("no force histories (a trace column)", hertzfit.maxwell_fit_curve, CLEAN, nu=0.5)
    assert e.status == hertzfit._lib.HF_ENOTFOUND
    fails("fit, extracted", hertzfit.maxwell_fit_curve, drops, contact_start="guess")
    fails("fit, zero", hertzfit.maxwell_fit_curve, drops, baseline="mean")
    fails("3 values for 12 drops", hertzfit.maxwell_fit_curve, drops, contact_start=[0.001] * 3)
    fails("0.7", hertzfit.maxwell_fit_curve, drops, nu=0.7)
    # a budget of one iteration stops the fit: returned, but suspect
    short = hertzfit.maxwell_fit_curve(drops, max_iter=1)
    assert short.suspect and short.stop == "maxiter"


def test_trace_files_as_instruments_write_them(drops, tmp_path):
    """A list naming drop01 as Octave saved it (data/lab_forms/drop01.mat) and
    as a spreadsheet with a decimal comma writes it: the same samples as the
    CSV, bit for bit, through the keywords of the program's options."""
    first = drops.traces[0]
    mat = os.path.join(REPO, "data", "lab_forms", "drop01.mat")
    lst = tmp_path / "mat.csv"
    lst.write_text("m_g,D_mm,h_mm,trace\n4.08,10,20,%s\n" % mat)
    for kw in ({}, dict(time_column="rec.t", force_column="rec.F", time_unit="s",
                        force_unit="N")):
        tr = hertzfit.read_maxwell_data(str(lst), **kw).traces[0]
        np.testing.assert_array_equal(tr.t, first.t)
        np.testing.assert_array_equal(tr.F, first.F)
    fails("variable 'rec.t' gives no unit of the time", hertzfit.read_maxwell_data, str(lst),
          time_column="rec.t", force_column="rec.F")
    with open(first.path) as f:
        rows = [line.strip().split(",") for line in f if not line.startswith("#")][1:]
    (tmp_path / "komma.csv").write_text("Zeit (s);Kraft (N)\n" + "".join(
        "%s;%s\n" % (t.replace(".", ","), F.replace(".", ",")) for t, F in rows))
    lst.write_text("m_g,D_mm,h_mm,trace\n4.08,10,20,komma.csv\n")
    tr = hertzfit.read_maxwell_data(str(lst), decimal=",", time_column="Zeit (s)",
                                    force_column="Kraft (N)").traces[0]
    np.testing.assert_array_equal(tr.t, first.t)
    np.testing.assert_array_equal(tr.F, first.F)
    fails("a decimal comma?", hertzfit.read_maxwell_data, str(lst), time_column="Zeit (s)",
          force_column="Kraft (N)")


def test_traces_from_arrays_match_the_program(drops):
    """Traces handed over as NumPy arrays — here loaded from the trace files by
    NumPy itself, as any lab loader would — with each drop's m, R and V0: the
    extraction and the curve fit are the program's on the list, to the bit."""
    arrays = [np.loadtxt(tr.path, delimiter=",", comments="#",
                         skiprows=_header_lines(tr.path), unpack=True)
              for tr in drops.traces]
    mem = hertzfit.MaxwellData.from_arrays(drops.m, drops.R, drops.V0,
                                           traces=[(t, F) for t, F in arrays])
    assert mem.path is None and len(mem.traces) == 12 and mem.traces[0].path == ""
    rows = program_csv("extract", "--data", DROPS)
    mine = hertzfit.maxwell_extract(mem)
    for row, m in zip(rows, mine):
        for col in ("F_M_N", "u_F_M_N", "t_M_s", "u_t_M_s", "t_c_s", "u_t_c_s", "t0_s"):
            same_double(row[col], m[col])
    (row,) = program_csv("fit", "--data", DROPS, "--nu", "0.5", "--method", "curve")
    est = hertzfit.maxwell_fit_curve(mem, nu=0.5).estimate
    for col, value in (("mu0_Pa", est.mu0), ("mu0_se", est.mu0_se), ("eta_per_s", est.eta),
                       ("eta_se", est.eta_se), ("r2", est.r2)):
        same_double(row[col], value)
    # refused as a file's samples would be
    t, F = arrays[0]
    fails("trace 1: sample 3: time", hertzfit.MaxwellData.from_arrays, [0.004], [0.005],
          [0.6], traces=[(np.r_[t[:2], t[1], t[3:]], F)])
    fails("trace 1: 3 samples; a trace has 16 to", hertzfit.MaxwellData.from_arrays, [0.004],
          [0.005], [0.6], traces=[(t[:3], F[:3])])
    fails("1 traces for 2 tests", hertzfit.MaxwellData.from_arrays, [0.004] * 2, [0.005] * 2,
          [0.6] * 2, traces=[(t, F)])
    fails("m = -1", hertzfit.MaxwellData.from_arrays, [-1.0], [0.005], [0.6], traces=[(t, F)])


def test_bootstrap_matches_the_program():
    """maxwell_fit(bootstrap=N) gives the program's --bootstrap intervals to the bit,
    for any thread count; the seed alone draws the drops.  The full fit (the
    curve fit goes through the same hf_maxwell_identify, ~0.2 s a replicate)."""
    os.chdir(REPO)
    method, data, options, flags = ("full", os.path.join("data", "maxwell_synthetic_noisy.csv"),
                                    {"seed": 5}, ["--seed", "5"])
    n = 24
    (row,) = program_csv("fit", "--data", data, "--nu", "0.5", "--method", method,
                         "--bootstrap", str(n), "--threads", "2", *flags)
    fit = hertzfit.maxwell_fit(data, 0.5, method=method, bootstrap=n, threads=1, **options)
    b = fit.bootstrap
    assert (b.replicates, int(row["bootstrap_replicates"])) == (n, b.used)
    for col, value in (("mu0_boot_lo_Pa", b.mu0_lo), ("mu0_boot_hi_Pa", b.mu0_hi),
                       ("eta_boot_lo_per_s", b.eta_lo), ("eta_boot_hi_per_s", b.eta_hi),
                       ("mu0_Pa", fit.estimate.mu0), ("eta_per_s", fit.estimate.eta),
                       ("corr_mu0_eta", fit.estimate.mu0_eta_corr)):
        same_double(row[col], value)
    assert b.mu0_lo < fit.estimate.mu0 < b.mu0_hi and b.eta_lo < fit.estimate.eta < b.eta_hi
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.maxwell_fit(data, 0.5, method=method, bootstrap=3)
    assert "bootstrap = 3 replicates is outside [20, 100000]" in str(e.value)
