# SPDX-License-Identifier: GPL-3.0-or-later
"""Damping models, the exact h_r(c_r) relation, the profile integral, impact
simulation, the restitution check and Poursina & Nikravesh's c_opt
(hertzfit/damping.h, restitution.h, profile.h, impact.h, copt.h)."""
from collections import namedtuple
from dataclasses import dataclass

import numpy as np

from ._core import Error, check, elementwise, encode, ffi, lib, new_diag, text

DampingModel = namedtuple("DampingModel", "name formula reference needs_profile")


def damping_models():
    """The catalogue of published damping models, in catalogue order: a list of
    DampingModel(name, formula, reference, needs_profile)."""
    out = []
    for i in range(lib.HF_DAMPING_COUNT):
        m = lib.hf_damping_at(i)
        out.append(DampingModel(text(m.name), text(m.formula), text(m.reference),
                                bool(m.needs_profile)))
    return out


def damping_lookup(name):
    """The catalogue id of the model NAME; Error listing the valid names."""
    model = ffi.new("hf_damping_id *")
    diag = new_diag()
    check(lib.hf_damping_lookup(encode(name, "model"), model, diag), diag)
    return int(model[0])


def _each(c_function, *arrays, before=(), after=()):
    """C_FUNCTION(*BEFORE, x..., *AFTER, &out, diag) element-wise over ARRAYS,
    raising Error with the diag at the first failing element."""
    out = ffi.new("double *")
    diag = new_diag()

    def one(*values):
        check(c_function(*before, *values, *after, out, diag), diag)
        return out[0]

    return elementwise(one, *arrays)


def _profile_ab(profile):
    if profile is None:
        return ffi.NULL
    a, b = (float(v) for v in profile)
    return ffi.new("double[2]", [a, b])


def hr(model, c, profile=None):
    """Damping ratio h_r(c_r) of damping model MODEL (a name of
    damping_models()), element-wise over the array C of restitution
    coefficients in (0, 1].  PROFILE = (a, b) for the "profile" model."""
    return _each(lib.hf_damping_hr, c, before=(damping_lookup(model),),
                 after=(_profile_ab(profile),))


def hr_exact(c):
    """The exact h_r(c_r), root of h(1 + c) = ln((1 + h)/(1 − c h)), element-wise."""
    return _each(lib.hf_restitution_hr_exact, c)


def cr_exact(h):
    """The inverse c_r(h_r) of hr_exact, element-wise over h_r >= 0."""
    return _each(lib.hf_restitution_cr_exact, h)


def profile_integral(a, b):
    """I(a, b) = B(5/(2a), 1 + 1/b)/a of the velocity profile (Eq. 44), element-wise."""
    return _each(lib.hf_profile_integral, a, b)


def profile_valley_a(b, integral):
    """The a with I(a, b) = INTEGRAL for each b (the valley of optimal (a, b))."""
    return _each(lib.hf_profile_valley_a, b, integral)


# ---- impact simulation ------------------------------------------------------

_LAWS = {"hunt-crossley": lib.HF_IMPACT_HUNT_CROSSLEY,
         "linear-damper": lib.HF_IMPACT_LINEAR_DAMPER,
         "kelvin-voigt": lib.HF_IMPACT_KELVIN_VOIGT}
_ENDS = {lib.HF_IMPACT_END_DEFORMATION: "deformation", lib.HF_IMPACT_END_FORCE: "force",
         lib.HF_IMPACT_END_REST: "rest"}


@dataclass
class ImpactResult:
    """One simulated impact (hertzfit/impact.h), SI units.  ``history`` is a
    structured array (t, delta, delta_dot, force) at equally spaced times from
    0 to the contact time when asked for, else None."""
    e_out: float
    contact_time: float
    time_max: float
    delta_max: float
    force_max: float
    delta_sep: float
    delta_dot_sep: float
    end: str
    steps: int
    history: np.ndarray = None


def _contact(contact, m, K, n, v0):
    contact.mass, contact.stiffness, contact.exponent, contact.approach_speed = m, K, n, v0


