# SPDX-License-Identifier: GPL-3.0-or-later
"""Maxwell materials from drop tests: Hunter's model and Argatov's first-order
formulas in physical units (hertzfit/maxwell.h), drop-test data
(maxwell_data.h) with their force traces, the features extracted from the
traces (maxwell_trace.h), Argatov's regressions (maxwell_estimate.h) and the
fits (maxwell_fit.h): the full fit and the whole-curve fit.

A fit method is one entry of _FIT_METHODS (name -> function(data, nu,
**options) returning a MaxwellFit), so another method of the library is one
function and one entry."""
import os
import warnings
from dataclasses import dataclass

import numpy as np

from ._core import Error, check, encode, ffi, lib, new_diag, path_bytes, stop_name, text

OBSERVABLES = ("F_M", "t_M", "t_c", "e")
_RESPONSE = [("F_M", "f8"), ("t_M", "f8"), ("t_c", "f8"), ("e", "f8"), ("eps", "f8"), ("w_m", "f8")]

_constants = None


def _argatov():
    """Argatov's constants, computed once (GSL quadrature)."""
    global _constants
    if _constants is None:
        c = ffi.new("hf_argatov_constants *")
        diag = new_diag()
        check(lib.hf_argatov_constants_compute(c, diag), diag)
        _constants = c
    return _constants


def _respond(call, mu0, nu, eta, m, R, V0):
    arrays = np.broadcast_arrays(*[np.asarray(v, dtype=float) for v in (mu0, nu, eta, m, R, V0)])
    out = np.zeros(arrays[0].shape, dtype=_RESPONSE)
    flat = out.reshape(-1)
    material, impact = ffi.new("hf_maxwell_material *"), ffi.new("hf_maxwell_impact *")
    res = ffi.new("hf_maxwell_response *")
    diag = new_diag()
    cols = [a.ravel() for a in arrays]
    for i in range(flat.size):
        material.mu0, material.nu, material.eta = cols[0][i], cols[1][i], cols[2][i]
        impact.m, impact.R, impact.V0 = cols[3][i], cols[4][i], cols[5][i]
        check(call(material, impact, res, diag), diag)
        flat[i] = (res.F_M, res.t_M, res.t_c, res.e, res.eps, res.w_m)
    return out


def maxwell_simulate(mu0, nu, eta, m, R, V0):
    """Hunter's model of a rigid sphere (mass m [kg], radius R [m], speed V0
    [m/s]) dropped on a Maxwell half-space (μ0 [Pa], ν, η [1/s]), element-wise
    over the broadcast of the arguments: a structured array with fields F_M
    [N], t_M [s], t_c [s], e, eps and the maximum approach w_m [m] (0-d for
    scalars: r["F_M"])."""
    return _respond(lambda mat, imp, res, diag: lib.hf_maxwell_simulate(mat, imp, ffi.NULL, res,
                                                                         diag),
                    mu0, nu, eta, m, R, V0)


def maxwell_predict(mu0, nu, eta, m, R, V0):
    """Argatov's first-order predictions (Eqs. 32, 34, 38–41), as
    maxwell_simulate."""
    constants = _argatov()
    return _respond(lambda mat, imp, res, diag: lib.hf_maxwell_predict(mat, imp, constants, res,
                                                                        diag),
                    mu0, nu, eta, m, R, V0)


def maxwell_force_history(mu0, nu, eta, m, R, V0, t):
    """Hunter's contact force F [N] of a Maxwell half-space (μ0 [Pa], ν, η
    [1/s]) struck by a rigid sphere (m [kg], R [m], V0 [m/s]) at the times t
    [s] from the contact start (an array, non-decreasing; 0 before contact
    and after it ends), one integration of the model
    (hf_maxwell_force_history).  An array of t's shape."""
    times = np.ascontiguousarray(t, dtype=float)
    flat = times.reshape(-1)
    material = ffi.new("hf_maxwell_material *", {"mu0": mu0, "nu": nu, "eta": eta})
    impact = ffi.new("hf_maxwell_impact *", {"m": m, "R": R, "V0": V0})
    F = np.empty(flat.size)
    diag = new_diag()
    check(lib.hf_maxwell_force_history(material, impact, ffi.NULL, flat.size,
                                       ffi.from_buffer("double[]", flat),
                                       ffi.from_buffer("double[]", F), diag), diag)
    return F.reshape(times.shape)


