# SPDX-License-Identifier: GPL-3.0-or-later
"""The calibration of the profile exponents (a, b): the RMS objective of
Safaeifar & Farshidianfar 2020, its closed-form optimum and valley
(hertzfit/profile_objective.h), and the N-run study with its summary and
identifiability report (hertzfit/profile_fit.h)."""
import os
from collections import namedtuple
from dataclasses import dataclass, field

import numpy as np

from ._core import (CallbackScope, Error, check, elementwise, encode, ffi, lib, new_diag,
                    path_bytes, stop_name)
from .optimize import Optimizer

Optimum = namedtuple("Optimum", "k0 integral rms_min")


class ProfileObjective:
    """The RMS (in %) of the percentage error of h_r = K0 (1 − c_r)/c_r,
    K0 = 2/(5 I(a, b)), against the exact h_r(c_r).

    TABLE: a CSV of a published RMS table (columns a, b, rms_pct), whose
    quadratic in K0 is fitted (Safaeifar's Table 2).  SAMPLING: the c_r
    values, an array or a CSV file with a column c_r.  Neither: the paper's
    grid 0.01, 0.02, ..., 0.99.  BOUNDS = (a_min, a_max, b_min, b_max) of the
    (a, b) problem (default 1, 6, 1.5, 6): the program's --table, --sampling
    and --bounds."""

    def __init__(self, table=None, sampling=None, bounds=None):
        out = ffi.new("hf_profile_objective **")
        diag = new_diag()
        c, count = ffi.NULL, 0   # the library's default sampling
        if isinstance(sampling, (str, os.PathLike)):
            values, n = ffi.new("double **"), ffi.new("size_t *")
            check(lib.hf_profile_sampling_read(path_bytes(sampling, "sampling"), values,
                                               n, diag), diag)
            c, count = ffi.gc(values[0], lib.free), n[0]   # malloc'ed by the library
        elif sampling is not None:
            arr = np.ascontiguousarray(sampling, dtype=float).reshape(-1)
            c, count = ffi.from_buffer("double[]", arr), arr.size
        box = ffi.NULL if bounds is None else ffi.new("double[4]", [float(v) for v in bounds])
        check(lib.hf_profile_objective_make(
            ffi.NULL if table is None else path_bytes(table, "table"), c, count, box, out,
            diag), diag)
        self._ptr = ffi.gc(out[0], lib.hf_profile_objective_free)
        self.table = table

    def set_bounds(self, bounds):
        """The box (a_min, a_max, b_min, b_max) of the (a, b) problem."""
        a0, a1, b0, b1 = (float(v) for v in bounds)
        diag = new_diag()
        check(lib.hf_profile_objective_set_bounds(self._ptr, [a0, b0], [a1, b1], diag), diag)

    def rms(self, a, b):
        """RMS (%) at (a, b), element-wise; NaN where a or b is not positive."""
        return elementwise(lambda a_, b_: lib.hf_profile_objective_rms(self._ptr, a_, b_), a, b)

    def rms_k0(self, k0):
        """RMS (%) as a function of K0, element-wise."""
        return elementwise(lambda k: lib.hf_profile_objective_rms_k0(self._ptr, k), k0)

    def optimum(self):
        """The closed-form minimiser: Optimum(k0, integral, rms_min)."""
        k0, i, rms = ffi.new("double *"), ffi.new("double *"), ffi.new("double *")
        lib.hf_profile_objective_optimum(self._ptr, k0, i, rms)
        return Optimum(k0[0], i[0], rms[0])

    def valley(self, b):
        """The valley a(b) on which I(a, b) = I*: every point of it is optimal."""
        from .models import profile_valley_a
        return profile_valley_a(b, self.optimum().integral)

    def quadratic(self):
        """(q, worst_residual_pct, count): RMS² = q0 + q1 K0 + q2 K0², the worst
        residual of a table's fit (0 for a sampling) and the rows or samples."""
        q, worst, count = ffi.new("double[3]"), ffi.new("double *"), ffi.new("size_t *")
        lib.hf_profile_objective_quadratic(self._ptr, q, worst, count)
        return (q[0], q[1], q[2]), worst[0], int(count[0])

    @property
    def bounds(self):
        p = lib.hf_profile_objective_problem(self._ptr)
        return (p.lower[0], p.upper[0], p.lower[1], p.upper[1])


