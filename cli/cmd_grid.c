/*
 * cli/cmd_grid.c — "hertzfit grid": the RMS objective on the 11 × 10 grid
 * of Safaeifar & Farshidianfar's Table 2 (a = 1:0.5:6, b = 1.5:0.5:6).
 */
#include "cli.h"

#include "hertzfit/profile_objective.h"

int hf_cmd_grid(int argc, char **argv)
{
    const char *sampling = NULL, *table = NULL;
    int csv = 0;
    hf_cli_opt opts[] = {
        HF_CLI_OBJECTIVE_OPTIONS(&sampling, &table),
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &csv, .help = "CSV output"},
    };
    hf_cli_spec spec = {"grid", "[--sampling SPEC | --table FILE] [--csv]",
                        "RMS (in %) of the profile model over a = 1:0.5:6, b = 1.5:0.5:6, the\n"
                        "grid of Table 2 of Safaeifar & Farshidianfar (2020).",
                        opts, sizeof opts / sizeof opts[0], 0, 0};
    int rc;
    if (!hf_cli_parse_options(&spec, argc, argv, &rc))
        return rc;
    hf_profile_objective *obj = NULL;
    rc = hf_cli_profile_objective("grid", sampling, table, !csv, &obj);
    if (rc != 0)
        return rc;
    const char *headers[] = {"a", "b", "rms_pct"};
    hf_table *t = hf_table_create(csv, 3, headers);
    for (int i = 0; i <= 10; ++i)
        for (int j = 0; j <= 9; ++j) {
            double a = 1.0 + 0.5 * i, b = 1.5 + 0.5 * j;
            hf_table_num(t, a);
            hf_table_num(t, b);
            hf_table_numf(t, "%.3f", hf_profile_objective_rms(obj, a, b));
        }
    hf_profile_objective_free(obj);
    return hf_table_print(t, stdout);
}
