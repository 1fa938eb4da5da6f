/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_restitution.c — "hertzfit restitution": the restitution check of
 * Safaeifar & Farshidianfar 2020 (Eq. 60, Figs. 5–6).  For each damping
 * model and each input restitution, simulate the Hunt–Crossley-type impact
 * with the model's h_r and print the output restitution and its error.
 * Also home of the model list shared with bounce and the plots
 * (cli/impact_cli.h).
 */
#include "impact_cli.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/damping.h"
#include "hertzfit/impact.h"

int hfc_impact_models(const char *command, const char *model, int have_profile,
                      int with_linear, const char ***names, size_t *count)
{
    size_t n = HF_DAMPING_COUNT;
    const char **list = malloc(sizeof(const char *) * (n + 1));   /* caller frees */
    if (list == NULL)
        return hfc_fail(command, "out of memory");
    *count = 0;
    hf_damping_id id = HF_DAMPING_COUNT;
    const hf_damping_model *dm = NULL;
    hf_diag diag = {{0}};
    hf_status st = HF_OK;
    if (strcmp(model, "all") == 0) {
        for (size_t i = 0; i < n; ++i)
            if (!hf_damping_at((hf_damping_id)i)->needs_profile || have_profile)
                list[(*count)++] = hf_damping_at((hf_damping_id)i)->name;
        if (with_linear)
            list[(*count)++] = HF_IMPACT_MODEL_LINEAR;
    } else if (with_linear && strcmp(model, HF_IMPACT_MODEL_LINEAR) == 0) {
        list[(*count)++] = HF_IMPACT_MODEL_LINEAR;
    } else if ((st = hf_damping_lookup(model, &id, &diag)) == HF_OK) {
        dm = hf_damping_at(id);
        list[(*count)++] = dm->name;
    }
    int rc = 0;
    if (st != HF_OK)
        rc = hfc_fail_status(command, "--model", st, &diag);
    else if (dm != NULL && dm->needs_profile && !have_profile)
        rc = hfc_fail(command, "--model %s needs --a and --b", model);
    if (rc != 0) {
        free(list);
        return rc;
    }
    *names = list;
    return 0;
}

/* Both are wanted: the force as written (Eq. 13, the exact
 * relation of Eq. 39) and clamped as engines do; both are always
 * printed so that their agreement (hertzfit/impact.h) can be seen. */
static int fill_table(const char *command, hfc_table *t, const char **names, size_t nmodels,
                      const hfc_reals *c, const double *ab)
{
    for (size_t m = 0; m < nmodels; ++m)
        for (size_t i = 0; i < c->n; ++i) {
            double e, e_clamped = 0.0;
            hf_diag diag = {{0}};
            hf_damping_id id;
            hf_status st = hf_damping_lookup(names[m], &id, &diag);
            if (st == HF_OK)
                st = hf_impact_restitution_e_out(id, c->v[i], ab, 0, &e, &diag);
            if (st == HF_OK)
                st = hf_impact_restitution_e_out(id, c->v[i], ab, 1, &e_clamped, &diag);
            if (st != HF_OK)
                return hfc_fail_status(command, NULL, st, &diag);
            hfc_table_str(t, names[m]);
            hfc_table_numf(t, "%.6g", c->v[i]);
            hfc_table_numf(t, "%.12g", e);
            hfc_table_numf(t, "%+.3e", e - c->v[i]);
            hfc_table_numf(t, "%.12g", e_clamped);
            hfc_table_numf(t, "%+.3e", e_clamped - c->v[i]);
        }
    return 0;
}

