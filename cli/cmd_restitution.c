/*
 * cli/cmd_restitution.c — "hertzfit restitution": the restitution check of
 * Safaeifar & Farshidianfar 2020 (Eq. 60, Figs. 5–6).  For each damping
 * model and each input restitution, simulate the Hunt–Crossley-type impact
 * with the model's h_r and print the output restitution and its error.
 * Also home of the model-list helpers shared with bounce and the plots
 * (cli/impact_cli.h).
 */
#include "impact_cli.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/damping.h"
#include "hertzfit/impact.h"

int hf_cli_profile_check(const char *command, const hf_cli_doubles *profile)
{
    if (profile->count != 2)
        return hf_cli_fail(command, "--profile needs two values A B, got %zu", profile->count);
    for (size_t i = 0; i < 2; ++i)
        if (!(profile->values[i] > 0.0))
            return hf_cli_fail(command, "--profile: %s = %g must be positive", i ? "b" : "a",
                               profile->values[i]);
    return 0;
}

int hf_cli_impact_models(const char *command, const char *model, int have_profile,
                         int with_linear, const char ***names, size_t *count)
{
    size_t n = HF_DAMPING_COUNT;
    const char **list = malloc(sizeof(const char *) * (n + 1));   /* caller frees */
    if (list == NULL)
        return hf_cli_fail(command, "out of memory");
    *count = 0;
    if (model == NULL || strcmp(model, "all") == 0) {
        for (size_t i = 0; i < n; ++i)
            if (!hf_damping_at((hf_damping_id)i)->needs_profile || have_profile)
                list[(*count)++] = hf_damping_at((hf_damping_id)i)->name;
        if (with_linear)
            list[(*count)++] = HF_IMPACT_MODEL_LINEAR;
        *names = list;
        return 0;
    }
    hf_damping_id id = HF_DAMPING_COUNT;
    hf_diag diag = {{0}};
    if (with_linear && strcmp(model, HF_IMPACT_MODEL_LINEAR) == 0) {
        list[(*count)++] = HF_IMPACT_MODEL_LINEAR;
    } else if (hf_damping_lookup(model, &id, &diag) != HF_OK) {
        free(list);
        return hf_cli_fail(command, "--model: %s", diag.text);
    } else if (hf_damping_at(id)->needs_profile && !have_profile) {
        free(list);
        return hf_cli_fail(command, "--model %s needs --profile A B", model);
    } else {
        list[(*count)++] = hf_damping_at(id)->name;
    }
    *names = list;
    return 0;
}

int hf_cli_check_restitution(const char *command, const char *what, double e)
{
    hf_diag diag = {{0}};
    hf_status st = hf_impact_check_restitution(what, e, &diag);
    return st == HF_OK ? 0 : hf_cli_fail_status(command, st, &diag);
}

/* Parses and checks every positional restitution before any simulation. */
static int parse_restitutions(const hf_cli_strings *pos, double *c)
{
    for (size_t i = 0; i < pos->count; ++i) {
        int rc = hf_cli_parse_double("restitution", "restitution", pos->items[i], &c[i]);
        if (rc != 0)
            return rc;
        rc = hf_cli_check_restitution("restitution", "restitution c", c[i]);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* Both are wanted: the force as written (Eq. 13, the exact
 * relation of Eq. 39) and clamped as engines do; both are always
 * printed so that their agreement (hertzfit/impact.h) can be seen. */
static int fill_table(hf_table *t, const char **names, size_t nmodels, const double *c,
                      size_t nc, const double *ab)
{
    for (size_t m = 0; m < nmodels; ++m)
        for (size_t i = 0; i < nc; ++i) {
            double e, e_clamped = 0.0;
            hf_diag diag = {{0}};
            hf_damping_id id;
            hf_status st = hf_damping_lookup(names[m], &id, &diag);
            if (st == HF_OK)
                st = hf_impact_restitution_check(id, c[i], ab, 0, &e, &diag);
            if (st == HF_OK)
                st = hf_impact_restitution_check(id, c[i], ab, 1, &e_clamped, &diag);
            if (st != HF_OK)
                return hf_cli_fail_status("restitution", st, &diag);
            hf_table_str(t, names[m]);
            hf_table_numf(t, "%.6g", c[i]);
            hf_table_numf(t, "%.12g", e);
            hf_table_numf(t, "%+.3e", e - c[i]);
            hf_table_numf(t, "%.12g", e_clamped);
            hf_table_numf(t, "%+.3e", e_clamped - c[i]);
        }
    return 0;
}

int hf_cmd_restitution(int argc, char **argv)
{
    const char *model = "all";
    int csv = 0;
    hf_cli_doubles profile = {0};   /* filled by hf_cli_parse, freed below */
    hf_cli_opt opts[] = {
        {.name = "model", .kind = HF_CLI_STRING, .value = &model, .arg = "NAME|all",
         .help = "damping model (default all; see hertzfit models)"},
        {.name = "profile", .kind = HF_CLI_DOUBLES, .value = &profile, .arg = "A B",
         .help = "exponents (a, b) for the 'profile' model (added to 'all' when given)"},
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &csv, .help = "CSV output"},
    };
    hf_cli_spec spec = {
        "restitution", "[--model NAME|all] [--csv] C...",
        "Simulate the Hunt-Crossley-type impact m x'' + K x^n (1 + h x'/v) = 0 with h from\n"
        "each damping model at input restitution C in [1e-6, 1], and print the output\n"
        "restitution e_out = -x'(t_s)/v and its error (Safaeifar & Farshidianfar 2020,\n"
        "Eq. 60, Figs. 5-6), twice: with the force as written, contact ending at x = 0\n"
        "(e_out, error), and clamped, F = max(F, 0), ending at F = 0 (e_out_clamped,\n"
        "error_clamped).  e_out does not depend on m, K, v or n.",
        opts, sizeof opts / sizeof opts[0], 1, (size_t)-1};
    hf_cli_strings pos;   /* filled by hf_cli_parse, freed below */
    int rc = hf_cli_parse(&spec, argc, argv, &pos);
    if (rc != 0) {
        hf_cli_doubles_free(&profile);
        return rc < 0 ? 0 : rc;
    }
    double *c = malloc(sizeof(double) * pos.count);   /* freed below */
    const char **names = NULL;                          /* freed below */
    size_t nmodels = 0;
    hf_table *t = NULL;
    if (c == NULL)
        rc = hf_cli_fail("restitution", "out of memory");
    if (rc == 0 && profile.count > 0)
        rc = hf_cli_profile_check("restitution", &profile);
    if (rc == 0)
        rc = parse_restitutions(&pos, c);
    if (rc == 0)
        rc = hf_cli_impact_models("restitution", model, profile.count > 0, 0, &names, &nmodels);
    if (rc == 0) {
        static const char *const headers[] = {"model", "e_in", "e_out", "error",
                                              "e_out_clamped", "error_clamped"};
        t = hf_table_create(csv, 6, headers);   /* printed and freed by hf_table_print */
        rc = t == NULL ? hf_cli_fail("restitution", "out of memory")
                       : fill_table(t, names, nmodels, c, pos.count,
                                    profile.count ? profile.values : NULL);
    }
    if (rc == 0) {
        rc = hf_table_print(t, stdout);
        t = NULL;
    }
    hf_table_free(t);
    free(names);
    free(c);
    hf_cli_strings_free(&pos);
    hf_cli_doubles_free(&profile);
    return rc;
}
