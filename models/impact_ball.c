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

#include "hertzfit/copt.h"
#include "hertzfit/damping.h"

void hf_impact_ball_contact(hf_contact *contact)
{
    contact->mass = HF_BALL_MASS;
    contact->stiffness = HF_BALL_STIFFNESS;
    contact->exponent = 1.5;
    contact->approach_speed = sqrt(2.0 * HF_BALL_GRAVITY * (HF_BALL_HEIGHT - HF_BALL_RADIUS));
}

hf_status hf_impact_ball_params(const char *model, double e, const double *profile_ab,
                                int clamp, hf_impact_params *params, hf_diag *diag)
{
    if (model == NULL || params == NULL)
        return hf_diag_set(diag, HF_EINVAL, "ball impact needs a model name and parameters");
    hf_status st = hf_impact_check_restitution("restitution e", e, diag);
    if (st != HF_OK)
        return st;
    hf_impact_params_init(params);
    hf_impact_ball_contact(&params->contact);
    params->load = HF_BALL_MASS * HF_BALL_GRAVITY;
    params->clamp = clamp;
    if (strcmp(model, HF_IMPACT_MODEL_LINEAR) == 0) {
        params->law = HF_IMPACT_LINEAR_DAMPER;
        return hf_copt_solve(&params->contact, e, NULL, &params->damping, diag);
    }
    const hf_damping_model *dm = NULL;
    st = hf_damping_lookup(model, &dm, diag);
    if (st != HF_OK)
        return st;
    if (dm->needs_profile && profile_ab == NULL)
        return hf_diag_set(diag, HF_EINVAL, "model '%s' needs the profile exponents (a, b)",
                           dm->name);
    st = hf_damping_hr(dm, e, profile_ab, &params->damping);
    if (st != HF_OK)
        return hf_diag_set(diag, st, "model '%s' at e = %g: %s", dm->name, e, hf_strerror(st));
    return HF_OK;
}