def impact_simulate(law="hunt-crossley", m=1.0, K=1.0, n=1.5, v0=1.0, damping=0.0, load=0.0,
                    clamp=False, samples=0, tolerance=1e-12):
    """Simulates one direct central impact m δ̈ + F(δ, δ̇) = P to separation (or
    rest under a load P = LOAD).  LAW is "hunt-crossley" (F = K δ^n (1 + h δ̇/v⁻),
    DAMPING = h), "linear-damper" (F = K δ^n + c δ̇, DAMPING = c) or
    "kelvin-voigt" (n = 1).  SAMPLES >= 2 also returns the history at that many
    times."""
    if law not in _LAWS:
        raise Error(lib.HF_ENOTFOUND, "unknown impact law '%s' (valid: %s)"
                    % (law, ", ".join(_LAWS)))
    params = ffi.new("hf_impact_params *")
    lib.hf_impact_params_init(params)
    params.law = _LAWS[law]
    _contact(params.contact, m, K, n, v0)
    params.damping, params.load, params.clamp = damping, load, 1 if clamp else 0
    params.tolerance = tolerance
    res = ffi.new("hf_impact_result *")
    diag = new_diag()
    check(lib.hf_impact_simulate(params, res, ffi.NULL, ffi.NULL, diag), diag)
    history = None
    if samples:
        if samples < 2:
            raise Error(lib.HF_EINVAL, "samples = %d: a history needs at least 2" % samples)
        cols = [ffi.new("double[]", samples) for _ in range(4)]
        check(lib.hf_impact_history(params, res, samples, *cols, diag), diag)
        history = np.zeros(samples, dtype=[("t", "f8"), ("delta", "f8"), ("delta_dot", "f8"),
                                           ("force", "f8")])
        for name, col in zip(history.dtype.names, cols):
            history[name] = np.frombuffer(ffi.buffer(col), dtype=float)
    return ImpactResult(res.e_out, res.contact_time, res.time_max, res.delta_max,
                        res.force_max, res.delta_sep, res.delta_dot_sep, _ENDS[res.end],
                        int(res.steps), history)


def restitution_check(model, c, profile=None, clamp=False):
    """Output restitution of a Hunt–Crossley impact whose h is MODEL's h_r(c_in)
    (Safaeifar & Farshidianfar Eq. 60), element-wise over C = c_in; only the
    exact model returns c_in."""
    return _each(lib.hf_impact_restitution_e_out, c, before=(damping_lookup(model),),
                 after=(_profile_ab(profile), 1 if clamp else 0))


def copt(e, n=1.5, m=1.0, K=1.0, v0=1.0, rel_tol=1e-10):
    """Poursina & Nikravesh's optimal linear damping c_opt (N·s/m) for
    restitution E and the contact (m, K, n, v⁻), element-wise over every
    argument."""
    contact = ffi.new("hf_contact *")
    options = ffi.new("hf_copt_options *")
    lib.hf_copt_options_init(options)
    options.rel_tol = rel_tol
    out = ffi.new("double *")
    diag = new_diag()

    def one(e_, n_, m_, k_, v_):
        _contact(contact, m_, k_, n_, v_)
        check(lib.hf_copt_solve(contact, e_, options, out, diag), diag)
        return out[0]

    return elementwise(one, e, n, m, K, v0)


def copt_closed_form(e, n=1.5, m=1.0, K=1.0, v0=1.0, alpha=None, beta=None):
    """The closed form c = α(n)(e^β(n) − 1)[K v⁻^(n−1) m^n]^(1/(n+1)) (Eq. 49)
    with the paper's α(n), β(n) (Eqs. 46–47) unless given, element-wise."""
    contact = ffi.new("hf_contact *")
    out = ffi.new("double *")
    diag = new_diag()

    def one(e_, n_, m_, k_, v_):
        _contact(contact, m_, k_, n_, v_)
        a = lib.hf_copt_alpha_paper(n_) if alpha is None else alpha
        b = lib.hf_copt_beta_paper(n_) if beta is None else beta
        check(lib.hf_copt_closed_form(contact, e_, a, b, out, diag), diag)
        return out[0]

    return elementwise(one, e, n, m, K, v0)