@dataclass
class MaxwellTrace:
    """One drop's measured force history in SI units whatever the file's:
    times ``t`` [s] (strictly increasing) and forces ``F`` [N], and the trace
    file's ``path``."""
    t: np.ndarray
    F: np.ndarray
    path: str


def _doubles(ptr, n):
    return np.frombuffer(ffi.buffer(ptr, n * 8), dtype=float).copy()


class MaxwellData:
    """Drop tests in SI units: arrays m, R, V0 and, per observable present,
    F_M, t_M, t_c, e (None when absent, NaN for a missing value); ``traces``
    (one MaxwellTrace per test when the list has a trace column, else None);
    ``lines`` (CSV line of each test, or None), ``path``, ``warnings`` (the
    reader's plausibility warnings).  Made by read_maxwell_data or
    from_arrays."""

    def __init__(self, ptr):
        self._ptr = ffi.gc(ptr, lib.hf_maxwell_data_free)
        n = int(ptr.n)
        self.n = n
        imp = ptr.impact
        self.m = np.array([imp[i].m for i in range(n)])
        self.R = np.array([imp[i].R for i in range(n)])
        self.V0 = np.array([imp[i].V0 for i in range(n)])
        for k, name in enumerate(OBSERVABLES):
            v = ptr.value[k]
            setattr(self, name, None if v == ffi.NULL else
                    _doubles(v, n))
        self.traces = None if ptr.trace == ffi.NULL else [
            MaxwellTrace(_doubles(tr.t, int(tr.n)), _doubles(tr.F, int(tr.n)), text(tr.path))
            for tr in (ptr.trace[i] for i in range(n))]
        self.lines = None if ptr.line == ffi.NULL else np.array([ptr.line[i] for i in range(n)])
        self.path = text(ptr.path) or None
        self.warnings = [text(ptr.warning[i]) for i in range(int(ptr.nwarnings))]

    @classmethod
    def from_arrays(cls, m, R, V0, F_M=None, t_M=None, t_c=None, e=None, traces=None):
        """Tests from arrays (SI units), checked as a file would be.  TRACES:
        one (t, F) pair of arrays per test (t [s] strictly increasing, F [N];
        hf_maxwell_data_set_trace), for maxwell_extract and maxwell_fit_curve
        with no trace file: the same numbers give the program's results to
        the bit."""
        m, R, V0 = (np.asarray(v, dtype=float).reshape(-1) for v in (m, R, V0))
        if not m.size == R.size == V0.size:
            raise Error(lib.HF_EMISMATCH, "m, R and V0 have %d, %d and %d values"
                        % (m.size, R.size, V0.size))
        obs = {"F_M": F_M, "t_M": t_M, "t_c": t_c, "e": e}
        mask = sum(1 << k for k, name in enumerate(OBSERVABLES) if obs[name] is not None)
        out = ffi.new("hf_maxwell_data **")
        diag = new_diag()
        check(lib.hf_maxwell_data_alloc(m.size, mask, out, diag), diag)
        ptr = out[0]
        try:
            for i in range(m.size):
                ptr.impact[i].m, ptr.impact[i].R, ptr.impact[i].V0 = m[i], R[i], V0[i]
            for k, name in enumerate(OBSERVABLES):
                if obs[name] is not None:
                    v = np.asarray(obs[name], dtype=float).reshape(-1)
                    if v.size != m.size:
                        raise Error(lib.HF_EMISMATCH, "%s has %d values for %d tests"
                                    % (name, v.size, m.size))
                    ffi.memmove(ptr.value[k], v.tobytes(), v.size * 8)
            if traces is not None:
                if len(traces) != m.size:
                    raise Error(lib.HF_EMISMATCH, "%d traces for %d tests"
                                % (len(traces), m.size))
                for i, (t, F) in enumerate(traces):
                    t = np.ascontiguousarray(t, dtype=float).reshape(-1)
                    F = np.ascontiguousarray(F, dtype=float).reshape(-1)
                    if t.size != F.size:
                        raise Error(lib.HF_EMISMATCH, "trace %d: %d times and %d forces"
                                    % (i + 1, t.size, F.size))
                    check(lib.hf_maxwell_data_set_trace(
                        ptr, i, t.size, ffi.from_buffer("double[]", t),
                        ffi.from_buffer("double[]", F), diag), diag)
            if traces is not None and mask == 0:
                # a list of traces has no observables yet: its impacts checked
                for i in range(m.size):
                    check(lib.hf_maxwell_impact_check(ptr.impact + i, diag), diag)
            else:
                check(lib.hf_maxwell_data_check(ptr, diag), diag)
        except BaseException:
            lib.hf_maxwell_data_free(ptr)
            raise
        return cls(ptr)


