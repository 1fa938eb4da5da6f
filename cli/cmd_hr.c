/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_hr.c — "hertzfit hr": the damping ratio h_r(c_r) of one or every
 * catalogue model at the given restitution coefficients.
 */
#include "cli.h"

#include <string.h>

#include "hertzfit/damping.h"

/* The one model --model names, which has what it needs. */
static int choose_model(const char *command, const char *model, int have_ab,
                        const hf_damping_model **chosen)
{
    hf_damping_id id = HF_DAMPING_COUNT;
    hf_diag diag = {{0}};
    hf_status st = hf_damping_lookup(model, &id, &diag);
    if (st != HF_OK)
        return hfc_fail_status(command, "--model", st, &diag);
    *chosen = hf_damping_at(id);
    if ((*chosen)->needs_profile && !have_ab)
        return hfc_fail(command, "--model profile needs --a and --b");
    return 0;
}

/* The rows of model DM at every c_r of C. */
static int add_model_rows(hfc_table *t, const char *command, const hf_damping_model *dm,
                          const hfc_reals *c, const double ab[2])
{
    for (size_t i = 0; i < c->n; ++i) {
        double h;
        hf_status st = hf_damping_hr(dm->id, c->v[i], ab, &h, NULL);
        if (st != HF_OK)
            return hfc_fail(command, "c_r %g with model %s: %s", c->v[i], dm->name,
                            st == HF_ERANGE ? "h_r is not representable as a double"
                                            : hf_strerror(st));
        hfc_table_str(t, dm->name);
        hfc_table_num(t, c->v[i]);
        hfc_table_num(t, h);
    }
    return 0;
}

static int run_hr(int argc, char **argv)
{
    const char *model = "exact";
    double ab[2] = {0.0, 0.0};
    int csv = 0;
    hfc_reals c = {0};
    hfc_opt opts[] = {
        HFC_OPT_MODEL(&model, "damping model, or all (default exact; see hertzfit models)"),
        HFC_OPT_PROFILE_AB(&ab[0], &ab[1], " (the profile model; with all, adds it)"),
        HFC_OPT_CSV(&csv),
    };
    hfc_opt positional = {.name = "c_r", .kind = HFC_REALS, .value = &c, .arg = "C",
                          .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 1.0,
                          .count_min = 1};
    hfc_spec spec = {argv[0],
                     "Damping ratio h_r = C v0/K of a damping model at each restitution\n"
                     "coefficient C in (0, 1].  --model all lists every model (the profile\n"
                     "model too when --a and --b are given).  Models: hertzfit models.",
                     opts, HFC_COUNT(opts), &positional, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc)) {
        hfc_free(&spec);
        return rc;
    }
    int have_ab = hfc_given(&spec, "a");
    int all = strcmp(model, "all") == 0;
    const hf_damping_model *chosen = NULL;
    if (!all)
        rc = choose_model(argv[0], model, have_ab, &chosen);
    const char *headers[] = {"model", "c_r", "h_r"};
    hfc_table *t = rc == 0 ? hfc_table_alloc(csv, 3, headers) : NULL;
    for (size_t m = 0; rc == 0 && m < HF_DAMPING_COUNT; ++m) {
        const hf_damping_model *dm = hf_damping_at((hf_damping_id)m);
        if ((!all && dm != chosen) || (dm->needs_profile && !have_ab))
            continue;
        rc = add_model_rows(t, argv[0], dm, &c, ab);
    }
    if (rc == 0)
        rc = hfc_table_print(t);
    else
        hfc_table_free(t);
    hfc_free(&spec);
    return rc;
}

const hfc_command hfc_hr_command = {
    "hr", "damping ratio h_r(c_r) of one or all damping models", run_hr, NULL, 0, NULL};
