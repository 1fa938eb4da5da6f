# SPDX-License-Identifier: GPL-3.0-or-later
"""A calibrated contact law where people simulate (hertzfit/engines.h): its
restitution e(v) and contact time t_c(v) over a speed range with the fit
1 − e = A (v/v_cal)^p, and its force for an engine's callback."""
from collections import namedtuple

import numpy as np

from ._core import check, encode, ffi, lib, new_diag
from .models import damping_lookup

RestitutionCurve = namedtuple(
    "RestitutionCurve", "speed e contact_time fit_valid coefficient exponent exponent_theory "
    "max_residual")


ViscoelasticSphereFit = namedtuple(
    "ViscoelasticSphereFit", "valid c1 c2 beta c2_over_c1_squared max_residual_series "
    "max_residual_pade beta_kelvin_voigt relaxation_ratio")


def _law(form, model, profile, alpha, **fields):
    """The law of hf_law_init with FORM, MODEL and every field given (not None)."""
    law = ffi.new("hf_law *")
    lib.hf_law_init(law)
    diag = new_diag()
    if form is not None:
        f = ffi.new("hf_law_form *")
        check(lib.hf_law_form_lookup(encode(form, "form"), f, diag), diag)
        law.form = f[0]
    if model is not None:
        law.damping = damping_lookup(model)
    if profile is not None:
        law.profile_ab[0], law.profile_ab[1] = profile
    places = {"m": (law.contact, "mass"), "K": (law.contact, "stiffness"),
              "n": (law.contact, "exponent"), "v_cal": (law.contact, "approach_speed"),
              "e": (law, "restitution"), "radius": (law, "radius"),
              "mu0": (law.material, "mu0"), "nu": (law.material, "nu"),
              "eta": (law.material, "eta")}
    for name, value in fields.items():
        if value is not None:
            setattr(places[name][0], places[name][1], value)
    law.viscoelastic.mu0, law.viscoelastic.nu = law.material.mu0, law.material.nu
    lib.hf_prony_sls(alpha, law.material.eta, ffi.addressof(law.viscoelastic, "relax"))
    return law


def speed_grid(v_min=None, v_max=None, points=None):
    """POINTS speeds (m/s) geometric from V_MIN to V_MAX, the grid of `hertzfit
    ev` (hf_law_speeds); each left None takes the library's default (0.1 to
    10 m/s, 9 speeds)."""
    v_min = lib.HF_LAW_SPEED_MIN if v_min is None else v_min
    v_max = lib.HF_LAW_SPEED_MAX if v_max is None else v_max
    points = lib.HF_LAW_SPEED_COUNT if points is None else points
    count = min(max(int(points), 0), lib.HF_LAW_SPEED_COUNT_MAX + 1)
    v = np.zeros(max(count, 1))
    diag = new_diag()
    check(lib.hf_law_speeds(v_min, v_max, count, ffi.from_buffer("double[]", v), diag), diag)
    return v


def restitution_curve(speed=None, form=None, model=None, m=None, K=None, n=None, v_cal=None,
                      e=None, radius=None, mu0=None, nu=None, eta=None, profile=None,
                      alpha=1.0):
    """e(v) and t_c(v) (s) of the law at the speeds SPEED (m/s; None: the
    library's grid, speed_grid()): FORM is "per-impact" (K δ^n (1 + h δ̇/v⁻),
    h = h_r(E) of MODEL), "fixed" (K δ^n (1 + d δ̇), d = h/V_CAL),
    "linear-damper" (K δ^n + c δ̇, c = c_opt(E) at V_CAL), "maxwell" (Hunter's
    impact on the material MU0, NU, ETA of a sphere of mass M and radius
    RADIUS) or "viscoelastic" (the exact impact on the standard linear solid
    MU0, NU, relaxing fraction ALPHA at rate ETA).  A parameter left None
    takes hf_law_init's value (per-impact, "exact", a 0.1 kg, 1 cm steel ball:
    K = 5e9 N/m^1.5, n = 1.5, v_cal = 1 m/s, e = 0.8, μ0 = 1 GPa, ν = 0.3,
    η = 0).  One call of hf_law_restitution_curve."""
    law = _law(form, model, profile, alpha, m=m, K=K, n=n, v_cal=v_cal, e=e, radius=radius,
               mu0=mu0, nu=nu, eta=eta)
    v = speed_grid() if speed is None else speed
    v = np.ascontiguousarray(np.atleast_1d(np.asarray(v, dtype=float)))
    count = v.size
    e_out = np.zeros(count)
    tc = np.zeros(count)
    fit = ffi.new("hf_restitution_fit *")
    diag = new_diag()
    check(lib.hf_law_restitution_curve(law, count, ffi.from_buffer("double[]", v),
                                       ffi.from_buffer("double[]", e_out),
                                       ffi.from_buffer("double[]", tc), fit, diag), diag)
    return RestitutionCurve(v, e_out, tc, bool(fit.valid), fit.coefficient, fit.exponent,
                            fit.exponent_theory, fit.max_residual)


def law_force(delta, delta_dot, v_first, form=None, model=None, m=None, K=None, n=None,
              v_cal=None, e=None, radius=None, profile=None):
    """The contact force (N) of the calibrated law at indentation DELTA (m), rate
    DELTA_DOT (m/s) and approach speed at first contact V_FIRST (m/s): what an
    engine's callback returns (hf_law_force).  A parameter left None takes
    hf_law_init's value, as in restitution_curve."""
    law = _law(form, model, profile, 1.0, m=m, K=K, n=n, v_cal=v_cal, e=e, radius=radius)
    out = ffi.new("double *")
    diag = new_diag()
    check(lib.hf_law_force(law, delta, delta_dot, v_first, out, diag), diag)
    return out[0]


def viscoelastic_sphere_fit(speed, e, m=None, radius=None, mu0=None, nu=None, eta=None,
                            alpha=1.0):
    """The Brilliantov/Schwager–Pöschel form e = 1 − C1 β v^{1/5} + C2 β² v^{2/5}
    + … fitted to E at SPEED (m/s) (hf_restitution_fit_viscoelastic_sphere),
    with the β the standard linear solid (MU0, NU, ALPHA, ETA) predicts in its
    Kelvin–Voigt limit for a sphere of mass M and radius RADIUS (None:
    hf_law_init's, as in restitution_curve)."""
    law = _law("viscoelastic", None, None, alpha, m=m, radius=radius, mu0=mu0, nu=nu, eta=eta)
    v = np.ascontiguousarray(np.atleast_1d(np.asarray(speed, dtype=float)))
    ev = np.ascontiguousarray(np.atleast_1d(np.asarray(e, dtype=float)))
    if v.size != ev.size:
        raise ValueError("speed and e differ in length (%d, %d)" % (v.size, ev.size))
    fit = ffi.new("hf_viscoelastic_sphere_fit *")
    diag = new_diag()
    check(lib.hf_restitution_fit_viscoelastic_sphere(law, v.size, ffi.from_buffer("double[]", v),
                                                     ffi.from_buffer("double[]", ev), fit,
                                                     diag), diag)
    return ViscoelasticSphereFit(bool(fit.valid), fit.c1, fit.c2, fit.beta,
                                 fit.c2_over_c1_squared, fit.max_residual_series,
                                 fit.max_residual_pade, fit.beta_kelvin_voigt,
                                 fit.relaxation_ratio)