def read_maxwell_data(path, g=None, separator=None, decimal=None, time_column=None,
                      force_column=None, time_unit=None, force_unit=None, rate=None):
    """Reads a drop-test CSV (units in the column names, converted to SI;
    docs/file-formats.md).  Errors name path:line:column.  The trace files
    of a test list are read as the keywords say (the program's --decimal,
    --time-column, --force-column, --time-unit, --force-unit, --rate;
    docs/traces.md, "Files as instruments write them")."""
    options = ffi.new("hf_maxwell_read_options *")
    lib.hf_maxwell_read_options_init(options)
    if g is not None:
        options.g = g
    if separator is not None:
        options.separator = encode(separator, "separator")
    fmt = options.trace_format
    if decimal is not None:
        fmt.decimal = encode(decimal, "decimal")
    if rate is not None:
        fmt.rate = rate
    keep = []  # the texts the options point to, alive through the call
    for name, value in (("time_column", time_column), ("force_column", force_column),
                        ("time_unit", time_unit), ("force_unit", force_unit)):
        if value is not None:
            keep.append(ffi.new("char[]", os.fsencode(value)))
            setattr(fmt, name, keep[-1])
    out = ffi.new("hf_maxwell_data **")
    diag = new_diag()
    check(lib.hf_maxwell_data_read(path_bytes(path, "path"), options, out, diag), diag)
    return MaxwellData(out[0])


def maxwell_synthesize(data, mu0, nu, eta, noise=0.0, seed=1):
    """Synthetic drop tests: Hunter's model at (μ0, ν, η) for every impact of
    DATA, each observable times 1 + noise·N(0, 1) from PCG32 (SEED, stream 0).
    Returns MaxwellData with all four observables."""
    material = ffi.new("hf_maxwell_material *", {"mu0": mu0, "nu": nu, "eta": eta})
    res = ffi.new("hf_maxwell_response[]", max(data.n, 1))
    diag = new_diag()
    check(lib.hf_maxwell_synthesize(material, data._ptr, noise, seed, res, diag), diag)
    cols = {name: np.array([getattr(res[i], name) for i in range(data.n)])
            for name in OBSERVABLES}
    return MaxwellData.from_arrays(data.m, data.R, data.V0, **cols)


def _as_data(data):
    """DATA as MaxwellData: itself, a drop-test file's path, or a table of
    maxwell_extract (columns m_kg, R_m, V0_mps, F_M_N, t_M_s, t_c_s)."""
    if isinstance(data, MaxwellData):
        return data
    if isinstance(data, (str, bytes, os.PathLike)):
        return read_maxwell_data(data)
    names = getattr(getattr(data, "dtype", None), "names", None) or ()
    if set(EXTRACT_COLUMNS[2:10]) <= set(names):
        d = MaxwellData.from_arrays(data["m_kg"], data["R_m"], data["V0_mps"],
                                    F_M=data["F_M_N"], t_M=data["t_M_s"], t_c=data["t_c_s"])
        # extracted features, as the program's reader knows them by u_t_c_s:
        # the full fit's default observables are those of extracted data
        d._ptr.extracted = int("u_t_c_s" in names)
        return d
    raise TypeError("drop tests must be MaxwellData, a file's path or a table of "
                    "maxwell_extract, not %s" % type(data).__name__)


#: the columns of maxwell_extract, those of `hertzfit maxwell extract --csv`
EXTRACT_COLUMNS = ("drop", "impact", "m_kg", "R_m", "V0_mps", "F_M_N", "u_F_M_N", "t_M_s",
                   "u_t_M_s", "t_c_s", "u_t_c_s", "t0_s", "u_t0_s", "baseline_N", "noise_N",
                   "samples", "status", "trace_file")


