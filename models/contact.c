/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/contact.c — the Hertz contact of hertzfit/contact.h: its defaults
 * and the one check of its values and scales, which the impact simulation
 * and the optimal damping both rely on.
 */
#include "hertzfit/contact.h"

#include <math.h>

void hf_contact_init(hf_contact *contact)
{
    contact->mass = 1.0;
    contact->stiffness = 1.0;
    contact->exponent = 1.5;
    contact->approach_speed = 1.0;
}

static int positive_finite(double x) { return isfinite(x) && x > 0.0; }

static int scale_in_range(double log10_scale)
{
    return log10_scale >= log10(HF_CONTACT_SCALE_MIN) &&
           log10_scale <= log10(HF_CONTACT_SCALE_MAX);
}

/* δ_H, δ_H/v⁻ and K δ_H^n in range (Eq. 27 of Poursina & Nikravesh in
 * logarithms: δ_H^{n+1} = (n+1) m v²/(2K)). */
static hf_status check_scales(const hf_contact *c, hf_diag *diag)
{
    double n = c->exponent, m = c->mass, k = c->stiffness, v = c->approach_speed;
    double log_d = (log10((n + 1.0) / 2.0) + log10(m) + 2.0 * log10(v) - log10(k)) / (n + 1.0);
    const char *name = NULL;
    double log_scale = 0.0;
    if (!scale_in_range(log_d))
        name = "deformation scale delta_H (m)", log_scale = log_d;
    else if (!scale_in_range(log_d - log10(v)))
        name = "time scale delta_H/v (s)", log_scale = log_d - log10(v);
    else if (!scale_in_range(log10(k) + n * log_d))
        name = "force scale K delta_H^n (N)", log_scale = log10(k) + n * log_d;
    if (name == NULL)
        return HF_OK;
    return hf_diag_set(diag, HF_ERANGE, "m = %g, k = %g, v = %g give a %s of 1e%.0f, outside "
                       "the supported [%g, %g]", m, k, v, name, log_scale,
                       HF_CONTACT_SCALE_MIN, HF_CONTACT_SCALE_MAX);
}

hf_status hf_contact_check(const hf_contact *c, hf_diag *diag)
{
    if (c == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no contact given");
    if (!positive_finite(c->mass))
        return hf_diag_set(diag, HF_EDOM, "mass m = %g must be positive and finite", c->mass);
    if (!positive_finite(c->stiffness))
        return hf_diag_set(diag, HF_EDOM, "stiffness K = %g must be positive and finite",
                           c->stiffness);
    if (!(c->exponent >= 1.0 && c->exponent <= 2.0))
        return hf_diag_set(diag, HF_EDOM, "exponent n = %g is outside [1, 2]", c->exponent);
    if (!positive_finite(c->approach_speed))
        return hf_diag_set(diag, HF_EDOM, "approach speed v = %g must be positive and finite",
                           c->approach_speed);
    return check_scales(c, diag);
}
