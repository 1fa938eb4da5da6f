/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/impact_ball.c — the bouncing-ball example of Safaeifar &
 * Farshidianfar 2020 (§8, Table 3, Eq. 63): the parameters of one impact of
 * the ball on rigid ground, for any damping model, ready for
 * hf_impact_simulate.  The Poursina–Nikravesh linear damper with c_opt(e)
 * is offered next to the Hunt–Crossley-type catalogue models so that both
 * families can be compared on the same impact.
 */
#include "hertzfit/impact.h"

#include <math.h>
#include <string.h>

#include "hertzfit/damping.h"
#include "models/impact_internal.h"

/* Table 3 and Eq. 63. */
static void ball_contact(hf_contact *contact)
{
    contact->mass = HF_BALL_MASS;
    contact->stiffness = HF_BALL_STIFFNESS;
    contact->exponent = 1.5;
    contact->approach_speed = sqrt(2.0 * HF_BALL_GRAVITY * (HF_BALL_HEIGHT - HF_BALL_RADIUS));
}

static const char *impact_model_name_at(size_t index, const void *ctx)
{
    (void)ctx;
    return index < HF_DAMPING_COUNT ? hf_damping_at((hf_damping_id)index)->name
                                    : HF_IMPACT_MODEL_LINEAR;
}

hf_status hf_impact_model_lookup(const char *name, hf_impact_model *model, hf_diag *diag)
{
    if (name != NULL && strcmp(name, HF_IMPACT_MODEL_LINEAR) == 0) {
        *model = (hf_impact_model){HF_IMPACT_LINEAR_DAMPER, HF_DAMPING_COUNT};
        return HF_OK;
    }
    hf_damping_id id;
    if (hf_damping_lookup(name, &id, NULL) != HF_OK)
        return hf_unknown_name("damping model", name, HF_DAMPING_COUNT + 1,
                               impact_model_name_at, NULL, diag);
    *model = (hf_impact_model){hf_impact_law_of(id), id};
    return HF_OK;
}

const char *hf_impact_model_name(hf_impact_model model)
{
    if (model.law == HF_IMPACT_LINEAR_DAMPER)
        return HF_IMPACT_MODEL_LINEAR;
    const hf_damping_model *dm = model.law == hf_impact_law_of(model.damping)
                                     ? hf_damping_at(model.damping) : NULL;
    return dm != NULL ? dm->name : "?";
}

hf_status hf_impact_ball_params(hf_impact_model model, double e, const double *profile_ab,
                                int clamp, hf_impact_params *params, hf_diag *diag)
{
    if (params == NULL)
        return hf_diag_set(diag, HF_EINVAL, "ball impact needs parameters to fill");
    hf_status st = hf_impact_check_restitution("restitution e", e, diag);
    if (st != HF_OK)
        return st;
    hf_impact_params_init(params);
    ball_contact(&params->contact);
    params->load = HF_BALL_MASS * HF_BALL_GRAVITY;
    params->clamp = clamp;
    if (model.law == HF_IMPACT_LINEAR_DAMPER) {
        params->law = HF_IMPACT_LINEAR_DAMPER;
        return hf_copt_solve(&params->contact, e, NULL, &params->damping, diag);
    }
    if (model.law != hf_impact_law_of(model.damping))
        return hf_diag_set(diag, HF_EINVAL, "the ball's damping is a catalogue model or the "
                           "linear damper, not force law %d", (int)model.law);
    params->law = model.law;
    return hf_damping_hr(model.damping, e, profile_ab, &params->damping, diag);
}