def _features(data, all_impacts):
    """The extraction of every drop's trace (hf_maxwell_extract): a list of
    (drop index, hf_maxwell_impact_features, usable) in drop and time order,
    every impact of each trace with ALL_IMPACTS, else the first."""
    if data._ptr.trace == ffi.NULL:
        raise Error(lib.HF_ENOTFOUND, "%s has no trace column: no force traces"
                    % (data.path or "the data"))
    out = ffi.new("hf_maxwell_extraction **")
    diag = new_diag()
    check(lib.hf_maxwell_extract(data._ptr, 1 if all_impacts else 0, out, diag), diag)
    x = ffi.gc(out[0], lib.hf_maxwell_extraction_free)
    return [(int(x.entry[k].drop), ffi.new("hf_maxwell_impact_features *",
                                           x.entry[k].features)[0], bool(x.entry[k].usable))
            for k in range(int(x.n))]


def maxwell_extract(data, impact="first"):
    """The features of every drop's force trace (hf_maxwell_trace_extract),
    as `hertzfit maxwell extract --csv` prints them: a structured array
    with the columns EXTRACT_COLUMNS (SI units; u_* standard
    uncertainties; t0_s the contact start on the trace's clock; status
    "ok", "few-samples", "clipped"), one row per impact found.  DATA is
    MaxwellData with traces or a list's path; IMPACT "first" (each trace's
    first impact) or "all" (a bouncing ball's every impact; a bounce's V0
    is the rebound speed of the impact before).  Impacts without values
    (no-impact, no-baseline, no-edge) are left out with a warning, as the
    program does; Error when no impact is extracted ok (the program's exit
    status 1).  The table is data for maxwell_regress and maxwell_fit."""
    if impact not in ("first", "all"):
        raise Error(lib.HF_ENOTFOUND, "unknown impact '%s' (valid: first, all)" % impact)
    data = _as_data(data)
    rows = []
    for i, f, usable in _features(data, impact == "all"):
        where = "%s: impact %d: %s" % (data.traces[i].path, f.impact,
                                       text(lib.hf_maxwell_extract_status_name(f.status)))
        if not usable:
            warnings.warn(where + ", left out", RuntimeWarning, stacklevel=2)
            continue
        if f.status != lib.HF_MAXWELL_EXTRACT_OK:
            warnings.warn(where, RuntimeWarning, stacklevel=2)
        rows.append((i + 1, f.impact, data.m[i], data.R[i], f.V0, f.F_M, f.F_M_se, f.t_M,
                     f.t_M_se, f.t_c, f.t_c_se, f.t0, f.t0_se, f.baseline, f.noise,
                     f.contact_samples, text(lib.hf_maxwell_extract_status_name(f.status)),
                     data.traces[i].path))
    if not any(r[-2] == "ok" for r in rows):
        raise Error(lib.HF_ENOCONV, "%s: no impact was extracted ok" % (data.path or "the data"))
    width = max(len(r[-1]) for r in rows)
    dtype = ([("drop", "i8"), ("impact", "i8")] + [(c, "f8") for c in EXTRACT_COLUMNS[2:15]]
             + [("samples", "i8"), ("status", "U16"), ("trace_file", "U%d" % width)])
    return np.array(rows, dtype=dtype)


@dataclass
class MaxwellEstimate:
    """One identification: μ0 [Pa] and η [1/s] with standard errors, C0, R²,
    the largest ε, ``status`` ("ok", "nonphysical", "poorly-determined",
    "model-inadequate") and the ``reason`` when not ok; the line's
    coefficients for a regression, the misfit for a full fit; for the curve
    fit the goodness of fit (``chi2_red`` against the pre-contact noise with
    ``gof_dof`` degrees of freedom, the runs test's ``runs_z``) and the
    correlation ``mu0_eta_corr`` of the two estimates."""
    method: str
    observables: str
    n: int
    mu0: float
    mu0_se: float
    eta: float
    eta_se: float
    C0: float
    C0_se: float
    r2: float
    max_eps: float
    intercept: float
    slope: float
    misfit: float
    status: str
    reason: str
    chi2_red: float = float("nan")
    gof_dof: int = 0
    runs_z: float = float("nan")
    mu0_eta_corr: float = float("nan")


