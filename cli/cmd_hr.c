/*
 * cli/cmd_hr.c — "hertzfit hr": the damping ratio h_r(c_r) of one or every
 * catalogue model at the given restitution coefficients.
 */
#include "cli.h"

#include <string.h>

#include "hertzfit/damping.h"

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
    hf_damping_id chosen_id = HF_DAMPING_COUNT;
    hf_diag diag = {{0}};
    hf_status st = all ? HF_OK : hf_damping_lookup(model, &chosen_id, &diag);
    const hf_damping_model *chosen = all || st != HF_OK ? NULL : hf_damping_at(chosen_id);
    if (st != HF_OK)
        rc = hfc_fail_status(argv[0], "--model", st, &diag);
    if (rc == 0 && chosen != NULL && chosen->needs_profile && !have_ab)
        rc = hfc_fail(argv[0], "--model profile needs --a and --b");
    const char *headers[] = {"model", "c_r", "h_r"};
    hfc_table *t = rc == 0 ? hfc_table_alloc(csv, 3, headers) : NULL;
    for (size_t m = 0; rc == 0 && m < HF_DAMPING_COUNT; ++m) {
        const hf_damping_model *dm = hf_damping_at((hf_damping_id)m);
        if ((!all && dm != chosen) || (dm->needs_profile && !have_ab))
            continue;
        for (size_t i = 0; i < c.n && rc == 0; ++i) {
            double h;
            st = hf_damping_hr(dm->id, c.v[i], ab, &h, NULL);
            if (st != HF_OK) {
                rc = hfc_fail(argv[0], "c_r %g with model %s: %s", c.v[i], dm->name,
                              st == HF_ERANGE ? "h_r is not representable as a double"
                                              : hf_strerror(st));
                break;
            }
            hfc_table_str(t, dm->name);
            hfc_table_num(t, c.v[i]);
            hfc_table_num(t, h);
        }
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
