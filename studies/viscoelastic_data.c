/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/viscoelastic_data.c — synthetic drop-test data and traces from
 * the exact viscoelastic impact (hertzfit/viscoelastic_fit.h): the exact
 * model plugged into the synthesis of objectives/maxwell_data.c and
 * objectives/maxwell_trace.c (objectives/maxwell_internal.h).
 */
#include "hertzfit/viscoelastic_fit.h"

#include "objectives/maxwell_internal.h"

static hf_status exact_simulate(const void *ctx, const hf_maxwell_impact *impact,
                                hf_maxwell_response *out, hf_diag *diag)
{
    return hf_viscoelastic_simulate(ctx, impact, NULL, out, diag);
}

static hf_status exact_history(const void *ctx, const hf_maxwell_impact *impact, size_t n,
                               const double *t, double *F, hf_diag *diag)
{
    return hf_viscoelastic_force_history(ctx, impact, NULL, n, t, F, diag);
}

hf_status hf_viscoelastic_synthesize(const hf_viscoelastic_material *material,
                                     const hf_maxwell_data *impacts, double noise,
                                     uint64_t seed, hf_maxwell_response *out, hf_diag *diag)
{
    hf_status st = hf_viscoelastic_material_check(material, diag);
    if (st != HF_OK)
        return st;
    const hf_maxwell_forward model = {exact_simulate, exact_history, material};
    return hf_maxwell_synthesize_forward(&model, impacts, noise, seed, out, diag);
}

hf_status hf_viscoelastic_trace_synthesize(const hf_viscoelastic_material *material,
                                           const hf_maxwell_impact *impact,
                                           const hf_maxwell_trace_options *options,
                                           hf_maxwell_trace **out, hf_diag *diag)
{
    hf_status st = hf_viscoelastic_material_check(material, diag);
    if (st != HF_OK)
        return st;
    const hf_maxwell_forward model = {exact_simulate, exact_history, material};
    return hf_maxwell_trace_synthesize_forward(&model, impact, options, out, diag);
}

/* A law with its parameters and ν, the context of law_simulate/law_history. */
typedef struct law_ctx {
    const hf_viscoelastic_law *law;
    const double *param;
    double nu;
} law_ctx;

static hf_status law_simulate(const void *ctx, const hf_maxwell_impact *impact,
                              hf_maxwell_response *out, hf_diag *diag)
{
    const law_ctx *c = ctx;
    return hf_viscoelastic_law_simulate(c->law, c->param, c->nu, impact, out, diag);
}

static hf_status law_history(const void *ctx, const hf_maxwell_impact *impact, size_t n,
                             const double *t, double *F, hf_diag *diag)
{
    const law_ctx *c = ctx;
    return hf_viscoelastic_law_force_history(c->law, c->param, c->nu, impact, 0.0, n, t, F,
                                             diag);
}

hf_status hf_viscoelastic_law_trace_synthesize(const hf_viscoelastic_law *law,
                                               const double *param, double nu,
                                               const hf_maxwell_impact *impact,
                                               const hf_maxwell_trace_options *options,
                                               hf_maxwell_trace **out, hf_diag *diag)
{
    if (law == NULL || param == NULL)
        return hf_diag_set(diag, HF_EINVAL, "law trace: missing argument");
    const law_ctx ctx = {law, param, nu};
    const hf_maxwell_forward model = {law_simulate, law_history, &ctx};
    return hf_maxwell_trace_synthesize_forward(&model, impact, options, out, diag);
}
