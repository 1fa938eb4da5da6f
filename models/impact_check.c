/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/impact_check.c — the restitution check of Safaeifar &
 * Farshidianfar 2020 (Eq. 60, Figs. 5–6): give a catalogue damping model
 * the restitution c_in, simulate the Hunt–Crossley-type impact with the
 * h_r it returns (the residual model: its own law), and read the output
 * restitution e_out = −δ̇⁺/δ̇⁻.
 *
 * Scaling δ by δ_H and t by δ_H/v⁻ leaves x'' = −((n+1)/2) x^n (1 + h x'):
 * e_out depends on h alone (and not even on n, by the energy argument of
 * their Eqs. 28–39), so the check runs at m = K = v⁻ = 1, n = 3/2.
 */
#include "hertzfit/impact.h"

#include "hertzfit/damping.h"
#include "models/impact_internal.h"

hf_status hf_impact_restitution_e_out(hf_damping_id model, double c_in,
                                      const double *profile_ab, int clamp, double *e_out,
                                      hf_diag *diag)
{
    hf_status st = hf_impact_check_restitution("restitution c", c_in, diag);
    if (st != HF_OK)
        return st;
    if (e_out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output for e_out");
    hf_impact_params p;
    hf_impact_params_init(&p);
    p.clamp = clamp;
    p.law = hf_impact_law_of(model);
    st = hf_damping_hr(model, c_in, profile_ab, &p.damping, diag);
    if (st != HF_OK)
        return st;
    return hf_impact_e_out(&p, e_out, diag);
}
