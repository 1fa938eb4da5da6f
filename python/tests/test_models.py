# SPDX-License-Identifier: GPL-3.0-or-later
"""Damping models, the exact relation, the profile integral, impacts, c_opt."""
import math

import numpy as np
import pytest

import hertzfit


def test_damping_models_catalogue():
    models = hertzfit.damping_models()
    names = [m.name for m in models]
    assert names[0] == "hunt-crossley" and "exact" in names and "profile" in names
    assert [m.needs_profile for m in models if m.name == "profile"] == [True]
    assert all(m.formula and m.reference for m in models)


def test_hr_vectorised_over_arrays():
    # Hunt & Crossley: h_r = 3(1 - c_r)/2, exactly
    assert hertzfit.hr("hunt-crossley", 0.5) == 0.75
    c = np.array([[0.2, 0.4], [0.6, 0.8]])
    h = hertzfit.hr("hunt-crossley", c)
    assert h.shape == (2, 2)
    np.testing.assert_array_equal(h, 1.5 * (1 - c))
    # the exact model is the exact relation; the profile model needs (a, b)
    np.testing.assert_array_equal(hertzfit.hr("exact", c), hertzfit.hr_exact(c))
    hp = hertzfit.hr("profile", c, profile=(2.939, 3.409))
    k0 = 2 / (5 * hertzfit.profile_integral(2.939, 3.409))
    np.testing.assert_allclose(hp, k0 * (1 - c) / c, rtol=1e-14)


def test_hr_errors_carry_the_diag():
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.hr("hunt-crosley", 0.5)
    assert e.value.status == -9 and "hunt-crossley" in str(e.value)   # lists the valid names
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.hr("flores", [0.5, 1.5])
    assert e.value.reason == "argument outside its mathematical domain" and "1.5" in str(e.value)
    with pytest.raises(hertzfit.Error):
        hertzfit.hr("profile", 0.5)            # no (a, b)
    with pytest.raises(TypeError):
        hertzfit.hr(3, 0.5)


def test_exact_relation_round_trip():
    # h (1 + c) = ln((1 + h)/(1 - c h)) holds to rounding (Eq. 39); below
    # c = 0.1, h -> 1/c and 1 - c h loses the digits the check needs
    c = np.linspace(0.1, 0.95, 18)
    h = hertzfit.hr_exact(c)
    np.testing.assert_allclose(h * (1 + c), np.log((1 + h) / (1 - c * h)), rtol=1e-13)
    np.testing.assert_allclose(hertzfit.cr_exact(h), c, rtol=1e-13)
    assert hertzfit.hr_exact(1.0) == 0.0
    with pytest.raises(hertzfit.Error):
        hertzfit.hr_exact(0.0)
    with pytest.raises(hertzfit.Error):
        hertzfit.cr_exact(-1.0)


def test_profile_integral_and_valley():
    # a = 2, b = 1: the integral of y^(3/2)(1 - y^2) over [0, 1] is 2/5 - 2/9 = 8/45
    assert hertzfit.profile_integral(2.0, 1.0) == pytest.approx(8 / 45, rel=1e-14)
    b = np.array([2.0, 3.409, 5.0])
    i = hertzfit.profile_integral(2.5, b)
    np.testing.assert_allclose(hertzfit.profile_valley_a(b, i), 2.5, rtol=1e-10)
    with pytest.raises(hertzfit.Error):
        hertzfit.profile_integral(-1.0, 2.0)
    with pytest.raises(hertzfit.Error):
        hertzfit.profile_valley_a(2.0, 0.5)     # I < 2/5 always


def test_impact_simulate():
    # no damping: the ball leaves with its approach speed; Hertz's contact time
    # t = 2.94 δ_H/v⁻ (Eq. 27 scales: δ_H = ((n+1) m v²/(2K))^(1/(n+1)))
    r = hertzfit.impact_simulate(m=1.0, K=1.4e8, n=1.5, v0=4.2, samples=50)
    assert r.e_out == pytest.approx(1.0, abs=1e-9)
    delta_h = (2.5 * 4.2 ** 2 / (2 * 1.4e8)) ** 0.4
    assert r.delta_max == pytest.approx(delta_h, rel=1e-9)
    assert r.contact_time == pytest.approx(2.943 * delta_h / 4.2, rel=1e-3)
    assert r.end == "deformation" and r.history.shape == (50,)
    assert r.history["t"][-1] == pytest.approx(r.contact_time, rel=1e-12)
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.impact_simulate(law="maxwell")
    assert "hunt-crossley" in str(e.value)
    with pytest.raises(hertzfit.Error):
        hertzfit.impact_simulate(m=-1.0)
    with pytest.raises(hertzfit.Error):
        hertzfit.impact_simulate(samples=1)


def test_restitution_check():
    c = np.array([0.3, 0.6, 0.9])
    # only the exact relation returns the restitution it was given (tolerance:
    # the ODE's 1e-12 per step over ~1e3 steps)
    np.testing.assert_allclose(hertzfit.restitution_check("exact", c), c, atol=1e-9)
    assert abs(hertzfit.restitution_check("hunt-crossley", 0.5) - 0.5) > 0.1
    with pytest.raises(hertzfit.Error):
        hertzfit.restitution_check("exact", 2.0)


def test_copt_gives_the_restitution_asked_for():
    e = np.array([0.3, 0.5, 0.8])
    c = hertzfit.copt(e, n=1.5, m=1.0, K=1.4e8, v0=4.2)
    for ei, ci in zip(e, c):
        r = hertzfit.impact_simulate("linear-damper", m=1.0, K=1.4e8, n=1.5, v0=4.2, damping=ci)
        assert r.e_out == pytest.approx(ei, abs=1e-8)   # root found to rel_tol 1e-10 in c
    # the paper's closed form (Eq. 49) fits c_opt to within 1 % (their Fig. 4)
    np.testing.assert_allclose(hertzfit.copt_closed_form(e, 1.5, 1.0, 1.4e8, 4.2), c, rtol=0.01)
    with pytest.raises(hertzfit.Error):
        hertzfit.copt(0.0)
    with pytest.raises(hertzfit.Error):
        hertzfit.copt_closed_form(0.5, n=3.0)
    assert math.isfinite(hertzfit.copt(0.5))