#: columns of FitResult.runs: those of `hertzfit fit profile --csv`
RUN_COLUMNS = ("run", "optimizer", "seed", "a", "b", "I", "K0", "rms_pct", "evals", "iters",
               "status", "converged", "seconds")


@dataclass
class Identifiability:
    """The RMS depends on (a, b) only through I(a, b): every (a, b) with
    I(a, b) = I* is optimal.  ``valley`` is a structured array (b, a, found,
    inside); ``converged[i]`` says |I − I*| <= i_tolerance for run i."""
    i_star: float
    k0_star: float
    rms_min: float
    i_tolerance: float
    valley: np.ndarray
    converged: np.ndarray
    n_converged: int


@dataclass
class FitSummary:
    """The published summary of the runs' best RMS (%): best, mean, median,
    worst, sample std, over the ``finite`` runs of ``runs``; the mean
    evaluation count, failed evaluations, the gap of the best to the
    closed-form minimum, and the identifiability report.  Also readable as
    summary["best"]."""
    runs: int
    finite: int
    best: float
    mean: float
    median: float
    worst: float
    std: float
    mean_evaluations: float
    failed_evaluations: int
    gap: float
    identifiability: Identifiability

    def __getitem__(self, key):
        return getattr(self, key)


@dataclass
class FitResult:
    """``runs``: one row per run, the columns of the program's table
    (RUN_COLUMNS; a, b, I, K0, rms_pct NaN for a run without a finite value);
    ``summary``: FitSummary; ``x``: the runs' best points (runs × 2);
    ``traces``: per run a structured array (iteration, evaluations, best_f)
    when asked for, else None."""
    runs: np.ndarray
    summary: FitSummary
    x: np.ndarray
    traces: list = field(default=None)


def fit_profile(optimizer="icaco", runs=50, seed=1, threads=0, table=None, sampling=None,
                max_evals=0, params=None, bounds=None, valley_b=None, traces=False,
                objective=None):
    """Fits (a, b) with N = RUNS seeded runs of OPTIMIZER (run i on PCG32
    stream i, on THREADS OpenMP threads, 0 = OpenMP's default) on the profile
    objective of TABLE or SAMPLING (see ProfileObjective; or OBJECTIVE, a
    ProfileObjective already made, with its bounds) — the program's
    `hertzfit fit profile`, bit-identical for the same seed.  PARAMS sets the
    optimiser's parameters; MAX_EVALS its budget (0 = its own)."""
    if objective is not None and (table is not None or sampling is not None or
                                  bounds is not None):
        raise Error(lib.HF_EINVAL, "give an objective, or its table, sampling and bounds, "
                                   "not both")
    if runs < 0:   # a size_t holds none; the library says how many runs it makes
        raise Error(lib.HF_EINVAL, "runs = %d is negative" % runs)
    out = ffi.new("hf_profile_fit **")
    diag = new_diag()
    if objective is not None:   # an objective already made: the runs alone
        cfg = ffi.new("hf_profile_fit_config *")
        lib.hf_profile_fit_config_init(cfg)
        keep = _runs_config(cfg, runs, seed, threads, max_evals, traces, valley_b)
        opt = Optimizer(optimizer, 2, params)
        with CallbackScope() as scope:   # a Python optimiser's exceptions and Ctrl-C
            cfg.runs.algorithm_user = scope.handle   # its runs, on any thread: this call's
            status = lib.hf_profile_fit_run(objective._ptr, opt._ptr, cfg, out, diag)
            fit = ffi.gc(out[0], lib.hf_profile_fit_free) if out[0] != ffi.NULL else None
            check(status, diag)
        return _fit_result(fit, optimizer, seed, cfg.i_tolerance, traces)
    study = ffi.new("hf_profile_study *")
    lib.hf_profile_study_init(study)
    cfg = ffi.addressof(study, "fit")
    keep = _runs_config(cfg, runs, seed, threads, max_evals, traces, valley_b)
    keep += _study_inputs(study, optimizer, table, sampling, bounds, params)
    with CallbackScope() as scope:   # a Python optimiser's exceptions and Ctrl-C
        cfg.runs.algorithm_user = scope.handle   # its runs, on any thread: this call's
        status = lib.hf_profile_study_run(study, out, diag)
        fit = ffi.gc(out[0], lib.hf_profile_fit_free) if out[0] != ffi.NULL else None
        check(status, diag)
    return _fit_result(fit, optimizer, seed, cfg.i_tolerance, traces)


