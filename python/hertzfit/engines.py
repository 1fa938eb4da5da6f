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


def _law(form, model, m, K, n, v_cal, e, radius, mu0, nu, eta, profile, alpha=1.0):
    law = ffi.new("hf_law *")
    lib.hf_law_init(law)
    diag = new_diag()
    f = ffi.new("hf_law_form *")
    check(lib.hf_law_form_lookup(encode(form, "form"), f, diag), diag)
    law.form = f[0]
    law.damping = damping_lookup(model)
    if profile is not None:
        law.profile_ab[0], law.profile_ab[1] = profile
    c = law.contact
    c.mass, c.stiffness, c.exponent, c.approach_speed = m, K, n, v_cal
    law.restitution, law.radius = e, radius
    law.material.mu0, law.material.nu, law.material.eta = mu0, nu, eta
    law.viscoelastic.mu0, law.viscoelastic.nu = mu0, nu
    lib.hf_prony_sls(alpha, eta, ffi.addressof(law.viscoelastic, "relax"))
    return law


def restitution_curve(speed, form="per-impact", model="exact", m=0.1, K=5e9, n=1.5, v_cal=1.0,
                      e=0.8, radius=0.01, mu0=1e9, nu=0.3, eta=0.0, profile=None, alpha=1.0):
    """e(v) and t_c(v) (s) of the law at the speeds SPEED (m/s): FORM is
    "per-impact" (K δ^n (1 + h δ̇/v⁻), h = h_r(E) of MODEL), "fixed" (K δ^n
    (1 + d δ̇), d = h/V_CAL), "linear-damper" (K δ^n + c δ̇, c = c_opt(E) at
    V_CAL), "maxwell" (Hunter's impact on the material MU0, NU, ETA of a
    sphere of mass M and radius RADIUS) or "viscoelastic" (the exact impact
    on the standard linear solid MU0, NU, relaxing fraction ALPHA at rate
    ETA).  One call of hf_law_restitution_curve."""
    law = _law(form, model, m, K, n, v_cal, e, radius, mu0, nu, eta, profile, alpha)
    v = np.ascontiguousarray(np.atleast_1d(np.asarray(speed, dtype=float)))
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


def law_force(delta, delta_dot, v_first, form="per-impact", model="exact", m=0.1, K=5e9, n=1.5,
              v_cal=1.0, e=0.8, radius=0.01, profile=None):
    """The contact force (N) of the calibrated law at indentation DELTA (m), rate
    DELTA_DOT (m/s) and approach speed at first contact V_FIRST (m/s): what an
    engine's callback returns (hf_law_force)."""
    law = _law(form, model, m, K, n, v_cal, e, radius, 1e9, 0.3, 0.0, profile)
    out = ffi.new("double *")
    diag = new_diag()
    check(lib.hf_law_force(law, delta, delta_dot, v_first, out, diag), diag)
    return out[0]


def viscoelastic_sphere_fit(speed, e, m=0.1, radius=0.01, mu0=1e9, nu=0.3, eta=0.0, alpha=1.0):
    """The Brilliantov/Schwager–Pöschel form e = 1 − C1 β v^{1/5} + C2 β² v^{2/5}
    + … fitted to E at SPEED (m/s) (hf_restitution_fit_viscoelastic_sphere),
    with the β the standard linear solid (MU0, NU, ALPHA, ETA) predicts in its
    Kelvin–Voigt limit for a sphere of mass M and radius RADIUS."""
    law = _law("viscoelastic", "exact", m, 1.0, 1.5, 1.0, 0.8, radius, mu0, nu, eta, None, alpha)
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
