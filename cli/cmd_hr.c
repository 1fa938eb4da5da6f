/*
 * cli/cmd_hr.c — "hertzfit hr": the damping ratio h_r(c_r) of one or every
 * catalogue model at the given restitution coefficients.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/damping.h"

static const char *summary =
    "Damping ratio h_r = C v0/K of a damping model at each restitution coefficient\n"
    "C in (0, 1].  --model all lists every model (the profile model too when --a\n"
    "and --b are given).  Models: hertzfit models.";

int hf_cmd_hr(int argc, char **argv)
{
    const char *model = "exact";
    double ab[2] = {0.0, 0.0};
    int csv = 0;
    hf_cli_opt opts[] = {
        {.name = "model", .kind = HF_CLI_STRING, .value = &model, .arg = "NAME|all",
         .help = "damping model (default exact)"},
        {.name = "a", .kind = HF_CLI_DOUBLE, .value = &ab[0], .arg = "A",
         .help = "profile exponent a > 0 (profile model)"},
        {.name = "b", .kind = HF_CLI_DOUBLE, .value = &ab[1], .arg = "B",
         .help = "profile exponent b > 0 (profile model)"},
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &csv, .help = "CSV output"},
    };
    hf_cli_spec spec = {"hr", "[--model NAME|all] [--a A --b B] [--csv] C...", summary,
                        opts, sizeof opts / sizeof opts[0], 1, (size_t)-1};
    hf_cli_strings pos;
    int rc = hf_cli_parse(&spec, argc, argv, &pos);
    if (rc != 0)
        return rc < 0 ? 0 : rc;
    int have_ab = opts[1].given && opts[2].given;
    if (opts[1].given != opts[2].given)
        rc = hf_cli_fail("hr", "--a and --b go together");
    else if (have_ab && !(ab[0] > 0.0))
        rc = hf_cli_fail("hr", "--a: %g must be positive", ab[0]);
    else if (have_ab && !(ab[1] > 0.0))
        rc = hf_cli_fail("hr", "--b: %g must be positive", ab[1]);
    int all = strcmp(model, "all") == 0;
    hf_damping_id chosen_id = HF_DAMPING_COUNT;
    hf_diag diag = {{0}};
    if (rc == 0 && !all && hf_damping_lookup(model, &chosen_id, &diag) != HF_OK)
        rc = hf_cli_fail("hr", "--model: %s", diag.text);
    const hf_damping_model *chosen = hf_damping_at(chosen_id);
    if (rc == 0 && chosen != NULL && chosen->needs_profile && !have_ab)
        rc = hf_cli_fail("hr", "--model profile needs --a and --b");
    double *c = NULL;
    if (rc == 0) {
        c = malloc(sizeof(double) * pos.count);   /* freed below */
        if (c == NULL)
            rc = hf_cli_fail("hr", "out of memory");
        for (size_t i = 0; rc == 0 && i < pos.count; ++i) {
            rc = hf_cli_parse_double("hr", "c_r", pos.items[i], &c[i]);
            if (rc == 0 && !(c[i] > 0.0 && c[i] <= 1.0))
                rc = hf_cli_fail("hr", "c_r '%s' is outside (0, 1]", pos.items[i]);
        }
    }
    const char *headers[] = {"model", "c_r", "h_r"};
    hf_table *t = rc == 0 ? hf_table_create(csv, 3, headers) : NULL;
    for (size_t m = 0; t != NULL && m < HF_DAMPING_COUNT; ++m) {
        const hf_damping_model *dm = hf_damping_at((hf_damping_id)m);
        if ((!all && dm != chosen) || (dm->needs_profile && !have_ab))
            continue;
        for (size_t i = 0; i < pos.count && rc == 0; ++i) {
            double h;
            hf_status st = hf_damping_hr(dm->id, c[i], ab, &h, NULL);
            if (st != HF_OK) {
                rc = hf_cli_fail("hr", "c_r '%s' with model %s: %s", pos.items[i], dm->name,
                                 st == HF_ERANGE ? "h_r is not representable as a double"
                                                 : hf_strerror(st));
                break;
            }
            hf_table_str(t, dm->name);
            hf_table_num(t, c[i]);
            hf_table_num(t, h);
        }
    }
    if (t != NULL)
        rc = rc == 0 ? hf_table_print(t, stdout) : (hf_table_free(t), rc);
    free(c);
    hf_cli_strings_free(&pos);
    return rc;
}