static int run_restitution(int argc, char **argv)
{
    const char *model = "all";
    double ab[2] = {0.0, 0.0};
    int csv = 0;
    hfc_reals c = {0};
    hfc_opt opts[] = {
        HFC_OPT_MODEL(&model, "damping model, or all (default all; see hertzfit models)"),
        HFC_OPT_PROFILE_AB(&ab[0], &ab[1], " (the profile model; with all, adds it)"),
        HFC_OPT_CSV(&csv),
    };
    hfc_opt positional = {.name = "e_in", .kind = HFC_REALS, .value = &c, .arg = "C",
                          .limits = HFC_MIN | HFC_MAX, .min = HF_IMPACT_E_MIN, .max = 1.0,
                          .count_min = 1};
    hfc_spec spec = {
        argv[0],
        "Simulate the Hunt-Crossley-type impact m x'' + K x^n (1 + h x'/v) = 0 with h from\n"
        "each damping model at input restitution C, and print the output restitution\n"
        "e_out = -x'(t_s)/v and its error (Safaeifar & Farshidianfar 2020, Eq. 60,\n"
        "Figs. 5-6), twice: with the force as written, contact ending at x = 0\n"
        "(e_out, error), and clamped, F = max(F, 0), ending at F = 0 (e_out_clamped,\n"
        "error_clamped).  e_out does not depend on m, K, v or n.\n\n"
        "poursina-residual runs its own law, m x'' + K x^n + mu x x' = 0,\n"
        "ending at zero force with a residual deformation (n = 3/2); its h is the root of\n"
        "this same simulation, so its error is zero to the root's tolerance.",
        opts, HFC_COUNT(opts), &positional, NULL};
    int rc;
    const char **names = NULL;   /* freed below */
    size_t nmodels = 0;
    hfc_table *t = NULL;
    int go = hfc_parse(&spec, argc, argv, &rc);
    if (go)
        rc = hfc_impact_models(argv[0], model, hfc_given(&spec, "a"), 0, &names, &nmodels);
    if (go && rc == 0) {
        static const char *const headers[] = {"model", "e_in", "e_out", "error",
                                              "e_out_clamped", "error_clamped"};
        t = hfc_table_alloc(csv, 6, headers);
        rc = fill_table(argv[0], t, names, nmodels, &c, hfc_given(&spec, "a") ? ab : NULL);
    }
    if (go && rc == 0)
        rc = hfc_table_print(t);
    else
        hfc_table_free(t);
    free(names);
    hfc_free(&spec);
    return rc;
}

const hfc_command hfc_restitution_command = {
    "restitution", "simulated output restitution of each damping model", run_restitution,
    NULL, 0, NULL};

/* Data block "$mI" of (c_r, VALUE) for model I at c_r = 1/N .. 1. */
static int model_block(const char *command, hfc_plot *p, size_t index, const char *model,
                       size_t points, const double *ab, hfc_model_value value)
{
    hf_diag diag = {{0}};
    hf_damping_id id;
    hf_status st = hf_damping_lookup(model, &id, &diag);
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    hfc_plot_block(p, "m%zu", index);
    for (size_t i = 1; i <= points; ++i) {
        double row[2] = {(double)i / (double)points, 0.0};
        st = value(id, row[0], ab, &row[1], &diag);
        if (st != HF_OK)
            return hfc_fail_status(command, NULL, st, &diag);
        hfc_plot_row(p, 2, row);
    }
    hfc_plot_block_end(p);
    return 0;
}

int hfc_model_plot_begin(int argc, char **argv, const char *description,
                         const char *points_help, int width, int height,
                         hfc_model_value value, hfc_model_plot *out)
{
    const char *output = NULL, *model = "all";
    double ab[2] = {0.0, 0.0};
    unsigned long long points = 100;
    hfc_opt opts[] = {
        HFC_OPT_OUTPUT(&output, "FILE.png", "write the figure to FILE.png", 1),
        HFC_OPT_MODEL(&model, "damping model, or all (default all)"),
        HFC_OPT_PROFILE_AB(&ab[0], &ab[1], " (the profile model; with all, adds it)"),
        {.name = "points", .kind = HFC_INT, .value = &points, .arg = "N",
         .limits = HFC_MIN | HFC_MAX, .min = 2, .max = 100000, .help = points_help},
    };
    hfc_spec spec = {argv[0], description, opts, HFC_COUNT(opts), NULL, NULL};
    *out = (hfc_model_plot){NULL, 0, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    int have_ab = hfc_given(&spec, "a");
    if ((rc = hfc_check_output(argv[0], "--output", output)) != 0 ||
        (rc = hfc_impact_models(argv[0], model, have_ab, 0, &out->names, &out->count)) != 0)
        return rc;
    hfc_plot *p = hfc_plot_alloc(output, width, height, "enhanced font 'sans,10'");
    for (size_t m = 0; m < out->count && rc == 0; ++m)
        rc = model_block(argv[0], p, m, out->names[m], (size_t)points, have_ab ? ab : NULL,
                         value);
    if (rc != 0) {
        hfc_plot_free(p);
        free(out->names);
        *out = (hfc_model_plot){NULL, 0, NULL};
        return rc;
    }
    out->plot = p;
    return 0;
}
