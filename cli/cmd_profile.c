/*
 * cli/cmd_profile.c — "hertzfit profile": I(a,b), K0 and the RMS objective
 * at one (a, b).
 */
#include "cli.h"

#include "hertzfit/profile.h"
#include "hertzfit/profile_objective.h"

int hf_cmd_profile(int argc, char **argv)
{
    double a = 0.0, b = 0.0;
    const char *sampling = NULL, *table = NULL;
    int csv = 0;
    hf_cli_opt opts[] = {
        {.name = "a", .kind = HF_CLI_DOUBLE, .value = &a, .arg = "A", .help = "exponent a > 0 (required)"},
        {.name = "b", .kind = HF_CLI_DOUBLE, .value = &b, .arg = "B", .help = "exponent b > 0 (required)"},
        HF_CLI_OBJECTIVE_OPTIONS(&sampling, &table),
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &csv, .help = "CSV output"},
    };
    hf_cli_spec spec = {"profile", "--a A --b B [--sampling SPEC | --table FILE] [--csv]",
                        "The profile integral I(a,b) = B(5/(2a), 1+1/b)/a, K0 = 2/(5I) and the RMS\n"
                        "(in %) of the percentage error of h_r = K0 (1-c)/c against the exact relation.",
                        opts, sizeof opts / sizeof opts[0], 0, 0};
    int rc;
    if (!hf_cli_parse_options(&spec, argc, argv, &rc))
        return rc;
    if (!opts[0].given || !opts[1].given)
        return hf_cli_fail("profile", "--a and --b are required");
    if (!(a > 0.0))
        return hf_cli_fail("profile", "--a: %g must be positive", a);
    if (!(b > 0.0))
        return hf_cli_fail("profile", "--b: %g must be positive", b);
    hf_profile_objective *obj = NULL;
    rc = hf_cli_profile_objective("profile", sampling, table, !csv, &obj);
    if (rc != 0)
        return rc;
    double integral;
    hf_status st = hf_profile_integral(a, b, &integral, NULL);
    if (st != HF_OK) {
        hf_profile_objective_free(obj);
        return hf_cli_fail("profile", "--a %g --b %g: I(a, b) is not representable as a "
                           "double", a, b);
    }
    const char *headers[] = {"a", "b", "I", "K0", "rms_pct"};
    hf_table *t = hf_table_create(csv, 5, headers);
    hf_table_num(t, a);
    hf_table_num(t, b);
    hf_table_num(t, integral);
    hf_table_num(t, hf_profile_k0_from_integral(integral));
    hf_table_num(t, hf_profile_objective_rms(obj, a, b));
    hf_profile_objective_free(obj);
    return hf_table_print(t, stdout);
}
