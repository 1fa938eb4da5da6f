# SPDX-License-Identifier: GPL-3.0-or-later
"""Maxwell materials from drop tests: Hunter's model and Argatov's first-order
formulas in physical units (hertzfit/maxwell.h), drop-test data
(maxwell_data.h) with their force traces, the features extracted from the
traces (maxwell_trace.h), Argatov's regressions (maxwell_estimate.h) and the
fits (maxwell_fit.h): the full fit and the whole-curve fit.

A fit method is one entry of _FIT_METHODS (name -> function(data, nu,
**options) returning a MaxwellFit), so another method of the library is one
function and one entry."""
import math
import os
import warnings
from dataclasses import dataclass

import numpy as np

from ._core import (CallbackScope, Error, InterruptScope, check, encode, ffi,
                    interruptible_output, lib, new_diag, path_bytes, stop_name, text)

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
    reader's plausibility warnings), ``specimen`` (each test's specimen name
    when the list has a specimen column, else None).  Made by
    read_maxwell_data or from_arrays."""

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
        self.specimen = None if ptr.specimen == ffi.NULL else [
            text(ptr.specimen[i]) for i in range(n)]
        self._read = None  # how the file was read (hf_maxwell_read_options), for provenance

    @classmethod
    def from_arrays(cls, m, R, V0, F_M=None, t_M=None, t_c=None, e=None, traces=None,
                    specimen=None):
        """Tests from arrays (SI units), checked as a file would be.  TRACES:
        one (t, F) pair of arrays per test (t [s] strictly increasing, F [N];
        hf_maxwell_data_set_trace), for maxwell_extract and maxwell_fit_curve
        with no trace file: the same numbers give the program's results to
        the bit.  SPECIMEN: one name per test (the `specimen` column)."""
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
            if specimen is not None:
                if len(specimen) != m.size:
                    raise Error(lib.HF_EMISMATCH, "%d specimen names for %d tests"
                                % (len(specimen), m.size))
                for i, name in enumerate(specimen):
                    check(lib.hf_maxwell_data_set_specimen(
                        ptr, i, encode(str(name), "specimen"), diag), diag)
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
    data = MaxwellData(out[0])
    data._read = (options, keep)
    return data


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
        d = MaxwellData.from_arrays(
            data["m_kg"], data["R_m"], data["V0_mps"], F_M=data["F_M_N"], t_M=data["t_M_s"],
            t_c=data["t_c_s"], e=data["e"] if "e" in names else None,
            specimen=list(data["specimen"]) if "specimen" in names else None)
        # extracted features, as the program's reader knows them by u_t_c_s:
        # the full fit's default observables are those of extracted data
        d._ptr.extracted = int("u_t_c_s" in names)
        return d
    raise TypeError("drop tests must be MaxwellData, a file's path or a table of "
                    "maxwell_extract, not %s" % type(data).__name__)


#: the columns of maxwell_extract, those of `hertzfit maxwell extract --csv`
EXTRACT_COLUMNS = ("drop", "impact", "m_kg", "R_m", "V0_mps", "F_M_N", "u_F_M_N", "t_M_s",
                   "u_t_M_s", "t_c_s", "u_t_c_s", "t0_s", "u_t0_s", "baseline_N", "noise_N",
                   "samples", "status", "trace_file", "e", "u_e", "flight_e", "u_flight_e")


class ProvenanceTable(np.ndarray):
    """A structured array with ``provenance``: the dict of what it was made
    from (hf_maxwell_provenance; the program's '# key = value' lines)."""
    provenance = None


def _provenance(data, cfg=None, extra=()):
    """The provenance of a result on DATA (hf_maxwell_provenance with the
    options DATA was read with and the identification's CFG), plus EXTRA
    (key, value) pairs, as a dict in the program's order."""
    out = ffi.new("hf_provenance **")
    diag = new_diag()
    check(lib.hf_provenance_alloc(out, diag), diag)
    p = ffi.gc(out[0], lib.hf_provenance_free)
    read = data._read[0] if data._read is not None else ffi.NULL
    check(lib.hf_maxwell_provenance(p, data._ptr, read, cfg if cfg is not None else ffi.NULL,
                                    diag), diag)
    for key, value in extra:
        check(lib.hf_provenance_set(p, key.encode(), str(value).encode(), diag), diag)
    return {text(lib.hf_provenance_key(p, i)): text(lib.hf_provenance_value(p, i))
            for i in range(int(lib.hf_provenance_count(p)))}


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
    "ok", "clipped"), one row per impact found.  DATA is
    MaxwellData with traces or a list's path; IMPACT "first" (each trace's
    first impact) or "all" (a bouncing ball's every impact; a bounce's V0
    is the rebound speed of the impact before).  Impacts without values
    (no-impact, no-baseline, no-edge, few-samples) and untrusted ones
    (pulse-misfit, unit-slip) are left out with a warning, as the
    program does; Error when no impact is extracted ok (the program's exit
    status 1).  A `specimen` column comes first when the list names
    specimens; e and u_e (the restitution impulse/(m V0) - 1 and its
    uncertainty; NaN outside (0, 1]), then flight_e and u_flight_e (from
    the free flight to the next impact, g T/(2 V0) with the data's g; NaN
    for a record's last impact) last.  The table is data for
    maxwell_regress and maxwell_fit, and carries ``provenance`` (a dict, the
    program's '#' lines)."""
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
        # NaN where the program prints NA: no restitution in (0, 1]
        e, u_e = (f.e, f.e_se) if 0.0 < f.e <= 1.0 else (math.nan, math.nan)
        named = () if data.specimen is None else (data.specimen[i],)
        rows.append(named + (i + 1, f.impact, data.m[i], data.R[i], f.V0, f.F_M, f.F_M_se,
                             f.t_M, f.t_M_se, f.t_c, f.t_c_se, f.t0, f.t0_se, f.baseline,
                             f.noise, f.contact_samples,
                             text(lib.hf_maxwell_extract_status_name(f.status)),
                             data.traces[i].path, e, u_e, f.e_flight, f.e_flight_se))
    if not any(r[-6] == "ok" for r in rows):
        raise Error(lib.HF_ENOCONV, "%s: no impact was extracted ok" % (data.path or "the data"))
    width = max(len(r[-5]) for r in rows)
    dtype = ([("drop", "i8"), ("impact", "i8")] + [(c, "f8") for c in EXTRACT_COLUMNS[2:15]]
             + [("samples", "i8"), ("status", "U16"), ("trace_file", "U%d" % width),
                ("e", "f8"), ("u_e", "f8"), ("flight_e", "f8"), ("u_flight_e", "f8")])
    if data.specimen is not None:
        dtype = [("specimen", "U%d" % max(len(n) for n in data.specimen))] + dtype
    table = np.array(rows, dtype=dtype).view(ProvenanceTable)
    table.provenance = _provenance(data, extra=(("impact", impact),))
    return table


@dataclass
class MaxwellEstimate:
    """One identification: μ0 [Pa] and η [1/s] with standard errors, C0, R²,
    the largest ε, ``status`` ("ok", "nonphysical", "poorly-determined",
    "model-inadequate") and the ``reason`` when not ok; the line's
    coefficients for a regression, the misfit for a full fit; for the curve
    fit the goodness of fit (``chi2_red`` against the pre-contact noise with
    ``gof_dof`` degrees of freedom, the runs test's ``runs_z``) and the
    correlation ``mu0_eta_corr`` of the two estimates; for a regression or
    a full fit on data with the features' uncertainties (the ``u_`` columns
    of ``maxwell extract``), ``chi2_red`` against them on ``gof_dof`` =
    (values fitted) - 2 degrees of freedom."""
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
    [s] on its trace's clock and ``baseline`` [N] (None for the full fit);
    ``provenance``, the dict of the program's '#' lines."""
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
    provenance: dict = None
    bootstrap: "MaxwellBootstrap" = None


def _fit_result(res, residuals, nres, **extra):
    status = ffi.new("char[128]")
    return MaxwellFit(_estimate(ffi.addressof(res.estimate)), stop_name(res.stop),
                      int(res.evaluations), int(res.at_bound), int(res.recentred),
                      text(lib.hf_maxwell_fit_status(res, status, 128)),
                      bool(lib.hf_maxwell_fit_suspect(res)), _doubles(residuals, nres), **extra)


def _full_config(nu, optimizer=None, seed=1, max_evals=0, observables=None, mu0_ref=0.0,
                 eta_ref=0.0, mu0_box=None, eta_box=None, xtol_rel=None, recentre_max=None):
    """The full fit's configuration, and what it borrows (keep it alive)."""
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
    return cfg, keep


def _fit_full(data, nu, **options):
    cfg, keep = _full_config(nu, **options)
    res = ffi.new("hf_maxwell_fit_result *")
    residuals = ffi.new("double[]", max(data.n, 1) * len(OBSERVABLES))
    diag = new_diag()
    constants = _argatov()
    with CallbackScope() as scope:   # a Python optimiser's exceptions and Ctrl-C
        cfg.algorithm_user = scope.handle   # its runs: this call's
        check(lib.hf_maxwell_fit_full(data._ptr, constants, cfg, res, residuals, diag), diag)
    provenance = _provenance(data, _identify_config("full", nu, full=cfg))
    del keep
    return _fit_result(res, residuals, int(res.estimate.n) *
                       bin(res.estimate.observables).count("1"), provenance=provenance)


def _curve_config(data, nu, contact_start="fit", baseline="fit", max_iter=None,
                  mu0_start=None, eta_start=None):
    """The curve fit's configuration, and what it borrows (keep it alive)."""
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
    return cfg, fixed


def _fit_curve(data, nu, **options):
    cfg, keep = _curve_config(data, nu, **options)
    res = ffi.new("hf_maxwell_fit_result *")
    nres = int(lib.hf_maxwell_curve_nresiduals(data._ptr))
    starts, baselines = ffi.new("double[]", max(data.n, 1)), ffi.new("double[]", max(data.n, 1))
    residuals = ffi.new("double[]", max(nres, 1))
    diag = new_diag()
    with InterruptScope():   # Ctrl-C stops the trust-region iterations
        check(lib.hf_maxwell_fit_curve(data._ptr, cfg, res, starts, baselines, residuals, diag),
              diag)
    del keep
    return _fit_result(res, residuals, nres, contact_start=_doubles(starts, data.n),
                       baseline=_doubles(baselines, data.n),
                       provenance=_provenance(data, _identify_config("curve", nu, curve=cfg)))


@dataclass
class MaxwellBootstrap:
    """The bootstrap over drops of one fit (hf_maxwell_identify): REPLICATES
    resamples of the drops with replacement from SEED, USED of them gave an
    estimate; the 95 % percentile intervals [lo, hi] and the replicates'
    standard deviations of μ0 [Pa] and η [1/s] — the numbers `hertzfit
    maxwell fit --bootstrap N --seed S` prints, bit for bit."""
    replicates: int
    seed: int
    used: int
    mu0_lo: float
    mu0_hi: float
    mu0_sd: float
    eta_lo: float
    eta_hi: float
    eta_sd: float


def _bootstrap(data, nu, method, replicates, seed, threads, options):
    icfg = ffi.new("hf_maxwell_identify_config *")
    lib.hf_maxwell_identify_config_init(icfg)
    icfg.nu = nu
    if method == "full":
        icfg.method = lib.HF_MAXWELL_IDENTIFY_FULL
        cfg, keep = _full_config(nu, **options)
        icfg.full = cfg[0]
    else:
        icfg.method = lib.HF_MAXWELL_IDENTIFY_CURVE
        cfg, keep = _curve_config(data, nu, **options)
        icfg.curve = cfg[0]
    icfg.bootstrap, icfg.bootstrap_seed, icfg.threads = replicates, seed, threads
    report = ffi.new("hf_maxwell_identify_report *")
    diag = new_diag()
    constants = _argatov()
    try:
        with CallbackScope() as scope:   # a Python optimiser's exceptions and Ctrl-C
            icfg.full.algorithm_user = scope.handle   # every replicate's, on any thread
            check(lib.hf_maxwell_identify(data._ptr, constants, icfg, report, diag), diag)
        row = report.row[report.nrows - 1]
        return MaxwellBootstrap(int(replicates), int(seed), int(row.bootstrap_used),
                                row.mu0_boot_lo, row.mu0_boot_hi, row.mu0_boot_sd,
                                row.eta_boot_lo, row.eta_boot_hi, row.eta_boot_sd)
    finally:
        lib.hf_maxwell_identify_report_free(report)
        del keep


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
    return _fit_curve(_as_data(data), nu, contact_start=contact_start, baseline=baseline,
                      max_iter=max_iter, mu0_start=mu0_start, eta_start=eta_start)


_FIT_METHODS = {"full": _fit_full, "curve": _fit_curve}


def maxwell_fit(data, nu, method="full", bootstrap=0, bootstrap_seed=None, threads=0,
                **options):
    """Fits (μ0, η) of DATA with Poisson's ratio NU.  METHOD "full": Hunter's
    model on every observable present (or OBSERVABLES), minimised by
    OPTIMIZER (default nlopt:LN_BOBYQA from the regression estimate) with
    SEED and MAX_EVALS; the box around (MU0_REF, ETA_REF) (0: the regression
    estimate), re-centred while the optimum sits on it.  METHOD "curve": the
    whole-curve fit of the traces, options as maxwell_fit_curve.  DATA is
    MaxwellData, a file's path or a maxwell_extract table.  A MaxwellFit;
    with BOOTSTRAP = N (at least 20) its ``bootstrap`` is a MaxwellBootstrap:
    N resamples of the drops drawn from BOOTSTRAP_SEED (default: SEED, as
    the program's --seed; 1 for the curve fit) on THREADS threads (0: all;
    the numbers do not depend on it)."""
    if method not in _FIT_METHODS:
        raise Error(lib.HF_ENOTFOUND, "unknown fit method '%s' (valid: %s)"
                    % (method, ", ".join(_FIT_METHODS)))
    data = _as_data(data)
    fit = _FIT_METHODS[method](data, nu, **options)
    if bootstrap:
        seed = bootstrap_seed if bootstrap_seed is not None else options.get("seed", 1)
        fit.bootstrap = _bootstrap(data, nu, method, bootstrap, seed, threads, options)
    return fit


# ---- specimens ------------------------------------------------------------

_IDENTIFY_METHODS = {"all": "HF_MAXWELL_IDENTIFY_ALL", "regression": "HF_MAXWELL_IDENTIFY_REGRESSION",
                     "full": "HF_MAXWELL_IDENTIFY_FULL", "curve": "HF_MAXWELL_IDENTIFY_CURVE"}


def _identify_config(method, nu, full=None, curve=None, weights="none", alpha=None,
                     observables=None):
    """An hf_maxwell_identify_config: METHOD, NU, the full fit's and curve
    fit's configurations (cdata, copied) or the defaults."""
    if method not in _IDENTIFY_METHODS:
        raise Error(lib.HF_ENOTFOUND, "unknown method '%s' (valid: %s)"
                    % (method, ", ".join(_IDENTIFY_METHODS)))
    if weights not in _WEIGHTS:
        raise Error(lib.HF_ENOTFOUND, "unknown weights '%s' (valid: none, relative)" % weights)
    c = ffi.new("hf_maxwell_identify_config *")
    lib.hf_maxwell_identify_config_init(c)
    c.method = getattr(lib, _IDENTIFY_METHODS[method])
    c.nu = nu
    c.weights = _WEIGHTS[weights]
    if full is not None:
        c.full = full[0]
    if curve is not None:
        c.curve = curve[0]
    if alpha is not None:
        c.full.objective.alpha = alpha
    if observables is not None:
        c.full.objective.mask = sum(1 << _observable(o) for o in observables)
    c.full.objective.nu = nu
    c.curve.nu = nu
    return c


@dataclass
class SpecimenRow:
    """One row of a specimen's identification: the estimate, the program's
    status ("ok"/"converged" or why not), whether it is trusted and why not."""
    estimate: MaxwellEstimate
    status: str
    trusted: bool
    reason: str


@dataclass
class Specimen:
    """One specimen's identification (hf_maxwell_identify_specimens): its
    ``name`` (None without a specimen column), its ``drops`` (0-based tests
    of the data), its ``rows`` (the program's rows of `maxwell fit`), and
    ``error`` (why its identification failed, or "")."""
    name: str
    drops: np.ndarray
    rows: list
    error: str


@dataclass
class SpecimenFits:
    """Every specimen's identification, and the ``provenance`` dict."""
    specimens: list
    provenance: dict


def _specimens(ptr):
    out = []
    for k in range(int(ptr.n)):
        r = ptr.specimen[k]
        out.append(Specimen(text(r.name) if r.name != ffi.NULL else None,
                            np.array([r.drops[i] for i in range(int(r.ndrops))], dtype=int),
                            _rows(r.report), text(r.error)))
    return out


def maxwell_fit_specimens(data, nu, method="all", weights="none", alpha=None,
                          observables=None):
    """`hertzfit maxwell fit` per specimen (hf_maxwell_identify_specimens):
    METHOD "all", "regression", "full" or "curve" on each specimen's drops
    of DATA (its `specimen` column; one specimen without it).  Returns
    SpecimenFits (one Specimen each, in the order the names first appear,
    and the provenance); Error when a specimen's identification fails."""
    data = _as_data(data)
    cfg = _identify_config(method, nu, weights=weights, alpha=alpha, observables=observables)
    ptr = interruptible_output("hf_maxwell_specimens", lib.hf_maxwell_identify_specimens,
                               lib.hf_maxwell_specimens_free, data._ptr, _argatov(), cfg)
    return SpecimenFits(_specimens(ptr), _provenance(data, cfg))


@dataclass
class Comparison:
    """`hertzfit maxwell compare` (hf_maxwell_compare): every specimen's
    identification, the ``method`` compared ("full" or "curve"), its
    ``level``, ``pairs`` (a structured array with the columns of
    `maxwell compare --csv`) and the ``provenance`` dict."""
    specimens: list
    method: str
    level: float
    pairs: np.ndarray
    provenance: dict


COMPARE_COLUMNS = ("specimen_a", "specimen_b", "mu0_a_Pa", "mu0_a_se", "mu0_b_Pa", "mu0_b_se",
                   "eta_a_per_s", "eta_a_se", "eta_b_per_s", "eta_b_se", "dmu0_Pa", "dmu0_se",
                   "p_mu0", "deta_per_s", "deta_se", "p_eta", "wald_chi2", "p", "p_holm",
                   "differ", "status")


def maxwell_compare(data, nu, method=None, level=0.05, alpha=None, observables=None):
    """Compares the specimens of DATA (hf_maxwell_compare): each specimen's
    (mu0, eta) by METHOD "full" or "curve" (default: full when DATA has
    feature columns, else curve), every pair tested by Wald tests, the
    joint p Holm-corrected, ``differ`` below LEVEL.  A Comparison."""
    data = _as_data(data)
    cfg = _identify_config(method or "all", nu, alpha=alpha, observables=observables)
    x = interruptible_output("hf_maxwell_comparison", lib.hf_maxwell_compare,
                             lib.hf_maxwell_comparison_free, data._ptr, _argatov(), cfg, level)
    specimens = _specimens(x.specimens)
    compared = "full" if x.method == lib.HF_MAXWELL_FULL else "curve"
    cfg.method = getattr(lib, _IDENTIFY_METHODS[compared])
    return Comparison(specimens, compared, level, _pairs(x, specimens),
                      _provenance(data, cfg, (("level", "%.17g" % level),)))


def _pairs(x, specimens):
    """The pairs of comparison X as the structured array of COMPARE_COLUMNS."""
    rows = []
    for j in range(int(x.npairs)):
        q = x.pair[j]
        a, b = x.row[q.a].estimate, x.row[q.b].estimate
        rows.append((specimens[q.a].name, specimens[q.b].name, a.mu0, a.mu0_se, b.mu0,
                     b.mu0_se, a.eta, a.eta_se, b.eta, b.eta_se, q.dmu0, q.dmu0_se, q.p_mu0,
                     q.deta, q.deta_se, q.p_eta, q.wald, q.p, q.p_holm,
                     "yes" if q.differ else "no", "ok" if q.trusted else "untrusted"))
    width = max(len(s.name) for s in specimens)
    dtype = ([(c, "U%d" % width) for c in COMPARE_COLUMNS[:2]] +
             [(c, "f8") for c in COMPARE_COLUMNS[2:19]] +
             [("differ", "U3"), ("status", "U9")])
    return np.array(rows, dtype=dtype)


@dataclass
class ReportSection:
    """One section of a report (hf_maxwell_report_compute): its ``name``
    (the specimen, or "all drops"), its ``drops`` (0-based in the list),
    the feature fits' rows (Argatov's regressions and the full fit, as
    `maxwell fit` prints them) and the curve fit's, each fit's error ("" or
    why it failed), the ``warnings`` a reader must see (the list's that
    concern these drops, every impact not extracted ok, every estimate not
    trusted and why), and ``trusted`` (some estimate is)."""
    name: str
    drops: np.ndarray
    features_rows: list
    features_error: str
    curve_rows: list
    curve_error: str
    warnings: list
    trusted: bool


@dataclass
class Report:
    """What `hertzfit maxwell report` shows, as data: the ``sections`` (one
    per specimen, or one "all drops"), ``trusted`` (some estimate of some
    section is), the specimens' ``comparison`` (the pairs as
    `maxwell compare --csv` gives them, None with fewer than two specimens
    or when it failed, then ``comparison_error`` says why) and the
    ``provenance`` dict."""
    sections: list
    trusted: bool
    comparison: np.ndarray
    comparison_error: str
    provenance: dict


def _rows(report):
    return [SpecimenRow(_estimate(ffi.addressof(report.row[i].estimate)),
                        text(report.row[i].status), bool(report.row[i].trusted),
                        text(report.row[i].reason)) for i in range(int(report.nrows))]


def _section(s):
    n = int(s.data.n)
    drops = (np.array([s.list_drop[i] for i in range(n)], dtype=int)
             if s.list_drop != ffi.NULL else np.arange(n))
    return ReportSection(text(s.name), drops, _rows(s.features_fit), text(s.features_error),
                         _rows(s.curve_fit) if s.has_curve else [], text(s.curve_error),
                         [text(s.warning[i]) for i in range(int(s.nwarnings))],
                         bool(s.trusted))


def maxwell_report(data, nu, weights="none", alpha=None, observables=None):
    """The report of a data set (hf_maxwell_report_compute, the one call
    behind `hertzfit maxwell report`): per specimen of DATA (or all drops)
    the extraction's and identification's results and warnings, and with
    two or more specimens their comparison.  A Report; the program writes
    the same as a folder (index.html, its CSVs and figures)."""
    data = _as_data(data)
    cfg = _identify_config("all", nu, weights=weights, alpha=alpha, observables=observables)
    r = interruptible_output("hf_maxwell_report", lib.hf_maxwell_report_compute,
                             lib.hf_maxwell_report_free, data._ptr, _argatov(), cfg)
    x = r.comparison
    pairs = _pairs(x, _specimens(x.specimens)) if x != ffi.NULL else None
    # the level of the comparison when there is one, as the program records it
    extra = (("level", "%.17g" % x.level),) if x != ffi.NULL else ()
    return Report([_section(r.section[k]) for k in range(int(r.nsections))], bool(r.trusted),
                  pairs, text(r.comparison_error), _provenance(data, cfg, extra))
