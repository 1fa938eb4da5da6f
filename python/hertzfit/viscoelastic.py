# SPDX-License-Identifier: GPL-3.0-or-later
"""The exact viscoelastic Hertz impact (hertzfit/viscoelastic.h,
docs/viscoelastic.md): Lee–Radok loading and Ting's unloading for a
half-space whose shear relaxation modulus is a Prony series
G(t) = G(0) [G∞/G(0) + Σ Gᵢ/G(0) exp(−ηᵢ t)], with constant ν."""
import numpy as np

from ._core import Error, InterruptScope, check, ffi, lib, new_diag
from .maxwell import _RESPONSE, _as_data


def _material(mu0, nu, eta, weight, alpha):
    """hf_viscoelastic_material from rates eta [1/s] and moduli weight
    (Gᵢ/G(0)), or one rate with alpha (the standard linear solid):
    hf_prony_from_rates decides."""
    rates = np.ascontiguousarray(np.atleast_1d(np.asarray(eta, dtype=float)))
    if rates.ndim != 1:
        raise Error(lib.HF_EDOM, "eta: a vector of relaxation rates")
    weights = None
    if weight is not None:
        weights = np.ascontiguousarray(np.atleast_1d(np.asarray(weight, dtype=float)))
        if weights.shape != rates.shape:
            raise Error(lib.HF_EDOM, f"weight: {weights.size} weights for {rates.size} rates")
    mat = ffi.new("hf_viscoelastic_material *")
    mat.mu0, mat.nu = float(mu0), float(nu)
    diag = new_diag()
    check(lib.hf_prony_from_rates(rates.size, ffi.from_buffer("double[]", rates),
                                  ffi.from_buffer("double[]", weights)
                                  if weights is not None else ffi.NULL,
                                  float(alpha) if alpha is not None else 1.0,
                                  ffi.addressof(mat, "relax"), diag), diag)
    return mat


def viscoelastic_simulate(mu0, nu, m, R, V0, eta, weight=None, alpha=1.0):
    """The exact impact of a rigid sphere (m [kg], R [m], V0 [m/s], broadcast
    element-wise) on a half-space of instantaneous shear modulus mu0 [Pa],
    Poisson's ratio nu and relaxation rates eta [1/s] with moduli weight
    (Gᵢ/G(0), one per rate; G∞/G(0) = 1 − their sum) — or one rate with
    alpha: the standard linear solid mu0[(1 − alpha) + alpha exp(−eta t)],
    alpha = 1 the Maxwell solid.  A structured array with fields F_M [N],
    t_M [s], t_c [s], e, eps (Argatov's ε = −G'(0)/G(0) w_m0/V0) and w_m [m],
    as maxwell_simulate's (hf_viscoelastic_simulate, one call per impact)."""
    mat = _material(mu0, nu, eta, weight, alpha)
    arrays = np.broadcast_arrays(*[np.asarray(v, dtype=float) for v in (m, R, V0)])
    out = np.zeros(arrays[0].shape, dtype=_RESPONSE)
    flat = out.reshape(-1)
    impact, res, diag = ffi.new("hf_maxwell_impact *"), ffi.new("hf_maxwell_response *"), \
        new_diag()
    cols = [a.ravel() for a in arrays]
    for i in range(flat.size):
        impact.m, impact.R, impact.V0 = cols[0][i], cols[1][i], cols[2][i]
        check(lib.hf_viscoelastic_simulate(mat, impact, ffi.NULL, res, diag), diag)
        flat[i] = (res.F_M, res.t_M, res.t_c, res.e, res.eps, res.w_m)
    return out


def viscoelastic_force_history(mu0, nu, m, R, V0, t, eta, weight=None, alpha=1.0):
    """The exact contact force F [N] at the times t [s] from the contact
    start (non-decreasing; 0 before it and after the contact ends), the
    material as in viscoelastic_simulate; one integration
    (hf_viscoelastic_force_history).  An array of t's shape."""
    mat = _material(mu0, nu, eta, weight, alpha)
    times = np.ascontiguousarray(t, dtype=float)
    flat = times.reshape(-1)
    impact = ffi.new("hf_maxwell_impact *", {"m": m, "R": R, "V0": V0})
    F = np.empty(flat.size)
    diag = new_diag()
    check(lib.hf_viscoelastic_force_history(mat, impact, ffi.NULL, flat.size,
                                            ffi.from_buffer("double[]", flat),
                                            ffi.from_buffer("double[]", F), diag), diag)
    return F.reshape(times.shape)


def _law_name(law):
    buf = ffi.new("char[]", 32)
    return ffi.string(lib.hf_viscoelastic_law_name(law, buf, 32)).decode()


def viscoelastic_identify(data, nu, model="auto", bic_threshold=2.0):
    """Whole-curve fit of the drops' force histories on the exact impact
    (hf_viscoelastic_identify, `hertzfit viscoelastic fit`): DATA a list with
    a trace column (MaxwellData or its path), or a list of features (F_M,
    t_M, t_c, e; the table `maxwell extract` writes, whose uncertainty
    columns u_* make the residuals' scale), fitted with the exact impact of
    the hereditary laws (auto: maxwell, sls, prony:2); MODEL "maxwell", "sls",
    "prony:N", "hunt-crossley", "kelvin-voigt" or "auto" (every candidate,
    ranked by AIC and BIC).  A dict: "fits" (one dict per candidate: model,
    status, reason, params {name: (value, se)}, chi2_red, runs_z, aic, bic),
    "lrt" (nested pairs: simple, general, df, statistic, p_value),
    "chosen" (the law's name, or None when not distinguishable),
    "distinguishable" and "delta_bic"."""
    d = _as_data(data)
    cfg = ffi.new("hf_viscoelastic_identify_config *")
    lib.hf_viscoelastic_identify_config_init(cfg)
    cfg.nu, cfg.bic_threshold = float(nu), float(bic_threshold)
    diag = new_diag()
    if model == "auto":
        cfg.automatic = 1
    else:
        check(lib.hf_viscoelastic_law_parse(model.encode(), ffi.addressof(cfg.law), diag), diag)
    sel = ffi.new("hf_viscoelastic_selection *")
    with InterruptScope():   # Ctrl-C stops the trust-region iterations
        check(lib.hf_viscoelastic_identify(d._ptr, cfg, sel, diag), diag)
    fits = []
    for k in range(sel.n):
        f = sel.fit[k]
        law = ffi.addressof(f.law)
        fits.append({
            "model": _law_name(law),
            "status": ffi.string(lib.hf_viscoelastic_fit_status_name(f.status)).decode(),
            "reason": ffi.string(f.reason).decode(),
            "params": {ffi.string(lib.hf_viscoelastic_law_param_name(law, j)).decode():
                       (f.param[j], f.param_se[j]) for j in range(f.k)},
            "chi2_red": f.chi2_red, "runs_z": f.runs_z, "aic": f.aic, "bic": f.bic})
    lrt = [{"simple": fits[t.simple]["model"], "general": fits[t.general]["model"],
            "df": t.df, "statistic": t.statistic, "p_value": t.p_value}
           for t in (sel.lrt[i] for i in range(sel.nlrt))]
    return {"fits": fits, "lrt": lrt,
            "chosen": fits[sel.chosen]["model"] if sel.chosen < sel.n else None,
            "distinguishable": bool(sel.distinguishable), "delta_bic": sel.delta_bic}