def _estimate(est):
    reason = ffi.new("char[256]")
    quality = lib.hf_maxwell_estimate_quality(est, reason, 256)
    names = ffi.new("char[64]")
    # the curve fit fits the force histories, no observable: "F(t)" as the program says
    observables = ("F(t)" if est.method == lib.HF_MAXWELL_CURVE else
                   text(lib.hf_maxwell_observables_name(est.observables, names, 64)))
    return MaxwellEstimate(text(lib.hf_maxwell_method_name(est.method)), observables,
                           int(est.n), est.mu0, est.mu0_se, est.eta, est.eta_se, est.C0,
                           est.C0_se, est.r2, est.max_eps, est.intercept, est.slope, est.misfit,
                           text(lib.hf_maxwell_quality_name(quality)), text(reason),
                           est.chi2_red, int(est.gof_dof), est.runs_z, est.mu0_eta_corr)


_WEIGHTS = {"none": lib.HF_MAXWELL_WEIGHTS_NONE, "relative": lib.HF_MAXWELL_WEIGHTS_RELATIVE}


def _observable(name):
    if name not in OBSERVABLES:
        raise Error(lib.HF_ENOTFOUND, "unknown observable '%s' (valid: %s)"
                    % (name, ", ".join(OBSERVABLES)))
    return OBSERVABLES.index(name)


def maxwell_regress(data, nu, observable="F_M", weights="none"):
    """Argatov's regression (Eq. 57 for F_M, 60 for t_M, 62 for t_c) of DATA
    with Poisson's ratio NU; WEIGHTS "none" (ordinary least squares) or
    "relative" (1/y²).  A MaxwellEstimate."""
    if weights not in _WEIGHTS:
        raise Error(lib.HF_ENOTFOUND, "unknown weights '%s' (valid: none, relative)" % weights)
    data = _as_data(data)
    est = ffi.new("hf_maxwell_estimate *")
    diag = new_diag()
    check(lib.hf_maxwell_regress(data._ptr, nu, _observable(observable), _WEIGHTS[weights],
                                 _argatov(), est, diag), diag)
    return _estimate(est)


@dataclass
class MaxwellFit:
    """A fit of (μ0, η): the estimate, the optimiser's stop reason, the
    evaluations, the bounds it sits on, re-centrings, ``status`` (the
    program's: "converged", or why not), ``suspect`` (stopped by a budget or
    on the box) and the residuals: for the full fit relative (tests outer,
    fitted observables inner); for the curve fit F_model + b − F_measured
    [N] of every sample (drops in order), with each drop's ``contact_start``
    [s] on its trace's clock and ``baseline`` [N] (None for the full fit)."""
    estimate: MaxwellEstimate
    stop: str
    evaluations: int
    at_bound: int
    recentred: int
    status: str
    suspect: bool
    residuals: np.ndarray
    contact_start: np.ndarray = None
    baseline: np.ndarray = None


def _fit_result(res, residuals, nres, **extra):
    status = ffi.new("char[128]")
    return MaxwellFit(_estimate(ffi.addressof(res.estimate)), stop_name(res.stop),
                      int(res.evaluations), int(res.at_bound), int(res.recentred),
                      text(lib.hf_maxwell_fit_status(res, status, 128)),
                      bool(lib.hf_maxwell_fit_suspect(res)), _doubles(residuals, nres), **extra)


def _fit_full(data, nu, optimizer=None, seed=1, max_evals=0, observables=None, mu0_ref=0.0,
              eta_ref=0.0, mu0_box=None, eta_box=None, xtol_rel=None, recentre_max=None):
    cfg = ffi.new("hf_maxwell_fit_config *")
    lib.hf_maxwell_fit_config_init(cfg)
    cfg.objective.nu = nu
    cfg.objective.mu0_ref, cfg.objective.eta_ref = mu0_ref, eta_ref
    if mu0_box is not None:
        cfg.objective.mu0_box = mu0_box
    if eta_box is not None:
        cfg.objective.eta_box = eta_box
    if observables is not None:
        cfg.objective.mask = sum(1 << _observable(o) for o in observables)
    keep = None
    if optimizer is not None:
        keep = ffi.new("char[]", encode(optimizer, "optimizer"))
        cfg.optimizer = keep
    if xtol_rel is not None:
        cfg.xtol_rel = xtol_rel
    if recentre_max is not None:
        cfg.recentre_max = recentre_max
    cfg.seed, cfg.max_evals = seed, max_evals
    res = ffi.new("hf_maxwell_fit_result *")
    residuals = ffi.new("double[]", max(data.n, 1) * len(OBSERVABLES))
    diag = new_diag()
    check(lib.hf_maxwell_fit_full(data._ptr, _argatov(), cfg, res, residuals, diag), diag)
    del keep
    return _fit_result(res, residuals, int(res.estimate.n) *
                       bin(res.estimate.observables).count("1"))


