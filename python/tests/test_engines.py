# SPDX-License-Identifier: GPL-3.0-or-later
"""e(v) of a calibrated law from Python (hertzfit/engines.h): one library call."""
import numpy as np
import pytest

import hertzfit


def test_fixed_hunt_crossley_follows_the_exact_relation():
    # F = K x^n (1 + d x'), d = h_r(0.8)/v_cal: at speed v, h = d v and
    # e(v) = c_r(d v) by the exact relation (to the integration's ~1e-10)
    v = np.array([0.1, 1.0, 10.0])
    r = hertzfit.restitution_curve(v, form="fixed", e=0.8, v_cal=1.0)
    h = hertzfit.hr_exact(0.8)
    np.testing.assert_allclose(r.e, hertzfit.cr_exact(h * v), atol=1e-9)
    assert r.fit_valid and r.exponent_theory == 1.0
    assert np.all(np.diff(r.contact_time) < 0)   # Hertz: t_c falls with v


def test_force_and_errors():
    h = hertzfit.hr_exact(0.8)
    f = hertzfit.law_force(1e-5, 0.3, 1.5, K=5e9, e=0.8)
    assert f == pytest.approx(5e9 * 1e-5 ** 1.5 * (1 + h * 0.3 / 1.5), rel=1e-14)
    with pytest.raises(hertzfit.Error):
        hertzfit.restitution_curve([1.0], form="nonsense")
    with pytest.raises(hertzfit.Error):
        hertzfit.law_force(1e-5, 0.3, 1.0, form="maxwell")


def test_viscoelastic_sphere_fit_matches_the_c_library():
    # A standard linear solid relaxing in 0.47 µs (1e-3 of the contact):
    # the Kelvin–Voigt sphere, whose fitted β is the material's own to the
    # C test's 3e-3 (tests/test_engines.c says where that error comes from).
    v = np.geomspace(0.1, 10.0, 7)
    r = hertzfit.restitution_curve(v, form="viscoelastic", mu0=1e9, nu=0.3, alpha=0.9,
                                   eta=1.0 / 4.7e-7)
    fit = hertzfit.viscoelastic_sphere_fit(v, r.e, mu0=1e9, nu=0.3, alpha=0.9, eta=1.0 / 4.7e-7)
    assert fit.valid
    assert abs(fit.beta / fit.beta_kelvin_voigt - 1.0) < 3e-3
    assert r.exponent_theory == 0.2


def test_default_speeds_are_the_library_grid():
    # the speeds of `hertzfit ev`: 9 geometric from 0.1 to 10 m/s, ratio
    # 10^(1/4) to a few ulps of pow; a reversed range is bad input
    v = hertzfit.speed_grid()
    assert v.size == 9 and v[0] == 0.1
    np.testing.assert_allclose(v[1:] / v[:-1], 10.0 ** 0.25, rtol=1e-14)
    np.testing.assert_allclose(hertzfit.speed_grid(1.0, 4.0, 3), [1.0, 2.0, 4.0], rtol=1e-15)
    r = hertzfit.restitution_curve(form="fixed")
    np.testing.assert_array_equal(r.speed, v)
    with pytest.raises(hertzfit.BadInputError, match="v_min 2 is above v_max 1"):
        hertzfit.speed_grid(2.0, 1.0)
    with pytest.raises(hertzfit.BadInputError):
        hertzfit.speed_grid(points=0)