def _runs_config(cfg, runs, seed, threads, max_evals, traces, valley_b):
    """The runs' options into the hf_profile_fit_config CFG; the cffi objects
    it borrows (to keep alive)."""
    cfg.runs.runs, cfg.runs.seed, cfg.runs.threads = runs, seed, threads
    cfg.runs.max_evals = max_evals
    cfg.runs.record_traces = 1 if traces else 0
    if valley_b is None:
        return []
    vb = ffi.new("double[]", [float(v) for v in valley_b])
    cfg.valley_b, cfg.n_valley_b = vb, len(valley_b)
    return [vb]


def _study_inputs(study, optimizer, table, sampling, bounds, params):
    """The study's optimiser, parameters and objective from the arguments;
    the cffi objects it borrows (to keep alive)."""
    keep = [ffi.new("char[]", encode(optimizer, "optimizer"))]
    study.optimizer = keep[0]
    if params:
        names = [ffi.new("char[]", encode(k, "parameter")) for k in params]
        keys = ffi.new("const char *[]", names)
        values = ffi.new("double[]", [float(v) for v in params.values()])
        study.param_keys, study.param_values, study.n_params = keys, values, len(names)
        keep += [names, keys, values]
    if table is not None:
        keep.append(ffi.new("char[]", path_bytes(table, "table")))
        study.table = keep[-1]
    if isinstance(sampling, (str, os.PathLike)):
        values, n = ffi.new("double **"), ffi.new("size_t *")
        diag = new_diag()
        check(lib.hf_profile_sampling_read(path_bytes(sampling, "sampling"), values, n, diag),
              diag)
        keep.append(ffi.gc(values[0], lib.free))   # malloc'ed by the library
        study.sampling, study.n_sampling = keep[-1], n[0]
    elif sampling is not None:
        arr = np.ascontiguousarray(sampling, dtype=float).reshape(-1)
        keep += [arr, ffi.from_buffer("double[]", arr)]
        study.sampling, study.n_sampling = keep[-1], arr.size
    if bounds is not None:
        keep.append(ffi.new("double[4]", [float(v) for v in bounds]))
        study.bounds = keep[-1]
    return keep


def _fit_result(fit, optimizer, seed, i_tolerance, want_traces):
    n = int(fit.runs.count)
    dtype = [("run", "i8"), ("optimizer", "U%d" % max(len(optimizer), 1)), ("seed", "u8"),
             ("a", "f8"), ("b", "f8"), ("I", "f8"), ("K0", "f8"), ("rms_pct", "f8"),
             ("evals", "i8"), ("iters", "i8"), ("status", "U9"), ("converged", "?"),
             ("seconds", "f8")]
    rows = np.zeros(n, dtype=dtype)
    x = np.full((n, 2), np.nan)
    for i in range(n):
        r = fit.runs.results[i]
        finite = np.isfinite(r.f)
        if finite:
            x[i] = (r.x[0], r.x[1])
        nan = np.nan
        rows[i] = (i, optimizer, seed, r.x[0] if finite else nan, r.x[1] if finite else nan,
                   fit.integral[i] if finite else nan, fit.k0[i] if finite else nan,
                   r.f if finite else nan, r.evaluations, r.iterations, stop_name(r.stop),
                   bool(fit.converged[i]), r.seconds)
    valley = np.zeros(int(fit.n_valley), dtype=[("b", "f8"), ("a", "f8"), ("found", "?"),
                                                  ("inside", "?")])
    for j in range(int(fit.n_valley)):
        v = fit.valley[j]
        valley[j] = (v.b, v.a, bool(v.found), bool(v.inside))
    ident = Identifiability(fit.i_star, fit.k0_star, fit.rms_min, i_tolerance, valley,
                            rows["converged"].copy(), int(fit.n_converged))
    s = fit.summary
    summary = FitSummary(int(s.runs), int(s.finite), s.best, s.mean, s.median, s.worst, s.sd,
                         s.mean_evaluations, int(s.failed_evaluations), s.best - fit.rms_min,
                         ident)
    traces = None
    if want_traces:
        traces = []
        for i in range(n):
            t = fit.runs.traces[i]
            arr = np.zeros(int(t.count), dtype=[("iteration", "i8"), ("evaluations", "i8"),
                                                ("best_f", "f8")])
            for k in range(int(t.count)):
                p = t.points[k]
                arr[k] = (p.iteration, p.evaluations, p.best_f)
            traces.append(arr)
    return FitResult(rows, summary, x, traces)