def _fit_curve(data, nu, contact_start="fit", baseline="fit", max_iter=None, mu0_start=None,
               eta_start=None):
    cfg = ffi.new("hf_maxwell_curve_config *")
    lib.hf_maxwell_curve_config_init(cfg)
    cfg.nu = nu
    if baseline not in ("fit", "zero"):
        raise Error(lib.HF_ENOTFOUND, "unknown baseline '%s' (valid: fit, zero)" % baseline)
    if baseline == "zero":
        cfg.baseline = lib.HF_MAXWELL_BASELINE_ZERO
    fixed = None
    if isinstance(contact_start, str):
        if contact_start not in ("fit", "extracted"):
            raise Error(lib.HF_ENOTFOUND, "unknown contact_start '%s' (valid: fit, extracted, "
                        "or one start per drop)" % contact_start)
        if contact_start == "extracted":
            cfg.contact = lib.HF_MAXWELL_CONTACT_EXTRACTED
    else:
        fixed = np.ascontiguousarray(contact_start, dtype=float).reshape(-1)
        if fixed.size != data.n:
            raise Error(lib.HF_EMISMATCH, "contact_start has %d values for %d drops"
                        % (fixed.size, data.n))
    if fixed is not None:
        cfg.contact = lib.HF_MAXWELL_CONTACT_FIXED
        cfg.contact_start = ffi.from_buffer("double[]", fixed)
    if max_iter is not None:
        cfg.max_iter = max_iter
    if mu0_start is not None:
        cfg.mu0_start = mu0_start
    if eta_start is not None:
        cfg.eta_start = eta_start
    res = ffi.new("hf_maxwell_fit_result *")
    nres = int(lib.hf_maxwell_curve_nresiduals(data._ptr))
    starts, baselines = ffi.new("double[]", max(data.n, 1)), ffi.new("double[]", max(data.n, 1))
    residuals = ffi.new("double[]", max(nres, 1))
    diag = new_diag()
    check(lib.hf_maxwell_fit_curve(data._ptr, cfg, res, starts, baselines, residuals, diag),
          diag)
    return _fit_result(res, residuals, nres, contact_start=_doubles(starts, data.n),
                       baseline=_doubles(baselines, data.n))


def maxwell_fit_curve(data, nu=0.5, contact_start="fit", baseline="fit", max_iter=None,
                      mu0_start=None, eta_start=None):
    """The whole-curve fit (hf_maxwell_fit_curve): (μ0, η) of Hunter's force
    history fitted to DATA's traces (MaxwellData with traces, or a list's
    path) by Levenberg–Marquardt, ν = NU fixed.  CONTACT_START "fit" (each
    drop's contact start fitted), "extracted" (fixed where maxwell_extract
    finds it) or one start per drop [s]; BASELINE "fit" (each trace's
    zero-force reading fitted) or "zero" (traces already zeroed); MAX_ITER
    trust-region iterations (default 200); the start point MU0_START [Pa],
    ETA_START [1/s] (default from the traces).  A MaxwellFit as
    `hertzfit maxwell fit --method curve` computes it, with the residuals of
    every sample, the contact starts and the baselines."""
    return _fit_curve(_as_data(data), nu, contact_start, baseline, max_iter, mu0_start,
                      eta_start)


_FIT_METHODS = {"full": _fit_full, "curve": _fit_curve}


def maxwell_fit(data, nu, method="full", **options):
    """Fits (μ0, η) of DATA with Poisson's ratio NU.  METHOD "full": Hunter's
    model on every observable present (or OBSERVABLES), minimised by
    OPTIMIZER (default nlopt:LN_BOBYQA from the regression estimate) with
    SEED and MAX_EVALS; the box around (MU0_REF, ETA_REF) (0: the regression
    estimate), re-centred while the optimum sits on it.  METHOD "curve": the
    whole-curve fit of the traces, options as maxwell_fit_curve.  DATA is
    MaxwellData, a file's path or a maxwell_extract table.  A MaxwellFit."""
    if method not in _FIT_METHODS:
        raise Error(lib.HF_ENOTFOUND, "unknown fit method '%s' (valid: %s)"
                    % (method, ", ".join(_FIT_METHODS)))
    return _FIT_METHODS[method](_as_data(data), nu, **options)
